"""The article tells the proven story (issue 9): the answer first, the earlier kernel's odds
computed and every claim about them true of the numbers, importance sampling shown against the
exact answer, sources cited, and no build-state sentences in the prose.

The numbers themselves are tied to independent recomputations by test_article_build (recipes.py);
here the sentences that interpret them are checked against those same recomputations."""
import json
import math
import re
from fractions import Fraction

import pytest
from articletext import section as _section, text as _text
from recipes import KERNEL_MODELS, ROOT, evaluate
from sitebuild import pages as site_pages
from sitebuild.article import fmt, simdata

B = "battle/75/10/attacking/std"
K = "battle/75/10/attacking/legacy-kernel"
ARTICLE_PAGES = [p for p in site_pages.page_list() if p.source]


@pytest.fixture(scope="module")
def part1(built_site) -> str:
    return (built_site / "article" / "index.html").read_text()


def test_the_lede_gives_the_answer_in_words(part1):
    lede = re.search(r'<p class="lede">(.*?)</p>', part1, re.S).group(1)
    assert f'data-computed="{B}/loss"' in lede and 'data-format="inv_big3"' in lede
    text = _text(lede)
    assert "once in 5.26 trillion battles" in text
    assert "computed" not in text and "built" not in text   # no self-description up front


def test_our_simulations_are_described_as_what_they_are(part1):
    """The runs named in the text are the files the figure draws, and say which machine ran them."""
    runs = sorted({h.runs for h in simdata.histograms(75, 10)})
    text = _text(part1)
    named = " and ".join(fmt.tenpow(r) for r in (runs if len(runs) == 1 else (runs[0], runs[-1])))
    gpu = any(h.backend == "cuda" for h in simdata.histograms(75, 10))
    assert f"Our own simulations are {'GPU and CPU' if gpu else 'CPU'} runs of {named} battles" in text
    if not gpu:
        assert "Every simulation on this site ran on a CPU" in text
        assert "compile for a current NVIDIA card" in text and "bit for bit" in text
    assert "sm_90" not in text   # a build target, not words for a reader


@pytest.mark.parametrize("page", ARTICLE_PAGES, ids=lambda p: p.route)
def test_no_build_state_sentences_in_the_prose(built_site, page):
    text = _text((built_site / page.output).read_text())
    for phrase in ("How this was made", "No GPU was available", "has not been run", "build.py",
                   "still to be produced", "sitebuild/"):
        assert phrase not in text, f"{page.route}: {phrase!r}"


def test_every_figure_is_listed_under_how_this_page_is_made(built_site):
    for page in [p for p in ARTICLE_PAGES if p.source in ("battle.md", "classic.md")]:
        html = (built_site / page.output).read_text()
        figures = re.findall(r'<figure class="article-figure" id="fig-([\w-]+)"', html)
        if not figures:
            continue
        sources = re.search(r'<ul class="figure-sources">(.*?)</ul>', html, re.S)
        assert sources, f"{page.route}: figures without a sources list"
        assert re.findall(r'href="#fig-([\w-]+)"', sources.group(1)) == figures


def test_citations_point_at_the_references(part1):
    refs = set(re.findall(r'<li id="(ref-[\w-]+)"', part1))
    assert {"ref-tan", "ref-osborne", "ref-norvig"} <= refs
    cited = set(re.findall(r'href="#(ref-[\w-]+)"', part1))
    assert {"ref-tan", "ref-osborne"} <= cited and cited <= refs
    assert re.search(r'href="https://github.com/norvig/pytudes/[^"]*risk\.ipynb"', part1)
    for anchor in re.findall(r'href="#([\w-]+)"', part1):
        assert f'id="{anchor}"' in part1, f"#{anchor} leads nowhere"


def test_the_kernel_sections_state_their_numbers(part1):
    main = _section(part1, "why-a-trillion-simulated-battles-cannot-see-it")
    for key in (f"{K}/loss", f"mc/{K}/loss/1e12/ge_4", f"mc/{B}/loss/1e12/ge_4", f"div/{K}/loss/by/{B}/loss"):
        assert f'data-computed="{key}"' in main, key
    appendix = _section(part1, "appendix-b-the-earlier-gpu-program")
    for key in ("mc/battle/75/10/attacking/biased-faces/loss/1e12/ge_4",
                "mc/battle/75/10/attacking/unsorted-rounds/loss/1e12/ge_4", f"mc/{K}/loss/1e12/expected"):
        assert f'data-computed="{key}"' in appendix, key
    for model in KERNEL_MODELS:  # both tables cover every model
        assert f'data-computed="battle/75/10/attacking/{model}/loss"' in appendix
        assert f'data-computed="share/{model}/3v1/1"' in appendix
    assert 'id="fig-kernel-rounds"' in appendix


# ---- the sentences' claims, against the independent recomputation

def _share(model, dice):
    m = min(int(dice[0]), int(dice[2]))
    return evaluate(f"share/{model}/{dice}/{m}")


def test_fair_kernel_model_is_the_real_game():
    assert evaluate("battle/75/10/attacking/fair/loss") == evaluate(f"{B}/loss")


def test_biased_faces_barely_move_a_round_and_unsorted_rounds_are_duels():
    for dice in ("3v2", "3v1", "2v2", "2v1", "1v2", "1v1"):
        assert abs(_share("biased-faces", dice) - _share("fair", dice)) < Fraction(2, 100), dice
    # outside 3 v 2, an unsorted round with one pair is the first dice's duel
    for dice in ("3v1", "2v1", "1v2"):
        assert _share("unsorted-rounds", dice) == _share("fair", "1v1") == Fraction(21, 36)
        assert _share("legacy-kernel", dice) == _share("legacy-kernel", "1v1")
    assert _share("unsorted-rounds", "2v2") == Fraction(21, 36) ** 2  # two independent duels
    assert _share("unsorted-rounds", "3v2") == _share("fair", "3v2")  # the sorted fast path


def test_each_defect_raises_the_odds_and_the_last_defender_carries_the_kernels():
    loss = {m: evaluate(f"battle/75/10/attacking/{m}/loss") for m in KERNEL_MODELS}
    assert loss["fair"] < loss["biased-faces"] < loss["unsorted-rounds"] < loss["legacy-kernel"]
    last = {m: evaluate(f"battle/75/10/attacking/{m}/end_0_1") / loss[m] for m in ("fair", "legacy-kernel")}
    assert last["legacy-kernel"] > Fraction(1, 2) > last["fair"]  # "most of that comes from the last defender"


def test_four_in_a_trillion_is_unremarkable_under_the_kernel_and_not_under_fair_dice():
    ge4 = {m: evaluate(f"mc/battle/75/10/attacking/{m}/loss/1e12/ge_4") for m in KERNEL_MODELS}
    assert ge4["legacy-kernel"] > 0.05          # "consistent with the program's dice, a little lucky"
    assert ge4["fair"] < 1e-4 and ge4["biased-faces"] < 1e-3 and ge4["unsorted-rounds"] < 0.01
    # the over-count of whole launches changes that by under a millionth
    over = evaluate(f"mc/{K}/loss/1000000192512/ge_4")
    assert abs(over / ge4["legacy-kernel"] - 1) < 1e-6


def test_floating_point_gets_this_battle_and_underflows_later():
    assert evaluate("floatdp/75/10/err") < 1e-13
    A = evaluate("underflow/10")
    assert float(evaluate(f"battle/{A - 1}/10/attacking/std/loss")) > 0.0
    assert float(evaluate(f"battle/{A}/10/attacking/std/loss")) == 0.0
    assert evaluate(f"battle/{A}/10/attacking/std/loss") > 0  # the exact value is not zero


def test_importance_sampling_measures_the_fair_value_to_one_percent_in_seconds():
    est, hw = evaluate("rare/75/10/loss/estimate"), evaluate("rare/75/10/loss/half_width")
    exact = float(evaluate(f"{B}/loss"))
    assert abs(est - exact) <= hw * est              # the interval holds the exact value
    assert evaluate("rare/75/10/loss/is_runs_1pct") <= 1e6 and evaluate("rare/75/10/loss/seconds") < 60
    assert evaluate("rare/75/10/loss/plain_runs_1pct") > 1e17
    assert evaluate("rare/all/covered") >= 0.9 * evaluate("rare/all/points")
    assert math.log10(evaluate("rare/all/min_p")) < -300 and math.log10(evaluate("rare/all/max_p")) > -3


def test_numbers_that_read_oddly_get_their_context(part1):
    text = _text(part1).replace("\u00a0", " ")
    states = evaluate(f"{B}/states")
    assert states == 76 * 11 and evaluate(f"{B}/reachable") < states
    assert re.search(rf"={states} points, but .{{0,40}} can visit only {evaluate(B + '/reachable')} of them", text)
    # "74 lost is a quarter of the chance of losing all 75"
    ratio = evaluate(f"{B}/lost_eq_74") / evaluate(f"{B}/lost_eq_75")
    assert abs(ratio - Fraction(1, 4)) < Fraction(1, 100)
    assert "not quite ten" not in text and "10.0000" not in text


def test_the_rare_event_figure_draws_every_event_of_the_pipelines_file(part1):
    fig = re.search(r'<figure class="article-figure" id="fig-rare-events">(.*?)</figure>', part1, re.S).group(1)
    alt = re.search(r'<img [^>]*alt="([^"]*)"', fig).group(1)
    n = evaluate("rare/all/events")
    assert f"Across {n} events" in alt and "-narrow." in fig
    # the largest error it reports is the largest of the file's estimates against the engine
    data = json.loads((ROOT / "data" / "simulations" / "rare_event_scaling.json").read_text())
    worst = 0.0
    for e in data["events"]:
        what = "loss" if e["event"] == "loss" else f"lost_ge_{e['lost_at_least']}"
        exact = evaluate(f"battle/{e['attackers']}/{e['defenders']}/attacking/std/{what}")
        log10 = math.log10(exact.numerator) - math.log10(exact.denominator)
        worst = max(worst, abs(10 ** (e["points"][-1]["log10_estimate"] - log10) - 1))
    assert f"within {100 * worst:.1f} % of the exact value" in alt
