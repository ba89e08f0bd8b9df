"""NumPy twin of ``kernels/rare_battle.cu``: battles played under a tilted round distribution
(``tilt.py``), each returned with where it stopped and its log likelihood ratio.

Same main-stream Philox words as the plain schedule (``schedule.main_block_np``: round k of
run n reads word k & 3 of the block with counter (n_lo, n_hi, k >> 2, 0)); the word itself is
the draw (uniform on [0, 2**32), no rejection). The log weight is a float64 sum of the table
entries ``log_ratio[kappa, j]`` in round order, as the kernel adds them, so both give the
same bits.

A battle stops as soon as the attacker is down to ``stop_a`` or fewer attacking armies (the
event's line, or the retreat) or the defender to ``spec.stop_d`` or fewer. Armies are
ATTACKING armies.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .numpy_backend import DEFAULT_CHUNK, CpuWorkers, split_range
from ..streams.philox import MASK32
from ..streams.schedule import main_block_np, seed_key
from ..rounds.spec import RATIO_WIDTH, TABLE_KEYS, BattleSpec, table_key
from ..rounds.tilt import TiltTables

_MASK = np.uint64(MASK32)
_S32 = np.uint64(32)


@dataclass
class TiltedRuns:
    """Per battle (index = run id - start): ``end_a``, ``end_d`` (attacking armies and
    defenders at the stop, int64) and ``log_weight`` (float64, log p(path) - log q(path)).
    With ``stats``: ``rounds`` and ``losses`` (int64, runs x TABLE_KEYS), the rounds played
    with each dice pair and the attacker's losses in them (what the cross-entropy step needs)."""
    end_a: np.ndarray
    end_d: np.ndarray
    log_weight: np.ndarray
    rounds: np.ndarray | None = None
    losses: np.ndarray | None = None

    @classmethod
    def from_cells(cls, D0: int, end_cell: np.ndarray, log_weight: np.ndarray) -> "TiltedRuns":
        """From the kernel's output: end_cell = a * (D0 + 1) + d."""
        cell = np.asarray(end_cell, dtype=np.int64)
        return cls(cell // (D0 + 1), cell % (D0 + 1), np.asarray(log_weight, dtype=np.float64))


def play_tilted(spec: BattleSpec, stop_a: int, tables: TiltTables, seed: int, start: int,
                count: int, chunk: int = DEFAULT_CHUNK, stats: bool = False) -> TiltedRuns:
    """Battles [start, start + count) of ``spec`` under the tilt, stopped at a <= stop_a or
    d <= spec.stop_d."""
    if count < 0 or start < 0 or start + count > 1 << 64:
        raise ValueError("run range must lie in [0, 2**64)")
    parts = [_chunk(spec, stop_a, tables, seed, s, min(chunk, start + count - s), stats)
             for s in range(start, start + count, chunk)]
    if not parts:
        parts = [_chunk(spec, stop_a, tables, seed, start, 0, stats)]
    cat = (lambda name: np.concatenate([getattr(p, name) for p in parts])
           if getattr(parts[0], name) is not None else None)
    return TiltedRuns(cat("end_a"), cat("end_d"), cat("log_weight"), cat("rounds"), cat("losses"))


def _chunk(spec, stop_a, tables, seed, start, n, stats):
    key = seed_key(seed)
    r = spec.rules
    T0, T1, T2 = (tables.thresholds[:, i].astype(np.uint64) for i in range(3))
    ratio = tables.log_ratio.reshape(-1)
    run = np.uint64(start) + np.arange(n, dtype=np.uint64)
    run_lo, run_hi = run & _MASK, run >> _S32
    a = np.full(n, spec.A0, dtype=np.int64)
    d = np.full(n, spec.D0, dtype=np.int64)
    lw = np.zeros(n, dtype=np.float64)
    out_a, out_d, out_lw = a.copy(), d.copy(), lw.copy()
    rounds = np.zeros((n, TABLE_KEYS), dtype=np.int64) if stats else None
    losses = np.zeros((n, TABLE_KEYS), dtype=np.int64) if stats else None
    live = np.flatnonzero((a > stop_a) & (d > spec.stop_d))  # run index of each live lane
    words, k = None, 0
    while live.size:
        if k & 3 == 0:
            words = list(main_block_np(run_lo[live], run_hi[live], k, key))
        x = words[k & 3]
        na = np.minimum(a, r.attack_dice)
        nd = np.minimum(d, r.defend_dice)
        tk = table_key(na, nd)
        lost = (x >= T0[tk]).astype(np.int64)
        lost += x >= T1[tk]
        lost += x >= T2[tk]
        lw += ratio[tk * RATIO_WIDTH + lost]
        if stats:
            rounds[live, tk] += 1
            losses[live, tk] += lost
        a -= lost
        d -= np.minimum(na, nd) - lost
        done = (a <= stop_a) | (d <= spec.stop_d)
        if done.any():
            idx = live[done]
            out_a[idx], out_d[idx], out_lw[idx] = a[done], d[done], lw[done]
            keep = ~done
            live, a, d, lw = live[keep], a[keep], d[keep], lw[keep]
            for j in range((k & 3) + 1, 4):  # only the words later rounds still read
                words[j] = words[j][keep]
        k += 1
    return TiltedRuns(out_a, out_d, out_lw, rounds, losses)



def _play(args):
    return play_tilted(*args)


class NumpyRareBackend(CpuWorkers):
    """Tilted battles on the CPU (``CpuWorkers`` processes)."""

    def run(self, spec, stop_a, tables, seed, start, count) -> TiltedRuns:
        if self.workers == 1 or count < 2 * self.chunk:
            return play_tilted(spec, stop_a, tables, seed, start, count, self.chunk)
        parts = self.map(_play, [(spec, stop_a, tables, seed, s, c, self.chunk)
                                 for s, c in split_range(start, count, self.workers)])
        return TiltedRuns(*(np.concatenate([getattr(p, f) for p in parts])
                            for f in ("end_a", "end_d", "log_weight")))
