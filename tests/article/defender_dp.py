"""The defender's dice choice for the article's checks, written apart from the engine, from
sitebuild/article/decisions.py and from tests/engine/choice_oracle.py (which it is checked
against on small grids): one backward pass over a grid of states, in integers.

States are (a attacking armies, d defenders); the attacker rolls min(3, a) dice, the defender
nd dice, 1 <= nd <= min(defend_dice, d), chosen by `mode`:
  "most"          the most it may (the standard game)
  "before-roll"   the nd that leaves the attacker least, chosen knowing (a, d) only
  "after-roll"    the nd that leaves the attacker least, chosen after seeing the attacking roll
  ("rule", k)     one die when d >= 2 and the attacker's second-highest die is k or more
Ties go to more dice.

Exact in integers: with S = 3 + defend_dice (the most dice in a round), W(a, d) = V(a, d) *
6**(S (a + d)) is an integer. A round rolls na + nd <= S dice and removes m = min(na, nd) >= 1
armies, so each term of V's recursion, scaled, is an integer times 6**(S m - na - nd), a whole
power of six. Every choice at (a, d) is scaled alike, so comparing choices is comparing integers.
"""
from fractions import Fraction
from functools import lru_cache
from itertools import product


def _lost(att, dfn):
    """(attacker losses, defender losses) of the highest dice compared pair by pair; ties to the defender."""
    x, y = sorted(att, reverse=True), sorted(dfn, reverse=True)
    won = sum(p > q for p, q in zip(x, y))
    return min(len(x), len(y)) - won, won


@lru_cache(maxsize=None)
def _against(att: tuple, nd: int) -> tuple:
    """((al, dl, number of defending rolls), ...) of nd defending dice against the attacking dice att."""
    out = {}
    for dfn in product(range(1, 7), repeat=nd):
        key = _lost(att, dfn)
        out[key] = out.get(key, 0) + 1
    return tuple((al, dl, c) for (al, dl), c in sorted(out.items()))


@lru_cache(maxsize=None)
def _tops(na: int, keep: int) -> tuple:
    """((the highest `keep` attacking dice, number of ordered rolls of na dice), ...)."""
    out = {}
    for roll in product(range(1, 7), repeat=na):
        top = tuple(sorted(roll, reverse=True)[:keep])
        out[top] = out.get(top, 0) + 1
    return tuple(sorted(out.items(), reverse=True))


@lru_cache(maxsize=None)
def _table(na: int, nd: int) -> tuple:
    """((al, dl, number of rolls of all na + nd dice), ...)."""
    out = {}
    for top, n in _tops(na, na):
        for al, dl, c in _against(top, nd):
            out[al, dl] = out.get((al, dl), 0) + n * c
    return tuple((al, dl, c) for (al, dl), c in sorted(out.items()))


def solve(mode, a_max: int, d_max: int, defend_dice: int = 2):
    """(W, S, choices): W[a][d] as above for a <= a_max, d <= d_max; choices[(a, d)] the defender's
    decision where it has one (after the roll or under a rule: {attacker's top dice: nd})."""
    S = 3 + defend_dice
    six = [6 ** i for i in range(3 * S + 1)]
    W = [[0] * (d_max + 1) for _ in range(a_max + 1)]
    for a in range(a_max + 1):
        W[a][0] = 6 ** (S * a)
    choices = {}
    for a in range(1, a_max + 1):
        na = min(3, a)
        for d in range(1, d_max + 1):
            most = min(defend_dice, d)

            def e(rows, nd):   # one choice's scaled sum over its outcomes
                m = min(na, nd)
                return sum(c * W[a - al][d - dl] for al, dl, c in rows) * six[S * m - na - nd]
            if mode == "most":
                W[a][d] = e(_table(na, most), most)
            elif mode == "before-roll":
                W[a][d] = min(e(_table(na, nd), nd) for nd in range(most, 0, -1))
            else:
                total, chose = 0, {}
                for top, n in _tops(na, min(na, 2)):
                    if mode == "after-roll":
                        best, nd = min((e(_against(top, nd), nd), -nd) for nd in range(most, 0, -1))
                        nd = -nd
                    else:
                        nd = 1 if d >= 2 and len(top) == 2 and top[1] >= mode[1] else most
                        best = e(_against(top, nd), nd)
                    total += n * best
                    chose[top] = nd
                W[a][d] = total
                if most >= 2:
                    choices[a, d] = chose
    return W, S, choices


def win(W, S, a: int, d: int):
    """P(win) from (a, d) as a Fraction."""
    return Fraction(W[a][d], 6 ** (S * (a + d)))
