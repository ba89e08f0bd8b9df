"""One round of weighted dice, counted exactly through the sorted dice (order statistics).

A die with f faces has non-negative integer weights w_1..w_f (all 1: a fair die); face v comes
up with probability w_v / W, W = w_1 + ... + w_f. A round throws na attacking and nd defending
dice; each side sorts its dice descending, adds its bonus, and the i-th highest dice of the two
sides meet, i = 1..m, m = min(na, nd): the higher value wins the pair, a tie goes to the
defender (or to the attacker: `attacker_wins_ties`), the loser of each pair loses one army.
`round_counts` returns {(attacker losses, defender losses): count}, the total weight of the
ordered rolls with that outcome, out of W_a**na * W_d**nd: exact integers, and fair dice give the
plain counts of rolls (2890, 2611 and 2275 of 7776 for 3 v 2).

Why not enumerate rolls: two sides of three 100-faced dice have 100**6 = 10**12 ordered rolls,
and even their sorted top dice pair up 171,700 x 171,700 ways. Instead we walk down the values
once, placing dice as we go, and count placements combinatorially.

Counting sorted rolls
---------------------
Of the n dice of one side, say c_v show face v (c_1 + ... + c_f = n). The ordered rolls with
these counts number n! / (c_1! ... c_f!) (which die shows what), each with weight
prod_v w_v**c_v. Walk the faces from the top down, having placed k dice so far: choosing which
c of the n - k dice left show face v is C(n - k, c) ways, and the product of these binomials
over the walk is exactly that multinomial. So one level at a time, the count of the sorted
rolls (the order statistics x_1 >= x_2 >= ... >= x_n) builds up as

    sum over the walks of  prod_v  C(n - k_v, c_v) * w_v**c_v,        k_v = dice above v.

Reading the pairs off the walk
------------------------------
The i-th highest die is above a level L exactly when at least i dice were placed above L:
x_i > L  <=>  k(L) >= i. So walking both sides down together, level by level, a pair i is
decided at the level L where the defender's i-th die is placed: the attacker's i-th die beats it
when the attacker had already placed i dice above L (ties to the defender), or i dice at or
above L (ties to the attacker). Each pair is decided exactly once, so the state of the walk is
just (attacker dice placed, defender dice placed, pairs won so far): at most 4 x 4 x 4 states,
and a round costs O(faces x states) steps, whatever the number of rolls.

Bonuses
-------
We walk the values the dice compare with (effective values), not the faces. "+1 to every die"
moves the whole die up one level: at level L it shows face L - 1 with weight w_(L-1), and the
order of the dice is unchanged. "+1 to the highest die" lifts only the top die x_1 to x_1 + 1
(still the highest, now strictly). Its level L holds that die alone, with weight w_(L-1); the
dice tied with it, c' more dice showing x_1 = L - 1, are placed at the very next level, and no
other die may show that face. The binomials must count the group of 1 + c' equal faces once,
C(n, 1 + c'), not C(n, 1) * C(n - 1, c') = (1 + c') * C(n, 1 + c') (which would tell the tied
dice apart by which one got the bonus): so the top placement counts 1 and the next level counts
C(n, 1 + c'), which is what the flag `fresh` (the top die was placed one level up) is for.
Bonuses of the two sides simply add: +1 against +1 on the same pair cancels, and a tie of the
bonused values goes where the tie rule says.
"""
from itertools import combinations_with_replacement
from math import comb, factorial

NONE, HIGHEST, ALL = "none", "highest", "all"     # bonus of one side ("all": every die, +1)


def round_counts(na, nd, attack_weights, defend_weights, attack_bonus=NONE, defend_bonus=NONE,
                 attacker_wins_ties=False):
    """{(attacker_losses, defender_losses): count} for na attacking against nd defending dice
    (derivation above). *_weights: one non-negative int per face, faces 1..f. *_bonus: NONE,
    HIGHEST (+1 to that side's highest die) or ALL (+1 to every die). Counts sum to
    sum(attack_weights)**na * sum(defend_weights)**nd; outcomes of count 0 are left out.

    >>> round_counts(3, 2, [1] * 6, [1] * 6)
    {(0, 2): 2890, (1, 1): 2611, (2, 0): 2275}
    >>> round_counts(1, 1, [1] * 6, [1] * 6, attack_bonus=HIGHEST)    # d6+1 v d6: 21 + 5 of 36
    {(0, 1): 21, (1, 0): 15}
    """
    m = min(na, nd)
    top = max(len(attack_weights), len(defend_weights)) + 1       # highest effective value
    sides = (_Side(na, attack_weights, attack_bonus), _Side(nd, defend_weights, defend_bonus))
    # state: (attacker dice placed, defender dice placed, pairs won by the attacker,
    #         attacker top die placed one level up, same for the defender) -> count
    states = {(0, 0, 0, False, False): 1}
    for level in range(top, 0, -1):
        if attacker_wins_ties:    # a defender die at this level loses to attacker dice at it too
            states = _place(states, 0, sides[0], level, m)
            states = _place(states, 1, sides[1], level, m)
        else:
            states = _place(states, 1, sides[1], level, m)
            states = _place(states, 0, sides[0], level, m)
    out = {}
    for (ka, kd, won, fa, fd), count in states.items():
        if ka < na or kd < nd:          # walks that left dice unplaced are no rolls
            continue
        key = (m - won, won)
        out[key] = out.get(key, 0) + count
    return dict(sorted((k, v) for k, v in out.items() if v))


class _Side:
    """One side's dice: how many, their weights, and their bonus."""

    def __init__(self, n, weights, bonus):
        self.n, self.weights, self.bonus = n, tuple(weights), bonus

    def weight(self, face):
        return self.weights[face - 1] if 1 <= face <= len(self.weights) else 0

    def placements(self, placed, fresh, level):
        """[(c, weight, fresh after)]: the ways to place c more dice at effective `level`, having
        placed `placed` dice above it (the top die one level up if `fresh`)."""
        left = self.n - placed
        if fresh:                      # the dice tied with the bonused top die, all of them
            w = self.weight(level)
            return [(c, comb(self.n, 1 + c) * w ** c, False) for c in range(left + 1) if w or not c]
        if placed == 0 and self.bonus == HIGHEST:
            w = self.weight(level - 1)     # the top die alone, showing level - 1
            return [(0, 1, False)] + ([(1, w, True)] if w else [])
        w = self.weight(level - 1 if self.bonus == ALL else level)
        if not w:
            return [(0, 1, False)]
        return [(c, comb(left, c) * w ** c, False) for c in range(left + 1)]


def _place(states, who, side, level, m):
    """One side's placements at one level; a defender die placed decides its pair (if i <= m)."""
    out = {}
    for (ka, kd, won, fa, fd), count in states.items():
        placed, fresh = (ka, fa) if who == 0 else (kd, fd)
        for c, w, fresh_after in side.placements(placed, fresh, level):
            if who == 0:
                key = (ka + c, kd, won, fresh_after, fd)
            else:   # defender dice kd+1..kd+c sit at this level: pair i is won when ka >= i
                key = (ka, kd + c, won + max(0, min(ka, m, kd + c) - kd), fa, fresh_after)
            out[key] = out.get(key, 0) + count * w
    return out


# ----------------------------------------------------------------------------- rolls one by one
# The defender who chooses after seeing the attacker's roll (algorithms/choice.py) needs each
# attacking roll on its own. Sorted rolls are few (C(f + n - 1, n): 56 for three d6), each
# standing for the ordered rolls with the same dice: n! / prod(c_v!) of them, weight prod w_v**c_v.
def sorted_rolls(n, weights, bonus=NONE):
    """[(effective values, highest first; weight)] of every sorted roll of n dice with these
    face weights (zero-weight faces left out), the side's bonus added. Weights sum to sum(w)**n."""
    faces = [v for v in range(len(weights), 0, -1) if weights[v - 1]]
    out = []
    for roll in combinations_with_replacement(faces, n):
        weight = factorial(n)
        for v in set(roll):
            c = roll.count(v)
            weight = weight // factorial(c) * weights[v - 1] ** c
        values = [v + 1 for v in roll] if bonus == ALL else list(roll)
        if bonus == HIGHEST:
            values[0] += 1
        out.append((tuple(values), weight))
    return out


def sorted_roll_count(faces, n):
    """How many sorted rolls n dice of `faces` faces have: C(faces + n - 1, n)."""
    return comb(faces + n - 1, n)


def pairs_outcome(attack, defend, attacker_wins_ties=False):
    """(attacker losses, defender losses) when sorted effective values meet pair by pair."""
    won = sum(1 for x, y in zip(attack, defend) if x > y or (attacker_wins_ties and x == y))
    pairs = min(len(attack), len(defend))
    return pairs - won, won
