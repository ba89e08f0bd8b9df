"""The heavy engine results the figures and downloads share, each cached by its inputs."""
import math
from fractions import Fraction
from functools import lru_cache

import numpy as np
import riskodds as ro

from .. import cache

GRID_N = 1000          # win-probability grid for the download (~40-60 s cold, then cached)
NEEDED_D = 200         # troops-needed tables: D = 1..200, standard and capital
CHAIN_T = 72           # chain campaign (territory convention), as in Norvig's notebook
CHAIN = [22, 8, 2, 2, 2, 7, 1, 1, 3, 1, 2, 3, 5, 1]


def win_grid(n: int = GRID_N) -> np.ndarray:
    """float64 [a-1, d-1] = P(win), a attacking armies, d defenders (exact, correctly rounded)."""
    return _win_grid(n)


@lru_cache(maxsize=None)  # once per process, even with --no-cache (keyed on the positional n)
def _win_grid(n: int) -> np.ndarray:
    return cache.cached("win-grid", {"n": n}, lambda: np.array(list(ro.win_grid_floats(n)), dtype=np.float64))


def territory_grid(n: int = GRID_N) -> np.ndarray:
    """float64 [t-1, d-1] = P(win) with t armies on the attacking territory (t - 1 attacking,
    one stays behind) against d defenders: the attacking grid moved down one row, with a first
    row of zeros (one army on the territory cannot attack)."""
    g = win_grid(n)
    return np.vstack([np.zeros((1, g.shape[1])), g[:-1]])


def needed(d: int = NEEDED_D) -> dict:
    return _needed(d)


@lru_cache(maxsize=None)
def _needed(d: int) -> dict:
    return cache.cached("needed", {"d": d}, lambda: ro.needed_tables(d))


@lru_cache(maxsize=None)  # once per process, even with --no-cache
def battle_dist(A: int, D: int) -> list[float]:
    """P(n attacking armies lost), n = 0..A, as floats (exact values are in facts.py)."""
    return [float(x) for x in ro.battle(A, D, convention="attacking").attackers_lost]


@lru_cache(maxsize=None)  # once per process, even with --no-cache
def chain() -> ro.Campaign:
    """The article's chain campaign (territory convention); its `scores` feed the figure."""
    return ro.campaign(CHAIN_T, CHAIN, convention="territory")


def log10(p: Fraction) -> float:
    """log10 of an exact probability, at any size (no float underflow)."""
    return math.log10(p.numerator) - math.log10(p.denominator)


def event_log10(A: int, D: int, event: str) -> float:
    """log10 P(event) in an A v D battle (attacking armies, standard rules), exactly from the
    engine; event: "loss" or "lost-at-least:K" (the pipeline's rare-event names)."""
    b = ro.battle(A, D, convention="attacking")
    if event == "loss":
        return log10(b.loss)
    return log10(sum(b.attackers_lost[int(event.split(":")[1]):], Fraction(0)))
