"""The calculators embedded in the article give the article's own numbers (real Chromium)."""
import re
from fractions import Fraction

import pytest
from recipes import evaluate
from sitebuild.article import fmt
from sitehelpers import calculate, exact_output, wait_engine_ready

pytestmark = pytest.mark.browser


def _page_value(page, key: str) -> Fraction:
    """The exact value the article prints (data-value, or the text of its exact-fraction form)."""
    el = page.locator(f'[data-computed="{key}"][data-value]')
    if el.count():
        return Fraction(el.first.get_attribute("data-value"))
    return Fraction(page.locator(f'[data-computed="{key}"][data-format=exact]').first.inner_text().strip())


def _check(page, key: str, got: Fraction) -> None:
    """The calculator's exact answer equals the article's value, or renders to the article's text."""
    el = page.locator(f'[data-computed="{key}"]').first
    if el.get_attribute("data-value") is not None:
        assert got == Fraction(el.get_attribute("data-value")), key
    else:
        assert fmt.render(got, el.get_attribute("data-format")) == el.inner_text().strip(), key


@pytest.fixture(scope="module")
def context(browser, site_url):
    ctx = browser.new_context(base_url=site_url, viewport={"width": 1200, "height": 900})
    ctx.route(re.compile(r"^(?!http://127\.0\.0\.1).*"), lambda route: route.abort())  # stay offline
    yield ctx
    ctx.close()


def _open(context, path):
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(path)
    wait_engine_ready(page)
    return page, errors


def test_battle_and_path_calculators_match_part_one(context):
    page, errors = _open(context, "/article/")
    assert calculate(page, "calc-75v10", {}) == "done"
    num, den = exact_output(page, "calc-75v10", "loss")
    assert Fraction(num, den) == _page_value(page, "battle/75/10/attacking/std/loss")
    # the point-to-point calculator opens on the ending its sentence names, and shows its number
    assert calculate(page, "calc-path", {}) == "done"
    num, den = exact_output(page, "calc-path", "probability")
    d = evaluate("battle/75/10/attacking/std/loss_mode")
    for el in page.locator(f'[data-computed="battle/75/10/attacking/std/end_0_{d}"]').all():
        assert fmt.render(Fraction(num, den), el.get_attribute("data-format")) == el.inner_text().strip()
    assert not errors
    page.close()


def test_equal_armies_and_capital_calculators_match_part_two(context):
    page, errors = _open(context, "/article/classic-questions/")
    assert calculate(page, "calc-equal", {}) == "done"
    _check(page, "battle/20/20/territory/std/win", Fraction(*exact_output(page, "calc-equal", "win")))
    assert calculate(page, "calc-capital", {}) == "done"
    _check(page, "battle/76/10/territory/cap/loss", Fraction(*exact_output(page, "calc-capital", "loss")))
    assert not errors
    page.close()


def test_needed_and_campaign_calculators_match_part_two(context):
    page, errors = _open(context, "/article/classic-questions/")
    assert calculate(page, "calc-needed", {}) == "done"
    got = page.locator("form#calc-needed [data-output=needed]").first.get_attribute("data-value")
    _check(page, "needed/200/0.99/territory/std", Fraction(int(got)))   # the calculator typed as "99 %"
    assert calculate(page, "calc-campaign", {}) == "done"
    _check(page, "campaign/territory/72/22-8-2-2-2-7-1-1-3-1-2-3-5-1",
           Fraction(*exact_output(page, "calc-campaign", "win")))
    assert not errors
    page.close()
