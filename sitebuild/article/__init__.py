"""The article: figures, downloads and math prepared before asset hashing, pages after.

    page_list = pages.page_list()               # the site's routes; article pages name a `source`
    art = article.prepare(page_list)            # heavy, cached: figures, data files, KaTeX
    sources.update(art.assets)                  # hashed with the site's other assets
    page_list = article.fill_pages(page_list, art, urls)

Content lives in site_src/content/article/*.md: Markdown with Jinja calls (num, figure, table,
calc, download; see context.py) and $TeX$. Every printed number comes from facts.value(key) at
build time.

- An article page: one `Page("article.html", route, title, source="part.md")` in
  sitebuild/pages.py `page_list()`, and the Markdown file.
- A figure: one `Figure(...)` in figure_table.FIGURES (see its docstring).
- A table: one entry in context.TABLES.
"""
from dataclasses import dataclass, field, replace

import jinja2
from markupsafe import Markup

from .. import paths, turn_presets
from ..engine_facts import page_facts, turn_form_facts
from . import downloads, katex, markup, simdata
from .context import content_context
from .figure_table import make_figures

CONTENT = paths.SITE_SRC / "content" / "article"


@dataclass
class Prepared:
    assets: dict = field(default_factory=dict)     # asset path -> bytes (figures, downloads, KaTeX, CSS)
    drafts: dict = field(default_factory=dict)     # route -> markup.Draft
    figures: dict = field(default_factory=dict)    # name -> figure_table.FigureOut


def article_pages(page_list: list) -> list:
    """The pages filled from a Markdown source, in site order."""
    return [p for p in page_list if p.source]


def prepare(page_list: list, env: jinja2.Environment | None = None) -> Prepared:
    """Everything heavy, before the site's assets are hashed: figures, downloads, math, drafts."""
    prepared = Prepared()
    hists = simdata.histograms(75, 10)
    prepared.figures = make_figures(hists)
    prepared.assets.update({d.path: d.svg for f in prepared.figures.values() for d in f.drawings})
    prepared.assets.update(downloads.build(hists))
    env = env or content_env()
    context = content_context(prepared.figures, prepared.assets, hists)
    for page in article_pages(page_list):
        prepared.drafts[page.route] = markup.phase1((CONTENT / page.source).read_text(), env, context)
    # one KaTeX run for every formula of every page
    formulas = [(tex, disp) for d in prepared.drafts.values() for _tok, tex, disp in d.formulas]
    html, css = katex.to_classes(katex.render_all(formulas))
    it = iter(html)
    for d in prepared.drafts.values():
        for tok, _tex, _disp in d.formulas:
            d.slots[tok] = next(it)
    # one stylesheet: the KaTeX rules and fonts these formulas use, their classes, article.css
    prepared.assets.update(katex.stylesheet(html, css, (CONTENT / "article.css").read_bytes()))
    return prepared


def content_env() -> jinja2.Environment:
    """Jinja for the Markdown sources: the site's templates are importable (calculator macros)."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(paths.TEMPLATES)), autoescape=True,
                             undefined=jinja2.StrictUndefined, keep_trailing_newline=True)
    # the calculator macros render the rule fields, and the Turn form its continents and positions
    env.globals["site"] = {"engine_facts": page_facts(), "turn_form": turn_form_facts(turn_presets.template_facts())}
    return env


def fill_pages(page_list: list, prepared: Prepared, urls: dict) -> list:
    """The page list with each article page's HTML, table of contents and style sheets filled in."""
    css = [urls[katex.STYLESHEET]]

    def fill(page):
        d = prepared.drafts[page.route]
        return replace(page, context={**page.context, "article_html": Markup(markup.phase2(d, urls)),
                                      "article_css": css, "article_toc": Markup(d.toc)})

    return [fill(p) if p.source else p for p in page_list]
