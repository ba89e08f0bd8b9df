"""Variants added to the core calculators: defender goal and survivors in Battle, retreat and
defender goal in Point to point; Cancel on a long troops-needed search."""
from fractions import Fraction

import pytest
import riskodds as ro

from sitehelpers import calculate, exact_output, wait_final, wait_status

BATTLES = [
    # (attackers, defenders, convention, rules, retreat, defender goal, survivors)
    (20, 10, "attacking", {}, None, 3, None),
    (20, 10, "attacking", {"defend_dice": 3}, 4, 2, None),
    (30, 12, "territory", {"ties": "attacker"}, None, None, 10),
    (15, 8, "attacking", {"defender_bonus": "highest"}, 3, None, 5),
]


@pytest.mark.parametrize("a,d,convention,rules,retreat,goal,survivors", BATTLES)
def test_battle_goal_and_survivors(calc_page, clean, a, d, convention, rules, retreat, goal, survivors):
    values = {"attackers": a, "defenders": d, "convention": convention, **{k: v for k, v in rules.items()},
              "retreat_at": "" if retreat is None else retreat, "defender_goal": "" if goal is None else goal,
              "survivors": "" if survivors is None else survivors}
    assert calculate(calc_page, "battle", values) == "done", calc_page.locator("form#battle").inner_text()[:500]
    b = ro.battle(a, d, convention=convention, rules=ro.Rules(**rules), retreat_at=retreat, defender_goal=goal or 0)
    assert Fraction(*exact_output(calc_page, "battle", "win")) == b.win
    if survivors is not None:
        assert Fraction(*exact_output(calc_page, "battle", "win_with_survivors")) == b.win_with_at_least(survivors)


PATHS = [
    ((20, 10), (4, 6), "attacking", {}, 4, None),
    ((20, 10), (12, 3), "attacking", {"defend_dice": 3}, None, 3),
]


@pytest.mark.parametrize("start,end,convention,rules,retreat,goal", PATHS)
def test_path_with_retreat_and_goal(calc_page, clean, start, end, convention, rules, retreat, goal):
    values = {"start_attackers": start[0], "start_defenders": start[1], "end_attackers": end[0], "end_defenders": end[1],
              "convention": convention, **rules, "retreat_at": "" if retreat is None else retreat,
              "defender_goal": "" if goal is None else goal}
    assert calculate(calc_page, "path", values) == "done", calc_page.locator("form#path").inner_text()[:500]
    from riskodds.interfaces import api
    expected = api.handle("path", {"start_attackers": start[0], "start_defenders": start[1], "end_attackers": end[0],
                                   "end_defenders": end[1], "convention": convention, **rules,
                                   "retreat_at": retreat, "defender_goal": goal})["probability"]
    assert exact_output(calc_page, "path", "probability") == (int(expected["num"]), int(expected["den"]))
    # An end state the stop rule makes impossible to pass has probability 0 without it only if unreachable.
    assert Fraction(*exact_output(calc_page, "path", "probability")) <= 1


def test_bad_goal_is_caught_in_the_page(calc_page, clean):
    assert calculate(calc_page, "battle", {"attackers": 10, "defenders": 5, "defender_goal": 5}, timeout_ms=1000) == "error"
    assert "below" in calc_page.locator("form#battle [data-error-for=defender_goal]").inner_text()


def test_cancel_a_long_search_then_calculate_again(calc_page, clean):
    form = calc_page.locator("form#needed")
    form.evaluate("f => f.reset()")
    form.locator("[name=defenders]").fill("500")     # seconds of work, within the engine's budget
    form.locator("[name=p]").fill("0.999")
    form.locator("button[type=submit]").click()
    wait_status(calc_page, "needed", "running", 5000)
    form.locator("[data-action=cancel]").click()
    assert wait_final(calc_page, "needed", 15000) == "cancelled"
    assert calculate(calc_page, "needed", {"defenders": 10, "p": "0.95", "convention": "territory"}) == "done"
    assert form.locator("[data-output=needed]").get_attribute("data-value") == "19"
