"""Pyodide time / CPython time for the engine's work: the source of LIMITS["pyodide_slowdown"].

Runs the same workloads in this CPython and in Pyodide under Node (node_modules/pyodide, the
runtime the site ships; Node's V8 runs WebAssembly like Chromium's), best of a few runs each.
Usage: python bench/bench_pyodide_ratio.py     (prints a table, saves bench/results/pyodide_ratio.json)
"""
import json
import os
import sys

from benchlib import run_cpython_and_pyodide

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

WORK = r'''
import json, time
import riskodds as ro
import riskodds.maths.dice
def best(f, n):
    ts = []
    for _ in range(n):
        t = time.perf_counter(); f(); ts.append(time.perf_counter() - t)
    return min(ts)
out = {
    "battle 75 v 10": best(lambda: ro.battle(75, 10, convention="attacking").end_states, 20),
    "battle 400 v 400": best(lambda: ro.battle(400, 400, convention="attacking").end_states, 3),
    "summary 3000 v 1": best(lambda: ro.battle_summary(3000, 1, convention="attacking"), 2),
    "win grid 100": best(lambda: ro.win_grid(100), 2),
    "troops needed 200, p = .99": best(lambda: ro.troops_needed(200, "0.99", convention="territory"), 2),
    "campaign 72 v 14 territories": best(lambda: ro.campaign(72, [22, 8, 2, 2, 2, 7, 1, 1, 3, 1, 2, 3, 5, 1],
                                                            convention="territory").win, 3),
    "round tables d100, 3 v 3, bonuses": best(lambda: [ro.maths.dice.round_counts(na, nd, [1] * 100, [1] * 100, "highest",
                                                                           "all") for na in (1, 2, 3) for nd in (1, 2, 3)], 3),
    "battle 300 v 300, d100 capital": best(lambda: ro.battle(300, 300, convention="attacking", rules=ro.Rules(
        attack_faces=100, defend_faces=100, defend_dice=3)).end_states, 3),
}
json.dumps(out)
'''

def main():
    cpython, pyodide = run_cpython_and_pyodide(WORK)
    rows = []
    print(f"{'workload':32s} {'CPython ms':>11s} {'Pyodide ms':>11s} {'ratio':>6s}")
    for k, c in cpython.items():
        rows.append({"workload": k, "cpython_s": c, "pyodide_s": pyodide[k], "ratio": pyodide[k] / c})
        print(f"{k:32s} {c * 1000:11.1f} {pyodide[k] * 1000:11.1f} {pyodide[k] / c:6.2f}")
    # the budget matters for long computations; a 1 ms one is mostly call overhead
    worst = max(r["ratio"] for r in rows if r["cpython_s"] >= 0.05)
    sys.path.insert(0, os.path.join(ROOT, "pysite"))
    from riskodds.facts.limits import LIMITS
    print(f"largest ratio of the workloads over 50 ms {worst:.2f}; LIMITS['pyodide_slowdown'] = {LIMITS['pyodide_slowdown']}"
          + ("" if worst <= LIMITS["pyodide_slowdown"] * 1.2 else "  <-- raise it"))
    os.makedirs(os.path.join(ROOT, "bench", "results"), exist_ok=True)
    with open(os.path.join(ROOT, "bench", "results", "pyodide_ratio.json"), "w") as f:
        json.dump({"python": sys.version.split()[0], "rows": rows, "largest": worst}, f, indent=1)


if __name__ == "__main__":
    main()
