"""Math typeset at build time: KaTeX (npm package) run once per build over every formula.

The site's CSP forbids inline style attributes, which KaTeX's HTML uses for sizes and offsets,
so each distinct style="..." becomes a generated class (see to_classes).

Display formulas must fit a 340 px phone column, and KaTeX never breaks a display-mode formula.
It does break inline math after a top-level relation (=, ≈) or binary operator (+, −, ×), and at
\\allowbreak. So a display formula is typeset as inline math in display style, with break points
added between the words of its top-level \\text{...} and after a \\qquad, and taken away after
binary operators (breakable), inside a centred block (<div class="math-display">): on a desktop it
is one line, on a phone it wraps.
A computed number ([[key]] in the source) sits inside \\htmlData{...}{...}, a group, so it never
splits.

The article gets one stylesheet (stylesheet()): KaTeX's rules that can match the typeset HTML
(every class of a selector occurs in it), the @font-face rules of the fonts those rules name
(woff2 only; every current browser reads woff2), the generated classes and the article's CSS."""
import hashlib
import json
import re
import shutil
import subprocess
from pathlib import Path

from .. import cache, paths

KATEX_PKG = paths.ROOT / "node_modules" / "katex"
SCRIPT = Path(__file__).resolve().parent / "katex_render.mjs"
STYLESHEET = "article/article.css"   # the article's one stylesheet (KaTeX, formulas, article)
FONTS = "katex/fonts"                # asset folder of the KaTeX fonts the stylesheet names
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


# ---- display formulas that wrap

def _group_end(tex: str, i: int) -> int:
    """Index just past the {...} group that opens at tex[i] == '{' (\\{ and \\} are not braces)."""
    depth, j = 0, i
    while j < len(tex):
        if tex[j] == "\\":
            j += 2
            continue
        depth += (tex[j] == "{") - (tex[j] == "}")
        j += 1
        if depth == 0:
            return j
    raise ValueError(f"unbalanced braces in formula: {tex}")


def _text_words(text: str) -> str:
    """The body of a \\text{...} as one \\text per word, \\allowbreak after each word's space."""
    words = text.split()
    if len(words) < 2 or "{" in text or "\\" in text:
        return f"\\text{{{text}}}"
    words[0] = " " * text.startswith(" ") + words[0]
    words[-1] += " " * text.endswith(" ")
    return "\\allowbreak".join(f"\\text{{{w} }}" for w in words[:-1]) + f"\\allowbreak\\text{{{words[-1]}}}"


_BINARY = re.compile(r"\\(?:times|cdot|pm|mp)(?![A-Za-z])|[+-]")


def breakable(tex: str) -> str:
    """tex that wraps only where a reader expects: after a relation (=, ≈: KaTeX does that), after
    \\qquad and between the words of a top-level \\text{...} (\\allowbreak); never after a binary
    operator (\\nobreak after +, −, ×), so "1 − e^{−Np}" stays on one line.

    Only the top level (brace depth 0) can break in KaTeX; a \\text inside a fraction or a
    group stays whole, as it must."""
    out, i, depth = [], 0, 0
    while i < len(tex):
        binary = _BINARY.match(tex, i) if depth == 0 else None
        if depth == 0 and tex.startswith("\\text{", i):
            end = _group_end(tex, i + 5)
            out.append(_text_words(tex[i + 6:end - 1]))
            i = end
        elif depth == 0 and re.match(r"\\qquad(?![A-Za-z])", tex[i:]):
            out.append("\\qquad\\allowbreak ")
            i += 6
        elif binary:
            out.append(binary.group(0) + "\\nobreak ")
            i = binary.end()
        elif tex[i] == "\\":  # a command or an escaped character (\\{ is not a brace)
            out.append(tex[i:i + 2])
            i += 2
        else:
            depth += (tex[i] == "{") - (tex[i] == "}")
            out.append(tex[i])
            i += 1
    return "".join(out)


def _as_block(html: str) -> str:
    """KaTeX inline output -> a centred display block (MathML told it is a display formula)."""
    html = html.replace("<math xmlns=\"http://www.w3.org/1998/Math/MathML\">",
                        "<math xmlns=\"http://www.w3.org/1998/Math/MathML\" display=\"block\">", 1)
    return f'<div class="math-display">{html}</div>'


def render_all(formulas: list[tuple[str, bool]]) -> list[str]:
    """HTML for each (tex, display) formula, with inline styles still in (see to_classes).
    Display formulas come back as breakable blocks (module docstring)."""
    sent = [(f"\\displaystyle {breakable(t)}", False) if d else (t, False) for t, d in formulas]
    inputs = {"formulas": sent, "katex": katex_version(), "script": cache.file_digest(SCRIPT)}
    htmls = cache.cached("katex", inputs, lambda: _run_katex(sent))
    return [_as_block(h) if d else h for h, (_t, d) in zip(htmls, formulas)]


# ---- CSP: style attributes become classes

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


# ---- one stylesheet: only the KaTeX rules and fonts the typeset HTML can use

_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")   # katex.min.css is flat: no @media, no nesting
_CLASS_ATTR = re.compile(r'\bclass="([^"]*)"')
_SEL_CLASS = re.compile(r"\.(-?[A-Za-z_][\w-]*)")
_FONT_URL = re.compile(r'url\(fonts/([\w-]+\.woff2)\)\s*format\("woff2"\)')


def classes_used(htmls: list[str]) -> set[str]:
    return {c for h in htmls for m in _CLASS_ATTR.finditer(h) for c in m.group(1).split()}


def pruned_katex_css(css: str, classes: set[str]) -> tuple[str, list[str]]:
    """(KaTeX rules whose selectors can match `classes`, with the @font-face rules of the font
    families they name, woff2 sources only; the woff2 file names those faces load)."""
    faces, rules = [], []
    for selector, body in _RULE.findall(css):
        selector = selector.strip()
        if selector == "@font-face":
            faces.append(body)
            continue
        keep = [s for s in selector.split(",") if set(_SEL_CLASS.findall(s)) <= classes]
        if keep:
            rules.append(f"{','.join(keep)}{{{body}}}")
    families = set(re.findall(r"KaTeX_\w+", "".join(rules)))
    kept_faces, files = [], []
    for body in faces:
        family = re.search(r"font-family:\s*\"?([\w-]+)", body).group(1)
        woff2 = _FONT_URL.search(body)
        if family in families and woff2:
            src = f'url(../{FONTS}/{woff2.group(1)}) format("woff2")'
            kept_faces.append("@font-face{" + re.sub(r"src:[^;}]*", f"src:{src}", body) + "}")
            files.append(woff2.group(1))
    return "".join(kept_faces + rules), sorted(files)


def stylesheet(htmls: list[str], formulas_css: str, article_css: bytes) -> dict[str, bytes]:
    """Assets: the article's one stylesheet (STYLESHEET) and the KaTeX fonts it names.
    htmls: every typeset formula (after to_classes); formulas_css: to_classes' stylesheet."""
    version = katex_version()
    katex_css, files = pruned_katex_css((KATEX_PKG / "dist" / "katex.min.css").read_text(), classes_used(htmls))
    css = (f"/* KaTeX {version} (MIT): the rules and woff2 fonts these pages use */\n{katex_css}\n"
           f"/* formula sizes and offsets (style attributes the CSP forbids) */\n{formulas_css}"
           + article_css.decode())
    out = {STYLESHEET: css.encode()}
    for name in files:
        out[f"{FONTS}/{name}"] = (KATEX_PKG / "dist" / "fonts" / name).read_bytes()
    return out
