"""The kill turn (issue 43, item 6): the issue's positions, in CPython and in Pyodide under Node (the
runtime the site ships, with its default browser budget), each with what it searched.

Usage: python bench/bench_kill.py     (prints a table, saves bench/results/kill.json)
"""
import sys

from benchlib import Target, finish, run_cpython_and_pyodide

POSITIONS = [   # (name, player, {owner: {territory: armies}}, R, victims, cards, sets traded, Pyodide target s)
    ("eliminate red (Peru 2, Argentina 1, North Africa 3) from Brazil 12 + 3, 4 cards against his 2, 5 sets traded",
     "you", {"you": {"Brazil": 12}, "red": {"Peru": 2, "Argentina": 1, "North Africa": 3}}, 3, ["red"],
     {"you": 4, "red": 2}, 5, 2.0),
    ("the same, then green (Congo 2, East Africa 2) with the 15 armies cashed",
     "you", {"you": {"Brazil": 12}, "red": {"Peru": 2, "Argentina": 1, "North Africa": 3},
             "green": {"Congo": 2, "East Africa": 2}}, 3, ["red", "green"], {"you": 4, "red": 2}, 5, 10.0),
    ("his chance to eliminate you (Scandinavia 1, Northern Europe 2, Southern Europe 3) from Ukraine 15 + 8, "
     "3 cards each",
     "red", {"red": {"Ukraine": 15}, "you": {"Scandinavia": 1, "Northern Europe": 2, "Southern Europe": 3}}, 8,
     ["you"], {"red": 3, "you": 3}, 5, 3.0),
]

WORK = r'''
import json, time
import riskodds.interfaces.api as api
from riskodds.guards.budget import Budget
POSITIONS = %(positions)s
out = {}
for name, player, owners, R, victims, cards, sets in POSITIONS:
    position = {t: {"owner": who, "armies": a} for who, held in owners.items() for t, a in held.items()}
    request = {"position": position, "player": player, "reinforcements": R, "goal": {"eliminate": victims},
               "cards": cards, "sets_traded": sets}
    t = time.process_time()
    res = api.handle("turn", request)
    used = time.process_time() - t
    out[name] = {"seconds": used, "ok": res["ok"], "budget_s": Budget().seconds,
                 "win": res["win"]["float"] if res["ok"] else None,
                 "kills": {k["victim"]: k["win"]["float"] for k in res["kills"]} if res["ok"] else None,
                 "searched": res.get("searched"), "error": None if res["ok"] else res["error"]["message"],
                 "words": res.get("words")}
json.dumps(out)
'''


def main():
    positions = [row[:-1] for row in POSITIONS]
    cpython, pyodide = run_cpython_and_pyodide(WORK % {"positions": repr(positions)})
    rows, targets = [], []
    print(f"{'position':112s} {'CPython s':>9s} {'Pyodide s':>9s} {'win':>7s}  positions; kills")
    for row in POSITIONS:
        name, limit = row[0], row[-1]
        c, p = cpython[name], pyodide[name]
        rows.append({"position": name, "cpython": c, "pyodide": p})
        best = c if c["ok"] else p
        win = f"{best['win']:.4f}" if best["ok"] else "-"
        said = (f"{c['searched']['states']:,}; " + ", ".join(f"{v} {w:.4f}" for v, w in c["kills"].items())
                if c["ok"] else f"refused: {c['error']}")
        if not p["ok"]:
            said += f" | Pyodide refused: {p['error']}"
        print(f"{name:112s} {c['seconds']:9.2f} {p['seconds']:9.2f} {win:>7s}  {said[:200]}")
        targets.append(Target(f"{name}: Pyodide seconds, answered", p["seconds"] if p["ok"] else float("inf"),
                              limit, "s"))
    return finish("kill.json", {"rows": rows}, targets)


if __name__ == "__main__":
    sys.exit(main())
