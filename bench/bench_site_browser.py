#!/usr/bin/env python3
"""Site speed in headless Chromium against a fresh build served with the netlify.toml headers.

  1. time from navigation to the first exact result (a shared 75 v 10 link) vs the time bare
     Pyodide takes to load in a module worker on the same server (target: <= 1.2x);
  2. a 1000 v 1000 battle in the browser (worker time and click-to-result) vs the CPython engine
     (target: <= 1.5x);
  3. page weight without the Pyodide runtime (target: <= 300 KB).

Prints a table, judges the targets and writes bench/results/site_browser.json (exit 1 on a miss).  Usage: python bench/bench_site_browser.py [--runs N]
"""
import argparse
import json
import platform
import statistics
import sys
from pathlib import Path

from benchlib import Target, cpython_ms, finish, served_build, submit_and_time
from sitebuild import chromium
from sitebuild.weight import RUNTIME_PREFIX, built_files, page_weight

BIG = {"attackers": 1000, "defenders": 1000, "convention": "attacking", "detail": "summary"}

# The baseline page: the same runtime files, a module worker that only loads Pyodide.
BARE_HTML = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bare pyodide</title></head>
<body data-pyodide="{pyodide}"><script type="module" src="bare.js"></script></body></html>"""
BARE_JS = """const w = new Worker("bare-worker.js", {type: "module"});
w.onmessage = () => { document.body.dataset.readyAt = String(performance.now()); };
w.postMessage(document.body.dataset.pyodide);"""
BARE_WORKER = """self.onmessage = async (e) => {
  const { loadPyodide } = await import(e.data + "pyodide.mjs");
  const py = await loadPyodide({ indexURL: e.data });
  py.runPython("1 + 1");
  self.postMessage("ready");
};"""


def add_bare_page(out: Path, pyodide_url: str) -> None:
    d = out / "bench"
    d.mkdir()
    (d / "bare.html").write_text(BARE_HTML.format(pyodide=pyodide_url))
    (d / "bare.js").write_text(BARE_JS)
    (d / "bare-worker.js").write_text(BARE_WORKER)


def page_weights(out: Path) -> dict:
    """Bytes a visit loads without the Pyodide runtime, per page (sitebuild.weight)."""
    files = built_files(out)
    pages = {"home": "index.html", "calculators": "calculators/index.html", "article": "article/index.html"}
    runtime = sum(len(v) for k, v in files.items() if k.startswith(RUNTIME_PREFIX))
    return {"pages": {name: page_weight(files, page) for name, page in pages.items() if page in files},
            "runtime_bytes": runtime}


def median(xs):
    return statistics.median(xs) if xs else float("nan")


def run_browser(url: str, runs: int) -> dict:
    from playwright.sync_api import sync_playwright

    res = {"bare_ms": [], "first_result_ms": [], "engine_ready_ms": [], "big_worker_ms": [], "big_click_ms": []}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(**chromium.launch_options())
        for _ in range(runs):
            # A fresh context each time: nothing cached, like a first visit.
            ctx = browser.new_context(base_url=url)
            page = ctx.new_page()
            page.goto("/bench/bare.html")
            page.locator("body[data-ready-at]").wait_for(state="attached", timeout=180_000)
            res["bare_ms"].append(float(page.locator("body").get_attribute("data-ready-at")))
            ctx.close()

            ctx = browser.new_context(base_url=url)
            page = ctx.new_page()
            page.goto("/calculators/?calc=battle&attackers=75&defenders=10&convention=attacking")
            page.locator("form#battle[data-status=done]").wait_for(state="attached", timeout=180_000)
            res["first_result_ms"].append(float(page.locator("form#battle").get_attribute("data-finished-at")))
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
    with served_build(lambda out, info: add_bare_page(out, info["pyodide_url"])) as (out, info, url):
        weight = page_weights(out)
        b = run_browser(url, args.runs)
    cp = cpython_ms("battle", BIG, args.runs)
    m = {k: median(v) for k, v in b.items()}
    m["cpython_big_ms"] = median(cp)
    rows = [
        ("bare Pyodide load (module worker)", f"{m['bare_ms']:.0f} ms", ""),
        ("navigation -> first exact result (75 v 10)", f"{m['first_result_ms']:.0f} ms",
         f"{m['first_result_ms'] / m['bare_ms']:.2f}x bare (target <= 1.2x)"),
        ("  of which engine ready (runtime + engine)", f"{m['engine_ready_ms']:.0f} ms", ""),
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
              "ratios": {"first_result_vs_bare": m["first_result_ms"] / m["bare_ms"],
                         "big_worker_vs_cpython": m["big_worker_ms"] / m["cpython_big_ms"]}}
    targets = [Target("first exact result / bare Pyodide load", result["ratios"]["first_result_vs_bare"], 1.2, "x"),
               Target("1000 v 1000 browser worker / CPython", result["ratios"]["big_worker_vs_cpython"], 1.5, "x"),
               *[Target(f"page weight without runtime: {name}", b / 1024, 300, "KB")
                 for name, b in weight["pages"].items() if name != "article"]]
    return finish("site_browser.json", result, targets)


if __name__ == "__main__":
    sys.exit(main())
