"""Timing sweep of a battle kernel over block size x runs per thread (the ``sweep`` command).

For each configuration: one small warm-up launch (compiles the module, touches the inputs),
then ``runs`` battles (or, for the evidence run, as many as its time budget allows) timed around the kernel launches ALONE: the launch plan, the device
copies of its inputs and the zeroed counters are made before the first timer mark, and the
counters are read back after the last. On a GPU the marks are CUDA events recorded on the
stream (``cuda_backend.CudaKernels.execute``); through the host shim, the host clock around the
launches (CPU timing of the kernel source, only for checking the sequence). Every row's
counts must add up to the battles the plan played (the request; legacy: whole launches).
"""
from __future__ import annotations

import sys

from ..backends.kernel_variants import MAX_GRID, SHARED_LIMIT, fits_shared, plan
from ..records.files import write_json_atomic
from ..records.results import git_commit, now_utc, require_total
from ..rounds.spec import BattleSpec, pack_tables

BLOCKS = (64, 128, 256, 512, 1024)
RUNS_PER_THREAD = (1, 4, 16, 64, 256)


def warmup_runs(runs: int, block: int, rpt: int) -> int:
    """Battles of a row's warm-up launch: 64 blocks' worth, at most the row's runs."""
    return min(runs, block * rpt * 64)


def time_config(executor, kernel: str, spec: BattleSpec, runs: int, seed: int, block: int,
                rpt: int, table, use_shared: bool, size=None) -> dict | None:
    """One row: a warm-up launch (``warmup_runs``), then ``runs`` battles timed by the
    executor's timer. ``size(played, seconds)``, when given, sees the warm-up timed (battles
    played, kernel seconds) and returns how many battles to time (at most ``runs``), or 0 to
    stop before the timed launch: the row is then None."""
    def make(count):
        return plan(kernel, spec, seed, 0, count, block=block, runs_per_thread=rpt,
                    use_shared=use_shared, max_grid=MAX_GRID, table=table)
    warm = make(warmup_runs(runs, block, rpt))
    _, warm_s = executor.execute(warm, timed=size is not None)
    if size is not None:
        runs = min(runs, size(warm.played, max(warm_s, 1e-12)))
        if runs < 1:
            return None
    p = make(runs)
    counts, seconds = executor.execute(p, timed=True)
    require_total(int(counts.sum()), p.played, f"the {kernel} kernel's counts")
    return {"block": block, "runs_per_thread": rpt, "entry": p.entry, "played": p.played,
            "kernel_s": seconds, "battles_per_s": p.played / max(seconds, 1e-12),
            "registers_per_thread": executor.registers(p)}


def sweep_report(spec: BattleSpec, kernel: str, runs: int, seed: int, rows: list, device: str,
                 timer: str) -> dict:
    """The sweep's record: its rows and the fastest (``runs``: battles asked per row)."""
    report = {"battle": spec.describe(), "kernel": kernel, "runs": runs, "seed": seed,
              "device": device, "timer": timer, "rows": rows,
              "best": max(rows, key=lambda r: r["battles_per_s"]),
              "git_commit": git_commit(), "created_utc": now_utc()}
    if kernel == "legacy":
        report["note"] = ("re-creation of the earlier kernel's design (biased dice, whole "
                          "launches): timing on this device only, not the battle's odds")
    return report


def launch_sweep(spec: BattleSpec, runs: int, seed: int = 1, blocks=BLOCKS, rpts=RUNS_PER_THREAD,
                 out: str | None = None, stream=None, kernel: str = "strided",
                 executor=None) -> dict:
    """Time ``kernel`` at every (block, runs per thread); the report (and ``out``) holds the
    rows and the best. ``executor``: a ``CudaKernels`` (default) or a ``HostShim``."""
    if executor is None:
        from ..backends.cuda_backend import CudaKernels, cupy_or_none
        if cupy_or_none() is None:
            raise RuntimeError("sweep needs a GPU (cupy with a visible device); it times the "
                               "CUDA kernels only")
        executor = CudaKernels()
    stream = stream or sys.stdout
    table = pack_tables(spec) if kernel != "legacy" else None
    use_shared = fits_shared(spec, SHARED_LIMIT)
    rows = []
    stream.write(f"{kernel} kernel, {spec.attackers} v {spec.defenders} ({spec.mode} mode), "
                 f"{runs:,} battles per row on {executor.device}\n"
                 f"{'block':>6} {'runs/thr':>9} {'regs':>5} {'kernel s':>9} {'battles/s':>12}\n")
    for block in blocks:
        for rpt in rpts:
            row = time_config(executor, kernel, spec, runs, seed, block, rpt, table, use_shared)
            rows.append(row)
            stream.write(f"{block:>6} {rpt:>9} {row['registers_per_thread']:>5} "
                         f"{row['kernel_s']:>9.3f} {row['battles_per_s']:>12.4g}\n")
            stream.flush()
    report = sweep_report(spec, kernel, runs, seed, rows, executor.device, executor.timer)
    if out:
        write_json_atomic(out, report)
    return report
