"""Forward probability flow through a battle's states, in attacking armies.

States are (a, d): a attacking armies (all may die), d defenders. A battle stops when
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

from .lattice import PowerWindow, power_coefficient, strip_zero_ends
from .rounds import round_table, transitions


def full_region(rules, retreat, goal):
    """Least (a, d) of the rectangle where both sides roll full dice and the battle goes on."""
    return max(rules.attack_dice, retreat + 1), max(rules.defend_dice, goal + 1)


def round_polynomial(rules):
    """Counts of the full round by attacker losses: t[i] = count(attacker loses i, defender m - i)."""
    m = min(rules.attack_dice, rules.defend_dice)
    counts = {al: c for al, dl, c in transitions(rules, rules.attack_dice, rules.defend_dice)}
    return [counts.get(i, 0) for i in range(m + 1)]


def full_region_exits(A, D, rules, retreat, goal, scale, floor=(0, 0)):
    """Mass leaving the full-dice rectangle, from (A, D) inside it: {(a, d): value}.

    A state after r rounds inside the rectangle has lost al attacking armies and dl defenders with
    al + dl = m * r; its probability is c(r, al) / total**r with c the coefficients of T(x)**r.
    Only states next to the rectangle's two walls can leave it, so two windows walk the rows.
    States below `floor` are dropped (they cannot reach a target above them).
    """
    a_lo, d_lo = full_region(rules, retreat, goal)
    amax, dmax = A - a_lo, D - d_lo          # losses each side can take and stay inside
    t = round_polynomial(rules)
    m = len(t) - 1
    shift, u = strip_zero_ends(t)
    step = scale.step(rules, rules.attack_dice, rules.defend_dice)
    # Two walls, each a window of m losses of the attacker (al) in row r:
    # the attacker wall al in [amax - m + 1, amax], the defender wall dl in [dmax - m + 1, dmax].
    # A window is useful while it meets the row's inside states 0 <= al <= amax, 0 <= dl <= dmax.
    last = (amax + dmax) // m
    walls = [lambda r: amax - m + 1, lambda r: m * r - dmax]
    first = [max(0, -(-(amax - m + 1) // m)), max(0, -(-(dmax - m + 1) // m))]
    windows = [PowerWindow(u, first[0], at_top=True) if shift == 0 else PowerWindow(u), PowerWindow(u)]
    exits = {}
    for r in range(last + 1):
        inside = {}
        for w, (window, wall_lo) in enumerate(zip(windows, walls)):
            if r < window.r:
                continue
            lo = wall_lo(r)
            vals = window.row(lo - shift * r, lo + m - 1 - shift * r)
            for al, c in zip(range(lo, lo + m), vals):
                if c and 0 <= al <= amax and 0 <= m * r - al <= dmax:
                    inside[al] = c
        exps = tuple(e * (r + 1) for e in step)
        for al, c in inside.items():
            dl = m * r - al
            for i, ti in enumerate(t):
                if ti and (al + i > amax or dl + m - i > dmax):
                    state = (A - al - i, D - dl - m + i)
                    if state[0] >= floor[0] and state[1] >= floor[1]:
                        old = exits.get(state)
                        value = (c * ti, exps)
                        exits[state] = value if old is None else scale.add(old, value)
        if r < last:
            for window, wall_lo in zip(windows, walls):
                if r >= window.r:
                    lo = wall_lo(r + 1) - shift * (r + 1)
                    window.advance(lo, lo + m - 1)
    return exits


def inside_probability(A, D, a, d, rules, scale):
    """P((A, D) -> (a, d)) for a target inside the full-dice rectangle (every path stays inside)."""
    t = round_polynomial(rules)
    m = len(t) - 1
    lost = (A - a) + (D - d)
    if lost % m:
        return scale.zero
    r = lost // m
    step = scale.step(rules, rules.attack_dice, rules.defend_dice)
    return power_coefficient(t, r, A - a), tuple(e * r for e in step)


def flow(initial, rules, retreat, goal, scale, floor=(0, 0)):
    """Push mass from `initial` {(a, d): value} round by round until every path stops.

    Returns {(a, d): value}: the total mass that arrived at each state visited (for a stopping
    state, the probability of ending there). States below `floor` are dropped.
    """
    arrived = {}
    pending = dict(initial)
    by_total = defaultdict(list)
    for a, d in pending:
        by_total[a + d].append((a, d))
    top = max(by_total, default=-1)
    ma, md = rules.attack_dice, rules.defend_dice
    table = round_table(rules, scale)
    add_values = scale.add
    for total in range(top, -1, -1):
        for state in by_total.pop(total, ()):
            value = pending.pop(state)
            arrived[state] = value
            a, d = state
            if a <= retreat or d <= goal:
                continue
            trans, step = table[min(ma, a), min(md, d)]
            exps = tuple(map(add, value[1], step))
            num = value[0]
            for al, dl, c in trans:
                nxt = (a - al, d - dl)
                if nxt[0] < floor[0] or nxt[1] < floor[1]:
                    continue
                new = (num * c, exps)
                old = pending.get(nxt)
                if old is None:
                    pending[nxt] = new
                    by_total[nxt[0] + nxt[1]].append(nxt)
                else:
                    pending[nxt] = add_values(old, new)
    return arrived


def start_mass(A, D, rules, retreat, goal, scale, closed_form=True, floor=(0, 0)):
    """Initial masses for `flow`: the exits of the full-dice rectangle, or the start itself."""
    a_lo, d_lo = full_region(rules, retreat, goal)
    if closed_form and A >= a_lo and D >= d_lo:
        return full_region_exits(A, D, rules, retreat, goal, scale, floor)
    return {(A, D): scale.one}


def end_states(A, D, rules, retreat, goal, scale, closed_form=True):
    """{(a, d): value} over the states where the battle from (A, D) stops."""
    arrived = flow(start_mass(A, D, rules, retreat, goal, scale, closed_form), rules, retreat, goal, scale)
    return {s: v for s, v in arrived.items() if (s[0] <= retreat or s[1] <= goal) and v[0]}


def passage(A, D, a, d, rules, retreat, goal, scale, closed_form=True):
    """P(the battle from (A, D) passes through or ends at (a, d)) as a value."""
    if (a, d) == (A, D):
        return scale.one
    a_lo, d_lo = full_region(rules, retreat, goal)
    if closed_form and a >= a_lo and d >= d_lo:
        return inside_probability(A, D, a, d, rules, scale)
    initial = start_mass(A, D, rules, retreat, goal, scale, closed_form, floor=(a, d))
    return flow(initial, rules, retreat, goal, scale, floor=(a, d)).get((a, d), scale.zero)
