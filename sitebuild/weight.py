"""Page weight: the bytes one visit to a page loads, without the Pyodide runtime."""
import re
from pathlib import Path

RUNTIME_PREFIX = "pyodide/"
# What a visit loads: src= and <link href=> in HTML (not <a href>: links are followed only on a
# click), and the relative imports and url()s inside scripts and styles.
HTML_LOADS = re.compile(r'\bsrc="(/[^"#?]+)"|<link\b[^>]*\bhref="(/[^"#?]+)"')
ASSET_LOADS = re.compile(r'["\'](\.{1,2}/[^"\']+\.(?:js|css|svg|png|woff2?))["\']|url\((/[^)]+|\.{1,2}/[^)]+)\)')


def built_files(root: Path) -> dict:
    """{path relative to root: bytes} of every file of a build."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def page_weight(files: dict, page: str) -> int:
    """Bytes a visit to `page` (e.g. "calculators/index.html") loads without the Pyodide runtime:
    the HTML, what it and its scripts and styles load (followed transitively), and the engine zip
    that the worker fetches."""
    seen, todo = set(), [page]
    todo += [n for n in files if n.startswith("assets/engine/")]
    while todo:
        name = todo.pop()
        if name in seen or name not in files or name.startswith(RUNTIME_PREFIX):
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
