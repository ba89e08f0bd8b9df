"""A brute-force oracle for branching plans, written without the engine's plan code: every
position of the turn (armies on each territory that still has targets, the targets left), every
choice of attacking territory and target, every move after a conquest, Fractions throughout.
Battles come from engine_oracle.forward (its own dynamic program)."""
from fractions import Fraction
from functools import lru_cache

import choice_oracle
import engine_oracle as orc


def best(tree, T, rules=orc.STD, choosers=None):
    """P(every target conquered) under the best play from T armies on the starting territory.
    tree: a list of (defenders, [children]) pairs; choosers: {target index: "after-roll", ...} for
    defenders that choose their dice (choice_oracle), indexes in the order typed."""
    flat = []

    def add(items):
        out = []
        for d, kids in items:
            i = len(flat)
            flat.append(None)
            flat[i] = (d, tuple(add(kids)))
            out.append(i)
        return tuple(out)
    roots = add(tree)
    choosers = choosers or {}

    @lru_cache(maxsize=None)
    def conquests(t, c):
        """{armies left on the attacker's territory: P} for t armies there attacking target c."""
        d = flat[c][0]
        if c in choosers:
            ends = choice_oracle.end_states(choice_oracle.Dice(), choosers[c], t - 1, d)
        else:
            ends = orc.forward(t - 1, d, rules)
        return {a + 1: p for (a, dd), p in ends.items() if dd == 0}

    @lru_cache(maxsize=None)
    def value(position):
        """position: sorted tuple of (territory, armies, targets left) with targets left."""
        if not position:
            return Fraction(1)
        top = Fraction(0)
        for k, (v, t, left) in enumerate(position):
            if t < 2:
                continue
            for c in left:
                total = Fraction(0)
                for t2, p in conquests(t, c).items():
                    options = []
                    for m in range(1, t2):
                        rest = position[:k] + position[k + 1:]
                        if len(left) > 1:
                            rest += ((v, t2 - m, tuple(x for x in left if x != c)),)
                        if flat[c][1]:
                            rest += ((c, m, flat[c][1]),)
                        options.append(value(tuple(sorted(rest))))
                    total += p * max(options)
                top = max(top, total)
        return top

    return value((((-1), T, roots),))
