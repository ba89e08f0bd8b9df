"""The turn planner on the classic board: the issue's positions, in CPython and in Pyodide under
Node (the runtime the site ships, with its default browser budget), each with what it searched.

Usage: python bench/bench_turn.py     (prints a table, saves bench/results/turn.json)
"""
import json
import sys

from benchlib import Target, finish, run_cpython_and_pyodide

ONE_TO_THREE = lambda names: {t: 1 + i % 3 for i, t in enumerate(names)}     # 1, 2, 3, 1, 2, 3, ...
POSITIONS = [   # (name, mine {territory: armies}, theirs, reinforcements, goal, Pyodide target s, must be complete)
    ("Australia from Siam, 1-3 defenders, 20 + 5", {"Siam": 20},
     ONE_TO_THREE(["Indonesia", "New Guinea", "Western Australia", "Eastern Australia"]), 5, "Australia", 0.3, True),
    ("South America from North Africa and Central America, 12 + 6", {"North Africa": 8, "Central America": 4},
     {"Venezuela": 2, "Brazil": 2, "Peru": 1, "Argentina": 2}, 6, "South America", 1.0, True),
    ("Africa from Brazil and Southern Europe, 2 each, 25 + 8", {"Brazil": 15, "Southern Europe": 10},
     {t: 2 for t in ["North Africa", "Egypt", "East Africa", "Congo", "South Africa", "Madagascar"]}, 8, "Africa",
     3.0, True),
    ("North America from Kamchatka and Iceland, 1-3 each, 30 + 10", {"Kamchatka": 20, "Iceland": 10},
     ONE_TO_THREE(["Alaska", "Northwest Territory", "Greenland", "Alberta", "Ontario", "Quebec",
                   "Western United States", "Eastern United States", "Central America"]), 10, "North America",
     10.0, False),
    ("Asia from Ukraine and Indonesia, 1-3 each, 35 + 10", {"Ukraine": 25, "Indonesia": 10},
     ONE_TO_THREE(["Ural", "Siberia", "Yakutsk", "Kamchatka", "Irkutsk", "Mongolia", "Japan", "Afghanistan",
                   "China", "Middle East", "India", "Siam"]), 10, "Asia", None, False),
]

WORK = r'''
import json, time
import riskodds.interfaces.api as api
from riskodds.guards.budget import Budget
POSITIONS = %(positions)s
out = {}
for name, mine, theirs, R, goal in POSITIONS:
    position = {t: {"owner": "red", "armies": a} for t, a in theirs.items()}
    position.update({t: {"owner": "you", "armies": a} for t, a in mine.items()})
    request = {"position": position, "player": "you", "reinforcements": R, "goal": {"take": goal}}
    t = time.process_time()
    res = api.handle("turn", request)
    used = time.process_time() - t
    out[name] = {"seconds": used, "ok": res["ok"], "budget_s": Budget().seconds,
                 "win": res["win"]["float"] if res["ok"] else None,
                 "searched": res.get("searched"), "error": None if res["ok"] else res["error"]["message"],
                 "placement": res.get("placement"), "words": res.get("words")}
json.dumps(out)
'''


def main():
    positions = [(name, mine, theirs, R, goal) for name, mine, theirs, R, goal, _, _ in POSITIONS]
    cpython, pyodide = run_cpython_and_pyodide(WORK % {"positions": repr(positions)})
    rows, targets = [], []
    print(f"{'position':62s} {'CPython s':>9s} {'Pyodide s':>9s} {'P(take)':>8s}  searched (Pyodide)")
    for name, _, _, _, _, limit, complete in POSITIONS:
        c, p = cpython[name], pyodide[name]
        searched = p["searched"]["words"] if p["ok"] else f"refused: {p['error']}"
        rows.append({"position": name, "cpython": c, "pyodide": p})
        win = f"{p['win']:.4f}" if p["ok"] else "-"
        print(f"{name:62s} {c['seconds']:9.2f} {p['seconds']:9.2f} {win:>8s}  {searched[:90]}")
        if limit is not None:
            targets.append(Target(f"{name}: Pyodide seconds", p["seconds"], limit, "s"))
        elif p["ok"]:       # answered within the budget (the running deadline's margin included) ...
            targets.append(Target(f"{name}: answered, share of the browser budget used", p["seconds"] / p["budget_s"],
                                  1.05, ""))
        else:               # ... or refused up front, before a tenth of it
            targets.append(Target(f"{name}: refused up front, share of the browser budget used",
                                  p["seconds"] / p["budget_s"], 0.1, ""))
        if complete:
            targets.append(Target(f"{name}: the best of the whole family", int(p["ok"] and p["searched"]["complete"]),
                                  1, "", at_least=True))
        elif p["ok"]:
            says = "complete" if p["searched"]["complete"] else "narrower, and says so"
            print(f"    {says}: {p['searched']['words']}")
    return finish("turn.json", {"rows": rows}, targets)


if __name__ == "__main__":
    sys.exit(main())
