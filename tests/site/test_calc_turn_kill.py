"""The kill turn on the page (issue 43, item 4): the Turn calculator's "Play to: Eliminate" asks the
engine for op "turn" with goal eliminate and the cards, shows the chance to eliminate each player
digit for digit with CPython's, plays it step by step through the forced trade (the move into the
last territory, the trade's armies placed, the second kill), and answers the danger view: his chance
to eliminate you."""
from fractions import Fraction

import pytest
from riskodds.interfaces import api

from sitebuild.turn_presets import OPPONENT, PLAYER
from sitehelpers import screenshot, wait_final

pytestmark = pytest.mark.browser

PLAY = "form#turn [data-role=play]"
POSITION = {"Brazil": (PLAYER, 6), "North Africa": (PLAYER, 1), "Peru": (OPPONENT, 1), "Argentina": (OPPONENT, 2),
            "Congo": ("green", 2)}
TEXT = f"{PLAYER}: Brazil 6, North Africa 1; {OPPONENT}: Peru 1, Argentina 2; green: Congo 2"


def form(page):
    return page.locator("form#turn")


def panel(page):
    return page.locator(PLAY)


def exact(locator) -> Fraction:
    return Fraction(int(locator.get_attribute("data-num")), int(locator.get_attribute("data-den")))


def value(p: dict) -> Fraction:
    return Fraction(int(p["num"]), int(p["den"]))


def ask(page, fields: dict):
    """The kill aim typed into the Turn form with `fields`, asked."""
    f = form(page)
    f.scroll_into_view_if_needed()
    page.locator("form#turn svg.board").wait_for(state="attached", timeout=60_000)
    wait_final(page, "turn")
    f.evaluate("f => f.reset()")
    f.locator("[name=position]").evaluate("e => { e.closest('details').open = true; }")
    f.locator("[name=position]").fill(TEXT)
    f.locator("[name=reinforcements]").fill("0")
    f.locator("label[for=turn-aim-kill]").click()
    assert f.locator("[data-role=kill-fields]").is_visible()
    for name, text in fields.items():
        if name == "kill_turn":
            f.locator("[name=kill_turn]").select_option(text)
        else:
            f.locator(f"[name={name}]").fill(text)
    f.locator("button[type=submit]").click()


def position_now(moves: dict) -> dict:
    return {t: {"owner": o, "armies": a} for t, (o, a) in moves.items()}


def test_eliminate_two_players_equals_cpython_and_plays_through_the_trade(calc_page, clean):
    page = calc_page
    cards = {PLAYER: 4, OPPONENT: 2, "green": 0}
    ask(page, {"victims": f"{OPPONENT}, green", "your_cards": "4", "their_cards": f"{OPPONENT} 2, green 0",
               "sets_traded": "5"})
    req = {"position": position_now(POSITION), "player": PLAYER, "reinforcements": 0,
           "goal": {"eliminate": [OPPONENT, "green"]}, "cards": cards, "sets_traded": 5, "min_move": "dice"}
    want = api.handle("turn", req)
    assert want["ok"] and want["kind"] == "kill", want
    f = form(page)
    w = want["win"]
    f.locator(f'[data-output=win][data-num="{w["num"]}"][data-den="{w["den"]}"]').wait_for(state="attached",
                                                                                          timeout=120_000)
    assert wait_final(page, "turn") == "done"
    assert f.locator(".answer").first.inner_text().startswith("Eliminate the opponent and green:")
    kills = {k["victim"]: value(k["win"]) for k in want["kills"]}
    assert exact(f.locator(f"[data-output=kill-{OPPONENT}]").first) == kills[OPPONENT]
    assert f.locator("[data-output=words] li").all_inner_texts() == want["words"][1:]
    assert "15 armies" in " ".join(f.locator("[data-output=line] li").all_inner_texts())
    screenshot(page, "turn-kill-answer")

    # Play it: every attack taken at the first roll, every move as advised, the trade placed as advised
    f.locator("[data-action=play-start]").click()
    p = panel(page)
    trades = []
    for step in range(1, 12):
        page.locator(f"{PLAY}[data-status=done]").wait_for(state="attached", timeout=120_000)
        nxt = p.locator("[data-output=play-next]")
        action = nxt.get_attribute("data-action")
        if action == "won":
            break
        win = p.locator("[data-output=play-win]").first
        assert exact(win) > 0
        if action == "attack":
            p.locator("[data-action=play-taken]").click()
        elif action == "move":
            if p.locator("[data-output=play-trade]").count():
                trades.append(p.locator("[data-output=play-trade]").inner_text())
            p.locator("[data-action=play-moved]").click()
        elif action == "place":
            assert nxt.inner_text().startswith("Next: Place 15 on North Africa.")
            screenshot(page, "turn-kill-trade")
            p.locator("[data-action=play-placed]").click()
        else:
            raise AssertionError(f"step {step}: {action}: {nxt.inner_text()}")
        page.locator(f"{PLAY}[data-status=running], {PLAY}[data-status=done]").first.wait_for(state="attached")
    assert len(trades) == 2, trades     # red's kill brings the trade; green's, with no cards, none
    assert "you take his 2 cards and must trade 1 set now, for 15 armies" in trades[0]
    assert "green" in trades[1] and "held no cards" in trades[1]
    assert p.locator("[data-output=play-next]").inner_text() == "The opponent and green are eliminated. Well played."


def test_his_chance_to_eliminate_you_equals_cpython(calc_page, clean):
    page = calc_page
    ask(page, {"kill_turn": "his", "your_cards": "3", "their_cards": "4", "sets_traded": "2",
               "opponent_reinforcements": "5"})
    f = form(page)
    assert f.locator("[name=victims]").is_hidden()
    req = {"position": position_now(POSITION), "player": OPPONENT, "reinforcements": 5,
           "goal": {"eliminate": [PLAYER]}, "cards": {PLAYER: 3, OPPONENT: 4}, "sets_traded": 2, "min_move": "dice"}
    want = api.handle("turn", req)
    assert want["ok"], want
    w = want["win"]
    f.locator(f'[data-output=win][data-num="{w["num"]}"][data-den="{w["den"]}"]').wait_for(state="attached",
                                                                                          timeout=120_000)
    assert f.locator(".answer").first.inner_text().startswith("He eliminates you next turn:")
    assert f.locator("[data-action=play-start]").count() == 0      # his turn: nothing for you to play


PHONE = {"width": 390, "height": 844}


def test_a_kill_entered_by_tapping_on_a_phone(browser, site_url, watch, clean):
    """From an empty board on a 390 px phone, as a player: Brazil 6 and North Africa 1 yours, Peru 1
    and Argentina 2 his, Eliminate, your 4 cards, his 2, 5 sets traded; the answer equals CPython's and
    its words name the trade's 15 armies. At most 30 taps and keys."""
    from conftest import _guard
    from sitehelpers import open_page
    from test_calc_turn_taps import Player
    context = browser.new_context(base_url=site_url, viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                  has_touch=True)
    context.route("**/*", _guard(watch))
    try:
        page = open_page(context, watch, "/calculators/#turn")
        page.locator("form#turn").scroll_into_view_if_needed()
        page.locator("form#turn svg.board").wait_for(state="attached", timeout=60_000)
        p = Player(page)
        p.button("Clear the board")
        p.hold("Brazil", "You", "6")
        p.hold("North Africa", "You", "1")
        p.hold("Peru", "Opponent", "1")
        p.hold("Argentina", "Opponent", "2")
        p.tap(p.form.locator("label[for=turn-aim-kill]"))
        for name, text in (("your_cards", "4"), ("their_cards", "2"), ("sets_traded", "5")):
            p.tap(p.form.locator(f"[name={name}]"))
            p.type(text)
        p.tap(p.form.locator("button[type=submit]"))
        req = {"position": {"Brazil": {"owner": PLAYER, "armies": 6}, "North Africa": {"owner": PLAYER, "armies": 1},
                            "Peru": {"owner": OPPONENT, "armies": 1}, "Argentina": {"owner": OPPONENT, "armies": 2}},
               "player": PLAYER, "reinforcements": 0, "goal": {"eliminate": [OPPONENT]},
               "cards": {PLAYER: 4, OPPONENT: 2}, "sets_traded": 5, "min_move": "dice"}
        want = api.handle("turn", req)
        assert want["ok"], want
        w = want["win"]
        page.locator(f'form#turn [data-output=win][data-num="{w["num"]}"][data-den="{w["den"]}"]').wait_for(
            state="attached", timeout=120_000)
        assert wait_final(page, "turn") == "done"
        assert "the next set is worth 15" in p.form.locator("[data-output=cards]").inner_text()
        assert "15 armies" in " ".join(p.form.locator("[data-output=line] li").all_inner_texts())
        print(f"\nkill by tapping: {p.count} taps and keys ({p.taps} taps, {p.keys} keys)")
        assert p.count <= 30, p.count
        page.locator("form#turn").scroll_into_view_if_needed()
        screenshot(page, "turn-kill-phone")
    finally:
        context.close()
