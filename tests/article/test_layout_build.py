"""The article's phone-first layout, checked in the built HTML, CSS and SVG (no browser):
figures have a legible phone drawing and their size, tables are named focusable scroll regions,
display math can wrap, the article loads one stylesheet of its own with no dead rules, and the
chain-campaign figure draws the engine's scores."""
import math
import re
from html.parser import HTMLParser

import pytest
import riskodds as ro
from sitebuild import pages as site_pages
from sitebuild.article import katex
from svgtext import smallest_text_px, text_sizes, view_box_width

ARTICLE_PAGES = [p.output for p in site_pages.page_list() if p.source]   # every article page
PHONE_COLUMN = 341    # CSS px: a 360 px screen less main's padding (site.css: .6rem at 18 px)
DESKTOP_COLUMN = 986  # CSS px: <main> at 60rem less its padding (wide figures may use it)


class Elements(HTMLParser):
    """Every start tag as (tag, attrs, index), plus the text under each id'd element."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.text_of, self._open = [], {}, []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append((tag, a))
        if a.get("id"):
            self.text_of[a["id"]] = ""
            self._open.append([a["id"], tag, 0])
        for rec in self._open:
            rec[2] += rec[1] == tag

    def handle_endtag(self, tag):
        for rec in list(self._open):
            if rec[1] == tag:
                rec[2] -= 1
                if rec[2] == 0:
                    self._open.remove(rec)

    def handle_data(self, data):
        for rec in self._open:
            self.text_of[rec[0]] += data


def parse(html: str) -> Elements:
    p = Elements()
    p.feed(html)
    return p


@pytest.fixture(scope="module")
def pages(built_site):
    return {p: (built_site / p).read_text() for p in ARTICLE_PAGES}


def _asset(built_site, url: str) -> bytes:
    return (built_site / url.lstrip("/")).read_bytes()


def _size(svg: bytes) -> tuple[int, int]:
    """The size <img> should state: the viewBox in pt, as CSS px."""
    w, h = (float(x) for x in re.search(rb'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups())
    return round(w * 4 / 3), round(h * 4 / 3)


def test_every_figure_states_its_size_and_has_a_legible_phone_drawing(built_site, pages):
    seen = 0
    for page, html in pages.items():
        for pic in re.findall(r"<picture>(.*?)</picture>", html, re.S):
            tags = parse(pic).tags
            (_, source), = [t for t in tags if t[0] == "source"]
            (_, img), = [t for t in tags if t[0] == "img"]
            narrow, wide = _asset(built_site, source["srcset"]), _asset(built_site, img["src"])
            # width and height reserve the figure's box before it loads (no layout shift)
            assert (int(img["width"]), int(img["height"])) == _size(wide), img["src"]
            assert (int(source["width"]), int(source["height"])) == _size(narrow), source["srcset"]
            assert "max-width" in source["media"] and img.get("alt", "").strip()
            # a phone shows the narrow drawing across its column: text at least 11 px,
            # exponents of log-axis labels (drawn at 70 %) at least 9 px
            assert smallest_text_px(narrow, PHONE_COLUMN) >= 11, source["srcset"]
            if text_sizes(narrow, superscripts=True):
                assert smallest_text_px(narrow, PHONE_COLUMN, superscripts=True) >= 9, source["srcset"]
            assert view_box_width(narrow) < view_box_width(wide) or _size(narrow) != _size(wide)
            # a desktop shows the wide drawing at its own size (it may use main's full width)
            assert view_box_width(wide) * 4 / 3 <= DESKTOP_COLUMN, img["src"]
            assert smallest_text_px(wide, DESKTOP_COLUMN) >= 11, img["src"]
            seen += 1
        assert "<img" not in re.sub(r"<picture>.*?</picture>", "", html, flags=re.S), f"{page}: a bare <img>"
    assert seen >= 8


def test_tables_scroll_inside_named_focusable_regions(pages):
    count = 0
    for page, html in pages.items():
        doc = parse(html)
        for tag, a in doc.tags:
            if "table-wrap" in (a.get("class") or "").split():
                assert a.get("role") == "region" and a.get("tabindex") == "0", a
                label = a.get("aria-labelledby")
                assert label and doc.text_of.get(label, "").strip(), f"{page}: region without a name"
                count += 1
            if tag == "table":
                assert doc.text_of.get(a.get("aria-labelledby"), "").strip(), f"{page}: table without a name"
        assert html.count("<table") == html.count('class="table-wrap"'), f"{page}: a table outside a region"
    assert count >= 5


def test_display_formulas_can_wrap_and_the_headline_number_cannot_split(pages):
    html = pages["article/index.html"]
    blocks = re.findall(r'<div class="math-display">(.*?)</div>(?=\s*<|$)', html, re.S)
    assert len(blocks) >= 4 and "katex-display" not in html
    key = 'data-computed="battle/75/10/attacking/std/loss"'
    (headline,) = [b for b in blocks if key in b]
    bases = headline.split('class="katex-base')[1:]
    # break opportunities between the words of "Pr(all 75 attacking armies die against 10)"
    assert len(bases) >= 6, "the headline formula has no place to wrap"
    # ... and none inside the number: it sits whole in one unbreakable piece
    assert sum(key in b for b in bases) == 1
    assert 'display="block"' in headline  # MathML still says it is a display formula


@pytest.mark.parametrize("tex,want", [
    (r"\Pr(\text{all 75 die}) \approx 1", r"\Pr(\text{all }\allowbreak\text{75 }\allowbreak\text{die}) \approx 1"),
    (r"\Pr(j \text{ lost after } r)", r"\Pr(j \text{ lost }\allowbreak\text{after } r)"),
    (r"a, \qquad b", r"a, \qquad\allowbreak  b"),
    (r"p = 1 - e^{-Np} + x \times 2", r"p = 1 -\nobreak  e^{-Np} +\nobreak  x \times\nobreak  2"),  # no break after + - ×
    (r"\frac{\text{a b}}{p} = \text{one}", r"\frac{\text{a b}}{p} = \text{one}"),  # inside a group: whole
    (r"\{ \text{x y} \}", r"\{ \text{x }\allowbreak\text{y} \}"),  # \{ is not a group
])
def test_breakable_adds_breaks_only_at_the_top_level(tex, want):
    assert katex.breakable(tex) == want


def _stylesheets(html: str) -> list[str]:
    return re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)


def test_the_article_has_one_stylesheet_with_only_rules_its_pages_can_use(built_site, pages):
    sheets = {tuple(_stylesheets(h)) for h in pages.values()}
    assert len(sheets) == 1
    (site_css, article_css), = sheets  # site.css (every page) + the article's own: nothing else blocks
    css = _asset(built_site, article_css).decode()
    classes = set()
    for html in pages.values():
        for m in re.finditer(r'\bclass="([^"]*)"', html):
            classes.update(m.group(1).split())
    dead = set()
    for selector in re.findall(r"([^{}]+)\{[^{}]*\}", re.sub(r"/\*.*?\*/", "", css, flags=re.S)):
        if selector.strip().startswith("@"):
            continue
        for part in selector.split(","):
            dead.update(c for c in re.findall(r"\.(-?[A-Za-z_][\w-]*)", part) if c not in classes)
    assert not dead, f"rules for classes no article page uses: {sorted(dead)[:20]}"
    fonts = re.findall(r"url\(([^)]+)\)", css)
    assert fonts and all(f.endswith(".woff2") for f in fonts)
    base = article_css.rsplit("/", 1)[0]
    for f in fonts:  # each font face points at a file of the build
        assert (built_site / (base.lstrip("/") + "/" + f)).resolve().is_file(), f
    assert len(css) < 20_000  # KaTeX's whole stylesheet alone is 25 kB


def _bar_tops(svg: str) -> dict[int, float]:
    """score -> y of the top of its bar (SVG user units, y down), from the ids the figure sets."""
    tops = {}
    for score, d in re.findall(r'<g id="score_(-?\d+)">\s*<path d="([^"]+)"', svg):
        ys = [float(y) for y in re.findall(r"[ML] [-\d.]+ ([-\d.]+)", d)]
        tops[int(score)] = min(ys)
    return tops


def test_chain_figure_draws_the_engines_scores(built_site):
    c = ro.campaign(72, [22, 8, 2, 2, 2, 7, 1, 1, 3, 1, 2, 3, 5, 1], convention="territory")
    assert c.score((5, 2, 0)) == -24  # the end state the old figure put at -17
    drawings = sorted((built_site / "assets" / "figures").glob("chain-scores*.svg"))
    assert len(drawings) == 2
    for path in drawings:
        tops = _bar_tops(path.read_text())
        assert set(tops) == set(c.scores), path.name
        # log axis: a bar's top is linear in log10(p); fit on two bars, every other bar agrees
        visible = [s for s in c.scores if c.scores[s] > 1e-12]  # the axis starts at 1e-12
        lo, hi = min(visible, key=c.scores.get), max(visible, key=c.scores.get)
        lp = {s: math.log10(c.scores[s]) for s in visible}
        slope = (tops[hi] - tops[lo]) / (lp[hi] - lp[lo])
        for s in visible:
            assert tops[s] == pytest.approx(tops[lo] + slope * (lp[s] - lp[lo]), abs=0.01), (path.name, s)


def _luminance(hex_colour: str) -> float:
    """WCAG 2 relative luminance of #rrggbb."""
    rgb = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def test_keep_going_map_labels_pass_wcag_aa(built_site):
    """Issue 28: the 99/90/50 % labels were white on the map's yellow. They are black now, on a
    light patch, and black passes AA even on the map's own colour at each level."""
    import matplotlib
    from matplotlib.colors import to_hex
    from sitebuild.article.figures import keep_going

    drawings = sorted((built_site / "assets" / "figures").glob("keep-going*.svg"))
    assert len(drawings) == 2
    for path in drawings:
        svg = path.read_text().lower()
        assert "stroke: #ffffff" not in svg, path.name           # no white contour lines left
        assert svg.count("fill: #ffffff") >= len(keep_going.LEVELS), path.name   # a patch behind each label
    text = _luminance(keep_going.ON_MAP)
    for level in keep_going.LEVELS:
        behind = _luminance(to_hex(matplotlib.colormaps["viridis"](level)))
        hi, lo = max(text, behind), min(text, behind)
        assert (hi + 0.05) / (lo + 0.05) >= 4.5, level
