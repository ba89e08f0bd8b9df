"""The engine warms up for a form's op while the reader fills the form in (EngineClient.prepare,
engine-worker.js "prepare", riskodds.interfaces.api.warm): in Chromium, the Turn form appearing makes
the worker load the turn's part and ask its warm-up request, with nobody waiting; a reader's request
always goes before a warm-up; and the warmed engine answers a turn as CPython does."""
import json

import pytest

from riskodds.facts import board
from riskodds.interfaces import api
from sitehelpers import open_page

pytestmark = pytest.mark.browser

# every message the page's engine client sends its worker, from the moment it is installed
RECORD = """() => {
    const e = riskoddsEngine;
    globalThis.__sent = [];
    globalThis.__worker = e.worker;
    const send = e.worker.postMessage.bind(e.worker);
    e.worker.postMessage = (m) => { globalThis.__sent.push(m.type === "prepare" ? "prepare " + m.op : m.type + " " + m.op); send(m); };
}"""
IDLE = "() => riskoddsEngine.current === null && riskoddsEngine.queue.length === 0"


def sent(page):
    return page.evaluate("() => globalThis.__sent")


def test_the_turn_form_appearing_warms_the_engine_and_the_warm_engine_answers_as_cpython(site_context, watch):
    page = open_page(site_context, watch, "/calculators/")
    try:
        page.evaluate(RECORD)
        assert sent(page) == []
        page.locator("form#turn").scroll_into_view_if_needed()        # the form mounts, as a reader scrolls
        page.wait_for_function("() => globalThis.__sent.includes('prepare turn')", timeout=60_000)
        page.wait_for_function(IDLE, timeout=120_000)                 # the warm-up ran to its end
        # and answered: a warm-up that fails restarts the worker and is forgotten (test_engine_client.py)
        assert page.evaluate("() => riskoddsEngine.state === 'ready' && riskoddsEngine.worker === globalThis.__worker "
                             "&& riskoddsEngine.prepared.has('turn')")
        position = {t: {"owner": "red", "armies": 2} for t in board.MEMBERS["Africa"]}
        position.update({"Brazil": {"owner": "you", "armies": 6}, "Southern Europe": {"owner": "you", "armies": 4}})
        params = {"position": position, "player": "you", "reinforcements": 3, "goal": {"take": "Africa"},
                  "search": "real"}
        got = page.evaluate("""async (p) => {
            const { result } = await riskoddsEngine.call('turn', p).promise;
            return typeof result === "string" ? JSON.parse(result) : result; }""", params)
        assert sent(page).count("prepare turn") == 1, sent(page)
    finally:
        page.close()
    want = json.loads(json.dumps(api.handle("turn", params)))
    assert got["ok"] and got["searched"]["runner"] == "javascript", got.get("searched", got)
    for answer in (got, want):
        answer["searched"].pop("runner")
        answer["searched"].pop("threads")
    assert got == want


def test_a_readers_request_goes_before_a_warm_up(site_context, watch):
    """A warm-up asked while a battle runs, and a second battle asked after it: both battles are sent
    to the worker before the warm-up, and the engine is left ready with nothing running."""
    page = open_page(site_context, watch, "/calculators/")
    try:
        page.wait_for_function(IDLE, timeout=120_000)
        page.evaluate(RECORD)
        order = page.evaluate("""async () => {
            const e = riskoddsEngine;
            const a = e.call('battle', {attackers: 60, defenders: 60, convention: 'attacking'});
            e.prepare('keep');                  // waits: a request runs
            const b = e.call('battle', {attackers: 3, defenders: 2, convention: 'attacking'});
            await a.promise;
            await b.promise;
            return globalThis.__sent.slice();
        }""")
        assert order[:3] == ["call battle", "call battle", "prepare keep"], order
        page.wait_for_function(IDLE, timeout=120_000)
        assert page.evaluate("() => riskoddsEngine.state") == "ready"
    finally:
        page.close()
