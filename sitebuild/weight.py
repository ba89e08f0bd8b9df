"""Page weight: the bytes one visit to a page loads, without the Pyodide runtime (the core under
pyodide/ and the heap snapshot that stands in for its start-up)."""
import re
from pathlib import Path

from .engine_pack import ENGINE_ASSET
from .snapshot import SNAPSHOT_ASSET

RUNTIME_PREFIX = "pyodide/"
_SNAPSHOT = re.compile(r"assets/" + re.escape(SNAPSHOT_ASSET).replace(r"\.gz", r"\.[0-9a-f]+\.gz") + "$")


MAIN_ENGINE = re.compile(r"assets/" + re.escape(ENGINE_ASSET).replace(r"\.tgz", r"\.[0-9a-f]+\.tgz") + "$")


def is_runtime(name: str) -> bool:
    """A built file (path relative to the build) that belongs to the Python runtime."""
    return name.startswith(RUNTIME_PREFIX) or bool(_SNAPSHOT.match(name))
# What a visit loads: src= and <link href=> in HTML (not <a href>: links are followed only on a
# click), and the relative imports and url()s inside scripts and styles.
HTML_LOADS = re.compile(r'\bsrc="(/[^"#?]+)"|<link\b[^>]*\bhref="(/[^"#?]+)"')
ASSET_LOADS = re.compile(r'["\'](\.{1,2}/[^"\']+\.(?:js|css|svg|png|woff2?|gz))["\']|url\((/[^)]+|\.{1,2}/[^)]+)\)')


def built_files(root: Path) -> dict:
    """{path relative to root: bytes} of every file of a build."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def page_weight(files: dict, page: str) -> int:
    """Bytes a visit to `page` (e.g. "calculators/index.html") loads without the Pyodide runtime:
    the HTML, what it and its scripts and styles load (followed transitively), and the engine's main
    archive that the worker fetches (its other parts, engine_pack.py, only when one of their ops is
    asked: not on a visit)."""
    seen, todo = set(), [page]
    todo += [n for n in files if MAIN_ENGINE.match(n)]
    while todo:
        name = todo.pop()
        if name in seen or name not in files or is_runtime(name):
            continue
        seen.add(name)
        pattern = HTML_LOADS if name.endswith(".html") else ASSET_LOADS if name.endswith((".js", ".css")) else None
        if pattern is None:
            continue
        base = Path("/" + name).parent
        for m in pattern.finditer(files[name].decode("utf-8", "replace")):
            ref = next(g for g in m.groups() if g)
            path = Path(ref) if ref.startswith("/") else (base / ref)
            resolved = Path("/").joinpath(*[p for p in path.parts if p != "/"]).resolve().as_posix()
            todo.append(resolved.lstrip("/") + ("index.html" if resolved.endswith("/") else ""))
    return sum(len(files[n]) for n in seen)
