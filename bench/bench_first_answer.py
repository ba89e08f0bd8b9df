#!/usr/bin/env python3
"""Time to the first answer on the calculators page, in headless Chromium against a fresh build
served with the site's headers (a shared link to 75 v 10: the form computes on load).

Per run, each in a fresh browser context unless said otherwise, all times from navigation start:
  bare         a page whose module worker only loads Pyodide (the same files, the same server)
  cold         the site, nothing cached, no service worker: first exact answer rendered
  cold, no snapshot / cold, preload   the same with the heap snapshot withheld (the worker
               starts Python afresh) / with <link rel=preload> for the runtime in the page's head
  repeat, HTTP cache    a second visit in the same context, service worker blocked
  repeat, service worker  a second visit once the service worker holds the runtime
  approx       the approximate answer (form[data-approx-at], C4) after the page is interactive
               (domInteractive); without it on the page, approxBattle's own latency, cold
Targets (issue 12): cold <= 0.7 x bare (ratio of medians, one run); repeat with the service
worker <= 1.0 s; approximate answer <= 300 ms after interactive. Medians of --runs (>= 5).
Prints a table, writes bench/results/first_answer.json, exits 1 when a target is missed.
"""
import argparse
import platform
import re
import statistics
import sys

from benchlib import Target, add_bare_page, bare_load_ms, finish, served_build
from sitebuild import browsers

LINK = "/calculators/?calc=battle&attackers=75&defenders=10&convention=attacking"
PAGE = re.compile(r"/calculators/(\?.*)?$")
TIMEOUT = 180_000


def preload_tags(info: dict) -> str:
    p = info["pyodide_url"]
    fetches = [p + "pyodide.asm.wasm", p + "python_stdlib.zip", info["snapshot_url"], info["engine_url"]]
    return ("".join(f'<link rel="preload" href="{u}" as="fetch" crossorigin>' for u in fetches)
            + "".join(f'<link rel="modulepreload" href="{p}{m}">' for m in ("pyodide.mjs", "pyodide.asm.mjs")))


def rewriting(transform):
    """A route handler that serves the calculators page with its HTML transformed."""
    def handler(route):
        resp = route.fetch()
        route.fulfill(response=resp, body=transform(resp.text()))
    return handler


def first_answer(page, path: str = LINK) -> dict:
    page.goto(path)
    page.locator("form#battle[data-status=done]").wait_for(state="attached", timeout=TIMEOUT)
    return page.evaluate("""() => {
        const f = document.querySelector('form#battle');
        const nav = performance.getEntriesByType('navigation')[0];
        const e = globalThis.riskoddsEngine;
        return {done: Number(f.dataset.finishedAt), interactive: nav.domInteractive,
                approx: f.dataset.approxAt ? Number(f.dataset.approxAt) : null,
                workerStart: e ? e.startedAt : null, timings: e ? e.timings : null,
                controlled: Boolean(navigator.serviceWorker && navigator.serviceWorker.controller)};
    }""")


def approx_latency(browser, url: str, approx_js: str) -> float:
    """approxBattle's first call on a fresh page (table fetched and decoded), in ms."""
    ctx = browser.new_context(base_url=url, service_workers="block")
    try:
        page = ctx.new_page()
        page.goto("/")
        return page.evaluate("""async (url) => {
            const { approxBattle } = await import(url);
            const t0 = performance.now();
            await approxBattle({attackers: 75, defenders: 10, convention: 'attacking'});
            return performance.now() - t0;
        }""", approx_js)
    finally:
        ctx.close()


def run(browser, url: str, info: dict, log: list, approx_js: str) -> dict:
    out = {}
    out["bare_ms"] = bare_load_ms(browser, url)

    def cold(name, transform=None):
        ctx = browser.new_context(base_url=url, service_workers="block")
        if transform:
            ctx.route(PAGE, rewriting(transform))
        start = len(log)
        try:
            r = first_answer(ctx.new_page())
        finally:
            ctx.close()
        out[f"{name}_ms"] = r["done"]
        out[f"{name}_wasm_requests"] = sum(p.endswith("pyodide.asm.wasm") for p in log[start:])
        return r

    r = cold("cold")
    out["cold_worker_start_ms"] = r["workerStart"]
    out["cold_worker_init_ms"] = r["timings"]["initAtMs"]  # the worker's script began "init"
    out["cold_engine_ready_ms"] = r["timings"]["initAtMs"] + r["timings"]["readyMs"]
    out["cold_snapshot"] = r["timings"]["snapshot"]
    if r["approx"] is not None:
        out["approx_after_interactive_ms"] = r["approx"] - r["interactive"]
    cold("cold_no_snapshot", lambda html: re.sub(r' data-snapshot="[^"]*"', "", html))
    cold("cold_preload", lambda html: html.replace("</head>", preload_tags(info) + "</head>", 1))

    ctx = browser.new_context(base_url=url, service_workers="block")
    first_answer(ctx.new_page())
    out["repeat_http_ms"] = first_answer(ctx.new_page())["done"]
    ctx.close()

    ctx = browser.new_context(base_url=url)
    page = ctx.new_page()
    first_answer(page)
    page.locator("body[data-offline=ready]").wait_for(state="attached", timeout=TIMEOUT)  # runtime cached
    r = first_answer(ctx.new_page())
    assert r["controlled"], "the repeat visit was not served by the service worker"
    out["repeat_sw_ms"] = r["done"]
    out["repeat_sw_worker_start_ms"] = r["workerStart"]
    out["repeat_sw_engine_ready_ms"] = r["timings"]["initAtMs"] + r["timings"]["readyMs"]
    ctx.close()

    out["approx_call_ms"] = approx_latency(browser, url, approx_js)
    return out


ROWS = [("bare", "bare Pyodide load (module worker)"), ("cold", "first exact answer, cold"),
        ("cold_worker_start", "  engine worker created"), ("cold_worker_init", "  engine worker running"),
        ("cold_engine_ready", "  engine ready"),
        ("cold_no_snapshot", "first exact answer, cold, no snapshot"),
        ("cold_preload", "first exact answer, cold, runtime preloaded"),
        ("repeat_http", "first exact answer, repeat visit, HTTP cache"),
        ("repeat_sw", "first exact answer, repeat visit, service worker"),
        ("repeat_sw_worker_start", "  engine worker created"), ("repeat_sw_engine_ready", "  engine ready"),
        ("approx_after_interactive", "approximate answer after interactive"),
        ("approx_call", "approxBattle first call (fetch + decode)")]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    log: list[str] = []
    raw: dict[str, list] = {}
    with served_build(lambda out, info: add_bare_page(out, info["pyodide_url"]), log=log) as (out, info, url):
        approx_js = "/" + next(out.glob("assets/js/approx.*.js")).relative_to(out).as_posix()
        snapshot_gz = next(out.glob("assets/engine/pyodide-snapshot.*.gz")).stat().st_size
        with sync_playwright() as pw:
            browser = pw.chromium.launch(**browsers.chromium_launch_options())
            for i in range(args.runs):
                for k, v in run(browser, url, info, log, approx_js).items():
                    raw.setdefault(k, []).append(v)
                print(f"run {i + 1}/{args.runs}: cold {raw['cold_ms'][-1]:.0f} ms, bare {raw['bare_ms'][-1]:.0f} ms", flush=True)
            browser.close()
    med = {k: statistics.median(v) for k, v in raw.items() if all(isinstance(x, (int, float)) for x in v)}
    print(f"\n{'measure':52s} {'median ms':>10s}  {'x bare':>7s}")
    for key, label in ROWS:
        if f"{key}_ms" in med:
            v = med[f"{key}_ms"]
            print(f"{label:52s} {v:10.0f}  {v / med['bare_ms']:7.2f}")
    ratios = [c / b for c, b in zip(raw["cold_ms"], raw["bare_ms"])]
    print(f"wasm downloads per cold visit: {med['cold_wasm_requests']:g} (preload: {med['cold_preload_wasm_requests']:g})")
    targets = [Target("first exact answer cold / bare Pyodide load", med["cold_ms"] / med["bare_ms"], 0.7, "x"),
               Target("first exact answer, repeat visit with the service worker", med["repeat_sw_ms"] / 1000, 1.0, "s")]
    if "approx_after_interactive_ms" in med:
        targets.append(Target("approximate answer after interactive", med["approx_after_interactive_ms"], 300, "ms"))
    else:
        print("(no form[data-approx-at] on the page yet: approxBattle's own latency judged instead)")
        targets.append(Target("approxBattle first call (fetch + decode)", med["approx_call_ms"], 300, "ms"))
    result = {"runs": args.runs, "machine": platform.platform(), "pyodide": info["pyodide_version"],
              "link": LINK, "medians_ms": med, "raw": raw,
              "ratios": {"cold_vs_bare": med["cold_ms"] / med["bare_ms"], "cold_vs_bare_per_run": ratios,
                         "cold_no_snapshot_vs_bare": med["cold_no_snapshot_ms"] / med["bare_ms"],
                         "cold_preload_vs_cold": med["cold_preload_ms"] / med["cold_ms"]},
              "snapshot_bytes_gz": snapshot_gz}
    return finish("first_answer.json", result, targets)


if __name__ == "__main__":
    sys.exit(main())
