#!/usr/bin/env python3
"""The real turn's sweep on several cores (issue 41; site_src/js/sweep-pool.js).

  1. The sweep alone in Node's threads (tests/engine/shared_sweep.mjs: worker_threads sharing the
     values, each running real-sweep.js sweepShare as the page's pool does), on 1, 2, ... threads up to
     this machine's cores (at most the engine's browser_sweep_threads): its milliseconds, the same doubles as on one thread, and the
     share of one thread's time it took against the share the cost guard prices
     (algorithms/real_sweep.py span_share). Targets: the same doubles; the measured share within 2x of
     the priced one.
  2. The whole turn in Chromium from a fresh build, the best real play asked from the page's engine:
     served as Netlify serves it (cross-origin isolated: the pool sweeps) and without the isolation
     headers (one thread), side by side. Seconds from the call to the answer, the threads the answer
     says, and its exact win, which must be CPython's.

Prints two tables, judges the targets and writes bench/results/sweep_threads.json (exit 1 on a miss).
Usage: python bench/bench_sweep_threads.py [--node-only]
"""
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

from benchlib import ROOT, Target, finish, served_build
from sitebuild import browsers

from riskodds.algorithms import real_sweep, real_turn as search
from riskodds.algorithms.real_rounds import Rounds
from riskodds.answers import real_turn as real
from riskodds.checks.turn_request import read_turn
from riskodds.facts import board
from riskodds.facts.limits import LIMITS
from riskodds.interfaces import api

HARNESS = ROOT / "tests" / "engine" / "shared_sweep.mjs"
MOST_THREADS = LIMITS["browser_sweep_threads"]   # the engine's limit the pool reads (sweep-pool.js)
ONE_TO_THREE = lambda names: {t: 1 + i % 3 for i, t in enumerate(names)}     # 1, 2, 3, 1, 2, 3, ...
ROWS = [    # the bench_turn.py positions the real play is asked for at size: (name, mine, theirs, R, goal)
    ("Africa from Brazil 15 and Southern Europe 10, 2 each, + 8", {"Brazil": 15, "Southern Europe": 10},
     {t: 2 for t in board.MEMBERS["Africa"]}, 8, "Africa"),
    ("Europe from Greenland 12 and North Africa 8, 1-3 each, + 6", {"Greenland": 12, "North Africa": 8},
     ONE_TO_THREE(board.MEMBERS["Europe"]), 6, "Europe"),
    ("Africa from Brazil 25 and Southern Europe 15, 2 each, + 8", {"Brazil": 25, "Southern Europe": 15},
     {t: 2 for t in board.MEMBERS["Africa"]}, 8, "Africa"),
]
ISOLATION_HEADERS = ("cross-origin-opener-policy", "cross-origin-embedder-policy")


def position(mine, theirs):
    out = {t: {"owner": "red", "armies": a} for t, a in theirs.items()}
    out.update({t: {"owner": "you", "armies": a} for t, a in mine.items()})
    return out


def node_rows(tmp):
    rows, targets = [], []
    cores = min(os.cpu_count() or 1, MOST_THREADS)
    print(f"{'position':60s} {'threads':>7s} {'ms':>8s} {'share':>6s} {'priced':>6s}  doubles")
    for name, mine, theirs, R, goal in ROWS:
        request = read_turn(position(mine, theirs), "you", R, {"take": goal})
        lay = search.layout(request.targets, request.entries, request.adjacent)
        space = real.space_of(request, lay)
        rounds = Rounds([t.model for t in request.targets])
        sizes, masks = [b.size for b in space.blocks], [b.mask for b in space.blocks]
        alone = None
        for threads in range(1, max(cores, 2) + 1):
            text, keys = real_sweep.spec(space, rounds, "choose", request.min_move, threads)
            (tmp / "spec.json").write_text(text)
            (tmp / "keys.bin").write_bytes(keys)
            runs = []
            for _ in range(3):
                out = subprocess.run(["node", str(HARNESS), str(tmp / "spec.json"), str(tmp / "keys.bin"),
                                      str(tmp / "out.bin"), str(threads)], check=True, capture_output=True, text=True)
                runs.append(json.loads(out.stdout.strip().splitlines()[-1])["ms"])
            got = (tmp / "out.bin").read_bytes()
            alone = alone or (min(runs), got)
            share, priced = min(runs) / alone[0], real_sweep.span_share(sizes, masks, threads)
            same = got == alone[1]
            print(f"{name:60s} {threads:7d} {min(runs):8.0f} {share:6.2f} {priced:6.2f}  "
                  f"{'the same' if same else 'DIFFERENT'}", flush=True)
            rows.append({"position": name, "positions": space.size, "threads": threads, "ms": runs,
                         "share": share, "priced_share": priced, "same_doubles": same})
            if threads > 1:
                targets.append(Target(f"{name}, {threads} threads: the same doubles as one", int(same), 1,
                                      at_least=True))
                if threads <= (os.cpu_count() or 1):    # more threads than cores measure the machine, not the sweep
                    targets.append(Target(f"{name}, {threads} threads: measured share / priced", share / priced, 2.0))
    return rows, targets


def _without_isolation(route):
    if urlsplit(route.request.url).hostname != "127.0.0.1":
        return route.abort()
    response = route.fetch()
    route.fulfill(response=response, headers={k: v for k, v in response.headers.items()
                                              if k.lower() not in ISOLATION_HEADERS})


ASK = """async (p) => {
    const t0 = performance.now();
    const { result } = await riskoddsEngine.call('turn', p).promise;
    const answer = typeof result === "string" ? JSON.parse(result) : result;
    return { seconds: (performance.now() - t0) / 1000, ok: answer.ok, searched: answer.searched || null,
             win: answer.ok ? [answer.win.num, answer.win.den] : null, error: answer.ok ? null : answer.error };
}"""


def chromium_rows():
    from playwright.sync_api import sync_playwright
    rows, targets = [], []
    print(f"\n{'position':60s} {'page':>12s} {'threads':>7s} {'seconds':>16s}  exact win")
    with served_build() as (_, _info, url), sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=browsers.CHROMIUM, args=browsers.CHROMIUM_ARGS)
        for isolated in (True, False):
            context = browser.new_context(base_url=url, service_workers="block")
            if not isolated:
                context.route("**/*", _without_isolation)
            page = context.new_page()
            page.goto("/calculators/")
            page.locator("body[data-engine-state=ready]").wait_for(state="attached", timeout=300_000)
            for name, mine, theirs, R, goal in ROWS:
                params = {"position": position(mine, theirs), "player": "you", "reinforcements": R,
                          "goal": {"take": goal}, "search": "real", "time_budget_s": 120}
                want = api.handle("turn", params)
                runs = [page.evaluate(ASK, params) for _ in range(2)]     # the first also loads the turn's part
                last = runs[-1]
                exact = last["ok"] and last["win"] == [want["win"]["num"], want["win"]["den"]]
                threads = last["searched"]["threads"] if last["ok"] else None
                label = "isolated" if isolated else "not isolated"
                seconds = " / ".join(f"{r['seconds']:.2f}" for r in runs)
                print(f"{name:60s} {label:>12s} {threads!s:>7s} {seconds:>16s}  "
                      f"{'CPython' if exact else last}", flush=True)
                rows.append({"position": name, "isolated": isolated, "threads": threads,
                             "seconds": [r["seconds"] for r in runs], "exact_as_cpython": exact})
                targets.append(Target(f"{name}, Chromium {label}: CPython's exact answer", int(exact), 1, at_least=True))
            context.close()
        browser.close()
    return rows, targets


def main():
    with tempfile.TemporaryDirectory() as tmp:
        node, targets = node_rows(Path(tmp))
    chromium = []
    if "--node-only" not in sys.argv:
        chromium, more = chromium_rows()
        targets += more
    return finish("sweep_threads.json", {"cores": os.cpu_count(), "node": node, "chromium": chromium,
                                         "when": time.strftime("%Y-%m-%d %H:%M")}, targets)


if __name__ == "__main__":
    sys.exit(main())
