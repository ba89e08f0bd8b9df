"""Play it at the table: the requests mid-turn that follow the best play's typical course, each answered
from the sweep of the turn's start (answers/real_turn.py `continued`) and each again by a fresh search
(the kept sweep dropped first), in CPython and in Pyodide under Node (the runtime the site ships, the
browser's JavaScript sweep on the worker's thread alone). Every request of a course is one a player
makes: after each roll that took nothing, at each conquest (the move pending) and after each move.

Usage: python bench/bench_play_steps.py     (prints a table, saves bench/results/play_steps.json;
    exit 1 when an answer read from the kept sweep differs from the fresh search's)
"""
import json
import statistics
import sys

from benchlib import Target, finish, run_cpython_and_pyodide

AFRICA = ["North Africa", "Egypt", "East Africa", "Congo", "South Africa", "Madagascar"]
EUROPE = ["Iceland", "Great Britain", "Scandinavia", "Northern Europe", "Western Europe", "Southern Europe", "Ukraine"]
POSITIONS = [   # (name, mine, theirs, R, goal)
    ("South America from North Africa 8 and Central America 4, + 6", {"North Africa": 8, "Central America": 4},
     {"Venezuela": 2, "Brazil": 2, "Peru": 1, "Argentina": 2}, 6, "South America"),
    ("Africa from Brazil 15 and Southern Europe 10, 2 each, + 8", {"Brazil": 15, "Southern Europe": 10},
     {t: 2 for t in AFRICA}, 8, "Africa"),
    ("Europe from Greenland 12 and North Africa 8, 1-3 each, + 6", {"Greenland": 12, "North Africa": 8},
     {t: 1 + i % 3 for i, t in enumerate(EUROPE)}, 6, "Europe"),
]

WORK = r'''
import json, time
import riskodds.interfaces.api as api
from riskodds.answers import real_turn as real
POSITIONS = %(positions)s


def course(answer, position):
    """The requests a player makes along the answer's typical course: (position, moving)."""
    now = {t: dict(h) for t, h in position.items()}
    for p in answer["placement"]:
        now[p["territory"]]["armies"] += p["armies"]
    out = []
    for step in answer["line"]:
        if "move" in step:
            continue
        x, y = step["from"], step["to"]
        if not step["taken"]:
            now[x]["armies"], now[y]["armies"] = step["left"], step["defenders_left"]
            out.append(({t: dict(h) for t, h in now.items()}, None))
            continue
        pending = {t: dict(h) for t, h in now.items()}
        pending[x]["armies"], pending[y] = step["left"] + step["moved"], {"owner": "you", "armies": 0}
        out.append((pending, {"from": x, "to": y, "dice": step["last_dice"]}))
        now[x]["armies"], now[y] = step["left"], {"owner": "you", "armies": step["moved"]}
        if any(h["owner"] != "you" for t, h in now.items() if t in answer["goal"]):
            out.append(({t: dict(h) for t, h in now.items()}, None))
    return out


def timed(request):
    t = time.process_time()
    got = api.handle("turn", request)
    return time.process_time() - t, got


out = {}
for name, mine, theirs, R, goal in POSITIONS:
    position = {t: {"owner": "red", "armies": a} for t, a in theirs.items()}
    position.update({t: {"owner": "you", "armies": a} for t, a in mine.items()})
    start = {"position": position, "player": "you", "reinforcements": R, "goal": {"take": goal}, "search": "real",
             "time_budget_s": 120}
    real.forget()
    opening_s, opening = timed(start)
    kept = real._KEPT[0]
    steps = []
    for now, moving in course(opening, position):
        request = {**start, "position": now, "reinforcements": 0}
        if moving:
            request["moving"] = moving
        real._KEPT[0] = kept
        reused_s, reused = timed(request)
        real.forget()
        fresh_s, fresh = timed(request)
        same = all(reused[k] == fresh[k] for k in reused if k != "searched")
        steps.append({"moving": bool(moving), "reused_s": reused_s, "fresh_s": fresh_s, "same": same,
                      "read_kept": reused["searched"].get("reused", False), "fresh_positions": fresh["searched"]["states"]})
    out[name] = {"opening_s": opening_s, "positions": opening["searched"]["states"], "steps": steps}
json.dumps(out)
'''


def main():
    cpython, pyodide = run_cpython_and_pyodide(WORK % {"positions": repr(POSITIONS)})
    rows, targets = [], []
    print("seconds of CPU (Pyodide: its clock) per request; steps: the requests of the course; read: those read from the "
          "kept sweep, whose times follow, each against the fresh search of the same request")
    print(f"{'position':62s} {'runtime':8s} {'opening':>8s} {'steps':>5s} {'read':>4s} "
          f"{'kept: all / median / most':>26s} {'fresh: all / median / most':>27s}")
    for name, *_ in POSITIONS:
        for runtime, got in (("CPython", cpython), ("Pyodide", pyodide)):
            r = got[name]
            steps = r["steps"]
            kept = [s["reused_s"] for s in steps if s["read_kept"]]
            fresh = [s["fresh_s"] for s in steps if s["read_kept"]]
            row = {"position": name, "runtime": runtime, "opening_s": r["opening_s"], "positions": r["positions"],
                   "steps": len(steps), "read_kept": len(kept),
                   "kept_s": sum(kept), "fresh_s": sum(fresh),
                   "kept_median_s": statistics.median(kept) if kept else None, "kept_most_s": max(kept, default=None),
                   "fresh_median_s": statistics.median(fresh) if fresh else None,
                   "fresh_most_s": max(fresh, default=None), "all_same": all(s["same"] for s in steps)}
            rows.append(row)
            print(f"{name:62s} {runtime:8s} {r['opening_s']:8.2f} {len(steps):5d} {len(kept):4d} "
                  f"{_three(row['kept_s'], row['kept_median_s'], row['kept_most_s']):>26s} "
                  f"{_three(row['fresh_s'], row['fresh_median_s'], row['fresh_most_s']):>27s}")
            targets.append(Target(f"{name}, {runtime}: every answer read from the kept sweep is the fresh search's",
                                  int(row["all_same"]), 1, "", True))
    return finish("play_steps.json", {"rows": rows, "raw": {"cpython": cpython, "pyodide": pyodide}}, targets)


def _three(whole, median, most):
    return "-" if median is None else f"{whole:.2f} / {median:.2f} / {most:.2f}"


if __name__ == "__main__":
    sys.exit(main())
