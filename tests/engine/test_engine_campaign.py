"""Campaign numbers the figure and the calculator draw (contract C2): reach, conquered_exactly,
scores, checked against a round-by-round walk that tracks the defenders still standing."""
from fractions import Fraction as F

from hypothesis import given, settings, strategies as st, HealthCheck
import pytest

import riskodds as ro
import riskodds.interfaces.api as api
import engine_oracle as orc

CHAIN = [22, 8, 2, 2, 2, 7, 1, 1, 3, 1, 2, 3, 5, 1]     # the article's chain, 72 armies (territory)
SETTINGS = settings(max_examples=25, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


def frac(obj):
    return F(int(obj["num"]), int(obj["den"]))


def territory_scores(scores):
    """Oracle scores (attacking armies) in the territory convention: a win keeps one more army."""
    return {s + 1 if s > 0 else s: p for s, p in scores.items()}


def test_article_chain_against_the_walk():
    c = ro.campaign(72, CHAIN, convention="territory")
    reach, exactly, scores = orc.campaign_walk(71, CHAIN, [orc.STD] * len(CHAIN))
    assert c.reach == reach and c.reach[0] == 1
    assert c.conquered_exactly == exactly and sum(exactly) == 1
    assert c.conquered_exactly[-1] == c.win
    assert c.scores == territory_scores(scores)
    assert list(c.scores) == sorted(c.scores)


def test_article_chain_stopped_after_a_conquest_counts_the_next_garrison():
    """(5, 2, 0): five territories fell and the stack (2 on the territory: one attacking army)
    cannot go on. Territory 6 (7 defenders) was never attacked: its garrison counts whole, so
    the score is -(7 + 1 + 1 + 3 + 1 + 2 + 3 + 5 + 1) = -24, not -17."""
    c = ro.campaign(72, CHAIN, convention="territory")
    assert c.end_states[5, 2, 0] > 0
    assert c.score((5, 2, 0)) == -24
    stopped_after_conquest = [s for s in c.end_states if s[2] == 0 and s[0] < len(CHAIN)]
    # the 13 end states the old figure scored without the next garrison
    assert len(stopped_after_conquest) == 13
    for k, a, d in stopped_after_conquest:
        assert c.score((k, a, d)) == -sum(CHAIN[k:]) < -sum(CHAIN[k + 1:])
    # the score of every end state, summed by score, is the published distribution
    by_score = {}
    for s, p in c.end_states.items():
        by_score[c.score(s)] = by_score.get(c.score(s), 0) + p
    assert by_score == c.scores


@SETTINGS
@given(st.integers(2, 30), st.lists(st.integers(1, 6), min_size=1, max_size=5),
       st.sampled_from([1, 2]), st.sampled_from([None, 2, 4]),
       st.sampled_from(["attacking", "territory"]))
def test_campaign_numbers_vs_walk(A, defs, leave, retreat, conv):
    off = 1 if conv == "territory" else 0
    kw = {} if retreat is None or retreat >= A else {"retreat_at": retreat + off}
    c = ro.campaign(A + off, defs, convention=conv, leave=leave, **kw)
    reach, exactly, scores = orc.campaign_walk(A, defs, [orc.STD] * len(defs), leave,
                                              retreat if kw else None)
    assert c.reach == reach
    assert c.conquered_exactly == exactly
    assert c.scores == (territory_scores(scores) if off else scores)
    assert sum(c.scores.values()) == 1


def test_campaign_json_returns_the_numbers():
    res = api.handle("campaign", {"attackers": 72, "territories": CHAIN, "convention": "territory"})
    assert res["ok"], res
    c = ro.campaign(72, CHAIN, convention="territory")
    assert [frac(p) for p in res["reach"]] == c.reach
    assert [frac(p) for p in res["conquered_exactly"]] == c.conquered_exactly
    assert [(s["score"], frac(s["p"])) for s in res["scores"]] == list(c.scores.items())
    assert [s["score"] for s in res["scores"]] == sorted(s["score"] for s in res["scores"])
    assert len(res["conquered_exactly"]) == len(CHAIN) + 1 and len(res["reach"]) == len(CHAIN)


@pytest.mark.parametrize("text", ["5 3", "5, 3", "5,3", "5;3", " 5\n3 ", "5  ,  3"])
def test_territories_as_text_are_split_at_commas_and_spaces(text):
    """Issue 25, row 7: "5 3" was one territory of 53 defenders (the spaces were deleted). The text
    is split as the campaign form splits it: two territories, the chain against [5, 3] (the walk)."""
    res = api.handle("campaign", {"attackers": 20, "territories": text, "convention": "territory"})
    assert res["ok"], res
    reach, exactly, _ = orc.campaign_walk(19, [5, 3], [orc.STD] * 2)
    assert [frac(p) for p in res["reach"]] == reach and [frac(p) for p in res["conquered_exactly"]] == exactly
    assert len(res["territory_win"]) == 2
