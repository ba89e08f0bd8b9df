"""The board's views (issue 44, "Views that show the fight") in Chromium: the whole board fits a
390 px phone (every territory inside the frame) and pans and zooms inside it, by the buttons and by
a pinch and a drag of real touch events; the default view holds every territory in play, the
opponent's stacks included (the Hold's Australia against a stack on China shows China); each badge
sits on its arrow; no text covers another at any view or zoom, the continents' names and the edge's
labels included; on a laptop the board opens on the goal, not on the whole board."""
from urllib.parse import urlencode

import pytest
from riskodds.interfaces import api

from conftest import _guard, phone_context
from sitebuild.turn_presets import PRESETS, request as turn_request
from sitehelpers import inside_frame, open_page, overlapping_texts, wait_final

BOARD = api.handle("describe", {})["board"]
CONTINENT = {c["name"]: c["territories"] for c in BOARD["continents"]}


def wait_answer(page, form_id: str, output: str, want: dict):
    page.locator(f'form#{form_id} [data-output={output}][data-num="{want["num"]}"][data-den="{want["den"]}"]').wait_for(
        state="attached", timeout=120_000)
    assert wait_final(page, form_id) == "done"


def open_board(page, form_id: str):
    f = page.locator(f"form#{form_id}")
    f.scroll_into_view_if_needed()
    page.locator(f"form#{form_id} svg.board").wait_for(state="attached", timeout=60_000)
    wait_final(page, form_id)
    return f


def width(f) -> float:
    return f.locator("svg.board").evaluate("s => s.getBoundingClientRect().width")


def texts_clear_at_every_zoom(page, form_id: str, what):
    """No text over another and none under 12 px, zooming in step by step from the view and back."""
    f = page.locator(f"form#{form_id}")
    zin, zout = f.get_by_role("button", name="Zoom in"), f.get_by_role("button", name="Zoom out")
    steps = 0
    while zin.is_enabled() and steps < 6:
        zin.click()
        steps += 1
        assert overlapping_texts(page, form_id) == [], (what, "in", steps)
    while zout.is_enabled():
        zout.click()
        assert overlapping_texts(page, form_id) == [], (what, "out")


@pytest.mark.parametrize("form_id", ["turn", "hold"])
def test_the_whole_board_fits_a_phone_and_zooms_inside_it(browser, site_url, watch, clean, form_id):
    context = phone_context(browser, site_url, watch)
    page = open_page(context, watch, f"/calculators/#{form_id}")
    f = open_board(page, form_id)
    f.locator("button[data-preset=north-america]").tap()
    wait_final(page, form_id)
    f.locator(f"select[id={form_id}-zoom]").select_option("")
    assert inside_frame(page, form_id) == 42
    assert width(f) <= f.locator(".board-frame").evaluate("e => e.clientWidth") + 1
    assert overlapping_texts(page, form_id) == []
    # the whole board is the smallest: zoom out is off there, zoom in is on, and back
    assert f.get_by_role("button", name="Zoom out").is_disabled()
    before = width(f)
    f.get_by_role("button", name="Zoom in").tap()
    assert width(f) == pytest.approx(before * 1.5, rel=0.01)
    assert inside_frame(page, form_id) < 42
    f.get_by_role("button", name="Zoom out").tap()
    assert width(f) == pytest.approx(before, rel=0.01)
    # from the goal's view the player can always zoom out to the whole board
    f.locator(f"select[id={form_id}-zoom]").select_option("goal")
    assert f.get_by_role("button", name="Zoom out").is_enabled()
    while f.get_by_role("button", name="Zoom out").is_enabled():
        f.get_by_role("button", name="Zoom out").tap()
    assert inside_frame(page, form_id) == 42
    texts_clear_at_every_zoom(page, form_id, "north-america")
    context.close()


def test_a_pinch_zooms_about_the_fingers_and_a_drag_pans(browser, site_url, watch, clean):
    """Real touch events (the DevTools protocol's, as a phone sends them): two fingers spread three
    times apart zoom in about the point between them; one finger dragged left pans the frame."""
    context = phone_context(browser, site_url, watch)
    page = open_page(context, watch, "/calculators/#turn")
    f = open_board(page, "turn")
    f.locator("button[data-preset=africa]").tap()
    wait_final(page, "turn")
    frame = f.locator(".board-frame")
    frame.scroll_into_view_if_needed()
    box = frame.bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    # the board's point (user units) under the middle of the frame
    under = ("([x, y]) => { const s = document.querySelector('form#turn svg.board'); const m = s.getScreenCTM().inverse();"
             " const p = new DOMPoint(x, y).matrixTransform(m); return [p.x, p.y]; }")
    before_w, before_pt = width(f), page.evaluate(under, [cx, cy])
    cdp = context.new_cdp_session(page)
    fingers = lambda d: [{"x": cx - d, "y": cy, "id": 0}, {"x": cx + d, "y": cy, "id": 1}]  # noqa: E731
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": fingers(20)})
    for d in range(24, 61, 4):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": fingers(d)})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    f.locator("svg.board").evaluate("s => new Promise((r) => requestAnimationFrame(() => r()))")
    assert width(f) > 2.5 * before_w
    after_pt = page.evaluate(under, [cx, cy])
    assert abs(after_pt[0] - before_pt[0]) < 12 and abs(after_pt[1] - before_pt[1]) < 12, (before_pt, after_pt)
    assert overlapping_texts(page, "turn") == []
    # one finger dragged 100 px left: the frame scrolls 100 px right
    left = frame.evaluate("e => e.scrollLeft")
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": cx, "y": cy, "id": 0}]})
    for k in range(1, 11):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": cx - 10 * k, "y": cy, "id": 0}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    frame.evaluate("e => new Promise((r) => setTimeout(r, 200))")
    assert frame.evaluate("e => e.scrollLeft") - left == pytest.approx(100, abs=15)
    context.close()


def test_the_holds_view_shows_every_stack_in_play(browser, site_url, watch, clean):
    """The issue's case: Australia to hold against stacks on Siam and on China; the view it opens on
    holds China too, at 390 px and 1280 px."""
    fields = {"calc": "hold", "position": "you: Indonesia 1, New Guinea 1, Western Australia 1, Eastern Australia 1; "
              "opponent: China 8, Siam 3", "hold": "Australia", "marked": "", "reinforcements": "3",
              "opponent_reinforcements": "3", "opponent": "opponent"}
    for viewport in ({"width": 390, "height": 844}, {"width": 1280, "height": 900}):
        context = browser.new_context(base_url=site_url, viewport=viewport)
        context.route("**/*", _guard(watch))
        page = open_page(context, watch, "/calculators/?" + urlencode(fields) + "#hold", wait_engine=False)
        assert wait_final(page, "hold") == "done"
        f = page.locator("form#hold")
        assert f.locator("svg.board").get_attribute("data-zoom") == "goal"
        names = CONTINENT["Australia"] + ["Siam", "China"]
        assert inside_frame(page, "hold", names) == len(names), viewport
        assert overlapping_texts(page, "hold") == [], viewport
        context.close()


@pytest.mark.parametrize("viewport", [{"width": 390, "height": 844}, {"width": 1280, "height": 900}])
def test_badges_on_their_arrows_and_no_text_over_another(browser, site_url, watch, clean, viewport):
    """Every ready-made answer: each badge on its arrow (no line needed to join them) at the view it
    opens on, and no text over another at any view and zoom; on a laptop the board opens on the goal
    (its territories in the frame, not the whole board)."""
    context = browser.new_context(base_url=site_url, viewport=viewport)
    context.route("**/*", _guard(watch))
    page = open_page(context, watch, "/calculators/#turn")
    f = open_board(page, "turn")
    for preset in PRESETS:
        f.locator(f"button[data-preset={preset.name}]").click()
        want = api.handle("turn", turn_request(preset))
        wait_answer(page, "turn", "win", want["win"])
        assert f.locator("svg.board").get_attribute("data-zoom") == "goal", preset.name
        goal = CONTINENT.get(preset.goal) if isinstance(preset.goal, str) else list(preset.goal)
        assert inside_frame(page, "turn", goal) == len(goal), preset.name
        if viewport["width"] > 600:
            assert inside_frame(page, "turn") < 42, preset.name   # the goal, not the whole board
        on = f.locator("svg.board .plan .step-label").evaluate_all("gs => gs.map((g) => [g.textContent, g.dataset.on])")
        assert on and all(o == "true" for _, o in on), (preset.name, on)
        for view in ["goal", "", *CONTINENT]:
            f.locator("select[id=turn-zoom]").select_option(view)
            assert overlapping_texts(page, "turn") == [], (preset.name, view)
        f.locator("select[id=turn-zoom]").select_option("")
        texts_clear_at_every_zoom(page, "turn", preset.name)
    context.close()
