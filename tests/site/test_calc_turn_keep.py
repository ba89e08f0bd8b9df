"""Take it and keep it (issue 42, item 3): the Turn calculator's "Play to: Take it and keep it" asks
the engine for op "keep" with the opponent's reinforcements, and shows both chances, the play, its
most likely course, the fortify at its end and what playing only to take keeps, each the engine's,
digit for digit with CPython's."""
from fractions import Fraction

import pytest
from riskodds.interfaces import api

from sitebuild.turn_presets import OPPONENT, PLAYER
from sitehelpers import wait_final

pytestmark = pytest.mark.browser

AUSTRALIA = ("Indonesia", "New Guinea", "Western Australia", "Eastern Australia")
POSITION_TEXT = f"{PLAYER}: Siam 9; {OPPONENT}: China 4, " + ", ".join(f"{t} 1" for t in AUSTRALIA)


def form(page):
    return page.locator("form#turn")


def exact(locator) -> Fraction:
    return Fraction(int(locator.get_attribute("data-num")), int(locator.get_attribute("data-den")))


def value(p: dict) -> Fraction:
    return Fraction(int(p["num"]), int(p["den"]))


def want_keep(R2: int) -> dict:
    position = {"Siam": {"owner": PLAYER, "armies": 9}, "China": {"owner": OPPONENT, "armies": 4},
                **{t: {"owner": OPPONENT, "armies": 1} for t in AUSTRALIA}}
    got = api.handle("keep", {"position": position, "player": PLAYER, "reinforcements": 0, "goal": {"take": "Australia"},
                              "opponent": OPPONENT, "opponent_reinforcements": R2, "min_move": "dice"})
    assert got["ok"], got
    return got


def ask_keep(page, R2: int) -> dict:
    """Siam 9 against Australia typed into the Turn form with "Take it and keep it" and his `R2`, asked;
    returns CPython's answer once the page shows it."""
    f = form(page)
    f.scroll_into_view_if_needed()
    page.locator("form#turn svg.board").wait_for(state="attached", timeout=60_000)
    wait_final(page, "turn")
    f.locator("[name=position]").evaluate("e => { e.closest('details').open = true; }")
    f.locator("[name=position]").fill(POSITION_TEXT)
    f.locator("[name=goal]").select_option("Australia")
    f.locator("[name=reinforcements]").fill("0")
    f.locator("label[for=turn-aim-keep]").click()
    assert f.locator("[data-role=keep-fields]").is_visible()
    f.locator("[name=opponent_reinforcements]").fill(str(R2))
    f.locator("button[type=submit]").click()
    want = want_keep(R2)
    k = want["keep"]
    f.locator(f'[data-output=keep][data-num="{k["num"]}"][data-den="{k["den"]}"]').wait_for(state="attached",
                                                                                          timeout=120_000)
    assert wait_final(page, "turn") == "done"
    return want


def test_take_it_and_keep_it_equals_cpython(calc_page, clean):
    f = form(calc_page)
    f.scroll_into_view_if_needed()
    calc_page.locator("form#turn svg.board").wait_for(state="attached", timeout=60_000)
    wait_final(calc_page, "turn")
    f.evaluate("f => f.reset()")
    assert f.locator("[data-role=keep-fields]").is_hidden()       # "Take it": no field of his
    want = ask_keep(calc_page, 3)
    assert exact(f.locator("[data-output=keep]").first) == value(want["keep"])
    assert exact(f.locator("[data-output=take]").first) == value(want["take"])
    assert f.locator(".answer").first.inner_text().startswith("Take and keep Australia:")
    assert f.locator("[data-output=words] li").all_inner_texts() == want["words"]
    line = f.locator("[data-output=line] li").all_inner_texts()
    steps = [s for s in want["line"] if s.get("from")]
    assert len(line) == len(steps)
    for text, s in zip(line, steps):
        assert f"{s['to']} from {s['from']} ({s['armies']} against {s['defenders']})" in text
        assert (f"move {s['moved']} in" in text) == s["taken"]
    fort = want["fortify"]
    assert f.locator("[data-output=fortify]").inner_text() == \
        f"Then fortify: move {fort['armies']} from {fort['from']} to {fort['to']}."
    # playing only to take keeps far less: both its chances, the engine's
    greedy = f.locator("[data-output=greedy]")
    assert exact(greedy.locator("[data-output=greedy-keep]")) == value(want["greedy"]["keep"])
    assert exact(greedy.locator("[data-output=greedy-take]")) == value(want["greedy"]["take"])
    # the board draws the course: one arrow per battle, in order
    arrows = f.locator("svg.board .plan .attack").evaluate_all("gs => gs.map((g) => [g.dataset.from, g.dataset.to])")
    assert arrows == [[s["from"], s["to"]] for s in steps]
    # his count changes the answer; "Take it" goes back to the turn alone
    f.locator("[name=opponent_reinforcements]").fill("6")
    f.locator("button[type=submit]").click()
    k6 = want_keep(6)["keep"]
    f.locator(f'[data-output=keep][data-num="{k6["num"]}"][data-den="{k6["den"]}"]').wait_for(state="attached",
                                                                                            timeout=120_000)
    f.locator("label[for=turn-aim-take]").click()
    f.locator("button[type=submit]").click()
    f.locator(".answer [data-output=win]").wait_for(state="attached", timeout=120_000)
    assert wait_final(calc_page, "turn") == "done"
    assert f.locator("[data-role=keep-fields]").is_hidden()
    assert f.locator("[data-output=keep]").count() == 0


def test_play_it_for_keeping_asks_keep_at_every_step(calc_page, clean):
    """"Play it" on a keep answer: every step is op keep from the position now (the move after a
    conquest included), shown with both chances, each equal to CPython's."""
    page = calc_page
    f = form(page)
    want = ask_keep(page, 3)
    base = {"position": {"Siam": {"owner": PLAYER, "armies": 9}, "China": {"owner": OPPONENT, "armies": 4},
                         **{t: {"owner": OPPONENT, "armies": 1} for t in AUSTRALIA}},
            "player": PLAYER, "reinforcements": 0, "goal": {"take": "Australia"}, "opponent": OPPONENT,
            "opponent_reinforcements": 3, "min_move": "dice"}
    panel = page.locator("form#turn [data-role=play]")

    def check(here):
        assert here["ok"], here
        w = here["keep"]
        panel.locator(f'[data-output=play-keep][data-num="{w["num"]}"][data-den="{w["den"]}"]').wait_for(
            state="attached", timeout=120_000)
        page.locator("form#turn [data-role=play][data-status=done]").wait_for(state="attached", timeout=120_000)
        assert exact(panel.locator("[data-output=play-take]")) == value(here["take"])

    f.locator("[data-action=play-start]").click()
    here = api.handle("keep", base)
    assert here["keep"] == want["keep"] and here["next"] == want["next"]
    check(here)
    a = here["next"]["attack"]
    assert panel.locator("[data-output=play-next]").inner_text() == \
        f"Next: Attack {a['to']} from {a['from']} with {a['dice']} dice."
    # the attack takes its target: the page asks for the move, the one that keeps best
    panel.locator("[data-action=play-taken]").click()
    position = {t: dict(h) for t, h in base["position"].items()}
    position[a["to"]] = {"owner": PLAYER, "armies": 0}
    here = api.handle("keep", {**base, "position": position,
                               "moving": {"from": a["from"], "to": a["to"], "dice": a["dice"]}})
    check(here)
    m = here["next"]["move"]
    assert panel.locator("[data-output=play-next]").inner_text() == \
        f"Next: {m['to']} is taken. Move {m['armies']} in now, from {m['from']}."
    assert panel.locator("[data-input=play-move]").input_value() == str(m["armies"])
