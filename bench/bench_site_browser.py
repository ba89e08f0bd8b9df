#!/usr/bin/env python3
"""Site speed in headless Chromium against a fresh build served with the netlify.toml headers.

  1. a 1000 v 1000 battle in the browser (worker time and click-to-result) vs the CPython engine
     (target: <= 1.5x);
  2. page weight without the Pyodide runtime (target: <= 300 KB).
(The time to the first answer, cold and warm, against a bare Pyodide load: bench_first_answer.py.)

Prints a table, judges the targets and writes bench/results/site_browser.json (exit 1 on a miss).  Usage: python bench/bench_site_browser.py [--runs N]
"""
import argparse
import json
import platform
import statistics
import sys
from pathlib import Path

from benchlib import Target, cpython_ms, finish, served_build, submit_and_time
from sitebuild import browsers
from sitebuild.weight import built_files, is_runtime, page_weight

BIG = {"attackers": 1000, "defenders": 1000, "convention": "attacking", "detail": "summary"}


def page_weights(out: Path) -> dict:
    """Bytes a visit loads without the Pyodide runtime, per page (sitebuild.weight)."""
    files = built_files(out)
    pages = {"home": "index.html", "calculators": "calculators/index.html", "article": "article/index.html"}
    runtime = sum(len(v) for k, v in files.items() if is_runtime(k))
    return {"pages": {name: page_weight(files, page) for name, page in pages.items() if page in files},
            "runtime_bytes": runtime}


def median(xs):
    return statistics.median(xs) if xs else float("nan")


def run_browser(url: str, runs: int) -> dict:
    from playwright.sync_api import sync_playwright

    res = {"engine_ready_ms": [], "big_worker_ms": [], "big_click_ms": []}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(**browsers.chromium_launch_options())
        for _ in range(runs):
            ctx = browser.new_context(base_url=url, service_workers="block")
            page = ctx.new_page()
            page.goto("/calculators/?calc=battle&attackers=75&defenders=10&convention=attacking")
            page.locator("form#battle[data-status=done]").wait_for(state="attached", timeout=180_000)
            res["engine_ready_ms"].append(json.loads(page.locator("body").get_attribute("data-engine-timings"))["readyMs"])
            # 1000 v 1000: the worker's own time, then the whole click-to-rendered-result path.
            out = page.evaluate("async (p) => (await riskoddsEngine.call('battle', p).promise).ms", BIG)
            res["big_worker_ms"].append(out)
            form = page.locator("form#battle")
            form.locator("[name=attackers]").fill("1000")
            form.locator("[name=defenders]").fill("1000")
            res["big_click_ms"].append(submit_and_time(page, "battle"))
            ctx.close()
        browser.close()
    return res


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    with served_build() as (out, info, url):
        weight = page_weights(out)
        b = run_browser(url, args.runs)
    cp = cpython_ms("battle", BIG, args.runs)
    m = {k: median(v) for k, v in b.items()}
    m["cpython_big_ms"] = median(cp)
    rows = [
        ("engine ready (worker start -> runtime + engine)", f"{m['engine_ready_ms']:.0f} ms", ""),
        ("1000 v 1000, CPython engine", f"{m['cpython_big_ms']:.0f} ms", ""),
        ("1000 v 1000, browser worker", f"{m['big_worker_ms']:.0f} ms",
         f"{m['big_worker_ms'] / m['cpython_big_ms']:.2f}x CPython (target <= 1.5x)"),
        ("1000 v 1000, browser click -> rendered", f"{m['big_click_ms']:.0f} ms",
         f"{m['big_click_ms'] / m['cpython_big_ms']:.2f}x CPython"),
        *[(f"page weight without runtime: {name}", f"{b / 1024:.1f} KB", "target <= 300 KB" if name != "article" else "figures, KaTeX fonts")
          for name, b in weight["pages"].items()],
        ("Pyodide runtime (not counted)", f"{weight['runtime_bytes'] / 1024 / 1024:.1f} MB", ""),
    ]
    w = max(len(r[0]) for r in rows)
    print(f"\n{'measure'.ljust(w)}  {'median':>10}  note\n{'-' * (w + 40)}")
    for name, val, note in rows:
        print(f"{name.ljust(w)}  {val:>10}  {note}")
    result = {"runs": args.runs, "machine": platform.platform(), "python": platform.python_version(),
              "pyodide": info["pyodide_version"], "medians_ms": m, "raw_ms": {**b, "cpython_big_ms": cp},
              "weight": weight,
              "ratios": {"big_worker_vs_cpython": m["big_worker_ms"] / m["cpython_big_ms"]}}
    targets = [Target("1000 v 1000 browser worker / CPython", result["ratios"]["big_worker_vs_cpython"], 1.5, "x"),
               *[Target(f"page weight without runtime: {name}", b / 1024, 300, "KB")
                 for name, b in weight["pages"].items() if name != "article"]]
    return finish("site_browser.json", result, targets)


if __name__ == "__main__":
    sys.exit(main())
