"""Bad input (ValueError naming the argument), the size guard, and the JSON API."""
from fractions import Fraction as F
import json
import math
import sys
import time

import pytest

import riskodds as ro
import riskodds.interfaces.api as api
from enginehelpers import forbid_work, run_guarded
import engine_oracle as orc

STD = ro.Rules()


# ----------------------------------------------------------------------------- ValueErrors
@pytest.mark.parametrize("bad", [-1, 2.5, True, False, None, "abc", 1.0 + 0j])
def test_bad_attackers(bad):
    with pytest.raises(ValueError, match="attack"):
        ro.battle(bad, 3, convention="attacking", rules=STD)


@pytest.mark.parametrize("bad", [-1, 2.5, True, None, "x"])
def test_bad_defenders(bad):
    with pytest.raises(ValueError, match="defend"):
        ro.battle(3, bad, convention="attacking", rules=STD)


def test_territory_needs_two_armies_and_zero_is_refused_for_negative():
    # territory convention: one army must stay behind, so -1 and 0 can never attack
    for bad in (-1, 0):
        with pytest.raises(ValueError, match="attack"):
            ro.battle(bad, 3, convention="territory", rules=STD)


def test_bad_convention():
    with pytest.raises(ValueError, match="convention"):
        ro.battle(3, 2, convention="armies", rules=STD)
    with pytest.raises((TypeError, ValueError)):
        ro.battle(3, 2, rules=STD)  # convention is required


@pytest.mark.parametrize("field,value", [
    ("attack_dice", 0), ("attack_dice", 4), ("defend_dice", 0), ("defend_dice", 4),
    ("attack_dice", True), ("attack_dice", 2.0 + 0.5), ("attack_faces", 1), ("defend_faces", 0),
    ("ties", "zombie"), ("ties", None), ("defender_bonus", "wall"), ("defender_bonus", 1),
])
def test_bad_rules(field, value):
    with pytest.raises(ValueError, match=field):
        ro.Rules(**{field: value})


@pytest.mark.parametrize("na,nd", [(0, 2), (4, 2), (3, 0), (3, 4)])
def test_bad_outcome_space(na, nd):
    with pytest.raises(ValueError):
        ro.outcome_space(na, nd, ro.Rules(defend_dice=3))


@pytest.mark.parametrize("end", [(6, 3), (2, 4), (-1, 0), (0, -1), (6, 4)])
def test_impossible_end_state(end):
    with pytest.raises(ValueError):
        ro.probability((5, 3), end, convention="attacking", rules=STD)


def test_impossible_end_state_territory():
    with pytest.raises(ValueError):
        ro.probability((5, 3), (0, 1), convention="territory", rules=STD)  # 0 armies on territory


@pytest.mark.parametrize("conv,A,r", [("attacking", 5, 5), ("attacking", 5, 7),
                                      ("territory", 5, 5), ("attacking", 5, -1)])
def test_retreat_out_of_range(conv, A, r):
    with pytest.raises(ValueError, match="retreat_at"):
        ro.battle(A, 3, convention=conv, rules=STD, retreat_at=r)


@pytest.mark.parametrize("p", [0, F(0), -0.1, F(3, 2), 1.5, "abc", "101", "100.5 %", True, None])
def test_bad_probability_target(p):
    with pytest.raises(ValueError, match=r"\bp\b"):
        ro.troops_needed(5, p, convention="attacking", rules=STD)
    with pytest.raises(ValueError, match=r"\bp\b"):
        ro.defenders_needed(5, p, convention="attacking", rules=STD)


def test_empty_chain_and_bad_campaign():
    with pytest.raises(ValueError, match="territor|defender"):
        ro.campaign(10, [], convention="territory", rules=STD)
    with pytest.raises(ValueError, match="defend|territor"):
        ro.campaign(10, [3, -1], convention="territory", rules=STD)
    with pytest.raises(ValueError, match="leave"):
        ro.campaign(10, [3, 2], convention="territory", rules=STD, leave=-1)
    with pytest.raises(ValueError):
        ro.campaign(10, [3, 2], convention="territory", rules=[STD])  # one rules per territory




@pytest.mark.parametrize("call", [
    'ro.battle(10 ** 6, 10 ** 6, convention="attacking", max_states=10 ** 4)',
    'ro.battle(10 ** 9, 10 ** 9, convention="attacking")',
    'ro.probability((10 ** 9, 10 ** 9), (1, 1), convention="attacking")',
    'ro.win_grid(10 ** 7, convention="attacking")',
    'ro.campaign(10 ** 9, [10 ** 9, 3], convention="territory")',
    'ro.troops_needed(10 ** 9, F(1, 2), convention="attacking")',
    'ro.defenders_needed(10 ** 9, F(1, 2), convention="attacking")',
])
def test_size_guard_is_fast(call):
    out = run_guarded(call)
    assert float(out.split()[1]) < 2.0, out


def test_size_guard_names_max_states_and_lets_small_work_through():
    with pytest.raises(ValueError, match="max_states"):
        ro.battle(10 ** 6, 10 ** 6, convention="attacking", rules=STD, max_states=10 ** 4)
    b = ro.battle(20, 20, convention="attacking", rules=STD, max_states=10 ** 4)
    assert sum(b.end_states.values()) == 1


# ----------------------------------------------------------------------------- JSON API
def as_fraction(obj):
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        assert isinstance(obj["num"], str) and isinstance(obj["den"], str)
        return F(int(obj["num"]), int(obj["den"]))
    finally:
        sys.set_int_max_str_digits(old)


def my_log10(fr: F):
    return math.log10(fr.numerator) - math.log10(fr.denominator)


def check_prob(obj, exact: F):
    assert set(obj) >= {"num", "den", "float", "log10"}
    assert as_fraction(obj) == exact
    assert obj["float"] == float(exact)
    if exact == 0:
        assert obj["log10"] is None
    else:
        assert abs(obj["log10"] - my_log10(exact)) < 1e-9


def all_die_vs_one(n):
    """P(n attacking armies all die against 1 defender), by hand: the 1 defender survives
    n - 2 rounds of 3 v 1, then one of 2 v 1, then one of 1 v 1."""
    return F(441, 1296) ** (n - 2) * F(91, 216) * F(21, 36)


def test_all_die_formula_matches_oracle():
    for n in range(2, 9):
        assert orc.forward(n, 1)[(0, 1)] == all_die_vs_one(n)


def test_api_tiny_probability_below_float_range():
    exact = all_die_vs_one(1000)
    assert float(exact) == 0.0 and my_log10(exact) < -400
    res = api.handle("path", {"start_attackers": 1000, "start_defenders": 1, "end_attackers": 0,
                              "end_defenders": 1, "convention": "attacking"})
    assert res["ok"] is True and res["op"] == "path"
    check_prob(res["probability"], exact)
    res = api.handle("battle", {"attackers": 1000, "defenders": 1, "convention": "attacking"})
    assert res["ok"] is True
    check_prob(res["loss"], exact)
    check_prob(res["win"], 1 - exact)
    ends = {(e["attackers"], e["defenders"]): e["p"] for e in res["end_states"]}
    assert all(isinstance(a, int) and isinstance(d, int) for a, d in ends)
    check_prob(ends[(0, 1)], exact)
    json.dumps(res)  # JSON-able


def test_api_no_int_str_limit_fresh_process():
    """Results with more than 4300 digits must not hit CPython's int->str limit (a fresh
    interpreter with the default limit, as the browser worker has)."""
    import subprocess
    import os
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    code = ("import json, sys\n"
            "assert sys.get_int_max_str_digits() == 4300\n"
            "import riskodds.interfaces.api as api\n"
            "print(api.call('path', json.dumps({'start_attackers': 4000, 'start_defenders': 1,"
            " 'end_attackers': 0, 'end_defenders': 1, 'convention': 'attacking'})))\n")
    env = dict(os.environ, PYTHONPATH=os.path.join(root, "pysite"))
    env.pop("PYTHONINTMAXSTRDIGITS", None)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, env=env)
    assert out.returncode == 0, out.stderr[-2000:]
    res = json.loads(out.stdout)
    assert res["ok"] is True, res
    assert len(res["probability"]["den"]) > 4300
    check_prob(res["probability"], all_die_vs_one(4000))


def test_api_no_int_str_limit_even_if_host_resets_it():
    """Robustness: the API must not depend on a process-global setting made at import time.
    If the host (or another library) restores CPython's default 4300-digit limit after
    importing riskodds.interfaces.api, long results must still come back."""
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(4300)
    try:
        text = api.call("path", json.dumps({"start_attackers": 4000, "start_defenders": 1,
                                            "end_attackers": 0, "end_defenders": 1,
                                            "convention": "attacking"}))
    finally:
        sys.set_int_max_str_digits(old)
    res = json.loads(text)
    assert res["ok"] is True, res
    check_prob(res["probability"], all_die_vs_one(4000))


def test_api_battle_matches_python():
    res = api.handle("battle", {"attackers": "75", "defenders": 10, "convention": "attacking"})
    b = ro.battle(75, 10, convention="attacking", rules=STD)
    assert res["ok"] is True
    check_prob(res["win"], b.win)
    check_prob(res["loss"], b.loss)
    check_prob(res["stopped"], b.stopped)
    for key in ("mean_attackers_lost", "var_attackers_lost", "mean_defenders_lost",
                "var_defenders_lost"):
        obj = res[key]
        assert as_fraction(obj) == getattr(b, key) if isinstance(obj, dict) else \
            math.isclose(obj, float(getattr(b, key)), rel_tol=1e-12)
    assert math.isclose(res["std_attackers_lost"], b.std_attackers_lost, rel_tol=1e-12)
    assert [as_fraction(x) for x in res["attackers_lost"]] == list(b.attackers_lost)[:len(res["attackers_lost"])]
    assert sum(as_fraction(x) for x in res["attackers_lost"]) == 1
    assert sum(as_fraction(e["p"]) for e in res["end_states"]) == 1
    assert math.isclose(res["loss"]["float"], 1.902116797727363e-13, rel_tol=1e-12)
    # summary detail: floats and log10 only
    s = api.handle("battle", {"attackers": 75, "defenders": 10, "convention": "attacking",
                              "detail": "summary"})
    assert s["ok"] is True
    assert all(set(x) == {"float", "log10"} for x in s["attackers_lost"])
    # territory convention and survivors
    t = api.handle("battle", {"attackers": 76, "defenders": 10, "convention": "territory",
                              "survivors": 40})
    bt = ro.battle(76, 10, convention="territory", rules=STD)
    check_prob(t["win"], b.win)
    check_prob(t["win_with_survivors"], bt.win_with_at_least(40))


def test_api_rules_params():
    res = api.handle("battle", {"attackers": 6, "defenders": 5, "convention": "attacking",
                                "defend_dice": 3, "ties": "attacker", "defender_bonus": "highest",
                                "attack_faces": 8})
    my = orc.MyRules(defend_dice=3, ties="attacker", defender_bonus="highest", attack_faces=8)
    ends = orc.enumerate_paths(6, 5, my)
    check_prob(res["win"], sum((p for (a, d), p in ends.items() if d == 0), F(0)))


def test_api_needed_campaign_table_outcomes():
    res = api.handle("needed", {"defenders": 10, "p": "0.95", "convention": "territory"})
    assert res["ok"] is True and res["needed"] == 19
    check_prob(res["reached"], ro.battle(19, 10, convention="territory", rules=STD).win)
    check_prob(res["below"], ro.battle(18, 10, convention="territory", rules=STD).win)
    res = api.handle("needed", {"defenders": 10, "p": "99/100", "convention": "territory"})
    assert res["needed"] == 24
    res = api.handle("defenders_needed", {"attackers": 20, "p": "3/4", "convention": "territory"})
    assert res["ok"] is True
    n = res["needed"]
    assert n == ro.defenders_needed(20, F(3, 4), convention="territory", rules=STD)
    check_prob(res["reached"], 1 - ro.battle(20, n, convention="territory", rules=STD).win)

    defs = [22, 8, 2, 2, 2, 7, 1, 1, 3, 1, 2, 3, 5, 1]
    res = api.handle("campaign", {"attackers": 72, "territories": defs, "convention": "territory"})
    assert res["ok"] is True
    assert abs(res["win"]["float"] - 0.8105486) < 5e-8
    assert len(res["territory_win"]) == len(defs)
    res = api.handle("campaign", {"attackers": 12, "convention": "territory",
                                  "territories": [{"defenders": 3}, {"defenders": 2, "defend_dice": 3}]})
    assert res["ok"] is True
    twin, _ = orc.campaign(11, [3, 2], [orc.MyRules(), orc.MyRules(defend_dice=3)])
    check_prob(res["win"], twin[-1])

    res = api.handle("table", {"max_attackers": 5, "max_defenders": 4, "convention": "attacking",
                               "detail": "full"})
    assert res["ok"] is True
    W = orc.backward_win(6)
    for a in range(1, 6):
        for d in range(1, 5):
            check_prob(res["rows"][a - 1][d - 1], W[a][d])
    for i, obj in enumerate(res["equal_armies"]):
        check_prob(obj, W[i + 1][i + 1])
    res = api.handle("table", {"max_attackers": 6, "max_defenders": 3, "convention": "territory",
                               "detail": "full"})
    assert res["ok"] is True and len(res["rows"]) == 6
    for t in range(1, 7):
        for d in range(1, 4):
            check_prob(res["rows"][t - 1][d - 1], W[t - 1][d] if t >= 2 else F(0))

    res = api.handle("outcome_space", {"attack_dice_rolled": 3, "defend_dice_rolled": 2})
    assert res["ok"] is True and int(res["total"]) == 7776
    got = {(o["attacker_losses"], o["defender_losses"]): int(o["count"]) for o in res["outcomes"]}
    assert {k: v for k, v in got.items() if v} == orc.round_counts(3, 2)


def test_api_zero_probability():
    res = api.handle("path", {"start_attackers": 5, "start_defenders": 3, "end_attackers": 5,
                              "end_defenders": 2, "convention": "attacking"})
    assert res["ok"] is True
    check_prob(res["probability"], F(0))


@pytest.mark.parametrize("op,params,field", [
    ("battle", {"attackers": -1, "defenders": 3, "convention": "attacking"}, "attackers"),
    ("battle", {"attackers": 2.5, "defenders": 3, "convention": "attacking"}, "attackers"),
    ("battle", {"attackers": True, "defenders": 3, "convention": "attacking"}, "attackers"),
    ("battle", {"attackers": 5, "defenders": "x", "convention": "attacking"}, "defenders"),
    ("battle", {"attackers": 5, "defenders": 3}, "convention"),
    ("battle", {"attackers": 5, "defenders": 3, "convention": "attacking", "attack_dice": 4}, "attack_dice"),
    ("battle", {"attackers": 5, "defenders": 3, "convention": "attacking", "attack_dice": 0}, "attack_dice"),
    ("battle", {"attackers": 5, "defenders": 3, "convention": "attacking", "ties": "zombie"}, "ties"),
    ("battle", {"attackers": 5, "defenders": 3, "convention": "attacking", "defender_bonus": "x"}, "defender_bonus"),
    ("battle", {"attackers": 5, "defenders": 3, "convention": "attacking", "retreat_at": 5}, "retreat_at"),
    ("needed", {"defenders": 5, "p": "150", "convention": "attacking"}, "p"),
    ("needed", {"defenders": 5, "p": "0", "convention": "attacking"}, "p"),
    ("campaign", {"attackers": 10, "territories": [], "convention": "territory"}, "territories"),
    ("battle", {"attackers": 10 ** 6, "defenders": 10 ** 6, "convention": "attacking",
                "max_states": 1000}, None),
])
def test_api_errors(op, params, field):
    with forbid_work():          # refused before any work, however loaded the machine
        res = api.handle(op, params)
    assert res["ok"] is False, res
    assert isinstance(res["error"]["message"], str) and res["error"]["message"]
    if field is not None:
        assert res["error"]["field"] == field, res
    # the string interface never raises either
    out = json.loads(api.call(op, json.dumps(params)))
    assert out["ok"] is False


def test_api_garbage_never_raises():
    for op, text in [("nope", "{}"), ("battle", "{not json"), ("battle", "[]"),
                     ("battle", json.dumps({"attackers": None}))]:
        out = json.loads(api.call(op, text))
        assert out["ok"] is False
    assert api.handle("nope", {})["ok"] is False


def test_public_scaled_values_match_the_fractions():
    """api.py builds summaries from Battle.lost_scaled and passage_value (public), which must
    agree exactly with the Fraction answers."""
    b = ro.battle(40, 12, convention="territory", rules=ro.CAPITAL, retreat_at=5)
    for side, want in ((0, b.attackers_lost), (1, b.defenders_lost)):
        assert [b.scale.fraction(v) for v in b.lost_scaled(side)] == list(want)
    value, scale = ro.passage_value((40, 12), (22, 6), convention="territory", rules=ro.CAPITAL)
    assert scale.fraction(value) == ro.probability((40, 12), (22, 6), convention="territory",
                                                   rules=ro.CAPITAL) > 0


def test_api_uses_no_private_names_of_other_modules():
    import ast
    import inspect
    tree = ast.parse(inspect.getsource(api))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert not any(a.name.startswith("_") for a in node.names), ast.dump(node)
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            assert isinstance(node.value, ast.Name) and node.value.id in ("self",), node.attr
