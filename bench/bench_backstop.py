"""How far past its budget a request runs when its estimate was wrong: the running backstop.

Every estimate is forced to 0 s (the cost guard lets everything start) and each request gets a
time budget of BUDGET_S seconds; it must stop with "took longer than its time budget". The
overshoot is the CPU time it used beyond the budget, in CPython and in Pyodide under Node (the
runtime the site ships). Target: at most MAX_OVERSHOOT_S past the budget, everywhere (issue:
"a few tenths of a second").

Usage: python bench/bench_backstop.py     (prints a table, saves bench/results/backstop.json)
"""
import json
import sys

from benchlib import Target, finish, run_cpython_and_pyodide

BUDGET_S = 0.25
MAX_OVERSHOOT_S = 0.3
WORK = r'''
import json, time
import riskodds.interfaces.api as api
from riskodds.guards import budget
budget.Estimate.here = lambda self: 0.0      # every estimate too low: the backstop must act
CASES = %(cases)s
out = {}
for op, params in CASES:
    t = time.process_time()
    res = api.handle(op, {"convention": "attacking", **params, "time_budget_s": %(budget)r})
    used = time.process_time() - t
    stopped = (not res["ok"]) and "took longer" in res["error"]["message"]
    out[op + " " + json.dumps(params)[:70]] = {"seconds": used, "stopped": stopped}
json.dumps(out)
'''


def cases():
    from benchlib import ROOT
    sys.path.insert(0, str(ROOT / "tests" / "engine"))
    from test_engine_backstop import SLOW
    return SLOW


def main():
    work = WORK % {"cases": repr(cases()), "budget": BUDGET_S}
    cpython, pyodide = run_cpython_and_pyodide(work)
    rows, targets = [], []
    print(f"budget {BUDGET_S} s, every estimate forced to 0 s")
    print(f"{'request':80s} {'CPython s':>10s} {'Pyodide s':>10s}")
    for name, c in cpython.items():
        p = pyodide[name]
        rows.append({"request": name, "cpython_s": c["seconds"], "pyodide_s": p["seconds"],
                     "stopped": c["stopped"] and p["stopped"]})
        print(f"{name:80s} {c['seconds']:10.3f} {p['seconds']:10.3f}" + ("" if rows[-1]["stopped"] else "  NOT STOPPED"))
    for engine, key in (("CPython", "cpython_s"), ("Pyodide", "pyodide_s")):
        worst = max(r[key] for r in rows) - BUDGET_S
        targets.append(Target(f"largest overshoot past the budget, {engine}", worst, MAX_OVERSHOOT_S, "s"))
    targets.append(Target("requests stopped by the backstop", sum(r["stopped"] for r in rows), len(rows), "",
                          at_least=True))
    return finish("backstop.json", {"budget_s": BUDGET_S, "rows": rows}, targets)


if __name__ == "__main__":
    sys.exit(main())
