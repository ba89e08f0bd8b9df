"""NumPy twin of ``kernels/risk_battle.cu``: same Philox stream, same Lemire rejection, same
decoding (see ``schedule.py``), so the histogram of a run range is bit-identical to the CUDA
kernel's. Vectorised over all live battles of a chunk, one round per step; finished battles are
dropped from the working arrays. Spread over cores by splitting the run range into disjoint
sub-ranges, one process each.

Armies here are ATTACKING armies (``spec.A0``); bins are ``spec.end_states``.
"""
from __future__ import annotations

import multiprocessing as mp
import os
import signal
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from ..rounds.round_decoder import losses_from_dice
from ..streams.philox import MASK32
from ..records.results import require_total
from ..streams.schedule import main_block_np, redraw_np, seed_key
from ..rounds.spec import BONUS_CODES, BattleSpec, pack_tables, table_key

DEFAULT_CHUNK = 1 << 15  # battles advanced together; ~32k keeps the working arrays in cache
_MASK = np.uint64(MASK32)
_S32 = np.uint64(32)


def simulate_range(spec: BattleSpec, seed: int, start: int, count: int, table=None,
                   chunk: int = DEFAULT_CHUNK, round_hook=None) -> np.ndarray:
    """Histogram (int64 counts over ``spec.end_states``) of runs [start, start + count).

    ``round_hook`` (tests only): ``hook(word, na, nd) -> attacker losses`` replaces the
    Lemire draw and decoding, e.g. to plant the biased ``((r >> k) & 7) % 6`` dice."""
    if count < 0 or start < 0 or start + count > 1 << 64:
        raise ValueError("run range must lie in [0, 2**64)")
    table = pack_tables(spec) if table is None else table
    lut = outcome_lut(table) if spec.mode == "outcome" else (None, 0)
    bins = np.zeros(len(spec.end_states), dtype=np.int64)
    for s in range(start, start + count, chunk):
        bins += _simulate_chunk(spec, seed, s, min(chunk, start + count - s), table, round_hook,
                                lut)
    require_total(int(bins.sum()), count, "the NumPy twin's counts")
    return bins


def _simulate_chunk(spec, seed, start, n, table, round_hook, lut_and_stride):
    key = seed_key(seed)
    A0, D0, stop_a, stop_d = spec.A0, spec.D0, spec.stop_a, spec.stop_d
    grid = spec.bin_grid.astype(np.int64)
    nbins = len(spec.end_states)
    if spec.is_end(A0, D0):
        out = np.zeros(nbins, dtype=np.int64)
        out[grid[A0 * (D0 + 1) + D0]] = n
        return out
    tab = table.astype(np.uint64)
    S_t, T_t = tab[:, 0], tab[:, 1]
    C0, C1, C2 = tab[:, 2], tab[:, 3], tab[:, 4]
    r = spec.rules
    att_dice, def_dice = r.attack_dice, r.defend_dice
    outcome = spec.mode == "outcome"
    ties_att = r.ties == "attacker"
    bonus = BONUS_CODES[r.defender_bonus]

    lut, lut_stride = lut_and_stride
    run = np.uint64(start) + np.arange(n, dtype=np.uint64)  # start + n <= 2**64 checked above
    run_lo = run & _MASK
    run_hi = run >> _S32
    a = np.full(n, A0, dtype=np.int64)
    d = np.full(n, D0, dtype=np.int64)
    hist = np.zeros(nbins, dtype=np.int64)
    words = None
    k = 0
    while a.size:
        if k & 3 == 0:  # one Philox block feeds four rounds
            words = list(main_block_np(run_lo, run_hi, k, key))
        x = words[k & 3]
        na = np.minimum(a, att_dice)
        nd = np.minimum(d, def_dice)
        tk = table_key(na, nd)
        if round_hook is not None:
            lost = np.asarray(round_hook(x, na, nd), dtype=np.int64)
        else:
            S = S_t[tk]
            m = x * S
            rej = (m & _MASK) < T_t[tk]
            if rej.any():  # rare (t / 2**32 per round): side stream, see schedule.py
                i = np.flatnonzero(rej)
                m[i] = redraw_np(run_lo[i], run_hi[i], k, S[i], T_t[tk[i]], key)
            v = m >> _S32
            if lut is not None:  # same answer as the comparisons below, one gather
                lost = lut[tk * lut_stride + v.astype(np.int64)]
            elif outcome:
                lost = (v >= C0[tk]).astype(np.int64)
                lost += v >= C1[tk]
                lost += v >= C2[tk]
            else:
                lost = losses_from_dice(v, na, nd, r.attack_faces, r.defend_faces, ties_att, bonus)
        a -= lost
        d -= np.minimum(na, nd) - lost
        done = (a <= stop_a) | (d <= stop_d)
        if done.any():
            hist += np.bincount(grid[a[done] * (D0 + 1) + d[done]], minlength=nbins)
            keep = ~done
            a, d, run_lo, run_hi = a[keep], d[keep], run_lo[keep], run_hi[keep]
            for j in range((k & 3) + 1, 4):  # only the words later rounds still read
                words[j] = words[j][keep]
        k += 1
    return hist


LUT_LIMIT = 1 << 16  # largest draw space tabulated (3 v 3 six-sided dice: 46656)


def outcome_lut(table):
    """Outcome mode as a lookup table: lut[key * stride + v] = #{j : cum_j <= v}, int64.

    Built from the same cumulative counts, so it equals the comparisons exactly; used when
    every draw space is small (standard dice). Returns (None, 0) otherwise."""
    spaces = [int(s) for s in table[:, 0]]
    stride = max(spaces)
    if stride > LUT_LIMIT:
        return None, 0
    lut = np.zeros(len(spaces) * stride, dtype=np.int64)
    v = np.arange(stride, dtype=np.uint64)
    for key, row in enumerate(table.astype(np.uint64)):
        if int(row[0]):
            lut[key * stride:(key + 1) * stride] = (
                (v >= row[2]).astype(np.int64) + (v >= row[3]) + (v >= row[4]))
    return lut, stride


def _worker(args):
    spec, seed, start, count, table, chunk = args
    return simulate_range(spec, seed, start, count, table, chunk)


def split_range(start: int, count: int, parts: int) -> list[tuple[int, int]]:
    """Disjoint contiguous (start, count) pieces covering [start, start + count)."""
    parts = max(1, min(parts, count)) if count else 1
    edges = [start + count * i // parts for i in range(parts + 1)]
    return [(edges[i], edges[i + 1] - edges[i]) for i in range(parts)]


def _ignore_sigint():
    """Pool workers leave Ctrl-C to the parent, which stops the run and keeps the checkpoint
    (otherwise every worker prints its own KeyboardInterrupt traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class CpuWorkers:
    """``workers`` processes (None: one per core) shared by the NumPy backends, started on
    first use; results never depend on their number (a run id's battle is fixed by the seed)."""
    name = "numpy"

    def __init__(self, workers: int | None = None, chunk: int = DEFAULT_CHUNK):
        if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int)
                                    or workers < 1):
            raise ValueError(f"workers must be a whole number >= 1, got {workers!r}")
        self.workers = workers or os.cpu_count() or 1
        self.chunk = chunk
        self._pool = None

    @property
    def device(self) -> str:
        import platform
        return f"CPU {platform.processor() or platform.machine()} x{self.workers} processes"

    def config(self) -> dict:
        return {"workers": self.workers, "chunk": self.chunk}

    def map(self, fn, jobs) -> list:
        if self._pool is None:
            ctx = mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn")
            self._pool = ProcessPoolExecutor(self.workers, mp_context=ctx,
                                             initializer=_ignore_sigint)
        return list(self._pool.map(fn, jobs))

    def close(self):
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)  # after Ctrl-C: drop the queued parts
            self._pool = None


class NumpyBackend(CpuWorkers):
    """Runs ranges of the plain schedule on the CPU."""

    def preferred_batch(self) -> int:
        return max(self.workers * self.chunk * 4, 1 << 18)

    def run(self, spec: BattleSpec, seed: int, start: int, count: int, table) -> np.ndarray:
        if self.workers == 1 or count < 2 * self.chunk:
            return simulate_range(spec, seed, start, count, table, self.chunk)
        jobs = [(spec, seed, s, c, table, self.chunk) for s, c in split_range(start, count, self.workers)]
        return np.sum(self.map(_worker, jobs), axis=0)
