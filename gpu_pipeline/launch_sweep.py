"""Benchmark sweep of the CUDA kernel: block size x runs per thread (GPU only; without a GPU
it refuses and times nothing).

For each configuration: one warm-up launch (compiles the kernel), then ``runs`` battles. Two
times per row: ``kernel_s``, the kernel alone, from CUDA events recorded on the stream around
the launches (no compilation, no transfer, no Python); and ``wall_s``, the host's wall clock
around the same work including copying the histogram back. The histogram must sum to ``runs``
every time.
"""
from __future__ import annotations

import sys
import time

from .results import git_commit, now_utc, write_json_atomic
from .spec import BattleSpec, pack_tables

BLOCKS = (64, 128, 256, 512, 1024)
RUNS_PER_THREAD = (1, 4, 16, 64, 256)


def time_kernel(cp, backend, spec, seed, runs, table) -> tuple[float, float]:
    """(kernel seconds by CUDA events, wall seconds including the copy back) for one run."""
    bins = cp.zeros(len(spec.end_states), dtype=cp.uint64)
    start, stop = cp.cuda.Event(), cp.cuda.Event()
    cp.cuda.Device().synchronize()
    t = time.perf_counter()
    start.record()
    backend.launch(spec, seed, 0, runs, table, bins)
    stop.record()
    stop.synchronize()
    kernel_s = cp.cuda.get_elapsed_time(start, stop) / 1000.0  # milliseconds -> seconds
    total = int(bins.get().sum())
    wall_s = time.perf_counter() - t
    if total != runs:
        raise AssertionError(f"kernel counted {total} runs for {runs} requested")
    return kernel_s, wall_s


def launch_sweep(spec: BattleSpec, runs: int, seed: int = 1, blocks=BLOCKS, rpts=RUNS_PER_THREAD,
          out: str | None = None, stream=None) -> dict:
    from .cuda_backend import CudaBackend, cupy_or_none

    cp = cupy_or_none()
    if cp is None:
        raise RuntimeError("sweep needs a GPU (cupy with a visible device); it times the CUDA "
                           "kernel only")
    stream = stream or sys.stdout
    table = pack_tables(spec)
    rows = []
    stream.write(f"{'block':>6} {'runs/thr':>9} {'regs':>5} {'kernel s':>9} {'wall s':>8} "
                 f"{'battles/s':>12}\n")
    for block in blocks:
        for rpt in rpts:
            be = CudaBackend(block=block, runs_per_thread=rpt)
            be.run(spec, seed, 0, min(runs, block * rpt * 1024), table)  # warm-up + compile
            kernel_s, wall_s = time_kernel(cp, be, spec, seed, runs, table)
            row = {"block": block, "runs_per_thread": rpt, "kernel_s": kernel_s,
                   "wall_s": wall_s, "battles_per_s": runs / kernel_s,
                   "registers_per_thread": be.config()["registers_per_thread"]}
            rows.append(row)
            stream.write(f"{block:>6} {rpt:>9} {row['registers_per_thread']:>5} "
                         f"{kernel_s:>9.3f} {wall_s:>8.3f} {runs / kernel_s:>12.4g}\n")
            stream.flush()
            device = be.device
    best = max(rows, key=lambda r: r["battles_per_s"])
    report = {"battle": spec.describe(), "runs": runs, "seed": seed, "device": device,
              "timer": "kernel_s: CUDA events around the launches; wall_s: host clock incl. copy",
              "rows": rows, "best": best, "git_commit": git_commit(), "created_utc": now_utc()}
    if out:
        write_json_atomic(out, report)
    return report
