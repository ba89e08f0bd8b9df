"""A Pyodide memory snapshot with the engine imported, made at build time under Node.

Restoring the heap skips Python's start-up and the engine's imports: the worker is ready in about
a fifth of a bare `loadPyodide()` (numbers in bench/results/startup.md). The snapshot belongs to
one pyodide.asm.wasm and one engine, so both are in its cache key and it ships as a hashed asset
beside the engine zip. It is gzipped here (31 MB of heap, mostly zeros, becomes about 6 MB) and
inflated in the worker with DecompressionStream, whatever the host's compression.
Two builds write identical bytes: make_snapshot.mjs makes the world deterministic while it runs.
"""
import gzip
import hashlib
import shutil
import subprocess
import tempfile
from pathlib import Path

from . import cache

SNAPSHOT_ASSET = "engine/pyodide-snapshot.gz"
SCRIPT = Path(__file__).with_name("make_snapshot.mjs")
UNTAR = Path(__file__).parent.parent / "site_src" / "js" / "untar.js"     # make_snapshot.mjs imports it
PYODIDE_INPUTS = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")


def _digest(paths: list[Path]) -> str:
    h = hashlib.sha256()
    for p in paths:
        h.update(p.name.encode() + b"\0" + p.read_bytes())
    return h.hexdigest()


def make(pyodide_dir: Path, engine_zip: bytes) -> bytes:
    """The raw snapshot (bytes of the heap), from a Node run of make_snapshot.mjs."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("the Pyodide snapshot needs Node.js (node) on PATH")
    with tempfile.TemporaryDirectory() as tmp:
        zip_path, out_path = Path(tmp) / "engine.tgz", Path(tmp) / "snapshot.bin"
        zip_path.write_bytes(engine_zip)
        proc = subprocess.run([node, str(SCRIPT), str(pyodide_dir), str(zip_path), str(out_path)],
                              capture_output=True, text=True, timeout=600)
        if proc.returncode != 0 or not out_path.exists():
            raise SystemExit(f"making the Pyodide snapshot failed:\n{proc.stderr[-3000:]}")
        return out_path.read_bytes()


def snapshot_gz(pyodide_dir: Path, engine_zip: bytes) -> bytes:
    """The gzipped snapshot, cached on the Pyodide core, the engine archive and this code."""
    key = {"pyodide": _digest([pyodide_dir / n for n in PYODIDE_INPUTS]),
           "engine": hashlib.sha256(engine_zip).hexdigest(),
           "code": _digest([SCRIPT, UNTAR, Path(__file__)])}
    return cache.cached("pyodide-snapshot", key,
                        lambda: gzip.compress(make(pyodide_dir, engine_zip), compresslevel=9, mtime=0))
