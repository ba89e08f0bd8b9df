"""The engine in parts, in Chromium: a page's worker loads the main part (the heap snapshot holds it),
unpacks the turn planner's part the first time a turn is asked (the service worker keeps a copy
for offline use once the engine has started, as it does the rest of the runtime), and then answers
exactly as CPython does; the same without the snapshot, where the worker unpacks the main part too."""
import json
import re

import riskodds.interfaces.api as api
from sitehelpers import wait_engine_ready

SA = {"North Africa": {"owner": "you", "armies": 8}, "Central America": {"owner": "you", "armies": 4},
      "Venezuela": {"owner": "red", "armies": 2}, "Brazil": {"owner": "red", "armies": 2},
      "Peru": {"owner": "red", "armies": 1}, "Argentina": {"owner": "red", "armies": 2}}
TURN = {"position": SA, "player": "you", "reinforcements": 6, "goal": {"take": "South America"}}
PART = re.compile(r"/assets/engine/riskodds-turn\.[0-9a-f]+\.tgz$")


def ask(page, op, params):
    return page.evaluate("""async ([op, params]) => {
        const { promise } = riskoddsEngine.call(op, params);
        return (await promise).result; }""", [op, params])


def same_answer(browser_answer, op, params):
    """The browser's answer is CPython's, but for what swept the real play (the browser's JavaScript,
    CPython's plain or compiled Python: `searched.runner`) and on how many threads."""
    want = json.loads(json.dumps(api.handle(op, params)))
    for answer in (browser_answer, want):
        answer.get("searched", {}).pop("runner", None)
        answer.get("searched", {}).pop("threads", None)
    assert browser_answer == want, (browser_answer, want)


def test_the_turn_part_answers_as_cpython(calc_page, clean):
    battle = ask(calc_page, "battle", {"attackers": 10, "defenders": 6, "convention": "territory", "detail": "summary"})
    assert battle["ok"]
    same_answer(ask(calc_page, "turn", TURN), "turn", TURN)
    same_answer(ask(calc_page, "reinforcements", {"position": SA, "player": "you", "cards": 4}),
                "reinforcements", {"position": SA, "player": "you", "cards": 4})
    parts = calc_page.evaluate("() => JSON.parse(document.body.dataset.engineParts)")
    assert PART.search(parts["turn"]["url"]) and "turn" in parts["turn"]["ops"]


def test_without_the_snapshot_the_worker_unpacks_both_parts(browser, site_url):
    """The fallback start (no snapshot): the main part unpacked by the worker, then the turn part."""
    context = browser.new_context(base_url=site_url)
    context.route("**/*", lambda r: r.abort() if "pyodide-snapshot" in r.request.url else r.continue_())
    page = context.new_page()
    page.goto("/calculators/")
    wait_engine_ready(page)
    assert page.evaluate("() => JSON.parse(document.body.dataset.engineTimings).snapshot") is False
    same_answer(ask(page, "turn", TURN), "turn", TURN)
    context.close()
