"""Branching attack plans and the defender's dice choice: exact answers, timed in CPython and in
Pyodide (Node, the site's runtime and engine zip). Target (issue "Plans and choices"): a plan of 6
targets from 100 armies, best plan, exact, <= 2 s in Pyodide.

Usage: python bench/bench_plan.py     (prints a table, saves bench/results/plan.json)
"""
from benchlib import Target, finish, run_cpython_and_pyodide

PLANS = {   # 6 targets each, 100 armies on the starting territory (armies on the territory)
    "South America and more": "Brazil 12 > (Peru 10 > Argentina 10), (Venezuela 8 > Central America 10), East Africa 10",
    "chain of 6": "A 10 > B 10 > C 10 > D 10 > E 10 > F 10",
    "two territories, 2 each": "A 10 > (B 10), (C 10), D 10 > (E 10), (F 10)",
    "star of 6 (worst case)": "A 10, B 10, C 10, D 10, E 10, F 10",
}
BATTLES = {   # the defender's dice choice
    "100 v 100, after the roll": (100, 100, "after-roll"),
    "100 v 100, before the roll": (100, 100, "before-roll"),
    "200 v 200, after the roll": (200, 200, "after-roll"),
}

WORK = r'''
import json, time
import riskodds as ro
def best(f, n):
    ts, out = [], None
    for _ in range(n):
        t = time.perf_counter(); out = f(); ts.append(time.perf_counter() - t)
    return min(ts), out
res = {}
for name, outline in %(plans)r.items():
    s, p = best(lambda: ro.plan(100, outline, convention="territory", budget=1e9), 2)
    res["plan: " + name] = [s, float(p.win), float(p.straight)]
for name, (a, d, mode) in %(battles)r.items():
    s, b = best(lambda: ro.battle(a, d, convention="territory", rules=ro.Rules(defender_choice=mode), budget=1e9), 1)
    res["choice: " + name] = [s, float(b.win), None]
json.dumps(res)
'''


def main():
    cpython, pyodide = run_cpython_and_pyodide(WORK % {"plans": PLANS, "battles": BATTLES})
    rows = []
    print(f"{'workload':44s} {'CPython s':>10s} {'Pyodide s':>10s} {'P(win)':>10s} {'straight':>10s}")
    for k, (c, win, straight) in cpython.items():
        p = pyodide[k][0]
        rows.append({"workload": k, "cpython_s": c, "pyodide_s": p, "win": win, "straight": straight})
        print(f"{k:44s} {c:10.3f} {p:10.3f} {win:10.6f} {'' if straight is None else f'{straight:10.6f}'}")
    targets = [Target(f"{r['workload']}, Pyodide", r["pyodide_s"], 2.0, "s") for r in rows
               if r["workload"].startswith("plan:")]
    return finish("plan", {"rows": rows}, targets)


if __name__ == "__main__":
    raise SystemExit(main())
