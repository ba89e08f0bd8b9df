"""Balanced Blitz in the calculators (issue 10): the dice-mode select switches battle, troops
needed and the win table to the engine's reshaped odds (real numbers, labelled, beside true random
dice's exact ones, both loss distributions in one chart), keeps the mode in a shared link, and
prints the engine's own refusals next to their fields. Expected values come from the engine here."""
from fractions import Fraction
from urllib.parse import parse_qs, urlsplit

import pytest
import riskodds as ro
from riskodds.interfaces import api
from riskodds.answers import balanced

from conftest import _guard
from sitehelpers import ARTIFACTS, calculate, exact_output, fill_form, no_horizontal_scroll, open_page, wait_final

BB = "balanced-blitz"
CAPITAL = ro.Rules(defend_dice=3)


def real_output(page, form_id: str, output: str) -> float:
    """A real (Balanced Blitz) answer: data-value, and no exact fraction pretending otherwise."""
    el = page.locator(f"form#{form_id} [data-output={output}]").first
    assert el.get_attribute("data-num") is None, f"{output} carries a fraction"
    return float(el.get_attribute("data-value"))


def wait_mode(page, form_id: str, mode: str, timeout_ms: int = 60_000) -> None:
    """Wait for a finished answer in `mode` (a live answer has no click to wait on)."""
    page.locator(f"form#{form_id}[data-status=done] [data-part=lead][data-dice-mode={mode}]").wait_for(state="attached", timeout=timeout_ms)


def test_battle_switches_to_balanced_blitz_and_back(calc_page, clean):
    form = calc_page.locator("form#battle")
    assert calculate(calc_page, "battle", {"attackers": 30, "defenders": 15, "convention": "attacking", "defend_dice": 3}) == "done"
    exact = ro.battle(30, 15, convention="attacking", rules=CAPITAL)
    assert Fraction(*exact_output(calc_page, "battle", "win")) == exact.win
    assert form.locator("[data-output=dice_mode]").count() == 0

    form.locator("[name=dice_mode]").select_option(BB)  # no click: the answer follows the switch
    wait_mode(calc_page, "battle", BB)
    r = ro.battle(30, 15, convention="attacking", rules=CAPITAL, dice_mode="balanced-blitz")
    assert real_output(calc_page, "battle", "win") == r.win
    assert real_output(calc_page, "battle", "loss") == r.loss
    assert r.win != pytest.approx(float(exact.win), abs=0.05)  # the switch changes the answer a lot here
    label = form.locator("[data-output=dice_mode]")
    assert label.is_visible() and label.inner_text() == balanced.NAME == "Balanced Blitz (RISK: Global Domination)"
    # Side by side: true random dice's exact odds of the same battle, in the answer area.
    assert Fraction(*exact_output(calc_page, "battle", "true_win")) == exact.win
    assert Fraction(*exact_output(calc_page, "battle", "true_loss")) == exact.loss
    assert form.locator("[data-output=true_win]").is_visible()
    assert f"{100 * r.win:.1f}\u00a0%" in form.locator(".answer").first.inner_text()
    # Real numbers are not dressed as exact: no fraction, no "Exact values"; 15 digits and what they are.
    box = form.locator(".exact-box").first
    assert "Values to 15 digits" in box.inner_text() and "Exact" not in box.locator("> summary").inner_text()
    box.locator("> summary").click()
    assert box.locator(".fraction").count() == 0
    assert box.locator("[data-detail=win] dd").first.inner_text() == f"{r.win:.15g}"
    assert "real numbers, not fractions" in box.inner_text()
    # One chart, two series: Balanced Blitz as bars, true random dice as a line, with a legend.
    chart = form.locator("svg.chart")
    assert chart.count() == 1 and chart.get_attribute("data-series") == "2"
    nonzero = sum(1 for x in r.attackers_lost if x > 0)
    assert chart.locator("rect.bar").count() == nonzero
    assert chart.locator("path.line.series-2").count() == 1
    assert chart.locator("circle.series-2").count() == sum(1 for x in exact.attackers_lost if x > 0)
    legend = form.locator(".chart-legend li")
    assert legend.all_inner_texts() == [balanced.NAME, "True random dice"]
    assert "Balanced Blitz" in chart.locator("desc").text_content()
    # The distribution table has both columns.
    assert form.locator(".dist-table thead th").all_text_contents() == ["Attackers lost", "Balanced Blitz", "True random"]
    assert form.locator(".dist-table tbody tr").count() == 31
    # The mode is in the address, so a shared link reproduces it.
    q = parse_qs(urlsplit(calc_page.url).query)
    assert q["dice_mode"] == [BB] and q["defend_dice"] == ["3"]

    form.locator("[name=dice_mode]").select_option("true-random")
    wait_mode(calc_page, "battle", "true-random")
    assert Fraction(*exact_output(calc_page, "battle", "win")) == exact.win
    assert form.locator("svg.chart").get_attribute("data-series") == "1"
    assert form.locator("[data-output=dice_mode]").count() == 0


def test_a_shared_link_opens_in_balanced_blitz(site_context, watch, clean):
    page = open_page(site_context, watch, f"/calculators/?calc=battle&attackers=20&defenders=20&convention=territory&dice_mode={BB}#battle")
    assert wait_final(page, "battle") == "done"
    assert page.locator("form#battle [name=dice_mode]").input_value() == BB
    r = ro.battle(20, 20, convention="territory", dice_mode="balanced-blitz")
    assert real_output(page, "battle", "win") == r.win
    # "continue from here" keeps the mode
    form = page.locator("form#battle")
    form.locator("[data-action=continue]").scroll_into_view_if_needed()
    form.locator(".continue input").first.fill("12")
    form.locator(".continue input").nth(1).fill("9")
    form.locator("[data-action=continue]").click()  # starts the run at once (status "running")
    assert wait_final(page, "battle") == "done"
    assert form.locator("[name=attackers]").input_value() == "12"
    assert real_output(page, "battle", "win") == ro.battle(12, 9, convention="territory", dice_mode="balanced-blitz").win
    page.close()


@pytest.mark.parametrize("values,field", [
    ({"attackers": 20, "defenders": 10, "retreat_at": 5}, "retreat_at"),
    ({"attackers": 20, "defenders": 10, "defender_goal": 3}, "defender_goal"),
])
def test_battle_refusals_come_from_the_engine_next_to_their_field(calc_page, clean, values, field):
    assert calculate(calc_page, "battle", {**values, "convention": "attacking", "dice_mode": BB}) == "error"
    expected = api.handle("battle", {**values, "convention": "attacking", "dice_mode": BB})
    assert expected["ok"] is False and expected["error"]["field"] == field
    msg = calc_page.locator(f"form#battle [data-error-for={field}]")
    assert msg.is_visible() and msg.get_attribute("data-message") == expected["error"]["message"]
    assert calc_page.locator(f"form#battle [name={field}]").get_attribute("aria-invalid") == "true"


@pytest.mark.parametrize("mode,count_field,count,p", [("attackers", "defenders", 10, "0.95"), ("defenders", "attackers", 10, "0.9")])
def test_troops_needed_in_balanced_blitz(calc_page, clean, mode, count_field, count, p):
    values = {"mode": mode, count_field: count, "p": p, "convention": "territory", "dice_mode": BB}
    assert calculate(calc_page, "needed", values) == "done"
    search = ro.troops_needed if mode == "attackers" else ro.defenders_needed
    n = search(count, Fraction(p), convention="territory", dice_mode=BB, with_values=True)
    true_n = search(count, Fraction(p), convention="territory")
    assert n.needed != true_n  # Balanced Blitz changes the count here
    form = calc_page.locator("form#needed")
    assert form.locator("[data-output=needed]").get_attribute("data-value") == str(n.needed)
    assert real_output(calc_page, "needed", "reached") == float(n.reached)
    assert real_output(calc_page, "needed", "below") == float(n.below)
    assert Fraction(*exact_output(calc_page, "needed", "true_reached")) == n.true_reached
    assert form.locator("[data-output=dice_mode]").inner_text() == balanced.NAME
    q = parse_qs(urlsplit(calc_page.url).query)
    assert q["dice_mode"] == [BB]


def test_troops_needed_refuses_survivors_in_balanced_blitz(calc_page, clean):
    values = {"mode": "attackers", "defenders": 10, "p": "0.9", "survivors": 3, "convention": "territory", "dice_mode": BB}
    assert calculate(calc_page, "needed", values) == "error"
    expected = api.handle("needed", {"defenders": 10, "p": "9/10", "survivors": 3, "convention": "territory", "dice_mode": BB})
    assert calc_page.locator("form#needed [data-error-for=survivors]").get_attribute("data-message") == expected["error"]["message"]


def test_table_cells_change_with_the_mode(calc_page, clean):
    form = calc_page.locator("form#table")
    assert calculate(calc_page, "table", {"max_attackers": 12, "max_defenders": 12, "convention": "attacking"}) == "done"
    canvas = form.locator("canvas.heatmap")
    before = canvas.evaluate("c => c.toDataURL()")
    form.locator("[name=dice_mode]").select_option(BB)
    wait_mode(calc_page, "table", BB)
    assert canvas.evaluate("c => c.toDataURL()") != before
    assert "Balanced Blitz" in form.locator("[data-part=lead] h3").inner_text()
    assert form.locator("[data-output=dice_mode]").inner_text() == balanced.NAME
    # A picked cell (keyboard: arrows, Enter) shows the engine's Balanced Blitz value and true random's exact one.
    canvas.focus()
    for key in ["ArrowRight"] * 3 + ["ArrowUp"] * 6 + ["Enter"]:  # from 1 v 1 to 7 v 4
        canvas.press(key)
    form.locator('.cell-exact[data-state=exact][data-attackers="7"][data-defenders="4"]').wait_for(state="attached", timeout=60_000)
    assert real_output(calc_page, "table", "cell") == ro.battle(7, 4, convention="attacking", dice_mode="balanced-blitz").win
    assert Fraction(*exact_output(calc_page, "table", "true_cell")) == ro.battle(7, 4, convention="attacking").win
    # Every row the engine sent is Balanced Blitz: the table's own cells agree with balanced_blitz.
    rows = api.handle("table", {"max_attackers": 12, "max_defenders": 12, "convention": "attacking", "dice_mode": BB})["rows"]
    assert rows[6][3]["float"] == ro.battle(7, 4, convention="attacking", dice_mode="balanced-blitz").win
    assert parse_qs(urlsplit(calc_page.url).query)["dice_mode"] == [BB]
    fill_form(form, {"dice_mode": "true-random"}, reset=False)
    wait_mode(calc_page, "table", "true-random")


def test_the_explainer_page_has_a_balanced_blitz_calculator(site_context, watch, clean):
    page = open_page(site_context, watch, "/article/balanced-blitz/", wait_engine=False)
    form = page.locator("form[data-calculator=battle]")
    assert form.count() == 1
    fid = form.get_attribute("id")
    assert form.locator("[name=dice_mode]").input_value() == BB
    form.scroll_into_view_if_needed()  # it computes its pre-filled battle on its own
    assert wait_final(page, fid) == "done"
    r = ro.battle(30, 15, convention="attacking", rules=CAPITAL, dice_mode="balanced-blitz")
    assert real_output(page, fid, "win") == r.win
    assert form.locator("[data-output=dice_mode]").inner_text() == balanced.NAME
    assert form.locator("svg.chart").get_attribute("data-series") == "2"
    page.close()


def test_balanced_blitz_fits_a_360_px_phone(browser, site_url, watch, clean):
    """Everything open (values, tables), light and dark: nothing wider than the screen, and the
    select shows the whole mode name (a closed select cuts its text without a sign)."""
    context = browser.new_context(base_url=site_url, viewport={"width": 360, "height": 780}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True)
    context.route("**/*", _guard(watch))
    page = open_page(context, watch, f"/calculators/?calc=battle&attackers=30&defenders=15&convention=attacking&defend_dice=3&dice_mode={BB}#battle")
    assert wait_final(page, "battle") == "done"
    fill_form(page.locator("form#needed"), {"defenders": 10, "p": "0.95", "dice_mode": BB})
    page.locator("form#needed").scroll_into_view_if_needed()
    wait_mode(page, "needed", BB)
    page.evaluate("() => document.querySelectorAll('form#battle details, form#needed details').forEach((d) => { d.open = true; })")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator("form#battle").screenshot(path=str(ARTIFACTS / f"phone-360-blitz-{scheme}.png"))
        assert no_horizontal_scroll(page, 360), page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
    fits = page.locator("form#battle [name=dice_mode]").evaluate("""s => {
        const cs = getComputedStyle(s);
        const g = document.createElement('canvas').getContext('2d');
        g.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        const text = g.measureText(s.selectedOptions[0].textContent).width;
        const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 16; // the arrow
        return [text, room];
    }""")
    assert fits[0] <= fits[1], fits
    context.close()

