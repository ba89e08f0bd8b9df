"""What the benchmarks share: a fresh build served with the netlify.toml headers, CPython timings
of the same engine calls, judging each figure against its target, and writing results under
bench/results/.

A benchmark builds a list of `Target`s beside its table and ends with `finish(name, result, targets)`:
that prints the verdicts, stores them in the JSON (`targets`, `missed`), and returns the exit status
(1 when a target is missed), so `python bench/x.py || echo missed` works in scripts.
"""
import contextlib
import json
import re
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "pysite"), str(ROOT / "tests" / "site")]


@dataclass(frozen=True)
class Target:
    """One judged figure: `value` must be <= `limit` (or >= when `at_least`), both in `unit`."""
    name: str
    value: float
    limit: float
    unit: str = ""
    at_least: bool = False

    @property
    def ok(self) -> bool:
        return self.value >= self.limit if self.at_least else self.value <= self.limit

    def line(self) -> str:
        sign = ">=" if self.at_least else "<="
        return (f"{'ok    ' if self.ok else 'MISSED'}  {self.name}: {self.value:.4g} {self.unit} "
                f"(target {sign} {self.limit:g} {self.unit})").replace("  (", " (")


_LIMIT = re.compile(r"<=\s*([\d.]+)\s*(ms|s|MB|GB)\b")
_SCALE = {"ms": ("s", 1e-3), "s": ("s", 1.0), "MB": ("MB", 1.0), "GB": ("MB", 1024.0)}


def parse_limits(text: str) -> dict[str, float]:
    """'<= 1.0 s, <= 200 MB' -> {'s': 1.0, 'MB': 200.0}; parenthesised notes ('(browser <= 3 s)')
    are context, not targets of this measurement."""
    out = {}
    for m in _LIMIT.finditer(re.sub(r"\([^)]*\)", "", text)):
        unit, scale = _SCALE[m.group(2)]
        out[unit] = float(m.group(1)) * scale
    return out


def finish(name: str, result: dict, targets: list[Target]) -> int:
    """Print the verdicts, save the result with them, return 1 if any target was missed."""
    missed = [t for t in targets if not t.ok]
    print("\ntargets:")
    for t in targets:
        print("  " + t.line())
    print(f"{len(targets) - len(missed)} of {len(targets)} targets met" + (f"; MISSED: {', '.join(t.name for t in missed)}" if missed else ""))
    save(name, {**result, "targets": [{**asdict(t), "ok": t.ok} for t in targets], "missed": [t.name for t in missed]})
    return 1 if missed else 0


@contextlib.contextmanager
def served_build(prepare=None, log: list | None = None):
    """Build the site into a temporary folder, let `prepare(out, info)` add files, serve it on
    127.0.0.1; yields (out, info, url). `log`, if given, receives every path the server is asked for."""
    import build
    from sitebuild import paths
    from sitebuild.server import serve_in_thread

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "dist"
        info = build.build(out)
        if prepare:
            prepare(out, info)
        server, url = serve_in_thread(out, paths.NETLIFY_TOML, log=log)
        try:
            yield out, info, url
        finally:
            server.shutdown()
            server.server_close()


# The baseline: the site's own Pyodide files, a page whose module worker only loads Pyodide.
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


def add_bare_page(out: Path, pyodide_url: str) -> str:
    """Write /bench/bare.html (a bare Pyodide load in a module worker); return its path."""
    d = out / "bench"
    d.mkdir()
    (d / "bare.html").write_text(BARE_HTML.format(pyodide=pyodide_url))
    (d / "bare.js").write_text(BARE_JS)
    (d / "bare-worker.js").write_text(BARE_WORKER)
    return "/bench/bare.html"


def bare_load_ms(browser, url: str) -> float:
    """Navigation -> bare Pyodide loaded, in a fresh context (nothing cached), in ms."""
    ctx = browser.new_context(base_url=url, service_workers="block")
    try:
        page = ctx.new_page()
        page.goto("/bench/bare.html")
        page.locator("body[data-ready-at]").wait_for(state="attached", timeout=180_000)
        return float(page.locator("body").get_attribute("data-ready-at"))
    finally:
        ctx.close()


def submit_and_time(page, form_id: str) -> float:
    """Click a calculator's Calculate button, wait for its result; milliseconds as seen from here
    (includes Playwright's round trips)."""
    form = page.locator(f"form#{form_id}")
    t0 = time.perf_counter()
    form.locator("button[type=submit]").click()
    page.locator(f"form#{form_id}[data-status=done]").wait_for(state="attached", timeout=180_000)
    return (time.perf_counter() - t0) * 1000


def cpython_ms(op: str, params: dict, runs: int) -> list[float]:
    """Milliseconds of riskodds.interfaces.api.call(op, params) in this CPython, `runs` times."""
    from riskodds.interfaces import api

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


PYODIDE_NODE = r'''
import { loadPyodide } from "%(root)s/node_modules/pyodide/pyodide.mjs";
import { poolSweep } from "%(root)s/site_src/js/sweep-pool.js";   // as the worker gives it (engine-worker.js)
import fs from "node:fs";
globalThis.riskoddsSweep = poolSweep([], () => {});      // no pool's threads here: the worker's thread alone
const py = await loadPyodide({ indexURL: "%(root)s/node_modules/pyodide/" });
py.unpackArchive(new Uint8Array(fs.readFileSync(process.argv[3])), "gztar", { extractDir: "/engine" });
py.runPython(`import sys; sys.path.insert(0, "/engine"); sys.set_int_max_str_digits(0)`);
console.log(py.runPython(fs.readFileSync(process.argv[2], "utf8")));
'''


def run_cpython_and_pyodide(work: str) -> tuple[dict, dict]:
    """Run `work` (Python whose last expression is JSON text) in this CPython and in Pyodide under
    Node (node_modules/pyodide, the runtime the site ships, with the engine zip the site ships;
    Node's V8 runs WebAssembly like Chromium's). Returns both parsed results."""
    import os
    import subprocess
    from sitebuild import paths
    from sitebuild.engine_pack import engine_archive
    with tempfile.TemporaryDirectory() as d:
        work_py, node, zipped = Path(d, "work.py"), Path(d, "run.mjs"), Path(d, "riskodds.tgz")
        work_py.write_text(work)
        node.write_text(PYODIDE_NODE % {"root": ROOT})
        zipped.write_bytes(engine_archive(paths.ENGINE_SRC))
        env = dict(os.environ, PYTHONPATH=str(ROOT / "pysite"))
        lines = work.rstrip().splitlines()
        script = "\n".join(lines[:-1] + [f"print({lines[-1]})"])
        cpy = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
        pyo = subprocess.run(["node", str(node), str(work_py), str(zipped)], capture_output=True, text=True)
        if pyo.returncode:
            raise SystemExit("Pyodide under Node failed:\n" + "\n".join(
                line[:300] for line in pyo.stderr.strip().splitlines()[-15:]))
    return json.loads(cpy.stdout.strip().splitlines()[-1]), json.loads(pyo.stdout.strip().splitlines()[-1])
