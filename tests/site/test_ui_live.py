"""The calculators as a reader meets them: the answer first (in words and percentages), live
answers while typing (a newer input cancels the older request in the worker), switches, collapsed
boxes with summaries, Copy link, "continue from here", one timer per form, messages printed once,
and a form submitted before the scripts ran is not lost."""
import re
from fractions import Fraction
from urllib.parse import parse_qs, urlsplit

import pytest
import riskodds as ro
from playwright.sync_api import expect

from conftest import _guard
from sitehelpers import calculate, exact_output, fill_form, open_page, wait_final, wait_status


def wait_answer(page, form_id: str, output: str, value: Fraction, timeout_ms: int = 60_000) -> None:
    """Wait until the form shows exactly `value` at [data-output=output] (a live answer has no click to wait on)."""
    sel = f'form#{form_id} [data-output={output}][data-num="{value.numerator}"][data-den="{value.denominator}"]'
    page.locator(sel).first.wait_for(state="attached", timeout=timeout_ms)


def test_answer_first_in_words_and_percentages(calc_page, clean):
    assert calculate(calc_page, "battle", {"attackers": 75, "defenders": 10, "convention": "attacking"}) == "done"
    b = ro.battle(75, 10, convention="attacking")
    answer = calc_page.locator("form#battle .answer").first
    text = answer.inner_text()
    # to the digits a player uses (issue 28): the exact box has the rest
    assert "Attacker wins >\u00a099.99\u00a0%" in text, text
    assert "loses 1.90 × 10⁻¹³" in text and "(1 in 5.26 trillion)" in text, text
    # P(lose) is visible without opening anything, and exact.
    loss = calc_page.locator("form#battle [data-output=loss]").first
    assert loss.is_visible()
    assert Fraction(*exact_output(calc_page, "battle", "loss")) == b.loss
    # Expected survivors on a win, exact, in the call's convention.
    won = {a: p for (a, d), p in b.end_states.items() if d == 0}
    assert Fraction(*exact_output(calc_page, "battle", "mean_survivors_on_win")) == sum(a * p for a, p in won.items()) / b.win
    # The exact fraction, decimals and copy buttons are one click away.
    box = calc_page.locator("form#battle .exact-box")
    assert box.get_attribute("open") is None
    box.locator("> summary").click()
    assert box.locator("[data-detail=loss] .fraction").is_visible()
    assert box.locator("[data-detail=loss] [data-action=copy]").is_visible()


def test_win_with_at_least_k_left(calc_page, clean):
    assert calculate(calc_page, "battle", {"attackers": 30, "defenders": 12, "survivors": 10}) == "done"
    b = ro.battle(30, 12, convention="territory")
    assert Fraction(*exact_output(calc_page, "battle", "win_with_survivors")) == b.win_with_at_least(10)
    assert "Win with at least 10 left" in calc_page.locator("form#battle [data-output=win_with_survivors]").inner_text()


def test_filled_in_form_computes_without_a_click(calc_page, clean):
    form = calc_page.locator("form#battle")
    fill_form(form, {"attackers": 31, "defenders": 13})  # territory counts: the default
    wait_answer(calc_page, "battle", "win", ro.battle(31, 13, convention="territory").win)
    assert form.get_attribute("data-status") == "done"
    # ... and the address keeps what was typed.
    q = parse_qs(urlsplit(calc_page.url).query)
    assert q["attackers"] == ["31"] and q["defenders"] == ["13"] and q["convention"] == ["territory"]


def test_newer_input_cancels_the_older_request_in_the_worker(calc_page, clean):
    calc_page.evaluate("""() => { window.__cancelled = 0; window.__worker = riskoddsEngine.worker;
        riskoddsEngine.worker.addEventListener('message', (e) => { if (e.data.type === 'cancelled') window.__cancelled++; }); }""")
    form = calc_page.locator("form#battle")
    fill_form(form, {"attackers": 2500, "defenders": 2500, "convention": "attacking"})  # seconds in Pyodide
    wait_status(calc_page, "battle", "running", 10_000)
    calc_page.locator("body[data-engine-state=busy]").wait_for(state="attached", timeout=10_000)
    fill_form(form, {"attackers": 5, "defenders": 4}, reset=False)
    wait_answer(calc_page, "battle", "win", ro.battle(5, 4, convention="attacking").win)
    # The 2500 v 2500 was interrupted, not finished: Python saw the interrupt, or (when the interrupt
    # lands in one long big-integer operation on a loaded machine) the grace period ended and the
    # worker was replaced.
    assert calc_page.evaluate("window.__cancelled >= 1 || riskoddsEngine.worker !== window.__worker")


def test_double_submit_leaves_one_timer(calc_page, clean):
    form = calc_page.locator("form#battle")
    fill_form(form, {"attackers": 200, "defenders": 150, "convention": "attacking"})
    submit = form.locator("button[type=submit]")
    submit.click()
    submit.click()
    assert wait_final(calc_page, "battle") == "done"
    calc_page.wait_for_timeout(600)  # a leaked counter would overwrite "Done" within 0.1 s
    assert form.locator("[data-role=status]").inner_text() == "Done."


def test_capital_and_zombie_switches_set_the_rules(calc_page, clean):
    form = calc_page.locator("form#battle")
    fill_form(form, {"attackers": 20, "defenders": 8})
    rules = form.locator("details[data-summary=rules]")
    assert rules.get_attribute("open") is None  # collapsed, with its one-line summary
    assert rules.locator("[data-role=summary]").inner_text() == "standard rules"
    form.locator("label.switch", has_text="Capital").click()
    assert form.locator("[name=defend_dice]").input_value() == "3"
    form.locator("label.switch", has_text="Zombies").click()
    assert form.locator("[name=ties]").input_value() == "attacker"
    summary = rules.locator("[data-role=summary]").inner_text()
    assert "capital" in summary and "zombies" in summary, summary
    wait_answer(calc_page, "battle", "win", ro.battle(20, 8, convention="territory", rules=ro.Rules(defend_dice=3, ties="attacker")).win)
    # The Rules box drives the switch too.
    fill_form(form, {"defend_dice": 2}, reset=False)
    assert not form.locator("[name=capital]").is_checked()


def test_convention_switch_is_one_tap_away(calc_page, clean):
    form = calc_page.locator("form#path")
    fill_form(form, {"start_attackers": 10, "start_defenders": 5, "end_attackers": 1, "end_defenders": 1})
    wait_answer(calc_page, "path", "probability", ro.probability((10, 5), (1, 1), convention="territory"))
    form.locator("label", has_text="Attacking armies").click()
    wait_answer(calc_page, "path", "probability", ro.probability((10, 5), (1, 1), convention="attacking"))


def test_continue_from_here_fills_in_a_new_battle(calc_page, clean):
    assert calculate(calc_page, "battle", {"attackers": 75, "defenders": 10}) == "done"
    now = calc_page.locator("form#battle .continue")
    now.locator("input").nth(0).fill("40")
    now.locator("input").nth(1).fill("6")
    now.locator("[data-action=continue]").click()
    wait_answer(calc_page, "battle", "win", ro.battle(40, 6, convention="territory").win)
    form = calc_page.locator("form#battle")
    assert form.locator("[name=attackers]").input_value() == "40" and form.locator("[name=defenders]").input_value() == "6"


def test_copy_link_reproduces_the_answer(site_context, watch, calc_page, clean):
    site_context.grant_permissions(["clipboard-read", "clipboard-write"])
    assert calculate(calc_page, "campaign", {"attackers": 25, "territories": "6 3 2", "t1_defend_dice": 3}) == "done"
    first = exact_output(calc_page, "campaign", "win")
    button = calc_page.locator("form#campaign [data-action=copy-link]")
    button.click()
    # writeText is a promise: the label changes when it resolves, not on click
    expect(button).to_have_text("Link copied", timeout=10_000)
    link = calc_page.evaluate("navigator.clipboard.readText()")
    parts = urlsplit(link)
    assert parts.fragment == "campaign" and parse_qs(parts.query)["calc"] == ["campaign"]
    assert "capital" not in parts.query  # the switch mirrors defend_dice; the link keeps the field only
    page = open_page(site_context, watch, f"{parts.path}?{parts.query}", wait_engine=False)
    assert wait_final(page, "campaign") == "done"
    assert exact_output(page, "campaign", "win") == first
    page.close()


def test_messages_are_printed_once(calc_page, clean):
    assert calculate(calc_page, "campaign", {"territories": "3 x 2"}, timeout_ms=1000) == "error"
    text = calc_page.locator("form#campaign").inner_text()
    assert len(re.findall("must be a whole number", text)) == 1, text
    # An engine refusal: next to its field or under the form, once.
    assert calculate(calc_page, "needed", {"defenders": 5, "p": "1", "convention": "attacking"}) == "error"
    text = calc_page.locator("form#needed").inner_text()
    assert len(re.findall("cannot be reached", text)) == 1, text


def test_a_click_before_the_scripts_load_is_not_lost(browser, site_url, watch):
    """Without its scripts the form submits natively, to its own anchor with calc=<id>; the page
    that loads (scripts and all) reads those inputs and computes them."""
    context = browser.new_context(base_url=site_url)
    context.route("**/*", _guard(watch))
    page = context.new_page()
    page.route(re.compile(r".*/assets/js/.*"), lambda route: route.abort())
    page.goto("/calculators/")
    form = page.locator("form#battle")
    form.locator("[name=attackers]").fill("12")
    form.locator("[name=defenders]").fill("5")
    with page.expect_navigation():
        form.locator("button[type=submit]").click()
    parts = urlsplit(page.url)
    q = parse_qs(parts.query)
    assert parts.fragment == "battle" and q["calc"] == ["battle"] and q["attackers"] == ["12"] and q["defenders"] == ["5"]
    page.unroute(re.compile(r".*/assets/js/.*"))
    page.reload()
    assert wait_final(page, "battle") == "done"
    assert Fraction(*exact_output(page, "battle", "win")) == ro.battle(12, 5, convention="territory").win
    context.close()


def test_prefilled_forms_compute_on_their_own(site_context, watch, clean):
    page = open_page(site_context, watch, "/calculators/", wait_engine=False)
    assert wait_final(page, "battle") == "done"  # near the viewport: no click, no typing
    a, d = (int(page.locator(f"form#battle [name={n}]").input_value()) for n in ("attackers", "defenders"))
    assert (a, d) == (10, 6)   # an everyday battle (issue 28)
    assert Fraction(*exact_output(page, "battle", "loss")) == ro.battle(a, d, convention="territory").loss
    page.locator("form#path").scroll_into_view_if_needed()
    assert wait_final(page, "path") == "done"
    page.close()


def test_far_calculators_are_wired_up_when_they_come_near_or_are_touched(browser, site_url, watch):
    """On a phone only the calculators near the viewport are mounted while the first answer
    loads; one far below that is typed into before it was mounted answers live all the same,
    and one scrolled to is mounted and computes its pre-filled answer."""
    context = browser.new_context(base_url=site_url, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    context.route("**/*", _guard(watch))
    page = open_page(context, watch, "/calculators/", wait_engine=False)
    assert wait_final(page, "battle") == "done"
    mounted = lambda: set(page.locator("form[data-calculator][data-mounted]").evaluate_all("fs => fs.map((f) => f.id)"))  # noqa: E731
    assert "battle" in mounted() and not mounted() & {"needed", "table", "path"}, mounted()
    page.locator("form#needed [name=defenders]").fill("12")  # its focus mounts the form, then the input computes
    assert "needed" in mounted()
    expected = ro.troops_needed(12, Fraction(95, 100), convention="territory")
    page.locator(f'form#needed [data-output=needed][data-value="{expected}"]').wait_for(state="attached", timeout=60_000)
    page.locator("form#path").scroll_into_view_if_needed()
    assert wait_final(page, "path") == "done" and "path" in mounted()
    context.close()


def test_home_names_every_calculator_and_the_article(site_context, watch, clean):
    """The home page (issue 28): a battle calculator first, then what else a player can do, one
    sentence each, every calculator and every part of the article a tap away."""
    page = open_page(site_context, watch, "/", wait_engine=False)
    hrefs = page.locator("main .home-more a").evaluate_all("as => as.map(a => a.getAttribute('href'))")
    ids = ["battle", "campaign", "plan", "turn", "hold", "needed", "table", "path"]
    assert {f"/calculators/#{i}" for i in ids} == {h for h in hrefs if h.startswith("/calculators/#")}
    assert {"/article/", "/article/classic-questions/", "/article/balanced-blitz/"} <= set(hrefs)
    cards = page.locator(".home-more .cards > li h3").all_inner_texts()
    assert cards == ["Get the odds of an attack", "Find the armies you need", "Plan a turn", "Read the story"]
    assert page.locator("main form#battle[data-calculator=battle]").count() == 1
    page.goto("/calculators/")
    toc = page.locator("nav.calc-toc a").evaluate_all("as => as.map(a => a.getAttribute('href'))")
    assert toc == [f"#{i}" for i in ids]
    for i in ids:  # every anchor lands on its calculator
        assert page.locator(f"form#{i}[data-calculator]").count() == 1
    page.close()


@pytest.mark.parametrize("form_id", ["battle", "path", "campaign", "plan", "needed", "table"])
def test_territory_counts_by_default_everywhere(calc_page, clean, form_id):
    form = calc_page.locator(f"form#{form_id}")
    form.evaluate("f => f.reset()")
    assert form.locator("[name=convention][value=territory]").is_checked()


def test_approximate_answer_while_python_loads_then_the_exact_one(browser, site_url, watch):
    """While the runtime loads, a standard battle shows the build's precomputed odds, marked as
    approximate (no exact data- values), and the exact answer replaces them (contract C4)."""
    context = browser.new_context(base_url=site_url)
    context.route("**/*", _guard(watch))
    page = context.new_page()
    held = []  # the engine's worker script waits here: the runtime cannot be ready before we look
    page.route(re.compile(r".*/assets/js/engine-worker\..*"), lambda route: held.append(route))
    page.goto("/calculators/?calc=battle&attackers=76&defenders=10&convention=territory")
    page.locator("form#battle[data-approx-at]").wait_for(state="attached", timeout=30_000)
    answer = page.locator("form#battle .answer.approximate")
    assert "≈" in answer.inner_text() and "approximate" in page.locator("form#battle .approx-note").inner_text().lower()
    assert page.locator("form#battle [data-output=loss]").count() == 0  # nothing approximate poses as exact
    assert page.locator("form#battle").get_attribute("data-status") == "running"
    for route in held:
        route.continue_()
    page.unroute(re.compile(r".*/assets/js/engine-worker\..*"))
    assert wait_final(page, "battle") == "done"
    assert page.locator("form#battle .approximate").count() == 0
    assert Fraction(*exact_output(page, "battle", "loss")) == ro.battle(76, 10, convention="territory").loss
    context.close()
