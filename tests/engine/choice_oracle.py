"""A brute-force oracle for the defender's dice choice, written without the engine: every ordered
roll of the attacker's dice and of the defender's, Fractions, memoised recursion.

The defender picks nd = 1 .. min(defend_dice, d) to minimise the attacker's chance of winning
(d <= goal before a <= retreat); ties go to more dice. "before-roll": one choice per state;
"after-roll": one choice per state and ordered attacking roll."""
from fractions import Fraction as F
from functools import lru_cache
from itertools import product


class Dice:
    """Rules for the oracle: dice counts, faces, tie rule, defender +1 on the highest die."""

    def __init__(self, attack_dice=3, defend_dice=2, attack_faces=6, defend_faces=6, zombies=False,
                 bunker=False):
        self.ma, self.md, self.fa, self.fd = attack_dice, defend_dice, attack_faces, defend_faces
        self.zombies, self.bunker = zombies, bunker

    def outcome(self, att, dfn):
        """(attacker losses, defender losses) of two ordered rolls."""
        x, y = sorted(att, reverse=True), sorted(dfn, reverse=True)
        if self.bunker:
            y[0] += 1
        won = sum(1 for i in range(min(len(x), len(y))) if x[i] > y[i] or (self.zombies and x[i] == y[i]))
        return min(len(x), len(y)) - won, won


@lru_cache(maxsize=None)
def given(dice, att, nd):
    """{(al, dl): P} for nd defending dice against the ordered attacking roll att."""
    counts = {}
    for dfn in product(range(1, dice.fd + 1), repeat=nd):
        o = dice.outcome(att, dfn)
        counts[o] = counts.get(o, 0) + 1
    return {o: F(c, dice.fd ** nd) for o, c in counts.items()}


def solve(dice, mode, A, D, retreat=0, goal=0):
    """(V, policy): V[(a, d)] the attacker's chance of winning, policy[(a, d)] a function of the
    ordered attacking roll giving the defender's number of dice."""
    V, policy = {}, {}

    def value(a, d):
        if d <= goal:
            return F(1)
        if a <= retreat:
            return F(0)
        if (a, d) in V:
            return V[a, d]
        na, ndmax = min(dice.ma, a), min(dice.md, d)
        rolls = list(product(range(1, dice.fa + 1), repeat=na))

        def expect(att, nd):
            return sum(p * value(a - al, d - dl) for (al, dl), p in given(dice, att, nd).items())

        if mode == "before-roll":
            best = min(range(ndmax, 0, -1), key=lambda nd: sum(expect(x, nd) for x in rolls))  # first min: most dice
            choice = {x: best for x in rolls}
        elif mode == "after-roll":
            choice = {x: min(range(ndmax, 0, -1), key=lambda nd: expect(x, nd)) for x in rolls}
        else:
            choice = {x: ndmax for x in rolls}
        V[a, d] = sum(expect(x, choice[x]) for x in rolls) / len(rolls)
        policy[a, d] = choice
        return V[a, d]

    value(A, D)
    return V, policy


def end_states(dice, mode, A, D, retreat=0, goal=0):
    """{(a, d): P} where the battle from (A, D) stops, attacking armies, under the defender's best play."""
    _, policy = solve(dice, mode, A, D, retreat, goal)

    @lru_cache(maxsize=None)
    def dist(a, d):
        if d <= goal or a <= retreat:
            return ((a, d, F(1)),)
        na = min(dice.ma, a)
        rolls = list(product(range(1, dice.fa + 1), repeat=na))
        out = {}
        for x in rolls:
            for (al, dl), p in given(dice, x, policy[a, d][x]).items():
                for s_a, s_d, q in dist(a - al, d - dl):
                    out[s_a, s_d] = out.get((s_a, s_d), 0) + p * q / len(rolls)
        return tuple((s_a, s_d, q) for (s_a, s_d), q in out.items())

    return {(a, d): q for a, d, q in dist(A, D) if q}
