"""A battle's summary: exact totals and moments, approximate distributions, in linear memory.

`battle()` keeps every end state exactly, and a long battle has many end states with many
digits each: 30,000 attacking armies against 1 defender end in 30,001 states whose exact
probabilities have up to ~60,000 digits (hundreds of MB in all). A summary streams the end
states out of the flow one at a time and keeps only
- exact sums (P(win), P(loss), P(stopped), P(win with survivors), and the first two moments
  of the armies lost on each side): a handful of numbers;
- every end state and every "k armies lost" as an approximation {float, log10} (`Approx`).
So memory grows with the number of end states, not with their digits.
"""
import math
from dataclasses import dataclass
from fractions import Fraction

from . import flow
from .battle import DEFAULT_MAX_STATES, setup
from .cost import as_budget, battle_cost, check
from .model import scale_for
from .rules import STANDARD
from .validate import check_armies

LOG10_2 = math.log10(2)


@dataclass(frozen=True)
class Approx:
    """A non-negative number as mantissa * 2**exponent (mantissa 0 or in [0.5, 1)): sums of
    probabilities far below the float range without underflow."""
    mantissa: float
    exponent: int

    def __add__(self, other):
        if not self.mantissa:
            return other
        if not other.mantissa:
            return self
        hi, lo = (self, other) if self.exponent >= other.exponent else (other, self)
        m, e = math.frexp(hi.mantissa + math.ldexp(lo.mantissa, lo.exponent - hi.exponent))
        return Approx(m, hi.exponent + e)

    @property
    def float(self):
        """The value as a float (0.0 below the float range)."""
        try:
            return math.ldexp(self.mantissa, self.exponent)
        except OverflowError:        # not a probability; cannot happen for one
            return math.inf

    @property
    def log10(self):
        """log10 of the value (None for 0)."""
        return math.log10(self.mantissa) + self.exponent * LOG10_2 if self.mantissa else None


ZERO = Approx(0.0, 0)


def approx(value, scale):
    """A scale value as an Approx: its correctly rounded float where one exists (the same on
    every platform), else, below the float range, from logarithms (relative error about 1e-11
    for the longest battles)."""
    num, exps = value
    if not num:
        return ZERO
    shift = max(0, num.bit_length() - 64)
    log2 = math.log2(num >> shift) + shift - scale.log2_den(exps)
    if log2 > -1070:
        m, e = math.frexp(num / scale.den(exps))
        return Approx(m, e)
    e = math.floor(log2) + 1
    return Approx(2.0 ** (log2 - e), e)


@dataclass(frozen=True)
class BattleSummary:
    """Exact totals and approximate distributions of a battle (counts in the call's convention).

    win, loss, stopped, win_with_survivors (None unless asked), mean_/var_attackers_lost,
    mean_/var_defenders_lost: exact Fractions, as on Battle.
    attackers_lost[k], defenders_lost[k]: Approx of P(k armies lost).
    end_states: [((attackers_left, defenders_left), Approx)], sorted by state.
    """
    attackers: int
    defenders: int
    convention: str
    win: Fraction
    loss: Fraction
    stopped: Fraction
    win_with_survivors: object
    mean_attackers_lost: Fraction
    var_attackers_lost: Fraction
    mean_defenders_lost: Fraction
    var_defenders_lost: Fraction
    attackers_lost: list
    defenders_lost: list
    end_states: list

    @property
    def std_attackers_lost(self):
        return math.sqrt(self.var_attackers_lost)

    @property
    def std_defenders_lost(self):
        return math.sqrt(self.var_defenders_lost)


def battle_summary(attackers, defenders, *, convention, rules=STANDARD, retreat_at=None, defender_goal=0,
                   survivors=None, max_states=DEFAULT_MAX_STATES, budget=None):
    """Summary of `battle(attackers, defenders, ...)` (same arguments; `survivors` in the call's
    convention also gives P(win with at least that many left)). See BattleSummary.

    >>> s = battle_summary(3, 2, convention="attacking", survivors=2)
    >>> s.win                                  # a reference value
    Fraction(6610505, 10077696)
    >>> s.win - s.win_with_survivors           # won with exactly 1 left: another one
    Fraction(906815, 10077696)
    >>> round(s.attackers_lost[0].float, 6), s.end_states[-1]
    (0.371656, ((3, 0), Approx(mantissa=0.7433127572016461, exponent=-1)))
    """
    s = setup(attackers, defenders, convention, rules, retreat_at, defender_goal, max_states)
    need = None if survivors is None else check_armies("survivors", survivors, 0) - s.offset
    check(battle_cost(s.A, s.D, s.model, "summary", f"a battle of {s.A + s.offset:,} v {s.D:,}"),
          as_budget(budget), s.bigger_side, "Try fewer armies.")
    scale = scale_for(s.model)
    zero, add = scale.zero, scale.add
    win = loss = stopped = kept = zero
    moments = [[zero, zero], [zero, zero]]         # per side: sum k * P, sum k * k * P
    lost = [[ZERO] * (s.A + 1), [ZERO] * (s.D + 1)]
    ends = []
    for (a, d), v in flow.stops(s.A, s.D, s.model, s.retreat, s.goal, scale):
        if d <= s.goal:
            win = add(win, v)
            if need is not None and a >= need:
                kept = add(kept, v)
        elif a == 0:
            loss = add(loss, v)
        else:
            stopped = add(stopped, v)
        near = approx(v, scale)
        ends.append(((a + s.offset, d), near))
        num, exps = v
        for side, k in ((0, s.A - a), (1, s.D - d)):
            lost[side][k] += near
            if k:
                first, second = moments[side]
                moments[side] = [add(first, (k * num, exps)), add(second, (k * k * num, exps))]
    means = [scale.fraction(first) for first, _ in moments]
    variances = [scale.fraction(scale.subtract(second, scale.product(first, first))) for first, second in moments]
    ends.sort(key=lambda e: e[0])
    return BattleSummary(s.A + s.offset, s.D, convention, scale.fraction(win), scale.fraction(loss),
                         scale.fraction(stopped), None if need is None else scale.fraction(kept),
                         means[0], variances[0], means[1], variances[1], lost[0], lost[1], ends)
