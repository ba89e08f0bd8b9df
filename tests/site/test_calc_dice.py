"""The Dice box (issue 9): face counts and per-face weights for each side, and the attacker bonus
beside the defender's, in the calculators. The browser's exact answers equal the engine's computed
here; weights survive a shared link; bad weights get the engine's own message next to the field;
every bound comes from the engine's published limits."""
from fractions import Fraction
from urllib.parse import parse_qs, urlsplit

import pytest
import riskodds as ro
from riskodds.interfaces import api
from riskodds.facts.limits import LIMITS, RULE_FIELD

from sitehelpers import calculate, exact_output, fill_form, open_page, wait_final

LOADED = (2, 2, 1, 1, 1, 1)  # faces 1 and 2 twice as likely: a worse attacker
LOADED_TEXT = ",".join(map(str, LOADED))


def win(page, form_id="battle"):
    return Fraction(*exact_output(page, form_id, "win"))


def test_the_dice_box_is_collapsed_and_says_standard_dice(calc_page, clean):
    for fid in ("battle", "needed", "table", "path", "campaign", "plan"):
        box = calc_page.locator(f"form#{fid} details[data-summary=dice]")
        assert box.get_attribute("open") is None
        assert box.locator("[data-role=summary]").inner_text() == "standard dice"
        # every face count and weights field the engine publishes, and nothing else
        dice = {f["faces_field"] for f in RULE_FIELD.values() if f["kind"] == "weights"}
        dice |= {n for n, f in RULE_FIELD.items() if f["kind"] == "weights"}
        assert set(box.locator("[name]").evaluate_all("els => els.map((e) => e.name)")) == dice
    # the attacker bonus sits in the Rules box beside the defender's, with the engine's choices
    rules = calc_page.locator("form#battle details[data-summary=rules]")
    names = rules.locator("[name]").evaluate_all("els => els.map((e) => e.name)")
    assert names.index("attacker_bonus") == names.index("defender_bonus") + 1
    options = rules.locator("[name=attacker_bonus] option").evaluate_all("os => os.map((o) => [o.value, o.textContent])")
    assert options == RULE_FIELD["attacker_bonus"]["choices"]


def test_loaded_attack_dice_give_the_engines_exact_answer_and_survive_a_link(calc_page, site_context, watch, clean):
    form = calc_page.locator("form#battle")
    assert calculate(calc_page, "battle", {"attackers": 12, "defenders": 8, "convention": "attacking",
                                           "attack_weights": "2, 2, 1, 1, 1, 1"}) == "done"
    expected = ro.battle(12, 8, convention="attacking", rules=ro.Rules(attack_weights=LOADED))
    fair = ro.battle(12, 8, convention="attacking")
    assert win(calc_page) == expected.win != fair.win
    assert Fraction(*exact_output(calc_page, "battle", "loss")) == expected.loss
    summary = form.locator("details[data-summary=dice] [data-role=summary]").inner_text()
    assert summary == f"attacker die weights {LOADED_TEXT}", summary
    q = parse_qs(urlsplit(calc_page.url).query)
    assert q["attack_weights"] == ["2, 2, 1, 1, 1, 1"]
    # The link opens the same battle with the same dice.
    page = open_page(site_context, watch, calc_page.url)
    assert wait_final(page, "battle") == "done"
    assert page.locator("form#battle [name=attack_weights]").input_value() == "2, 2, 1, 1, 1, 1"
    assert win(page) == expected.win
    page.close()


def test_loaded_defence_and_an_attacker_bonus(calc_page, clean):
    values = {"attackers": 10, "defenders": 6, "convention": "attacking", "defend_faces": 8,
              "defend_weights": "1 1 1 1 1 1 3 3", "attacker_bonus": "highest"}
    assert calculate(calc_page, "battle", values) == "done"
    rules = ro.Rules(defend_faces=8, defend_weights=(1, 1, 1, 1, 1, 1, 3, 3), attacker_bonus="highest")
    assert win(calc_page) == ro.battle(10, 6, convention="attacking", rules=rules).win


def test_a_hundred_faces(calc_page, clean):
    top = LIMITS["max_faces"]
    values = {"attackers": 6, "defenders": 5, "convention": "attacking", "attack_faces": top, "defend_faces": top}
    assert calculate(calc_page, "battle", values) == "done"
    assert win(calc_page) == ro.battle(6, 5, convention="attacking", rules=ro.Rules(attack_faces=top, defend_faces=top)).win
    # one face more than the engine allows is refused before the engine is asked
    assert calculate(calc_page, "battle", {**values, "attack_faces": top + 1}) == "error"
    msg = calc_page.locator("form#battle [data-error-for=attack_faces]")
    assert msg.is_visible() and f"at most {top}" in msg.inner_text()


def test_weights_for_a_hundred_faces_in_the_table(calc_page, clean):
    top = LIMITS["max_faces"]
    weights = [1] * (top - 1) + [top]  # the top face as likely as all the others together (nearly)
    values = {"max_attackers": 6, "max_defenders": 6, "convention": "attacking", "defend_faces": top,
              "defend_weights": ",".join(map(str, weights))}
    assert calculate(calc_page, "table", values) == "done"
    assert calc_page.locator("form#table [data-output=table]").get_attribute("data-rows") == "6"
    # a picked cell's exact value equals the engine's
    canvas = calc_page.locator("form#table canvas.heatmap")
    canvas.focus()
    for key in ["ArrowRight"] * 2 + ["ArrowUp"] * 3 + ["Enter"]:  # from 1 v 1 to 4 v 3
        canvas.press(key)
    cell = calc_page.locator('form#table .cell-exact[data-state=exact][data-attackers="4"][data-defenders="3"]')
    cell.wait_for(state="attached", timeout=60_000)
    rules = ro.Rules(defend_faces=top, defend_weights=tuple(weights))
    exact = ro.battle(4, 3, convention="attacking", rules=rules).win
    assert Fraction(*exact_output(calc_page, "table", "cell")) == exact
    assert exact != ro.battle(4, 3, convention="attacking", rules=ro.Rules(defend_faces=top)).win


@pytest.mark.parametrize("text", ["2,2,1", "2,2,1,1,1,1,1", "-1,1,1,1,1,1", "0,0,0,0,0,0", "1.5,1,1,1,1,1", "a,b,c,d,e,f"])
def test_bad_weights_get_the_engines_message_next_to_the_field(calc_page, clean, text):
    values = {"attackers": 10, "defenders": 5, "convention": "attacking", "attack_weights": text}
    assert calculate(calc_page, "battle", values) == "error"
    expected = api.handle("battle", {**values, "attack_weights": text})
    assert expected["ok"] is False and expected["error"]["field"] == "attack_weights"
    msg = calc_page.locator("form#battle [data-error-for=attack_weights]")
    assert msg.is_visible() and msg.get_attribute("data-message") == expected["error"]["message"]
    assert calc_page.locator("form#battle [name=attack_weights]").get_attribute("aria-invalid") == "true"
    assert calc_page.locator("form#battle [data-output=win]").count() == 0


def test_weights_that_no_longer_fit_the_faces(calc_page, clean):
    """Faces changed after the weights were typed: the engine says so, next to the weights."""
    form = calc_page.locator("form#battle")
    assert calculate(calc_page, "battle", {"attackers": 10, "defenders": 5, "convention": "attacking",
                                           "attack_weights": LOADED_TEXT, "attack_faces": 8}) == "error"
    expected = api.handle("battle", {"attackers": 10, "defenders": 5, "convention": "attacking",
                                     "attack_weights": LOADED_TEXT, "attack_faces": 8})
    assert form.locator("[data-error-for=attack_weights]").get_attribute("data-message") == expected["error"]["message"]
    fill_form(form, {"attack_faces": 6}, reset=False)  # live: the answer follows the fix
    form.locator("[data-output=win]").first.wait_for(state="attached", timeout=60_000)
    assert wait_final(calc_page, "battle") == "done"
    assert win(calc_page) == ro.battle(10, 5, convention="attacking", rules=ro.Rules(attack_weights=LOADED)).win
    assert form.locator("[data-error-for=attack_weights]").inner_text() == ""
