"""Branching plans against a brute-force oracle (every position, choice and move), exactly; a
straight chain equals the chain campaign; the API, words and refusals."""
from fractions import Fraction as F

import pytest

import plan_oracle
import riskodds as ro
import riskodds.interfaces.api as api
from enginehelpers import forbid_work

TREES = [   # (tree as (defenders, children), armies on the starting territory)
    ([(2, [])], 5),
    ([(2, []), (1, [])], 6),
    ([(3, [(1, []), (2, [])])], 9),
    ([(1, [(2, [(1, [])])]), (2, [])], 8),
    ([(2, []), (1, []), (1, [])], 7),
    ([(1, [(1, []), (1, []), (1, [])])], 7),
    ([(4, [(2, [])]), (3, [])], 14),
]


def _targets(tree):
    return [{"defenders": d, "then": _targets(kids)} for d, kids in tree]


@pytest.mark.parametrize("tree,T", TREES, ids=str)
def test_the_best_plan_equals_the_oracle(tree, T):
    want = plan_oracle.best(tree, T)
    p = ro.plan(T, _targets(tree), convention="territory")
    assert p.win == want
    assert ro.plan(T - 1, _targets(tree), convention="attacking").win == want


@pytest.mark.parametrize("T", [3, 6, 11, 20])
def test_armies_from_3_to_20(T):
    tree = [(2, [(1, [])]), (1, [])]
    assert ro.plan(T, _targets(tree), convention="territory").win == plan_oracle.best(tree, T)


def test_a_choosing_defender_in_a_plan():
    tree = [(2, [(2, [])]), (1, [])]
    targets = _targets(tree)
    targets[0]["then"][0]["defender_choice"] = "after-roll"       # the second target typed chooses
    want = plan_oracle.best(tree, 9, choosers={1: "after-roll"})
    assert ro.plan(9, targets, convention="territory").win == want


@pytest.mark.parametrize("chain", [[3], [3, 2], [5, 1, 2, 2]])
def test_a_straight_chain_is_the_chain_campaign(chain):
    targets = []
    for d in reversed(chain):
        targets = [{"defenders": d, "then": targets}]
    for conv, armies in (("territory", 12), ("attacking", 11)):
        p = ro.plan(armies, targets, convention=conv)
        assert p.win == ro.campaign(armies, chain, convention=conv).win == p.straight


def test_the_straight_order_is_the_chain_of_the_targets_as_typed():
    tree = [(3, [(2, [(2, [])]), (1, [])])]
    p = ro.plan(12, _targets(tree), convention="territory")
    assert p.straight == ro.campaign(12, [3, 2, 2, 1], convention="territory").win


def test_the_plan_in_words_names_targets_and_moves():
    targets = [{"name": "Brazil", "defenders": 3, "then": [
        {"name": "Peru", "defenders": 2, "then": [{"name": "Argentina", "defenders": 2}]},
        {"name": "Venezuela", "defenders": 1}]}]
    p = ro.plan(12, targets, convention="territory")
    assert p.steps[0]["from"] == "your territory" and p.steps[0]["target"] == "Brazil"
    assert {s["target"] for s in p.steps} == {"Brazil", "Peru", "Argentina", "Venezuela"}
    assert p.words[0].startswith("1. From your territory with 12 armies, attack Brazil.")
    brazil = next(m for m in p.moves if m["target"] == "Brazil")
    assert brazil["keep"] == [{"armies": [2, 12], "keep": 1}]         # nothing else to take from the start
    for step in p.steps:                                               # every move is a legal split
        if step["expect"]:
            assert step["move"] >= 1 and step["keep"] >= 1 and step["move"] + step["keep"] == step["expect"]


def test_the_json_api():
    params = {"attackers": 12, "convention": "territory",
              "targets": [{"name": "Brazil", "defenders": 3, "then": [{"defenders": 1}, {"defenders": 2}]}]}
    res = api.handle("plan", params)
    assert res["ok"], res
    assert F(int(res["win"]["num"]), int(res["win"]["den"])) == plan_oracle.best([(3, [(1, []), (2, [])])], 12)
    assert res["counts"] == "territory" and res["words"] and res["steps"] and "straight" in res
    bad = api.handle("plan", {**params, "targets": [{"defenders": 3, "than": []}]})
    assert not bad["ok"] and "'than'" in bad["error"]["message"] and bad["error"]["field"] == "targets"


@pytest.mark.parametrize("targets,fragment", [
    ([], "at least one target"),
    (3, "an outline like"),
    ({"defenders": 3}, "list of targets"),
    ("Brazil 3 > (Peru", "needs its number of defenders"),
    ([{"defenders": 0}], "defenders"),
    ([{"defenders": 2, "then": {"defenders": 1}}], "list of targets"),
    ([{"defenders": 2, "name": "A"}, {"defenders": 1, "name": "A"}], "appears twice"),
    ([{"defenders": 1}] * 43, "at most 42 targets"),
    ([{"defenders": 2, "defend_dice": 4}], "defend_dice"),
])
def test_bad_trees_are_refused_with_a_message(targets, fragment):
    with forbid_work():
        res = api.handle("plan", {"attackers": 10, "convention": "territory", "targets": targets})
    assert not res["ok"] and fragment in res["error"]["message"], res
    assert res["error"]["field"] == "targets"


def test_big_plans_are_refused_before_they_start():
    star = [{"defenders": 5}] * 14                # 14 targets from one territory: 14 * 2**13 sets
    with forbid_work():
        res = api.handle("plan", {"attackers": 300, "convention": "territory", "targets": star})
    assert not res["ok"] and "would need about" in res["error"]["message"]
    with forbid_work():
        est = api.handle("plan", {"attackers": 300, "convention": "territory", "targets": star, "estimate_only": True})
    assert est["ok"] and est["estimate"]["fits"] is False


@pytest.mark.parametrize("targets,names", [
    ([{"defenders": 1, "name": "target 2"}, {"defenders": 2}], ["target 2", "target 2 (unnamed)"]),
    ([{"defenders": 2}, {"defenders": 1, "name": "target 1"}], ["target 1 (unnamed)", "target 1"]),
    ([{"defenders": 2}, {"defenders": 1}], ["target 1", "target 2"]),
    ([{"defenders": 3, "name": "Brazil", "then": [{"defenders": 2}, {"defenders": 1, "name": "target 2"}]}],
     ["Brazil", "target 2 (unnamed)", "target 2"]),
])
def test_a_name_typed_never_clashes_with_an_automatic_one(targets, names):
    """Issue 25: an unnamed target is "target k"; a target typed with that name made the plan
    refuse itself ("'target 2' appears twice"). The typed name wins; the plan is the oracle's."""
    res = api.handle("plan", {"attackers": 9, "convention": "territory", "targets": targets})
    assert res["ok"], res
    assert res["targets"] == names
    tree = ro.answers.plan.read_targets(targets)
    as_tuples = lambda ts: [(t.defenders, as_tuples(t.then)) for t in ts]
    assert F(int(res["win"]["num"]), int(res["win"]["den"])) == plan_oracle.best(as_tuples(tree), 9)


@pytest.mark.parametrize("outline,names", [
    ("e\u0301 3, Peru 2", ["\u00e9", "Peru"]),                  # a decomposed é: its name, composed
    ("Côte d'Ivoire 2 > Guinea-Bissau 1", ["Côte d'Ivoire", "Guinea-Bissau"]),
    ("St. Kitts 1, Ba\u0308den 2", ["St. Kitts", "B\u00e4den"]),
])
def test_names_hold_letters_with_their_accents(outline, names):
    """Issue 25: a decomposed "é 3" was refused ("expected a comma or the end, found '3'")."""
    res = api.handle("plan", {"attackers": 9, "convention": "territory", "targets": outline})
    assert res["ok"], res
    assert res["targets"] == names


def test_an_ambiguous_outline_spells_out_both_readings_and_each_rewriting_means_one():
    """`A 3 > B 2, C 1`: C from the start or from A. The message's two rewritings, read back, are
    exactly those two trees."""
    import re
    from riskodds.checks.outline import read_outline
    with pytest.raises(ro.FieldError) as e:
        read_outline("A 3 > B 2, C 1")
    first, second = re.findall(r'Write "([^"]+)" for the first, or "([^"]+)" for the second', str(e.value))[0]
    shape = lambda items: [(t.get("name"), shape(t["then"])) for t in items]
    assert shape(read_outline(first)) == [("C", []), ("A", [("B", [])])]
    assert shape(read_outline(second)) == [("A", [("B", []), ("C", [])])]


def test_on_the_board_targets_must_border_and_the_straight_chain_must_be_a_path():
    with pytest.raises(ro.FieldError, match="Western Australia does not border New Guinea|does not border") as e:
        ro.plan(12, "Siam 3 > (New Guinea 2 > Eastern Australia 1 > Western Australia 1 > Madagascar 1)",
                convention="territory")
    assert e.value.field == "targets"
    p = ro.plan(12, "Brazil 3 > (Peru 2 > Argentina 2), (Venezuela 1)", convention="territory")
    assert p.straight is None                        # Argentina, then Venezuela: no stack goes that way
    q = ro.plan(12, "Brazil 3 > (Venezuela 1), (Peru 2 > Argentina 2)", convention="territory")
    assert q.straight == ro.campaign(12, [3, 1, 2, 2], convention="territory").win   # Venezuela borders Peru
    house = ro.plan(12, "Home 3 > (Zurich 2 > Tokyo 2), (Kitts 1)", convention="territory")
    assert house.straight == ro.campaign(12, [3, 2, 2, 1], convention="territory").win   # not the board: as typed
