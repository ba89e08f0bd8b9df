"""Measure what the engine's cost model (pysite/riskodds/guards/cost.py) predicts: CPU seconds and
peak memory of JSON API requests of many shapes beside the model's estimate, each request in a
fresh subprocess and then again in the same process (warm: round tables and caches filled). Peak
memory is the process's VmHWM (Linux), reset between the two runs (/proc/self/clear_refs), so
each run's peak is its own. The constants (COST_MODEL in facts/limits.py) come from runs of this
script; rerun it after changing the engine and adjust them so that every ratio (estimate over
measured) stays within [1/2, 2], the docs' promise (a little above 1 is better: refusing early
beats running for ever).

Usage: python bench/calibrate_cost.py [--quick] [--only OP,OP] [--match TEXT|TEXT] [--out NAME]
    (prints a table, saves bench/results/NAME, cost.json by default; --match keeps the requests
    whose JSON holds one of the texts)
       python bench/calibrate_cost.py --merge cost.json cost_rerun.json
    (rows measured again replace the same requests, new ones are added; prints and saves the whole table)
"""
import json
import os
import resource
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "pysite"))

A = "attacking"
CASES = [
    # (op, params) in the attacking convention
    ("battle", {"attackers": 500, "defenders": 500, "detail": "full"}),
    ("battle", {"attackers": 1000, "defenders": 1000, "detail": "full"}),
    ("battle", {"attackers": 2000, "defenders": 1, "detail": "full"}),
    ("battle", {"attackers": 4000, "defenders": 1, "detail": "full"}),
    ("battle", {"attackers": 1, "defenders": 4000, "detail": "full"}),
    ("battle", {"attackers": 2000, "defenders": 3, "detail": "full"}),
    ("battle", {"attackers": 1000, "defenders": 1000, "detail": "summary"}),
    ("battle", {"attackers": 2000, "defenders": 2000, "detail": "summary"}),
    ("battle", {"attackers": 3000, "defenders": 300, "detail": "summary"}),
    ("battle", {"attackers": 8000, "defenders": 1, "detail": "summary"}),
    ("battle", {"attackers": 16000, "defenders": 1, "detail": "summary"}),
    ("battle", {"attackers": 1, "defenders": 16000, "detail": "summary"}),
    ("battle", {"attackers": 4000, "defenders": 3, "detail": "summary"}),
    ("battle", {"attackers": 8000, "defenders": 3, "detail": "summary"}),
    ("battle", {"attackers": 3, "defenders": 8000, "detail": "summary"}),
    ("battle", {"attackers": 1000, "defenders": 1000, "detail": "summary", "defend_dice": 3}),
    ("battle", {"attackers": 600, "defenders": 600, "detail": "summary", "attack_faces": 20, "defend_faces": 20}),
    ("path", {"start_attackers": 2000, "start_defenders": 2000, "end_attackers": 1, "end_defenders": 1000}),
    ("path", {"start_attackers": 8000, "start_defenders": 8000, "end_attackers": 1, "end_defenders": 1}),
    ("path", {"start_attackers": 20000, "start_defenders": 500, "end_attackers": 10000, "end_defenders": 1}),
    ("needed", {"defenders": 400, "p": "0.99"}),
    ("needed", {"defenders": 800, "p": "0.5"}),
    ("needed", {"defenders": 20, "p": "0.5", "survivors": 1500}),
    ("defenders_needed", {"attackers": 800, "p": "0.5"}),
    ("table", {"max_attackers": 200, "max_defenders": 200}),
    ("table", {"max_attackers": 400, "max_defenders": 400}),
    ("table", {"max_attackers": 100, "max_defenders": 100, "detail": "full"}),
    ("campaign", {"attackers": 300, "territories": [20] * 10}),
    ("campaign", {"attackers": 1000, "territories": [1] * 42}),
    ("campaign", {"attackers": 2000, "territories": [3, 3, 3]}),
    # every dice count, faces and weights (the red-team rows: 1 v 1 dice, heavy weights)
    ("battle", {"attackers": 20000, "defenders": 1, "detail": "summary", "attack_dice": 1, "defend_dice": 1}),
    ("battle", {"attackers": 3000, "defenders": 3000, "detail": "summary", "attack_dice": 1, "defend_dice": 1}),
    ("battle", {"attackers": 3000, "defenders": 3000, "detail": "summary", "attack_dice": 2, "defend_dice": 1}),
    ("battle", {"attackers": 3000, "defenders": 3000, "detail": "summary", "attack_dice": 1, "defend_dice": 2}),
    ("battle", {"attackers": 3000, "defenders": 3000, "detail": "summary", "attack_dice": 2, "defend_dice": 2}),
    ("battle", {"attackers": 1500, "defenders": 1500, "detail": "summary", "defend_dice": 3}),
    ("battle", {"attackers": 20000, "defenders": 3, "detail": "summary"}),
    ("battle", {"attackers": 2000, "defenders": 1, "detail": "summary", "attack_faces": 100, "defend_faces": 100,
                "attack_weights": ",".join(str(1 + (i * 7919) % 1000000) for i in range(100))}),
    ("battle", {"attackers": 500, "defenders": 500, "detail": "summary", "attack_faces": 7, "defend_faces": 5,
                "attack_weights": "1,2,3,4,5,6,1000000", "defend_weights": "9,1,1,1,3"}),
    ("needed", {"defenders": 300, "p": "0.5", "attack_dice": 1, "defend_dice": 1}),
    ("table", {"max_attackers": 300, "max_defenders": 300, "attack_faces": 20, "defend_faces": 20}),
    ("path", {"start_attackers": 6000, "start_defenders": 6000, "end_attackers": 1000, "end_defenders": 1000,
              "attack_dice": 1, "defend_dice": 1}),
    # Balanced Blitz through the same guards
    ("battle", {"attackers": 2000, "defenders": 2000, "detail": "summary", "dice_mode": "balanced-blitz"}),
    ("battle", {"attackers": 600, "defenders": 600, "detail": "full", "dice_mode": "balanced-blitz"}),
    ("battle", {"attackers": 2001, "defenders": 2000, "detail": "full", "dice_mode": "balanced-blitz",
                "convention": "territory"}),
    ("needed", {"defenders": 400, "p": "0.9", "dice_mode": "balanced-blitz"}),
    # a defender who chooses its dice, and branching plans
    ("battle", {"attackers": 150, "defenders": 150, "detail": "summary", "defender_choice": "after-roll"}),
    ("battle", {"attackers": 300, "defenders": 300, "detail": "summary", "defender_choice": "before-roll"}),
    ("needed", {"defenders": 60, "p": "0.9", "defender_choice": "after-roll"}),
    ("plan", {"attackers": 100, "targets": "A 10, B 10, C 10, D 10, E 10, F 10"}),
    ("plan", {"attackers": 200, "targets": "Brazil 12 > (Peru 10 > Argentina 10), (Venezuela 8 > Central America 10), "
                                           "East Africa 10"}),
    # the red-team's plans: many siblings, many equal targets, long chains, many armies
    ("plan", {"attackers": 3, "targets": ", ".join(f"T{chr(65 + i)} 1" for i in range(10))}),
    ("plan", {"attackers": 11, "targets": ", ".join(f"T{chr(65 + i)} 1" for i in range(12))}),
    ("plan", {"attackers": 29, "targets": ", ".join(f"T{chr(65 + i)} 3" for i in range(8))}),
    ("plan", {"attackers": 999, "targets": "1, 1, 1, 1"}),
    ("plan", {"attackers": 999, "targets": " > ".join(f"T{chr(65 + i)} 1" for i in range(10))}),
    ("plan", {"attackers": 1499, "targets": " > ".join(f"T{chr(65 + i)} 1" for i in range(10))}),
    ("plan", {"attackers": 59, "targets": "A 3, B 3, C 3, D 3, E 3, F 3", "min_move": "dice"}),
]


def _turn(mine, goal, R=0, search="auto", theirs=1, **extra):
    """A turn request: `mine` {territory: armies} held by "you", every territory of `goal` (a
    continent, or a list of territories) not in `mine` held by "red" with `theirs` armies."""
    from riskodds.facts import board
    names = board.MEMBERS[goal] if isinstance(goal, str) else goal
    position = {t: {"owner": "red", "armies": theirs(i) if callable(theirs) else theirs}
                for i, t in enumerate(n for n in names if n not in mine)}
    position.update({t: {"owner": "you", "armies": a} for t, a in mine.items()})
    return ("turn", {"position": position, "player": "you", "reinforcements": R,
                     "goal": {"take": goal if isinstance(goal, str) else list(goal)}, "search": search, **extra})


ONE_TO_THREE = lambda i: 1 + i % 3
TURN_CASES = [
    # the red-team's rows (issue 32, row 3): 1 army on each target, every army on one entry
    _turn({"Brazil": 80}, "Africa"),
    _turn({"Greenland": 50}, "Europe"),
    _turn({"Kamchatka": 40}, "North America"),
    _turn({"Ukraine": 60}, "Asia"),
    # every family on one position (auto takes one of them)
    *[_turn({"Kamchatka": 20, "Iceland": 10}, "North America", 10, search=f, theirs=ONE_TO_THREE)
      for f in ("chains", "2", "3", "all")],
    *[_turn({"Brazil": 15, "Southern Europe": 10}, "Africa", 8, search=f, theirs=2) for f in ("chains", "2", "3", "all")],
    _turn({"Ukraine": 25, "Indonesia": 10}, "Asia", 10, search="chains", theirs=ONE_TO_THREE),
    # small turns, many placements, capitals, "dice" moves
    _turn({"Siam": 6}, "Australia", 3),
    _turn({"Siam": 20}, "Australia", 200),
    _turn({"North Africa": 8, "Central America": 4}, "South America", 6, theirs=2),
    _turn({"North Africa": 8, "Central America": 4, "Peru": 3}, "South America", 12, theirs=3, min_move="one"),
    _turn({"Ukraine": 30}, "Europe", 5, theirs=ONE_TO_THREE),
    _turn({"Brazil": 200}, "Africa", theirs=5),
    _turn({"Kamchatka": 80}, "North America"),
    # the real play swept (issue 41): plain Python below real_sweep.COMPILED_FROM positions, compiled above
    _turn({"North Africa": 8, "Central America": 4}, "South America", 6, search="real", theirs=2),
    _turn({"Siam": 5}, "Australia", 40, search="real"),
    _turn({"Brazil": 8, "Southern Europe": 6}, "Africa", 5, search="real", theirs=2),
    _turn({"Brazil": 15, "Southern Europe": 10}, "Africa", 8, search="real", theirs=2),
    _turn({"Brazil": 40}, "Africa", search="real", theirs=2),
    _turn({"Greenland": 12, "North Africa": 8}, "Europe", 6, search="real", theirs=ONE_TO_THREE),
    _turn({"Japan": 5, "Ural": 4, "Yakutsk": 4}, ["Mongolia", "Irkutsk", "Siberia", "Kamchatka"], 1, search="real",
          theirs=lambda i: (3, 3, 2, 1)[i], min_move="one", dice="most"),
]


# ---------------------------------------------------------------- holding (issue 34; bench/bench_hold.py's rows)
# python bench/calibrate_cost.py --only hold (every row, hold included, goes to cost.json by default)
def _hold(mine, theirs, R, hold, R2):
    """A hold request: `mine` {territory: armies} held by "you", `theirs` by "red"."""
    position = {t: {"owner": "red", "armies": a} for t, a in theirs.items()}
    position.update({t: {"owner": "you", "armies": a} for t, a in mine.items()})
    return ("hold", {"position": position, "player": "you", "reinforcements": R, "hold": hold, "opponent": "red",
                     "opponent_reinforcements": R2})


_EACH = lambda names, n: {t: n for t in names}
HOLD_CASES = [
    _hold(_EACH(["Indonesia", "New Guinea", "Western Australia", "Eastern Australia"], 1), {"Siam": 12}, 6,
          "Australia", 5),
    _hold({"Venezuela": 2, "Brazil": 2, "Peru": 1, "Argentina": 1}, {"Central America": 8, "North Africa": 6}, 8,
          "South America", 5),
    _hold(_EACH(["North Africa", "Egypt", "East Africa", "Congo", "South Africa", "Madagascar"], 2),
          {"Brazil": 8, "Southern Europe": 6, "Middle East": 6}, 10, "Africa", 7),
    _hold(_EACH(["Alaska", "Northwest Territory", "Greenland", "Alberta", "Ontario", "Quebec", "Western United States",
                 "Eastern United States", "Central America"], 2),
          {"Kamchatka": 10, "Iceland": 8, "Venezuela": 6}, 10, "North America", 7),
    _hold(_EACH(["Iceland", "Scandinavia", "Ukraine", "Great Britain", "Northern Europe", "Western Europe",
                 "Southern Europe"], 2), {"Greenland": 8, "North Africa": 6, "Middle East": 6, "Ural": 6}, 10, "Europe", 7),
    _hold({"Venezuela": 3, "Brazil": 3, "Peru": 2, "Argentina": 2}, {"Central America": 12, "North Africa": 10}, 10,
          "South America", 8),
    _hold(_EACH(["North Africa", "Egypt", "East Africa", "Congo", "South Africa", "Madagascar"], 1),
          {"Brazil": 6, "Southern Europe": 5, "Middle East": 5}, 8, "Africa", 5),
    # past the browser's budget (tests/site/test_calc_hold.py refuses it up front): its estimate must hold too
    _hold(_EACH(["North Africa", "Egypt", "East Africa", "Congo", "South Africa", "Madagascar"], 2),
          {"Brazil": 10, "Southern Europe": 8, "Middle East": 8}, 12, "Africa", 9),
    # many reinforcements on few armies: the tables of a roll's outcomes weigh
    _hold({"Venezuela": 2, "Brazil": 2, "Peru": 1, "Argentina": 1}, {"Central America": 3, "North Africa": 3}, 30,
          "South America", 40),
    _hold({"North Africa": 2, "Egypt": 2, "East Africa": 2, "Congo": 2}, {"Brazil": 2, "Middle East": 2}, 14,
          ["North Africa", "Egypt", "East Africa"], 30),
    # through buffers (issue 42): Siam, India and China lead into Australia; parts searched as a turn
    _hold({"Indonesia": 2, "New Guinea": 1, "Western Australia": 1, "Eastern Australia": 1, "Siam": 3, "India": 2,
           "China": 2}, {"Middle East": 8, "Afghanistan": 6, "Mongolia": 5}, 2, "Australia", 2),
    _hold({"Venezuela": 2, "Brazil": 2, "Peru": 2, "Argentina": 2, "Central America": 3, "Eastern United States": 2},
          {"Western United States": 8, "North Africa": 6}, 6, "South America", 5),
]


# ---------------------------------------------------------------- keeping (issue 42; bench/bench_keep.py's rows)
def _keep(mine, theirs, R, goal, R2):
    """A keep request: `mine` {territory: armies} held by "you", `theirs` by "red"."""
    position = {t: {"owner": "red", "armies": a} for t, a in theirs.items()}
    position.update({t: {"owner": "you", "armies": a} for t, a in mine.items()})
    return ("keep", {"position": position, "player": "you", "reinforcements": R, "goal": goal, "opponent": "red",
                     "opponent_reinforcements": R2})


_AUSTRALIA = ["Indonesia", "New Guinea", "Western Australia", "Eastern Australia"]
KEEP_CASES = [
    _keep({"Siam": 9}, {"China": 4, **_EACH(_AUSTRALIA, 1)}, 0, "Australia", 3),
    _keep({"Siam": 12}, {"China": 6, **_EACH(_AUSTRALIA, 1)}, 3, "Australia", 4),
    _keep({"North Africa": 8, "Central America": 4},
          {"Venezuela": 2, "Brazil": 2, "Peru": 1, "Argentina": 2, "Western United States": 6}, 6, "South America", 4),
    _keep({"North Africa": 6}, {"Venezuela": 1, "Brazil": 2, "Peru": 1, "Argentina": 1, "Central America": 5}, 4,
          "South America", 3),
]


# ---------------------------------------------------------------- the kill turn (issue 43; bench/bench_kill.py's rows)
def _kill(player, owners, R, victims, cards, sets):
    """A turn to eliminate `victims`: owners {owner: {territory: armies}}."""
    position = {t: {"owner": who, "armies": a} for who, held in owners.items() for t, a in held.items()}
    return ("turn", {"position": position, "player": player, "reinforcements": R, "goal": {"eliminate": victims},
                     "cards": cards, "sets_traded": sets})


_RED_SA = {"Peru": 2, "Argentina": 1, "North Africa": 3}
KILL_CASES = [
    _kill("you", {"you": {"Brazil": 12}, "red": _RED_SA}, 3, ["red"], {"you": 4, "red": 2}, 5),
    _kill("you", {"you": {"Brazil": 12}, "red": _RED_SA, "green": {"Congo": 2, "East Africa": 2}}, 3,
          ["red", "green"], {"you": 4, "red": 2}, 5),
    _kill("red", {"red": {"Ukraine": 15}, "you": {"Scandinavia": 1, "Northern Europe": 2, "Southern Europe": 3}}, 8,
          ["you"], {"red": 3, "you": 3}, 5),
    _kill("you", {"you": {"Brazil": 8, "North Africa": 3}, "red": {"Argentina": 2, "Peru": 1},
                  "green": {"Egypt": 2, "Venezuela": 2}}, 4, ["red", "green"], {"you": 4, "red": 3}, 3),
    _kill("red", {"red": {"Siam": 10, "China": 4}, "you": {"Indonesia": 2, "New Guinea": 1, "Western Australia": 2,
                                                          "Eastern Australia": 1}}, 5, ["you"], {"red": 2, "you": 4}, 6),
]


def _peak_mb():
    """This process's peak resident memory since the last reset (VmHWM), MB."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _reset_peak():
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
    except OSError:
        pass


def one(op, params):
    """Run one request here twice (fresh, then warm); return the measured CPU seconds and peak MB
    of each, and the estimate before each: the warm run's where the first left the process (the
    compiled sweep loaded: its load is not priced again, guards/turn_cost.py `loaded`)."""
    import gc
    import riskodds.interfaces.api as api
    params = {"convention": A, **params} if op not in ("turn", "hold", "keep") else params
    # the estimate and the runs see the same budget: "auto" (a turn's family) the default time budget,
    # as a player's request, so that it prices and searches the same family; the others no limit
    budgets = {"memory_budget_mb": 1e9} if params.get("search", "auto") == "auto" and op == "turn" else \
        {"time_budget_s": 1e9, "memory_budget_mb": 1e9}
    params = {**params, **budgets}
    t = time.process_time()
    est = api.handle(op, {**params, "estimate_only": True})
    estimate_s = time.process_time() - t
    if not est["ok"]:
        return {"error": est["error"]["message"]}
    est = est["estimate"]
    out = {"est_seconds": est["seconds"], "est_mb": est["mb"], "estimate_s": estimate_s, "what": est["what"]}
    for run in ("fresh", "warm"):
        if run == "warm":   # priced again where the first run left the process: the compiled sweep loaded
            warm = api.handle(op, {**params, "estimate_only": True})["estimate"]
            out.update(est_warm_seconds=warm["seconds"], est_warm_mb=warm["mb"])
        gc.collect()
        _reset_peak()
        t = time.process_time()
        res = api.handle(op, params)
        seconds = time.process_time() - t
        text = json.dumps(res)
        out[run] = {"seconds": seconds, "peak_mb": _peak_mb(), "ok": res["ok"], "chars": len(text),
                    "searched": (res.get("searched") or {}).get("family"),
                    "error": None if res["ok"] else res["error"]["message"]}
        del res, text
    return out


def _ratio(est, measured):
    return est / max(measured, 1e-3)


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--case":
        op, params = json.loads(sys.argv[2])
        print(json.dumps(one(op, params)))
        return
    args = sys.argv[1:]
    if "--merge" in args:               # --merge INTO FROM...: FROM's rows replace INTO's same requests
        into, *more = args[args.index("--merge") + 1:]
        return _merge(into, more)
    quick = "--quick" in args
    only = args[args.index("--only") + 1].split(",") if "--only" in args else None
    match = args[args.index("--match") + 1] if "--match" in args else None
    name = args[args.index("--out") + 1] if "--out" in args else "cost.json"
    cases = [c for c in CASES + TURN_CASES + HOLD_CASES + KEEP_CASES + KILL_CASES if (only is None or c[0] in only)
             and (match is None or any(m in json.dumps(c) for m in match.split("|")))] if not quick else CASES[:8]
    rows = []
    print(HEADER)
    for op, params in cases:
        out = subprocess.run([sys.executable, __file__, "--case", json.dumps([op, params])],
                             capture_output=True, text=True)
        if out.returncode:
            print(op, _label(op, params), out.stderr[-500:])
            continue
        r = {"op": op, "params": params, **json.loads(out.stdout)}
        rows.append(r)
        print(_line(r), flush=True)
        _save(name, rows)
    _summary(rows)
    _save(name, rows)


HEADER = (f"{'op':8s} {'request':52s} {'est s':>7s} {'fresh s':>7s} {'warm s':>7s} {'ratio':>11s} "
          f"{'est MB':>7s} {'fresh':>6s} {'warm':>6s} {'ratio':>11s}")


def _line(r):
    """One row of the table (and r["within_2"] set): estimate, fresh, warm, ratios estimate / measured."""
    op, params = r["op"], r["params"]
    if "error" in r:
        return f"{op:8s} {_label(op, params):52s} refused: {r['error'][:90]}"
    f, w = r["fresh"], r["warm"]
    est_warm_s, est_warm_mb = r.get("est_warm_seconds", r["est_seconds"]), r.get("est_warm_mb", r["est_mb"])
    rs = [_ratio(r["est_seconds"], f["seconds"]), _ratio(est_warm_s, w["seconds"])]
    rm = [_ratio(r["est_mb"], f["peak_mb"]), _ratio(est_warm_mb, w["peak_mb"])]
    r["within_2"] = all(0.5 <= x <= 2 for x in rs + rm) and f["ok"] and w["ok"]
    return (f"{op:8s} {_label(op, params):52s} {r['est_seconds']:7.2f} {f['seconds']:7.2f} {w['seconds']:7.2f} "
            f"{rs[0]:5.2f} {rs[1]:5.2f} {r['est_mb']:7.0f} {f['peak_mb']:6.0f} {w['peak_mb']:6.0f} "
            f"{rm[0]:5.2f} {rm[1]:5.2f}{'' if r['within_2'] else '  *'}"
            f"{'' if f['ok'] and w['ok'] else '  failed: ' + (f['error'] or w['error'] or '')[:60]}")


def _summary(rows):
    bad = [r for r in rows if r.get("within_2") is False]
    print(f"{len(rows)} rows, {len(bad)} outside a factor 2 (marked *); load average {os.getloadavg()[0]:.2f}")


def _merge(into, more):
    """Rows measured again (FROM files) replace the same requests in INTO; prints the whole table."""
    path = lambda n: os.path.join(ROOT, "bench", "results", n)
    with open(path(into)) as f:
        rows = json.load(f)["rows"]
    for name in more:
        with open(path(name)) as f:
            for new in json.load(f)["rows"]:
                same = [i for i, old in enumerate(rows) if (old["op"], old["params"]) == (new["op"], new["params"])]
                for i in same:
                    rows[i] = {**new, "rerun": name}
                if not same:                # a request new to the table: added
                    rows.append({**new, "rerun": name})
    print(HEADER)
    for r in rows:
        print(_line(r) + ("  (rerun)" if r.get("rerun") else ""))
    _summary(rows)
    _save(into, rows)


def _save(name, rows):
    os.makedirs(os.path.join(ROOT, "bench", "results"), exist_ok=True)
    with open(os.path.join(ROOT, "bench", "results", name), "w") as f:
        json.dump({"load_average": os.getloadavg(), "rows": rows}, f, indent=1)


def _label(op, params):
    """A short name of a request for the table."""
    if op != "turn":
        return json.dumps(params)[:52]
    if "eliminate" in params["goal"]:
        return (f"eliminate {'+'.join(params['goal']['eliminate'])} by {params['player']} "
                f"+{params['reinforcements']}")[:52]
    mine = ", ".join(f"{t} {p['armies']}" for t, p in params["position"].items() if p["owner"] == "you")
    theirs = sorted({p["armies"] for p in params["position"].values() if p["owner"] != "you"})
    goal = params["goal"]["take"]
    return (f"{goal if isinstance(goal, str) else len(goal)} from {mine} +{params['reinforcements']} "
            f"d{'-'.join(map(str, theirs))} {params.get('search', 'auto')}")[:52]


if __name__ == "__main__":
    main()
