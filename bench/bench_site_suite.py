#!/usr/bin/env python3
"""The calculator suite's speed targets, in headless Chromium against a fresh build served with the
netlify.toml headers:

  1. troops needed for D = 200, p = .99, capital (3 defender dice), in the browser: <= 3 s;
  2. a chain of 14 territories with 72 attackers (territory convention), exact: <= 0.5 s;
  plus, for context, a 200 x 200 win table and the CPython engine's time for each.

Each case is timed in the page: the worker's own time (engine.call) and the whole path from the
submit to the rendered result ("click", the form's data-elapsed-ms); "wall" adds Playwright's
round trips (click, polling) as seen from Python. Prints a table, judges the targets and writes
bench/results/site_suite.json (exit status 1 when a target is missed).
Usage: python bench/bench_site_suite.py [--runs N]
"""
import argparse
import platform
import statistics
import sys

from benchlib import Target, cpython_ms, finish, served_build, submit_and_time
from sitebuild import browsers
from sitehelpers import fill_form  # the tests' way of filling a form

CHAIN = [22, 8, 2, 2, 2, 7, 1, 1, 3, 1, 2, 3, 5, 1]

# name, form id, form fields, engine op, engine params, target seconds
CASES = [
    ("troops needed D=200 p=.99 capital (territory)", "needed",
     {"mode": "attackers", "defenders": 200, "p": "0.99", "convention": "territory", "defend_dice": 3},
     "needed", {"defenders": 200, "p": "0.99", "convention": "territory", "defend_dice": 3}, 3.0),
    ("chain: 72 v 14 territories (territory)", "campaign",
     {"attackers": 72, "territories": ",".join(map(str, CHAIN)), "convention": "territory"},
     "campaign", {"attackers": 72, "territories": CHAIN, "convention": "territory"}, 0.5),
    ("win table 200 x 200 (attacking)", "table",
     {"max_attackers": 200, "max_defenders": 200, "convention": "attacking"},
     "table", {"max_attackers": 200, "max_defenders": 200, "convention": "attacking"}, None),
]


def run_browser(url: str, runs: int) -> dict:
    from playwright.sync_api import sync_playwright

    res = {name: {"worker_ms": [], "click_ms": [], "wall_ms": []} for name, *_ in CASES}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(**browsers.chromium_launch_options())
        ctx = browser.new_context(base_url=url)
        page = ctx.new_page()
        page.goto("/calculators/")
        page.locator("body[data-engine-state=ready]").wait_for(state="attached", timeout=180_000)
        for name, form_id, fields, op, params, _ in CASES:
            for _ in range(runs):
                ms = page.evaluate("async ([op, p]) => (await riskoddsEngine.call(op, p).promise).ms", [op, params])
                res[name]["worker_ms"].append(ms)
                form = page.locator(f"form#{form_id}")
                fill_form(form, fields)
                res[name]["wall_ms"].append(submit_and_time(page, form_id))  # incl. Playwright's round trips
                res[name]["click_ms"].append(float(form.get_attribute("data-elapsed-ms")))  # measured in the page
        ctx.close()
        browser.close()
    return res


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    with served_build() as (_, info, url):
        b = run_browser(url, args.runs)
    cp = {name: cpython_ms(op, params, args.runs) for name, _, _, op, params, _ in CASES}
    rows, medians = [], {}
    for name, *_, target in CASES:
        m = {"cpython_ms": statistics.median(cp[name]), "worker_ms": statistics.median(b[name]["worker_ms"]),
             "click_ms": statistics.median(b[name]["click_ms"]), "wall_ms": statistics.median(b[name]["wall_ms"])}
        medians[name] = {**m, "target_s": target, "meets_target": None if target is None else m["click_ms"] <= target * 1000}
        verdict = "" if target is None else f"target <= {target:g} s: {'ok' if m['click_ms'] <= target * 1000 else 'MISSED'}"
        rows.append((name, f"{m['cpython_ms']:.0f}", f"{m['worker_ms']:.0f}", f"{m['click_ms']:.0f}",
                     f"{m['wall_ms']:.0f}", f"{m['worker_ms'] / m['cpython_ms']:.2f}x", verdict))
    head = ("case", "CPython ms", "worker ms", "click ms", "wall ms", "worker/CPy", "")
    widths = [max(len(r[i]) for r in rows + [head]) for i in range(len(head))]
    fmt = lambda r: "  ".join(c.ljust(w) if i in (0, 6) else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths)))
    print("\n" + fmt(head) + "\n" + "-" * (sum(widths) + 10))
    for r in rows:
        print(fmt(r))
    result = {"runs": args.runs, "machine": platform.platform(), "python": platform.python_version(),
              "pyodide": info["pyodide_version"], "medians": medians,
              "raw_ms": {name: {**b[name], "cpython_ms": cp[name]} for name in b}}
    targets = [Target(f"{name}, click -> result", medians[name]["click_ms"] / 1000, target, "s")
               for name, *_, target in CASES if target is not None]
    return finish("site_suite.json", result, targets)


if __name__ == "__main__":
    sys.exit(main())
