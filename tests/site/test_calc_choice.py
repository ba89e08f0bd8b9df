"""The defender's dice choice (rule field defender_choice) in the calculators, in Chromium against
CPython's engine: the option sits in every Rules box with the engine's label and choices; the
answers equal the engine's exactly; the defender's best play (the engine's sentences) shows beside
the answer when the defender chooses, and not when it rolls the most dice; a link keeps it."""
from fractions import Fraction
from urllib.parse import parse_qs, urlsplit

import pytest
import riskodds as ro
from riskodds.facts.limits import RULE_FIELD
from riskodds.interfaces import api

from sitehelpers import calculate, exact_output, open_page, wait_final

FIELD = RULE_FIELD["defender_choice"]
CALCULATORS = ("battle", "campaign", "plan", "needed", "table", "path")


def policy(page, form_id):
    box = page.locator(f"form#{form_id} [data-output=defender_policy]")
    if not box.count():
        return None
    return box.get_attribute("data-mode"), box.locator("li").all_inner_texts(), box.inner_text()


def test_every_rules_box_offers_the_defenders_choice(calc_page, clean):
    for fid in CALCULATORS:
        select = calc_page.locator(f"form#{fid} details[data-summary=rules] select[name=defender_choice]")
        assert select.count() == 1, fid
        label = calc_page.locator(f"form#{fid} label[for={fid}-defender_choice]").text_content()
        assert label == FIELD["label"]
        options = select.locator("option").evaluate_all("os => os.map((o) => [o.value, o.textContent])")
        assert options == [list(c) for c in FIELD["choices"]]
        assert select.input_value() == FIELD["default"]


BATTLES = [  # (attackers, defenders, convention, rules)
    (10, 5, "territory", {"defender_choice": "after-roll"}),
    (12, 8, "attacking", {"defender_choice": "before-roll", "defend_dice": 3}),
    (9, 9, "attacking", {"defender_choice": "after-roll", "ties": "attacker"}),
    (10, 5, "territory", {"defender_choice": "most"}),
]


@pytest.mark.parametrize("a,d,convention,rules", BATTLES, ids=[f"{a}v{d}-{c}-{'-'.join(map(str, r.values()))}" for a, d, c, r in BATTLES])
def test_battle_with_a_choosing_defender(calc_page, clean, a, d, convention, rules):
    values = {"attackers": a, "defenders": d, "convention": convention, **rules}
    assert calculate(calc_page, "battle", values) == "done", calc_page.locator("form#battle").inner_text()[:500]
    b = ro.battle(a, d, convention=convention, rules=ro.Rules(**rules))
    assert exact_output(calc_page, "battle", "win") == (b.win.numerator, b.win.denominator)
    assert exact_output(calc_page, "battle", "loss") == (b.loss.numerator, b.loss.denominator)
    shown = policy(calc_page, "battle")
    if rules["defender_choice"] == "most":
        assert shown is None and b.defender_policy is None
        return
    mode, sentences, text = shown
    assert mode == rules["defender_choice"] == b.defender_policy.mode
    assert sentences == list(b.defender_policy.sentences)
    choice = dict(FIELD["choices"])[mode]
    assert text.startswith(f"{FIELD['label']}: {choice}.")


@pytest.mark.parametrize("mode,field,count,choice", [("attackers", "defenders", 8, "after-roll"),
                                                     ("defenders", "attackers", 14, "after-roll"),
                                                     ("attackers", "defenders", 6, "before-roll")])
def test_troops_needed_with_a_choosing_defender(calc_page, clean, mode, field, count, choice):
    values = {"mode": mode, field: count, "p": "0.9", "convention": "territory", "defender_choice": choice}
    assert calculate(calc_page, "needed", values) == "done", calc_page.locator("form#needed").inner_text()[:500]
    op = "needed" if mode == "attackers" else "defenders_needed"
    want = api.handle(op, {field: count, "p": "0.9", "convention": "territory", "defender_choice": choice})
    assert calc_page.locator("form#needed [data-output=needed]").get_attribute("data-value") == str(want["needed"])
    assert exact_output(calc_page, "needed", "reached") == (int(want["reached"]["num"]), int(want["reached"]["den"]))
    assert policy(calc_page, "needed")[:2] == (choice, want["defender_policy"]["sentences"])


def test_balanced_blitz_with_a_choosing_defender_is_refused(calc_page, clean):
    """Issue 25, row 3: this was answered as a Balanced Blitz battle (the game's defender always
    rolls its most). The engine refuses it on defender_choice; the page shows its message beside
    that field, and no answer."""
    values = {"attackers": 10, "defenders": 8, "convention": "territory", "dice_mode": "balanced-blitz",
              "defender_choice": "after-roll"}
    want = api.handle("battle", values)
    assert not want["ok"] and want["error"]["field"] == "defender_choice"
    assert calculate(calc_page, "battle", values) == "error"
    form = calc_page.locator("form#battle")
    assert form.locator("[data-error-for=defender_choice]").get_attribute("data-message") == want["error"]["message"]
    assert form.locator("[name=defender_choice]").get_attribute("aria-invalid") == "true"
    assert form.locator("[data-output]").count() == 0 and policy(calc_page, "battle") is None


def test_campaign_plan_and_path_take_the_choice(calc_page, clean):
    rules = ro.Rules(defender_choice="after-roll")
    assert calculate(calc_page, "campaign", {"attackers": 20, "territories": "5 3 2", "defender_choice": "after-roll"}) == "done"
    c = ro.campaign(20, [5, 3, 2], convention="territory", rules=rules)
    assert Fraction(*exact_output(calc_page, "campaign", "win")) == c.win != ro.campaign(20, [5, 3, 2], convention="territory").win
    assert calculate(calc_page, "plan", {"attackers": 14, "targets": "A 4 > (B 2), (C 3)", "defender_choice": "after-roll"}) == "done"
    assert Fraction(*exact_output(calc_page, "plan", "win")) == ro.plan(14, "A 4 > (B 2), (C 3)", convention="territory", rules=rules).win
    values = {"start_attackers": 15, "start_defenders": 4, "end_attackers": 5, "end_defenders": 1, "defender_choice": "after-roll"}
    assert calculate(calc_page, "path", values) == "done"
    want = api.handle("path", {**values, "convention": "territory"})["probability"]
    assert exact_output(calc_page, "path", "probability") == (int(want["num"]), int(want["den"]))


def test_a_link_keeps_the_choice(site_context, watch, calc_page, clean):
    assert calculate(calc_page, "battle", {"attackers": 10, "defenders": 5, "defender_choice": "after-roll"}) == "done"
    assert parse_qs(urlsplit(calc_page.url).query)["defender_choice"] == ["after-roll"]
    summary = calc_page.locator("form#battle details[data-summary=rules] [data-role=summary]").inner_text()
    assert summary.startswith(FIELD["label"][:1].lower() + FIELD["label"][1:]), summary
    page = open_page(site_context, watch, calc_page.url, wait_engine=False)
    assert wait_final(page, "battle") == "done"
    b = ro.battle(10, 5, convention="territory", rules=ro.Rules(defender_choice="after-roll"))
    assert exact_output(page, "battle", "win") == (b.win.numerator, b.win.denominator)
    assert policy(page, "battle")[1] == list(b.defender_policy.sentences)
    page.close()
