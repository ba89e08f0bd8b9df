"""Issue 44, "The home page and the article", in Chromium: the home page's first phone screen names
planning a turn and keeping a continent, each a link to its calculator; every folded section
(<details>) on every page shows a marker that it opens ("For the curious", a distribution's
"table (10 rows)", the calculators' boxes, the article's contents and folded tables), turned once
open."""
import pytest

from conftest import PHONE, phone_context
from sitehelpers import open_page, wait_final

PAGES = ["/", "/calculators/", "/article/", "/article/classic-questions/", "/article/balanced-blitz/"]
MARKER = "\u25b8"


def test_the_first_phone_screen_names_planning_a_turn_and_keeping_a_continent(browser, site_url, watch, clean):
    context = phone_context(browser, site_url, watch)
    page = open_page(context, watch, "/", wait_engine=False)
    intro = page.locator(".home-intro")
    for role, words, href in (("plan-turn", "Plan a turn", "/calculators/#turn"), ("keep-continent", "keep the continent", "/calculators/#hold")):
        link = intro.locator(f"a[data-role={role}]")
        assert link.inner_text() == words and link.get_attribute("href") == href
        box = link.bounding_box()
        assert box and box["y"] + box["height"] <= PHONE["height"], (role, box)   # in the first screen, without scrolling
    assert "take a continent" in intro.inner_text() and "through his next turn" in intro.inner_text()
    context.close()


def markers(page) -> list:
    """[summary text, its marker, turned] for every summary shown on the page."""
    return page.locator("summary").evaluate_all("""ss => ss.filter((s) => s.getClientRects().length).map((s) => {
        const before = getComputedStyle(s, '::before');
        return [s.textContent.trim().slice(0, 40), before.content, before.display, before.transform]; })""")


@pytest.mark.parametrize("path", PAGES)
def test_every_folded_section_shows_that_it_opens(browser, site_url, watch, clean, path):
    context = browser.new_context(base_url=site_url, viewport=PHONE)
    page = open_page(context, watch, path, wait_engine=False)
    if path == "/":   # the battle's answer: its distribution folded as "table (n rows)"
        page.locator("form#battle").scroll_into_view_if_needed()
        assert wait_final(page, "battle") == "done"
        assert page.locator("form#battle details.dist-table summary").count()
    found = markers(page)
    assert found, path
    for name, content, display, _ in found:
        assert content == f'"{MARKER}"' and display != "none", (path, name, content)
    # opened, the marker turns
    page.locator("footer details.curious").evaluate("d => { d.open = true; }")
    turned = page.locator("footer details.curious > summary").evaluate("s => getComputedStyle(s, '::before').transform")
    assert turned not in ("none", ""), turned
    context.close()
