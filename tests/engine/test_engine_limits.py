"""Limits defined once (contract C1): riskodds.facts.limits is what the engine enforces, what
describe() publishes, and what docs/engine-api.md states."""
import dataclasses
import json
import pathlib
import re

import pytest

import riskodds as ro
import riskodds.interfaces.api as api
from riskodds.facts.limits import LIMITS, RULE_FIELDS, RULE_FIELD, CONVENTIONS
from riskodds.interfaces.describe import describe, markdown

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "engine-api.md"


def test_doc_states_the_real_limits():
    text = DOC.read_text()
    section = re.search(r"<!-- limits:begin -->\n(.*)<!-- limits:end -->", text, re.S)
    assert section, "docs/engine-api.md lost its limits section"
    assert section.group(1) == markdown(), (
        "docs/engine-api.md is stale: paste `PYTHONPATH=pysite python -m riskodds describe --markdown`")
    # and no other range of faces in the doc contradicts the limit (it once said 2..100 while
    # the engine stopped at 20)
    assert f"{LIMITS['min_faces']}..{LIMITS['max_faces']}" in text
    assert {int(n) for n in re.findall(r"\b2\.\.(\d+)\b", text)} == {LIMITS["max_faces"]}


def test_describe_op_is_describe_and_json():
    res = api.handle("describe", {})
    assert res["ok"] and res["op"] == "describe"
    assert {k: v for k, v in res.items() if k not in ("ok", "op")} == json.loads(json.dumps(describe()))
    assert json.loads(api.call("describe", "{}"))["limits"] == LIMITS
    assert {"limits", "rule_fields", "conventions"} <= set(res)


def test_rule_fields_are_the_rules_fields_with_their_defaults():
    assert [f["name"] for f in RULE_FIELDS] != []
    assert {f["name"] for f in RULE_FIELDS} == {f.name for f in dataclasses.fields(ro.Rules)}
    for f in RULE_FIELDS:
        assert getattr(ro.Rules(), f["name"]) == f["default"]
        assert f["kind"] in ("int", "choice", "weights") and f["label"]


@pytest.mark.parametrize("field", RULE_FIELDS, ids=lambda f: f["name"])
def test_rule_fields_are_what_rules_accept(field):
    name = field["name"]
    if field["kind"] == "choice":
        for value, label in field["choices"]:
            assert getattr(ro.Rules(**{name: value}), name) == value and label
        assert field["default"] in [v for v, _ in field["choices"]]
        bad = "nonsense" if isinstance(field["default"], str) else field["max"] + 1
        with pytest.raises(ValueError, match=name):
            ro.Rules(**{name: bad})
    if field["kind"] == "weights":     # one weight per face of the die named by faces_field
        faces = RULE_FIELD[field["faces_field"]]
        for n in (faces["min"], faces["max"]):
            weights = [field["min"]] * (n - 1) + [field["max"]]
            r = ro.Rules(**{faces["name"]: n, name: weights})
            assert getattr(r, name) == tuple(weights[:-1]) + (1,)     # divided by the gcd
        for bad in ([field["max"] + 1] + [1] * 5, [field["min"] - 1] + [1] * 5, [1] * 5, [0] * 6):
            with pytest.raises(ValueError, match=name):
                ro.Rules(**{name: bad})
            res = api.handle("outcome_space", {"attack_dice_rolled": 1, "defend_dice_rolled": 1, name: bad})
            assert not res["ok"] and res["error"]["field"] == name
    elif "min" in field:
        assert ro.Rules(**{name: field["min"]}) and ro.Rules(**{name: field["max"]})
        for bad in (field["min"] - 1, field["max"] + 1):
            with pytest.raises(ValueError, match=f"{name} must be a whole number from "
                                                 f"{field['min']} to {field['max']}"):
                ro.Rules(**{name: bad})
            res = api.handle("outcome_space", {"attack_dice_rolled": 1, "defend_dice_rolled": 1, name: bad})
            assert not res["ok"] and res["error"]["field"] == name


def test_faces_limit_is_the_single_constant():
    top = LIMITS["max_faces"]
    assert RULE_FIELD["attack_faces"]["max"] == RULE_FIELD["defend_faces"]["max"] == top
    assert sum(ro.outcome_space(1, 1, ro.Rules(attack_faces=top, defend_faces=top)).values()) == top * top


def test_army_and_territory_limits_are_enforced():
    top = LIMITS["max_armies"]
    for op, params, field, limit in [
        ("battle", {"attackers": top + 1, "defenders": 1}, "attackers", top),
        ("battle", {"attackers": 5, "defenders": top + 1}, "defenders", top),
        ("campaign", {"attackers": 5, "territories": [top + 1]}, "territories", top),
        ("campaign", {"attackers": 5, "territories": [1] * (LIMITS["max_territories"] + 1)}, "territories",
         LIMITS["max_territories"]),
        ("table", {"max_attackers": LIMITS["max_table_side"] + 1, "max_defenders": 2}, "max_attackers",
         LIMITS["max_table_side"]),
    ]:
        res = api.handle(op, {"convention": "attacking", **params})
        assert not res["ok"] and res["error"]["field"] == field, (op, params, res)
        assert f"{limit:,}" in res["error"]["message"], res
    # the largest campaign chain is allowed
    c = ro.campaign(LIMITS["max_territories"] + 2, [1] * LIMITS["max_territories"], convention="territory")
    assert c.win == c.conquered_exactly[-1] > 0


def test_conventions_are_the_engines():
    for c in CONVENTIONS:
        b = ro.battle(3 + c["offset"], 2, convention=c["name"])
        assert b.win == ro.battle(3, 2, convention="attacking").win
    with pytest.raises(ValueError, match="convention"):
        ro.battle(3, 2, convention="armies")
