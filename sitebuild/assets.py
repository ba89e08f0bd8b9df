"""Static assets (CSS, JS, images, fonts) under content-hashed names.

A file's hash must cover the hashed names of the files it references (otherwise a changed
dependency would keep a stale, immutably cached parent), so files are processed depth-first:
dependencies first, then the file with its relative references rewritten.
"""
import posixpath
import re
from pathlib import Path

from .files import sorted_files, write_bytes
from .hashing import hashed_name

URL_PREFIX = "/assets/"
NOT_ASSETS = {"templates", "content"}  # site_src folders that the page renderer reads instead

# Relative references only ("./x.js", "../css/y.css"); bare and absolute URLs are left alone.
_JS_REF = re.compile(r"""(\bfrom\s*|\bimport\s*\(?\s*|new\s+URL\(\s*)(["'])(\.{1,2}/[^"'\s]+)\2""")
_CSS_REF = re.compile(r"""(url\(\s*|@import\s+)(["']?)(\.{1,2}/[^"')\s]+|[\w-][^"'):\s]*\.\w+)\2""")


# Static module imports only (`import x from "./a.js"`, `import "./a.js"`, `export … from`): what a
# browser must fetch before a module runs. Dynamic import() and new URL() load later, on demand.
_STATIC_IMPORT = re.compile(r"""(?:\bfrom\s*|^\s*import\s*)(["'])(\.{1,2}/[^"'\s]+\.m?js)\1""", re.M)


def static_imports(sources: dict[str, bytes], roots: list[str]) -> list[str]:
    """The roots and every module they import statically, transitively (source paths, sorted):
    the modules worth a <link rel=modulepreload>, so the browser fetches the whole graph at once
    instead of one level of imports per round trip."""
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        rel = todo.pop()
        if rel in seen:
            continue
        seen.add(rel)
        base = posixpath.dirname(rel)
        for m in _STATIC_IMPORT.finditer(sources[rel].decode("utf-8")):
            todo.append(posixpath.normpath(posixpath.join(base, m.group(2))))
    return sorted(seen)


def _ref_pattern(rel: str):
    if rel.endswith((".js", ".mjs")):
        return _JS_REF
    if rel.endswith(".css"):
        return _CSS_REF
    return None


def _split_suffix(ref: str) -> tuple[str, str]:
    """'font.woff2?v=1#x' -> ('font.woff2', '?v=1#x'): only the file part is resolved."""
    m = re.match(r"([^?#]*)(.*)", ref)
    return m.group(1), m.group(2)


def find_sources(site_src: Path) -> dict[str, bytes]:
    """Relative posix path -> bytes for every asset file under site_src."""
    out = {}
    for path in sorted_files(site_src):
        rel = path.relative_to(site_src).as_posix()
        if rel.split("/", 1)[0] not in NOT_ASSETS:
            out[rel] = path.read_bytes()
    return out


def hash_assets(sources: dict[str, bytes]) -> tuple[dict[str, str], dict[str, bytes]]:
    """Return (manifest: rel -> hashed rel, outputs: hashed rel -> bytes)."""
    manifest: dict[str, str] = {}
    outputs: dict[str, bytes] = {}
    visiting: set[str] = set()

    def visit(rel: str) -> str:
        if rel in manifest:
            return manifest[rel]
        if rel in visiting:
            raise ValueError(f"asset reference cycle through {rel}")
        if rel not in sources:
            raise FileNotFoundError(f"asset {rel} is referenced but missing from site_src/")
        visiting.add(rel)
        data = sources[rel]
        pattern = _ref_pattern(rel)
        if pattern is not None:
            text = data.decode("utf-8")
            base = posixpath.dirname(rel)

            def rewrite(m: re.Match) -> str:
                target, tail = _split_suffix(m.group(3))
                if target.startswith("data:"):
                    return m.group(0)
                dep = posixpath.normpath(posixpath.join(base, target))
                dep_hashed = visit(dep)
                new_ref = posixpath.relpath(dep_hashed, base or ".")
                if not new_ref.startswith("."):
                    new_ref = "./" + new_ref
                return f"{m.group(1)}{m.group(2)}{new_ref}{tail}{m.group(2)}"

            data = pattern.sub(rewrite, text).encode("utf-8")
        out = hashed_name(rel, data)
        visiting.discard(rel)
        manifest[rel] = out
        outputs[out] = data
        return out

    for rel in sorted(sources):
        visit(rel)
    return manifest, outputs


def write_assets(outputs: dict[str, bytes], out_dir: Path) -> None:
    for rel, data in sorted(outputs.items()):
        write_bytes(out_dir / URL_PREFIX.strip("/") / rel, data)


def asset_urls(manifest: dict[str, str]) -> dict[str, str]:
    return {rel: URL_PREFIX + hashed for rel, hashed in manifest.items()}
