"""The running backstop: when an estimate is wrong, every long computation still stops at its
time budget with a clear answer, not a hang, a crash or a wrong result.

Each request below takes seconds of CPU time when it runs to the end. The cost model is made to
underestimate everything (every estimate 0 s), so the cost guard lets it start with a budget of
a fraction of a second; the running deadline must then stop it, through whichever algorithm it
is in, with a BudgetError naming the budget (an error answer through the JSON API). No test here
reads a clock: how far past the budget a request runs is measured by bench/bench_backstop.py."""
import pytest

import riskodds as ro
import riskodds.interfaces.api as api
from riskodds.guards import budget

BUDGET_S = 0.1
SLOW = [   # (op, params): each several seconds of CPU time when it runs to the end
    ("battle", {"attackers": 3000, "defenders": 3000, "detail": "summary"}),
    ("battle", {"attackers": 1200, "defenders": 1200, "detail": "full"}),
    ("battle", {"attackers": 30000, "defenders": 1, "detail": "summary", "attack_dice": 1, "defend_dice": 1}),
    ("battle", {"attackers": 2000, "defenders": 2000, "detail": "summary", "dice_mode": "balanced-blitz"}),
    ("battle", {"attackers": 250, "defenders": 250, "detail": "summary", "defender_choice": "after-roll"}),
    ("path", {"start_attackers": 9999, "start_defenders": 9999, "end_attackers": 500, "end_defenders": 500}),
    ("needed", {"defenders": 2000, "p": "0.5"}),
    ("defenders_needed", {"attackers": 2000, "p": "0.5"}),
    ("table", {"max_attackers": 600, "max_defenders": 600}),
    ("campaign", {"attackers": 3000, "territories": [1] * 42}),
    ("plan", {"attackers": 1500, "targets": "1, 1, 1, 1"}),
    ("plan", {"attackers": 12, "targets": ", ".join(f"T{chr(65 + i)} 1" for i in range(15))}),
]


@pytest.fixture
def estimates_too_low(monkeypatch):
    """Every estimate says 0 s: the cost guard lets everything start."""
    monkeypatch.setattr(budget.Estimate, "here", lambda self: 0.0)


@pytest.mark.parametrize("op, params", SLOW, ids=lambda x: x if isinstance(x, str) else str(sorted(x.items()))[:60])
def test_a_wrong_estimate_still_stops_at_the_budget(estimates_too_low, op, params):
    res = api.handle(op, {"convention": "attacking", **params, "time_budget_s": BUDGET_S})
    assert not res["ok"], f"{op} finished inside {BUDGET_S} s: make the case bigger"
    message = res["error"]["message"]
    assert "took longer than its time budget of 0.1 s (time_budget_s)" in message, message
    assert res["error"]["field"], res


def test_the_python_api_raises_a_budget_error(estimates_too_low):
    with pytest.raises(ro.BudgetError, match="took longer than its time budget") as caught:
        ro.win_table(600, 600, convention="attacking", budget=BUDGET_S)
    assert caught.value.field == "max_attackers"


def test_the_next_request_has_its_own_budget(estimates_too_low):
    """A request stopped by its deadline leaves nothing behind: the next one starts afresh."""
    stopped = api.handle("table", {"max_attackers": 600, "max_defenders": 600, "convention": "attacking",
                                   "time_budget_s": BUDGET_S})
    assert not stopped["ok"]
    small = api.handle("battle", {"attackers": 75, "defenders": 10, "convention": "attacking",
                                  "time_budget_s": BUDGET_S})
    assert small["ok"] and small["loss"]["float"] == pytest.approx(1.902116797727363e-13, rel=1e-12)


def test_nested_calls_share_the_request_deadline():
    """A plan's straight chain (a campaign inside the plan) runs on the plan's clock: its own cost
    guard does not start a second, later deadline."""
    seen = []

    @budget.guarded
    def request():
        budget.check_cost(budget.Estimate(0.0, 0.0, "outer"), ro.Budget(seconds=5), "x")
        first = budget._SCOPE.get().running
        budget.check_cost(budget.Estimate(0.0, 0.0, "inner"), ro.Budget(seconds=500), "y")
        seen.append((first, budget._SCOPE.get().running))
    request()
    (first, after), = seen
    assert first is after and first.what == "outer" and first.seconds == 5
    assert budget._SCOPE.get() is None           # the scope ended with the request


def test_outside_a_request_nothing_is_timed():
    """Algorithms called directly (no request) never stop for time."""
    assert budget._SCOPE.get() is None
    for _ in range(10 * budget.TICKS_PER_READ):
        budget.tick(1000)
