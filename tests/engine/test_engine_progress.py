"""Issue 35, item 8 (the engine's half): a long request tells a host how far it is (the browser's
worker shows it), and a turn that ran past its budget names the narrower search that was estimated
to fit, so that a page can offer it."""
import pytest

import riskodds.answers.fixed_turn as turn_module
import riskodds.interfaces.api as api
from riskodds.guards import budget
from riskodds.guards.budget import Estimate, tick

AFRICA = {"position": {"Brazil": {"owner": "you", "armies": 8}, "Southern Europe": {"owner": "you", "armies": 8},
                       "North Africa": {"owner": "red", "armies": 3}, "Egypt": {"owner": "red", "armies": 2},
                       "East Africa": {"owner": "red", "armies": 2}, "Congo": {"owner": "red", "armies": 2},
                       "South Africa": {"owner": "red", "armies": 1}, "Madagascar": {"owner": "red", "armies": 1}},
          "player": "you", "reinforcements": 6, "goal": {"take": "Africa"}}


@pytest.fixture
def reports():
    seen = []
    budget.set_reporter(lambda what, done, estimated: seen.append((what, done, estimated)))
    yield seen
    budget.set_reporter(None)


def test_a_long_request_reports_what_it_does_and_how_far(reports):
    params = {"attackers": 1500, "defenders": 1500, "convention": "attacking", "detail": "summary"}
    est = api.handle("battle", {**params, "estimate_only": True})["estimate"]
    assert est["seconds"] >= budget.REPORT_FROM_S, est      # long enough to be reported
    assert api.handle("battle", params)["ok"]
    assert reports, "nothing reported"
    what, done, estimated = reports[0]
    assert (what, done) == (est["what"], 0.0) and estimated == pytest.approx(est["seconds"])
    assert all(r[0] == what and r[2] == estimated for r in reports)
    assert [r[1] for r in reports] == sorted(r[1] for r in reports)          # how far: growing


def test_a_short_request_reports_nothing(reports):
    assert api.handle("battle", {"attackers": 10, "defenders": 5, "convention": "attacking"})["ok"]
    assert reports == []


def test_a_failing_reporter_never_stops_the_request():
    def broken(*args):
        raise RuntimeError("the host's callback failed")
    budget.set_reporter(broken)
    try:
        assert api.handle("battle", {"attackers": 1500, "defenders": 1500, "convention": "attacking", "detail": "summary"})["ok"]
    finally:
        budget.set_reporter(None)


def endless_free_turns(monkeypatch):
    """Every family of fixed plans estimated as free, so the widest is chosen, and a search that
    outruns any budget. The estimates are the cost model's alone, without the CPU time the pricing
    itself took (fixed_turn.spent_since): inside the whole suite on a loaded machine that once came to
    0.7 s and refused the request before its search started."""
    monkeypatch.setattr(turn_module, "turn_cost", lambda *a, **k: Estimate(1e-9, 0.0, a[4]))
    monkeypatch.setattr(turn_module, "spent_since", lambda started: 0.0)
    monkeypatch.setitem(turn_module.COST_MODEL, "turn_partition_s", 1e-12)

    def endless(*args, **kwargs):
        while True:
            tick()
    monkeypatch.setattr(turn_module.planner, "search", endless)


def test_a_turn_past_its_budget_names_the_narrower_search_that_fits(monkeypatch):
    endless_free_turns(monkeypatch)
    res = api.handle("turn", {**AFRICA, "time_budget_s": 0.5})
    assert not res["ok"] and "took longer" in res["error"]["message"], res
    narrower = res["error"]["narrower"]
    assert narrower["search"] in ("chains", "2", "3") and narrower["words"]
    # asked by name, it is what the page's offer sends: that family's answer, and no offer again
    monkeypatch.undo()
    answer = api.handle("turn", {**AFRICA, "search": narrower["search"]})
    assert answer["ok"] and answer["searched"]["family"] == narrower["search"]


def test_no_narrower_offer_below_chains(monkeypatch):
    endless_free_turns(monkeypatch)
    for search in ("chains", "auto"):   # chains asked for; or auto where chains was all that fit
        if search == "auto":
            monkeypatch.setattr(turn_module, "turn_cost", lambda *a, **k: Estimate(0.3 if "chains" in a[4] else 1e6, 0.0, a[4]))
        res = api.handle("turn", {**AFRICA, "search": search, "time_budget_s": 0.5})
        assert not res["ok"] and "took longer" in res["error"]["message"], res
        assert "narrower" not in res["error"]


EUROPE = {"position": {"Greenland": {"owner": "you", "armies": 20},
                       **{t: {"owner": "red", "armies": a} for t, a in {"Iceland": 2, "Great Britain": 3, "Northern Europe": 2,
                          "Western Europe": 2, "Southern Europe": 2, "Ukraine": 3, "Scandinavia": 2}.items()}},
          "player": "you", "reinforcements": 5, "goal": {"take": "Europe"}}


def test_a_turns_progress_is_of_its_search_not_of_finding_its_shapes(reports):
    est = api.handle("turn", {**EUROPE, "estimate_only": True})["estimate"]
    assert est["seconds"] >= budget.REPORT_FROM_S, est
    answer = api.handle("turn", EUROPE)
    assert answer["ok"]
    searched = [r for r in reports if r[0] == est["what"]]
    assert searched, reports
    assert searched[0][2] >= est["seconds"] * 0.25     # the search's estimate (from the request's start), not the shapes'
    assert [r[1] for r in reports] == sorted(r[1] for r in reports)
