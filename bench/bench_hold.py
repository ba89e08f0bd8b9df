"""Holding a continent (issue 34, item 5): the issue's positions, in CPython and in Pyodide under
Node (the runtime the site ships, with its default browser budget), each with what it searched;
a row refused is run again with the budget lifted ("unbudgeted"), to say how far it is.

Usage: python bench/bench_hold.py     (prints a table, saves bench/results/hold.json)
"""
import sys

from benchlib import Target, finish, run_cpython_and_pyodide

EACH = lambda names, n: {t: n for t in names}
AFRICA = ["North Africa", "Egypt", "East Africa", "Congo", "South Africa", "Madagascar"]
NORTH_AMERICA = ["Alaska", "Northwest Territory", "Greenland", "Alberta", "Ontario", "Quebec",
                 "Western United States", "Eastern United States", "Central America"]
EUROPE = ["Iceland", "Scandinavia", "Ukraine", "Great Britain", "Northern Europe", "Western Europe", "Southern Europe"]
POSITIONS = [   # (name, mine {territory: armies}, theirs, R, hold, opponent's R2, Pyodide target s)
    ("hold Australia (1 each), 6 to place, against Siam 12 + 5",
     EACH(["Indonesia", "New Guinea", "Western Australia", "Eastern Australia"], 1), {"Siam": 12}, 6, "Australia", 5,
     1.0),
    ("hold South America (2, 2, 1, 1), 8 to place, against Central America 8 and North Africa 6, + 5",
     {"Venezuela": 2, "Brazil": 2, "Peru": 1, "Argentina": 1}, {"Central America": 8, "North Africa": 6}, 8,
     "South America", 5, 2.0),
    ("hold Africa (2 each), 10 to place, against Brazil 8, Southern Europe 6 and Middle East 6, + 7",
     EACH(AFRICA, 2), {"Brazil": 8, "Southern Europe": 6, "Middle East": 6}, 10, "Africa", 7, 5.0),
    ("hold Australia (Indonesia 2, the others 1) and Siam 2, 3 to place, against China 12 + 5 (through Siam)",
     {"Indonesia": 2, "New Guinea": 1, "Western Australia": 1, "Eastern Australia": 1, "Siam": 2}, {"China": 12}, 3,
     "Australia", 5, 1.0),
    ("hold Australia and Siam 3, India 2, China 2, 5 to place, against Middle East 8, Afghanistan 6, Mongolia 5, + 5",
     {"Indonesia": 2, "New Guinea": 1, "Western Australia": 1, "Eastern Australia": 1, "Siam": 3, "India": 2,
      "China": 2}, {"Middle East": 8, "Afghanistan": 6, "Mongolia": 5}, 5, "Australia", 5, None),
    ("hold North America (2 each), 10 to place, against Kamchatka 10, Iceland 8 and Venezuela 6, + 7",
     EACH(NORTH_AMERICA, 2), {"Kamchatka": 10, "Iceland": 8, "Venezuela": 6}, 10, "North America", 7, None),
    ("hold Europe (2 each), 10 to place, against Greenland 8, North Africa 6, Middle East 6 and Ural 6, + 7",
     EACH(EUROPE, 2), {"Greenland": 8, "North Africa": 6, "Middle East": 6, "Ural": 6}, 10, "Europe", 7, None),
]

WORK = r'''
import json, time
import riskodds.interfaces.api as api
from riskodds.guards.budget import Budget
POSITIONS = %(positions)s
out = {}
for name, mine, theirs, R, hold, R2 in POSITIONS:
    position = {t: {"owner": "red", "armies": a} for t, a in theirs.items()}
    position.update({t: {"owner": "you", "armies": a} for t, a in mine.items()})
    request = {"position": position, "player": "you", "reinforcements": R, "hold": hold, "opponent": "red",
               "opponent_reinforcements": R2}
    t = time.process_time()
    res = api.handle("hold", request)
    used = time.process_time() - t
    out[name] = {"seconds": used, "ok": res["ok"], "budget_s": Budget().seconds,
                 "hold": res["hold"]["float"] if res["ok"] else None,
                 "searched": res.get("searched"), "error": None if res["ok"] else res["error"]["message"],
                 "placement": res.get("placement"), "fortify": res.get("fortify"), "words": res.get("words"),
                 "rules_of_thumb": [{"name": r["name"], "hold": r["hold"]["float"]} for r in res["rules_of_thumb"]]
                                   if res["ok"] else None}
    if not res["ok"]:       # refused: how long it takes when let through (how far from the budget)
        t = time.process_time()
        more = api.handle("hold", {**request, "time_budget_s": 600, "memory_budget_mb": 4000})
        out[name]["unbudgeted"] = {"seconds": time.process_time() - t, "ok": more["ok"],
                                   "states": more["searched"]["states"] if more["ok"] else None,
                                   "hold": more["hold"]["float"] if more["ok"] else None}
json.dumps(out)
'''


def main():
    positions = [(name, mine, theirs, R, hold, R2) for name, mine, theirs, R, hold, R2, _ in POSITIONS]
    cpython, pyodide = run_cpython_and_pyodide(WORK % {"positions": repr(positions)})
    rows, targets = [], []
    print(f"{'position':100s} {'CPython s':>9s} {'Pyodide s':>9s} {'P(hold)':>8s}  "
          "searched (CPython; Pyodide if refused)")
    for name, _, _, _, _, _, limit in POSITIONS:
        c, p = cpython[name], pyodide[name]
        rows.append({"position": name, "cpython": c, "pyodide": p})
        best = c if c["ok"] else p
        hold = f"{best['hold']:.4f}" if best["ok"] else "-"
        said = c["searched"]["words"] if c["ok"] else f"refused: {c['error']}"
        if not p["ok"]:
            said += f" | Pyodide refused: {p['error']}"
            if p.get("unbudgeted"):
                said += f" | let through, Pyodide takes {p['unbudgeted']['seconds']:.1f} s"
        print(f"{name:100s} {c['seconds']:9.2f} {p['seconds']:9.2f} {hold:>8s}  {said[:160]}")
        if c["ok"]:
            thumbs = ", ".join(f"{r['name']} {r['hold']:.4f}" for r in c["rules_of_thumb"])
            fort = c["fortify"]
            move = f"; move {fort['armies']} {fort['from']} -> {fort['to']}" if fort else ""
            placed = ", ".join(f"{x['armies']} {x['territory']}" for x in c["placement"] if x["armies"])
            print(f"    best: {placed}{move}; rules of thumb: {thumbs}")
        if limit is not None:       # answered in full: a refusal misses the target, however fast
            targets.append(Target(f"{name}: Pyodide seconds, answered", p["seconds"] if p["ok"] else float("inf"),
                                  limit, "s"))
        elif p["ok"]:       # answered within the budget (the running deadline's margin included) ...
            targets.append(Target(f"{name}: answered, share of the browser budget used", p["seconds"] / p["budget_s"],
                                  1.05, ""))
        else:               # ... or refused up front, before a tenth of it
            targets.append(Target(f"{name}: refused up front, share of the browser budget used",
                                  p["seconds"] / p["budget_s"], 0.1, ""))
    return finish("hold.json", {"rows": rows}, targets)


if __name__ == "__main__":
    sys.exit(main())
