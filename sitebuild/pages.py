"""Jinja2 pages. A page is a template plus a route; `page_list()` is the site's one list of routes.

Adding a page is one entry in `page_list()`. An article page names its Markdown `source` under
site_src/content/article/; sitebuild/article fills its content before rendering."""
import re
from dataclasses import dataclass, field
from pathlib import Path

import jinja2

from .files import write_bytes


@dataclass(frozen=True)
class Page:
    template: str
    route: str  # URL path: "/calculators/" is written as calculators/index.html
    title: str
    nav: str | None = None  # label in the site navigation, if any
    context: dict = field(default_factory=dict)
    source: str | None = None  # article pages: Markdown under site_src/content/article/
    engine_start: str = "lazy"  # calculators' engine: "eager" (at once) or "lazy" (when one nears the viewport)

    @property
    def output(self) -> str:
        return self.route.lstrip("/") + ("index.html" if self.route.endswith("/") else "")


def page_list() -> list[Page]:
    return [
        Page("home.html", "/", "Exact odds of battle in Risk", nav="Home"),
        Page("calculators.html", "/calculators/", "Calculators", nav="Calculators", engine_start="eager"),
        Page("article.html", "/article/", "The battle that should not have happened", nav="Article",
             source="battle.md"),
        Page("article.html", "/article/classic-questions/", "The classic questions, answered exactly",
             source="classic.md"),
        Page("article.html", "/article/balanced-blitz/", "Balanced Blitz, explained", source="balanced.md"),
        Page("404.html", "/404.html", "Page not found"),
    ]


def make_env(template_dir: Path, asset_urls: dict[str, str], site: dict) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(template_dir)),
        autoescape=jinja2.select_autoescape(["html"]),
        undefined=jinja2.StrictUndefined,  # a typo in a template fails the build, not the page
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )

    def asset(rel: str) -> str:
        try:
            return asset_urls[rel]
        except KeyError:
            raise KeyError(f"template asks for asset {rel!r}, which is not under site_src/") from None

    env.globals.update(asset=asset, site=site)
    return env


# A line's indentation and blank lines: the templates' layout, which a browser collapses to the
# newline before it (no page has <pre>, <textarea> or white-space: pre; a test keeps it so).
INDENT = re.compile(r"\n\s+")


def compact(html: str) -> str:
    """The page without the templates' indentation: the same rendering, a few KB fewer."""
    return INDENT.sub("\n", html)


def render_pages(env: jinja2.Environment, pages: list[Page], out_dir: Path) -> list[str]:
    nav = [(p.route, p.nav) for p in pages if p.nav]
    written = []
    for page in pages:
        html = compact(env.get_template(page.template).render(page=page, nav=nav, **page.context))
        write_bytes(out_dir / page.output, html.encode("utf-8"))
        written.append(page.output)
    return written
