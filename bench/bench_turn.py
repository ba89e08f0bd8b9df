"""The turn planner on the classic board: the issue's positions, in CPython and in Pyodide under
Node (the runtime the site ships, with its default browser budget). Each position is asked twice:
as a player asks it (`search: "auto"`: the best real play, roll by roll, where its estimate is
small, with the best fixed plan beside it; rows marked "real asked" ask for the real play itself) and for the fixed plans alone (`search: "fixed"`),
with what each searched and the states the real play met.

Usage: python bench/bench_turn.py     (prints a table, saves bench/results/turn.json)
"""
import sys

from benchlib import Target, finish, run_cpython_and_pyodide

ONE_TO_THREE = lambda names: {t: 1 + i % 3 for i, t in enumerate(names)}     # 1, 2, 3, 1, 2, 3, ...
AFRICA = ["North Africa", "Egypt", "East Africa", "Congo", "South Africa", "Madagascar"]
POSITIONS = [   # (name, mine {territory: armies}, theirs, reinforcements, goal, Pyodide target s for the real play)
    ("Australia from Siam, 1-3 defenders each, 20 + 5", {"Siam": 20},
     ONE_TO_THREE(["Indonesia", "New Guinea", "Western Australia", "Eastern Australia"]), 5, "Australia", 1.0),
    ("South America from North Africa and Central America, 12 + 6", {"North Africa": 8, "Central America": 4},
     {"Venezuela": 2, "Brazil": 2, "Peru": 1, "Argentina": 2}, 6, "South America", 1.0),
    ("Africa from Brazil and Southern Europe, 2 each, 25 + 8", {"Brazil": 15, "Southern Europe": 10},
     {t: 2 for t in AFRICA}, 8, "Africa", None),
    ("Africa from Brazil and Southern Europe, 2 each, 8 + 4", {"Brazil": 4, "Southern Europe": 4},
     {t: 2 for t in AFRICA}, 4, "Africa", 10.0),
    ("Africa from Brazil and Southern Europe, 2 each, 10 + 4 (real asked)", {"Brazil": 5, "Southern Europe": 5},
     {t: 2 for t in AFRICA}, 4, "Africa", 10.0),
    ("Africa from Brazil and Southern Europe, 2 each, 12 + 4 (real asked)", {"Brazil": 6, "Southern Europe": 6},
     {t: 2 for t in AFRICA}, 4, "Africa", 10.0),
    ("Europe from Greenland and North Africa, 1-3 each, 20 + 6", {"Greenland": 12, "North Africa": 8},
     ONE_TO_THREE(["Iceland", "Great Britain", "Scandinavia", "Northern Europe", "Western Europe",
                   "Southern Europe", "Ukraine"]), 6, "Europe", None),
    ("North America from Kamchatka and Iceland, 1-3 each, 30 + 10", {"Kamchatka": 20, "Iceland": 10},
     ONE_TO_THREE(["Alaska", "Northwest Territory", "Greenland", "Alberta", "Ontario", "Quebec",
                   "Western United States", "Eastern United States", "Central America"]), 10, "North America", None),
    ("Asia from Ukraine and Indonesia, 1-3 each, 35 + 10", {"Ukraine": 25, "Indonesia": 10},
     ONE_TO_THREE(["Ural", "Siberia", "Yakutsk", "Kamchatka", "Irkutsk", "Mongolia", "Japan", "Afghanistan",
                   "China", "Middle East", "India", "Siam"]), 10, "Asia", None),
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
    for search in ("auto", "fixed"):
        asked = "real" if search == "auto" and "(real asked)" in name else search
        request = {"position": position, "player": "you", "reinforcements": R, "goal": {"take": goal},
                   "search": asked}
        t = time.process_time()
        res = api.handle("turn", request)
        used = time.process_time() - t
        out[name + "|" + search] = {
            "seconds": used, "ok": res["ok"], "budget_s": Budget().seconds,
            "win": res["win"]["float"] if res["ok"] else None,
            "fixed_win": res["fixed"]["win"]["float"] if res["ok"] and res.get("fixed") else None,
            "searched": res.get("searched"), "error": None if res["ok"] else res["error"]["message"],
            "placement": res.get("placement")}
json.dumps(out)
'''


def main():
    positions = [(name, mine, theirs, R, goal) for name, mine, theirs, R, goal, _ in POSITIONS]
    cpython, pyodide = run_cpython_and_pyodide(WORK % {"positions": repr(positions)})
    rows, targets = [], []
    print(f"{'position':62s} {'ask':5s} {'CPython s':>9s} {'Pyodide s':>9s} {'P(take)':>8s} {'fixed':>7s} "
          f"{'states':>9s}  searched (Pyodide)")
    for name, _, _, _, _, limit in POSITIONS:
        for search in ("auto", "fixed"):
            c, p = cpython[name + "|" + search], pyodide[name + "|" + search]
            rows.append({"position": name, "search": search, "cpython": c, "pyodide": p})
            family = p["searched"]["family"] if p["ok"] else "refused"
            states = f"{p['searched']['states']:,}" if p["ok"] and family == "real" else "-"
            win = f"{p['win']:.4f}" if p["ok"] else "-"
            fixed = f"{p['fixed_win']:.4f}" if p.get("fixed_win") is not None else "-"
            what = p["searched"]["words"] if p["ok"] else f"refused: {p['error']}"
            print(f"{name:62s} {search:5s} {c['seconds']:9.2f} {p['seconds']:9.2f} {win:>8s} {fixed:>7s} "
                  f"{states:>9s}  {what[:80]}")
            if search == "auto" and limit is not None:
                targets.append(Target(f"{name}: Pyodide seconds, real play", p["seconds"], limit, "s"))
                targets.append(Target(f"{name}: the real play searched in full",
                                      int(p["ok"] and family == "real" and p["searched"]["complete"]), 1, "",
                                      at_least=True))
            elif p["ok"]:       # answered within the budget (the running deadline's margin included) ...
                targets.append(Target(f"{name} ({search}): answered, share of the browser budget used",
                                      p["seconds"] / p["budget_s"], 1.05, ""))
            else:               # ... or refused up front, before a tenth of it
                targets.append(Target(f"{name} ({search}): refused up front, share of the browser budget used",
                                      p["seconds"] / p["budget_s"], 0.1, ""))
    return finish("turn.json", {"rows": rows}, targets)


if __name__ == "__main__":
    sys.exit(main())
