#!/usr/bin/env python3
"""The player's first best real turn in Chromium, with and without the engine's warm-up
(EngineClient.prepare: the page shows the Turn form, and while nobody waits the worker loads the
turn's part of the engine and asks its warm-up request, riskodds.interfaces.api.warm).

Each row is a fresh page of a fresh build, served as Netlify serves it (cross-origin isolated: the
sweep's pool runs). "cold": the page's engine ready, the Turn form never shown, the player's question
asked at once. "warm": the same page, prepare("turn") asked and run to its end first (its seconds are
the warm-up's). Then the same question once more on the same page (what the engine takes once
nothing is left to load). Every answer must be CPython's exact answer.

Prints a table, judges the targets and writes bench/results/warm.json (exit 1 on a miss).
Usage: python bench/bench_warm.py [--runs N]
"""
import json
import sys
import time

from benchlib import Target, finish, served_build
from sitebuild import browsers

from riskodds.facts import board
from riskodds.interfaces import api

ASK = """async (p) => {
    const t0 = performance.now();
    const { result } = await riskoddsEngine.call('turn', p).promise;
    const answer = typeof result === "string" ? JSON.parse(result) : result;
    return { seconds: (performance.now() - t0) / 1000, win: answer.ok ? [answer.win.num, answer.win.den] : null,
             error: answer.ok ? null : answer.error };
}"""
WARM = """async () => {
    const e = riskoddsEngine, t0 = performance.now();
    e.prepare('turn');
    while (e.current !== null || e.queue.length) await new Promise((r) => setTimeout(r, 20));
    return (performance.now() - t0) / 1000;
}"""


def position(mine, theirs):
    out = {t: {"owner": "red", "armies": a} for t, a in theirs.items()}
    out.update({t: {"owner": "you", "armies": a} for t, a in mine.items()})
    return out


QUESTION = ("Africa from Brazil 15 and Southern Europe 10, 2 each, + 8",
            {"position": position({"Brazil": 15, "Southern Europe": 10}, {t: 2 for t in board.MEMBERS["Africa"]}),
             "player": "you", "reinforcements": 8, "goal": {"take": "Africa"}, "search": "real", "time_budget_s": 120})


def main():
    from playwright.sync_api import sync_playwright
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 2
    name, params = QUESTION
    want = api.handle("turn", params)
    want = [want["win"]["num"], want["win"]["den"]]
    rows = []
    print(f"{name}\n{'page':6s} {'warm-up s':>9s} {'first s':>8s} {'again s':>8s}  exact win")
    with served_build() as (_, _info, url), sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=browsers.CHROMIUM, args=browsers.CHROMIUM_ARGS)
        for _ in range(runs):
            for warm in (False, True):
                context = browser.new_context(base_url=url, service_workers="block")
                page = context.new_page()
                page.goto("/calculators/")
                page.locator("body[data-engine-state=ready]").wait_for(state="attached", timeout=300_000)
                if page.evaluate("() => riskoddsEngine.prepared.size") != 0:
                    raise SystemExit("a form asked a warm-up before the bench did: the cold row would not be cold")
                warm_s = page.evaluate(WARM) if warm else None
                first, again = page.evaluate(ASK, params), page.evaluate(ASK, params)
                exact = first["win"] == want and again["win"] == want
                label = "warm" if warm else "cold"
                print(f"{label:6s} {warm_s if warm else 0:9.2f} {first['seconds']:8.2f} {again['seconds']:8.2f}  "
                      f"{'CPython' if exact else (first, again)}", flush=True)
                rows.append({"page": label, "warm_up_s": warm_s, "first_s": first["seconds"],
                             "again_s": again["seconds"], "exact_as_cpython": exact})
                context.close()
        browser.close()
    best = lambda label, key: min(r[key] for r in rows if r["page"] == label)
    targets = [Target("every answer CPython's exact answer", int(all(r["exact_as_cpython"] for r in rows)), 1,
                      at_least=True),
               Target("first answer, warmed / cold (fastest of each)", best("warm", "first_s") / best("cold", "first_s"),
                      0.85),
               Target("first answer warmed / the same question again (fastest of each)",
                      best("warm", "first_s") / best("warm", "again_s"), 1.25)]
    return finish("warm.json", {"question": name, "rows": rows, "when": time.strftime("%Y-%m-%d %H:%M")}, targets)


if __name__ == "__main__":
    sys.exit(main())
