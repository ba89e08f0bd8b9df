"""Backward sweeps: P(win) from every state of a grid, one line of states at a time.

W(a, d) = sum over round outcomes of weight * W(a - al, d - dl) / (the round's total weight), with
W(a, 0) = 1 when a >= need (a win with enough survivors) and W(0, d) = 0. Attacking armies.
A line (all d for one a, or all a for one d) depends only on the few lines before it, so a
sweep keeps at most four lines in memory and can run to large grids.
"""
from operator import add

from ..guards.budget import tick
from .choice import choice_lines


def win_lines(model, scale, length, by="attackers", need=1, decisions=None, terminal=None):
    """Yield (i, line) for i = 0, 1, 2, ...: P(win) as scaled values in attacking armies.

    by="attackers": line i holds W(i, d) for d = 0..length.
    by="defenders": line i holds W(a, i) for a = 0..length.
    need: least attacking armies left that count as a win (1: any conquest).
    model: a RoundModel (a request compiles its Rules once: checks/model.py). A round costs a side at most the dice it
    throws, so line i needs only the `depth` lines before it. A defender who chooses its dice
    (choice.py) decides at each state; `decisions` (a dict) receives what it decided.
    terminal(a): the value of a conquest with a attacking armies left, in place of 1 or 0 (an
    expectation then: a plan's value of going on from there, plan.py).
    """
    if model.defender_choice != "most":          # the round depends on the state: decided as we go
        yield from choice_lines(model, scale, length, by, need, decisions, terminal)
        return
    depth = model.attack_dice if by == "attackers" else model.defend_dice
    ma, md = model.attack_dice, model.defend_dice
    table = model.lookup(scale)
    zero, one = scale.zero, scale.one
    single_base = len(scale.bases) == 1
    base, power, align = scale.bases[0], scale.power, scale.align
    kept = {}
    i = 0
    work = 1 + length // 64             # ticks of the running deadline per line
    while True:
        tick(work)
        kept[i] = line = []
        for j in range(length + 1):
            a, d = (i, j) if by == "attackers" else (j, i)
            if d == 0:
                line.append((terminal(a) if terminal else one) if a >= need else zero)
                continue
            if a == 0:
                line.append(zero)
                continue
            trans, step = table[min(ma, a), min(md, d)]
            parts = []
            for al, dl, c in trans:
                v = kept[a - al][d - dl] if by == "attackers" else kept[d - dl][a - al]
                if v[0]:
                    parts.append((v[0] * c, v[1]))
            if not parts:
                line.append(zero)
                continue
            if len(parts) == 1:
                num, e = parts[0]
            elif single_base:       # exponents are 1-tuples: align each part to the largest
                top = max(p[1][0] for p in parts)
                num = sum(n if pe == top else n * power(base, top - pe) for n, (pe,) in parts)
                e = (top,)
            else:
                e = tuple(map(max, *(p[1] for p in parts)))
                num = sum(align(p, e) for p in parts)
            line.append((num, tuple(map(add, e, step))))
        kept.pop(i - depth - 1, None)
        yield i, line
        i += 1
