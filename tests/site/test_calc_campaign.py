"""Chain campaign in the browser vs the CPython engine: exact P(conquer all), P(conquer each),
P(reach each), expected survivors; rows synced with `territories`; bad inputs; URL state."""
from fractions import Fraction
from urllib.parse import urlsplit

import pytest
import riskodds as ro

from sitehelpers import calculate, exact_output, open_page, screenshot, wait_final

BASE_RULES = {"attack_dice": 3, "defend_dice": 2, "ties": "defender", "defender_bonus": "none",
              "attack_faces": 6, "defend_faces": 6}
ROW_KEYS = ("defend_dice", "defender_bonus", "defend_faces")

# (attackers, territories, convention, global rule overrides, per-row overrides {i: {...}}, leave, retreat_at)
CASES = [
    (72, [22, 8, 2, 2, 2, 7, 1, 1, 3, 1, 2, 3, 5, 1], "territory", {}, {}, 1, None),   # ~0.8105486
    (10, [3, 2], "attacking", {}, {}, 1, None),
    (20, [5, 5, 5], "attacking", {"defend_dice": 3}, {}, 1, None),                       # capitals everywhere
    (15, [4, 4], "attacking", {"ties": "attacker"}, {}, 1, None),                         # zombies
    (30, [10, 5], "territory", {}, {1: {"defend_dice": 3}}, 1, None),                     # the second is a capital
    (12, [3, 3, 3], "attacking", {}, {}, 2, None),                                        # leave 2 behind
    (25, [6, 6, 6], "territory", {}, {}, 1, 5),                                           # retreat at 5
    (8, [2, 2, 2], "attacking", {"attack_faces": 8}, {}, 1, None),
    (20, [5, 4], "attacking", {}, {0: {"defender_bonus": "highest"}, 1: {"defend_faces": 8}}, 1, None),
    (1, [1], "attacking", {}, {}, 1, None),
    (40, [10, 10], "attacking", {"defender_bonus": "both", "ties": "attacker"}, {}, 1, None),
    (5, [10], "territory", {}, {}, 1, None),
]


def rules_for(overrides, rows, n):
    base = {**BASE_RULES, **overrides}
    return [ro.Rules(**{**base, **rows.get(i, {})}) for i in range(n)], base


@pytest.mark.parametrize("attackers,territories,convention,overrides,rows,leave,retreat", CASES,
                         ids=[f"{a}-{'.'.join(map(str, t))}-{c}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'std'}-rows{len(r)}-l{l}-r{x}"
                              for a, t, c, o, r, l, x in CASES])
def test_campaign_matches_cpython(calc_page, clean, attackers, territories, convention, overrides, rows, leave, retreat):
    rules, fields = rules_for(overrides, rows, len(territories))
    values = {"attackers": attackers, "convention": convention, "territories": ",".join(map(str, territories)),
              "leave": leave, "retreat_at": "" if retreat is None else retreat, **fields}
    for i, row in rows.items():
        for k, v in row.items():
            values[f"t{i}_{k}"] = v
    assert calculate(calc_page, "campaign", values) == "done", calc_page.locator("form#campaign").inner_text()[:600]
    c = ro.campaign(attackers, territories, convention=convention, leave=leave, rules=rules, retreat_at=retreat)
    assert exact_output(calc_page, "campaign", "win") == (c.win.numerator, c.win.denominator)
    for j in range(len(territories)):
        assert Fraction(*exact_output(calc_page, "campaign", f"conquer-{j}")) == c.territory_win[j]
        assert Fraction(*exact_output(calc_page, "campaign", f"reach-{j}")) == c.reach[j]
    for k, p in enumerate(c.conquered_exactly):
        assert Fraction(*exact_output(calc_page, "campaign", f"conquered-{k}")) == p
    # Every score the page shows is the engine's (the article's chain-scores figure reads the same).
    shown = calc_page.locator("form#campaign [data-output^=score-]")
    assert shown.count() == len(c.scores)
    for s, p in c.scores.items():
        assert Fraction(*exact_output(calc_page, "campaign", f"score-{s}")) == p
    assert Fraction(*exact_output(calc_page, "campaign", "expected_survivors")) == c.expected_survivors
    assert Fraction(*exact_output(calc_page, "campaign", "mean_survivors")) == c.mean_survivors
    assert calc_page.locator("form#campaign svg.chart rect.bar").count() >= 1
    if territories[0] == 22:
        assert abs(float(c.win) - 0.8105486) < 1e-7


def test_rows_follow_territories_and_back(calc_page, clean):
    form = calc_page.locator("form#campaign")
    form.evaluate("f => f.reset()")
    form.locator("[name=territories]").fill("3,2,5")
    form.locator("[data-role=rows-box]").evaluate("d => { d.open = true; }")  # "Each territory" starts collapsed
    assert form.locator("[data-row]").count() == 3
    assert [form.locator(f"[name=t{i}_defenders]").input_value() for i in range(3)] == ["3", "2", "5"]
    form.locator("[data-action=add-row]").click()
    assert form.locator("[name=territories]").input_value() == "3,2,5,3"
    form.locator("[name=t3_defenders]").fill("7")
    assert form.locator("[name=territories]").input_value() == "3,2,5,7"
    form.locator("[name=t1_defend_dice]").select_option("3")
    form.locator("[data-action=remove-row]").first.click()
    assert form.locator("[name=territories]").input_value() == "2,5,7"
    assert form.locator("[name=t0_defend_dice]").input_value() == "3"  # the capital moved up with its row
    form.locator("button[type=submit]").click()
    assert wait_final(calc_page, "campaign") == "done"
    rules = [ro.Rules(defend_dice=3), ro.STANDARD, ro.STANDARD]
    attackers = int(form.locator("[name=attackers]").input_value())   # the form's default
    expected = ro.campaign(attackers, [2, 5, 7], convention="territory", rules=rules)
    assert Fraction(*exact_output(calc_page, "campaign", "win")) == expected.win


def test_campaign_url_state_keeps_rows(site_context, watch, calc_page, clean):
    values = {"attackers": 30, "convention": "territory", "territories": "10,5", "t1_defend_dice": 3}
    assert calculate(calc_page, "campaign", values) == "done"
    first = exact_output(calc_page, "campaign", "win")
    shared = urlsplit(calc_page.url)
    assert "territories=10%2C5" in shared.query and "t1_defend_dice=3" in shared.query
    page = open_page(site_context, watch, f"{shared.path}?{shared.query}", wait_engine=False)
    assert wait_final(page, "campaign") == "done"
    assert exact_output(page, "campaign", "win") == first
    assert page.locator("form#campaign [name=t1_defend_dice]").input_value() == "3"
    screenshot(page, "campaign-shared-link")
    page.close()


BAD = [
    ({"territories": ""}, "territories", "at least one"),
    ({"territories": "3,x,2"}, "territories", "whole number"),
    ({"territories": "3,0"}, "territories", "at least 1"),
    ({"attackers": "1", "convention": "territory"}, "attackers", "stays behind"),
    ({"attackers": "5", "retreat_at": "9"}, "retreat_at", "below"),
    ({"leave": "0"}, "leave", "at least 1"),
    ({"territories": "3,2", "t1_defend_faces": "1"}, "t1_defend_faces", "at least 2"),
    ({"attackers": "100000", "territories": "90000,90000"}, "attackers", "states"),
    ({"territories": "3," * 42 + "3"}, "territories", "at most 42"),
    ({"leave": "1,5"}, "leave", "thousands"),
]


@pytest.mark.parametrize("values,field,message", BAD, ids=[f"{f}-{m}" for _, f, m in BAD])
def test_bad_campaign_inputs_show_messages(calc_page, clean, values, field, message):
    base = {"attackers": 10, "convention": "attacking", "territories": "3,2", "leave": 1, "retreat_at": ""}
    ordered = {**base, **{k: v for k, v in values.items() if not k.startswith("t") or k == "territories"}}
    ordered.update({k: v for k, v in values.items() if k.startswith("t") and k != "territories"})
    assert calculate(calc_page, "campaign", ordered, timeout_ms=1000) == "error"
    msg = calc_page.locator(f"form#campaign [data-error-for={field}]").inner_text()
    assert message.lower() in msg.lower(), msg
    assert calc_page.locator("form#campaign [data-output]").count() == 0
