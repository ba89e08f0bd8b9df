"""Offline use at the table: a web app manifest, its icons (drawn here, pixel by pixel, so two
builds are byte-identical) and a service worker that precaches everything the calculators need.

- `app_sources()` returns the manifest and icons as assets (hashed like any other; the manifest
  names the icons by their hashed URLs, computed with the same `hashed_name`).
- `write_service_worker(out_dir, runtime)` runs after the pages and the Pyodide core are written:
  it lists the built files to cache, derives the cache version from their contents (so the
  worker's bytes, and with them the browser's copy, change exactly when the site does) and writes
  `/sw.js` (not hashed: its URL must stay put; netlify.toml serves it with no-cache).

Two groups: the shell (pages, code, styles, figures) is cached when the service worker installs;
the runtime (`runtime`: the Pyodide core, the engine zip and snapshot, the engine's worker script)
only once a page has started its engine (offline.js asks), so a reader of the article who never
reaches a calculator downloads no runtime. An update carries the cached runtime over.
"""
import functools
import hashlib
import json
import math
import struct
import zlib
from pathlib import Path

from . import paths
from .assets import URL_PREFIX
from .files import sorted_files, write_bytes
from .hashing import hashed_name
from .pyodide_copy import CORE_FILES
from .headers import headers_for, load_rules

SW_NAME = "sw.js"
SW_TEMPLATE = Path(__file__).with_name("sw_template.js")
MANIFEST_ASSET = "app/manifest.webmanifest"
ICON_SIZES = (192, 512)
THEME = "#9d1c1c"
BACKGROUND = "#fbfaf7"

# Precached: every page, the Pyodide core, and the site's code, styles, fonts and images. Other
# assets (the article's data downloads) are cached when first fetched.
PRECACHE_SUFFIXES = {".html", ".js", ".mjs", ".css", ".zip", ".wasm", ".json", ".webmanifest",
                     ".png", ".svg", ".ico", ".woff2", ".woff", ".ttf", ".gz"}
MAX_PRECACHE_ASSET = 2 * 1024 * 1024  # bytes, outside /pyodide/
# Headers a cached response must carry so that an offline page stays cross-origin isolated.
ISOLATION_HEADERS = ("Cross-Origin-Opener-Policy", "Cross-Origin-Embedder-Policy",
                     "Cross-Origin-Resource-Policy", "Content-Security-Policy", "X-Content-Type-Options")


# ---- icons ---------------------------------------------------------------------------------

def _png(width: int, height: int, rows: list[bytes]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\0" + r for r in rows)  # filter 0 on every row
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def _hex(c: str) -> tuple[int, int, int]:
    return tuple(int(c[i:i + 2], 16) for i in (1, 3, 5))


@functools.lru_cache(maxsize=None)
def png_icon(size: int) -> bytes:
    """A white die showing five on the site's red, inside the maskable safe zone (radius 40 %)."""
    red, white = _hex(THEME), (255, 255, 255)
    half = size * 0.28        # the die: a rounded square, half-diagonal < 0.4 * size
    corner = size * 0.07
    pip_r = size * 0.045
    c = size / 2
    pips = [(c, c)] + [(c + sx * size * 0.14, c + sy * size * 0.14) for sx in (-1, 1) for sy in (-1, 1)]
    rows = []
    for j in range(size):
        y = j + 0.5
        row = bytearray()
        for i in range(size):
            x = i + 0.5
            # signed distance to the rounded square -> coverage (one pixel of anti-aliasing)
            qx, qy = abs(x - c) - (half - corner), abs(y - c) - (half - corner)
            dist = math.hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - corner
            die = min(max(0.5 - dist, 0.0), 1.0)
            pip = 0.0
            if die > 0:
                for px, py in pips:
                    pip = max(pip, min(max(pip_r - math.hypot(x - px, y - py) + 0.5, 0.0), 1.0))
            face = tuple(w + (r - w) * pip for w, r in zip(white, red))
            row += bytes(round(b + (f - b) * die) for b, f in zip(red, face))
        rows.append(bytes(row))
    return _png(size, size, rows)


def svg_icon() -> bytes:
    pips = "".join(f'<circle cx="{x}" cy="{y}" r="4.5"/>' for x, y in ((50, 50), (36, 36), (64, 36), (36, 64), (64, 64)))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" rx="18" fill="{THEME}"/>'
            f'<rect x="22" y="22" width="56" height="56" rx="7" fill="#fff"/><g fill="{THEME}">{pips}</g></svg>\n').encode()


def app_sources() -> dict[str, bytes]:
    """The manifest and its icons, keyed by their path as assets (app/...)."""
    icons = {f"app/icon-{n}.png": png_icon(n) for n in ICON_SIZES}
    icons["app/icon.svg"] = svg_icon()
    url = {rel: URL_PREFIX + hashed_name(rel, data) for rel, data in icons.items()}
    manifest = {
        "id": "/calculators/",
        "name": "Risk odds: exact battle calculators",
        "short_name": "Risk odds",
        "description": "Exact odds of battle in the board game Risk, computed on your device, offline.",
        "start_url": "/calculators/",
        "scope": "/",
        "display": "standalone",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "icons": [{"src": url[f"app/icon-{n}.png"], "sizes": f"{n}x{n}", "type": "image/png", "purpose": "any maskable"}
                  for n in ICON_SIZES] + [{"src": url["app/icon.svg"], "sizes": "any", "type": "image/svg+xml"}],
    }
    return {**icons, MANIFEST_ASSET: (json.dumps(manifest, indent=2, sort_keys=True) + "\n").encode()}


# ---- service worker ------------------------------------------------------------------------

def url_of(rel: str) -> str:
    """Built file -> the URL it is served at ('calculators/index.html' -> '/calculators/')."""
    if rel == "index.html" or rel.endswith("/index.html"):
        return "/" + rel[: -len("index.html")]
    return "/" + rel


def precache_list(out_dir: Path, runtime: set[str] = frozenset()) -> list[tuple[str, str]]:
    """[(url, sha256 of the bytes)] of every built file the calculators (and pages) need offline:
    the runtime URLs whatever their size, other assets up to MAX_PRECACHE_ASSET."""
    out = []
    for path in sorted_files(out_dir):
        rel = path.relative_to(out_dir).as_posix()
        if rel == SW_NAME or (path.suffix not in PRECACHE_SUFFIXES and url_of(rel) not in runtime):
            continue
        data = path.read_bytes()
        if rel.startswith(URL_PREFIX.strip("/") + "/") and len(data) > MAX_PRECACHE_ASSET and url_of(rel) not in runtime:
            continue
        if not (rel.endswith(".html") or rel.startswith(("assets/", "pyodide/"))):
            continue
        out.append((url_of(rel), hashlib.sha256(data).hexdigest()))
    return sorted(out)


def routed_folders(out_dir: Path, cached: set[str]) -> list[str]:
    """The service worker's static routes: URL patterns ("/assets/js/:file") of the folders of
    /assets/ and /pyodide/ whose every built file is cached, read by the browser straight from the
    cache. A folder with a file left out (a large data download) stays with the fetch handler,
    which caches what it fetches."""
    complete: dict[str, bool] = {}
    for path in sorted_files(out_dir):
        url = url_of(path.relative_to(out_dir).as_posix())
        if url.startswith(("/assets/", "/pyodide/")):
            folder = url.rsplit("/", 1)[0] + "/"
            complete[folder] = complete.get(folder, True) and url in cached
    return sorted(folder + ":file" for folder, ok in complete.items() if ok)


def service_worker(entries: list[tuple[str, str]], runtime: set[str] = frozenset(),
                   toml_path: Path = paths.NETLIFY_TOML, routes: list[str] = ()) -> bytes:
    version = hashlib.sha256("".join(f"{u}\0{h}\n" for u, h in entries).encode()).hexdigest()[:16]
    page_headers = headers_for(load_rules(toml_path), "/calculators/")
    isolation = {k: page_headers[k] for k in ISOLATION_HEADERS if k in page_headers}
    pages = [u for u, _ in entries if u.endswith("/") or u.endswith(".html")]
    compact = lambda v: json.dumps(v, separators=(",", ":"))  # noqa: E731
    text = SW_TEMPLATE.read_text()
    for key, value in (("__VERSION__", json.dumps(version)),
                       ("__PRECACHE__", compact([u for u, _ in entries if u not in runtime])),
                       ("__RUNTIME__", compact([u for u, _ in entries if u in runtime])),
                       ("__PAGES__", json.dumps(pages)), ("__ISOLATION__", json.dumps(isolation, sort_keys=True)),
                       ("__ROUTES__", compact(list(routes)))):
        text = text.replace(key, value)
    return text.encode()


def runtime_urls(site: dict) -> set[str]:
    """What a page's engine loads: the Pyodide core, the engine zips and snapshot, the worker script."""
    return {site["engine_url"], site["snapshot_url"], site["worker_url"],
            *(part["url"] for part in site.get("engine_parts", {}).values()),
            *(site["pyodide_url"] + name for name in CORE_FILES)}


def write_service_worker(out_dir: Path, runtime: set[str] = frozenset()) -> dict:
    """Write /sw.js; `runtime`: URLs cached only once a page starts its engine."""
    entries = precache_list(out_dir, runtime)
    data = service_worker(entries, runtime, routes=routed_folders(out_dir, {u for u, _ in entries}))
    write_bytes(out_dir / SW_NAME, data)
    return {"sw_url": "/" + SW_NAME, "precache": len(entries), "runtime_files": sorted(runtime),
            "precache_bytes": sum((out_dir / (u.lstrip("/") + ("index.html" if u.endswith("/") else ""))).stat().st_size for u, _ in entries)}
