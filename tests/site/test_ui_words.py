"""The calculators speak to players (issue 28): status lines without timings or versions (those
are in the footer's box for the curious), averages to the digits a player uses, the game's rule
names explained where they appear, everyday battles as the defaults, percentages typed as "90";
and every table of every page fits a 390 px phone."""
import math
import re
from fractions import Fraction

import pytest
import riskodds as ro

from pagetour import HEIGHT, compute_all, tour
from sitehelpers import calculate, exact_output

def tenths(x: Fraction) -> str:
    """x to one decimal, rounded half up: the words' digits, from the engine's exact value."""
    t = math.floor(Fraction(x) * 10 + Fraction(1, 2))
    return f"{t // 10}.{t % 10}"


DIGITS_AND_UNITS = re.compile(r"\d+(\.\d+)?\s*(s|ms)\b|Pyodide|Python runtime|engine \d")


def test_status_lines_say_what_happens_not_how_long_it_took(calc_page, clean):
    assert calculate(calc_page, "battle", {"attackers": 12, "defenders": 7, "convention": "territory"}) == "done"
    status = calc_page.locator("form#battle [data-role=status]").inner_text()
    assert status == "Done."
    state = calc_page.locator("[data-role=engine-state]").inner_text()
    assert state == "Ready." and not DIGITS_AND_UNITS.search(state)
    # the timings and the version are kept for the curious, folded in the footer
    curious = calc_page.locator("footer details.curious")
    assert curious.get_attribute("open") is None
    words = curious.evaluate("d => d.textContent")
    assert re.search(r"Pyodide \d+\.\d+", words)
    assert re.search(r"The engine started in \d+\.\d s\.", words)
    assert re.search(r"The last answer took \d+\.\d\d s in the engine, \d+\.\d\d s in all\.", words)
    promise = calc_page.locator("footer .promise").inner_text()
    assert "offline" in promise and not DIGITS_AND_UNITS.search(promise)
    # the benchmarks still read the time to an answer
    assert int(calc_page.locator("form#battle").get_attribute("data-elapsed-ms")) >= 0


def test_averages_and_odds_to_the_digits_a_player_uses(calc_page, clean):
    assert calculate(calc_page, "battle", {"attackers": 76, "defenders": 10, "convention": "territory"}) == "done"
    b = ro.battle(76, 10, convention="territory")
    more = calc_page.locator("form#battle .answer-more").inner_text()
    won = {a: p for (a, d), p in b.end_states.items() if d == 0}
    survivors = sum(a * p for a, p in won.items()) / b.win
    assert (f"If the attacker wins, it has {tenths(survivors)} armies left on average, "
            "the one that stayed behind included.") in more
    assert (f"On average the attacker loses {tenths(b.mean_attackers_lost)} armies and the defender "
            f"{tenths(b.mean_defenders_lost)}.") in more
    assert Fraction(*exact_output(calc_page, "battle", "mean_attackers_lost")) == b.mean_attackers_lost   # exact behind it
    box = calc_page.locator("form#battle .exact-box").first
    box.locator("> summary").click()
    win_rows = box.locator('[data-detail=win] dt').all_inner_texts()
    loss_rows = box.locator('[data-detail=loss] dt').all_inner_texts()
    assert "Odds" not in win_rows and "Odds" in loss_rows   # "the opposite happens 1 in 1.0…" is gone
    assert "opposite" not in box.inner_text()
    box.locator("> summary").click()


def test_the_games_rule_names_are_explained_where_they_appear(calc_page):
    """The Rules box's choices carry their meaning ("the attacker (zombies)" under "Ties go to");
    the campaign's rows, which show the names alone ("bunker"), list what each means."""
    texts = "ls => ls.map(l => l.textContent)"   # (in a folded box: there, but not rendered)
    options = calc_page.locator("form#battle details[data-summary=rules] option").evaluate_all(texts)
    assert "the attacker (zombies)" in options and "+1 on highest die (bunker)" in options
    switch = calc_page.locator("form#battle label.switch", has_text="Zombies").inner_text()
    assert "ties to the attacker" in switch
    rows_box = calc_page.locator("form#campaign details[data-role=rows-box]")
    names = rows_box.locator(".rule-names li").evaluate_all(texts)
    assert {"Zombies: ties go to the attacker.", "Bunker: defender bonus +1 on highest die.",
            "Fortification: defender bonus +1 on every die.", "Capital / wall: defender dice 3."} == set(names)


def test_everyday_battles_are_the_defaults_and_the_article_keeps_its_own(site_context, calc_page, clean):
    for fid, fields in (("battle", {"attackers": "10", "defenders": "6"}),
                        ("path", {"start_attackers": "10", "start_defenders": "6"}),
                        ("campaign", {"attackers": "15", "territories": "4 3 2 1"}),
                        ("needed", {"p": "95 %"})):
        form = calc_page.locator(f"form#{fid}")
        form.evaluate("f => f.reset()")
        for name, value in fields.items():
            assert form.locator(f"[name={name}]").input_value() == value, (fid, name)
    page = site_context.new_page()
    page.goto("/article/")
    assert page.locator("form#calc-75v10 [name=attackers]").input_value() == "75"
    page.close()


@pytest.mark.parametrize("typed", ["90", "90 %", "90%", "0.9"])
def test_a_chance_is_accepted_as_a_percentage_or_a_probability(calc_page, clean, typed):
    assert calculate(calc_page, "needed", {"mode": "attackers", "defenders": 8, "p": typed,
                                           "convention": "territory"}) == "done"
    want = ro.troops_needed(8, Fraction(9, 10), convention="territory")
    assert calc_page.locator("form#needed [data-output=needed]").first.get_attribute("data-value") == str(want)


# ---- every table fits a phone

WIDE_TABLES = """() => [...document.querySelectorAll('main table')].map(t => {
  const box = t.closest('.table-wrap, .table-scroll') || t.parentElement;
  return {name: (t.querySelector('caption') || {}).textContent || t.getAttribute('aria-labelledby') || '',
          table: Math.ceil(t.getBoundingClientRect().width), box: box.clientWidth, scrolls: box.scrollWidth > box.clientWidth + 1};
}).filter(t => t.scrolls)"""


@pytest.mark.parametrize("name,path", tour(), ids=[n for n, _ in tour()])
def test_every_table_fits_a_390_px_phone(browser, site_url, name, path):
    """No table is cut off on a phone: each fits its column, or (too many columns) becomes one card
    per row. Folded tables are opened, and every calculator's tables are computed first."""
    context = browser.new_context(base_url=site_url, viewport={"width": 390, "height": HEIGHT}, is_mobile=True,
                                  has_touch=True, device_scale_factor=2)
    page = context.new_page()
    page.goto(path)
    page.wait_for_load_state("load")
    compute_all(page)
    page.evaluate("() => document.querySelectorAll('main details').forEach(d => { d.open = true; })")
    page.wait_for_timeout(200)
    wide = page.evaluate(WIDE_TABLES)
    context.close()
    assert wide == [], f"{name}: {wide}"
