"""JSON-able API for the browser worker: plain dicts in, plain dicts out, never an exception.

Every probability is {"num": "<int>", "den": "<int>", "float": x, "log10": y}; log10 comes from
the integers, so it is right far below the float range (float is then 0.0). Army counts are
in the request's convention. See docs/engine-api.md for the operations.
"""
import json
import sys
from fractions import Fraction


from . import balanced_api      # BLITZ hook (issue 10): dice_mode "balanced-blitz"
from .battle import DEFAULT_MAX_STATES, battle, check_size, passage_value
from .campaign import campaign
from .inverse import defenders_needed, troops_needed
from .limits import LIMITS, RULE_FIELDS, describe
from .rounds import outcome_space
from .rules import Rules
from .scaled import Scale, fraction_log10
from .sweep import win_lines
from .validate import FieldError, check_choice, check_int, offset



def _lift_int_str_limit():
    """Exact answers have thousands of digits; CPython refuses str() past 4300 by default."""
    if hasattr(sys, "set_int_max_str_digits"):
        sys.set_int_max_str_digits(0)


_lift_int_str_limit()

RULE_NAMES = tuple(f["name"] for f in RULE_FIELDS)
INT_RULES = tuple(f["name"] for f in RULE_FIELDS if isinstance(f["default"], int))


def prob(f):
    """A Fraction as the API's probability object."""
    f = Fraction(f)
    return {"num": str(f.numerator), "den": str(f.denominator), "float": float(f),
            "log10": fraction_log10(f)}


def approx(value, scale):
    """A scaled value as {"float", "log10"} only (for long distributions)."""
    return {"float": scale.as_float(value), "log10": scale.log10(value)}


def _rules(params, override=None):
    fields = {k: params[k] for k in RULE_NAMES if params.get(k) is not None}
    if override:
        fields.update({k: override[k] for k in RULE_NAMES if override.get(k) is not None})
    for k in INT_RULES:
        if k in fields:
            fields[k] = check_int(k, fields[k])
    return Rules(**fields)


def _common(params):
    convention = params.get("convention")
    check_choice("convention", convention, ("attacking", "territory"))
    limit = params.get("max_states", DEFAULT_MAX_STATES)
    return convention, _rules(params), limit


def op_battle(params):
    convention, rules, limit = _common(params)
    detail = check_choice("detail", params.get("detail", "full"), ("full", "summary"))
    b = battle(params.get("attackers"), params.get("defenders"), convention=convention, rules=rules,
               retreat_at=params.get("retreat_at"), defender_goal=params.get("defender_goal") or 0,
               max_states=limit)
    out = {"attackers": b.attackers, "defenders": b.defenders, "convention": convention,
           "win": prob(b.win), "loss": prob(b.loss), "stopped": prob(b.stopped)}
    if params.get("survivors") is not None:
        out["win_with_survivors"] = prob(b.win_with_at_least(params["survivors"]))
    if b.win:  # FRONT hook (issue 12): E[attackers left | win], call's convention, for the answer line
        sc, off, goal = b.scale, offset(convention), b.setup.goal
        left = sc.total(((a + off) * n, e) for (a, d), (n, e) in b.raw_ends.items() if d <= goal)
        out["mean_survivors_on_win"] = prob(sc.fraction(left) / b.win)
    for side in ("attackers", "defenders"):
        out[f"mean_{side}_lost"] = prob(getattr(b, f"mean_{side}_lost"))
        out[f"var_{side}_lost"] = prob(getattr(b, f"var_{side}_lost"))
        out[f"std_{side}_lost"] = getattr(b, f"std_{side}_lost")
    off = offset(convention)
    if detail == "full":
        out["attackers_lost"] = [prob(p) for p in b.attackers_lost]
        out["defenders_lost"] = [prob(p) for p in b.defenders_lost]
        out["end_states"] = [{"attackers": a, "defenders": d, "p": prob(p)} for (a, d), p in b.end_states.items()]
    else:
        s = b.scale
        out["attackers_lost"] = [approx(v, s) for v in b.lost_scaled(0)]
        out["defenders_lost"] = [approx(v, s) for v in b.lost_scaled(1)]
        out["end_states"] = [{"attackers": a + off, "defenders": d, "p": approx(v, s)}
                             for (a, d), v in sorted(b.raw_ends.items())]
    return out


def op_path(params):
    convention, rules, limit = _common(params)
    start = (params.get("start_attackers"), params.get("start_defenders"))
    end = (params.get("end_attackers"), params.get("end_defenders"))
    value, scale = passage_value(start, end, convention=convention, rules=rules,
                                 retreat_at=params.get("retreat_at"),
                                 defender_goal=params.get("defender_goal") or 0, max_states=limit)
    return {"probability": prob(scale.fraction(value))}


def op_needed(params):
    convention, rules, limit = _common(params)
    n, reached, below = troops_needed(params.get("defenders"), params.get("p"), convention=convention,
                                      rules=rules, survivors=params.get("survivors") or 0,
                                      max_states=limit, with_values=True)
    return {"needed": n, "reached": prob(reached), "below": None if below is None else prob(below)}


def op_defenders_needed(params):
    convention, rules, limit = _common(params)
    n, reached, below = defenders_needed(params.get("attackers"), params.get("p"), convention=convention,
                                         rules=rules, max_states=limit, with_values=True)
    return {"needed": n, "reached": prob(reached), "below": None if below is None else prob(below)}


def op_campaign(params):
    convention, base, limit = _common(params)
    raw = params.get("territories")
    if isinstance(raw, str):
        raw = [t for t in raw.replace(" ", "").split(",") if t]
    if not isinstance(raw, list):
        raise FieldError("territories must be a list of defender counts, like 3,2,5", "territories")
    defenders, rules = [], []
    for i, t in enumerate(raw):
        if isinstance(t, dict):
            defenders.append(t.get("defenders"))
            rules.append(_rules(params, t))
        else:
            defenders.append(t)
            rules.append(base)
    c = campaign(params.get("attackers"), defenders, convention=convention, leave=params.get("leave", 1),
                 rules=rules, retreat_at=params.get("retreat_at"), max_states=limit)
    return {"win": prob(c.win), "territory_win": [prob(p) for p in c.territory_win],
            "reach": [prob(p) for p in c.reach],
            "conquered_exactly": [prob(p) for p in c.conquered_exactly],
            "scores": [{"score": s, "p": prob(p)} for s, p in c.scores.items()],
            "expected_survivors": prob(c.expected_survivors), "mean_survivors": prob(c.mean_survivors),
            "end_states": [{"conquered": k, "attackers": a, "defenders": d, "p": prob(p)}
                           for (k, a, d), p in c.end_states.items()]}


def op_table(params):
    convention, rules, limit = _common(params)
    side = LIMITS["max_table_side"]
    n_a = check_int("max_attackers", params.get("max_attackers"), 1, side)
    n_d = check_int("max_defenders", params.get("max_defenders"), 1, side)
    check_size(n_a * n_d, limit, f"a {n_a} x {n_d} table", "max_attackers")
    detail = check_choice("detail", params.get("detail", "summary"), ("full", "summary"))
    off = offset(convention)
    scale = Scale([rules.attack_faces, rules.defend_faces])
    encode = (lambda v: prob(scale.fraction(v))) if detail == "full" else (lambda v: approx(v, scale))
    encode = balanced_api.table_encoder(params, scale) or encode    # BLITZ hook (issue 10)
    rows = [[encode(scale.zero)] * n_d for _ in range(min(off, n_a))]
    lines = {}
    for a, line in win_lines(rules, scale, max(n_d, n_a), "attackers"):
        if a >= 1:
            lines[a] = line
            if a + off <= n_a:
                rows.append([encode(v) for v in line[1:n_d + 1]])
        if a + off >= n_a and a >= n_a:
            break
    equal = [encode(lines[k - off][k]) if k - off >= 1 else encode(scale.zero)
             for k in range(1, min(n_a, n_d) + 1)]
    return {"rows": rows, "equal_armies": equal}


def op_outcome_space(params):
    rules = _rules(params)
    na = check_int("attack_dice_rolled", params.get("attack_dice_rolled"))
    nd = check_int("defend_dice_rolled", params.get("defend_dice_rolled"))
    space = outcome_space(na, nd, rules)
    return {"outcomes": [{"attacker_losses": al, "defender_losses": dl, "count": c}
                         for (al, dl), c in sorted(space.items())],
            "total": rules.attack_faces ** na * rules.defend_faces ** nd}


def op_describe(params):
    return describe()


OPS = {"describe": op_describe, "battle": op_battle, "path": op_path, "needed": op_needed,
       "defenders_needed": op_defenders_needed, "campaign": op_campaign, "table": op_table,
       "outcome_space": op_outcome_space}

# engine argument names -> the request field a form should mark
FIELD_ALIASES = {"path": {"attackers": "start_attackers", "defenders": "start_defenders",
                          "end attackers": "end_attackers", "end defenders": "end_defenders",
                          "start": "start_attackers", "end": "end_attackers"}}


def handle(op, params):
    """Run one operation; returns {"ok": True, "op": op, ...} or {"ok": False, "error": {...}}."""
    if op not in OPS:
        return _error(None, f"unknown operation {op!r}; expected one of {', '.join(OPS)}")
    if not isinstance(params, dict):
        return _error(None, "params must be an object")
    _lift_int_str_limit()       # again per call: the host may have reset it
    try:
        run = balanced_api.route(op, params, _common) or OPS[op]    # BLITZ hook (issue 10): dice_mode
        return {"ok": True, "op": op, **run(params)}
    except FieldError as e:
        return _error(FIELD_ALIASES.get(op, {}).get(e.field, e.field), str(e))
    except ValueError as e:
        return _error(None, str(e))
    except (MemoryError, RecursionError) as e:
        return _error(None, f"the computation ran out of resources ({type(e).__name__}); try smaller armies")


def _error(field, message):
    return {"ok": False, "error": {"field": field, "message": message}}


def call(op, params_json):
    """JSON text in, JSON text out: the worker's single entry point."""
    try:
        params = json.loads(params_json)
    except (TypeError, ValueError):
        return json.dumps(_error(None, "params must be JSON text"))
    return json.dumps(handle(op, params))
