"""Benchmark of the CPU backends of gpu_pipeline (not a test).

Measures battles/s for 75 v 10 (attacking armies) in outcome and dice mode:
* NumPy twin, one process (per-core rate; CPU time as well as wall time, because a shared
  machine's wall clock includes other people's load),
* NumPy twin over all cores,
* the CUDA kernel source built as host C++ (host shim, one thread).
Prints a table and saves bench/results/bench_pipeline_numpy.json.

    python bench/bench_pipeline_numpy.py [--runs 2e6]
"""
from __future__ import annotations

import argparse
import os
import platform
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "pysite")]

from gpu_pipeline.backends.host_shim import HostShim  # noqa: E402
from gpu_pipeline.backends.numpy_backend import NumpyBackend, simulate_range  # noqa: E402
from gpu_pipeline.records.progress import timed  # noqa: E402
from gpu_pipeline.records.files import write_json_atomic  # noqa: E402
from gpu_pipeline.records.results import git_commit, now_utc  # noqa: E402
from gpu_pipeline.rounds.spec import BattleSpec, pack_tables  # noqa: E402



def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=float, default=2e6)
    ap.add_argument("--out", default=str(ROOT / "bench/results/bench_pipeline_numpy.json"))
    a = ap.parse_args()
    n = int(a.runs)
    cores = os.cpu_count() or 1
    rows = []
    shim = HostShim()
    for mode in ("outcome", "dice"):
        spec = BattleSpec(75, 10, "attacking", mode=mode)
        table = pack_tables(spec)
        simulate_range(spec, 1, 0, 20_000, table)  # warm-up
        h1, w1, c1 = timed(lambda: simulate_range(spec, 7, 0, n, table))
        rows.append({"mode": mode, "backend": "numpy", "processes": 1, "runs": n,
                     "wall_s": w1, "cpu_s": c1, "per_core_wall": n / w1, "per_core_cpu": n / c1})
        be = NumpyBackend(workers=cores)
        be.run(spec, 1, 0, 4 * be.chunk * cores, table)  # start the pool
        hm, wm, _ = timed(lambda: be.run(spec, 7, 0, n * cores, table))
        be.close()
        rows.append({"mode": mode, "backend": "numpy", "processes": cores, "runs": n * cores,
                     "wall_s": wm, "total_wall": n * cores / wm})
        hs, ws, cs = timed(lambda: shim.run(spec, 7, 0, n, table, grid=256, runs_per_thread=64))
        assert hs.tolist() == h1.tolist()  # the kernel source and the twin agree bit for bit
        rows.append({"mode": mode, "backend": "host-shim (kernel as C++)", "processes": 1,
                     "runs": n, "wall_s": ws, "cpu_s": cs, "per_core_wall": n / ws,
                     "per_core_cpu": n / cs})
    print(f"75 v 10 (attacking armies), {platform.processor() or platform.machine()}, {cores} cores")
    print(f"{'mode':<8} {'backend':<26} {'procs':>5} {'runs':>10} {'wall s':>8} "
          f"{'battles/s (wall)':>17} {'per core (CPU)':>15}")
    for r in rows:
        rate = r.get("per_core_wall") or r.get("total_wall")
        print(f"{r['mode']:<8} {r['backend']:<26} {r['processes']:>5} {r['runs']:>10} "
              f"{r['wall_s']:>8.2f} {rate:>17.4g} {r.get('per_core_cpu', float('nan')):>15.4g}")
    report = {"battle": "75 v 10, attacking armies, standard rules", "rows": rows,
              "cores": cores, "machine": platform.platform(), "git_commit": git_commit(),
              "created_utc": now_utc(),
              "load_average": os.getloadavg() if hasattr(os, "getloadavg") else None}
    write_json_atomic(a.out, report)
    print(f"saved {a.out}")


if __name__ == "__main__":
    main()
