"""Article sources (Markdown with Jinja expressions and $TeX$) to HTML, in two phases.

Phase 1 (before assets are hashed): pull out the math (so neither Jinja nor Markdown sees TeX),
render the Jinja expressions (computed numbers, figures, tables, calculators become
placeholders so Markdown leaves their HTML alone), convert the Markdown.
Math is then typeset in one KaTeX batch for all pages. Phase 2 (asset URLs known): put the
placeholders' HTML back."""
import re
from dataclasses import dataclass, field

import markdown
from markupsafe import Markup

_DISPLAY = re.compile(r"\$\$(.+?)\$\$", re.S)
_INLINE = re.compile(r"(?<![\\$])\$([^$\n]+?)\$")
_TOKEN = re.compile(r"(<p>)?(QXQ(\d{5})QXQ)(</p>)?")

MD_EXTENSIONS = ["tables", "attr_list", "smarty", "toc", "md_in_html"]
MD_CONFIG = {"toc": {"permalink": False, "toc_depth": "2-3"}, "smarty": {"smart_quotes": False}}


@dataclass
class Draft:
    """A page between the phases: HTML with tokens, and what each token stands for."""
    html: str = ""
    toc: str = ""
    slots: dict = field(default_factory=dict)   # token -> str | callable(urls) -> str
    formulas: list = field(default_factory=list)  # (token, tex, display)
    figures: list = field(default_factory=list)   # names of the figures shown, in order


class Slots:
    def __init__(self, draft: Draft):
        self.draft = draft

    def put(self, value, block: bool = False) -> Markup:
        token = f"QXQ{len(self.draft.slots):05d}QXQ"
        self.draft.slots[token] = value
        # a block token stands alone between blank lines, so Markdown makes it one paragraph
        return Markup(f"\n\n{token}\n\n" if block else token)


_TOC = re.compile(r'<div class="toc">(.*?)</div>', re.S)
_REF = re.compile(r"\[\[([^|\]]+)(?:\|(\w+))?\]\]")


def computed_tex(tex: str) -> str:
    """[[key|style]] in a formula -> the engine's value, marked like fmt.span via KaTeX's \\htmlData."""
    from . import facts, fmt

    def sub(m):
        key, style = m.group(1), m.group(2) or "plain"
        v = facts.value(key)
        return (f"\\htmlData{{computed={key}, value={fmt.exact_text(v)}, format={style}}}"
                f"{{{fmt.render(v, style)}}}")
    return _REF.sub(sub, tex)


def phase1(source: str, env, context: dict) -> Draft:
    """Markdown + Jinja source -> a Draft. Context functions marked `wants_slots` (context.py) are
    first called with this page's Slots, so the HTML they return becomes a placeholder."""
    draft = Draft()
    slots = Slots(draft)

    def math(m, display):
        token = slots.put(None, block=display)
        draft.formulas.append((token.strip(), computed_tex(m.group(1).strip()), display))
        return str(token)

    src = _DISPLAY.sub(lambda m: math(m, True), source)
    src = _INLINE.sub(lambda m: math(m, False), src)
    ctx = {k: (v(slots) if getattr(v, "wants_slots", False) else v) for k, v in context.items()}
    text = env.from_string(src).render(**ctx)
    md = markdown.Markdown(extensions=MD_EXTENSIONS, extension_configs=MD_CONFIG, output_format="html")
    # [TOC]: a navigation landmark named "Contents" rather than an anonymous <div>, folded (on a
    # phone the whole list is a screen tall)
    draft.html = _TOC.sub(r'<details class="toc-fold"><summary>Contents</summary>'
                          r'<nav class="toc" aria-label="Contents">\1</nav></details>', md.convert(text))
    draft.toc = md.toc
    return draft


def phase2(draft: Draft, urls: dict) -> str:
    def fill(m: re.Match) -> str:
        value = draft.slots[m.group(2)]
        html = value(urls) if callable(value) else value
        if m.group(1) and m.group(4):
            return html if html.lstrip().startswith("<") and not html.startswith("<span") else f"<p>{html}</p>"
        return (m.group(1) or "") + html + (m.group(4) or "")

    html = draft.html
    for _ in range(3):  # slots may hold slots (a table holding numbers)
        html = _TOKEN.sub(fill, html)
    return html
