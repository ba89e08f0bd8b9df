"""Build cache: outputs stored under .cache/article/, keyed by a hash of everything they depend on
(the article's figures and data, the Pyodide heap snapshot, the approximate-answer table).

A producer is a pure function of its inputs (parameters, data files, its own code and the
engine's code), so when the hash matches the stored bytes are exactly what it would make again.
`build.py --no-cache` sets ENABLED = False: everything is recomputed (and the cache refreshed).
"""
import hashlib
import json
import os
import pickle
from pathlib import Path

from . import paths

CACHE_DIR = paths.ROOT / ".cache" / "article"
ENABLED = True
VERSION = 1  # bump to invalidate every entry (e.g. a change of the stored format)


def tree_digest(root: Path, suffixes=(".py", ".mjs", ".md", ".json")) -> str:
    """Hash of every source file under root (path and bytes), in a stable order."""
    h = hashlib.sha256()
    for p in sorted(root.rglob("*")):
        if p.is_file() and p.suffix in suffixes and "__pycache__" not in p.parts:
            h.update(p.relative_to(root).as_posix().encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()


def file_digest(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def input_key(name: str, inputs: dict) -> str:
    """Hash of the inputs (JSON-able: numbers, strings, digests) plus the engine's code."""
    blob = json.dumps({"v": VERSION, "name": name, "inputs": inputs,
                       "engine": tree_digest(paths.ENGINE_SRC)}, sort_keys=True, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:20]


def cached(name: str, inputs: dict, make):
    """make() -> any picklable value, memoised on disk by (name, inputs)."""
    path = CACHE_DIR / f"{name}.{input_key(name, inputs)}.pickle"
    if ENABLED and path.exists():
        try:
            return pickle.loads(path.read_bytes())
        except Exception:  # a torn or stale file is simply rebuilt
            pass
    value = make()
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_bytes(pickle.dumps(value, protocol=4))
    os.replace(tmp, path)  # atomic: a parallel build never reads half a file
    _prune(name, keep=path)
    return value


def _prune(name: str, keep: Path) -> None:
    """Drop older entries of the same producer, so the cache does not grow without bound."""
    for old in CACHE_DIR.glob(f"{name}.*.pickle"):
        if old != keep and old.name.count(".") == keep.name.count("."):
            old.unlink(missing_ok=True)
