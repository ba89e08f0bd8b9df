"""The real turn's sweep in the browser (issue 41): the worker hands Pyodide the page's JavaScript
sweep (site_src/js/real-sweep.js) the first time a turn is asked, on every core the page may use
(site_src/js/sweep-pool.js: the test server's page is cross-origin isolated, as Netlify's), the engine
sweeps with it, and the exact answer is CPython's, digit for digit."""
from fractions import Fraction

import pytest

from riskodds.facts import board
from riskodds.interfaces import api
from sitehelpers import open_page

pytestmark = pytest.mark.browser


def _frac(p):
    return Fraction(int(p["num"]), int(p["den"]))


def test_the_browser_sweeps_in_javascript_and_answers_as_cpython(site_context, watch):
    """Africa from Brazil 6 and Southern Europe 4, 2 on each, 3 to place (33,598 positions)."""
    position = {t: {"owner": "red", "armies": 2} for t in board.MEMBERS["Africa"]}
    position.update({"Brazil": {"owner": "you", "armies": 6}, "Southern Europe": {"owner": "you", "armies": 4}})
    params = {"position": position, "player": "you", "reinforcements": 3, "goal": {"take": "Africa"}, "search": "real"}
    page = open_page(site_context, watch, "/calculators/")
    try:
        got = page.evaluate("""async (p) => {
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
    assert got["searched"]["threads"] == min(cores, 8), (got["searched"], cores)    # the pool's, and the engine's
    assert _frac(got["win"]) == _frac(want["win"]) and got["next"] == want["next"]
    assert got["searched"]["states"] == want["searched"]["states"] > 30_000
