"""What a request will cost, estimated before it starts, and the budgets it must fit.

Every exact probability here is an integer numerator over a product of the rounds' total
weights (faces**dice for fair dice), and its size grows with the rounds played: after losing L
armies in all a value has about L * beta bits, beta = log2(a round's total) / (armies it
removes), the largest over the round types (10.3 for standard dice, from 3 v 1: log2(6**4);
26.6 for 100-faced dice). So the work of a computation is measured in "bit-steps", and a few
constants, measured on CPython 3.11 (x86-64) with bench/calibrate_cost.py, turn bit-steps into
seconds and bytes:

- a battle A v D (attacking armies), L = A + D, S = L * beta: the flow visits O(L) edge states
  whose values hold up to S bits, so ~ L * S bit-steps; adding values of different lengths at
  the edges costs big multiplications, which the exponent FLOW_POWER (> 1) absorbs. Exact end
  states kept (Python `battle`): ~ ends * S bits. Every end state as an exact decimal (the JSON
  "full" detail) adds int -> str conversions, quadratic in the digits: ~ ends * S**2.
- searches (troops needed, defenders needed) and win tables sweep lines of states: line i of
  length n holds values of ~ (i + n) * beta bits.
- a campaign flows through every (attackers, defenders) state of each territory.
- a round model whose full round removes varying armies (RoundModel tables only) has no lattice:
  its battle flows through all A x D states, each a sum of a few values of up to S bits.
- dice rounds are counted level by level (dice.py): ~ faces x dice states per round table, once
  per rule set and process (100-faced dice, 3 v 3: ~0.1 s for all nine tables).
- bigger dice cost what their beta says (d6 to d100, measured: estimates within 1.1x to 1.5x
  of the time for battles, 1x to 2.3x for sweeps); round tables with more outcomes than a dice
  round's min(dice) + 1 cost more per state (RoundModel.outcomes_factor).

Estimates are in CPython seconds; in Pyodide they are multiplied by LIMITS["pyodide_slowdown"]
(bench/bench_pyodide_ratio.py: node + node_modules/pyodide 314 on the same machine, 1.6x to 2.2x
for work over 50 ms; 2.5 keeps a margin). A request whose estimate exceeds its time or memory budget is refused before it starts,
with both numbers in the message; the searches also stop after twice their time budget of
computing (CPU time) while running, because the count they search for is itself only estimated.
"""
import math
import time
from dataclasses import dataclass
from statistics import NormalDist

from .limits import IN_BROWSER, LIMITS, default_memory_budget, default_time_budget
from .model import as_model
from .validate import FieldError

# Calibration: bench/calibrate_cost.py, CPU seconds of JSON requests on a 2-core x86-64 VM
# with CPython 3.11.7 (shared, so the fits were rounded towards refusing), Nov 2026. With
# S = L * beta (beta: bits per army of the costliest round type), measured per request:
#   battle summary 1000 v 1000: 0.20 s, 2000 v 2000: 1.22 s  -> rect: 1.26e-11 * L * S**1.6
#   (capital 1000 v 1000: 0.28 s: one more edge line); full detail d20 1000 v 1000: 3.4 s,
#   d100: 6.9 s, d100 capital: 5.7 s, d100 3000 v 1: 14 s (estimates 3.7, 7.5, 7.8, 19.5 s)
#   battle summary 8000 v 1: 0.53 s, 16000 v 1: 1.79 s        -> chain: 7e-10 * L * S
#   battle full 2000 v 1: 1.0 s, 4000 v 1: 6.8 s, 1000 v 1000: 1.6 s -> text: 3.2e-11 * S**1.7
#   per end state, plus ~30 us per exact value (Fraction, dict)
#   needed 800 (p = 1/2): 4.5 s, defenders needed 800: 7.1 s, table 400 x 400: 1.95 s
#   -> sweeps 2.5e-9 s per value bit, 8 us per {float, log10} cell
#   campaign 2000 v [3, 3, 3]: 4.5 s (1000 v 42 x 1: 1.3 s) -> 3.1e-11 * A * sum(D) * S**1.6
#   peak memory of 4000 v 1 full: 231 MB (~2.4 bytes per bit of exact end states, text included)
#   tables whose 3 v 2 round may remove 1 or 2 armies (5 outcomes), 100 v 100: 0.068 s,
#   300 v 300: 0.81 s, 600 v 200: 1.03 s -> plain: A * D * (3.5e-6 + 3.5e-10 * S) per outcome factor
#   round tables of d100 dice, attacker +1 highest, defender +1 all, 3 v 3 caps: 0.08 s for
#   9 tables of 101 levels -> 1e-4 s per table and level
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
    "plain_state_s": 3.5e-6,        # battle of a model without lattice: per state ...
    "plain_bit_s": 3.5e-10,         # ... and per state and bit of S
    "rounds_s": 1e-4,               # counting one dice round table: per level (faces + 1)
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


def beta(rules):
    """Bits per army lost of the costliest round type: log2 of its total weight over the fewest
    armies it removes (3 v 1: log2(6**4) = 10.3 bits for standard dice). Values grow about that
    fast. rules: a Rules or a RoundModel."""
    model = as_model(rules)
    return max(math.log2(model.total(na, nd)) / model.armies(na, nd)
               for na in range(1, model.attack_dice + 1) for nd in range(1, model.defend_dice + 1))


def rounds_seconds(rules):
    """Seconds to count a rule set's round tables (0 once counted, or for given tables)."""
    model = as_model(rules)
    if model.compiled:
        return 0.0
    levels = max(model.rules.attack_faces, model.rules.defend_faces) + 1
    return COST_MODEL["rounds_s"] * levels * model.attack_dice * model.defend_dice


def _mb(byte_count):
    return COST_MODEL["base_mb"] + byte_count / 1e6


def battle_cost(A, D, rules, detail, what):
    """A battle of A v D attacking armies under `rules` (a Rules or a RoundModel). detail:
    "flow" (one state's probability), "summary" (exact totals, approximate lists), "ends"
    (every end state exact, as Python's battle keeps them), "full" (and each as decimal text)."""
    from .flow import has_lattice
    c = COST_MODEL
    model = as_model(rules)
    L = A + D
    S = L * beta(model)
    ends = A + D + 2
    if A >= model.attack_dice and D >= model.defend_dice and not has_lattice(model):
        seconds = A * D * (c["plain_state_s"] + c["plain_bit_s"] * S) * model.outcomes_factor
    elif A >= model.attack_dice and D >= model.defend_dice:
        edge_lines = model.attack_dice + model.defend_dice - 2
        seconds = c["rect_s"] * edge_lines / 3 * L * S ** c["rect_power"] * model.outcomes_factor
    else:
        seconds = c["chain_s"] * L * S * model.outcomes_factor
    seconds += rounds_seconds(model)
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
    model = as_model(rules)
    b = beta(model) * 0.63                     # sweeps meet mostly full-dice rounds
    bits = length * b * (lines * lines / 2 + lines * length / 2)   # sum of line i: (i + length / 2) * b bits each
    seconds = c["sweep_s_per_bit"] * bits * model.outcomes_factor + rounds_seconds(model)
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
    """A chain campaign of A attacking armies (exact end states, as text in JSON); rules_list:
    one Rules or RoundModel per territory."""
    c = COST_MODEL
    models = [as_model(r) for r in rules_list]
    total = sum(defenders)
    b = max(beta(m) for m in models)
    S = (A + total) * b
    seconds = c["campaign_s"] * A * total * S ** c["rect_power"] * max(m.outcomes_factor for m in models)
    seconds += sum(rounds_seconds(m) for m in {id(m): m for m in models}.values())   # hashing would count them
    ends = total + 3 * len(defenders)
    seconds += ends * (c["text_s"] * (S / 2) ** c["text_power"] + c["exact_s_per_value"])
    mb = c["bytes_per_value_bit"] * (2 * A + ends) * S + c["bytes_per_text_bit"] * ends * S
    return Estimate(seconds, _mb(mb / 8 * 8), what)


# ---- how far a search must go (it is itself the answer, so only estimated)
def _round_moments(rules):
    """For one full-dice round: (mean armies removed m, mean attacker losses, sd of attacker
    losses, mean defender losses, (most the attacker loses in it, its probability), (the same
    for the defender)). Dice rounds remove m = min(dice) armies every time."""
    model = as_model(rules)
    trans = model.transitions(model.attack_dice, model.defend_dice)
    total = sum(w for _, _, w in trans)
    mean_a = sum(al * w for al, _, w in trans) / total
    mean_d = sum(dl * w for _, dl, w in trans) / total
    var = max(0.0, sum(al * al * w for al, _, w in trans) / total - mean_a * mean_a)
    worst = []
    for side in (0, 1):
        most = max(t[side] for t in trans)
        worst.append((most, sum(t[2] for t in trans if t[side] == most) / total))
    return mean_a + mean_d, mean_a, math.sqrt(var), mean_d, worst[0], worst[1]


def _z(p):
    """Standard normal quantile of p (clamped), for a Fraction p."""
    return NormalDist().inv_cdf(min(max(float(p), 1e-12), 1 - 1e-12))


def _tail_length(q, worst):
    """Fewest armies n with P ** (n / most) <= q, for worst = (most, P): one side losing `most`
    armies every round is at least that likely, so a search for a risk below q runs at least
    this far."""
    from .scaled import fraction_log10
    most, per_round = worst
    if q <= 0 or per_round <= 0 or most <= 0 or per_round >= 1:
        return 0
    return most * fraction_log10(q) / math.log10(per_round)


def attackers_needed_estimate(D, p, rules, need):
    """About how many attacking armies win against D with probability p (need survivors)."""
    m, lost_a, sd, lost_d, worst_a, _ = _round_moments(rules)
    if lost_d <= 0:
        return math.inf
    mean = need + D * lost_a / lost_d
    spread = m * sd * math.sqrt(D / lost_d ** 3)
    return max(mean + _z(p) * spread, _tail_length(1 - p, worst_a), need) + 3


def defenders_needed_estimate(A, p, rules):
    """About how many defenders hold against A attacking armies with probability p."""
    m, lost_a, sd, lost_d, _, worst_d = _round_moments(rules)
    if lost_d <= 0:                 # the attacker never kills in a full round: one defender holds
        return 4
    if lost_a <= 0:
        return math.inf
    ratio = lost_d / lost_a
    spread = m * sd * math.sqrt(A * ratio / lost_d ** 3) * ratio
    return max(A * ratio + _z(p) * spread, _tail_length(1 - p, worst_d)) + 3
