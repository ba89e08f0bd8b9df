"""The Turn calculator's "Play it" in Chromium, against CPython's engine: the South America position
played a few steps by entering what happened (a roll with losses on both sides, a conquest, the
move), each chance from here and each next action equal to api.handle("turn", the same mid-turn
request) computed here from a position kept apart from the page's (the placement applied first,
then each outcome); the play in the address, so a reload resumes it; Back goes a step back; a
change of the position ends the play; an outcome that cannot follow gets its message."""
from urllib.parse import parse_qs, urlsplit

from riskodds.interfaces import api

from sitebuild.turn_presets import BY_NAME, PLAYER, request
from playwright.sync_api import expect
from sitehelpers import open_page, position_of, screenshot, wait_final

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
        return f"Next: {m['to']} is taken. Move {m['armies']} in now, from {m['from']}."
    return "Next: Stop here. No attack helps now."


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


def test_play_it_is_offered_where_a_plan_fixed_in_advance_answered(calc_page, clean):
    """Issue 44, item 2: an opening answered by a plan fixed in advance (the narrower search a refusal
    offers, the form's hidden `search` field) still offers Play it. It places as that plan does and
    each step asks for the best real play again (no `search`: the engine's "auto"), saying so: "From
    here: every way to play, roll by roll". A roll entered gets the engine's answer from there."""
    page = calc_page
    open_turn(page)
    f = form(page)
    f.locator("button[data-preset=south-america]").click()
    wait_final(page, "turn")
    req = start_request()
    want = api.handle("turn", req | {"search": "fixed"})
    assert want["searched"]["family"] != "real" and "attack" in want["next"]
    f.evaluate("f => { f.elements.namedItem('search').value = 'fixed'; }")
    f.locator("button[type=submit]").click()
    w = want["win"]
    f.locator(f'[data-output=win][data-num="{w["num"]}"][data-den="{w["den"]}"]').wait_for(state="attached", timeout=120_000)
    assert wait_final(page, "turn") == "done"
    assert f.locator("[data-output=searched]").inner_text() == want["searched"]["words"]
    f.locator("[data-action=play-start]").click()       # offered: the fixed plan has a first attack

    position = {t: dict(h) for t, h in req["position"].items()}
    for p in want["placement"]:                          # placed as the fixed plan places
        position[p["territory"]]["armies"] += p["armies"]
    here = api.handle("turn", mid(req, position))        # no search: the best real play from here
    assert here["searched"]["family"] == "real"
    check_step(page, here, 1)
    advice = panel(page).locator("[data-output=play-advice]")
    assert advice.inner_text() == "From here: every way to play, roll by roll." and advice.get_attribute("data-family") == "real"
    a = here["next"]["attack"]
    left, defenders = position[a["from"]]["armies"] - 1, position[a["to"]]["armies"] - 1
    assert defenders >= 1
    enter_roll(page, left, defenders)
    position[a["from"]]["armies"], position[a["to"]]["armies"] = left, defenders
    here = api.handle("turn", mid(req, position))
    check_step(page, here, 2)
    assert panel(page).locator("[data-output=play-advice]").get_attribute("data-family") == "real"
    panel(page).locator("[data-action=play-end]").click()


# ---- issue 44: the play on the board, one screen on a phone, and "Will I keep it?" ----

def board_state(page) -> dict:
    """Every territory in play on the Turn's board: {name: (owner, armies, taken this turn)}."""
    got = page.locator("form#turn svg.board [data-territory]").evaluate_all("""gs => gs.map((g) => [g.dataset.territory,
        g.dataset.owner, (g.querySelector('.t-armies').firstChild?.textContent ?? '').trim(), g.hasAttribute('data-taken')])""")
    return {name: (owner, int(armies), taken) for name, owner, armies, taken in got if owner != "none"}


def arrows(page, kind: str) -> list:
    return page.locator(f"form#turn svg.board .plan .attack.{kind}").evaluate_all("gs => gs.map((g) => [g.dataset.from, g.dataset.to])")


def in_screen(page, locator) -> bool:
    """The element lies wholly inside the window as it is scrolled now."""
    return locator.evaluate("e => { const r = e.getBoundingClientRect(); return r.top >= -1 && r.bottom <= innerHeight + 1 && r.height > 0; }")


def check_board_follows(page, position: dict, start: dict, nxt: dict | None, step: int):
    """The board shows `position` (owners, armies, the territories taken in the player's colour and
    marked), the next action's arrow, and shares the screen with the panel's instruction."""
    want = {t: ("you" if h["owner"] == PLAYER else "them", h["armies"], h["owner"] == PLAYER and start[t]["owner"] != PLAYER)
            for t, h in position.items()}
    assert board_state(page) == want, step
    if nxt and "attack" in nxt:
        assert arrows(page, "next") == [[nxt["attack"]["from"], nxt["attack"]["to"]]], step
        dice = nxt["attack"]["dice"]
        assert page.locator("form#turn svg.board .plan .step-label.next text").text_content() == f"{dice} {'die' if dice == 1 else 'dice'}"
    elif nxt and "move" in nxt:
        assert arrows(page, "next") == [[nxt["move"]["from"], nxt["move"]["to"]]], step
        assert page.locator("form#turn svg.board .plan .step-label.next text").text_content() == f"move {nxt['move']['armies']}"
    else:
        assert arrows(page, "next") == [], step
    # one phone screen: the board's frame and the instruction under it
    assert page.locator("form#turn svg.board").get_attribute("data-playing") is not None
    assert in_screen(page, page.locator("form#turn .board-frame")), step
    assert in_screen(page, panel(page).locator("[data-output=play-next]")), step


def test_the_board_follows_a_play_entered_roll_by_roll_on_a_phone(browser, site_url, watch, clean):
    """South America at 390 px, played by entering rolls: after every roll, conquest and move the
    board shows the position now (armies, owners, the conquered territory in the player's colour),
    the next action's arrow, and the instruction on the same screen; when North Africa is down to 1
    the change is said and drawn (the attack given up, dashed); the goal taken, "Will I keep it?"
    opens Hold on the position now, with no new armies for the holder and none offered."""
    from conftest import phone_context
    context = phone_context(browser, site_url, watch)
    page = open_page(context, watch, "/calculators/#turn")
    open_turn(page)
    form(page).locator("button[data-preset=south-america]").tap()
    req = start_request()
    want = api.handle("turn", req)
    w = want["win"]
    form(page).locator(f'[data-output=win][data-num="{w["num"]}"][data-den="{w["den"]}"]').wait_for(state="attached", timeout=120_000)
    start = {t: dict(h) for t, h in req["position"].items()}
    position = {t: dict(h) for t, h in start.items()}
    for p in want["placement"]:
        position[p["territory"]]["armies"] += p["armies"]
    form(page).locator("[data-action=play-start]").tap()
    moving = None
    here = api.handle("turn", mid(req, position))
    check_step(page, here, 1)
    check_board_follows(page, position, start, here["next"], 1)
    screenshot(page, "play-on-the-board-1")
    step, changed = 1, False
    while True:
        nxt = here["next"]
        if "attack" in nxt:
            a = nxt["attack"]
            if a["from"] == "North Africa" and not changed:   # a roll that leaves North Africa with 1: the play turns elsewhere
                changed = True
                enter_roll(page, 1, position[a["to"]]["armies"])
                position[a["from"]]["armies"] = 1
            else:                                              # taken at once
                panel(page).locator("[data-action=play-taken]").tap()
                position[a["to"]] = {"owner": PLAYER, "armies": 0}
                moving = {"from": a["from"], "to": a["to"], "dice": a["dice"]}
        elif "move" in nxt:
            m = nxt["move"]
            panel(page).locator("[data-action=play-moved]").tap()
            position[m["from"]]["armies"] -= m["armies"]
            position[m["to"]]["armies"] += m["armies"]
            moving = None
        step += 1
        if all(position[t]["owner"] == PLAYER for t in want["goal"]) and moving is None:
            break
        here = api.handle("turn", mid(req, position, moving))
        check_step(page, here, step)
        check_board_follows(page, position, start, here["next"], step)
        if changed and step and panel(page).locator("[data-output=play-change]").count():
            assert panel(page).locator("[data-output=play-change]").inner_text() == \
                f"North Africa is down to 1. Now {here['next']['attack']['to']} from {here['next']['attack']['from']}."
            assert arrows(page, "dropped") == [["North Africa", "Brazil"]]
            screenshot(page, "play-on-the-board-change")
            changed = "said"
    assert changed == "said", "the play never turned from North Africa"
    page.locator(f"{PLAY}[data-status=done] [data-action=won]").wait_for(state="attached", timeout=120_000)
    assert panel(page).locator("[data-output=play-next]").inner_text() == "South America is yours. Well played."
    check_board_follows(page, position, start, None, step)
    screenshot(page, "play-on-the-board-won")
    # "Will I keep it?": the Hold calculator on the position now, in one tap
    keep = panel(page).locator("[data-action=keep]")
    assert in_screen(page, keep)
    keep.tap()
    hold = page.locator("form#hold")
    page.locator("form#hold:is([data-status=waiting], [data-status=done], [data-status=error])").wait_for(state="attached", timeout=120_000)
    assert position_of(hold.locator("[name=position]").input_value()) == position
    assert hold.locator("[name=hold]").input_value() == "South America"
    assert hold.locator("[name=when][value=after]").is_checked()
    assert hold.locator("[name=reinforcements]").input_value() == "0" and hold.locator("[name=reinforcements]").is_disabled()
    expect(hold.locator("#hold-reinforcements-hint")).to_have_text("None: right after your attacks you place no new armies.", timeout=10_000)
    assert hold.locator("button.use-count").count() == 0
    # nothing of his is left in the position: the form asks for his stacks, naming none of the player's
    assert hold.get_attribute("data-status") == "waiting"
    assert hold.locator("[data-role=setup-hint]").inner_text() == \
        "Mark the opponent: tap a territory next to South America, then Opponent, and type his armies."
    context.close()


def test_will_i_keep_it_carries_the_turns_end_to_hold_in_one_tap(site_context, watch, clean):
    """From the Turn answer (no play): "Will I keep it?" opens Hold on the position the best play's
    most likely course ends in (worked out here from the engine's line), with the opponent's stack
    and the engine's count of his new armies; Hold answers it as CPython does."""
    req = {"position": {"North Africa": {"owner": PLAYER, "armies": 8}, "Brazil": {"owner": "opponent", "armies": 2},
                        "Venezuela": {"owner": "opponent", "armies": 1}, "Peru": {"owner": "opponent", "armies": 1},
                        "Argentina": {"owner": "opponent", "armies": 1}, "Central America": {"owner": "opponent", "armies": 4}},
           "player": PLAYER, "reinforcements": 3, "goal": {"take": "South America"}, "min_move": "dice"}
    want = api.handle("turn", req)
    assert want["searched"]["family"] == "real"
    # the course's end, followed here
    end = {t: dict(h) for t, h in req["position"].items()}
    for p in want["placement"]:
        end[p["territory"]]["armies"] += p["armies"]
    for s in want["line"]:
        if s["taken"]:
            end[s["from"]]["armies"] = s["left"]
            end[s["to"]] = {"owner": PLAYER, "armies": s["moved"]}
        else:
            end[s["from"]]["armies"], end[s["to"]]["armies"] = s["left"], s["defenders_left"]
    assert all(end[t]["owner"] == PLAYER for t in want["goal"])
    fields = {"calc": "turn", "position": "you: North Africa 8; opponent: Central America 4, Venezuela 1, Peru 1, Brazil 2, Argentina 1",
              "goal": "South America", "reinforcements": "3", "min_move": "dice"}
    from urllib.parse import urlencode
    page = open_page(site_context, watch, "/calculators/?" + urlencode(fields) + "#turn", wait_engine=False)
    w = want["win"]
    form(page).locator(f'[data-output=win][data-num="{w["num"]}"][data-den="{w["den"]}"]').wait_for(state="attached", timeout=120_000)
    theirs = api.handle("reinforcements", {"position": {t: h for t, h in end.items() if h["owner"] != PLAYER}, "player": "opponent"})
    keep = form(page).locator("[data-output=lead] [data-action=keep], .answer-slot [data-action=keep]").first
    keep.and_(page.locator(f'[data-theirs="{theirs["reinforcements"]}"]')).wait_for(state="attached", timeout=60_000)
    keep.click()
    hold = page.locator("form#hold")
    page.locator("form#hold[data-status=done]").wait_for(state="attached", timeout=120_000)
    hreq = {"position": end, "player": PLAYER, "reinforcements": 0, "hold": "South America", "opponent": "opponent",
            "opponent_reinforcements": theirs["reinforcements"], "fortify": "adjacent", "dice": "choose"}
    got = api.handle("hold", hreq)
    h = got["hold"]
    hold.locator(f'[data-output=hold][data-num="{h["num"]}"][data-den="{h["den"]}"]').wait_for(state="attached", timeout=120_000)
    assert position_of(hold.locator("[name=position]").input_value()) == end
    assert hold.locator("[name=opponent_reinforcements]").input_value() == str(theirs["reinforcements"])
    assert hold.locator("button.use-count").count() == 0
    # the start of his turn instead: his new armies are offered again (the engine's count)
    hold.locator("label[for=hold-when-start]").click()
    assert not hold.locator("[name=reinforcements]").is_disabled()
    count = api.handle("reinforcements", {"position": end, "player": PLAYER})["reinforcements"]
    expect(hold.locator("button.use-count")).to_have_text(f"Use {count}", timeout=30_000)
    page.close()
