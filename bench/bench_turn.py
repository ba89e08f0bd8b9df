"""The best real turn at the sizes players bring (issue 41): each position asked for its best real
play (`search: "real"`) in CPython and in Pyodide under Node (the runtime the site ships, with the
browser's JavaScript sweep, site_src/js/real-sweep.js, as the worker gives it), each in a process of
its own so that its peak memory (the process's maximum resident set) is its own; then the grid of
continents, defenders and armies priced without searching (the positions counted, the estimate in
CPython and in the browser, and whether it fits the browser's 10 s).

Usage: python bench/bench_turn.py [--grid-only] [--only TEXT]
    (prints tables, saves bench/results/turn.json; exit 1 when a target is missed)
"""
import json
import math
import os
import sys
import tempfile
import time
from pathlib import Path

from benchlib import PYODIDE_NODE, ROOT, Target, finish, save

ONE_TO_THREE = lambda names: {t: 1 + i % 3 for i, t in enumerate(names)}     # 1, 2, 3, 1, 2, 3, ...
AUSTRALIA = ["Indonesia", "New Guinea", "Western Australia", "Eastern Australia"]
SOUTH_AMERICA = ["Venezuela", "Brazil", "Peru", "Argentina"]
AFRICA = ["North Africa", "Egypt", "East Africa", "Congo", "South Africa", "Madagascar"]
EUROPE = ["Iceland", "Great Britain", "Scandinavia", "Northern Europe", "Western Europe", "Southern Europe", "Ukraine"]
NORTH_AMERICA = ["Alaska", "Northwest Territory", "Greenland", "Alberta", "Ontario", "Quebec", "Western United States",
                 "Eastern United States", "Central America"]
ASIA = ["Ural", "Siberia", "Yakutsk", "Kamchatka", "Irkutsk", "Mongolia", "Japan", "Afghanistan", "China",
        "Middle East", "India", "Siam"]
# (name, mine, theirs, reinforcements, goal, targets: {"cpython": s, "pyodide": s, "mb": MB} or None: answered
# or refused up front, with the interval)
ROWS = [
    ("Australia from Siam 20, 1-3 each, + 5", {"Siam": 20}, ONE_TO_THREE(AUSTRALIA), 5, "Australia",
     {"pyodide": 1.0}),
    ("South America from North Africa 8 and Central America 4, + 6", {"North Africa": 8, "Central America": 4},
     {"Venezuela": 2, "Brazil": 2, "Peru": 1, "Argentina": 2}, 6, "South America", {"pyodide": 1.0}),
    ("Africa from Brazil 15 and Southern Europe 10, 2 each, + 8", {"Brazil": 15, "Southern Europe": 10},
     {t: 2 for t in AFRICA}, 8, "Africa", {"cpython": 1.0, "pyodide": 3.0, "mb": 300}),
    ("Europe from Greenland 12 and North Africa 8, 1-3 each, + 6", {"Greenland": 12, "North Africa": 8},
     ONE_TO_THREE(EUROPE), 6, "Europe", {"cpython": 1.0, "pyodide": 3.0, "mb": 300}),
    ("North America from Kamchatka 20 and Iceland 10, 1-3 each, + 10", {"Kamchatka": 20, "Iceland": 10},
     ONE_TO_THREE(NORTH_AMERICA), 10, "North America", {"cpython": 5.0, "pyodide": 10.0, "mb": 1024}),
    ("Africa, 2 each, 40 on Brazil", {"Brazil": 40}, {t: 2 for t in AFRICA}, 0, "Africa",
     {"cpython": 5.0, "pyodide": 10.0, "mb": 1024}),
    ("Africa from Brazil 25 and Southern Europe 15, 2 each, + 8", {"Brazil": 25, "Southern Europe": 15},
     {t: 2 for t in AFRICA}, 8, "Africa", {"cpython": 3.0, "pyodide": 10.0, "mb": 500}),
    ("Asia from Ukraine 25 and Indonesia 10, 1-3 each, + 10", {"Ukraine": 25, "Indonesia": 10}, ONE_TO_THREE(ASIA),
     10, "Asia", None),
]
# the grid: (continent, its targets, the usual entries); armies in all (on the entries and 5 to place)
GRID_ENTRIES = [("Australia", AUSTRALIA, ["Siam"]), ("South America", SOUTH_AMERICA, ["North Africa", "Central America"]),
                ("Africa", AFRICA, ["Brazil", "Southern Europe"]), ("Europe", EUROPE, ["Greenland", "North Africa"]),
                ("North America", NORTH_AMERICA, ["Kamchatka", "Iceland"])]
GRID_ARMIES = (10, 20, 30, 40)
GRID_PLACE = 5
POOL_THREADS = 4        # the grid's browser on a 4-core phone or laptop (site_src/js/sweep-pool.js), estimated

WORK = r'''
import json, sys, time
sys.set_int_max_str_digits(0)
import riskodds.interfaces.api as api
from riskodds.algorithms import real_sweep
mine, theirs, R, goal = json.loads(%(args)r)
position = {t: {"owner": "red", "armies": a} for t, a in theirs.items()}
position.update({t: {"owner": "you", "armies": a} for t, a in mine.items()})
request = {"position": position, "player": "you", "reinforcements": R, "goal": {"take": goal}, "search": "%(search)s"}
t, w = time.process_time(), time.perf_counter()
res = api.handle("turn", request)
used, wall = time.process_time() - t, time.perf_counter() - w
out = {"seconds": used, "wall": wall, "ok": res["ok"], "runner": real_sweep.runner(10 ** 9),
       "win": res["win"]["float"] if res["ok"] else None, "exact": (res["win"]["num"], res["win"]["den"]) if res["ok"] else None,
       "searched": res.get("searched"), "bounds": res.get("bounds"),
       "error": None if res["ok"] else res["error"]["message"]}
if out["bounds"]:
    out["bounds"] = {"low": out["bounds"]["low"]["float"], "high": out["bounds"]["high"]["float"]}
if not res["ok"] and request["search"] == "real":    # past the budget: the longer wait "auto" offers, taken
    offer = api.handle("turn", {**request, "search": "auto"})["searched"].get("longer")
    if offer:
        t = time.process_time()
        got = api.handle("turn", {**request, "search": offer["search"], "time_budget_s": offer["time_budget_s"]})
        out["longer"] = {"offered_s": offer["time_budget_s"], "estimated_s": offer["seconds"],
                         "seconds": time.process_time() - t, "ok": got["ok"],
                         "exact": (got["win"]["num"], got["win"]["den"]) if got["ok"] else None}
json.dumps(out)
'''


def run_row(mine, theirs, R, goal, search, tmp):
    """{"cpython": result, "pyodide": result}, each with its peak MB (a fresh process each)."""
    from sitebuild import paths
    from sitebuild.engine_pack import engine_archive
    args = json.dumps([mine, theirs, R, goal])
    work = WORK % {"args": args, "search": search}
    lines = work.rstrip().splitlines()
    script = "\n".join(lines[:-1] + [f"print({lines[-1]})"])
    env = dict(os.environ, PYTHONPATH=str(ROOT / "pysite"))
    work_py, node, zipped = Path(tmp, "work.py"), Path(tmp, "run.mjs"), Path(tmp, "riskodds.tgz")
    work_py.write_text(work)
    node.write_text(PYODIDE_NODE % {"root": ROOT})
    if not zipped.exists():
        zipped.write_bytes(engine_archive(paths.ENGINE_SRC))
    out = {}
    for name, argv in (("cpython", [sys.executable, "-c", script]),
                       ("pyodide", ["node", str(node), str(work_py), str(zipped)])):
        text, mb = _peak(argv, env)
        res = json.loads(text.strip().splitlines()[-1])
        res["peak_mb"] = mb
        out[name] = res
    return out


def judged(got, answered):
    """A runtime's time or memory as a target sees it: infinite where it did not answer with the real play."""
    return got if answered else math.inf


def _peak(argv, env):
    """(stdout, the child's own peak resident MB): wait4 gives one child's usage."""
    import subprocess
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
    stdout = proc.stdout.read()
    stderr = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise SystemExit(f"{argv[0]} failed:\n" + stderr[-3000:])
    return stdout, usage.ru_maxrss / 1024


def grid():
    """Each grid cell priced (no search): positions, CPython and browser estimates, fits 10 s."""
    import riskodds.answers.real_turn as real
    from riskodds.answers.turn import LONGER_MARGIN, LONGER_MOST_S
    from riskodds.algorithms import real_space, real_sweep
    from riskodds.algorithms import real_turn as search
    from riskodds.checks.turn_request import read_turn
    from riskodds.guards.turn_cost import real_turn_cost
    rows = []
    for continent, targets, entries in GRID_ENTRIES:
        for defenders in (1, 2):
            for armies in GRID_ARMIES:
                on_entries = armies - GRID_PLACE
                split = [on_entries - on_entries // 3, on_entries // 3] if len(entries) == 2 else [on_entries]
                mine = {e: max(1, a) for e, a in zip(entries, split)}
                position = {t: {"owner": "red", "armies": defenders} for t in targets}
                position.update({t: {"owner": "you", "armies": a} for t, a in mine.items()})
                request = read_turn(position, "you", GRID_PLACE, {"take": continent})
                lay = search.layout(request.targets, request.entries, request.adjacent)
                try:
                    positions, vectors, lines, sizes = real_space.measure(lay, *real._bounds(request))
                    share = real_sweep.span_share([n for n, _ in sizes], [m for _, m in sizes], POOL_THREADS)
                except real_space.TooLarge as e:
                    positions, vectors, lines, share = e.positions, e.positions, e.positions, 1.0
                placements = real._placements(request)
                here = real_turn_cost(positions, vectors, placements, "numba", False, "", lines=lines)
                browser = real_turn_cost(positions, vectors, placements, "javascript", True, "", lines=lines)
                # the page's pool (site_src/js/sweep-pool.js) on POOL_THREADS cores
                pool = real_turn_cost(positions, vectors, placements, "javascript", True, "", lines=lines,
                                      threads=POOL_THREADS, share=share)
                from riskodds.facts.limits import COST_MODEL, LIMITS
                browser_s = browser.seconds * LIMITS["pyodide_slowdown"] * COST_MODEL["turn_browser_factor"]
                pool_s = pool.seconds * LIMITS["pyodide_slowdown"] * COST_MODEL["turn_browser_factor"]
                memory = browser.mb <= LIMITS["browser_memory_budget_mb"]
                fits = browser_s <= LIMITS["browser_time_budget_s"] and memory
                pool_fits = pool_s <= LIMITS["browser_time_budget_s"] and pool.mb <= LIMITS["browser_memory_budget_mb"]
                # past the 10 s, the page offers the longer wait the engine names (answers/turn.py _longer)
                offered = not fits and memory and math.ceil(LONGER_MARGIN * browser_s) <= LONGER_MOST_S
                rows.append({"continent": continent, "defenders": defenders, "armies": armies, "mine": mine,
                             "positions": positions, "cpython_s": here.seconds, "mb": here.mb,
                             "browser_s": browser_s, "browser_mb": browser.mb, "fits_browser": fits,
                             "offered_browser": offered, "pool_threads": POOL_THREADS, "pool_s": pool_s,
                             "pool_mb": pool.mb, "fits_pool": pool_fits})
    print(f"\n{'continent':14s} {'def':>3s} {'armies':>6s} {'positions':>15s} {'CPython s':>10s} {'browser s':>10s} "
          f"{'MB':>8s}  fits the browser's 10 s (or offered, a longer wait); {POOL_THREADS} threads: s, fits")
    for r in rows:
        print(f"{r['continent']:14s} {r['defenders']:3d} {r['armies']:6d} {r['positions']:15,d} {r['cpython_s']:10.2f} "
              f"{r['browser_s']:10.2f} {r['mb']:8.0f}  "
              f"{'yes' if r['fits_browser'] else ('offered' if r['offered_browser'] else 'no'):8s} "
              f"{r['pool_s']:8.2f} {'yes' if r['fits_pool'] else 'no'}")
    print(f"{sum(r['fits_browser'] for r in rows)} of {len(rows)} fit the browser's 10 s on one thread, "
          f"{sum(r['fits_pool'] for r in rows)} on {POOL_THREADS}")
    return rows


def main():
    grid_only = "--grid-only" in sys.argv
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
    rows, targets = [], []
    if not grid_only:
        print("CPython s: CPU seconds, every thread's (what the targets judge); wall: seconds waited (its sweep's threads "
              "share the cores)")
        print(f"{'position':64s} {'CPython s':>9s} {'wall':>6s} {'MB':>6s} {'Pyodide s':>9s} {'MB':>6s} {'P(take)':>8s} "
              f"{'positions':>11s}  answer")
        with tempfile.TemporaryDirectory() as tmp:
            for name, mine, theirs, R, goal, limits in ROWS:
                if only and only not in name:
                    continue
                got = run_row(mine, theirs, R, goal, "real" if limits else "auto", tmp)
                c, p = got["cpython"], got["pyodide"]
                rows.append({"position": name, **got})
                real = p["ok"] and p["searched"]["family"] == "real"
                states = f"{p['searched']['states']:,}" if real else "-"
                what = "the best real play" if real else (
                    f"interval {100 * p['bounds']['low']:.2f} - {100 * p['bounds']['high']:.2f} %" if p.get("bounds")
                    else f"refused: {p['error']}")
                print(f"{name:64s} {c['seconds']:9.2f} {c['wall']:6.2f} {c['peak_mb']:6.0f} {p['seconds']:9.2f} "
                      f"{p['peak_mb']:6.0f} "
                      f"{p['win'] if p['win'] is None else round(100 * p['win'], 2)!s:>8s} {states:>11s}  {what}",
                      flush=True)
                if p.get("longer"):
                    w = p["longer"]
                    same = w["ok"] and c["ok"] and w["exact"] == c["exact"]
                    print(f"{'':71s} the longer wait offered in Pyodide ({w['offered_s']} s): {w['seconds']:.2f} s "
                          f"(estimated {w['estimated_s']:.1f} s), {'the same exact answer as CPython' if same else w}",
                          flush=True)
                if limits is None:
                    targets.append(Target(f"{name}: answered or refused up front with the interval",
                                          int(p["ok"] and (real or p.get("bounds") is not None)), 1, "", at_least=True))
                    continue
                targets.append(Target(f"{name}: the real play, the same exact answer in CPython and Pyodide",
                                      int(real and c["ok"] and c["exact"] == p["exact"]), 1, "", at_least=True))
                # a runtime's time and memory count only where it answered with the real play (a refusal is quick)
                c_real = c["ok"] and c["searched"]["family"] == "real"
                if "cpython" in limits:
                    targets.append(Target(f"{name}: CPython seconds", judged(c["seconds"], c_real), limits["cpython"], "s"))
                if "pyodide" in limits:
                    targets.append(Target(f"{name}: Pyodide seconds", judged(p["seconds"], real), limits["pyodide"], "s"))
                if "mb" in limits:
                    targets.append(Target(f"{name}: peak MB (CPython)", judged(c["peak_mb"], c_real), limits["mb"], "MB"))
                    targets.append(Target(f"{name}: peak MB (Pyodide under Node)", judged(p["peak_mb"], real), limits["mb"],
                                          "MB"))
    cells = grid()
    if grid_only:       # the rows and their verdicts of the last full run stay as they were
        last = json.loads((ROOT / "bench" / "results" / "turn.json").read_text())
        save("turn.json", {**last, "grid": cells, "grid_when": time.strftime("%Y-%m-%d %H:%M")})
        return 0
    return finish("turn.json", {"rows": rows, "grid": cells, "when": time.strftime("%Y-%m-%d %H:%M")}, targets)


if __name__ == "__main__":
    sys.exit(main())
