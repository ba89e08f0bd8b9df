"""Backward sweeps: P(win) from every state of a grid, one line of states at a time.

W(a, d) = sum over round outcomes of count * W(a - al, d - dl) / (faces**dice), with
W(a, 0) = 1 when a >= need (a win with enough survivors) and W(0, d) = 0. Attacking armies.
A line (all d for one a, or all a for one d) depends only on the few lines before it, so a
sweep keeps at most four lines in memory and can run to large grids.
"""
from operator import add

from .rounds import transitions


def _value(a, d, get, rules, scale, need):
    """W(a, d) as a scaled value, from the already-known W of the states one round later."""
    if d == 0:
        return scale.one if a >= need else scale.zero
    if a == 0:
        return scale.zero
    na, nd = min(rules.attack_dice, a), min(rules.defend_dice, d)
    parts = []
    for al, dl, c in transitions(rules, na, nd):
        v = get(a - al, d - dl)
        if v[0]:
            parts.append((v[0] * c, v[1]))
    if not parts:
        return scale.zero
    total = scale.total(parts)
    return total[0], tuple(map(add, total[1], scale.step(rules, na, nd)))


def win_lines(rules, scale, length, by="attackers", need=1):
    """Yield (i, line) for i = 0, 1, 2, ...: P(win) as scaled values in attacking armies.

    by="attackers": line i holds W(i, d) for d = 0..length.
    by="defenders": line i holds W(a, i) for a = 0..length.
    need: least attacking armies left that count as a win (1: any conquest).
    """
    depth = rules.attack_dice if by == "attackers" else rules.defend_dice
    kept = {}
    if by == "attackers":
        get = lambda a, d: kept[a][d]
    else:
        get = lambda a, d: kept[d][a]
    i = 0
    while True:
        kept[i] = line = []
        for j in range(length + 1):
            a, d = (i, j) if by == "attackers" else (j, i)
            line.append(_value(a, d, get, rules, scale, need))
        kept.pop(i - depth - 1, None)
        yield i, line
        i += 1
