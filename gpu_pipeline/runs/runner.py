"""Drives a backend over a run range in batches: exact bookkeeping (Python ints, sum asserted
after every batch), progress bar, checkpoints (atomic) and resume.

A run covers the half-open run-id range of its shard: shard i of n (0 <= i < n) of R runs is
[floor(i R / n), floor((i + 1) R / n)). Batches are processed in order, so a checkpoint always
covers a prefix of that range; after Ctrl-C or a crash, ``--checkpoint`` resumes right after
it. A batch interrupted half-way is simply redone: nothing is lost or counted twice.
"""
from __future__ import annotations

import os
import time

from ..records.progress import Progress
from ..records.results import SimulationResult, git_commit, now_utc, require_total
from ..rounds.spec import BattleSpec, pack_tables


def shard_range(runs: int, shard: tuple[int, int] = (0, 1)) -> tuple[int, int]:
    i, n = shard
    if not (n >= 1 and 0 <= i < n):
        raise ValueError(f"shard must be i/n with 0 <= i < n, got {i}/{n}")
    if runs < 1 or runs >= 1 << 64:
        raise ValueError("runs must be in [1, 2**64)")
    if n > runs:  # some shard would be empty: a result file of 0 runs helps nobody
        raise ValueError(f"{runs} runs cannot be split into {n} shards: use at most {runs}")
    return runs * i // n, runs * (i + 1) // n


def make_backend(name: str = "auto", workers: int | None = None, block: int = 256,
                 runs_per_thread: int = 64, rare: bool = False, kernel: str = "strided"):
    """The backend called ``name``; 'auto' = CUDA when cupy sees a GPU, else the NumPy twin.
    ``rare``: the importance-sampling kernel (per-battle stops and weights) instead of the
    histogram kernel. ``kernel`` (kernel_variants.TWIN_KERNELS): which histogram kernel the
    CUDA and host-shim backends launch; the NumPy twin gives the same histograms."""
    if name in ("auto", "cuda"):
        from ..backends.cuda_backend import CudaBackend, CudaRareBackend, cupy_or_none
        if name == "cuda" or cupy_or_none() is not None:
            if rare:
                return CudaRareBackend(block=block, runs_per_thread=runs_per_thread)
            return CudaBackend(block=block, runs_per_thread=runs_per_thread, kernel=kernel)
    if name in ("auto", "numpy"):
        from ..backends.numpy_backend import NumpyBackend
        from ..backends.rare_numpy import NumpyRareBackend
        return (NumpyRareBackend if rare else NumpyBackend)(workers=workers)
    if name == "host-shim":
        from ..backends.host_shim import HostShimBackend, HostShimRareBackend
        return HostShimRareBackend() if rare else HostShimBackend(kernel=kernel)
    raise ValueError(f"unknown backend {name!r}")


def simulate(spec: BattleSpec, runs: int, seed: int, backend, shard=(0, 1),
             checkpoint: str | os.PathLike | None = None, checkpoint_every: float = 30.0,
             progress: bool = True, target_batch_s: float = 2.0, on_batch=None,
             table=None, max_batch: int | None = None, clock=time.monotonic) -> SimulationResult:
    """Play the shard's runs and return the (complete) result.

    ``on_batch(done_runs)`` is called after each finished batch (tests use it to interrupt;
    the evidence run to stop at its time budget); ``max_batch`` caps the runs per backend call
    (checkpoint granularity); ``clock()`` (seconds) times the batches and the wall time."""
    start, stop = shard_range(runs, shard)
    table = pack_tables(spec) if table is None else table
    counts = [0] * len(spec.end_states)
    pos, prior_wall = start, 0.0
    if checkpoint and os.path.exists(checkpoint):
        cp = SimulationResult.load(checkpoint)
        if (cp.spec, cp.seed, cp.target_range) != (spec, seed, [start, stop]):
            raise ValueError(f"checkpoint {checkpoint} belongs to a different run")
        if cp.run_ranges and (len(cp.run_ranges) != 1 or cp.run_ranges[0][0] != start):
            raise ValueError(f"checkpoint {checkpoint} does not cover a prefix of the range")
        counts = list(cp.counts)
        pos = cp.run_ranges[0][1] if cp.run_ranges else start
        prior_wall = cp.wall_time_s

    def record(complete: bool, wall: float) -> SimulationResult:
        return SimulationResult(spec, seed, counts, [[start, pos]], [start, stop],
                                backend.name, backend.device, backend.config(), wall,
                                git_commit(), now_utc(), complete, requested_runs=runs)

    bar = Progress(stop - start, pos - start, enabled=progress)
    t0 = clock()
    last_cp = t0
    cap = max_batch or (1 << 40)
    batch = min(backend.preferred_batch(), cap)
    try:
        while pos < stop:
            n = min(batch, stop - pos)
            tb = clock()
            hist = backend.run(spec, seed, pos, n, table)
            dt = clock() - tb
            got = [int(h) for h in hist]
            require_total(sum(got), n, "the batch's counts")  # exact, after every batch
            counts = [c + g for c, g in zip(counts, got)]
            pos += n
            if dt > 0:  # aim for batches of ~target_batch_s (progress and checkpoint cadence)
                batch = max(backend.preferred_batch() // 4, int(n / dt * target_batch_s))
                batch = max(1, min(batch, cap))
            bar.update(pos - start)
            now = clock()
            if checkpoint and (now - last_cp >= checkpoint_every) and pos < stop:
                record(False, prior_wall + now - t0).save(checkpoint)
                last_cp = now
            if on_batch is not None:
                on_batch(pos - start)
    except BaseException:
        # Ctrl-C / crash: keep what finished (whole batches only), then re-raise.
        if checkpoint and pos > start:
            record(False, prior_wall + clock() - t0).save(checkpoint)
        raise
    finally:
        bar.close()
    res = record(True, prior_wall + clock() - t0)
    res.check()
    return res
