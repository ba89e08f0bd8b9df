"""The pages as a phone reader meets them, in every engine: on a 360 px screen each calculator
computes its pre-filled answer on its own as it scrolls in (equal to CPython's engine, computed
here from the form's own fields; the Turn calculator's arrows and plan too, the Hold calculator's
placement and reply), nothing scrolls
sideways with every box open, and the article starts its Python runtime only when a calculator
comes near. One page per engine."""

from fractions import Fraction

import pytest
import riskodds as ro
from riskodds.interfaces import api
from sitehelpers import hold_request, turn_request
from pagehelpers import CALCULATORS, exact, field_values, pair, scroll_to, sideways_overflow, wait_engine_ready, wait_final

PHONE = (360, 780)


@pytest.fixture(scope="module")
def phone(engine, matrix_site):
    page = engine.page(*PHONE)
    page.goto(matrix_site.url + "/calculators/")
    yield page
    page.close()


def rules_of(v: dict) -> ro.Rules:
    return ro.Rules(attack_dice=int(v["attack_dice"]), defend_dice=int(v["defend_dice"]), ties=v["ties"],
                    defender_bonus=v["defender_bonus"], attacker_bonus=v["attacker_bonus"],
                    attack_faces=int(v["attack_faces"]), defend_faces=int(v["defend_faces"]),
                    defender_choice=v["defender_choice"])


def check_answer(page, form_id: str, kind: str) -> None:
    """The answer a form shows equals CPython's for the same fields (kind: data-calculator)."""
    v = field_values(page, form_id)
    if kind == "turn":  # the board: no army convention, no dice rules of its own
        want = api.handle("turn", turn_request(v))
        assert exact(page, form_id, "win") == pair(Fraction(int(want["win"]["num"]), int(want["win"]["den"])))
        real = want["searched"]["family"] == "real"     # the real play's words name no placement of nothing
        words = want["words"] if real and not any(p["armies"] for p in want["placement"]) else want["words"][1:]
        assert page.run("(s) => [...document.querySelectorAll(s)].map((e) => e.textContent)",
                        f"form#{form_id} [data-output=words] li") == words
        attacks = [st for st in want["line"] if "from" in st] if real else want["steps"]
        assert page.run("(s) => document.querySelectorAll(s).length", f"form#{form_id} svg.board .plan .attack") == len(attacks)
        return
    if kind == "hold":  # the board too: his reply drawn beside the holder's placement and move
        want = api.handle("hold", hold_request(v))
        assert exact(page, form_id, "hold") == pair(Fraction(int(want["hold"]["num"]), int(want["hold"]["den"])))
        arrows = [a for a in (want["fortify"], want["reply"]["next"].get("attack")) if a]
        assert page.run("(s) => document.querySelectorAll(s).length", f"form#{form_id} svg.board .plan .attack") == len(arrows)
        placed = [p for p in want["placement"] + want["reply"]["placement"] if p["armies"]]
        assert page.run("(s) => document.querySelectorAll(s).length", f"form#{form_id} svg.board .placed") == len(placed)
        return
    rules, convention = rules_of(v), v["convention"]
    if kind == "battle":
        want = ro.battle(int(v["attackers"]), int(v["defenders"]), convention=convention, rules=rules)
        assert exact(page, form_id, "loss") == pair(want.loss)
        assert exact(page, form_id, "win") == pair(want.win)
    elif kind == "path":
        want = ro.probability((int(v["start_attackers"]), int(v["start_defenders"])),
                              (int(v["end_attackers"]), int(v["end_defenders"])), convention=convention, rules=rules)
        assert exact(page, form_id, "probability") == pair(want)
    elif kind == "campaign":
        territories = [int(t) for t in v["territories"].replace(",", " ").split()]
        want = ro.campaign(int(v["attackers"]), territories, convention=convention, leave=int(v["leave"]), rules=rules)
        assert exact(page, form_id, "win") == pair(want.win)
    elif kind == "plan":
        want = ro.plan(int(v["attackers"]), v["targets"], convention=convention, rules=rules)
        assert exact(page, form_id, "win") == pair(want.win)
        assert exact(page, form_id, "straight") == pair(want.straight)
        assert page.run("(s) => [...document.querySelectorAll(s)].map((e) => e.textContent)",
                        f"form#{form_id} [data-output=words] li") == list(want.words)
    elif kind == "needed":
        assert v["mode"] == "attackers", v
        want = ro.troops_needed(int(v["defenders"]), v["p"], convention=convention, rules=rules)   # the chance as typed ("95 %"): the engine reads it
        assert page.attr(f"form#{form_id} [data-output=needed]", "data-value") == str(want)
    elif kind == "table":
        canvas = f"form#{form_id} canvas.heatmap"
        assert (page.attr(canvas, "data-rows"), page.attr(canvas, "data-cols")) == (v["max_attackers"], v["max_defenders"])
        points = min(int(v["max_attackers"]), int(v["max_defenders"]))
        assert page.attr(f"form#{form_id} [data-output=equal_armies]", "data-points") == str(points)
    else:
        raise AssertionError(f"no oracle for a {kind} calculator")


def reach(page, form_id: str) -> None:
    """Scroll to a form as a reader does: it mounts and computes its pre-filled answer, no click. The
    Turn and Hold calculators open on an empty board (issue 35): the reader taps a ready-made position."""
    scroll_to(page, f"form#{form_id}")
    if form_id in ("turn", "hold"):
        page.wait(f"form#{form_id} button[data-preset=south-america]")
        page.click(f"form#{form_id} button[data-preset=south-america]")


@pytest.mark.parametrize("form_id", CALCULATORS)
def test_prefilled_answer_on_a_phone(phone, clean, form_id):
    reach(phone, form_id)
    assert wait_final(phone, form_id) == "done", phone.text(f"form#{form_id}")[:500]
    check_answer(phone, form_id, form_id)


def test_nothing_scrolls_sideways_at_360_px(phone, clean):
    for form_id in CALCULATORS:
        reach(phone, form_id)
        assert wait_final(phone, form_id) == "done", form_id
    phone.run("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    assert phone.count("details:not([open])") == 0
    assert sideways_overflow(phone, PHONE[0]) is None, sideways_overflow(phone, PHONE[0])


def test_article_starts_its_calculator_when_it_comes_near(phone, clean, matrix_site):
    phone.goto(matrix_site.url + "/article/")
    phone.wait("body[data-offline=ready]")  # the page's scripts have run
    phone.run("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 300))))")
    first = phone.run("() => { const f = document.querySelector('form[data-calculator]'); return [f.id, f.dataset.calculator]; }")
    assert phone.attr("body", "data-engine-state") == "idle"  # read from the top: no runtime yet
    assert phone.attr(f"form#{first[0]}", "data-status") not in ("running", "done")
    wait_engine_ready(phone)  # scrolls to the first calculator, as a reader would
    assert wait_final(phone, first[0]) == "done"
    check_answer(phone, *first)
    assert sideways_overflow(phone, PHONE[0]) is None
