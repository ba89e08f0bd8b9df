"""Balanced Blitz: the default dice mode of RISK: Global Domination (SMG Studio), from exact odds.

A Balanced Blitz attack rolls no dice. The game takes the true-random distribution of how the
whole battle ends (fought to the end), reshapes it in four steps, and draws one outcome from the
result. Write the end of a battle of A attacking armies against D defenders as two lists:

    wins[i]   = P(the attacker wins having lost i armies),   i = 0 .. A-1
    losses[j] = P(the defender wins having lost j armies),   j = 0 .. D-1

so P = sum(wins) is the attacker's win chance and Q = sum(losses) = 1 - P the defender's. Laid in
one line from best to worst for the attacker, the outcomes read

    wins[0], wins[1], ..., wins[A-1], losses[D-1], ..., losses[1], losses[0].

The steps, with the game's parameters (module constants below):

1. Win-chance cutoff c1 = 0.05: a side whose win chance is <= c1 never wins; the other side's
   outcomes are scaled to sum to 1.
2. Win-chance power r = 1.3: the sides' totals become w = P^r / (P^r + Q^r) and l = 1 - w; each
   side's outcomes are scaled to their new total (the likelier side gains).
3. Outcome cutoff c3 = 0.10: c3 of probability is cut from each end of the line (whole entries
   zeroed, the entry where the running sum passes c3 reduced to the excess); the line is then
   scaled back to sum 1.
4. Outcome power s = 1.8: every outcome is raised to s, and each side is scaled back to the total
   it had before this step (the win chance does not change here).

The win chance has a closed form
--------------------------------
Only steps 1-3 move mass between the sides. After step 2 the line sums to 1, with w at the front
and l at the back. If w >= c3 and l >= c3, the two cuts take c3 from each side, so the attacker
keeps (w - c3) / (1 - 2 c3) after rescaling. If l < c3 the back cut eats every defender outcome
and c3 - l of the attacker's: the attacker keeps all of the 1 - 2 c3 left, a certain win; w < c3
likewise leaves a certain loss. Hence, for a fight to the end,

    g(P) = 0                                    if P <= c1         (step 1)
         = 1                                    if Q <= c1
         = min(1, max(0, (w - c3) / (1 - 2 c3)))  otherwise, w = P^r / (P^r + Q^r).

g is continuous (apart from step 1) and non-decreasing in P, and the true-random P(win) grows
with the attackers and falls with the defenders, so the Balanced Blitz win chance does too, and
"fewest attackers with g(P) >= p" is the first hit of a scan over attacker counts, as for true
random dice. With the defaults, Balanced Blitz makes the win certain once the true-random win
chance reaches 1 / (1 + 9^(-1/r)) = 0.8442 (l falls to c3 = 0.1) and impossible at or below
0.1558, which is also why step 1 never changes the win chance with these parameters.

The decision g(P) >= x needs no rounding at all. For 0 < x < 1 and P, Q above c1 it is
w >= t with t = c3 + (1 - 2 c3) x, and with r = a / b in lowest terms,

    w >= t  <=>  (1 - t) P^r >= t Q^r  <=>  (1 - t)^b P^a >= t^b Q^a,

integers once P = num / den, Q = (den - num) / den and t are brought to common denominators.
The searches below use that, after a float pre-test that settles all but the close calls.

Precision
---------
The engine gives every true-random outcome as an exact integer numerator over a power of the
dice faces. A 1000 v 1000 battle has outcomes near 1e-2600, far below the doubles' 1e-308, and
the powers are irrational, so the reshaping runs in `decimal` arithmetic with PRECISION (40)
significant digits and an exponent range of +-10^18 (stdlib, C-accelerated in CPython and
Pyodide). Each exact value enters with relative error below 10^-39: both integers are cut to
their leading 4 * PRECISION + 8 bits and the power of two put back. From there every operation
but one is benign: sums of positive numbers, products, quotients and powers (x^s turns a
relative error e into about s * e) keep the relative error of every entry, however tiny, near
n * 10^-40 for n outcomes. The exception is step 3's partial entry, running sum minus c3: when
the running sum passes c3 by a hair, the difference loses digits. `cut_margin` measures that gap;
when it is below 10^-(PRECISION - GUARD_DIGITS) of c3 the whole reshaping is redone with twice
the digits (up to MAX_PRECISION), so every entry keeps at least 16 good digits. Step 1 is the
only discontinuity: its comparison uses the exact totals, never rounded ones.

The game computes in doubles and uses the binary doubles nearest 1.3 and 1.8; here the powers are
exactly 13/10 and 9/5. The published check values agree to better than 1e-12.
"""

from dataclasses import dataclass
from decimal import Context, Decimal, MAX_EMAX, MIN_EMIN, getcontext, localcontext
from fractions import Fraction
from functools import lru_cache

from ..guards.budget import tick

WIN_CHANCE_CUTOFF = Fraction(1, 20)      # step 1: c1
WIN_CHANCE_POWER = Fraction(13, 10)      # step 2: r
OUTCOME_CUTOFF = Fraction(1, 10)         # step 3: c3
OUTCOME_POWER = Fraction(9, 5)           # step 4: s

PRECISION = 40          # significant digits of the working arithmetic
MAX_PRECISION = 640
GUARD_DIGITS = 26       # digits step 3's subtraction may cancel before the precision is doubled

# ----------------------------------------------------------------------------- the four steps
@dataclass(frozen=True)
class Outcomes:
    """How a fight to the end ends: wins[i] = P(attacker wins having lost i attacking armies),
    i = 0..A-1; losses[j] = P(defender wins having lost j armies), j = 0..D-1.

    Entries are numbers of one type: Fractions, or Decimals used inside a `context`."""
    wins: tuple
    losses: tuple

    @property
    def win(self):
        return sum(self.wins, self.wins[0] * 0)

    @property
    def loss(self):
        return sum(self.losses, self.losses[0] * 0)

    def line(self):
        """All outcomes from best to worst for the attacker (step 3's order)."""
        return list(self.wins) + list(reversed(self.losses))

    @classmethod
    def from_line(cls, line, A):
        return cls(tuple(line[:A]), tuple(reversed(line[A:])))


def _rescaled(values, total):
    """values scaled to sum to `total` (all zero if they sum to zero: then total is zero too)."""
    s = sum(values)
    if not s:
        return tuple(x * 0 for x in values)
    k = total / s
    return tuple(x * k for x in values)


def win_chance_cutoff(o, cutoff=WIN_CHANCE_CUTOFF, totals=None):
    """Step 1: a side whose win chance is <= cutoff never wins; the other side is scaled to 1.

    `totals` = (P(attacker wins), P(defender wins)) exactly, when o's entries are rounded: the
    comparison is a discontinuity and must not depend on rounding. cutoff < 1/2 (so at most
    one side can fall under it)."""
    win, loss = totals if totals is not None else (o.win, o.loss)
    if win <= cutoff:
        return Outcomes(tuple(x * 0 for x in o.wins), _rescaled(o.losses, 1))
    if loss <= cutoff:
        return Outcomes(_rescaled(o.wins, 1), tuple(x * 0 for x in o.losses))
    return o


def win_chance_power(o, power=WIN_CHANCE_POWER):
    """Step 2: side totals P, Q become P^power and Q^power normalised to sum 1; each side's
    outcomes are scaled to their side's new total. Decimal entries (the power is irrational)."""
    w, l = _power(o.win, power), _power(o.loss, power)
    return Outcomes(_rescaled(o.wins, w / (w + l)), _rescaled(o.losses, l / (w + l)))


def _cut_front(values, cutoff):
    """Remove `cutoff` of mass from the front: entries zeroed until the running sum passes it,
    that entry reduced to the excess."""
    out, running = list(values), 0
    for i, x in enumerate(out):
        running += x
        if running > cutoff:
            out[i] = running - cutoff
            break
        out[i] = x * 0
    return out


def outcome_cutoff(o, cutoff=OUTCOME_CUTOFF):
    """Step 3: cut `cutoff` of mass from each end of the line (best outcomes for the attacker
    first, see Outcomes.line), then scale the whole line to sum 1 (so both sides keep their new
    ratio). Expects a line summing to 1 (as step 2 leaves it); cutoff < 1/2."""
    line = _cut_front(o.line(), cutoff)
    line = _cut_front(line[::-1], cutoff)[::-1]
    return Outcomes.from_line(_rescaled(line, 1), len(o.wins))


def outcome_power(o, power=OUTCOME_POWER):
    """Step 4: every outcome raised to `power`, each side scaled back to its total before this
    step (the win chance is unchanged). Decimal entries."""
    return Outcomes(_rescaled([_power(x, power) for x in o.wins], o.win),
                    _rescaled([_power(x, power) for x in o.losses], o.loss))


def cut_margin(o, cutoff=OUTCOME_CUTOFF):
    """How close step 3's running sums come to `cutoff` where they pass it, relative to cutoff
    (from the front and from the back of the line). Step 3's partial entries are differences
    of that size: a tiny margin means they lost digits to cancellation."""
    cutoff = _dec(cutoff)
    line = o.line()
    return min(_crossing_gap(line, cutoff), _crossing_gap(line[::-1], cutoff)) / cutoff


def _crossing_gap(values, cutoff):
    running = 0
    for x in values:
        before, running = running, running + x
        if running > cutoff:
            return min(cutoff - before, running - cutoff)
    return cutoff


# ----------------------------------------------------------------------------- arithmetic
@lru_cache(maxsize=None)
def context(prec=PRECISION):
    """Decimal arithmetic with `prec` significant digits and (practically) no exponent limits."""
    return Context(prec=prec, Emin=MIN_EMIN, Emax=MAX_EMAX)


def _dec(q):
    """A Fraction as a Decimal in the current context (exact for 1/20, 1/10, 13/10, 9/5)."""
    return Decimal(q.numerator) / Decimal(q.denominator)


def _power(x, power):
    """x ** power for a Decimal x >= 0 and a Fraction power, as exp(power * ln x): relative
    error about power * |ln x| * 10^-prec, far inside the guard digits."""
    tick()
    if not x:
        return x
    return (_dec(power) * x.ln()).exp()


def to_decimal(num, den):
    """num / den (non-negative ints of any size) as a Decimal in the current context.

    Both integers are cut to their leading 4 * prec + 8 bits (relative error < 10^-(prec+2)),
    so the cost does not grow with their thousands of digits; the power of two goes back exactly."""
    return Kept.of(num, den, getcontext().prec).decimal() if num else Decimal(0)


def log10(x):
    """log10 of a Decimal >= 0 (None for 0), right far below the float range."""
    if not x:
        return None
    with localcontext(context(PRECISION)):
        return float(x.log10())


# ----------------------------------------------------------------------------- win chance alone
def certain_win_threshold(prec=PRECISION):
    """The true-random P(win) at and above which Balanced Blitz makes a fight to the end a
    certain win, as a Decimal with `prec` digits (it is irrational).

    g(P) = 1 exactly when step 2 leaves the defender l <= c3 (step 3's cut then eats all of
    it): Q^r / (P^r + Q^r) <= c3  <=>  (Q / P)^r <= c3 / (1 - c3)  <=>  P >= 1 / (1 + k) with
    k = (c3 / (1 - c3))^(1/r). The steps treat both sides alike, so a true-random P(win) at or
    below 1 minus this is a certain loss."""
    with localcontext(context(prec)):
        c3 = _dec(OUTCOME_CUTOFF)
        return 1 / (1 + _power(c3 / (1 - c3), 1 / WIN_CHANCE_POWER))


def step2_win_chance(num, den, prec=PRECISION):
    """The attacker's total after steps 1-2, w = P^r / (P^r + Q^r), for a true-random
    P(win) = num / den with both sides above step 1's cutoff; a Decimal (for explaining the
    steps one at a time: win_chance gives the final answer)."""
    with localcontext(context(prec)):
        w = _power(to_decimal(num, den), WIN_CHANCE_POWER)
        return w / (w + _power(to_decimal(den - num, den), WIN_CHANCE_POWER))


def win_chance(num, den, prec=PRECISION):
    """Balanced Blitz P(attacker wins) of a fight to the end whose true-random P(win) is
    num / den exactly (g in the module docstring), as a Decimal with `prec` digits; exactly 0
    or 1 where g is. The steps treat both sides alike, so the defender's chance of holding is
    win_chance(den - num, den), computed without the cancellation of 1 - g."""
    if compare_win_chance(num, den, Fraction(0)) == 0:
        return Decimal(0)
    if compare_win_chance(num, den, Fraction(1)) == 0:
        return Decimal(1)
    while True:     # w - c3 cancels when w is near c3: add digits until the result keeps 16
        with localcontext(context(prec)):
            c3 = _dec(OUTCOME_CUTOFF)
            g = (step2_win_chance(num, den, prec) - c3) / (1 - 2 * c3)
            if g >= Decimal(10) ** (GUARD_DIGITS - prec) or prec >= MAX_PRECISION:
                return min(g, Decimal(1))
        prec *= 2


def _clamp_side(num, den):
    """0 or 1 when step 1 decides the battle (P or Q <= c1), else None. Exact."""
    c = WIN_CHANCE_CUTOFF
    if num * c.denominator <= c.numerator * den:
        return 0
    if (den - num) * c.denominator <= c.numerator * den:
        return 1
    return None


def compare_win_chance(num, den, x):
    """Sign of g(num / den) - x (-1, 0, 1), exactly, for a Fraction 0 <= x <= 1."""
    side = _clamp_side(num, den)
    if side is not None:
        return (side > x) - (side < x)
    c3 = OUTCOME_CUTOFF
    s = _sign_w_minus(num, den, c3 + (1 - 2 * c3) * x)
    if x == 1:          # g == 1 exactly when w >= 1 - c3
        return 0 if s >= 0 else -1
    if x == 0:          # g == 0 exactly when w <= c3
        return 0 if s <= 0 else 1
    return s


def _sign_w_minus(num, den, t):
    """Sign of w - t, w = P^r / (P^r + Q^r), P = num/den, Q = 1 - P (both > 0), 0 < t < 1.

    w >= t <=> (1 - t) P^r >= t Q^r <=> (1 - t)^b P^a >= t^b Q^a for r = a/b: integers. A float
    pre-test settles it unless w and t are within 1e-9."""
    P, Q = num / den, (den - num) / den          # correctly rounded; both > c1 here
    w = 1 / (1 + (Q / P) ** float(WIN_CHANCE_POWER))
    if abs(w - float(t)) > 1e-9:
        return 1 if w > t else -1
    a, b = WIN_CHANCE_POWER.numerator, WIN_CHANCE_POWER.denominator
    lhs = (t.denominator - t.numerator) ** b * num ** a
    rhs = t.numerator ** b * (den - num) ** a
    return (lhs > rhs) - (lhs < rhs)


def win_chance_float(num, den):
    """g(num / den) as a float for tables, in double arithmetic: the error of w - c3 is about
    9 ulps of w, so g keeps a relative error below 1e-13 down to g = 0.05; smaller values
    (where w - c3 cancels) come from `win_chance`."""
    side = _clamp_side(num, den)
    if side is not None:
        return float(side)
    P, Q = num / den, (den - num) / den
    w = 1 / (1 + (Q / P) ** float(WIN_CHANCE_POWER))
    c3 = float(OUTCOME_CUTOFF)
    g = (w - c3) / (1 - 2 * c3)
    if g >= 0.05:
        return min(1.0, g)
    return float(win_chance(num, den))


def true_random_target(p):
    """The true-random P with g(P) = p (0 < p <= 1), so that a Balanced Blitz
    target g(P) >= p is the true-random target P >= this (g is non-decreasing), and the engine's
    search estimates (inverse.refuse_costly_*) apply before a search starts. Solving
    w = P^r / (P^r + Q^r) = t, t = c3 + (1 - 2 c3) p: P = 1 / (1 + ((1 - t) / t)^(1/r));
    0.84425... for p = 1. A float made a Fraction: it only sizes the estimate."""
    t = float(OUTCOME_CUTOFF + (1 - 2 * OUTCOME_CUTOFF) * p)
    return Fraction(1 / (1 + ((1 - t) / t) ** (1 / float(WIN_CHANCE_POWER))))


# ----------------------------------------------------------------------------- all four steps
# An outcome enters as a `Kept` value: its exact num / den with both cut to their leading
# 4 * prec + 8 bits (relative error below 10^-(prec + 2)) and the power of two put back, so the
# reshaping reads a few hundred bits of each outcome, not its thousands of digits. Outcomes
# are kept for KEPT_PRECISION digits; a reshaping that needs more (step 3's cancellation, rare)
# asks the caller for the outcomes again at MAX_PRECISION.
KEPT_PRECISION = 4 * PRECISION


def kept_bits(prec):
    """Bits of num and den that `prec` significant digits need (see to_decimal)."""
    return 4 * prec + 8


@dataclass(frozen=True)
class Kept:
    """num / den * 2**shift, num and den cut to a few hundred leading bits (a reshaping input)."""
    num: int
    den: int
    shift: int

    @classmethod
    def of(cls, num, den, prec=KEPT_PRECISION):
        """num / den (ints >= 0, den > 0) kept for `prec` significant digits."""
        bits = kept_bits(prec)
        sn, sd = max(0, num.bit_length() - bits), max(0, den.bit_length() - bits)
        return cls(num >> sn, den >> sd, sn - sd)

    def decimal(self):
        """The value as a Decimal in the current context."""
        if not self.num:
            return Decimal(0)
        q = Decimal(self.num) / Decimal(self.den)
        return q * Decimal(2) ** self.shift if self.shift else q


def reshape(wins, losses, totals, sharper):
    """Balanced Blitz of a fight to the end: (attacker_losses, defender_losses, precision).

    wins[i], losses[j]: the true-random outcomes (module docstring) as `Kept` values for
    KEPT_PRECISION digits; totals: (P(attacker wins), P(defender wins)) exactly, for step 1's
    comparison; sharper(): the same outcomes kept for MAX_PRECISION digits, called only when
    step 3 cancels more digits than KEPT_PRECISION leaves. attacker_losses[k] (k = 0..A) is
    the Balanced Blitz P(the attacker loses k attacking armies), its last entry the defender's
    win; defender_losses likewise, its last entry the attacker's win: Decimals of `precision`
    digits, each right to at least 16."""
    prec, have = PRECISION, KEPT_PRECISION
    while True:
        if prec > have:
            wins, losses = sharper()
            have = MAX_PRECISION
        with localcontext(context(prec)):
            o = Outcomes(tuple(v.decimal() for v in wins), tuple(v.decimal() for v in losses))
            o = win_chance_power(win_chance_cutoff(o, _dec(WIN_CHANCE_CUTOFF), totals), WIN_CHANCE_POWER)
            if cut_margin(o) >= Decimal(10) ** (GUARD_DIGITS - prec) or prec >= MAX_PRECISION:
                o = outcome_power(outcome_cutoff(o, _dec(OUTCOME_CUTOFF)), OUTCOME_POWER)
                win, loss = o.win, o.loss      # a side cut away entirely leaves the other exactly 1
                return o.wins + (loss if win else Decimal(1),), o.losses + (win if loss else Decimal(1),), prec
        prec *= 2


def mean_var(p):
    """Mean and variance of an index distribution p[k] (Decimals, in the current context):
    the variance as sum of p[k] (k - mean)^2 (no cancellation)."""
    mean = sum(k * x for k, x in enumerate(p))
    return mean, sum(x * (k - mean) ** 2 for k, x in enumerate(p))
