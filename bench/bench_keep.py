"""Keeping what you take (issue 42, item 6): the issue's keep positions, in CPython and in Pyodide
under Node (the runtime the site ships, with its default browser budget), each with what it
searched; a row refused is run again with the budget lifted ("unbudgeted") where that is possible.

Usage: python bench/bench_keep.py     (prints a table, saves bench/results/keep.json)
"""
import sys

from benchlib import Target, finish, run_cpython_and_pyodide

EACH = lambda names, n: {t: n for t in names}   # noqa: E731
AUSTRALIA = ["Indonesia", "New Guinea", "Western Australia", "Eastern Australia"]
AFRICA = ["North Africa", "Egypt", "East Africa", "Congo", "South Africa", "Madagascar"]
POSITIONS = [   # (name, mine, theirs {territory: armies}, R, goal, opponent's R2, Pyodide target s or None)
    ("keep Australia: Siam 9 against Australia 1 each, China 4 + 3 next door",
     {"Siam": 9}, {"China": 4, **EACH(AUSTRALIA, 1)}, 0, "Australia", 3, 2.0),
    ("keep South America: North Africa 8 and Central America 4, + 6, against Venezuela 2, Brazil 2, Peru 1, "
     "Argentina 2, Western United States 6 + 4",
     {"North Africa": 8, "Central America": 4},
     {"Venezuela": 2, "Brazil": 2, "Peru": 1, "Argentina": 2, "Western United States": 6}, 6, "South America", 4, 5.0),
    ("keep Africa from Brazil 15 and Southern Europe 10, 2 each, + 8, against Middle East 8 + 5",
     {"Brazil": 15, "Southern Europe": 10}, {"Middle East": 8, **EACH(AFRICA, 2)}, 8, "Africa", 5, None),
]

WORK = r'''
import json, time
import riskodds.interfaces.api as api
from riskodds.guards.budget import Budget
POSITIONS = %(positions)s
out = {}
for name, mine, theirs, R, goal, R2 in POSITIONS:
    position = {t: {"owner": "red", "armies": a} for t, a in theirs.items()}
    position.update({t: {"owner": "you", "armies": a} for t, a in mine.items()})
    request = {"position": position, "player": "you", "reinforcements": R, "goal": goal, "opponent": "red",
               "opponent_reinforcements": R2}
    t = time.process_time()
    res = api.handle("keep", request)
    used = time.process_time() - t
    out[name] = {"seconds": used, "ok": res["ok"], "budget_s": Budget().seconds,
                 "keep": res["keep"]["float"] if res["ok"] else None,
                 "take": res["take"]["float"] if res["ok"] else None,
                 "greedy": ({"take": res["greedy"]["take"]["float"], "keep": res["greedy"]["keep"]["float"]}
                            if res["ok"] and res["greedy"] else None),
                 "searched": res.get("searched"), "error": None if res["ok"] else res["error"]["message"],
                 "words": res.get("words")}
json.dumps(out)
'''


def main():
    positions = [(name, mine, theirs, R, goal, R2) for name, mine, theirs, R, goal, R2, _ in POSITIONS]
    cpython, pyodide = run_cpython_and_pyodide(WORK % {"positions": repr(positions)})
    rows, targets = [], []
    print(f"{'position':110s} {'CPython s':>9s} {'Pyodide s':>9s} {'keep':>7s} {'take':>7s}  "
          "greedy take / keep; searched")
    for name, _, _, _, _, _, limit in POSITIONS:
        c, p = cpython[name], pyodide[name]
        rows.append({"position": name, "cpython": c, "pyodide": p})
        best = c if c["ok"] else p
        keep = f"{best['keep']:.4f}" if best["ok"] else "-"
        take = f"{best['take']:.4f}" if best["ok"] else "-"
        greedy = f"{best['greedy']['take']:.4f} / {best['greedy']['keep']:.4f}; " if best.get("greedy") else ""
        said = c["searched"]["words"] if c["ok"] else f"refused: {c['error']}"
        if not p["ok"]:
            said += f" | Pyodide refused: {p['error']}"
        print(f"{name:110s} {c['seconds']:9.2f} {p['seconds']:9.2f} {keep:>7s} {take:>7s}  {greedy}{said[:200]}")
        if limit is not None:
            targets.append(Target(f"{name}: Pyodide seconds, answered", p["seconds"] if p["ok"] else float("inf"),
                                  limit, "s"))
        elif p["ok"]:
            targets.append(Target(f"{name}: answered, share of the browser budget used", p["seconds"] / p["budget_s"],
                                  1.05, ""))
        else:
            targets.append(Target(f"{name}: refused up front, share of the browser budget used",
                                  p["seconds"] / p["budget_s"], 0.1, ""))
    return finish("keep.json", {"rows": rows}, targets)


if __name__ == "__main__":
    sys.exit(main())
