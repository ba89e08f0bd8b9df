"""Page weight: the bytes one visit to a page loads, without the Pyodide runtime (the core under
pyodide/ and the heap snapshot that stands in for its start-up).

A dynamic import marked on demand, `/* on demand */ import("./turn.js")`, loads only when the
reader opens what it is for (the Turn calculator's board, when its form comes near): a visit that
does not go there does not load it, so `page_weight` leaves it and what only it loads out, and
`page_weight(..., on_demand=True)` counts it (a visit that opens everything). Other dynamic imports
are followed like static ones: app.js imports the calculators' code on every page with a form."""
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
ON_DEMAND = re.compile(r'/\*\s*on demand\s*\*/\s*import\(\s*["\'](\.{1,2}/[^"\']+)["\']\s*\)')
ASSET_LOADS = re.compile(r'["\'](\.{1,2}/[^"\']+\.(?:js|css|json|svg|png|woff2?|gz))["\']|url\((/[^)]+|\.{1,2}/[^)]+)\)')


def built_files(root: Path) -> dict:
    """{path relative to root: bytes} of every file of a build."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def page_weight(files: dict, page: str, on_demand: bool = False) -> int:
    """Bytes a visit to `page` (e.g. "calculators/index.html") loads without the Pyodide runtime:
    the HTML, what it and its scripts and styles load (followed transitively), and the engine's main
    archive that the worker fetches (its other parts, engine_pack.py, only when one of their ops is
    asked: not on a visit); with `on_demand`, also what loads only when the reader opens it."""
    return sum(len(files[n]) for n in page_loads(files, page, on_demand))


def page_loads(files: dict, page: str, on_demand: bool = False) -> set:
    """The built files (paths relative to the build) that page_weight counts."""
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
        text = files[name].decode("utf-8", "replace")
        later = [] if on_demand or pattern is HTML_LOADS else [m.span() for m in ON_DEMAND.finditer(text)]
        for m in pattern.finditer(text):
            if any(a <= m.start() < b for a, b in later):
                continue
            ref = next(g for g in m.groups() if g)
            path = Path(ref) if ref.startswith("/") else (base / ref)
            resolved = Path("/").joinpath(*[p for p in path.parts if p != "/"]).resolve().as_posix()
            todo.append(resolved.lstrip("/") + ("index.html" if resolved.endswith("/") else ""))
    return seen
