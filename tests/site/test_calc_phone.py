"""The suite on a phone (390 px): shared links to each new calculator compute, nothing scrolls
sideways, the headline result is large; screenshots saved as test artifacts."""
import pytest

from conftest import PHONE, _guard, phone_context
from sitehelpers import no_horizontal_scroll, open_page, screenshot, wait_final


LINKS = [
    ("campaign", "/calculators/?calc=campaign&attackers=72&convention=territory&territories=22,8,2,2,2,7,1,1,3,1,2,3,5,1&t4_defend_dice=3"),
    ("needed", "/calculators/?calc=needed&mode=attackers&defenders=200&p=0.99&convention=territory&defend_dice=3"),
    ("table", "/calculators/?calc=table&max_attackers=200&max_defenders=200&convention=attacking"),
]


@pytest.fixture(scope="module")
def phone_page(browser, site_url, watch):
    context = phone_context(browser, site_url, watch)
    page = open_page(context, watch, "/calculators/")
    yield page
    context.close()



@pytest.mark.parametrize("form_id,link", LINKS, ids=[f for f, _ in LINKS])
def test_phone_layout_of_the_suite(phone_page, clean, form_id, link):
    page = phone_page
    page.goto(link)
    assert wait_final(page, form_id, 120_000) == "done"
    form = page.locator(f"form#{form_id}")
    for summary in form.locator("details > summary").all():
        summary.click()  # open the long fraction and the tables too
    if form_id == "table":  # a tap on the map shows the cell's exact value
        canvas = form.locator("canvas.heatmap")
        box = canvas.bounding_box()
        canvas.tap(position={"x": box["width"] * 0.2, "y": box["height"] * 0.6})
        form.locator(".cell-exact[data-state=exact]").wait_for(state="attached", timeout=60_000)
        assert box["width"] <= PHONE["width"]
    form.scroll_into_view_if_needed()
    screenshot(page, f"phone-{form_id}")
    assert no_horizontal_scroll(page, PHONE["width"]), page.evaluate("() => document.documentElement.scrollWidth")
    # Readable at arm's length: the headline number is at least 20 CSS px on a phone.
    big = form.locator(".answer").first
    size = float(big.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
    assert size >= 20, size


def test_every_calculator_fits_a_360_px_screen_with_every_box_open(browser, site_url, watch, clean):
    """The narrowest common phone: every calculator computed, every box (rules, options, each
    territory, exact values, tables) open, and still nothing wider than the screen."""
    context = browser.new_context(base_url=site_url, viewport={"width": 360, "height": 780}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True)
    context.route("**/*", _guard(watch))
    page = open_page(context, watch, "/calculators/?calc=campaign&attackers=72&territories=22+8+2+2+2+7+1+1+3+1+2+3+5+1&t1_defend_dice=3")
    for form_id in ("battle", "campaign", "plan", "turn", "hold", "needed", "table", "path"):
        page.locator(f"form#{form_id}").scroll_into_view_if_needed()
        if form_id in ("turn", "hold"):   # a first visit opens on an empty board: a ready-made position
            page.locator(f"form#{form_id} button[data-preset=south-america]").click(timeout=60_000)
        assert wait_final(page, form_id) == "done", form_id
    page.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    screenshot(page, "phone-360-all-open")
    assert no_horizontal_scroll(page, 360), page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
    context.close()
