"""The cost model against measured work (not seconds): predicted bit-steps of every algorithm
within WORK_ERROR of the bit-steps its generators really produce, for every dice count, faces,
weights, bonuses and tie rules; and the red-team requests that ran far past their estimates."""
import pytest

import riskodds as ro
import riskodds.interfaces.api as api
import workmeter
from enginehelpers import forbid_work
from riskodds.checks.model import as_model
from riskodds.guards import cost
from riskodds.guards.cost import WORK_ERROR

WEIGHTS_D100 = ",".join(str(1 + (i * 7919) % 1_000_000) for i in range(100))
RULE_SETS = [ro.Rules(attack_dice=a, defend_dice=d) for a in (1, 2, 3) for d in (1, 2, 3)] + [
    ro.Rules(attack_faces=100, defend_faces=100),
    ro.Rules(attack_faces=20, defend_faces=8, defend_dice=3),
    ro.Rules(ties="attacker"),
    ro.Rules(defender_bonus="both", attacker_bonus="highest"),
    ro.Rules(attack_faces=100, defend_faces=100, attack_weights=WEIGHTS_D100),
    ro.Rules(attack_weights="2,2,1,1,1,1", defend_weights="1,1,1,1,3,3", attack_dice=2),
]
# Dice so lopsided that one side almost never wins a round: the values along its losing line
# keep tiny numerators, so the size-only prediction may only overestimate them.
LOPSIDED = [ro.Rules(attack_faces=7, defend_faces=5, attack_weights="1,2,3,4,5,6,1000000",
                     defend_weights="9,1,1,1,3"),
            ro.Rules(attack_faces=2, defend_faces=2)]
SHAPES = [(60, 60, 0, 0), (150, 1, 0, 0), (1, 150, 0, 0), (120, 3, 0, 0), (40, 70, 5, 3)]


def _ratio(rules, A, D, retreat, goal):
    flow, lattice, _ = workmeter.battle_work(A, D, rules, retreat, goal)
    p_flow, p_lattice, _ = cost.battle_work(A, D, as_model(rules), retreat, goal)
    return (p_flow + p_lattice) / (flow + lattice)


@pytest.mark.parametrize("rules", RULE_SETS, ids=repr)
def test_battle_work_is_predicted_within_the_stated_error(rules):
    for shape in SHAPES:
        ratio = _ratio(rules, *shape)
        assert 1 / WORK_ERROR <= ratio <= WORK_ERROR, (shape, ratio)


@pytest.mark.parametrize("rules", LOPSIDED, ids=repr)
def test_lopsided_dice_are_never_underestimated(rules):
    for shape in SHAPES:
        assert _ratio(rules, *shape) >= 1 / WORK_ERROR, shape


@pytest.mark.parametrize("rules", RULE_SETS + LOPSIDED, ids=repr)
def test_sweep_work_is_predicted_within_the_stated_error(rules):
    ratio = cost.sweep_work(50, 60, as_model(rules)) / workmeter.sweep_work(50, 60, rules)
    assert 1 / WORK_ERROR <= ratio <= WORK_ERROR, ratio


def test_one_die_each_still_costs_work():
    """With one die a side the whole battle is the lattice: its work used to be estimated at
    nothing (no edge lines), so 10**6 v 1 ran for minutes after its estimate said 16 s."""
    small = cost.battle_cost(2000, 1, ro.Rules(attack_dice=1, defend_dice=1), "summary", "x").seconds
    big = cost.battle_cost(20000, 1, ro.Rules(attack_dice=1, defend_dice=1), "summary", "x").seconds
    assert big > 10 * small > 0          # ten times the armies: more than ten times the work
    with forbid_work():
        res = api.handle("battle", {"attackers": 10 ** 6, "defenders": 1, "convention": "attacking",
                                    "attack_dice": 1, "defend_dice": 1, "detail": "summary"})
    assert not res["ok"] and "would need about" in res["error"]["message"], res


def test_paths_deep_into_the_lattice_cost_their_walk():
    """P(10,000 v 10,000 -> 1,000 v 1,000) walks a row of 18,000 rounds: estimated at 0.0 s before."""
    params = {"start_attackers": 10000, "start_defenders": 10000, "end_attackers": 1000, "end_defenders": 1000,
              "convention": "attacking"}
    with forbid_work():
        est = api.handle("path", {**params, "estimate_only": True})["estimate"]
    model = as_model(ro.STANDARD)
    rounds = (9000 + 9000) // 2
    # the walk: 9,001 recurrence steps on values of about `rounds` * log2(7776) bits
    assert est["seconds"] > cost.COST_MODEL["lattice_s_per_bit"] * 9000 * rounds * cost.full_round_bits(model) * 0.1


@pytest.mark.parametrize("mode", ["true-random", "balanced-blitz"])
def test_8000_v_8000_is_refused_alike_in_both_dice_modes(mode):
    """Balanced Blitz 8000 v 8000 ran for 238 s and 6 GB; it is refused like true random dice."""
    params = {"attackers": 8000, "defenders": 8000, "convention": "attacking", "dice_mode": mode}
    with forbid_work():
        res = api.handle("battle", params)
        est = api.handle("battle", {**params, "estimate_only": True})
    assert not res["ok"] and "would need about" in res["error"]["message"] and "time_budget_s" in res["error"]["message"]
    assert res["error"]["field"] == "attackers"
    assert est["ok"] and est["estimate"]["fits"] is False


@pytest.mark.parametrize("op,params", [
    ("battle", {"attackers": 300, "defenders": 200}),
    ("battle", {"attackers": 300, "defenders": 200, "detail": "summary"}),
    ("needed", {"defenders": 40, "p": "0.9"}),
    ("defenders_needed", {"attackers": 40, "p": "0.9"}),
    ("table", {"max_attackers": 30, "max_defenders": 30}),
])
@pytest.mark.parametrize("mode", ["true-random", "balanced-blitz"])
def test_estimate_only_estimates_in_both_dice_modes(op, params, mode):
    with forbid_work():
        res = api.handle(op, {"convention": "territory", **params, "dice_mode": mode, "estimate_only": True})
    assert res["ok"] and set(res) == {"ok", "op", "estimate"}, res
    assert res["estimate"]["fits"] is True and res["estimate"]["seconds"] > 0


@pytest.mark.parametrize("detail", ["summary", "full"])
def test_balanced_blitz_costs_its_true_random_battle_and_more(detail):
    """Balanced Blitz reshapes the true-random battle: its estimate is that battle's plus the
    reshaping of every outcome."""
    params = {"attackers": 500, "defenders": 400, "convention": "attacking", "detail": detail, "estimate_only": True}
    true = api.handle("battle", params)["estimate"]
    blitz = api.handle("battle", {**params, "dice_mode": "balanced-blitz"})["estimate"]
    reshaping = cost.COST_MODEL["real_s_per_value"] * (500 + 400 + 2)
    assert blitz["seconds"] == pytest.approx(true["seconds"] + reshaping)
