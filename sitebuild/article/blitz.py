"""The Balanced Blitz part of the article: what its figures draw, from the engine.

Every value is riskodds' (the exact true-random battle, reshaped by riskodds.algorithms.reshape); the
figures in figures/blitz.py only draw. Army counts are armies on the attacking territory, as
on the board (one stays behind and does not fight); the game's published dice code counts the
armies that fight, one fewer."""
from fractions import Fraction
from functools import lru_cache

import riskodds as ro
from riskodds.algorithms import reshape as balanced

from . import data as article_data, facts

EQUAL_N = 200              # equal armies n v n, n = 1..EQUAL_N
ROW_D, ROW_A = 10, 40      # T = 1..ROW_A armies on the attacking territory against ROW_D defenders
CURVE_STEPS = 500          # the reshaping curve at P = k / CURVE_STEPS
LOSSES = (31, 15, "capital")   # one battle both ways: the published check's 30 attacking armies, 31 on the territory
RULES = {"standard": ro.STANDARD, "capital": ro.CAPITAL}


def reshaped(p) -> float:
    """The Balanced Blitz win chance of a fight to the end whose true-random P(win) is p (a
    float or Fraction, taken exactly)."""
    return balanced.win_chance_float(*Fraction(p).as_integer_ratio())


def _line(ps) -> dict:
    ps = [float(p) for p in ps]
    return {"true": ps, "blitz": [reshaped(p) for p in ps]}


def equal_armies() -> dict:
    """P(attacker wins) for n v n on the board, both ways (the diagonal of the article's win grid)."""
    grid = article_data.territory_grid()
    return {"n": list(range(1, EQUAL_N + 1)), **_line(grid[n - 1, n - 1] for n in range(1, EQUAL_N + 1))}


def against_row() -> dict:
    """P(attacker wins) for T = 1..ROW_A armies on the territory against ROW_D defenders, both ways."""
    grid = article_data.territory_grid()
    return {"n": list(range(1, ROW_A + 1)), **_line(grid[a - 1, ROW_D - 1] for a in range(1, ROW_A + 1))}


def certain_from() -> tuple[int, int]:
    """(n, T): the fewest armies on the territory for which n v n, and T against ROW_D, are
    certain Balanced Blitz wins (decided exactly, the numbers the text prints)."""
    return (facts.value("blitz/equal_certain/territory/std"),
            facts.value(f"blitz/needed/{ROW_D}/1/territory/std"))


def curve() -> dict:
    ps = [Fraction(k, CURVE_STEPS) for k in range(CURVE_STEPS + 1)]
    return {"p": [float(p) for p in ps], "g": [reshaped(p) for p in ps]}


def thresholds() -> tuple[float, float]:
    """(zero, certain): Balanced Blitz never wins at or below `zero` (true-random P(win)) and
    always wins at or above `certain`."""
    certain = balanced.certain_win_threshold()
    return float(1 - certain), float(certain)


@lru_cache(maxsize=None)
def losses() -> tuple[dict, dict]:
    """LOSSES' battle: (attacking armies lost, defenders lost), each {"true", "blitz"} floats."""
    T, D, rules = LOSSES
    r = ro.battle(T, D, convention="territory", rules=RULES[rules], dice_mode="balanced-blitz")
    b = r.true_random
    return ({"true": [float(x) for x in b.attackers_lost], "blitz": r.attackers_lost},
            {"true": [float(x) for x in b.defenders_lost], "blitz": r.defenders_lost})
