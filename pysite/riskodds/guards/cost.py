"""What a request will cost, estimated before it starts: its big-integer work, then seconds and MB.

Work
----
Every exact probability is an integer numerator over a product of the rounds' total weights
(faces**dice for fair dice), so a value reached after losing L armies in all holds about
L * beta bits, beta = log2(a round's total) / (armies it removes), the largest over the round
types (10.3 for standard dice, from 3 v 1: log2(6**4); 26.6 for 100-faced dice). The engine's
algorithms spend their time multiplying such values by round weights and adding them, so we
count their work in *bit-steps*: for every value an algorithm handles, its bits times the
multiplications it takes part in (the outcomes of its round, each times the 30-bit digits of
the round's weights). Three algorithms, three counts:

- the plain flow (flow.flow: battle edges, campaigns, models without a lattice) and the backward
  sweeps (sweep.win_lines: searches, tables, plans): every state visited, times its outcomes;
- the lattice (flow.full_region_exits): the values its windows produce, m + 1 multiplications
  each for a full round removing m armies (rows of r rounds hold values of r * log2(total) bits).

`battle_work` and `sweep_work` predict these counts from the sizes alone, line by line of
states; tests/engine/test_engine_cost.py measures the same counts on the real generators
across every dice count (1-3 a side), faces from 2 to 100, weights, bonuses and tie rules, and
holds the predictions within WORK_ERROR of them.

Seconds and memory
------------------
A few constants (facts/limits.py, COST_MODEL), measured on CPython 3.11 (x86-64) with
bench/calibrate_cost.py, turn work into CPU seconds. Adding values whose denominators differ
multiplies by powers of the bases, and big products grow faster than their size, so the
seconds per bit-step grow slowly with S, the bits of the largest value (`ALIGN_POWER`). Exact
end states kept (Python `battle`) cost memory ~ ends * S / 2 bits; each sent as an exact decimal
(the JSON "full" detail) adds int -> str conversions, quadratic in the digits.

Estimates are in CPython seconds; in Pyodide they are multiplied by LIMITS["pyodide_slowdown"]
(bench/bench_pyodide_ratio.py: node + node_modules/pyodide 314 on the same machine, 1.6x to 2.2x
for work over 50 ms; 2.5 keeps a margin). The guards (budget.py) refuse a request whose
estimate exceeds its budget before it starts.
"""
import math
from statistics import NormalDist

from ..checks.model import scale_for
from ..facts.limits import COST_MODEL, KERNEL_MAX
from ..maths.dice import sorted_roll_count
from ..maths.scaled import POWER_CACHE_BITS, fraction_log10
from .budget import Estimate

WORK_ERROR = 2.0        # predicted work is within this factor of the measured work (tested)


# ---------------------------------------------------------------------------------- sizes
def beta(model):
    """Bits per army lost of the costliest round type: log2 of its total weight over the fewest
    armies it removes (3 v 1: log2(6**4) = 10.3 bits for standard dice). Values grow about that
    fast. model: the request's RoundModel (checks/model.py compiles it once; every function here
    takes the compiled model)."""
    return max(math.log2(model.total(na, nd)) / model.armies(na, nd)
               for na in range(1, model.attack_dice + 1) for nd in range(1, model.defend_dice + 1))


# The lattice's windows: per row of r rounds, about LATTICE_STEPS * m * (m + 1) products of the
# round's m + 1 weights with values of r * log2(total) bits (measured: tests/engine/workmeter.py)
LATTICE_STEPS = 1.5


def full_round_bits(model):
    """log2 of the full round's total weight: the bits a value gains per full round."""
    return math.log2(model.total(model.attack_dice, model.defend_dice))


def round_steps(model, na, nd):
    """Multiplications by round weights one value takes in round na v nd (dice thrown): its
    outcomes, each weighted by the 30-bit digits of its weight (weighted dice have big ones)."""
    return sum(max(1, -(-w.bit_length() // 30)) for _, _, w in model.transitions(na, nd))


def _steps_at(model, a, d):
    return round_steps(model, min(model.attack_dice, a), min(model.defend_dice, d))


def choice_steps(model):
    """Products a choosing defender's decision weighs at a state with full dice: every outcome of
    every number of dice it may roll, once before the roll, once per group of attacking rolls (by
    their top dice) after it; 0 for a defender who always rolls its most."""
    ma, md = model.attack_dice, model.defend_dice
    per_group = sum(len(model.transitions(ma, nd)) for nd in range(1, md + 1))
    if model.defender_choice == "before-roll":
        return per_group
    if model.defender_choice == "after-roll":
        faces = sum(1 for w in (model.rules.attack_weights or (1,) * model.rules.attack_faces) if w)
        return sorted_roll_count(faces, min(ma, md)) * per_group
    return 0


def choice_seconds(model, states, S):
    """Seconds of a choosing defender's decisions at `states` states whose values hold up to S bits."""
    c = COST_MODEL
    steps = choice_steps(model)
    if not steps:
        return 0.0
    return states * (c["choice_state_s"] + c["choice_step_s"] * steps * (1 + S / c["choice_bits"]))


def rounds_seconds(model):
    """Seconds to count a rule set's round tables (0 for given tables). Counted whether or not
    this process has counted them already, so that an estimate is the same in a fresh process
    and a warm one (the tables cost milliseconds: the estimate is a little high when warm)."""
    if model.rules is None:
        return 0.0
    levels = max(model.rules.attack_faces, model.rules.defend_faces) + 1
    return COST_MODEL["rounds_s"] * levels * model.attack_dice * model.defend_dice


def megabytes(byte_count):
    """MB of a computation that holds `byte_count` bytes, the interpreter's own counted."""
    return COST_MODEL["base_mb"] + byte_count / 1e6


def starts_as_chain(A, D, model, retreat=0, goal=0, closed_form=True):
    """True when a battle from (A, D) starts with a side below its full dice and no lattice: one
    round type per line, values of equal denominators (a chain)."""
    a_lo, d_lo = model.full_region(retreat, goal)
    return not uses_lattice(A, D, model, retreat, goal, closed_form) and (A < a_lo or D < d_lo)


def uses_lattice(A, D, model, retreat=0, goal=0, closed_form=True):
    """True when a battle from (A, D) starts inside the full-dice rectangle and crosses it by the
    lattice (flow.start_mass makes the same choice)."""
    a_lo, d_lo = model.full_region(retreat, goal)
    return closed_form and A >= a_lo and D >= d_lo and model.has_lattice


# ---------------------------------------------------------------------------------- work
def battle_work(A, D, model, retreat=0, goal=0, closed_form=True):
    """Predicted (flow bit-steps, lattice bit-steps, states the flow visits) of a battle from
    (A, D) attacking armies (module docstring). Inside the full-dice rectangle the lattice does
    the work and the flow visits only the lines next to the walls; without a lattice the flow
    visits every state. A state (a, d) holds about ((A - a) + (D - d)) * b bits: b is the bits
    per army of the full round where the lattice carries the battle, else the largest (beta).
    Values whose numerators stay small (a side that almost never wins a round) hold fewer: for
    them this is an overestimate."""
    a_lo, d_lo = model.full_region(retreat, goal)
    flow = lattice = 0.0
    states = 0
    if uses_lattice(A, D, model, retreat, goal, closed_form):
        m = model.full_round_armies
        b = full_round_bits(model) / m
        rows = (A - a_lo + D - d_lo) / m + 1
        lattice = LATTICE_STEPS * m * (m + 1) * rows * rows / 2 * full_round_bits(model)
        lines = [("a", a) for a in range(retreat + 1, a_lo)] + [("d", d) for d in range(goal + 1, d_lo)]
    else:
        b = beta(model)
        if A < a_lo or D < d_lo:        # a side below its full dice from the start: its lines only
            lines = ([("a", a) for a in range(retreat + 1, min(A, a_lo - 1) + 1)] if A < a_lo else []) + \
                    ([("d", d) for d in range(goal + 1, min(D, d_lo - 1) + 1)] if D < d_lo else [])
        else:                           # no lattice: every state
            lines = [("a", a) for a in range(retreat + 1, A + 1)]
    chain = starts_as_chain(A, D, model, retreat, goal, closed_form)
    for kind, k in lines:
        a, d = (k, D) if kind == "a" else (A, k)
        if chain:                       # a chain from the start plays this line's round throughout
            na, nd = min(model.attack_dice, a), min(model.defend_dice, d)
            b = math.log2(model.total(na, nd)) / model.armies(na, nd)
        n = D - goal if kind == "a" else A - retreat
        lost = A - k if kind == "a" else D - k      # the other side's losses are spread along the line
        flow += n * (lost + n / 2) * b * _steps_at(model, a, d)
        states += n
    return flow, lattice, states


def sweep_work(lines, length, model, by="attackers"):
    """Predicted bit-steps of a backward sweep (sweep.win_lines) of lines 0..lines of
    length + 1 states: the value W(a, d) holds about (a + d) * beta bits."""
    b = beta(model)
    steps = _steps_at(model, model.attack_dice, model.defend_dice)
    return lines * length * (lines + length) / 2 * b * steps


# ---------------------------------------------------------------------------------- seconds
def _align(S):
    """How much more a bit-step costs when values of S bits with unequal denominators meet."""
    c = COST_MODEL
    return (S / c["align_bits"]) ** c["align_power"]


def _flow_seconds(work, S, chain=False):
    """Seconds of `work` bit-steps of a flow or sweep: a chain (one round type, equal
    denominators) costs less per bit than a flow where values from many paths meet."""
    c = COST_MODEL
    return c["chain_s_per_bit"] * work if chain else c["edge_s_per_bit"] * work * _align(S)


def _text(values, S):
    """Seconds and bytes of `values` exact values of about S bits each, as decimal JSON."""
    c = COST_MODEL
    return (values * (c["text_s"] * S ** c["text_power"] + c["exact_s_per_value"]),
            values * S * (c["bytes_per_value_bit"] + c["bytes_per_text_bit"]))


def battle_cost(A, D, model, detail, what, retreat=0, goal=0, closed_form=True):
    """A battle of A v D attacking armies under `model` (a RoundModel). detail:
    "flow" (one state's probability), "summary" (exact totals, approximate lists), "ends"
    (every end state exact, as Python's battle keeps them), "full" (and each as decimal text)."""
    c = COST_MODEL
    flow, lattice, states = battle_work(A, D, model, retreat, goal, closed_form)
    S = (A + D) * beta(model)
    seconds = _flow_seconds(flow, S, starts_as_chain(A, D, model, retreat, goal, closed_form)) + c["state_s"] * states + rounds_seconds(model)
    seconds += choice_seconds(model, (A - retreat) * (D - goal), S)    # a choosing defender decides everywhere
    frontier = c["bytes_per_value_bit"] * 8 * S
    if choice_steps(model):                    # and its decisions are kept, state by state
        frontier += c["choice_state_bytes"] * (A - retreat) * (D - goal)
    if lattice:
        rows = (A + D) / model.full_round_armies
        seconds += c["lattice_s_per_bit"] * lattice * _align(S) + c["lattice_row_s"] * rows
    ends = A + D + 2
    if detail == "flow":                       # one target state: the frontier only
        return Estimate(seconds, megabytes(frontier), what)
    if detail == "summary":
        seconds += c["approx_s_per_value"] * 2 * ends
        # weighted dice make denominators products of several bases: each end state's
        # approximation multiplies their powers (one base: a cached power, nothing to multiply)
        seconds += c["bases_s_per_bit"] * ends * S * (len(scale_for(model).bases) - 1)
        return Estimate(seconds, megabytes(c["bytes_per_approx"] * 2 * ends + frontier), what)
    kept = ends * S / 2                        # the average end state holds about S / 2 bits
    if detail == "ends":
        return Estimate(seconds, megabytes(c["bytes_per_value_bit"] * kept), what)
    text_s, text_bytes = _text(3 * ends, S / 2)     # end states, attackers_lost, defenders_lost
    return Estimate(seconds + text_s, megabytes(c["bytes_per_value_bit"] * kept + text_bytes), what)


def reshape_cost(A, D, model, what):
    """Balanced Blitz's reshaping of a fight to the end's A + D outcomes (each cut to a few hundred
    bits, which reads its denominator, a product of powers of the bases: linear in its bits, then
    four steps in Decimal arithmetic, one power per outcome): added to the battle's own estimate."""
    c = COST_MODEL
    ends = A + D + 2
    bits = (A + D) * beta(model) / 2                # the average outcome, as in battle_cost
    return Estimate(ends * (c["real_s_per_value"] + c["real_s_per_bit"] * bits), c["bytes_per_real"] * ends / 1e6,
                    what)


def _power_sum(lo, hi, p):
    """sum of x**p for x = lo..hi, about (the integral from lo to hi + 1)."""
    return ((hi + 1) ** (p + 1) - lo ** (p + 1)) / (p + 1)


def exact_lists_bits(A, D, model, p):
    """Sum over the end states of a fight to the end from (A, D) of their bits ** p (numerator or
    denominator, in lowest terms): an end state after losing L armies holds about L * b bits, b
    the bits per army of battle_work (the full round's where the lattice carries the battle), and
    L runs from D to A + D (the attacker's losses when it wins) and from A to A + D."""
    b = full_round_bits(model) / model.full_round_armies if uses_lattice(A, D, model) else beta(model)
    return b ** p * (_power_sum(D, A + D, p) + _power_sum(A, A + D, p))


def exact_lists_cost(A, D, model, what):
    """A fight to the end's loss lists sent as exact text (Balanced Blitz's "full" detail: its
    end states go out as reals, the true-random attackers_lost and defenders_lost exact). Their
    A + D + 2 values are its end states: each is reduced to lowest terms (dividing out powers of
    the bases: about bits ** reduce_power each) and its numerator and denominator written in
    decimal, which CPython does in time quadratic in the digits. So the cost is a sum over the
    values of their bits squared (exact_lists_bits), not values times the average squared."""
    c = COST_MODEL
    seconds = c["text_bit2_s"] * 2 * exact_lists_bits(A, D, model, 2)
    seconds += c["reduce_s"] * exact_lists_bits(A, D, model, c["reduce_power"])
    seconds += c["exact_s_per_value"] * (A + D + 2) + c["exact_s_per_bit"] * exact_lists_bits(A, D, model, 1)
    # kept as Fractions, then as decimal text (numerator and denominator) in the answer and its JSON
    per_bit = c["bytes_per_value_bit"] + 2 * (c["bytes_per_value_bit"] + c["bytes_per_text_bit"])
    return Estimate(seconds, per_bit * exact_lists_bits(A, D, model, 1) / 1e6, what)


def balanced_cost(A, D, model, detail, what):
    """Balanced Blitz (a fight to the end from A v D) with `detail` as battle_cost: the true-random
    battle and the reshaping of its outcomes; for "full" its end states are kept but not sent as
    text (they go out as reals): its loss lists are (exact_lists_cost)."""
    reshape = reshape_cost(A, D, model, what)
    if detail != "full":
        return battle_cost(A, D, model, detail, what) + reshape
    return battle_cost(A, D, model, "ends", what) + reshape + exact_lists_cost(A, D, model, what)


def path_cost(A, D, a, d, model, what, retreat=0, goal=0, closed_form=True):
    """P((A, D) -> (a, d)): inside the full-dice rectangle one coefficient of a power of the
    round polynomial (lattice.power_coefficient walks j = A - a steps along a row of r rounds);
    elsewhere the lattice's rows down to the target's a + d and the flow above the target."""
    c = COST_MODEL
    S = (A + D) * beta(model)
    if uses_lattice(A, D, model, retreat, goal, closed_form) and uses_lattice(a, d, model, retreat, goal):
        m = model.full_round_armies
        rounds = ((A - a) + (D - d)) / m
        work = (A - a + 1) * (m + 1) * rounds * full_round_bits(model)
        return Estimate(c["lattice_s_per_bit"] * work * _align(S) + rounds_seconds(model),
                        megabytes(c["bytes_per_value_bit"] * 4 * S), what)
    floor = max(retreat, a - 1), max(goal, d - 1)
    if not uses_lattice(A, D, model, retreat, goal, closed_form):
        # the flow stops at the target's floor (flow.passage): a battle whose stops are just below it
        return battle_cost(A, D, model, "flow", what, *floor, closed_form)
    # flow.passage walks the lattice's rows (both windows, whatever the floor) until the flow is
    # past the target's a + d; below them the flow visits the lines above the floor next to the
    # walls, where each state aligns the values it adds (wall_align_work). Fitted on 500..100,000
    # a side, targets next to either wall and at the corner (bench/calibrate_cost.py has two rows)
    a_lo, d_lo = model.full_region(retreat, goal)
    m = model.full_round_armies
    rows = min(A - a_lo + D - d_lo, A + D - a - d) / m + 1
    lattice = LATTICE_STEPS * m * (m + 1) * rows * rows / 2 * full_round_bits(model)
    seconds = c["path_lattice_s_per_bit"] * lattice + c["path_row_s"] * rows
    seconds += c["path_align_s"] * wall_align_work(A, D, model, *floor) + rounds_seconds(model)
    # the powers it aligns by, k * delta bits for k = 1..n along each line (on about half the states),
    # stay cached up to a cap
    powers = min(POWER_CACHE_BITS, sum(delta * n * n / 4 for delta, n, _ in _wall_lines(A, D, model, *floor)))
    return Estimate(seconds, megabytes(c["bytes_per_value_bit"] * 8 * S + powers / 8), what)


def wall_align_work(A, D, model, retreat=0, goal=0):
    """Work of aligning denominators on the lines next to the walls of the full-dice rectangle,
    below the lattice (a battle from (A, D) with these stops): on such a line a value that came
    down the line gained log2(total) / armies bits of denominator per army of the line's round,
    an exit of the lattice the full round's (full_round_bits / m); after k armies down the line
    they differ by about k * delta bits, and adding them multiplies a value of about
    (lost + k) * b bits by a power of k * delta bits. CPython multiplies a long number by a
    shorter one in about long * short ** p (p = path_align_power: between Karatsuba's 0.585 on chunks
    of the shorter and 1 for short ones), so a line of n states costs about the sum over k of
    (lost + k) * b * (k * delta) ** p (closed form), over 2: about half the states align.
    tests/engine/test_engine_cost.py measures the same sum on the real flow: within WORK_ERROR where
    the full round removes 2 armies (standard dice, 2 v 2, 2 v 3, any faces; 3 v 3: about half);
    where it removes 1 (1 v 2, 3 v 1, ...) the exits land on every state, the values never
    drift apart, and this overestimates."""
    p = COST_MODEL["path_align_power"]
    b = full_round_bits(model) / model.full_round_armies
    work = sum(b * delta ** p * (lost * n ** (p + 1) / (p + 1) + n ** (p + 2) / (p + 2))
               for delta, n, lost in _wall_lines(A, D, model, retreat, goal))
    return work / 2


def _wall_lines(A, D, model, retreat, goal):
    """The lines next to the walls below the lattice (battle_work's): (delta, n, lost) for each,
    delta the bits of denominator per army its round gains more (or less) than the full round's,
    n its states, lost the armies the other side lost before it."""
    a_lo, d_lo = model.full_region(retreat, goal)
    b = full_round_bits(model) / model.full_round_armies
    lines = [("a", a) for a in range(retreat + 1, a_lo)] + [("d", d) for d in range(goal + 1, d_lo)]
    for kind, k in lines:
        na, nd = (min(model.attack_dice, k), model.defend_dice) if kind == "a" else \
            (model.attack_dice, min(model.defend_dice, k))
        delta = abs(math.log2(model.total(na, nd)) / model.armies(na, nd) - b)
        yield delta, (D - goal if kind == "a" else A - retreat), (A - k if kind == "a" else D - k)


def sweep_cost(lines, length, model, what, cells_out=0, text_out=False, dead=0):
    """A backward sweep of `lines` lines of `length` + 1 states (searches and win tables);
    cells_out values sent back as {float, log10} (or as exact text when text_out). dead: the first
    lines hold only zeros (a search for survivors: fewer attackers than needed never win), so they
    cost no arithmetic, and their cells half a live one (measured: about 1 microsecond each)."""
    c = COST_MODEL
    live = max(0, lines - dead)
    S = (live + length) * beta(model)
    seconds = c["sweep_s_per_bit"] * sweep_work(live, length, model) * _align(S)
    seconds += c["cell_s"] * (live + (lines - live) / 2) * length
    seconds += choice_seconds(model, lines * length, S)
    seconds += rounds_seconds(model)
    mb = c["bytes_per_value_bit"] * 4 * length * S / 8
    if cells_out and text_out:
        text_s, text_bytes = _text(cells_out, S / 2)
        seconds, mb = seconds + text_s, mb + text_bytes
    elif cells_out:
        seconds += c["approx_s_per_value"] * cells_out
        mb += c["bytes_per_approx"] * cells_out
    return Estimate(seconds, megabytes(mb), what)


def campaign_cost(A, defenders, models, what):
    """A chain campaign of A attacking armies (exact end states, as text in JSON); models:
    one RoundModel per territory. Each territory's flow visits every (a, d) its stacks
    can reach, and stacks of every size meet there with their own denominators, so a state costs
    more than a battle's (campaign_power of S, fitted). End states: the defenders left wherever
    the stack stopped, and every stack size after the last conquest."""
    c = COST_MODEL
    S = (A + sum(defenders)) * max(beta(m) for m in models)
    states = A * sum(defenders)
    seconds = c["campaign_state_s"] * states * S ** c["campaign_power"] + c["campaign_base_s"] * states
    seconds += sum(choice_seconds(m, A * D, S) for D, m in zip(defenders, models))
    seconds += sum(rounds_seconds(m) for m in {id(m): m for m in models}.values())   # hashing would count them
    ends = sum(defenders) + A + 3 * len(defenders)
    text_s, text_bytes = _text(ends, S / 2)
    mb = c["bytes_per_value_bit"] * 2 * A * S / 8 + text_bytes
    return Estimate(seconds + text_s, megabytes(mb), what)


def plan_sweeps(nodes, root_children):
    """The sweeps a plan's recursion makes (algorithms/plan.py), as (count, defenders, model,
    defenders below): for every territory v with k targets and every target c of v, the
    2**(k - 1) sets S of v's targets that hold c each make one sweep against c, whose conquests
    are worth the rest of the plan: c's own subtree (its defenders below c) and the other
    targets of S (on average half of the others' subtrees)."""
    below = {}

    def tree(i):
        below[i] = sum(tree(c) for c in nodes[i].children)
        return nodes[i].defenders + below[i]
    whole = {i: tree(i) for i in root_children}
    for i in range(len(nodes)):
        whole.setdefault(i, nodes[i].defenders + below[i])
    out = []
    for kids in [root_children] + [n.children for n in nodes]:
        k = len(kids)
        total = sum(whole[c] for c in kids)
        for c in kids:
            out.append((2 ** (k - 1), nodes[c].defenders, nodes[c].model, below[c] + (total - whole[c]) / 2))
    return out


def moves_weighed(T, min_move, attack_dice):
    """Sum over t = 2..T of t - least(t) (checks/rules.py least_move): the move splits a plan weighs at every army count t
    on the attacking territory (closed form, so that pricing many armies costs nothing)."""
    if T < 2:
        return 0
    total = T * (T + 1) // 2 - 1                                # sum of t
    if min_move == "one":
        return total - (T - 1)
    low = min(T, attack_dice + 1)                               # t <= dice + 1: least is t - 1
    least = (low * (low - 1) // 2) + attack_dice * (T - low)    # sum of t - 1 below, then the dice
    return total - least


def plan_units(T, sweeps, min_move="one"):
    """Predicted work of a plan's recursion (`plan_sweeps`, or the turn planner's own list), T the
    most armies on a territory. Every sweep (v, S, c) weighs T - 1 move splits per army count in
    floats (pairs: t - least(t) for t = 2..T) and then sums the battle against c:
    - up to KERNEL_MAX armies by its conquest kernel: terms, one product per (t, t') with
      2 <= t' <= t <= T, of numbers of about (t + D + T + defenders below) * beta bits (term_bits);
    - above, by a backward sweep: cells (T lines of D + 1 states) and bit-steps (a cell (a, d)
      holds about (a + d + defenders below) * beta bits, times its round's outcomes).
    Each sweep costs a few arithmetic operations here, whatever T (closed forms).
    tests/engine/test_engine_cost.py measures the same counts on the real recursion."""
    units = {"sweeps": 0, "pairs": 0, "terms": 0, "term_bits": 0.0, "cells": 0, "bit_steps": 0.0}
    kernel = T <= KERNEL_MAX
    lines = T - 1                                       # lines a = 1 .. T - 1 hold live values
    per_model = {}                                      # id(model) -> (beta, pairs per sweep, steps)
    cubic = (T - 1) * T * (T + 1) / 3                   # sum over t = 2..T of (t - 1) * t
    linear = T * (T - 1) / 2                            # sum over t = 2..T of (t - 1)
    for count, D, model, K in sweeps:
        known = per_model.get(id(model))
        if known is None:
            known = per_model[id(model)] = (beta(model), moves_weighed(T, min_move, model.attack_dice),
                                            _steps_at(model, model.attack_dice, model.defend_dice))
        b, pairs, steps = known
        units["sweeps"] += count
        units["pairs"] += count * pairs
        if kernel:
            units["terms"] += count * T * (T - 1) // 2
            units["term_bits"] += count * b * (cubic + (D + T + K) * linear)
        else:
            units["cells"] += count * T * (D + 1)
            units["bit_steps"] += count * b * steps * (
                D * lines * (lines + 1) / 2 + lines * D * (D + 1) / 2 + K * lines * D)
    return units


def kernels_cost(T, targets, what):
    """The conquest kernels of a plan's targets (algorithms/plan.py `kernel`), one per distinct
    (model, defenders) in `targets` ((defenders, model) pairs), when T <= KERNEL_MAX: the end states
    of the battles of 1 .. T - 1 attacking armies against the target."""
    if T > KERNEL_MAX:
        return 0.0
    seconds = 0.0
    for D, model in {(D, id(m)): (D, m) for D, m in targets}.values():
        seconds += sum(battle_cost(a, D, model, "ends", what).seconds for a in range(1, T))
        seconds -= (T - 1) * rounds_seconds(model)          # the tables: once per request (_tables_once)
    return seconds


def _tables_once(models):
    """Seconds of counting the round tables of a request's models, each once (a battle's estimate
    counts its own; a plan's battles share them)."""
    return sum(rounds_seconds(m) for m in {id(m): m for m in models}.values())


def _flows(T, targets):
    """The likeliest course: one battle's flow of T - 1 attacking armies per target (tables apart)."""
    return sum(battle_cost(T - 1, D, m, "flow", "").seconds - rounds_seconds(m) for D, m in targets)


def turn_cost(T, sweeps, targets, min_move, what, splits=1, placements=1, entries=1, options=0, lines=None):
    """A turn's search (algorithms/turn.py) from at most T armies on a territory: the sweeps of the
    plan recursion its family makes (`sweeps`, as plan_units takes them, counted from the family's
    structure before any value is computed), the targets' conquest kernels, every split of the
    targets among the entries with every placement (products of `entries` values), and the answer:
    one battle's flow per target for the likeliest course, and the expected armies on the border
    (a sweep per target and border territory at most). options: the ways to hang targets the
    structure holds (each is built into items, valued and weighed against the others: Pareto sets).
    lines: the lines of values the search keeps (one per territory and set of items below it;
    algorithms/turn.py sweeps_of counts them), each T + 1 values: its memory."""
    if not targets:
        return Estimate(0.0, megabytes(0), what)
    terms, fixed, mb = turn_parts(T, sweeps, targets, min_move, splits, placements, entries, options, lines)
    return Estimate(seconds_of(terms) + fixed, megabytes(mb), what, COST_MODEL["turn_browser_factor"])


def turn_parts(T, sweeps, targets, min_move, splits=1, placements=1, entries=1, options=0, lines=None):
    """turn_cost's parts: ({constant: units of its work}, seconds priced by other estimates, bytes)."""
    models = [m for _, m in targets]
    S = (T + sum(D for D, _ in targets)) * max(beta(m) for m in models)
    units = plan_units(T, sweeps, min_move)
    terms = plan_terms(units, T, S)
    k = len(targets)
    _count(terms, "turn_product_s", splits * placements * entries)
    _count(terms, "turn_option_s", options)
    _count(terms, "kernel_term_s", k * k * T * T / 2)        # the answer: borders and the likeliest course
    _count(terms, "plan_sweep_s", k * k)
    fixed = kernels_cost(T, targets, "") + _flows(T, targets) + _tables_once(models)
    if lines is None:
        lines = units["sweeps"]
    mb = _values_bytes(lines * (T + 1), S)
    if T <= KERNEL_MAX:
        mb += _kernel_bytes(k * T * T / 2, S)
    return terms, fixed, mb


def _values_bytes(values, S):
    """Bytes of `values` values a plan keeps in its lines, of up to S bits (S / 2 on average), with
    what comes with each (its denominator's exponents, its floats, the move and order it decided)."""
    c = COST_MODEL
    return values * (c["line_value_bytes"] + c["bytes_per_value_bit"] * S / 16)


def _kernel_bytes(values, S):
    """Bytes of `values` numerators of conquest kernels (plain ints of up to S bits)."""
    return values * COST_MODEL["bytes_per_value_bit"] * S / 8


def _count(terms, name, units):
    terms[name] = terms.get(name, 0) + units


def seconds_of(terms):
    """Seconds of {COST_MODEL constant: units of its work}."""
    return sum(COST_MODEL[name] * units for name, units in terms.items())


def plan_terms(units, T, S):
    """A plan recursion's `units` (plan_units), values of at most S bits, as {constant: units}."""
    return {"sweep_s_per_bit": units["bit_steps"] * _align(S), "cell_s": units["cells"],
            "kernel_term_s": units["terms"], "kernel_bit_s": units["term_bits"],
            "plan_split_s": units["pairs"],
            "plan_sweep_s": units["sweeps"], "plan_value_s": units["sweeps"] * T}


def plan_seconds(units, T, S):
    """Seconds of a plan recursion's `units` (plan_units), values of at most S bits."""
    return seconds_of(plan_terms(units, T, S))


def plan_cost(T, nodes, root_children, what, min_move="one", straight=True):
    """A branching plan (algorithms/plan.py) from T armies on the starting territory: its kernels,
    the sweeps of its recursion (plan_units), the plan along its likeliest course (one battle's
    flow per target), the straight order (a chain campaign, when `straight`: the answer compares
    them) and each rule set's round tables."""
    terms, fixed, mb = plan_parts(T, nodes, root_children, min_move, straight)
    return Estimate(seconds_of(terms) + fixed, megabytes(mb), what)


def plan_lines(nodes, root_children):
    """The lines of values a plan's recursion keeps: one per territory and set of its targets."""
    return sum(2 ** len(kids) - 1 for kids in [root_children] + [n.children for n in nodes])


def plan_parts(T, nodes, root_children, min_move="one", straight=True):
    """plan_cost's parts: ({constant: units of its work}, seconds priced by other estimates, bytes)."""
    models = {id(n.model): n.model for n in nodes}.values()
    S = (T + sum(n.defenders for n in nodes)) * max(beta(m) for m in models)
    units = plan_units(T, plan_sweeps(nodes, root_children), min_move)
    terms = plan_terms(units, T, S)
    targets = [(n.defenders, n.model) for n in nodes]
    fixed = kernels_cost(T, targets, "") + _flows(T, targets) + _tables_once(models)
    if straight:
        fixed += campaign_cost(T - 1, [n.defenders for n in nodes], [n.model for n in nodes], "").seconds
        fixed -= _tables_once(models)
    mb = _values_bytes(plan_lines(nodes, root_children) * (T + 1), S)
    if T <= KERNEL_MAX:
        mb += _kernel_bytes(len(nodes) * T * T / 2, S)
    return terms, fixed, mb


# ---------------------------------------------------------------------------------- searches
# How far a search must go is itself the answer, so only estimated (a normal approximation of
# the losses, and a bound for p very close to 1), then bracketed by the running deadline.
def _round_moments(model):
    """For one full-dice round: (mean armies removed m, mean attacker losses, sd of attacker
    losses, mean defender losses, (most the attacker loses in it, its probability), (the same
    for the defender)). Dice rounds remove m = min(dice) armies every time."""
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
    most, per_round = worst
    if q <= 0 or per_round <= 0 or most <= 0 or per_round >= 1:
        return 0
    return most * fraction_log10(q) / math.log10(per_round)


# A search needs a few lines past the normal approximation's answer: SEARCH_MARGIN of them.
SEARCH_MARGIN = 3


def attackers_needed_estimate(D, p, model, need):
    """About how many attacking armies win against D with probability p (need survivors)."""
    m, lost_a, sd, lost_d, worst_a, _ = _round_moments(model)
    if lost_d <= 0:
        return math.inf
    mean = need + D * lost_a / lost_d
    spread = m * sd * math.sqrt(D / lost_d ** 3)
    return max(mean + _z(p) * spread, _tail_length(1 - p, worst_a), need) + SEARCH_MARGIN


def defenders_needed_estimate(A, p, model):
    """About how many defenders hold against A attacking armies with probability p."""
    m, lost_a, sd, lost_d, _, worst_d = _round_moments(model)
    if lost_d <= 0:                 # the attacker never kills in a full round: one defender holds
        return 1 + SEARCH_MARGIN
    if lost_a <= 0:
        return math.inf
    ratio = lost_d / lost_a
    spread = m * sd * math.sqrt(A * ratio / lost_d ** 3) * ratio
    return max(A * ratio + _z(p) * spread, _tail_length(1 - p, worst_d)) + SEARCH_MARGIN
