"""Benchmark of Balanced Blitz (issue 10) in CPython: the target is 600 v 640 in under 2 s.

Each case reports the median wall and CPU time of a few runs, and the same question with
true-random dice in the same run (the ratio is steadier than the times on a shared machine).
Prints a table, judges the target (benchlib.finish: exit status 1 on a miss) and saves
bench/results/balanced.json.
Usage: python bench/bench_balanced.py [--runs N]
"""
import os
import platform
import sys
import time

from benchlib import Target, cpython_ms, finish

import riskodds as ro
from riskodds.interfaces import api

TARGET_600_640 = 2.0     # seconds, issue 10


def timed(fn, runs):
    """(median wall s, median CPU s) of fn() over `runs` runs."""
    walls, cpus = [], []
    for _ in range(runs):
        t, c = time.perf_counter(), time.process_time()
        fn()
        walls.append(time.perf_counter() - t)
        cpus.append(time.process_time() - c)
    return sorted(walls)[runs // 2], sorted(cpus)[runs // 2]


def full_blitz(A, D):
    """A Balanced Blitz battle with everything a page shows: lists, end states, moments."""
    def run():
        r = ro.battle(A, D, convention="attacking", dice_mode="balanced-blitz")
        r.attackers_lost, r.defenders_lost, r.end_states, r.mean_attackers_lost, r.std_defenders_lost
    return run


def full_true(A, D):
    def run():
        b = ro.battle(A, D, convention="attacking")
        b.attackers_lost, b.defenders_lost, b.end_states, b.mean_attackers_lost
    return run


def cases():
    """(label, balanced blitz fn, true-random fn, target seconds or None, runs)."""
    needed = lambda mode: lambda: ro.troops_needed(50, "0.8", convention="attacking", dice_mode=mode)
    table = lambda mode: lambda: api.handle("table", {"max_attackers": 200, "max_defenders": 200,
                                                      "convention": "territory", "dice_mode": mode})
    return [
        ("75 v 10 battle", full_blitz(75, 10), full_true(75, 10), None, 21),
        ("600 v 640 battle", full_blitz(600, 640), full_true(600, 640), TARGET_600_640, 5),
        ("1000 v 1000 battle", full_blitz(1000, 1000), full_true(1000, 1000), None, 3),
        ("troops needed D=50 p=0.8", needed("balanced-blitz"), needed("true-random"), None, 11),
        ("win table 200 x 200 (JSON API)", table("balanced-blitz"), table("true-random"), None, 3),
    ]


def main():
    runs_override = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else None
    rows, targets = [], []
    print(f"{'case':34s} {'wall ms':>9s} {'cpu ms':>9s} {'true-random ms':>15s} {'ratio':>6s}   target")
    for label, blitz, true, target, runs in cases():
        runs = runs_override or runs
        wall, cpu = timed(blitz, runs)
        true_wall, _ = timed(true, runs)
        if target is not None:
            targets.append(Target(f"{label} (CPython wall)", wall, target, "s"))
        rows.append({"case": label, "seconds": wall, "cpu_seconds": cpu, "true_random_seconds": true_wall,
                     "ratio": wall / true_wall, "target_seconds": target, "runs": runs})
        goal = f"<= {target * 1000:.0f} ms" if target else ""
        print(f"{label:34s} {wall * 1000:9.1f} {cpu * 1000:9.1f} {true_wall * 1000:15.1f} "
              f"{wall / true_wall:6.2f}   {goal}", flush=True)
    api_ms = sorted(cpython_ms("battle", {"attackers": 600, "defenders": 640, "convention": "attacking",
                                          "dice_mode": "balanced-blitz", "detail": "summary"}, 5))[2]
    print(f"{'600 v 640 via api.call (summary)':34s} {api_ms:9.1f}")
    info = {"python": platform.python_version(), "machine": platform.machine(), "cpus": os.cpu_count(),
            "load_average": os.getloadavg()}
    return finish("balanced.json", {"info": info, "rows": rows, "api_600_640_summary_ms": api_ms}, targets)


if __name__ == "__main__":
    sys.exit(main())
