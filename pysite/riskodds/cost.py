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
(bench/bench_pyodide_ratio.py: node + node_modules/pyodide 314 on the same machine, 1.6x to 2.2x
for work over 50 ms; 2.5 keeps a margin). A request whose estimate exceeds its time or memory budget is refused before it starts,
with both numbers in the message; the searches also stop after twice their time budget of
computing (CPU time) while running, because the count they search for is itself only estimated.
"""
import math
import time
from dataclasses import dataclass
from functools import lru_cache
from statistics import NormalDist

from .limits import IN_BROWSER, LIMITS, default_memory_budget, default_time_budget
from .validate import FieldError

# Calibration: bench/calibrate_cost.py, CPU seconds of JSON requests on a 2-core x86-64 VM
# with CPython 3.11.7 (shared, so the fits were rounded towards refusing), Nov 2026. With
# S = L * beta (beta: bits per army of the costliest round type), measured per request:
#   battle summary 1000 v 1000: 0.20 s, 2000 v 2000: 1.22 s  -> rect: 1.26e-11 * L * S**1.6
#   (capital 1000 v 1000: 0.28 s: one more edge line; d20 600 v 600: 0.26 s: faces factor)
#   battle summary 8000 v 1: 0.53 s, 16000 v 1: 1.79 s        -> chain: 7e-10 * L * S
#   battle full 2000 v 1: 1.0 s, 4000 v 1: 6.8 s, 1000 v 1000: 1.6 s -> text: 3.2e-11 * S**1.7
#   per end state, plus ~30 us per exact value (Fraction, dict)
#   needed 800 (p = 1/2): 4.5 s, defenders needed 800: 7.1 s, table 400 x 400: 1.95 s
#   -> sweeps 2.5e-9 s per value bit, 8 us per {float, log10} cell
#   campaign 2000 v [3, 3, 3]: 4.5 s (1000 v 42 x 1: 1.3 s) -> 3.1e-11 * A * sum(D) * S**1.6
#   peak memory of 4000 v 1 full: 231 MB (~2.4 bytes per bit of exact end states, text included)
COST_MODEL = {
    "rect_s": 1.3e-11,              # battle with a full-dice rectangle: seconds per L * S**1.6
    "rect_power": 1.6,              # edge states add values of different lengths: big products
    "chain_s": 7e-10,               # battle without one (a side below its dice): per L * S
    "text_s": 3.2e-11,              # one exact value as decimal text: per S**1.7 (int -> str)
    "text_power": 1.7,
    "exact_s_per_value": 3e-5,      # one exact probability object (Fraction, dict, float, log10)
    "sweep_s_per_bit": 2.5e-9,      # backward sweeps (troops needed, tables): per value bit
    "approx_s_per_value": 8e-6,     # one {float, log10} of a summary or a table
    "campaign_s": 3.1e-11,          # campaign flow: per A * sum(D) * S**1.6
    "bytes_per_value_bit": 0.6,     # memory per bit of exact values kept (ints, dicts, copies)
    "bytes_per_text_bit": 1.8,      # and per bit of exact values sent as decimal JSON
    "bytes_per_approx": 400,        # memory per {float, log10} entry (dict and JSON)
    "base_mb": 30,                  # the interpreter and the engine, before any work
}


class BudgetError(FieldError):
    """A request refused before it starts: it would not fit its time or memory budget."""


RUNNING_SLACK = 2      # a search stops after RUNNING_SLACK x its time budget of computing


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
        """time.process_time() at which a running search gives up: twice the budget, in CPU
        time of this process (a loaded machine must not turn a fitting search into a refusal;
        the estimate already refused what should not fit)."""
        return time.process_time() + RUNNING_SLACK * self.seconds


UNLIMITED = Budget(math.inf, math.inf)


DEFAULT = Budget()


def as_budget(budget):
    """None (the default), a number of seconds, or a Budget."""
    if isinstance(budget, Budget):
        return budget
    return DEFAULT if budget is None else Budget(seconds=budget)


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


@lru_cache(maxsize=64)
def beta(rules):
    """Bits per army lost of the costliest round type: log2 of its outcomes over the armies it
    removes (3 v 1: log2(6**4) = 10.3 bits for standard dice). Values grow about that fast."""
    return max((na * math.log2(rules.attack_faces) + nd * math.log2(rules.defend_faces)) / min(na, nd)
               for na in range(1, rules.attack_dice + 1) for nd in range(1, rules.defend_dice + 1))


def _faces_factor(rules):
    """Bigger dice cost more per bit than beta says (measured: d20 about 2x)."""
    return max(1.0, math.sqrt(max(rules.attack_faces, rules.defend_faces) / 6))


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
    if A >= rules.attack_dice and D >= rules.defend_dice:
        edge_lines = rules.attack_dice + rules.defend_dice - 2
        seconds = c["rect_s"] * edge_lines / 3 * L * S ** c["rect_power"] * _faces_factor(rules)
    else:
        seconds = c["chain_s"] * L * S * _faces_factor(rules)
    if detail == "flow":                       # one target state: the frontier only
        return Estimate(seconds, _mb(c["bytes_per_value_bit"] * 8 * S), what)
    if detail == "summary":
        seconds += c["approx_s_per_value"] * 2 * ends
        return Estimate(seconds, _mb(c["bytes_per_approx"] * 2 * ends + c["bytes_per_value_bit"] * 8 * S), what)
    kept = ends * S / 2                        # the average end state holds about S / 2 bits
    if detail == "ends":
        return Estimate(seconds, _mb(c["bytes_per_value_bit"] * kept), what)
    values = 3 * ends                          # end states, attackers_lost, defenders_lost
    seconds += values * (c["text_s"] * (S / 2) ** c["text_power"] + c["exact_s_per_value"])
    return Estimate(seconds, _mb((c["bytes_per_value_bit"] + c["bytes_per_text_bit"]) * 2 * kept), what)


def sweep_cost(lines, length, rules, what, cells_out=0, text_out=False):
    """A backward sweep of `lines` lines of `length` + 1 states (searches and win tables);
    cells_out values sent back as {float, log10} (or as exact text when text_out)."""
    c = COST_MODEL
    b = beta(rules) * 0.63                     # sweeps meet mostly full-dice rounds
    bits = length * b * (lines * lines / 2 + lines * length / 2)   # sum of line i: (i + length / 2) * b bits each
    seconds = c["sweep_s_per_bit"] * bits * _faces_factor(rules)
    mb = c["bytes_per_value_bit"] * 4 * length * (lines + length) * b / 8
    if cells_out:
        S = (lines + length) * b / 2
        if text_out:
            seconds += cells_out * (c["text_s"] * S ** c["text_power"] + c["exact_s_per_value"])
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
    seconds = c["campaign_s"] * A * total * S ** c["rect_power"] * max(_faces_factor(r) for r in rules_list)
    ends = total + 3 * len(defenders)
    seconds += ends * (c["text_s"] * (S / 2) ** c["text_power"] + c["exact_s_per_value"])
    mb = c["bytes_per_value_bit"] * (2 * A + ends) * S + c["bytes_per_text_bit"] * ends * S
    return Estimate(seconds, _mb(mb / 8 * 8), what)


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
