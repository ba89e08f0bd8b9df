"""JSON-able API for the browser worker: plain dicts in, plain dicts out, never an exception.

Every probability is {"num": "<int>", "den": "<int>", "float": x, "log10": y}; log10 comes from
the integers, so it is right far below the float range (float is then 0.0). Army counts are
in the request's convention. See docs/engine-api.md for the operations.
"""
import json
import sys
from fractions import Fraction


from . import balanced_api      # dice_mode "balanced-blitz"
from .battle import DEFAULT_MAX_STATES, battle, check_size, passage_value, setup
from .cost import UNLIMITED, Budget, Estimated, battle_cost, check, sweep_cost
from .campaign import campaign
from .inverse import defenders_needed, troops_needed
from .limits import LIMITS, RULE_FIELDS, describe
from .rounds import outcome_space
from .model import as_model, round_total, scale_for
from .rules import Rules
from .scaled import fraction_log10
from .summary import approx, battle_summary
from .sweep import win_lines
from .validate import FieldError, check_armies, check_choice, check_convention, check_int, offset, show



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


def _opt(params, name, default=None):
    """An optional param: missing or null keeps `default`; any other value is checked by the
    engine (so false, "" and [] are refused, not read as 0)."""
    value = params.get(name)
    return default if value is None else value


def _rules(params, override=None):
    fields = {k: params[k] for k in RULE_NAMES if params.get(k) is not None}
    if override:
        fields.update({k: override[k] for k in RULE_NAMES if override.get(k) is not None})
    for k in INT_RULES:
        if k in fields:
            fields[k] = check_int(k, fields[k])
    return Rules(**fields)


def _budget(params):
    """The request's Budget: time_budget_s and memory_budget_mb (numbers; null: the default of
    this interpreter, see limits.py), estimate_only (true: answer with the estimate only)."""
    dry = check_choice("estimate_only", _opt(params, "estimate_only", False), (True, False))
    return Budget(_opt(params, "time_budget_s"), _opt(params, "memory_budget_mb"), dry)


def _common(params):
    convention = check_convention(params.get("convention"))
    limit = params.get("max_states", DEFAULT_MAX_STATES)
    return convention, _rules(params), limit, _budget(params)


def near(x):
    """An Approx (summary.py) as {"float", "log10"}."""
    return {"float": x.float, "log10": x.log10}


def op_battle(params):
    convention, rules, limit, budget = _common(params)
    detail = check_choice("detail", _opt(params, "detail", "full"), ("full", "summary"))
    survivors = _opt(params, "survivors")
    if survivors is not None:
        survivors = check_armies("survivors", survivors, 0)
    args = (params.get("attackers"), params.get("defenders"))
    kw = dict(convention=convention, rules=rules, retreat_at=_opt(params, "retreat_at"),
              defender_goal=_opt(params, "defender_goal", 0), max_states=limit)
    if detail == "full":        # every end state as exact text: estimated here, with the text
        s = setup(*args, kw["convention"], rules, kw["retreat_at"], kw["defender_goal"], limit)
        check(battle_cost(s.A, s.D, rules, "full", f"a battle of {s.A + s.offset:,} v {s.D:,} with every end state exact"),
              budget, s.bigger_side, 'Ask for detail="summary" (exact totals, approximate lists), or fewer armies.')
        b = battle(*args, **kw, budget=UNLIMITED)
        lists = {"attackers_lost": [prob(p) for p in b.attackers_lost],
                 "defenders_lost": [prob(p) for p in b.defenders_lost],
                 "end_states": [{"attackers": a, "defenders": d, "p": prob(p)}
                                for (a, d), p in b.end_states.items()]}
        kept = None if survivors is None else b.win_with_at_least(survivors)
    else:                       # exact totals, approximate lists, in linear memory
        b = battle_summary(*args, survivors=survivors, **kw, budget=budget)
        lists = {"attackers_lost": [near(x) for x in b.attackers_lost],
                 "defenders_lost": [near(x) for x in b.defenders_lost],
                 "end_states": [{"attackers": a, "defenders": d, "p": near(x)} for (a, d), x in b.end_states]}
        kept = b.win_with_survivors
    out = {"attackers": b.attackers, "defenders": b.defenders, "convention": convention,
           "win": prob(b.win), "loss": prob(b.loss), "stopped": prob(b.stopped)}
    if kept is not None:
        out["win_with_survivors"] = prob(kept)
    if b.win and not b.stopped:  # E[armies left | win], for the calculators' answer line.
        # Without a retreat a battle is won or wiped out (every attacking army lost), so
        # E[lost] = E[lost | win] P(win) + A P(loss); armies left = start - lost (call's convention).
        a = b.attackers - offset(convention)
        out["mean_survivors_on_win"] = prob(b.attackers - (b.mean_attackers_lost - a * b.loss) / b.win)
    for side in ("attackers", "defenders"):
        out[f"mean_{side}_lost"] = prob(getattr(b, f"mean_{side}_lost"))
        out[f"var_{side}_lost"] = prob(getattr(b, f"var_{side}_lost"))
        out[f"std_{side}_lost"] = getattr(b, f"std_{side}_lost")
    return {**out, **lists}


def op_path(params):
    convention, rules, limit, budget = _common(params)
    start = (params.get("start_attackers"), params.get("start_defenders"))
    end = (params.get("end_attackers"), params.get("end_defenders"))
    value, scale = passage_value(start, end, convention=convention, rules=rules,
                                 retreat_at=_opt(params, "retreat_at"),
                                 defender_goal=_opt(params, "defender_goal", 0), max_states=limit,
                                 budget=budget)
    return {"probability": prob(scale.fraction(value))}


def op_needed(params):
    convention, rules, limit, budget = _common(params)
    n, reached, below = troops_needed(params.get("defenders"), params.get("p"), convention=convention,
                                      rules=rules, survivors=_opt(params, "survivors", 0),
                                      max_states=limit, with_values=True, budget=budget)
    return {"needed": n, "reached": prob(reached), "below": None if below is None else prob(below)}


def op_defenders_needed(params):
    convention, rules, limit, budget = _common(params)
    n, reached, below = defenders_needed(params.get("attackers"), params.get("p"), convention=convention,
                                         rules=rules, max_states=limit, with_values=True, budget=budget)
    return {"needed": n, "reached": prob(reached), "below": None if below is None else prob(below)}


def op_campaign(params):
    convention, base, limit, budget = _common(params)
    raw = params.get("territories")
    if isinstance(raw, str):
        raw = [t for t in raw.replace(" ", "").split(",") if t]
    if not isinstance(raw, list):
        raise FieldError("territories must be a list of defender counts, like 3,2,5", "territories")
    defenders, rules = [], []
    for i, t in enumerate(raw):
        if isinstance(t, dict):
            defenders.append(t.get("defenders"))
            try:
                rules.append(_rules(params, t))
            except FieldError as e:
                raise FieldError(f"territories[{i}]: {e}", "territories") from None
        else:
            defenders.append(t)
            rules.append(base)
    c = campaign(params.get("attackers"), defenders, convention=convention, leave=_opt(params, "leave", 1),
                 rules=rules, retreat_at=_opt(params, "retreat_at"), max_states=limit, budget=budget)
    return {"win": prob(c.win), "territory_win": [prob(p) for p in c.territory_win],
            "reach": [prob(p) for p in c.reach],
            "conquered_exactly": [prob(p) for p in c.conquered_exactly],
            "scores": [{"score": s, "p": prob(p)} for s, p in c.scores.items()],
            "expected_survivors": prob(c.expected_survivors), "mean_survivors": prob(c.mean_survivors),
            "end_states": [{"conquered": k, "attackers": a, "defenders": d, "p": prob(p)}
                           for (k, a, d), p in c.end_states.items()]}


def op_table(params):
    convention, rules, limit, budget = _common(params)
    side = LIMITS["max_table_side"]
    n_a = check_int("max_attackers", params.get("max_attackers"), 1, side)
    n_d = check_int("max_defenders", params.get("max_defenders"), 1, side)
    check_size(n_a * n_d, limit, f"a {n_a} x {n_d} table", "max_attackers")
    detail = check_choice("detail", _opt(params, "detail", "summary"), ("full", "summary"))
    model = as_model(rules)
    check(sweep_cost(n_a, n_d, model, f"a {n_a:,} x {n_d:,} table" + (" of exact values" if detail == "full" else ""),
                     cells_out=n_a * n_d, text_out=detail == "full"), budget,
          "max_attackers", 'Ask for detail="summary", or a smaller table.' if detail == "full" else "Ask for a smaller table.")
    off = offset(convention)
    scale = scale_for(model)
    encode = (lambda v: prob(scale.fraction(v))) if detail == "full" else (lambda v: near(approx(v, scale)))
    encode = balanced_api.table_encoder(params, scale) or encode    # Balanced Blitz rows are reals
    rows = [[encode(scale.zero)] * n_d for _ in range(min(off, n_a))]
    # equal armies k v k (call's convention): W(k - off, k) in attacking armies, k <= n_a, n_d
    equal = [encode(scale.zero)] * min(off, n_a, n_d)
    for a, line in win_lines(model, scale, n_d, "attackers"):
        if a >= 1:
            rows.append([encode(v) for v in line[1:n_d + 1]])
            if a + off <= min(n_a, n_d):
                equal.append(encode(line[a + off]))
            if a + off >= n_a:
                break
    return {"rows": rows, "equal_armies": equal}


def op_outcome_space(params):
    rules = _rules(params)
    lo, hi = LIMITS["min_dice"], LIMITS["max_dice"]
    na = check_int("attack_dice_rolled", params.get("attack_dice_rolled"), lo, hi)
    nd = check_int("defend_dice_rolled", params.get("defend_dice_rolled"), lo, hi)
    space = outcome_space(na, nd, rules)
    total = round_total(rules, na, nd)
    return {"outcomes": [{"attacker_losses": al, "defender_losses": dl, "count": c, "p": prob(Fraction(c, total))}
                         for (al, dl), c in sorted(space.items())],
            "total": total}



def op_describe(params):
    return describe()


OPS = {"describe": op_describe, "battle": op_battle, "path": op_path, "needed": op_needed,
       "defenders_needed": op_defenders_needed, "campaign": op_campaign, "table": op_table,
       "outcome_space": op_outcome_space}

# engine argument names -> the request field a form should mark
FIELD_ALIASES = {"path": {"attackers": "start_attackers", "defenders": "start_defenders",
                          "end attackers": "end_attackers", "end defenders": "end_defenders",
                          "start": "start_attackers", "end": "end_attackers"}}


MAX_MESSAGE = 400      # characters: a message sits next to a form field


def handle(op, params):
    """Run one operation; returns {"ok": True, "op": op, ...} or {"ok": False, "error": {...}}.

    Total: any op and params (of any type) give an answer, never an exception (except
    KeyboardInterrupt, which is how the browser cancels a run)."""
    if not isinstance(op, str) or op not in OPS:
        return _error(None, f"unknown operation {show(op)}; expected one of {', '.join(OPS)}")
    if not isinstance(params, dict):
        return _error(None, f"params must be an object (a JSON {{...}}), got {show(params)}")
    _lift_int_str_limit()       # again per call: the host may have reset it
    try:
        run = balanced_api.route(op, params, lambda p: _common(p)[:3]) or OPS[op]    # dice_mode
        return {"ok": True, "op": op, **run(params)}
    except Estimated as e:
        return {"ok": True, "op": op, "estimate": _estimate(e.estimate, e.budget)}
    except FieldError as e:
        return _error(FIELD_ALIASES.get(op, {}).get(e.field, e.field), str(e))
    except ValueError as e:
        return _error(None, str(e))
    except (MemoryError, RecursionError) as e:
        return _error(None, f"the computation ran out of resources ({type(e).__name__}); try smaller armies")
    except Exception as e:      # a bug: still an answer the page can show
        return _error(None, f"internal error ({type(e).__name__}) in {op}; please report this request")


def _estimate(estimate, budget):
    """An estimate for estimate_only requests: seconds in this interpreter, MB, and the budget."""
    return {"seconds": estimate.here(), "mb": estimate.mb, "what": estimate.what,
            "time_budget_s": budget.seconds, "memory_budget_mb": budget.mb,
            "fits": estimate.here() <= budget.seconds and estimate.mb <= budget.mb}


def _error(field, message):
    if len(message) > MAX_MESSAGE:
        message = message[:MAX_MESSAGE - 3] + "..."
    return {"ok": False, "error": {"field": field, "message": message}}


def call(op, params_json):
    """JSON text in, JSON text out: the worker's single entry point. Never raises."""
    if not isinstance(params_json, str):
        return json.dumps(_error(None, f"params must be JSON text, got {show(params_json)}"))
    top = LIMITS["max_request_chars"]
    if len(params_json) > top:
        return json.dumps(_error(None, f"the request is too long: {len(params_json):,} characters "
                                       f"(at most {top:,})"))
    try:
        params = json.loads(params_json)
    except (ValueError, RecursionError) as e:
        return json.dumps(_error(None, f"params must be JSON text ({type(e).__name__})"))
    return json.dumps(handle(op, params))
