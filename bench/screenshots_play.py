#!/usr/bin/env python3
"""Screenshots of the turn at the table (issue 44), at 390 px and 1280 px, light and dark, for review:
the Turn answer on the board, "Play it" at its first step, where the play turns elsewhere and once
the goal is taken (what the screen shows: the board and the panel together), "Will I keep it?"
opening Hold, Hold's Australia against stacks on Siam and China, the whole board, the home page's
first screen and the article's continents table.

Writes test-artifacts/screenshots-play/<task>-<width>-<scheme>.png (the window as the player sees
it). Usage: python bench/screenshots_play.py
"""
import sys
from urllib.parse import urlencode

from benchlib import ROOT, served_build
from sitebuild import browsers

OUT = ROOT / "test-artifacts" / "screenshots-play"
WIDTHS = {390: 844, 1280: 900}
SCHEMES = ("light", "dark")
KEEP = {"calc": "turn", "goal": "South America", "reinforcements": "3", "min_move": "dice",
        "position": "you: North Africa 8; opponent: Central America 4, Venezuela 1, Peru 1, Brazil 2, Argentina 1"}
CHINA = {"calc": "hold", "hold": "Australia", "marked": "", "reinforcements": "3", "opponent_reinforcements": "3",
         "opponent": "opponent",
         "position": "you: Indonesia 1, New Guinea 1, Western Australia 1, Eastern Australia 1; opponent: China 8, Siam 3"}
LONG = 120_000


def final(page, fid):
    page.locator(f"form#{fid}:is([data-status=done], [data-status=waiting], [data-status=error])").wait_for(
        state="attached", timeout=LONG)
    page.wait_for_timeout(250)


def play(page, shot):
    """South America, played: taken at once, but North Africa's first roll leaves it 1."""
    page.goto("/calculators/#turn")
    f = page.locator("form#turn")
    f.scroll_into_view_if_needed()
    page.locator("form#turn svg.board").wait_for(state="attached", timeout=LONG)
    f.locator("button[data-preset=south-america]").click()
    page.locator("form#turn[data-status=done] [data-action=play-start]").wait_for(timeout=LONG)
    f.locator("[data-role=board]").scroll_into_view_if_needed()
    shot("turn-answer")
    p = f.locator("[data-role=play]")
    f.locator("[data-action=play-start]").click()
    done = lambda: page.locator("form#turn [data-role=play][data-status=done]").wait_for(timeout=LONG)  # noqa: E731
    done()
    shot("play-step-1")
    turned = False
    for _ in range(12):
        nxt = p.locator("[data-output=play-next]")
        action = nxt.get_attribute("data-action")
        if action == "won":
            break
        if action == "attack" and "from North Africa" in nxt.inner_text() and not turned:
            p.locator("[data-input=play-left]").fill("1")
            p.locator("[data-action=play-record]").click()
            turned = True
            done()
            shot("play-turned")
            continue
        p.locator("[data-action=play-taken]" if action == "attack" else "[data-action=play-moved]").click()
        done()
    page.wait_for_timeout(250)
    shot("play-won")


def main() -> int:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    written = 0
    with served_build() as (_, _info, url), sync_playwright() as pw:
        browser = pw.chromium.launch(**browsers.chromium_launch_options())
        for width, height in WIDTHS.items():
            for scheme in SCHEMES:
                phone = width < 600
                context = browser.new_context(base_url=url, viewport={"width": width, "height": height}, color_scheme=scheme,
                                              is_mobile=phone, has_touch=phone)
                page = context.new_page()

                def shot(task):
                    nonlocal written
                    page.screenshot(path=str(OUT / f"{task}-{width}-{scheme}.png"))
                    written += 1
                play(page, shot)
                page.goto("/calculators/?" + urlencode(KEEP) + "#turn")
                final(page, "turn")
                keep = page.locator("form#turn .answer-slot [data-action=keep]")
                keep.and_(page.locator("[data-theirs]")).wait_for(state="attached", timeout=LONG)
                keep.scroll_into_view_if_needed()
                shot("keep-link")
                keep.click()
                final(page, "hold")
                page.locator("form#hold [data-role=board]").scroll_into_view_if_needed()
                shot("keep-hold")
                page.goto("/calculators/?" + urlencode(CHINA) + "#hold")
                final(page, "hold")
                page.locator("form#hold [data-role=board]").scroll_into_view_if_needed()
                shot("hold-china")
                page.locator("select#hold-zoom").select_option("")
                page.wait_for_timeout(250)
                shot("whole-board")
                page.goto("/")
                page.wait_for_load_state("load")
                shot("home")
                page.goto("/article/classic-questions/#how-many-armies-does-a-continent-take")
                page.wait_for_load_state("load")
                shot("article-continents")
                context.close()
                print(f"{width} {scheme}: {written} screenshots so far", flush=True)
        browser.close()
    print(f"{written} screenshots in {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
