"""Phone layout (390 px, no horizontal scroll), screenshots, labels, keyboard-only use."""
import pytest
import riskodds as ro

from sitehelpers import no_horizontal_scroll, open_page, screenshot, wait_final, exact_output

PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def phone_context(browser, site_url, watch):
    from conftest import _guard
    context = browser.new_context(base_url=site_url, viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    context.route("**/*", _guard(watch))
    yield context
    context.close()



@pytest.mark.parametrize("path", ["/", "/calculators/?calc=battle&attackers=1000&defenders=1&convention=attacking", "/article/"])
def test_phone_layout_has_no_horizontal_scroll(phone_context, watch, clean, path):
    page = open_page(phone_context, watch, path, wait_engine=False)
    if "calc=" in path:
        assert wait_final(page, "battle") == "done"
        page.locator("form#battle .exact-box > summary").click()  # the exact values (470-digit fractions), one click away
        page.locator("form#battle .dist-table summary").click()
    page.wait_for_load_state("networkidle")
    screenshot(page, "phone" + path.split("?")[0].replace("/", "-").rstrip("-"))
    assert no_horizontal_scroll(page, PHONE["width"]), page.evaluate("() => document.documentElement.scrollWidth")
    page.close()


def test_desktop_screenshot(calc_page, clean):
    calc_page.goto("/calculators/?calc=battle&attackers=75&defenders=10&convention=attacking")
    assert wait_final(calc_page, "battle") == "done"
    screenshot(calc_page, "desktop-calculators-75v10")


def test_every_field_has_a_label_and_outputs_are_named(calc_page, clean):
    missing = calc_page.evaluate("""() => [...document.querySelectorAll('input, select, textarea, button')]
        .filter(e => e.type !== 'hidden')
        .filter(e => !((e.labels && e.labels.length && e.labels[0].textContent.trim()) || e.getAttribute('aria-label') || (e.tagName === 'BUTTON' && e.textContent.trim())))
        .map(e => e.outerHTML.slice(0, 80))""")
    assert missing == []
    described = calc_page.evaluate("""() => [...document.querySelectorAll('[aria-describedby]')]
        .flatMap(e => e.getAttribute('aria-describedby').split(' ')).filter(id => !document.getElementById(id))""")
    assert described == []
    assert calc_page.evaluate("() => document.documentElement.lang") == "en"


def test_keyboard_only_calculation(calc_page, clean):
    calc_page.goto("/calculators/")
    calc_page.locator("body[data-engine-state=ready]").wait_for(state="attached", timeout=120_000)
    # Tab from the top of the page: skip link, navigation, the calculators' contents, then the first field.
    for _ in range(25):
        calc_page.keyboard.press("Tab")
        if calc_page.evaluate("() => document.activeElement.name") == "attackers":
            break
    assert calc_page.evaluate("() => document.activeElement.name") == "attackers"
    calc_page.keyboard.press("Control+A")
    calc_page.keyboard.type("3")
    calc_page.keyboard.press("Tab")
    calc_page.keyboard.press("Control+A")
    calc_page.keyboard.type("2")
    calc_page.keyboard.press("Enter")  # submits the form
    assert wait_final(calc_page, "battle") == "done"
    expected = ro.battle(3, 2, convention="territory").win  # territory counts by default: 2 attack
    assert exact_output(calc_page, "battle", "win") == (expected.numerator, expected.denominator)
    # The chart toggle is reachable and works from the keyboard too.
    calc_page.locator("form#battle .toggle button[data-scale=log]").focus()
    calc_page.keyboard.press("Enter")
    assert calc_page.locator("form#battle svg.chart").get_attribute("data-scale") == "log"
    # A visible focus ring (CSS :focus-visible) on the focused button.
    outline = calc_page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"
