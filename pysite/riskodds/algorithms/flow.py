"""Forward probability flow through a battle's states, in attacking armies.

States are (a, d): a attacking armies (all may die), d defenders. Rounds come from a round model
(model.py; every Rules compiles to one), here `model`. A battle stops when
a <= retreat (the attacker stops; a == 0 means it was wiped out) or d <= goal (the attacker
reached its goal; goal 0 is a conquest). Every round removes armies, so states can be processed
in order of decreasing a + d (a topological order of the battle's directed acyclic graph).

Two methods, one answer:
- `full_region_exits`: inside the rectangle where both sides roll their full dice, rounds are
  identical, and the mass that leaves the rectangle is read off the powers of the round
  polynomial (see lattice.py): O(A + D) big-integer steps instead of O(A * D).
- `flow`: the plain dynamic program, used at the edges (few dice) and as an independent check.
"""
from collections import defaultdict
from operator import add

from ..guards.budget import tick
from ..maths.lattice import PowerWindow, power_coefficient, strip_zero_ends
from .choice import defender_play


def round_polynomial(model):
    """Weights of the full round by attacker losses: t[i] = weight(attacker loses i, defender
    m - i), when every outcome removes the same m armies (dice rounds: m = min(dice)); None
    for a model whose full round removes varying armies (no lattice: the plain flow serves)."""
    m = model.full_round_armies
    if m is None:
        return None
    counts = {al: c for al, dl, c in model.transitions(model.attack_dice, model.defend_dice)}
    return [counts.get(i, 0) for i in range(m + 1)]


# The mass that leaves the full-dice rectangle
# ---------------------------------------------
# Write a state of the battle from (A, D) by its losses: al = A - a attacking armies lost,
# dl = D - d defenders lost. The rectangle where both sides roll full dice and the battle goes
# on is a >= a_lo, d >= d_lo (`RoundModel.full_region`), that is
#
#     0 <= al <= amax = A - a_lo   and   0 <= dl <= dmax = D - d_lo.
#
# Inside it every round is the same: m armies die (m = min(dice) for dice; a round model qualifies
# when its full round removes the same m in every outcome, `round_polynomial`), the attacker losing
# i of them with weight t[i] (out of `total`, the round's total weight: faces**dice for fair dice).
# Losses only grow, so a path that is inside after r rounds was inside all along, and after r
# rounds al + dl = m * r: row r of the lattice is a line of states indexed by al alone. Counting paths, the state (al, m r - al) of row r has
#
#     P = c(r, al) / total**r,   c(r, j) = [x**j] T(x)**r,   T(x) = t[0] + t[1] x + ... + t[m] x**m.
#
# A round from (al, dl) with outcome i leads to (al + i, dl + m - i). It leaves the rectangle
# when al + i > amax or dl + m - i > dmax, and only states within m of a wall can do that:
#
#     the attacker wall: al in [amax - m + 1, amax]                (the same al in every row)
#     the defender wall: dl in [dmax - m + 1, dmax], i.e. al in [m r - dmax, m r - dmax + m - 1]
#
# Each wall is a window of m values of al per row, starting at `base + slope * r`:
# (amax - m + 1, 0) for the attacker and (-dmax, m) for the defender. So instead of all
# O(A * D) states we need c(r, j) on two windows of m values per row, for the (amax + dmax) / m
# rows that still have inside states; lattice.PowerWindow slides such a window from row to row.
#
# `shift`: T may start with zero coefficients (t[0] = 0 when the attacker cannot win every pair,
# e.g. two-faced attack dice against a bunker). Then T = x**shift * U with u[0], u[-1] != 0, and
# c(r, j) = [x**(j - shift r)] U(x)**r: the windows work on U, so every index into a window is
# al - shift * r. T may end with zeros too (an attacker bonus, or weights, can make losing every
# pair impossible): its top non-zero coefficient is t[top], so row r runs from al = shift r to
# al = top r, where c = t[top]**r (= U's top coefficient to the r).
#
# Where each window starts: a window is zero until its wall meets the row, so each one starts
# at the first row that reaches it, next to the row's end where c(r, j) is a plain power:
# - the attacker wall first meets row r0 = ceil((amax - m + 1) / top) (al <= top r), and there
#   it lies within `top` of the row's top al = top r0, where c = t[top]**r0: the window starts
#   `at_top` and walks down a few steps with the recurrence (not r0 rows up from row 0). With
#   top = 0 (the attacker never loses in a full round) it never meets the wall.
# - the defender wall lies within m of the row's bottom al = shift * r (c = u[0]**r) at the
#   first row it meets; starting it at row 0 costs only rows of zeros, so it starts there.
# Every division in the recurrences is exact: see lattice.py.
#
# The exits: every path that leaves the rectangle does so exactly once, with one round from an
# inside state next to a wall; that round's end state, (A - al - i, D - dl - m + i) with value
# c(r, al) t[i] / total**(r + 1), is where `flow` takes over. All exits of row r have lost
# m (r + 1) armies in all, so rows come out in the order `flow` works in (decreasing a + d), and
# `flow` pulls them one at a time: memory holds two windows and one row of exits, not every exit.

def full_region_exits(A, D, model, retreat, goal, scale, floor=(0, 0)):
    """Mass leaving the full-dice rectangle, from (A, D) inside it, in attacking armies
    (derivation above): yields (a + d, {(a, d): value}) row by row, a + d decreasing. States
    below `floor` are dropped (they cannot reach a target above them)."""
    a_lo, d_lo = model.full_region(retreat, goal)
    amax, dmax = A - a_lo, D - d_lo          # losses each side can take and stay inside
    t = round_polynomial(model)
    m = len(t) - 1
    shift, u = strip_zero_ends(t)
    top = shift + len(u) - 1                 # the highest attacker loss of positive weight
    step = scale.exponents(model.total(model.attack_dice, model.defend_dice))
    last = (amax + dmax) // m                # the last row with an inside state
    walls = [(amax - m + 1, 0), (-dmax, m)]  # window of row r: al from base + slope * r, m wide
    attacker_start = max(0, -(-(amax - m + 1) // top)) if top else last + 1
    windows = [PowerWindow(u, attacker_start, at_top=True), PowerWindow(u)]
    for r in range(last + 1):
        tick()
        inside = {}
        for window, (base, slope) in zip(windows, walls):
            if r < window.r:
                continue
            lo = base + slope * r
            vals = window.row(lo - shift * r, lo + m - 1 - shift * r)
            for al, c in zip(range(lo, lo + m), vals):
                if c and 0 <= al <= amax and 0 <= m * r - al <= dmax:
                    inside[al] = c
        exps = tuple(e * (r + 1) for e in step)
        exits = {}
        for al, c in inside.items():
            dl = m * r - al
            for i, ti in enumerate(t):
                if ti and (al + i > amax or dl + m - i > dmax):
                    state = (A - al - i, D - dl - m + i)
                    if state[0] >= floor[0] and state[1] >= floor[1]:
                        old = exits.get(state)
                        value = (c * ti, exps)
                        exits[state] = value if old is None else scale.add(old, value)
        if exits:
            yield A + D - m * (r + 1), exits
        if r < last:
            for window, (base, slope) in zip(windows, walls):
                if r >= window.r:
                    lo = base + slope * (r + 1) - shift * (r + 1)
                    window.advance(lo, lo + m - 1)


def inside_probability(A, D, a, d, model, scale):
    """P((A, D) -> (a, d)) for a target inside the full-dice rectangle (every path stays inside)."""
    t = round_polynomial(model)
    m = len(t) - 1
    lost = (A - a) + (D - d)
    if lost % m:
        return scale.zero
    r = lost // m
    step = scale.exponents(model.total(model.attack_dice, model.defend_dice))
    return power_coefficient(t, r, A - a, tick), tuple(e * r for e in step)


def by_total(masses):
    """{(a, d): value} as the batches `flow` takes: (a + d, {state: value}), a + d decreasing."""
    groups = defaultdict(dict)
    for (a, d), v in masses.items():
        groups[a + d][a, d] = v
    return sorted(groups.items(), reverse=True)


def flow(batches, model, retreat, goal, scale, floor=(0, 0), rounds=None):
    """Push mass round by round until every path stops.

    batches: (a + d, {(a, d): value}) with a + d decreasing (see `by_total`); each is merged in
    when the sweep reaches its total. Yields (state, value) for every state reached, in order
    of decreasing a + d, once all of its mass has arrived: for a stopping state, the
    probability of ending there. States below `floor` are dropped. Memory holds the states of
    the few totals in flight, not the states already yielded. rounds: {(a, d): (transitions,
    exponents)}, the round each state plays when it depends on the state (a defender who
    chooses its dice, choice.choice_rounds); None: the model's round for the dice thrown.
    """
    batches = iter(batches)
    upcoming = next(batches, None)
    if upcoming is None:
        return
    pending = {}
    waiting = defaultdict(list)
    ma, md = model.attack_dice, model.defend_dice
    table = model.lookup(scale)
    add_values = scale.add

    def arrive(state, value):
        old = pending.get(state)
        if old is None:
            pending[state] = value
            waiting[state[0] + state[1]].append(state)
        else:
            pending[state] = add_values(old, value)

    for total in range(upcoming[0], -1, -1):
        while upcoming is not None and upcoming[0] >= total:
            for state, value in upcoming[1].items():
                arrive(state, value)
            upcoming = next(batches, None)
        ready = waiting.pop(total, ())
        tick(1 + len(ready) // 64)
        for state in ready:
            value = pending.pop(state)
            yield state, value
            a, d = state
            if a <= retreat or d <= goal:
                continue
            trans, step = table[min(ma, a), min(md, d)] if rounds is None else rounds[a, d]
            exps = tuple(map(add, value[1], step))
            num = value[0]
            for al, dl, c in trans:
                nxt = (a - al, d - dl)
                if nxt[0] < floor[0] or nxt[1] < floor[1]:
                    continue
                arrive(nxt, (num * c, exps))
        if not pending and upcoming is None:
            return


def start_mass(A, D, model, retreat, goal, scale, closed_form=True, floor=(0, 0)):
    """Initial batches for `flow`: the exits of the full-dice rectangle, or the start itself."""
    a_lo, d_lo = model.full_region(retreat, goal)
    if closed_form and A >= a_lo and D >= d_lo and model.has_lattice:
        return full_region_exits(A, D, model, retreat, goal, scale, floor)
    return [(A + D, {(A, D): scale.one})]


def stops(A, D, model, retreat, goal, scale, closed_form=True, play=None):
    """Yield (state, value) for every state where the battle from (A, D) stops, with value > 0,
    in order of decreasing a + d (one at a time: a caller may keep only summaries). A defender
    who chooses its dice plays `play` (choice.defender_play; computed here when None)."""
    play = play or defender_play(model, scale, A, D, retreat, goal)
    for s, v in flow(start_mass(A, D, model, retreat, goal, scale, closed_form), model, retreat, goal, scale,
                     rounds=play and play.rounds):
        if (s[0] <= retreat or s[1] <= goal) and v[0]:
            yield s, v


def end_states(A, D, model, retreat, goal, scale, closed_form=True, play=None):
    """{(a, d): value} over the states where the battle from (A, D) stops."""
    return dict(stops(A, D, model, retreat, goal, scale, closed_form, play))


def passage(A, D, a, d, model, retreat, goal, scale, closed_form=True):
    """P(the battle from (A, D) passes through or ends at (a, d)) as a value."""
    if (a, d) == (A, D):
        return scale.one
    a_lo, d_lo = model.full_region(retreat, goal)
    if closed_form and a >= a_lo and d >= d_lo and model.has_lattice:
        return inside_probability(A, D, a, d, model, scale)
    initial = start_mass(A, D, model, retreat, goal, scale, closed_form, floor=(a, d))
    play = defender_play(model, scale, A, D, retreat, goal)
    for state, value in flow(initial, model, retreat, goal, scale, floor=(a, d), rounds=play and play.rounds):
        if state == (a, d):
            return value
        if state[0] + state[1] < a + d:
            break
    return scale.zero
