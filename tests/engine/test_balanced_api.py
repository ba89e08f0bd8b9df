"""Balanced Blitz through the JSON API (`dice_mode`, contract C6) and the command line."""
import io
import json
from fractions import Fraction

import pytest

import riskodds as ro
import riskodds.algorithms.reshape as bb
from riskodds.interfaces import api
from riskodds.interfaces.cli import run
from riskodds.maths.scaled import fraction_log10

BLITZ = {"dice_mode": "balanced-blitz"}


def call(op, **params):
    """api.call through JSON text, as the browser worker does."""
    return json.loads(api.call(op, json.dumps(params)))


def exact(p):
    return Fraction(int(p["num"]), int(p["den"]))


def is_float_prob(p):
    return set(p) == {"float", "log10"}


def test_battle_shape_and_values():
    r = call("battle", attackers=30, defenders=15, convention="attacking", defend_dice=3, **BLITZ)
    b = ro.battle(30, 15, convention="attacking", rules=ro.CAPITAL, dice_mode="balanced-blitz")
    assert r["ok"] and r["dice_mode"] == "balanced-blitz"
    for key in ("win", "loss", "stopped", "mean_attackers_lost", "var_attackers_lost",
                "mean_defenders_lost", "var_defenders_lost"):
        assert is_float_prob(r[key]), key
    assert r["win"]["float"] == b.win and r["loss"]["float"] == b.loss
    assert abs(r["attackers_lost"][12]["float"] - 0.0100282888709122) < 1e-12
    assert all(is_float_prob(p) for p in r["attackers_lost"] + r["defenders_lost"])
    assert [p["float"] for p in r["attackers_lost"]] == b.attackers_lost
    assert r["std_attackers_lost"] == b.std_attackers_lost
    assert r["mean_defenders_lost"]["float"] == b.mean_defenders_lost
    # log10 agrees with the float wherever the float is representable
    for p in r["attackers_lost"]:
        assert (p["log10"] is None) == (p["float"] == 0.0)
        if p["float"]:
            assert 10 ** p["log10"] == pytest.approx(p["float"], rel=1e-12)
    ends = {(e["attackers"], e["defenders"]): e["p"]["float"] for e in r["end_states"]}
    assert ends == b.end_states
    assert list(ends) == sorted(ends)
    # the exact true-random battle rides along, for the side-by-side view
    t = ro.battle(30, 15, convention="attacking", rules=ro.CAPITAL)
    tr = r["true_random"]
    assert exact(tr["win"]) == t.win and exact(tr["loss"]) == t.loss
    assert [exact(p) for p in tr["attackers_lost"]] == t.attackers_lost
    assert [exact(p) for p in tr["defenders_lost"]] == t.defenders_lost


def test_battle_summary_keeps_true_random_light_and_right():
    """detail="summary": true-random lists as {"float", "log10"}, log10 right below 1e-308."""
    r = call("battle", attackers=1500, defenders=20, convention="territory", detail="summary", **BLITZ)
    t = ro.battle(1500, 20, convention="territory")
    tr = r["true_random"]
    assert all(is_float_prob(p) for p in tr["attackers_lost"] + tr["defenders_lost"])
    for got, want in ((tr["attackers_lost"], t.attackers_lost), (tr["defenders_lost"], t.defenders_lost)):
        assert [p["float"] for p in got] == [float(p) for p in want]
        assert [p["log10"] for p in got] == pytest.approx([fraction_log10(p) for p in want], abs=1e-9)
    assert tr["attackers_lost"][-1]["float"] == 0.0 and tr["attackers_lost"][-1]["log10"] < -308   # all die
    assert exact(tr["win"]) == t.win
    assert r["end_states"][0]["attackers"] == 1    # territory convention: the army left behind


def test_battle_survivors():
    r = call("battle", attackers=20, defenders=10, convention="attacking", survivors=8, **BLITZ)
    b = ro.battle(20, 10, convention="attacking", dice_mode="balanced-blitz")
    assert r["win_with_survivors"]["float"] == pytest.approx(sum(b.attackers_lost[:13]), rel=1e-14)


def test_needed_and_defenders_needed():
    r = call("needed", defenders=50, p="0.8", convention="attacking", **BLITZ)
    assert r["ok"] and (r["needed"], r["dice_mode"]) == (49, "balanced-blitz")
    assert is_float_prob(r["reached"]) and is_float_prob(r["below"])
    assert r["below"]["float"] < 0.8 <= r["reached"]["float"]
    assert exact(r["true_random"]["reached"]) == ro.battle(49, 50, convention="attacking").win
    assert exact(r["true_random"]["below"]) == ro.battle(48, 50, convention="attacking").win
    r = call("defenders_needed", attackers=20, p="19/20", convention="territory", **BLITZ)
    n = r["needed"]
    assert n == ro.defenders_needed(20, "0.95", convention="territory", dice_mode="balanced-blitz")
    assert r["reached"]["float"] == pytest.approx(ro.battle(20, n, convention="territory", dice_mode="balanced-blitz").loss, rel=1e-14)
    assert exact(r["true_random"]["reached"]) == ro.battle(20, n, convention="territory").loss
    assert r["reached"]["float"] >= 0.95 > r["below"]["float"]


def test_table_cells_are_reshaped_true_cells():
    r = call("table", max_attackers=12, max_defenders=9, convention="territory", **BLITZ)
    t = call("table", max_attackers=12, max_defenders=9, convention="territory", detail="full")
    assert r["ok"] and r["dice_mode"] == "balanced-blitz" and "dice_mode" not in t
    for row, true_row in zip(r["rows"] + [r["equal_armies"]], t["rows"] + [t["equal_armies"]]):
        for cell, true in zip(row, true_row):
            assert is_float_prob(cell)
            P = exact(true)
            assert cell["float"] == pytest.approx(float(bb.win_chance(P.numerator, P.denominator)), rel=1e-13)
    assert r["rows"][11][0]["float"] == 1.0 and r["rows"][1][0]["float"] < 0.5
    assert r["rows"][0] == [{"float": 0.0, "log10": None}] * 9     # 1 on the territory cannot attack


def test_true_random_stays_the_default_and_exact():
    for mode in (None, "true-random"):
        params = {"attackers": 5, "defenders": 3, "convention": "attacking"}
        if mode:
            params["dice_mode"] = mode
        r = call("battle", **params)
        assert "dice_mode" not in r and exact(r["win"]) == ro.battle(5, 3, convention="attacking").win


@pytest.mark.parametrize("op,params,field", [
    ("battle", {"attackers": 5, "defenders": 3, "dice_mode": "balanced"}, "dice_mode"),
    ("needed", {"defenders": 5, "p": "0.5", "dice_mode": 1}, "dice_mode"),
    ("campaign", {"attackers": 5, "territories": [2, 2], "dice_mode": "balanced-blitz"}, "dice_mode"),
    ("path", {"start_attackers": 5, "start_defenders": 3, "end_attackers": 2, "end_defenders": 0,
              "dice_mode": "balanced-blitz"}, "dice_mode"),
    ("battle", {"attackers": 5, "defenders": 3, "retreat_at": 2, "dice_mode": "balanced-blitz"}, "retreat_at"),
    ("battle", {"attackers": 5, "defenders": 3, "defender_goal": 1, "dice_mode": "balanced-blitz"}, "defender_goal"),
    ("needed", {"defenders": 5, "p": "0.5", "survivors": 2, "dice_mode": "balanced-blitz"}, "survivors"),
    ("needed", {"defenders": 5, "p": "150", "dice_mode": "balanced-blitz"}, "p"),
    ("battle", {"attackers": 0, "defenders": 3, "dice_mode": "balanced-blitz"}, "attackers"),
])
def test_errors_name_their_field(op, params, field):
    r = call(op, convention="attacking", **params)
    assert r["ok"] is False and r["error"]["field"] == field
    assert len(r["error"]["message"]) > 20


def cli(*args):
    out = io.StringIO()
    return run(list(args), out=out), out.getvalue()


def test_cli_dice_mode():
    code, text = cli("battle", "30", "15", "--convention", "attacking", "--capital", "--dice-mode",
                     "balanced-blitz")
    b = ro.battle(30, 15, convention="attacking", rules=ro.CAPITAL, dice_mode="balanced-blitz")
    assert code == 0 and "Balanced Blitz" in text
    assert f"P(win)   = {b.win:.10g}" in text and f"true random: {float(b.true_random.win):.10g}" in text
    code, text = cli("needed", "50", "0.8", "--convention", "attacking", "--dice-mode", "balanced-blitz", "--json")
    assert code == 0 and json.loads(text)["needed"] == 49
    code, text = cli("defenders", "20", "0.5", "--convention", "attacking", "--dice-mode", "balanced-blitz")
    assert code == 0 and text.startswith(
        f"{ro.defenders_needed(20, '0.5', convention='attacking', dice_mode='balanced-blitz')} defenders")
    code, text = cli("battle", "30", "15", "--convention", "attacking", "--retreat-at", "3",
                     "--dice-mode", "balanced-blitz")
    assert code == 2 and "stop until" in text


def test_describe_publishes_the_dice_modes_the_api_takes():
    modes = call("describe")["dice_modes"]
    assert [value for value, _ in modes] == [v for v, _ in __import__('riskodds').facts.limits.DICE_MODES] == ["true-random", "balanced-blitz"]
    assert dict(modes)["balanced-blitz"] == __import__("riskodds.answers.balanced").answers.balanced.NAME
    for value, _ in modes:
        r = call("battle", attackers=4, defenders=3, convention="attacking", dice_mode=value)
        assert r["ok"] and r.get("dice_mode", "true-random") == value
