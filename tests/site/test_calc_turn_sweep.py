"""The real turn's sweep in the browser (issue 41): the worker hands Pyodide the page's JavaScript
sweep (site_src/js/real-sweep.js) the first time a turn is asked, on every core the page may use
(site_src/js/sweep-pool.js: the test server's page is cross-origin isolated, as Netlify's), the engine
sweeps with it, and the exact answer is CPython's, digit for digit."""
from fractions import Fraction

import pytest

from riskodds.facts import board
from riskodds.facts.limits import LIMITS
from riskodds.interfaces import api
from sitehelpers import open_page

pytestmark = pytest.mark.browser


def _frac(p):
    return Fraction(int(p["num"]), int(p["den"]))


def test_the_browser_sweeps_in_javascript_and_answers_as_cpython(site_context, watch):
    """Africa from Brazil 6 and Southern Europe 4, 2 on each, 3 to place (26,938 positions)."""
    position = {t: {"owner": "red", "armies": 2} for t in board.MEMBERS["Africa"]}
    position.update({"Brazil": {"owner": "you", "armies": 6}, "Southern Europe": {"owner": "you", "armies": 4}})
    params = {"position": position, "player": "you", "reinforcements": 3, "goal": {"take": "Africa"}, "search": "real"}
    page = open_page(site_context, watch, "/calculators/")
    try:
        got = page.evaluate("""async (p) => {
            await riskoddsEngine.call('turn', p).promise;      // the turn's part and the pool loaded
            const r = riskoddsEngine.call('turn', p);
            const { result } = await r.promise;
            return typeof result === "string" ? JSON.parse(result) : result;
        }""", params)
        cores = page.evaluate("() => navigator.hardwareConcurrency")
    finally:
        page.close()
    want = api.handle("turn", params)
    assert got["ok"], got
    assert got["searched"]["family"] == "real" and got["searched"]["runner"] == "javascript", got["searched"]
    assert got["searched"]["threads"] == min(cores, LIMITS["browser_sweep_threads"]), (got["searched"], cores)    # the pool's, and the engine's
    assert _frac(got["win"]) == _frac(want["win"]) and got["next"] == want["next"]
    assert got["searched"]["states"] == want["searched"]["states"] > 25_000


def test_cancel_stops_the_shared_sweep_and_keeps_the_engine(site_context, watch):
    """Cancel while the pool sweeps Europe from Greenland 13 and North Africa 9 (9 million positions,
    a sweep of 5 s or more on two cores): the engine's thread sees the interrupt between blocks and
    while it waits, stops every thread, and Python ends the call, all before the client's grace
    (2.5 s) runs out, so the same worker (no restart) then answers the next turn, on the pool again,
    as CPython does."""
    europe = board.MEMBERS["Europe"]
    position = {t: {"owner": "red", "armies": 1 + i % 3} for i, t in enumerate(europe)}
    position.update({"Greenland": {"owner": "you", "armies": 13}, "North Africa": {"owner": "you", "armies": 9}})
    long = {"position": position, "player": "you", "reinforcements": 6, "goal": {"take": "Europe"}, "search": "real",
            "time_budget_s": 120}
    small = {t: {"owner": "red", "armies": 2} for t in board.MEMBERS["Africa"]}
    small.update({"Brazil": {"owner": "you", "armies": 6}, "Southern Europe": {"owner": "you", "armies": 4}})
    after = {"position": small, "player": "you", "reinforcements": 3, "goal": {"take": "Africa"}, "search": "real"}
    page = open_page(site_context, watch, "/calculators/")
    try:
        got = page.evaluate("""async ([long, after]) => {
            const engine = riskoddsEngine;
            await engine.call('turn', after).promise;          // the turn's part and the pool loaded
            const worker = engine.worker;
            // the sweep is the part of the run where Python reports no progress (it waits on the
            // threads): cancel once progress has come and then stopped for 800 ms
            let last = null, settled = false;
            const { id, promise } = engine.call('turn', long, { onProgress: () => { last = performance.now(); } });
            promise.then(() => { settled = true; }, () => { settled = true; });
            await new Promise((resolve) => {
                const look = () => (settled || (last !== null && performance.now() - last > 800) ? resolve()
                                    : setTimeout(look, 100));
                look();
            });
            engine.cancel(id);
            let how = "answered";
            try { await promise; } catch (err) { how = err.name; }
            const next = await engine.call('turn', after).promise;
            return { how, same: engine.worker === worker,
                     next: typeof next.result === "string" ? JSON.parse(next.result) : next.result,
                     cores: navigator.hardwareConcurrency };
        }""", [long, after])
    finally:
        page.close()
    want = api.handle("turn", after)
    assert got["how"] == "CancelledError" and got["same"], got["how"]
    assert got["next"]["searched"]["threads"] == min(got["cores"], LIMITS["browser_sweep_threads"])
    assert _frac(got["next"]["win"]) == _frac(want["win"]) and got["next"]["next"] == want["next"]
