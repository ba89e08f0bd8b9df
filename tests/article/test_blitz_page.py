"""The "Balanced Blitz, explained" page (issue 10): registered and linked, its figures built, its
numbers the engine's, and the facts it states true. Every marked number on it is also checked
against an independent reading of its key by test_article_build (recipes.py: the four steps in
plain doubles); here the published check values and the claims the prose makes in words."""
import re
from fractions import Fraction

import pytest
import riskodds as ro
from riskodds.algorithms import reshape as balanced
from pagescan import scan
from recipes import evaluate

PAGE = "article/balanced-blitz/index.html"
C, T = "blitz/31/15/territory/cap", "battle/31/15/territory/cap"   # the published 30 that fight, on the board


@pytest.fixture(scope="module")
def page(built_site):
    return (built_site / PAGE).read_text()


@pytest.fixture(scope="module")
def shown(built_site):
    """key -> (texts shown (a set: a key may be printed in several styles), data-value) for
    every computed number on the page."""
    out = {}
    for r in scan(built_site, PAGE).computed:
        texts, _ = out.setdefault(r["attrs"]["data-computed"], (set(), r["attrs"].get("data-value")))
        texts.add(" ".join(r["text"].split()))
    return out


def test_page_is_registered_and_linked(built_site, page):
    assert "<h1" in page and "Balanced Blitz, explained" in page
    for other in ("index.html", "article/index.html", "article/classic-questions/index.html"):
        assert 'href="/article/balanced-blitz/"' in (built_site / other).read_text(), f"{other} does not link it"
    for name in ("blitz-win-chance", "blitz-reshape", "blitz-losses"):
        assert f'id="fig-{name}"' in page


def test_page_says_what_the_issue_asks(page):
    text = re.sub(r"<[^>]+>", " ", page)
    assert "RISK: Global Domination, SMG Studio's digital Risk" in text
    assert "regression" in text and "We compute the distribution at any size" in text
    assert '"stop until"' in text.replace("&#34;", '"').replace("&quot;", '"')


def test_published_checks_appear_with_their_values(shown):
    """Reference section 8: 30 v 15 on a capital (31 on the territory), P(attacker loses exactly
    12), both ways; the fewest attackers for 80 % against 50 in Balanced Blitz (49 that fight)."""
    for key, ref in ((f"{T}/lost_eq_12", 0.0222128001707278), (f"{C}/lost_eq_12", 0.0100282888709122)):
        text, value = shown[key]     # long exact fractions carry no data-value: recompute those
        assert float(Fraction(value) if value else evaluate(key)) == pytest.approx(ref, rel=1e-12)
        assert text == {f"{ref:.3f}", f"{ref:.16f}"}
    assert shown["blitz/needed/50/0.8/attacking/std"] == ({"49"}, "49")
    assert shown["blitz/needed/50/0.8/territory/std"] == ({"50"}, "50")


def test_thresholds_shown_are_the_closed_form(shown):
    assert shown["blitz/threshold/certain"][0] == {"0.844", "84.4 %"}
    assert shown["blitz/threshold/zero"][0] == {"15.6 %"}


def test_claims_in_words_hold(shown):
    # "six armies on the territory ... 0 % in Balanced Blitz": exactly zero, though real dice win some
    assert evaluate("blitz/6/10/territory/std/win") == 0 < evaluate("battle/6/10/territory/std/win")
    # "16 win every time": certain at 16 on the territory and not at 15
    n = int(shown["blitz/needed/10/1/territory/std"][1])
    assert ro.battle(n, 10, convention="territory", dice_mode="balanced-blitz").loss == 0
    assert ro.battle(n - 1, 10, convention="territory", dice_mode="balanced-blitz").loss > 0
    # "from N against N on the attacker cannot lose": from N on (checked to N + 40), not at N - 1
    N = int(shown["blitz/equal_certain/territory/std"][1])
    certain = lambda k: balanced.compare_win_chance(*ro.battle(k, k, convention="territory").win.as_integer_ratio(),
                                                    Fraction(1)) == 0
    assert not certain(N - 1) and all(certain(k) for k in range(N, N + 41, 8))
    # "step 1 never decides the winner with these parameters": its cutoff lies below the zero band
    assert evaluate("blitz/param/win_cutoff") < evaluate("blitz/threshold/zero")
    # "in Balanced Blitz none do" (win having lost fewer than min_lost), while real dice do
    k = int(shown[f"{C}/min_lost"][1])
    assert evaluate(f"{T}/lost_lt_{k}") > 0 and all(evaluate(f"{C}/lost_eq_{i}") == 0 for i in range(k))
    # "the spread narrows"
    assert evaluate(f"{C}/std_att") < evaluate(f"{T}/std_att")
    # ten against ten on the board: the attacker is the underdog and Balanced Blitz lowers its chance;
    # at 100 against 100 it is the favourite and Balanced Blitz raises it
    assert evaluate("blitz/10/10/territory/std/win") < evaluate("battle/10/10/territory/std/win") < 0.5
    assert evaluate("blitz/100/100/territory/std/win") > evaluate("battle/100/100/territory/std/win") > 0.5
    # SMG's 75/25 advice fits Balanced Blitz: it raises a 75 % attack and lowers a 25 % one
    assert evaluate("blitz/g/0.75") > 0.75 and evaluate("blitz/g/0.25") < 0.25
