"""The calculators' core in every engine (Chromium, Firefox, WebKit): exact answers digit for digit
against CPython's engine (riskodds, computed here), a live answer while typing, Cancel of a long
request, and a refused input with its message. One calculators page (one Python runtime) per
engine serves the module."""
import json
from fractions import Fraction

import pytest
import riskodds as ro
from riskodds.facts import board
from riskodds.facts.limits import LIMITS
from riskodds.interfaces import api
from pagehelpers import calculate, exact, pair, set_fields, set_values, wait_final

# (attackers, defenders, convention)
BATTLES = [
    (75, 10, "attacking"),      # the article's battle
    (1000, 1, "attacking"),     # all 1,000 die: P ~ 1e-470, far below the float range; 2,158 digits
    (1000, 1000, "attacking"),  # 4,426 digits: more than CPython prints by default (4,300)
]


@pytest.mark.parametrize("attackers,defenders,convention", BATTLES, ids=[f"{a}v{d}" for a, d, _ in BATTLES])
def test_exact_battle_answer(calc, clean, attackers, defenders, convention):
    status = calculate(calc, "battle", {"attackers": attackers, "defenders": defenders, "convention": convention})
    assert status == "done", calc.text("form#battle")[:500]
    want = ro.battle(attackers, defenders, convention=convention)
    assert exact(calc, "battle", "win") == pair(want.win)
    assert exact(calc, "battle", "loss") == pair(want.loss)
    assert exact(calc, "battle", "mean_attackers_lost") == pair(want.mean_attackers_lost)
    if attackers == 1000 and defenders == 1:
        assert 0 < want.loss < Fraction(1, 10**308)
        assert calc.count("form#battle [data-detail=loss] .note") == 1  # "below the float range", not 0
    if attackers == 1000 == defenders:
        assert want.win.denominator > 10**4300


def test_live_answer_while_typing(calc, clean):
    """No click: the answer follows the typed armies, and the address keeps them."""
    calc.run("() => document.getElementById('battle').reset()")
    set_fields(calc, "battle", {"attackers": 31, "defenders": 13})  # territory counts: the default
    want = ro.battle(31, 13, convention="territory").win
    calc.wait(f'form#battle [data-output=win][data-num="{want.numerator}"][data-den="{want.denominator}"]')
    query = calc.run("() => location.search")
    assert "attackers=31" in query and "defenders=13" in query


def test_cancel_of_a_long_request(calc, clean):
    """Cancel stops a request of seconds; the engine answers the next one. Where Python cannot be
    interrupted (no SharedArrayBuffer: WebKit), Cancel replaces the worker, and the page does not
    make the reader read about it."""
    assert calc.text("[data-role=engine-state]") == "Ready."
    assert "Cancel" not in calc.text("[data-role=engine-state]")
    set_values(calc, "battle", {"attackers": 2500, "defenders": 2500, "convention": "attacking"})
    calc.click("form#battle button[type=submit]")
    calc.wait("form#battle[data-status=running]")
    calc.wait("body[data-engine-state=busy]")  # the request is in the worker, not in the queue
    calc.click("form#battle [data-action=cancel]")
    assert wait_final(calc, "battle") == "cancelled"
    assert calc.count("form#battle [data-output=win]") == 0
    assert calculate(calc, "battle", {"attackers": 5, "defenders": 4, "convention": "attacking"}) == "done"
    assert exact(calc, "battle", "win") == pair(ro.battle(5, 4, convention="attacking").win)


def test_refused_input_says_why(calc, clean):
    """Too big for the browser's budget: refused before it starts, with the reason by the field."""
    assert calculate(calc, "battle", {"attackers": 5000, "defenders": 5000, "convention": "attacking"}) == "error"
    message = calc.text("form#battle [data-error-for=attackers]")
    assert "a battle of 5,000 v 5,000 would need about" in message.lower() and "Try fewer armies" in message, message
    assert calc.count("form#battle [data-output]") == 0
    assert calc.attr("form#battle [name=attackers]", "aria-invalid") == "true"


def test_the_real_turn_sweeps_on_the_pages_cores(calc, clean):
    """The best real play (issue 41) in each engine: the worker's JavaScript sweep, shared with the
    pool's threads where the page may share memory (site_src/js/sweep-pool.js; Debian's WebKit has
    no SharedArrayBuffer: alone there), answers as CPython does, digit for digit. Africa from Brazil 6
    and Southern Europe 4, 2 on each, + 3."""
    position = {t: {"owner": "red", "armies": 2} for t in board.MEMBERS["Africa"]}
    position.update({"Brazil": {"owner": "you", "armies": 6}, "Southern Europe": {"owner": "you", "armies": 4}})
    params = {"position": position, "player": "you", "reinforcements": 3, "goal": {"take": "Africa"}, "search": "real"}
    got = calc.run("""async (p) => {
        // a call that hangs fails in these words, before the driver's own timeout
        const within = (what, call) => Promise.race([call.promise, new Promise((_, no) => setTimeout(
            () => no(new Error(`${what}: no answer in 150 s; the engine ${riskoddsEngine.state}, running `
                + `${riskoddsEngine.current ? riskoddsEngine.current.op : "nothing"}, ${riskoddsEngine.queue.length} queued`)), 150000))]);
        await within("the first turn", riskoddsEngine.call('turn', p));   // the turn's part and the pool loaded
        const { result } = await within("the second turn", riskoddsEngine.call('turn', p));
        return { answer: typeof result === "string" ? result : JSON.stringify(result),
                 cores: navigator.hardwareConcurrency || 1,
                 shared: self.crossOriginIsolated === true && typeof SharedArrayBuffer === "function" };
    }""", params)
    answer, want = json.loads(got["answer"]), api.handle("turn", params)
    assert answer["ok"], answer
    assert answer["searched"]["runner"] == "javascript"
    # the worker may see fewer cores than the page (Firefox): at least two threads where there are two
    threads = answer["searched"]["threads"]
    assert (2 <= threads <= min(got["cores"], LIMITS["browser_sweep_threads"])) if got["shared"] and got["cores"] > 1 else threads == 1, (threads, got)
    assert (answer["win"]["num"], answer["win"]["den"]) == (want["win"]["num"], want["win"]["den"])
    assert answer["next"] == want["next"]
