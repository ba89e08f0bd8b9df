#!/usr/bin/env python3
"""The first exact answer in each engine (Chromium, Firefox ESR, WebKitGTK; launched and driven by
sitebuild/browsers.py), against a fresh build served with the site's headers: a shared link to
75 v 10 that computes on load. Per run and engine, all times from navigation start:
  cold          a freshly launched browser (nothing cached, no service worker): exact answer rendered
  cold, engine  ... the Python engine ready (snapshot restored)
  repeat        the same link again in that browser, once the service worker holds the runtime
  repeat, engine
  1000 v 1000   then Calculate on 1,000 v 1,000 (4,426-digit answer): click -> rendered; Pyodide's
                big-integer speed in that engine
Every answer is checked against CPython's. Medians of --runs (>= 5); the browsers' own timings
(performance.now() in the page), not the driver's round trips. Measurements, no targets.
Prints a table, writes bench/results/engines.json.
"""
import argparse
import platform
import statistics
import sys

from benchlib import ROOT, finish, served_build

sys.path.insert(0, str(ROOT / "tests" / "matrix"))
import riskodds as ro  # noqa: E402
from pagehelpers import calculate, exact, pair, wait_final  # noqa: E402

from sitebuild import browsers  # noqa: E402

LINK = "/calculators/?calc=battle&attackers=75&defenders=10&convention=attacking#battle"
WANT = pair(ro.battle(75, 10, convention="attacking").win)
BIG = pair(ro.battle(1000, 1000, convention="attacking").win)

READ = """() => {
    const e = globalThis.riskoddsEngine;
    return {done: Number(document.getElementById('battle').dataset.finishedAt),
            engine: e.timings.initAtMs + e.timings.readyMs, snapshot: e.timings.snapshot,
            controlled: Boolean(navigator.serviceWorker && navigator.serviceWorker.controller)};
}"""


def first_answer(page, url: str) -> dict:
    page.goto("about:blank")  # the same link again would only move to its #fragment
    page.goto(url + LINK)
    assert wait_final(page, "battle") == "done", page.text("form#battle")[:300]
    assert exact(page, "battle", "win") == WANT
    return page.run(READ)


def one_run(name: str, url: str) -> dict:
    engine = browsers.launch(name)
    page = engine.page(1200, 900)
    try:
        cold = first_answer(page, url)
        page.wait("body[data-offline=ready]")  # the service worker holds the runtime now
        repeat = first_answer(page, url)
        assert repeat["controlled"], "the repeat visit was not served by the service worker"
        assert calculate(page, "battle", {"attackers": 1000, "defenders": 1000, "convention": "attacking"}) == "done"
        assert exact(page, "battle", "win") == BIG
        big = float(page.attr("form#battle", "data-elapsed-ms"))
        return {"version": engine.version, "cold_ms": cold["done"], "cold_engine_ms": cold["engine"],
                "repeat_ms": repeat["done"], "repeat_engine_ms": repeat["engine"], "big_ms": big,
                "snapshot": cold["snapshot"] and repeat["snapshot"]}
    finally:
        page.close()
        engine.close()


ROWS = [("cold", "first exact answer, cold"), ("cold_engine", "  engine ready"),
        ("repeat", "first exact answer, repeat visit (service worker)"), ("repeat_engine", "  engine ready"),
        ("big", "1000 v 1000: Calculate -> rendered")]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--engines", default=",".join(browsers.ENGINES))
    args = ap.parse_args()
    names = args.engines.split(",")
    raw: dict[str, dict[str, list]] = {n: {} for n in names}
    versions = {}
    with served_build() as (out, info, url):
        for i in range(args.runs):
            for name in names:  # interleaved, so a busy spell on the machine hits every engine alike
                r = one_run(name, url)
                versions[name] = r.pop("version")
                for k, v in r.items():
                    raw[name].setdefault(k, []).append(v)
                print(f"run {i + 1}/{args.runs} {name}: cold {r['cold_ms']:.0f} ms, repeat {r['repeat_ms']:.0f} ms", flush=True)
    med = {n: {k: statistics.median(v) for k, v in raw[n].items() if k != "snapshot"} for n in names}
    print(f"\nmedians of {args.runs} runs, ms from navigation start")
    print(f"{'measure':52s}" + "".join(f"{n:>11s}" for n in names))
    for key, label in ROWS:
        print(f"{label:52s}" + "".join(f"{med[n][key + '_ms']:11.0f}" for n in names))
    print("versions: " + ", ".join(f"{n} {versions[n]}" for n in names))
    result = {"runs": args.runs, "machine": platform.platform(), "pyodide": info["pyodide_version"], "link": LINK,
              "versions": versions, "medians_ms": med, "raw": raw}
    return finish("engines.json", result, [])


if __name__ == "__main__":
    sys.exit(main())
