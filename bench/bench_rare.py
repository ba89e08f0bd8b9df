"""Benchmark of importance sampling for rare battle events (not a test).

75 v 10 (attacking armies), event `loss` (all 75 die, exactly 1.902e-13), judged against the
targets of the rare-event work:
* the 95 % interval's half-width within +-1 % of the estimate with at most 1e7 battles,
* in at most 60 s on one core (CPU seconds of one process: pilot plus run; wall time is shown
  too, but on a shared machine it includes other people's load),
* the interval covers the exact value in >= 95 % of seeds (``--seeds`` seeds at 1e5 battles).
Also shown, not judged: the kernel source built as host C++ (one thread) on the same battles,
which must report the very same estimate bits, and plain Monte Carlo's cost for +-1 %.

    python bench/bench_rare.py [--runs 1e7] [--seeds 20]
"""
from __future__ import annotations

import argparse
import os
import platform
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "pysite")]

from benchlib import Target, finish  # noqa: E402
from gpu_pipeline.rare_events.cross_entropy import choose_tilt  # noqa: E402
from gpu_pipeline.backends.host_shim import HostShimRareBackend  # noqa: E402
from gpu_pipeline.rare_events.rare import RareEvent, exact_probability, run_rare, weigh  # noqa: E402
from gpu_pipeline.backends.rare_numpy import NumpyRareBackend  # noqa: E402
from gpu_pipeline.rare_events.rare_scaling import Z95, runs_for_relative_half_width  # noqa: E402
from gpu_pipeline.records.progress import timed  # noqa: E402
from gpu_pipeline.records.results import git_commit, now_utc  # noqa: E402
from gpu_pipeline.rounds.spec import BattleSpec  # noqa: E402
from gpu_pipeline.rounds.tilt import LossCounts, tilt_tables  # noqa: E402



def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=float, default=1e7)
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--shim-runs", type=float, default=1e6)
    a = ap.parse_args()
    runs, shim_runs = int(a.runs), int(a.shim_runs)
    spec = BattleSpec(75, 10, "attacking")
    event = RareEvent.parse("loss", spec)
    exact = float(exact_probability(spec, event))
    numpy1 = NumpyRareBackend(workers=1)

    rec, wall, cpu = timed(lambda: run_rare(spec, event, runs, 3, numpy1))
    half = rec["ci95_half_width_relative"]
    relvar = runs * rec["relative_std_error"] ** 2
    plain = (1 - exact) / exact * (Z95 / 0.01) ** 2

    choice = choose_tilt(spec, event.K, 3)
    tables = tilt_tables(LossCounts.of_spec(spec), choice.theta)
    shim = HostShimRareBackend(grid=256, runs_per_thread=16)
    (np_est,), np_wall, np_cpu = timed(lambda: weigh(spec, event, tables, 3, shim_runs,
                                                     choice.shift, numpy1))
    (sh_est,), sh_wall, sh_cpu = timed(lambda: weigh(spec, event, tables, 3, shim_runs,
                                                     choice.shift, shim))
    same_bits = (np_est.log_estimate, np_est.log_std_error) == (sh_est.log_estimate,
                                                              sh_est.log_std_error)

    cover_recs = [run_rare(spec, event, 10 ** 5, seed, numpy1, with_exact=False)
                  for seed in range(1, a.seeds + 1)]
    covered = sum(r["ci95_low"] <= exact <= r["ci95_high"] for r in cover_recs)

    print(f"75 v 10 (attacking armies), event loss, exact {exact:.6e}; "
          f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores")
    print(f"{'what':<44} {'battles':>10} {'wall s':>8} {'CPU s':>8} {'result':>28}")
    print(f"{'importance sampling, NumPy, 1 process':<44} {runs:>10.3g} {wall:>8.2f} {cpu:>8.2f} "
          f"{rec['estimate']:>14.6e} +-{100 * half:.3f} %")
    print(f"{'  of which the cross-entropy pilots':<44} {rec['tilt']['pilot_runs']:>10.3g} "
          f"{rec['timing']['pilot_s']:>8.2f} {'':>8} {'theta 3v2 = %.3f' % choice.theta[3, 2]:>28}")
    print(f"{'same tilt, NumPy twin':<44} {shim_runs:>10.3g} {np_wall:>8.2f} {np_cpu:>8.2f} "
          f"{np_est.estimate:>28.6e}")
    print(f"{'same tilt, kernel source as host C++':<44} {shim_runs:>10.3g} {sh_wall:>8.2f} "
          f"{sh_cpu:>8.2f} {'same bits' if same_bits else 'DIFFERENT BITS':>28}")
    print(f"{'coverage of the exact value, 1e5 each':<44} {a.seeds:>10} seeds {'':>10} "
          f"{covered:>20} of {a.seeds}")
    print(f"battles for +-1 %: importance sampling {runs_for_relative_half_width(relvar):.3g} "
          f"(relative variance {relvar:.3g} per battle), plain Monte Carlo {plain:.3g}")

    targets = [
        Target("95 % half-width at <= 1e7 battles", 100 * half, 1.0, "%"),
        Target("battles run", runs, 1e7, "battles"),
        Target("CPU time on one core (pilot + run)", cpu, 60.0, "s"),
        Target("interval covers exact (seeds)", covered / a.seeds, 0.95, "fraction", at_least=True),
        Target("kernel source = NumPy twin (bits)", 1.0 if same_bits else 0.0, 1.0, "", at_least=True),
    ]
    result = {"battle": "75 v 10, attacking armies, standard rules", "event": "loss",
              "exact": exact, "seed": 3, "record": rec, "wall_s": wall, "cpu_s": cpu,
              "relative_variance_per_battle": relvar,
              "battles_for_1pct": runs_for_relative_half_width(relvar),
              "plain_mc_battles_for_1pct": plain,
              "same_tilt": {"runs": shim_runs, "numpy_wall_s": np_wall, "numpy_cpu_s": np_cpu,
                            "shim_wall_s": sh_wall, "shim_cpu_s": sh_cpu, "same_bits": same_bits},
              "coverage": {"seeds": a.seeds, "runs_each": 10 ** 5, "covered": covered},
              "machine": platform.platform(), "cores": os.cpu_count(),
              "load_average": os.getloadavg() if hasattr(os, "getloadavg") else None,
              "git_commit": git_commit(), "created_utc": now_utc()}
    return finish("bench_rare.json", result, targets)


if __name__ == "__main__":
    sys.exit(main())
