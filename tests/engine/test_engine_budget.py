"""Limits that limit (issue 13): the engine estimates time and memory before it starts and
refuses, quickly and with the numbers, what does not fit the budget; what fits is not refused;
long thin battles run in linear memory."""
import json
import math
from fractions import Fraction

import pytest

import riskodds as ro
import riskodds.interfaces.api as api
from riskodds.facts.limits import COST_MODEL, LIMITS
from riskodds.guards import budget, cost
from enginehelpers import forbid_work, run_guarded

ISSUE_CASES = [          # red-team cases: what they cost before
    ("battle", {"attackers": 30000, "defenders": 1}),                          # 52 s, 1.25 GB
    ("battle", {"attackers": 10 ** 6, "defenders": 1, "detail": "summary"}),   # died at 6 GB
    ("needed", {"defenders": 3000, "p": "0.5"}),                               # 84 s
    ("defenders_needed", {"attackers": 3000, "p": "0.5"}),                     # 126 s
    ("campaign", {"attackers": 10 ** 5, "territories": [1] * 42}),             # > 6 GB
]


@pytest.mark.parametrize("op,params", ISSUE_CASES)
def test_issue_cases_are_refused_at_once_with_the_numbers(op, params):
    with forbid_work():
        res = api.handle(op, {"convention": "territory", **params})
    msg = res["error"]["message"]
    assert not res["ok"] and "would need about" in msg and "time_budget_s" in msg
    assert f"{LIMITS['time_budget_s']:g} s" in msg
    est = api.handle(op, {"convention": "territory", **params, "estimate_only": True})["estimate"]
    assert est["fits"] is False and est["seconds"] > LIMITS["time_budget_s"]


def test_a_bigger_budget_lets_the_same_request_through_the_check():
    params = {"attackers": 700, "defenders": 700, "convention": "attacking", "detail": "summary"}
    est = api.handle("battle", {**params, "estimate_only": True})["estimate"]
    assert est["fits"] and 0 < est["seconds"]
    small = api.handle("battle", {**params, "time_budget_s": est["seconds"] / 2})
    assert not small["ok"] and small["error"]["field"] == "attackers"
    assert f"{est['seconds'] / 2:g} s" in small["error"]["message"]
    big = api.handle("battle", {**params, "time_budget_s": est["seconds"] * 2})
    assert big["ok"] and big["win"] == api.handle("battle", params)["win"]


@pytest.mark.parametrize("op,params", [
    ("battle", {"attackers": 30000, "defenders": 1, "detail": "summary"}),
    ("battle", {"attackers": 5000, "defenders": 5000, "detail": "summary"}),
    ("battle", {"attackers": 1000, "defenders": 1000}),
    ("needed", {"defenders": 800, "p": "0.99"}),
    ("table", {"max_attackers": 600, "max_defenders": 600}),
    ("campaign", {"attackers": 72, "territories": [22, 8, 2, 2, 2, 7, 1, 1, 3, 1, 2, 3, 5, 1]}),
])
def test_big_but_feasible_requests_fit_the_default_budget(op, params):
    est = api.handle(op, {"convention": "territory", **params, "estimate_only": True})["estimate"]
    assert est["fits"], est
    assert est["time_budget_s"] == LIMITS["time_budget_s"] and est["memory_budget_mb"] == LIMITS["memory_budget_mb"]


def test_a_long_thin_battle_is_computed_not_refused():
    """6000 attacking armies against 1, summary: exact totals against the closed form
    P(all die) = (441/1296)**5998 * 91/216 * 21/36."""
    from fractions import Fraction as F
    res = api.handle("battle", {"attackers": 6000, "defenders": 1, "convention": "attacking", "detail": "summary"})
    assert res["ok"]
    exact = F(441, 1296) ** 5998 * F(91, 216) * F(21, 36)
    assert F(int(res["loss"]["num"]), int(res["loss"]["den"])) == exact
    assert len(res["end_states"]) == 6001 and res["end_states"][0]["p"]["float"] == 0.0


def test_thin_battles_grow_memory_linearly():
    """Under a 250 MB address-space cap: 20,000 v 1 with every end state kept exactly runs out of
    memory (the values have up to ~70,000 digits), the summary keeps a few exact sums."""
    out = run_guarded('ro.battle_summary(20000, 1, convention="attacking"); raise ValueError("done")',
                      timeout=120, memory=250_000_000)
    assert "done" in out, out
    with pytest.raises(AssertionError, match="MEMORYERROR"):
        run_guarded('ro.battle(20000, 1, convention="attacking", budget=1e9)', timeout=120, memory=250_000_000)


def test_pyodide_estimates_are_slower_and_say_so(monkeypatch):
    est = cost.battle_cost(3000, 3000, ro.as_model(ro.STANDARD), "summary", "a battle of 3,000 v 3,000")
    monkeypatch.setattr(budget, "IN_BROWSER", True)
    assert est.here() == pytest.approx(est.seconds * LIMITS["pyodide_slowdown"])
    with pytest.raises(ro.BudgetError, match="in the browser"):
        budget.check_cost(est, ro.Budget(seconds=est.seconds * 1.1), "attackers")


def test_searches_stop_at_the_time_budget_while_running(monkeypatch):
    """If the estimate is wrong, a search still stops at the budget, naming it."""
    monkeypatch.setitem(COST_MODEL, "sweep_s_per_bit", 1e-15)
    monkeypatch.setitem(COST_MODEL, "cell_s", 1e-15)
    with pytest.raises(ro.BudgetError, match=r"took longer than its time budget of 0.5 s \(time_budget_s\)"):
        ro.troops_needed(2000, "0.5", convention="attacking", budget=0.5)


def test_work_outside_python_reads_the_time_left_and_is_stopped_in_its_words():
    """The browser's sweep runs in JavaScript, where tick cannot reach: it is handed the seconds left
    (seconds_left) and stops there; the engine then raises what the running deadline raises
    (overdue), naming the budget, or OutOfTime inside deadline_before."""
    assert budget.seconds_left() is None
    budget.overdue()            # outside a request: nothing to say

    @budget.guarded
    def request():
        budget.check_cost(budget.Estimate(0.01, 1, "A sweep"), ro.Budget(seconds=30), "attackers")
        assert 25 < budget.seconds_left() <= 30
        with pytest.raises(ro.BudgetError, match=r"A sweep took longer than its time budget of 30 s"):
            budget.overdue()
        with budget.deadline_before(10):
            assert 15 < budget.seconds_left() <= 20
            with pytest.raises(budget.OutOfTime, match="ran out of its share"):
                budget.overdue()
    request()


def test_budget_values():
    assert ro.Budget().seconds == LIMITS["time_budget_s"] and ro.Budget().mb == LIMITS["memory_budget_mb"]
    assert budget.as_budget(5).seconds == 5 and budget.as_budget(None) == ro.Budget()
    assert budget.UNLIMITED.seconds == math.inf
    for bad in (0, -1, "5", True, math.nan, math.inf):     # inf (issue 25) would switch the guard off
        with pytest.raises(ValueError, match="time_budget_s"):
            ro.Budget(seconds=bad)
        with pytest.raises(ValueError, match="memory_budget_mb"):
            ro.Budget(mb=bad)


def test_estimate_only_is_json_and_does_not_compute():
    with forbid_work():
        res = json.loads(api.call("battle", json.dumps({"attackers": 10 ** 6, "defenders": 10 ** 6,
                                                        "convention": "attacking", "estimate_only": True,
                                                        "max_states": 10 ** 12})))
    assert res["ok"] and set(res["estimate"]) == {"seconds", "mb", "what", "time_budget_s", "memory_budget_mb", "fits"}
    assert res["estimate"]["fits"] is False and "1,000,000 v 1,000,000" in res["estimate"]["what"]


# ----------------------------------------------------------------------------- Balanced Blitz searches
def test_balanced_blitz_target_is_the_true_random_one_it_equals():
    """g(P) >= p <=> P >= true_random_target(p): at the target the Balanced Blitz chance is p."""
    from decimal import Decimal
    import riskodds.algorithms.reshape as bb
    assert abs(bb.true_random_target(1) - 1 / (1 + 9 ** (-10 / 13))) < 1e-15      # 0.84425...
    assert bb.true_random_target(Fraction(1, 2)) == Fraction(1, 2)                # symmetric
    for p in (Fraction(1, 100), Fraction(1, 3), Fraction(9, 10), Fraction(999, 1000)):
        P = bb.true_random_target(p)
        assert abs(bb.win_chance(P.numerator, P.denominator) - Decimal(p.numerator) / p.denominator) < Decimal("1e-12")


@pytest.mark.parametrize("op,params", [
    ("needed", {"defenders": 3000, "p": "0.5"}),
    ("defenders_needed", {"attackers": 3000, "p": "0.5"}),
    ("needed", {"defenders": 3000, "p": "1"}),           # certain in Balanced Blitz: P >= 0.844 true random
])
def test_balanced_blitz_searches_are_refused_before_they_start(op, params):
    """Balanced Blitz searches estimate their cost like the true-random ones (they used to run
    until twice the time budget): refused at once, naming the budget, with the true-random
    search of the equivalent target refused alike."""
    import riskodds.algorithms.reshape as bb
    with forbid_work():
        res = api.handle(op, {"convention": "attacking", **params, "dice_mode": "balanced-blitz"})
    assert not res["ok"] and "would need about" in res["error"]["message"], res
    assert "time_budget_s" in res["error"]["message"]
    target = str(bb.true_random_target(Fraction(params["p"])))
    same = api.handle(op, {"convention": "attacking", **params, "p": target})
    assert not same["ok"] and same["error"]["message"] == res["error"]["message"]
