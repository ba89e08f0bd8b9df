"""The built article (no browser): figures, computed numbers, links and downloads, determinism."""
import io
import json
import math
import re
import xml.etree.ElementTree as ET
from fractions import Fraction

import numpy as np
import pytest

from pagescan import scan
from recipes import LOOSE, evaluate
from sitebuild import pages as site_pages
from sitebuild.article import fmt

ARTICLE_PAGES = [p.output for p in site_pages.page_list() if p.source]   # every article page

SVG = "{http://www.w3.org/2000/svg}"


def test_article_pages_exist_and_are_filled(built_site):
    for page in ARTICLE_PAGES:
        html = (built_site / page).read_text()
        assert "QXQ" not in html, f"{page}: an unfilled placeholder"
        assert "The article is being written" not in html
        # (a style attribute, not MathML's displaystyle="true")
        assert not re.search(r'\sstyle="', html) and "<style" not in html, f"{page}: inline style (the CSP blocks it)"
        assert 'class="katex' in html, f"{page}: no typeset math"


def test_every_figure_is_valid_svg_with_title_and_alt(built_site):
    seen = set()
    for page in ARTICLE_PAGES:
        for img in scan(built_site, page).imgs:
            path = built_site / img["src"].lstrip("/")
            assert path.exists(), img["src"]
            assert img.get("alt", "").strip(), f"{img['src']}: no alt text"
            root = ET.parse(path).getroot()
            assert root.tag == SVG + "svg"
            title = root.find(SVG + "title")
            assert title is not None and title.text.strip(), f"{img['src']}: no <title>"
            assert "prefers-color-scheme: dark" in path.read_text(), "no dark-theme style"
            seen.add(path.name.split(".")[0])
    expected = {"distribution-75v10", "keep-going", "state-space", "kernel-rounds", "win-heatmap", "equal-armies", "equal-armies-choice",
                "chain-scores", "delta-lines", "troops-needed", "rare-events", "blitz-win-chance", "blitz-reshape",
                "blitz-losses"}
    expected |= {f"{name}-narrow" for name in expected}  # each with its phone drawing
    assert expected <= seen
    on_disk = {p.name.split(".")[0] for p in (built_site / "assets" / "figures").glob("*.svg")}
    assert on_disk == seen, "a figure is built but not shown, or shown but not built"


def _computed(dist):
    for page in ARTICLE_PAGES:
        for rec in scan(dist, page).computed:
            yield page, rec


def _same(a, b, rel: float = 1e-12) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        return math.isclose(float(a), float(b), rel_tol=rel, abs_tol=0)
    return Fraction(a) == Fraction(b)


def _parse(text: str):
    return Fraction(text) if "/" in text or text.lstrip("-").isdigit() else float(text)


def test_every_computed_number_matches_the_engine(built_site):
    recs = list(_computed(built_site))
    assert len(recs) > 60
    for page, rec in recs:
        key, shown, style = rec["attrs"]["data-computed"], rec["attrs"].get("data-value"), rec["attrs"]["data-format"]
        want = evaluate(key)
        rel = 1e-9 if key.startswith(LOOSE) else 1e-12
        if shown is not None:  # long exact values are not repeated in an attribute
            assert _same(_parse(shown), want, rel), f"{page}: {key} = {shown}, engine says {want}"
        text = " ".join(rec["text"].split())
        expect = " ".join(fmt.render(want, style).split())  # (no-break spaces read as spaces)
        if rec["in_katex"] or style == "tex" or len(text) > len(expect) + 40:
            # typeset inside a formula (MathML repeats it): the digits must still agree
            groups = re.findall(r"\d+", expect.replace(",", "")) if style == "tex" else [re.sub(r"\D", "", expect)]
            got = re.sub(r"\D", "", text)
            assert all(g in got for g in groups), f"{page}: {key} shows {text!r}, expected {expect!r}"
        else:
            assert text == expect, f"{page}: {key} shows {text!r}, expected {expect!r}"


def test_headline_numbers_match_the_reference(built_site):
    # long exact values carry no data-value: the previous test tied their text to the engine
    values = {rec["attrs"]["data-computed"]: _parse(rec["attrs"]["data-value"]) if "data-value" in rec["attrs"]
              else evaluate(rec["attrs"]["data-computed"]) for _, rec in _computed(built_site)}
    loss = values["battle/75/10/attacking/std/loss"]
    assert float(loss) == pytest.approx(1.902116797727363e-13, rel=1e-12)
    pair = "mul/battle/75/10/attacking/std/loss/and/battle/70/20/attacking/std/lost_all_killed_le_10"
    assert values[pair] == evaluate("battle/75/10/attacking/std/loss") * evaluate(
        "battle/70/20/attacking/std/lost_all_killed_le_10")
    assert float(values["battle/70/20/attacking/std/loss"]) == pytest.approx(3.53e-8, rel=1e-3)
    assert (values["outcome/std/3v2/0"], values["outcome/std/3v2/1"], values["outcome/std/3v2/2"]) == (2890, 2611, 2275)
    assert values["outcome/cap/1v3/0"] == 225 and values["outcome/cap/1v3/1"] == 1071
    assert values["ratio/std"] == Fraction(7161, 8391)
    assert values["battle/2/1/territory/std/win"] == Fraction(5, 12)    # one die against one
    assert [values[f"needed/10/{p}/territory/std"] for p in ("0.99", "0.95", "0.5", "0.01")] == [24, 19, 11, 4]
    assert float(values["campaign/territory/72/22-8-2-2-2-7-1-1-3-1-2-3-5-1"]) == pytest.approx(0.8105486, abs=1e-7)
    # ten on the board against ten (recreationalmath.com), and ten that fight (Osborne's count)
    assert float(values["battle/10/10/territory/std/win"]) == pytest.approx(0.47993525647768026, rel=1e-12)
    assert float(values["battle/10/10/attacking/std/win"]) == pytest.approx(.568, abs=6e-4)
    for k, ref in ((20, .633), (30, .676), (40, .709)):   # k that fight: k + 1 on the territory
        assert float(evaluate(f"battle/{k + 1}/{k}/territory/std/win")) == pytest.approx(ref, abs=6e-4)


def test_links_and_downloads_resolve(built_site):
    for page in ARTICLE_PAGES:
        for ref in scan(built_site, page).refs:
            path = ref.split("#")[0].split("?")[0]
            path = path + "index.html" if path.endswith("/") else path
            assert (built_site / path.lstrip("/")).is_file(), f"{page}: {ref} is a 404"


def _download(dist, stem):
    found = sorted((dist / "assets" / "data").glob(stem))
    assert len(found) == 1, stem
    return found[0]


def test_downloads_state_conventions_and_agree_with_the_engine(built_site):
    csv = _download(built_site, "win-probability-*.csv").read_text()
    assert csv.startswith("#") and "ATTACKING convention" in csv
    rows = [line for line in csv.splitlines() if not line.startswith("#")]
    n = len(rows) - 1
    grid = np.load(io.BytesIO(_download(built_site, "win-probability-*.npy").read_bytes()))
    assert grid.shape == (n, n)
    assert grid[0, 0] == float(Fraction(5, 12))
    assert float(rows[1].split(",")[1]) == grid[0, 0]
    assert grid[9, 9] == float(evaluate("battle/10/10/attacking/std/win"))
    for name, rules in (("standard", "std"), ("capital", "cap")):
        text = _download(built_site, f"troops-needed-{name}-*.csv").read_text()
        assert "territory convention" in text
        line = next(l for l in text.splitlines() if l.startswith("10,"))
        header = next(l for l in text.splitlines() if l.startswith("defenders,"))
        col = header.split(",").index("p>=0.95")
        assert int(line.split(",")[col]) == evaluate(f"needed/10/0.95/territory/{rules}")
    sims = json.loads(_download(built_site, "simulations-75v10.*.json").read_text())
    assert "readme" in sims and sims["histograms"]
    for h in sims["histograms"]:
        assert sum(h["attackers_lost"]) == h["runs"]


def test_two_builds_give_identical_article_files(built_site, tmp_path):
    import build

    again = tmp_path / "dist"
    build.build(again)

    def mine(root):
        return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
                if p.is_file() and (p.relative_to(root).parts[0] == "article"
                                    or p.relative_to(root).as_posix().startswith(("assets/figures", "assets/data", "assets/katex", "assets/article")))}
    a, b = mine(built_site), mine(again)
    assert a.keys() == b.keys() and len(a) > 10
    assert [k for k in a if a[k] != b[k]] == []
