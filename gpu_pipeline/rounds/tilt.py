"""Exponentially tilted round distributions, realised exactly as integer counts over 2**32.

Notation (used by ``rare.py``, ``cross_entropy.py`` and ``kernels/rare_battle.cu``): a round
with dice kappa = (na, nd) removes j attacking armies and m - j defenders (m = min(na, nd))
with probability p_kappa(j) = c_kappa(j) / S_kappa, the engine's exact outcome counts.

Tilting by theta (one number per dice pair kappa) favours attacker losses:

    q_kappa(j)  proportional to  p_kappa(j) * exp(theta_kappa * j),

so theta = 0 is the fair round and theta > 0 makes the attacker lose more. The tilted mean
attacker loss mu_kappa(theta) = sum_j j q_kappa(j) rises with theta (its derivative is the
tilted variance), which is what lets the cross-entropy step solve for theta by bisection.

A simulation needs q exactly, not approximately: the likelihood ratio p/q that makes the
estimator unbiased must be the ratio of the probabilities the sampler really used. So q is
rounded once to integers Q_kappa(j) summing to 2**32, and a round takes the raw 32-bit
Philox word x (exactly uniform on [0, 2**32), no rejection needed) and loses
j = #{i : T_kappa(i) <= x}, T_kappa(i) = Q_kappa(0) + ... + Q_kappa(i). Then q_kappa(j) is
exactly Q_kappa(j) / 2**32, and the per-round log likelihood ratio is

    lambda_kappa(j) = log c_kappa(j) - log S_kappa - log Q_kappa(j) + 32 log 2,

computed from the exact integers. Every outcome possible under p keeps Q >= 1 (q > 0), so
no event path is ever missed; outcomes impossible under p get Q = 0.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .spec import (RATIO_WIDTH, TABLE_KEYS, THRESHOLD_WIDTH, BattleSpec, engine_outcome_space,
                   table_key)

TWO32 = 1 << 32
THETA_MAX = 12.0            # |theta| cap: keeps every possible outcome at q >= ~e^-72 (Q >= 1)


@dataclass(frozen=True)
class LossCounts:
    """A table of loss counts: for every dice pair kappa = (na, nd), integer weights
    counts[kappa][j] of the round's outcomes by attacker losses j (the defender loses
    min(na, nd) - j). Weights are relative (any positive total); probabilities are
    counts / total. (Not the engine's ``riskodds.RoundModel``, which holds whole round tables.)"""
    counts: dict                # {(na, nd): tuple of ints, index j = attacker losses}

    @classmethod
    def of_spec(cls, spec: BattleSpec, outcome_space=None) -> "LossCounts":
        """The engine's exact outcome counts for every dice pair the battle's rules allow."""
        r = spec.rules
        space = outcome_space or (lambda na, nd: engine_outcome_space(na, nd, r))
        return cls.of_tables({(na, nd): space(na, nd) for na in range(1, r.attack_dice + 1)
                              for nd in range(1, r.defend_dice + 1)})

    @classmethod
    def of_tables(cls, tables: dict) -> "LossCounts":
        """From round tables {(na, nd): {(attacker losses, defender losses): weight}}."""
        counts = {}
        for (na, nd), table in tables.items():
            m = min(na, nd)
            c = [0] * (m + 1)
            for (la, ld), w in table.items():
                if la + ld != m or w < 0 or int(w) != w:
                    raise ValueError(f"round table {na} v {nd}: bad entry {(la, ld)}: {w}")
                c[la] += int(w)
            if not sum(c):
                raise ValueError(f"round table {na} v {nd} has no outcome")
            counts[na, nd] = tuple(c)
        return cls(counts)

    def probs(self, key) -> list[float]:
        c = self.counts[key]
        return [x / sum(c) for x in c]


def tilted(p, theta: float) -> list[float]:
    """q(j) proportional to p(j) exp(theta j), computed stably (largest exponent first)."""
    logs = [math.log(pj) + theta * j if pj > 0 else -math.inf for j, pj in enumerate(p)]
    top = max(logs)
    w = [math.exp(x - top) for x in logs]
    return [x / sum(w) for x in w]


def tilted_mean(p, theta: float) -> float:
    return sum(j * qj for j, qj in enumerate(tilted(p, theta)))


def solve_theta(p, target: float, lo: float = -THETA_MAX, hi: float = THETA_MAX) -> float:
    """theta in [lo, hi] with tilted_mean(p, theta) = target (clamped to the ends when the
    target is outside what [lo, hi] can reach); bisection, as the mean rises with theta."""
    if tilted_mean(p, hi) <= target:
        return hi
    if tilted_mean(p, lo) >= target:
        return lo
    for _ in range(100):
        mid = (lo + hi) / 2
        if tilted_mean(p, mid) < target:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def quantize(counts, q) -> list[int]:
    """Integers Q(j) summing to 2**32 with Q(j) >= 1 exactly where counts(j) > 0, as close to
    q(j) * 2**32 as that allows (the largest entry absorbs the rounding)."""
    Q = [max(1, round(qj * TWO32)) if c > 0 else 0 for c, qj in zip(counts, q)]
    big = max(range(len(Q)), key=lambda j: Q[j])
    Q[big] += TWO32 - sum(Q)
    if Q[big] < 1:
        raise ValueError("tilt too extreme to realise over 2**32")
    return Q


@dataclass(frozen=True)
class TiltTables:
    """The tilt as the kernels use it. ``theta``: {(na, nd): theta}; ``Q``: {(na, nd): ints
    over 2**32}; ``thresholds`` (uint64, TABLE_KEYS x 3) and ``log_ratio`` (float64,
    TABLE_KEYS x 4), rows ``table_key(na, nd)``."""
    theta: dict
    Q: dict
    thresholds: np.ndarray
    log_ratio: np.ndarray

    def describe(self) -> dict:
        """JSON-able record of the tilt used (what a result file stores)."""
        return {"family": "exponential tilting of attacker losses, one theta per dice pair",
                "draw": "raw 32-bit main-stream word against cumulative Q over 2**32",
                "per_dice": [{"attack_dice": na, "defend_dice": nd, "theta": self.theta[na, nd],
                              "Q": list(self.Q[na, nd])} for na, nd in sorted(self.theta)]}


def tilt_tables(model: LossCounts, theta: dict) -> TiltTables:
    """Realise the tilt ``theta`` ({(na, nd): float}, missing = 0) of ``model`` exactly."""
    thresholds = np.full((TABLE_KEYS, THRESHOLD_WIDTH), TWO32, dtype=np.uint64)
    log_ratio = np.zeros((TABLE_KEYS, RATIO_WIDTH), dtype=np.float64)
    thetas, Qs = {}, {}
    for key, c in sorted(model.counts.items()):
        th = float(theta.get(key, 0.0))
        Q = quantize(c, tilted(model.probs(key), th))
        thetas[key], Qs[key] = th, tuple(Q)
        row = table_key(*key)
        total = sum(c)
        for j, (cj, Qj) in enumerate(zip(c, Q)):
            if j < THRESHOLD_WIDTH and j < len(c) - 1:
                thresholds[row, j] = sum(Q[:j + 1])
            if cj:  # log p - log q, from the exact integers
                log_ratio[row, j] = (math.log(cj) - math.log(total)) - (math.log(Qj) - 32 * math.log(2))
    return TiltTables(thetas, Qs, thresholds, log_ratio)
