"""Win-table explorer in the browser vs the CPython engine: the CSV export (every cell's float),
the exact fraction of picked cells (click, tap, keyboard), the equal-armies curve, bad inputs."""
import csv
import io
from fractions import Fraction

import pytest
import riskodds as ro
from riskodds.interfaces import api

from sitehelpers import calculate, exact_output, screenshot

BASE_RULES = {"attack_dice": 3, "defend_dice": 2, "ties": "defender", "defender_bonus": "none",
              "attack_faces": 6, "defend_faces": 6}

# (max attackers, max defenders, convention, rule overrides, cells to pick (attackers, defenders))
CASES = [
    (5, 5, "attacking", {}, [(3, 2), (5, 5)]),
    (10, 10, "territory", {}, [(5, 3), (1, 4)]),            # one army on the territory: 0
    (8, 8, "attacking", {"defend_dice": 3}, [(8, 8), (2, 3)]),          # capital
    (6, 6, "attacking", {"ties": "attacker"}, [(6, 6), (1, 1)]),        # zombies
    (12, 4, "attacking", {"attack_faces": 8}, [(12, 4), (7, 1)]),
    (4, 12, "attacking", {"defender_bonus": "highest"}, [(4, 12), (2, 2)]),
    (20, 20, "attacking", {"defender_bonus": "both"}, [(20, 1), (15, 15)]),
    (50, 30, "territory", {"defend_dice": 3, "ties": "attacker"}, [(50, 30), (2, 1)]),
    (200, 200, "attacking", {}, [(200, 200), (75, 10), (1, 200)]),
    (1, 1, "attacking", {}, [(1, 1)]),
]


def pick(page, nA, nD, a, d, tap=False):
    canvas = page.locator("form#table canvas.heatmap")
    box = canvas.bounding_box()
    pos = {"x": box["width"] * (d - 0.5) / nD, "y": box["height"] * (nA - a + 0.5) / nA}  # attackers run upward
    canvas.tap(position=pos) if tap else canvas.click(position=pos)
    return wait_cell(page, a, d)


def wait_cell(page, a, d):
    cell = page.locator(f'form#table .cell-exact[data-attackers="{a}"][data-defenders="{d}"][data-state=exact]')
    cell.wait_for(state="attached", timeout=60_000)
    return Fraction(*exact_output(page, "table", "cell"))


def csv_rows(page):
    with page.expect_download() as info:
        page.locator("form#table [data-action=csv]").click()
    text = open(info.value.path(), encoding="utf-8").read()
    return list(csv.reader(io.StringIO(text)))


@pytest.mark.parametrize("nA,nD,convention,overrides,cells", CASES,
                         ids=[f"{a}x{d}-{c}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'std'}" for a, d, c, o, _ in CASES])
def test_table_matches_cpython(calc_page, clean, nA, nD, convention, overrides, cells):
    fields = {**BASE_RULES, **overrides}
    rules = ro.Rules(**fields)
    assert calculate(calc_page, "table", {"max_attackers": nA, "max_defenders": nD, "convention": convention, **fields}) == "done"
    canvas = calc_page.locator("form#table canvas.heatmap")
    assert (canvas.get_attribute("data-rows"), canvas.get_attribute("data-cols")) == (str(nA), str(nD))
    # Every cell of the CSV equals the engine's float (the same table op, run here in CPython).
    expected = api.handle("table", {"max_attackers": nA, "max_defenders": nD, "convention": convention, **fields})
    rows = csv_rows(calc_page)
    assert rows[0][1:] == [str(d) for d in range(1, nD + 1)] and len(rows) == nA + 1
    for a in range(1, nA + 1):
        assert [float(x) for x in rows[a][1:]] == [c["float"] for c in expected["rows"][a - 1]], f"row {a}"
    # Picked cells: the exact fraction equals an independent battle computed here.
    for a, d in cells:
        got = pick(calc_page, nA, nD, a, d)
        want = ro.battle(a, d, convention=convention, rules=rules).win if (convention == "attacking" or a >= 2) else Fraction(0)
        assert got == want, (a, d)
        assert float(rows[a][d]) == float(want)
    # The equal-armies curve has one point per n up to min(A, D).
    assert calc_page.locator("form#table [data-output=equal_armies]").get_attribute("data-points") == str(min(nA, nD))
    if nA == 200:
        screenshot(calc_page, "table-200x200")


def test_keyboard_moves_the_selection(calc_page, clean):
    assert calculate(calc_page, "table", {"max_attackers": 10, "max_defenders": 10, "convention": "attacking"}) == "done"
    canvas = calc_page.locator("form#table canvas.heatmap")
    canvas.focus()
    for key in ["ArrowUp"] * 4 + ["ArrowRight"] * 2:  # from (1, 1) to (5, 3): attackers run upward
        calc_page.keyboard.press(key)
    calc_page.keyboard.press("Enter")
    assert wait_cell(calc_page, 5, 3) == ro.battle(5, 3, convention="attacking").win


def test_equal_armies_reference_values(calc_page, clean):
    # Equal armies a = d (attacking), P(win): 10 -> .568, 20 -> .633, 30 -> .676, 40 -> .709.
    assert calculate(calc_page, "table", {"max_attackers": 40, "max_defenders": 40, "convention": "attacking"}) == "done"
    rows = csv_rows(calc_page)
    for n, p in [(10, .568), (20, .633), (30, .676), (40, .709)]:
        assert abs(float(rows[n][n]) - p) < 5e-4


BAD = [
    ({"max_attackers": "201"}, "max_attackers", "at most 200"),
    ({"max_defenders": "0"}, "max_defenders", "at least 1"),
    ({"max_defenders": "ten"}, "max_defenders", "whole number"),
    ({"max_attackers": ""}, "max_attackers", "required"),
    ({"defend_faces": "101"}, "defend_faces", "too large"),
]


@pytest.mark.parametrize("values,field,message", BAD, ids=[f"{f}-{m}" for _, f, m in BAD])
def test_bad_table_inputs_show_messages(calc_page, clean, values, field, message):
    base = {"max_attackers": 10, "max_defenders": 10, "convention": "attacking"}
    assert calculate(calc_page, "table", {**base, **values}, timeout_ms=1000) == "error"
    msg = calc_page.locator(f"form#table [data-error-for={field}]").inner_text()
    assert message.lower() in msg.lower(), msg


def test_heat_map_colours_are_matplotlibs_viridis():
    """The map uses the article's colour scale: its stops equal matplotlib's viridis, and the
    attackers axis runs upward (row 1 drawn at the bottom)."""
    import json
    import re
    from pathlib import Path

    from matplotlib import colormaps

    src = (Path(__file__).resolve().parents[2] / "site_src/js/views/heatmap.js").read_text()
    stops = json.loads("[" + re.search(r"VIRIDIS = \[(.*?)\];", src, re.S).group(1).strip().rstrip(",") + "]")
    n = len(stops)
    assert n >= 17
    viridis = colormaps["viridis"]
    assert stops == [[round(c * 255) for c in viridis(i / (n - 1))[:3]] for i in range(n)]
    assert "const top = (a) => (nA - a) * ch" in src


def test_heat_map_has_axes_ticks_and_a_colour_bar(calc_page, clean):
    assert calculate(calc_page, "table", {"max_attackers": 12, "max_defenders": 9}) == "done"
    form = calc_page.locator("form#table")
    assert "Attackers" in form.locator(".hm-ylabel").inner_text() and "Defenders" in form.locator(".hm-xlabel").inner_text()
    yticks = form.locator(".hm-yticks text").evaluate_all("ts => ts.map(t => t.textContent)")
    xticks = form.locator(".hm .hm-xticks text").evaluate_all("ts => ts.map(t => t.textContent)")
    assert yticks[0] == "1" and yticks[-1] in {"10", "12"}, yticks
    assert xticks[0] == "1" and xticks[-1] in {"8", "9"}, xticks
    # Attackers upward: the tick for 1 sits below the highest tick.
    ys = form.locator(".hm-yticks text").evaluate_all("ts => ts.map(t => t.getBoundingClientRect().top)")
    assert ys[0] > ys[-1]
    assert form.locator(".hm-legend canvas.hm-ramp").count() == 1
    assert "100 %" in form.locator(".hm-legend").inner_text()
