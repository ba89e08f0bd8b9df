"""Run the bad-input matrix (bad_inputs.py) through api.handle, api.call and the Python API:
each request is refused quickly, with a short message that names the field and says why."""
import json

import pytest

import riskodds as ro
import riskodds.interfaces.api as api
from enginehelpers import forbid_work
from riskodds.facts.limits import LIMITS
from bad_inputs import MISSING, REQUESTS, ROWS

MAX_MESSAGE = 400        # a message is read next to a form field: short, never the input echoed whole


def row_id(r):
    op, params, field, fragment = r
    changed = {k: v for k, v in params.items() if v is not MISSING}
    text = json.dumps(changed, default=repr)
    return f"{op}:{field}:{text[:60]}"


def check_error(res, field, fragment):
    assert res["ok"] is False, str(res)[:300]
    err = res["error"]
    assert set(err) - {"territories"} == {"field", "message"}, err
    if "territories" in err:           # board territories the message is about, for a map to mark
        assert err["territories"] and all(t in ro.facts.board.TERRITORIES
                                          for t in err["territories"]), err
    assert err["field"] == field, err
    assert fragment.lower() in err["message"].lower(), err
    assert 0 < len(err["message"]) <= MAX_MESSAGE, len(err["message"])
    assert "Traceback" not in err["message"] and "object has no attribute" not in err["message"]


@pytest.mark.parametrize("case", ROWS, ids=row_id)
def test_handle_and_call_refuse(case):
    op, params, field, fragment = case
    with forbid_work():          # refused before any work, however loaded the machine
        check_error(api.handle(op, params), field, fragment)
        text = json.dumps(params)
        if len(text) > LIMITS["max_request_chars"]:     # refused as a whole before it is read
            field, fragment = None, "the request is too long"
        check_error(json.loads(api.call(op, text)), field, fragment)


@pytest.mark.parametrize("op,text,fragment", REQUESTS, ids=lambda x: repr(x)[:40])
def test_call_never_raises(op, text, fragment):
    with forbid_work():
        out = api.call(op, text)
    assert isinstance(out, str)
    res = json.loads(out)
    check_error(res, None if fragment != "must be a whole number" else "attackers", fragment)


@pytest.mark.parametrize("op", [["battle"], None, 3, {"op": "battle"}, b"battle", ("battle",)])
@pytest.mark.parametrize("params", [None, [], "text", 3, {"attackers": 5}])
def test_handle_is_total(op, params):
    res = api.handle(op, params)
    assert res["ok"] is False and res["error"]["message"]


# ---- the same rows through the Python API, where a function takes the same arguments
RULE_NAMES = [f["name"] for f in ro.facts.limits.RULE_FIELDS]


def _rules(params):
    return ro.Rules(**{k: params[k] for k in RULE_NAMES if params.get(k) is not None})


def _optional(params, *names):
    return {k: params[k] for k in names if k in params and params[k] is not None}


def python_call(op, p):
    """The Python API's answer to a JSON row (None where the JSON op has no Python twin)."""
    budget = ro.Budget(p.get("time_budget_s"), p.get("memory_budget_mb"))
    mode = _optional(p, "dice_mode")
    if op == "battle":
        return ro.battle(p.get("attackers"), p.get("defenders"), convention=p.get("convention"),
                         rules=_rules(p), **_optional(p, "retreat_at", "defender_goal"), **mode, budget=budget)
    if op == "needed":
        return ro.troops_needed(p.get("defenders"), p.get("p"), convention=p.get("convention"),
                                rules=_rules(p), **_optional(p, "survivors"), **mode, budget=budget)
    if op == "defenders_needed":
        return ro.defenders_needed(p.get("attackers"), p.get("p"), convention=p.get("convention"),
                                   rules=_rules(p), **mode, budget=budget)
    if op == "path":
        return ro.probability((p.get("start_attackers"), p.get("start_defenders")),
                              (p.get("end_attackers"), p.get("end_defenders")),
                              convention=p.get("convention"), rules=_rules(p),
                              **_optional(p, "retreat_at", "defender_goal"), **mode, budget=budget)
    return None


def _python_twin(row):
    """Rows whose JSON request has a Python equivalent: not the JSON-only params (survivors and
    detail of the battle op, estimate_only), not the refusals of the JSON battle's exact text."""
    op, params, field, fragment = row
    if op not in ("battle", "needed", "defenders_needed", "path") or "estimate_only" in params:
        return False
    if op == "battle" and ({"survivors", "detail"} & set(params) or field in ("attackers", "defenders")
                           and ("budget" in fragment or fragment.endswith(" s") or "summary" in fragment)):
        return False
    return True


PY_ROWS = [r for r in ROWS if _python_twin(r)]


@pytest.mark.parametrize("case", PY_ROWS, ids=row_id)
def test_python_api_refuses(case):
    op, params, field, fragment = case
    with forbid_work(), pytest.raises(ValueError) as info:
        python_call(op, params)
    err = info.value
    got = api.FIELD_ALIASES.get(op, {}).get(getattr(err, "field", None), getattr(err, "field", None))
    assert got == field, (str(err)[:200], got)
    assert fragment.lower() in str(err).lower()
    assert len(str(err)) <= MAX_MESSAGE


def test_matrix_is_big_and_covers_every_op():
    assert len(ROWS) + len(REQUESTS) >= 300
    assert {r[0] for r in ROWS} == set(api.OPS) - {"describe"}
    assert len(PY_ROWS) >= 100


# ---- the edges that must keep working (the good neighbours of the bad rows); " 7 " is refused
# since issue 25: a number in JSON text has nothing around its digits
@pytest.mark.parametrize("value", [7, "7", "+7", "007"])
def test_plain_whole_numbers_are_accepted(value):
    res = api.handle("battle", {"attackers": value, "defenders": 3, "convention": "attacking"})
    assert res["ok"], res
    want = ro.battle(7, 3, convention="attacking").win
    assert (int(res["win"]["num"]), int(res["win"]["den"])) == (want.numerator, want.denominator)


@pytest.mark.parametrize("name", ["survivors", "defender_goal", "retreat_at"])
def test_missing_or_null_optional_fields_keep_their_default(name):
    plain = api.handle("battle", {"attackers": 10, "defenders": 5, "convention": "attacking"})
    for params in ({name: None}, {}):
        res = api.handle("battle", {"attackers": 10, "defenders": 5, "convention": "attacking", **params})
        assert res["ok"] and res["win"] == plain["win"]


@pytest.mark.parametrize("p,want", [("0.5", (1, 2)), ("1/2", (1, 2)), (" 0.50 ", (1, 2)), (0.95, (19, 20)),
                                    ("5e-1", (1, 2)), ("1", (1, 1)), ("." + "9" * 50, (10 ** 50 - 1, 10 ** 50)),
                                    # percentages: with "%", or a bare number above 1 (text only)
                                    ("90", (9, 10)), ("90 %", (9, 10)), ("90%", (9, 10)), ("0.9", (9, 10)),
                                    ("100", (1, 1)), ("2.5 %", (1, 40)), ("1.5", (3, 200)), ("0.5%", (1, 200))])
def test_probability_text_forms(p, want):
    from fractions import Fraction
    from riskodds.checks.validate import check_probability
    assert check_probability("p", p) == Fraction(*want)


def test_longest_allowed_number_text_is_accepted():
    text = "0" * (LIMITS["max_input_chars"] - 1) + "7"
    res = api.handle("battle", {"attackers": text, "defenders": 3, "convention": "attacking"})
    assert res["ok"] and res["attackers"] == 7
