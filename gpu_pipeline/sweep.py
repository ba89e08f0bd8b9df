"""Benchmark sweep of the CUDA kernel: block size x runs per thread (GPU only).

For each configuration: one warm-up launch, then ``runs`` battles timed with CUDA events
(host-side wall clock around a synchronize); the histogram must sum to ``runs`` every time.
"""
from __future__ import annotations

import time

from .results import git_commit, now_utc, write_json_atomic
from .spec import BattleSpec, pack_tables

BLOCKS = (64, 128, 256, 512, 1024)
RUNS_PER_THREAD = (1, 4, 16, 64, 256)


def sweep(spec: BattleSpec, runs: int, seed: int = 1, blocks=BLOCKS, rpts=RUNS_PER_THREAD,
          out: str | None = None, stream=None) -> dict:
    import sys
    from .cuda_backend import CudaBackend, cupy_or_none

    cp = cupy_or_none()
    if cp is None:
        raise RuntimeError("sweep needs a GPU (cupy with a visible device)")
    stream = stream or sys.stdout
    table = pack_tables(spec)
    rows = []
    stream.write(f"{'block':>6} {'runs/thr':>9} {'regs':>5} {'seconds':>9} {'battles/s':>12}\n")
    for block in blocks:
        for rpt in rpts:
            be = CudaBackend(block=block, runs_per_thread=rpt)
            be.run(spec, seed, 0, min(runs, block * rpt * 1024), table)  # warm-up + compile
            cp.cuda.Device().synchronize()
            t = time.perf_counter()
            h = be.run(spec, seed, 0, runs, table)  # .get() inside synchronizes
            dt = time.perf_counter() - t
            assert int(h.sum()) == runs
            row = {"block": block, "runs_per_thread": rpt, "seconds": dt, "battles_per_s": runs / dt,
                   "registers_per_thread": be.config()["registers_per_thread"]}
            rows.append(row)
            stream.write(f"{block:>6} {rpt:>9} {row['registers_per_thread']:>5} {dt:>9.3f} "
                         f"{runs / dt:>12.4g}\n")
            stream.flush()
            device = be.device
    best = max(rows, key=lambda r: r["battles_per_s"])
    report = {"battle": spec.describe(), "runs": runs, "seed": seed, "device": device,
              "rows": rows, "best": best, "git_commit": git_commit(), "created_utc": now_utc()}
    if out:
        write_json_atomic(out, report)
    return report
