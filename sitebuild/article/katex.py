"""Math typeset at build time: KaTeX (npm package) run once per build over every formula.

The site's CSP forbids inline style attributes, which KaTeX's HTML uses for sizes and offsets,
so each distinct style="..." becomes a generated class in one stylesheet (katex/formulas.css).
KaTeX's own CSS is self-hosted with its woff2 fonts (every current browser reads woff2)."""
import hashlib
import json
import re
import shutil
import subprocess
from pathlib import Path

from .. import cache, paths

KATEX_PKG = paths.ROOT / "node_modules" / "katex"
SCRIPT = Path(__file__).resolve().parent / "katex_render.mjs"
CSS_NAME = "katex/katex.css"
FORMULAS_CSS = "katex/formulas.css"
_STYLE = re.compile(r' style="([^"]*)"')


def katex_version() -> str:
    meta = KATEX_PKG / "package.json"
    if not meta.exists():
        raise SystemExit(f"{KATEX_PKG} is missing: run `npm ci` (./dev does it)")
    return json.loads(meta.read_text())["version"]


def _run_katex(formulas: list[tuple[str, bool]]) -> list[str]:
    node = shutil.which("node") or "node"
    payload = json.dumps([{"tex": t, "display": d} for t, d in formulas])
    proc = subprocess.run([node, str(SCRIPT)], input=payload, capture_output=True, text=True,
                          cwd=paths.ROOT, timeout=300)
    if proc.returncode:
        raise SystemExit(f"KaTeX failed:\n{proc.stderr}")
    return json.loads(proc.stdout)


def render_all(formulas: list[tuple[str, bool]]) -> list[str]:
    """HTML for each (tex, display) formula, with inline styles still in (see to_classes)."""
    inputs = {"formulas": formulas, "katex": katex_version(), "script": cache.file_digest(SCRIPT)}
    return cache.cached("katex", inputs, lambda: _run_katex(formulas))


def style_class(style: str) -> str:
    return "kx-" + hashlib.sha256(style.encode()).hexdigest()[:8]


def to_classes(htmls: list[str]) -> tuple[list[str], str]:
    """Replace style attributes by classes; return (html list, the stylesheet that defines them)."""
    styles: dict[str, str] = {}

    def sub(m: re.Match) -> str:
        cls = style_class(m.group(1))
        styles[cls] = m.group(1)
        return f' data-kx="{cls}"'

    # the TeX source annotation inside the MathML is dead weight on the page
    htmls = [re.sub(r"<annotation encoding=\"application/x-tex\">.*?</annotation>", "", h, flags=re.S) for h in htmls]
    out = [_STYLE.sub(sub, h) for h in htmls]
    # data-kx then becomes part of class="..." (one class attribute per element)
    out = [_merge_class(h) for h in out]
    rules = []
    for cls, style in sorted(styles.items()):
        decls = [d.strip() for d in style.split(";") if d.strip()]
        # !important: an inline style beat every rule of katex.css; the class must too
        body = ";".join(f"{d} !important" for d in decls)
        rules.append(f".katex .{cls}{{{body}}}")
    return out, "\n".join(rules) + "\n"


_TAG = re.compile(r"<[a-zA-Z][^>]*\bdata-kx=\"[^\"]+\"[^>]*>")


def _merge_class(html: str) -> str:
    def fix(m: re.Match) -> str:
        tag = m.group(0)
        kx = re.search(r' data-kx="([^"]+)"', tag).group(1)
        tag = tag.replace(f' data-kx="{kx}"', "")
        if re.search(r'\bclass="', tag):
            return re.sub(r'\bclass="([^"]*)"', lambda c: f'class="{c.group(1)} {kx}"', tag, count=1)
        return re.sub(r"^<([a-zA-Z]+)", lambda t: f'<{t.group(1)} class="{kx}"', tag)
    return _TAG.sub(fix, html)


def katex_assets() -> dict[str, bytes]:
    """KaTeX's stylesheet (woff2 sources only) and its fonts, for the hashed asset pipeline."""
    version = katex_version()
    css = (KATEX_PKG / "dist" / "katex.min.css").read_text()
    # keep url(fonts/X.woff2) format("woff2"), drop the .woff and .ttf fallbacks
    css = re.sub(r',\s*url\([^)]*\.(?:woff|ttf)\)\s*format\("(?:woff|truetype)"\)', "", css)
    out = {CSS_NAME: f"/* KaTeX {version} (MIT), woff2 fonts only */\n{css}".encode()}
    for font in sorted((KATEX_PKG / "dist" / "fonts").glob("*.woff2")):
        out[f"katex/fonts/{font.name}"] = font.read_bytes()
    return out
