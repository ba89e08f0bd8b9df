"""The response headers Netlify will send, so the local server and the tests send exactly those.

Two sources, as on Netlify: the [[headers]] of netlify.toml (security headers for every URL, caching
of pages and the service worker), and `_headers` in the build, which the build writes: one rule per
content-hashed or versioned file (immutable caching, and the MIME types of .wasm and .mjs). Exact
paths, not wildcards: a URL under /assets/ or /pyodide/ that does not exist matches no rule, so its
404 is never cached for a year, and a missing .wasm is not labelled application/wasm.
"""
import re
import tomllib
from pathlib import Path, PurePosixPath

from .files import write_bytes

HEADERS_FILE = "_headers"
IMMUTABLE = "public, max-age=31536000, immutable"
TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript; charset=utf-8"}
ERROR_CACHE = "no-store"  # what the local server sends with a 404: a file that appears later is found


def load_rules(toml_path: Path, site_dir: Path | None = None) -> list[tuple[re.Pattern, dict[str, str]]]:
    """[(compiled 'for' pattern, {header: value})]: netlify.toml's, then site_dir/_headers' if any."""
    config = tomllib.loads(toml_path.read_text())
    rules = [(for_pattern(rule["for"]), dict(rule.get("values", {}))) for rule in config.get("headers", [])]
    if site_dir is not None and (Path(site_dir) / HEADERS_FILE).is_file():
        rules += parse_headers_file((Path(site_dir) / HEADERS_FILE).read_text())
    return rules


def for_pattern(pattern: str) -> re.Pattern:
    """Netlify path pattern -> regex: '*' is a splat (any characters, slashes too), ':name' one segment."""
    out = []
    for token in re.split(r"(\*|:[A-Za-z_]\w*)", pattern):
        if token == "*":
            out.append(".*")
        elif token.startswith(":") and len(token) > 1:
            out.append("[^/]+")
        else:
            out.append(re.escape(token))
    return re.compile("^" + "".join(out) + "$")


def headers_for(rules, path: str) -> dict[str, str]:
    """Headers for a URL path; a later matching rule overrides an earlier one (as netlify-cli does)."""
    path = path.split("?", 1)[0].split("#", 1)[0]
    merged: dict[str, str] = {}
    for regex, values in rules:
        if regex.match(path):
            for name, value in values.items():
                for existing in [k for k in merged if k.lower() == name.lower()]:
                    del merged[existing]
                merged[name] = value
    return merged


def overlapping(rules, path: str) -> list[str]:
    """Header names set by more than one rule matching path (Netlify may join those: avoid them)."""
    seen: dict[str, int] = {}
    for regex, values in rules:
        if regex.match(path):
            for name in values:
                seen[name.lower()] = seen.get(name.lower(), 0) + 1
    return sorted(n for n, c in seen.items() if c > 1)


# ---- the build's _headers file (Netlify syntax: a path, then indented "Name: value" lines)

def file_rules(urls: list[str]) -> list[tuple[str, dict[str, str]]]:
    """Rules for built files that never change under their URL (hashed assets, versioned Pyodide)."""
    out = []
    for url in sorted(urls):
        values = {"Cache-Control": IMMUTABLE}
        kind = TYPES.get(PurePosixPath(url).suffix)
        if kind:
            values["Content-Type"] = kind
        out.append((url, values))
    return out


def headers_file(rules: list[tuple[str, dict[str, str]]]) -> bytes:
    lines = ["# Written by build.py (sitebuild/headers.py): one rule per immutable file."]
    for url, values in rules:
        lines.append(url)
        lines += [f"  {name}: {value}" for name, value in values.items()]
    return ("\n".join(lines) + "\n").encode()


def write_file(out_dir: Path, immutable_urls: list[str]) -> None:
    write_bytes(Path(out_dir) / HEADERS_FILE, headers_file(file_rules(immutable_urls)))


def parse_headers_file(text: str) -> list[tuple[re.Pattern, dict[str, str]]]:
    rules: list[tuple[re.Pattern, dict[str, str]]] = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            rules.append((for_pattern(line.strip()), {}))
        elif rules and ":" in line:
            name, value = line.strip().split(":", 1)
            rules[-1][1][name.strip()] = value.strip()
    return rules
