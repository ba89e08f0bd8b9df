"""What the browser benchmarks share: a fresh build served with the netlify.toml headers, CPython
timings of the same engine calls, and writing results under bench/results/."""
import contextlib
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "pysite"), str(ROOT / "tests" / "site")]

import build  # noqa: E402
from sitebuild import paths  # noqa: E402
from sitebuild.server import serve_in_thread  # noqa: E402


@contextlib.contextmanager
def served_build(prepare=None):
    """Build the site into a temporary folder, let `prepare(out, info)` add files, serve it on
    127.0.0.1; yields (out, info, url)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "dist"
        info = build.build(out)
        if prepare:
            prepare(out, info)
        server, url = serve_in_thread(out, paths.NETLIFY_TOML)
        try:
            yield out, info, url
        finally:
            server.shutdown()


def submit_and_time(page, form_id: str) -> float:
    """Click a calculator's Calculate button, wait for its result; milliseconds as seen from here
    (includes Playwright's round trips)."""
    form = page.locator(f"form#{form_id}")
    t0 = time.perf_counter()
    form.locator("button[type=submit]").click()
    page.locator(f"form#{form_id}[data-status=done]").wait_for(state="attached", timeout=180_000)
    return (time.perf_counter() - t0) * 1000


def cpython_ms(op: str, params: dict, runs: int) -> list[float]:
    """Milliseconds of riskodds.api.call(op, params) in this CPython, `runs` times."""
    from riskodds import api

    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        api.call(op, json.dumps(params))
        times.append((time.perf_counter() - t0) * 1000)
    return times


def save(name: str, result: dict) -> None:
    dest = ROOT / "bench" / "results" / name
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(json.dumps(result, indent=2) + "\n")
    print(f"\nsaved {dest.relative_to(ROOT)}")
