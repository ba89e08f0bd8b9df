"""What a request will cost, estimated before it starts, and the budgets it must fit.

Every exact probability here is an integer numerator over a power of the dice's faces, and its
size grows with the rounds played: after losing L armies in all a value has about L * beta bits,
beta = log2(faces**dice) / min(dice) bits per army lost (6.5 for standard dice). So the work of a
computation is measured in "bit-steps", and a few constants, measured on CPython 3.11 (x86-64)
with bench/calibrate_cost.py, turn bit-steps into seconds and bytes:

- a battle A v D (attacking armies), L = A + D, S = L * beta: the flow visits O(L) edge states
  whose values hold up to S bits, so ~ L * S bit-steps; adding values of different lengths at
  the edges costs big multiplications, which the exponent FLOW_POWER (> 1) absorbs. Exact end
  states kept (Python `battle`): ~ ends * S bits. Every end state as an exact decimal (the JSON
  "full" detail) adds int -> str conversions, quadratic in the digits: ~ ends * S**2.
- searches (troops needed, defenders needed) and win tables sweep lines of states: line i of
  length n holds values of ~ (i + n) * beta bits.
- a campaign flows through every (attackers, defenders) state of each territory.

Estimates are in CPython seconds; in Pyodide they are multiplied by LIMITS["pyodide_slowdown"]
(measured with node + node_modules/pyodide 314 on the same machine: 1.3x to 2.5x, the largest
taken). A request whose estimate exceeds its time or memory budget is refused before it starts,
with both numbers in the message; the searches also stop at the time budget while running,
because the count they search for is itself only estimated.
"""
import math
import time
from dataclasses import dataclass
from statistics import NormalDist

from .limits import IN_BROWSER, LIMITS, default_memory_budget, default_time_budget
from .validate import FieldError

# Calibration (bench/calibrate_cost.py, CPU seconds on a 2-core x86-64 VM, CPython 3.11.7; the
# fitted values rounded up so that the estimates err on the side of refusing):
COST_MODEL = {
    "flow_s_per_bitstep": 2.0e-9,      # battle flow: seconds per (L * S**FLOW_POWER / S**(p-1)) ...
    "flow_power": 1.15,                # exponent of S in the flow's work (mixed-length additions)
    "summary_s_per_bitstep": 1.5e-9,   # a summary's exact sums, per L * S
    "str_s_per_bit2": 2.0e-12,         # int -> decimal text, per (bits)**2 of one number
    "sweep_s_per_bitstep": 4.0e-9,     # backward sweeps (needed, tables), per value bit
    "campaign_s_per_bitstep": 4.0e-9,  # campaign flow, per value bit
    "approx_s_per_value": 4.0e-6,      # one {float, log10} of a summary
    "bytes_per_value_bit": 0.5,        # memory per bit of kept exact values (ints, dicts, copies)
    "bytes_per_text_bit": 1.6,         # memory per bit of exact values sent as decimal JSON
    "bytes_per_approx": 400,           # memory per {float, log10} entry of a summary (dict + JSON)
    "base_mb": 30,                     # the interpreter and the engine, before any work
}


class BudgetError(FieldError):
    """A request refused before it starts: it would not fit its time or memory budget."""


class Estimated(Exception):
    """Raised instead of computing when the budget is a dry run: carries the estimate."""

    def __init__(self, estimate, budget):
        super().__init__(estimate.what)
        self.estimate, self.budget = estimate, budget


@dataclass(frozen=True)
class Budget:
    """Time (seconds of this interpreter) and memory (MB) one request may use.
    `Budget()` is the default: LIMITS' CPython budget, or the browser's in Pyodide.
    dry_run=True: functions raise Estimated (with the estimate) instead of computing."""
    seconds: float = None
    mb: float = None
    dry_run: bool = False

    def __post_init__(self):
        for name, value, default in (("time_budget_s", self.seconds, default_time_budget()),
                                     ("memory_budget_mb", self.mb, default_memory_budget())):
            if value is None:
                value = default
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
                raise FieldError(f"{name} must be a positive number of "
                                 f"{'seconds' if name.startswith('time') else 'MB'}, got {value!r}"[:200], name)
            object.__setattr__(self, "seconds" if name.startswith("time") else "mb", value)

    def deadline(self):
        """time.monotonic() at which a running search gives up."""
        return time.monotonic() + self.seconds


UNLIMITED = Budget(math.inf, math.inf)


def as_budget(budget):
    """None (the default), a number of seconds, or a Budget."""
    if isinstance(budget, Budget):
        return budget
    return Budget() if budget is None else Budget(seconds=budget)


@dataclass(frozen=True)
class Estimate:
    """Estimated CPython seconds and peak MB of a computation, and what it is (for messages)."""
    seconds: float
    mb: float
    what: str

    def here(self):
        """Seconds in this interpreter (Pyodide is slower than CPython)."""
        return self.seconds * (LIMITS["pyodide_slowdown"] if IN_BROWSER else 1)


def check(estimate, budget, field, hint=""):
    """Refuse, before starting, what does not fit `budget`; the message names the budget."""
    if budget.dry_run:
        raise Estimated(estimate, budget)
    seconds = estimate.here()
    over = []
    if seconds > budget.seconds:
        over.append(f"about {_seconds(seconds)} (the limit is {budget.seconds:g} s, time_budget_s)")
    if estimate.mb > budget.mb:
        over.append(f"about {estimate.mb:,.0f} MB (the limit is {budget.mb:,.0f} MB, memory_budget_mb)")
    if over:
        where = " in the browser" if IN_BROWSER else ""
        raise BudgetError(f"{estimate.what} would need {' and '.join(over)}{where}. {hint}".strip(), field)


def _seconds(s):
    return f"{s:,.0f} s" if s >= 10 else f"{s:.1f} s"


def beta(rules):
    """Bits per army lost: log2 of one full round's outcomes over the armies it removes."""
    return (rules.attack_dice * math.log2(rules.attack_faces) + rules.defend_dice
            * math.log2(rules.defend_faces)) / min(rules.attack_dice, rules.defend_dice)


def _mb(byte_count):
    return COST_MODEL["base_mb"] + byte_count / 1e6


def battle_cost(A, D, rules, detail, what):
    """A battle of A v D attacking armies. detail: "flow" (one state's probability),
    "summary" (exact totals, approximate lists), "ends" (every end state exact, as Python's
    battle keeps them), "full" (and each as decimal text)."""
    c = COST_MODEL
    L = A + D
    S = L * beta(rules)
    ends = A + D + 2
    seconds = c["flow_s_per_bitstep"] * L * S ** c["flow_power"]
    if detail == "flow":                       # one target state: the frontier only
        return Estimate(seconds, _mb(c["bytes_per_value_bit"] * 8 * S), what)
    if detail == "summary":
        seconds += c["summary_s_per_bitstep"] * L * S + c["approx_s_per_value"] * 2 * ends
        return Estimate(seconds, _mb(c["bytes_per_approx"] * 2 * ends + c["bytes_per_value_bit"] * 8 * S), what)
    kept = ends * S / 2                        # the average end state holds about S / 2 bits
    if detail == "ends":
        return Estimate(seconds, _mb(c["bytes_per_value_bit"] * kept), what)
    seconds += c["str_s_per_bit2"] * 3 * ends * (S / 2) ** 2     # ends, attackers_lost, defenders_lost
    return Estimate(seconds, _mb((c["bytes_per_value_bit"] + c["bytes_per_text_bit"]) * 2 * kept), what)


def sweep_cost(lines, length, rules, what, cells_out=0, text_out=False):
    """A backward sweep of `lines` lines of `length` + 1 states (searches and win tables);
    cells_out values sent back as {float, log10} (or exact text when text_out)."""
    c = COST_MODEL
    b = beta(rules)
    bits = length * b * (lines * lines / 2 + lines * length / 2)      # sum over lines of (i + length / 2) * b * length
    seconds = c["sweep_s_per_bitstep"] * bits
    mb = c["bytes_per_value_bit"] * 4 * length * (lines + length) * b
    if cells_out:
        if text_out:
            S = (lines + length) * b / 2
            seconds += c["str_s_per_bit2"] * cells_out * S * S
            mb += c["bytes_per_text_bit"] * cells_out * S
        else:
            seconds += c["approx_s_per_value"] * cells_out
            mb += c["bytes_per_approx"] * cells_out
    return Estimate(seconds, _mb(mb), what)


def campaign_cost(A, defenders, rules_list, what):
    """A chain campaign of A attacking armies (exact end states, as text in JSON)."""
    c = COST_MODEL
    total = sum(defenders)
    b = max(beta(r) for r in rules_list)
    S = (A + total) * b
    states = A * total
    seconds = c["campaign_s_per_bitstep"] * states * S
    ends = total + 3 * len(defenders)
    seconds += c["str_s_per_bit2"] * ends * S * S
    mb = c["bytes_per_value_bit"] * (2 * A + ends) * S + c["bytes_per_text_bit"] * ends * S
    return Estimate(seconds, _mb(mb), what)


# ---- how far a search must go (it is itself the answer, so only estimated)
def _round_moments(rules):
    """(m, mean attacker losses, sd of losses, P(attacker loses all m), P(defender loses all m))
    for one full-dice round."""
    from .flow import round_polynomial
    t = round_polynomial(rules)
    total, m = sum(t), len(t) - 1
    mean = sum(i * c for i, c in enumerate(t)) / total
    var = sum(i * i * c for i, c in enumerate(t)) / total - mean * mean
    return m, mean, math.sqrt(var), t[m] / total, t[0] / total


def _z(p):
    """Standard normal quantile of p (clamped), for a Fraction p."""
    return NormalDist().inv_cdf(min(max(float(p), 1e-12), 1 - 1e-12))


def _tail_length(q, per_round, m):
    """Fewest armies n with per_round ** (n / m) <= q: one side losing every round is at least
    that likely, so a search for a risk below q runs at least this far."""
    from .scaled import fraction_log10
    if q <= 0 or per_round <= 0:
        return 0
    return m * fraction_log10(q) / math.log10(per_round)


def attackers_needed_estimate(D, p, rules, need):
    """About how many attacking armies win against D with probability p (need survivors)."""
    m, lost_a, sd, all_a, _ = _round_moments(rules)
    lost_d = m - lost_a
    if lost_d <= 0:
        return math.inf
    mean = need + D * lost_a / lost_d
    spread = m * sd * math.sqrt(D / lost_d ** 3)
    return max(mean + _z(p) * spread, _tail_length(1 - p, all_a, m), need) + 3


def defenders_needed_estimate(A, p, rules):
    """About how many defenders hold against A attacking armies with probability p."""
    m, lost_a, sd, _, all_d = _round_moments(rules)
    if lost_a <= 0:
        return math.inf
    lost_d = m - lost_a
    ratio = lost_d / lost_a
    spread = m * sd * math.sqrt(A * ratio / lost_d ** 3) * ratio
    return max(A * ratio + _z(p) * spread, _tail_length(1 - p, all_d, m)) + 3
