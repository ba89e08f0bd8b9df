"""The Turn calculator as a player at the table uses it (issue 35), in Chromium on a 390 px phone: three
real turns entered by tapping after "Clear the board", counting every tap and key (and, apart, every
pan of the board a tap needed), each answer equal to CPython's `riskodds.turn` for the same position;
no two texts on the board or the answer's map overlap at 390 px and 1280 px; the goal is what the
player marked; an incomplete position is a plain hint, not an error; the position text reads the
board's own labels; Undo and Back take back the last edits.

Counts: a tap on a control is one, a key typed is one (so "10" is two); choosing in a select counts
two (open, pick). Pans: a territory tapped that was outside the board's frame (the player swipes the
board first); Playwright's tap brings it into view, the count says how often it had to."""
from pathlib import Path

import re

import pytest
from playwright.sync_api import expect
from riskodds.interfaces import api

from conftest import _guard
from sitehelpers import inside_frame, open_page, overlapping_texts, wait_final

BOARD = api.handle("describe", {})["board"]
CONTINENTS = {c["name"]: c["territories"] for c in BOARD["continents"]}
NEIGHBOURS: dict[str, set] = {}
for a, b, _ in BOARD["links"]:
    NEIGHBOURS.setdefault(a, set()).add(b)
    NEIGHBOURS.setdefault(b, set()).add(a)
MIN_MOVE = api.handle("describe", {})["move_field"]["defaults"]["turn"]
SHOTS = Path("/tmp/ui-shots")
PHONE = {"width": 390, "height": 844}


class Player:
    """Taps and keys on the Turn form, counted."""

    def __init__(self, page):
        self.page = page
        self.form = page.locator("form#turn")
        self.taps = self.keys = self.pans = 0

    def tap(self, locator):
        locator.wait_for(state="visible", timeout=30_000)
        if locator.get_attribute("data-territory") is not None and not self.in_frame(locator):
            self.pans += 1
        locator.tap()
        self.taps += 1

    def territory(self, name):
        self.tap(self.form.locator(f'svg.board [data-territory="{name}"]'))

    def button(self, name, exact=True):
        self.tap(self.form.get_by_role("button", name=name, exact=exact))

    def type(self, text):
        self.page.keyboard.type(text)
        self.keys += len(text)

    def hold(self, territory, owner, armies):
        """Tap a territory, then its owner's button, then type its armies."""
        self.territory(territory)
        self.button(owner)
        self.type(armies)

    def in_frame(self, locator) -> bool:
        return locator.evaluate("""g => { const r = g.getBoundingClientRect(), f = g.closest('.board-frame').getBoundingClientRect();
            return r.left >= f.left - 1 && r.right <= f.right + 1 && r.top >= f.top - 1 && r.bottom <= f.bottom + 1; }""")

    @property
    def count(self):
        return self.taps + self.keys


def request(yours: dict, theirs: dict, reinforcements: int, take) -> dict:
    position = {t: {"owner": "you", "armies": a} for t, a in yours.items()}
    position |= {t: {"owner": "opponent", "armies": a} for t, a in theirs.items()}
    return {"position": position, "player": "you", "reinforcements": reinforcements, "goal": {"take": take}, "min_move": MIN_MOVE}


def wait_answer(page, want: dict):
    page.locator(f'form#turn [data-output=win][data-num="{want["win"]["num"]}"][data-den="{want["win"]["den"]}"]').wait_for(
        state="attached", timeout=120_000)
    assert wait_final(page, "turn") == "done"


def outside_frame(page, names) -> list:
    """The territories among `names` whose boxes are not wholly inside the board's frame as it is."""
    return page.locator("form#turn svg.board").evaluate("""(svg, names) => { const f = svg.closest('.board-frame').getBoundingClientRect();
        return names.filter((n) => { const r = svg.querySelector(`[data-territory="${n}"] .t-box`).getBoundingClientRect();
          return !(r.left >= f.left - 1 && r.right <= f.right + 1 && r.top >= f.top - 1 && r.bottom <= f.bottom + 1); }); }""", sorted(names))


def with_borders(goal) -> set:
    """The goal and every territory bordering it (Alaska-Kamchatka, drawn across the board's edge, left out)."""
    return set(goal) | {n for t in goal for n in NEIGHBOURS[t] if {t, n} != {"Alaska", "Kamchatka"}}


def shoot(page, name):
    SHOTS.mkdir(exist_ok=True)
    page.locator("form#turn [data-role=board]").screenshot(path=str(SHOTS / f"{name}-board.png"))
    page.locator("form#turn [data-role=lead]").screenshot(path=str(SHOTS / f"{name}-answer.png"))


@pytest.fixture(scope="module")
def phone(browser, site_url, watch):
    context = browser.new_context(base_url=site_url, viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    context.route("**/*", _guard(watch))
    page = open_page(context, watch, "/calculators/#turn")
    page.locator("form#turn").scroll_into_view_if_needed()
    page.locator("form#turn svg.board").wait_for(state="attached", timeout=60_000)
    yield page
    context.close()


def start(page) -> Player:
    p = Player(page)
    page.locator("form#turn").scroll_into_view_if_needed()
    p.button("Clear the board")
    return p


def finish(page, p: Player, name: str, req: dict, limit: int):
    want = api.handle("turn", req)
    assert want["ok"], want
    wait_answer(page, want)
    print(f"\n{name}: {p.count} taps and keys ({p.taps} taps, {p.keys} keys, 'Clear the board' included), "
          f"{p.pans} pans of the board; at most {limit}")
    from test_calc_turn import check_answer   # every part of the answer, digit for digit
    check_answer(page, want)
    assert p.count <= limit, (name, p.count)
    goal = CONTINENTS[req["goal"]["take"]] if isinstance(req["goal"]["take"], str) else req["goal"]["take"]
    assert outside_frame(page, with_borders(goal)) == [], "the view shows the goal and every territory bordering it"
    assert overlapping_texts(page) == []
    page.locator("form#turn").scroll_into_view_if_needed()
    shoot(page, name)
    return want


def test_africa_by_tapping(phone, clean):
    """Southern Europe 6 and Middle East 4 yours, 2 on each African territory, 8 to place: at most 30."""
    page = phone
    p = start(page)
    f = p.form
    assert f.get_attribute("data-status") != "error"
    p.hold("Egypt", "Opponent", "2")
    p.button("Take Africa: all of it the opponent's, 2 armies on each")
    assert f.locator("[name=goal]").input_value() == "Africa"
    assert f.locator(".goal-now").inner_text() == "Goal: take Africa (bonus 3)."
    # the hint, quiet: none of yours yet
    assert f.locator("[data-role=setup-hint]").inner_text().startswith("Mark a territory of yours")
    wait_final_or_waiting(page)
    assert f.locator("[data-error-for]:not(:empty)").count() == 0
    p.hold("Southern Europe", "You", "6")
    p.hold("Middle East", "You", "4")
    p.tap(f.locator("[name=reinforcements]"))
    p.type("8")
    africa = {t: 2 for t in CONTINENTS["Africa"]}
    finish(page, p, "africa", request({"Southern Europe": 6, "Middle East": 4}, africa, 8, "Africa"), 30)


def test_australia_from_siam_by_tapping(phone, clean):
    """Siam 3 yours, 1 on each Australian territory, 5 to place: at most 18."""
    page = phone
    p = start(page)
    p.hold("Siam", "You", "3")
    p.hold("Indonesia", "Opponent", "1")
    p.button("Take Australia: all of it the opponent's, 1 army on each")
    p.tap(p.form.locator("[name=reinforcements]"))
    p.type("5")
    finish(page, p, "australia", request({"Siam": 3}, {t: 1 for t in CONTINENTS["Australia"]}, 5, "Australia"), 18)


def test_iceland_and_britain_from_greenland_by_tapping(phone, clean):
    """Greenland 7 yours, Iceland 2 and Great Britain 3 the opponent's, marked as targets: at most 14.
    The goal is the two marked, said where the player looks."""
    page = phone
    p = start(page)
    f = p.form
    p.hold("Greenland", "You", "7")
    p.hold("Iceland", "Opponent", "2")
    p.tap(f.get_by_role("checkbox", name="Target"))
    assert f.locator(".goal-now").inner_text() == "Goal: take Iceland, the territory marked as target."
    p.hold("Great Britain", "Opponent", "3")
    p.tap(f.get_by_role("checkbox", name="Target"))
    assert f.locator(".goal-now").inner_text() == "Goal: take Iceland and Great Britain, the territories marked as targets."
    assert f.locator("[name=goal]").input_value() == "targets"
    want = finish(page, p, "iceland-britain", request({"Greenland": 7}, {"Iceland": 2, "Great Britain": 3}, 0,
                                                      ["Iceland", "Great Britain"]), 14)
    assert f.locator(".answer").first.inner_text().startswith("Take Iceland and Great Britain:")
    assert want["goal"] == ["Iceland", "Great Britain"]


def wait_final_or_waiting(page):
    page.locator("form#turn:is([data-status=waiting], [data-status=done], [data-status=error])").wait_for(
        state="attached", timeout=60_000)


def test_a_first_visit_opens_on_an_empty_board_quiet_with_a_hint(phone, clean):
    page = phone
    page.goto("/calculators/#turn")
    f = page.locator("form#turn")
    f.scroll_into_view_if_needed()
    page.locator("form#turn svg.board").wait_for(state="attached", timeout=60_000)
    wait_final_or_waiting(page)
    assert f.get_attribute("data-status") == "waiting"
    assert f.locator("[name=position]").input_value() == ""
    assert f.locator("svg.board .spot[data-owner=none]").count() == 42
    assert f.locator("[data-role=setup-hint]").inner_text().startswith("Start with a territory of yours")
    assert f.locator("[data-error-for]:not(:empty)").count() == 0 and f.locator("[aria-invalid]").count() == 0
    assert f.locator("button[data-preset]").count() == 4   # the ready-made positions, one tap away
    # the whole board fits a phone (every territory inside the frame, texts of 12 px), and zooms
    assert f.locator("select[id=turn-zoom]").input_value() == ""
    assert f.locator("svg.board").evaluate("s => s.getBoundingClientRect().width <= s.closest('.board-frame').clientWidth + 1")
    assert inside_frame(page, "turn") == 42
    assert overlapping_texts(page) == []
    SHOTS.mkdir(exist_ok=True)
    f.locator("[data-role=board]").screenshot(path=str(SHOTS / "empty-board.png"))
    before = f.locator("svg.board").evaluate("s => s.getBoundingClientRect().width")
    f.get_by_role("button", name="Zoom in").tap()
    assert f.locator("svg.board").evaluate("s => s.getBoundingClientRect().width") == pytest.approx(before * 1.5, rel=0.01)
    assert overlapping_texts(page) == []
    f.get_by_role("button", name="Zoom out").tap()
    # a continent as the goal of an empty board: still a hint, not an error
    f.locator("[name=goal]").select_option("Europe")
    expect(f.locator("[data-role=setup-hint]")).to_have_text(re.compile("^Start with a territory of yours"), timeout=10_000)
    wait_final_or_waiting(page)
    assert f.get_attribute("data-status") == "waiting"
    assert f.locator("[data-error-for]:not(:empty)").count() == 0


def test_the_position_text_reads_the_boards_labels_reports_every_unknown_name_and_undo(phone, clean):
    page = phone
    f = page.locator("form#turn")
    f.scroll_into_view_if_needed()
    f.locator("[name=position]").evaluate("e => { e.closest('details').open = true; }")
    f.locator("[name=position]").fill("you: S. Europe 6, Mid. East 4; opponent: N. Africa 2, Egypt 2, E. Africa 2, Congo 2, S. Africa 2, Madagasc. 2")
    f.locator("[name=goal]").select_option("Africa")
    f.locator("[name=reinforcements]").fill("8")
    want = api.handle("turn", request({"Southern Europe": 6, "Middle East": 4}, {t: 2 for t in CONTINENTS["Africa"]}, 8, "Africa"))
    wait_answer(page, want)
    f.locator("[name=position]").fill("you: S. Europe 6, Mid Est 4; opponent: N. Africa 2, Egpyt 2")
    f.locator("[data-error-for=position]").filter(has_text="Egpyt").wait_for(timeout=10_000)
    assert f.locator("[data-error-for=position]").inner_text() == \
        "Position: the board has no territory called “Mid Est” (Middle East?) or “Egpyt” (Egypt?)."
    # Undo: back to the position that answered; then Back takes back a tap on the board
    f.get_by_role("button", name="Undo").tap()
    wait_answer(page, want)
    f.locator('svg.board [data-territory="Egypt"]').tap()
    f.locator(".t-editor button.step[data-by='1']").tap()
    assert "Egypt 3" in f.locator("[name=position]").input_value()
    page.go_back()
    expect(f.locator("[name=position]")).to_have_value(re.compile("Egypt 2"), timeout=10_000)
    wait_answer(page, want)
    assert "Egypt 2" in f.locator("[name=position]").input_value()


@pytest.mark.parametrize("width", [390, 1280])
def test_no_two_texts_overlap_on_the_ready_made_answers(browser, site_url, watch, clean, width):
    context = browser.new_context(base_url=site_url, viewport={"width": width, "height": 900})
    context.route("**/*", _guard(watch))
    page = open_page(context, watch, "/calculators/#turn")
    f = page.locator("form#turn")
    f.scroll_into_view_if_needed()
    page.locator("form#turn svg.board").wait_for(state="attached", timeout=60_000)
    from sitebuild.turn_presets import PRESETS, request as preset_request
    for preset in PRESETS:
        f.locator(f"button[data-preset={preset.name}]").click()
        wait_answer(page, api.handle("turn", preset_request(preset)))
        for view in ["goal", ""] if width < 600 else [""]:
            f.locator("select[id=turn-zoom]").select_option(view)
            assert overlapping_texts(page) == [], (preset.name, view)
            if view == "":   # every part of a board wider than the frame: scrolled into the frame in turn
                frame = f.locator(".board-frame")
                for x in range(0, 2000, 300):
                    frame.evaluate("(e, x) => { e.scrollLeft = x; }", x)
                    assert overlapping_texts(page) == [], (preset.name, x)
    context.close()


def test_target_on_makes_the_goal_the_territories_marked_and_nothing_else(phone, clean):
    """The issue's case: on the South America example, Greenland 7 yours, Iceland 2 marked as a
    target: the goal is Iceland alone, not the example's four with it."""
    page = phone
    f = page.locator("form#turn")
    f.scroll_into_view_if_needed()
    f.locator("button[data-preset=south-america]").tap()
    wait_final(page, "turn")
    assert f.locator(".goal-now").inner_text() == "Goal: take South America (bonus 2)."
    p = Player(page)
    f.locator("select[id=turn-zoom]").select_option("")   # the phone shows the goal: the whole board for Greenland
    p.hold("Greenland", "You", "7")
    p.hold("Iceland", "Opponent", "2")
    p.tap(f.get_by_role("checkbox", name="Target"))
    assert f.locator("[name=goal]").input_value() == "targets"
    assert f.locator("[name=targets]").input_value() == "Iceland"
    assert f.locator(".goal-now").inner_text() == "Goal: take Iceland, the territory marked as target."
    assert f.locator("svg.board .spot[data-target]").evaluate_all("gs => gs.map(g => g.dataset.territory)") == ["Iceland"]
    req = request({"North Africa": 4, "Central America": 3, "Greenland": 7},
                  {"Venezuela": 2, "Brazil": 2, "Peru": 1, "Argentina": 1, "Iceland": 2}, 6, ["Iceland"])
    want = api.handle("turn", req)
    wait_answer(page, want)
    assert f.locator(".answer").first.inner_text().startswith("Take Iceland:")


def test_take_and_keep_australia_by_tapping(phone, clean):
    """Issue 42 from an empty board at 390 px: Siam 9 yours, China 4 his, Australia his with 1 on each,
    "Take it and keep it" with his 3: the answer is CPython's op keep, in at most 20 taps and keys."""
    page = phone
    p = start(page)
    f = p.form
    p.hold("Siam", "You", "9")
    p.hold("China", "Opponent", "4")
    p.hold("Indonesia", "Opponent", "1")
    p.button("Take Australia: all of it the opponent's, 1 army on each")
    p.tap(f.locator("label[for=turn-aim-keep]"))
    p.tap(f.locator("[name=opponent_reinforcements]"))
    p.type("3")
    position = request({"Siam": 9}, {"China": 4, **{t: 1 for t in CONTINENTS["Australia"]}}, 0, "Australia")
    want = api.handle("keep", {**position, "opponent": "opponent", "opponent_reinforcements": 3,
                               "min_move": MIN_MOVE})
    assert want["ok"], want
    k = want["keep"]
    f.locator(f'[data-output=keep][data-num="{k["num"]}"][data-den="{k["den"]}"]').wait_for(state="attached",
                                                                                          timeout=120_000)
    assert wait_final(page, "turn") == "done"
    assert f.locator(".answer").first.inner_text().startswith("Take and keep Australia:")
    assert f.locator("[data-output=words] li").all_inner_texts() == want["words"]
    print(f"\nkeep australia: {p.count} taps and keys")
    assert p.count <= 20, p.count
    assert overlapping_texts(page) == []
    shoot(page, "keep-australia")
