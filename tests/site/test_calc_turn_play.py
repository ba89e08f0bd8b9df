"""The Turn calculator's "Play it" in Chromium, against CPython's engine: the South America position
played a few steps by entering what happened (a roll with losses on both sides, a conquest, the
move), each chance from here and each next action equal to api.handle("turn", the same mid-turn
request) computed here from a position kept apart from the page's (the placement applied first,
then each outcome); the play in the address, so a reload resumes it; Back goes a step back; a
change of the position ends the play; an outcome that cannot follow gets its message."""
from urllib.parse import parse_qs, urlsplit

from riskodds.interfaces import api

from sitebuild.turn_presets import BY_NAME, PLAYER, request
from sitehelpers import screenshot, wait_final

PLAY = "form#turn [data-role=play]"


def form(page):
    return page.locator("form#turn")


def panel(page):
    return page.locator(PLAY)


def open_turn(page):
    form(page).scroll_into_view_if_needed()
    page.locator("form#turn svg.board").wait_for(state="attached", timeout=60_000)
    return wait_final(page, "turn")


def start_request() -> dict:
    return request(BY_NAME["south-america"]) | {"min_move": "dice"}


def mid(req: dict, position: dict, moving=None) -> dict:
    """The mid-turn request for `position` (armies on each territory), with the move pending."""
    out = {**req, "position": {t: dict(h) for t, h in position.items()}, "reinforcements": 0}
    if moving:
        out["moving"] = dict(moving)
    return out


def next_words(nxt: dict) -> str:
    if "attack" in nxt:
        a = nxt["attack"]
        return f"Next: Attack {a['to']} from {a['from']} with {a['dice']} {'die' if a['dice'] == 1 else 'dice'}."
    if "move" in nxt:
        m = nxt["move"]
        return f"Next: Move {m['armies']} into {m['to']} (from {m['from']})."
    return "Next: Stop: no attack helps now."


def check_step(page, want: dict, step: int) -> int:
    """The panel shows the engine's answer `want` for step `step`: the exact chance from here and the
    next action; returns the engine's time for it in the browser (ms)."""
    assert want["ok"], want
    p = panel(page)
    w = want["win"]
    p.locator(f'[data-output=play-win][data-num="{w["num"]}"][data-den="{w["den"]}"]').wait_for(state="attached", timeout=120_000)
    page.locator(f"{PLAY}[data-status=done]").wait_for(state="attached", timeout=120_000)
    assert p.locator("h3").inner_text() == f"Playing it: step {step}"
    assert p.locator("[data-output=play-next]").inner_text() == next_words(want["next"])
    action = next(iter(want["next"]))
    assert p.locator("[data-output=play-next]").get_attribute("data-action") == action
    assert p.locator("[data-output=play-words] li").all_text_contents() == want["words"][1:]
    return int(p.get_attribute("data-ms"))


def enter_roll(page, left: int, defenders: int):
    p = panel(page)
    p.locator("[data-input=play-left]").fill(str(left))
    p.locator("[data-input=play-defenders]").fill(str(defenders))
    p.locator("[data-action=play-record]").click()


def test_play_the_south_america_position_step_by_step(calc_page, clean):
    page = calc_page
    open_turn(page)
    form(page).locator("button[data-preset=south-america]").click()
    req = start_request()
    want = api.handle("turn", req)
    assert want["searched"]["family"] == "real"
    w = want["win"]
    form(page).locator(f'[data-output=win][data-num="{w["num"]}"][data-den="{w["den"]}"]').wait_for(state="attached", timeout=120_000)
    assert wait_final(page, "turn") == "done"
    assert panel(page).is_hidden()

    # the position kept here: the placement applied first
    position = {t: dict(h) for t, h in req["position"].items()}
    for p in want["placement"]:
        position[p["territory"]]["armies"] += p["armies"]
    times = []
    form(page).locator("[data-action=play-start]").click()
    here = api.handle("turn", mid(req, position))
    assert here["win"] == want["win"] and here["next"] == want["next"]   # placed as advised: the same chance
    times.append(check_step(page, here, 1))
    screenshot(page, "turn-play-step-1")

    # 1. a roll that costs both sides: the attacker loses one, the defender one
    a = here["next"]["attack"]
    left, defenders = position[a["from"]]["armies"] - 1, position[a["to"]]["armies"] - 1
    assert defenders >= 1
    enter_roll(page, left, defenders)
    position[a["from"]]["armies"], position[a["to"]]["armies"] = left, defenders
    here = api.handle("turn", mid(req, position))
    times.append(check_step(page, here, 2))
    before_taking = here

    # 2. the next attack takes its target: the page asks for the move
    a = here["next"]["attack"]
    panel(page).locator("[data-action=play-taken]").click()
    position[a["to"]] = {"owner": PLAYER, "armies": 0}
    moving = {"from": a["from"], "to": a["to"], "dice": a["dice"]}
    here = api.handle("turn", mid(req, position, moving))
    assert "move" in here["next"]
    times.append(check_step(page, here, 3))
    assert panel(page).locator("[data-input=play-move]").input_value() == str(here["next"]["move"]["armies"])

    # the play is in the address: a reload resumes it at the move
    q = parse_qs(urlsplit(page.url).query)
    assert q["calc"] == ["turn"] and q["play"][0].startswith("k") and q["play"][0].count("|") == 3, q
    page.reload()
    assert open_turn(page) == "done"
    times.append(check_step(page, here, 3))

    # 3. the move as advised
    m = here["next"]["move"]["armies"]
    panel(page).locator("[data-action=play-moved]").click()
    position[a["from"]]["armies"] -= m
    position[a["to"]]["armies"] += m
    after_move = api.handle("turn", mid(req, position))
    times.append(check_step(page, after_move, 4))
    screenshot(page, "turn-play-step-4")

    # Back: the move again, then the attack before the conquest
    panel(page).locator("[data-action=play-back]").click()
    times.append(check_step(page, here, 3))
    panel(page).locator("[data-action=play-back]").click()
    times.append(check_step(page, before_taking, 2))

    # an outcome that cannot follow: its message, the play where it was
    enter_roll(page, 99, 0)
    assert "must be a whole number from 1 to" in panel(page).locator("[data-output=play-error]").inner_text()
    assert panel(page).locator("h3").inner_text() == "Playing it: step 2"

    # a change of the position ends the play
    form(page).locator("button[data-preset=australia]").click()
    aus = api.handle("turn", request(BY_NAME["australia"]) | {"min_move": "dice"})
    w = aus["win"]
    form(page).locator(f'[data-output=win][data-num="{w["num"]}"][data-den="{w["den"]}"]').wait_for(state="attached", timeout=120_000)
    assert panel(page).is_hidden()
    assert "play" not in parse_qs(urlsplit(page.url).query)
    print(f"\nmid-turn requests in the browser (engine ms): {times}")


def test_the_answer_leads_with_the_best_play_and_the_fixed_plan_beside_it(calc_page, clean):
    page = calc_page
    open_turn(page)
    form(page).locator("button[data-preset=south-america]").click()    # the first visit is an empty board
    want = api.handle("turn", request(BY_NAME["south-america"]) | {"min_move": "dice"})
    f = form(page)
    w = want["win"]
    f.locator(f'[data-output=win][data-num="{w["num"]}"][data-den="{w["den"]}"]').wait_for(state="attached", timeout=120_000)
    fixed = f.locator("[data-output=fixed]")
    assert (fixed.get_attribute("data-num"), fixed.get_attribute("data-den")) == (want["fixed"]["win"]["num"], want["fixed"]["win"]["den"])
    assert f.locator(".answer").first.inner_text().startswith("Take South America: ")
    assert "a plan fixed in advance:" in f.locator(".answer").first.inner_text()
    assert f.locator("[data-output=fixed-words] li").all_text_contents() == want["fixed"]["words"]
    # the board draws the most likely course: one numbered arrow per attack, the armies moved in
    labels = f.locator("svg.board .plan .step-label text").all_text_contents()
    steps = [s for s in want["line"] if "from" in s]
    assert labels == [f"{i + 1} · {s['moved'] if s['taken'] else '–'}" for i, s in enumerate(steps)]
