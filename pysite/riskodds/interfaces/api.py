"""JSON-able API for the browser worker: plain dicts in, plain dicts out, never an exception.

Every probability is {"num": "<int>", "den": "<int>", "float": x, "log10": y}, or
{"float": x, "log10": y} where the answer is approximate (summaries' lists, Balanced Blitz);
log10 is right far below the float range (float is then 0.0). Army counts are in the request's
convention. Each operation accepts the fields describe.REQUEST_FIELDS names and refuses any
other. See docs/engine-api.md for the operations.
"""
import difflib
import json
import re
import sys
from fractions import Fraction

from ..answers.battle import DEFAULT_MAX_STATES, battle, passage_value
from ..answers.campaign import campaign
from ..answers.needed import defenders_needed, troops_needed
from ..answers.plan import plan
from ..answers.rounds import outcome_space
from ..answers.summary import battle_summary
from ..answers.tables import win_table
from ..checks.model import round_total
from ..checks.rules import Rules
from ..checks.validate import FieldError, check_armies, check_choice, check_int, check_probability, show
from ..facts import board
from ..facts.limits import ENGINE_PARTS, LIMITS, RULE_FIELDS
from ..guards.budget import Budget, Estimated, guarded
from . import encoding
from .describe import REQUEST_FIELDS, RULE_NAMES, TERRITORY_FIELDS, describe

SEPARATORS = re.compile(r"[,;\s]+")      # between a campaign's defender counts given as text
INT_RULES = tuple(f["name"] for f in RULE_FIELDS if isinstance(f["default"], int))


def _lift_int_str_limit():
    """Exact answers have thousands of digits; CPython refuses str() past 4300 by default."""
    if hasattr(sys, "set_int_max_str_digits"):
        sys.set_int_max_str_digits(0)


_lift_int_str_limit()


def check_keys(params, allowed, where):
    """Refuse any key not in `allowed`, naming it and the closest allowed key (a typo is a
    question we were not asked)."""
    for key in params:
        if key not in allowed:
            close = difflib.get_close_matches(str(key), allowed, n=1) if isinstance(key, str) else []
            hint = f"; did you mean {close[0]!r}?" if close else f"; {where} takes {', '.join(allowed)}"
            raise FieldError(f"unknown field {show(key)} in {where}{hint}", key if isinstance(key, str) else None)


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


def _common(params):
    """The keyword arguments every battle-like answer takes: convention, rules, dice mode, the
    state limit and the Budget (time_budget_s and memory_budget_mb: numbers, null for this
    interpreter's default; estimate_only: true answers with the estimate only)."""
    dry = check_choice("estimate_only", _opt(params, "estimate_only", False), (True, False))
    return {"convention": params.get("convention"), "rules": _rules(params), "dice_mode": params.get("dice_mode"),
            "max_states": params.get("max_states", DEFAULT_MAX_STATES),
            "budget": Budget(_opt(params, "time_budget_s"), _opt(params, "memory_budget_mb"), dry)}


def op_battle(params):
    kw = _common(params)
    detail = check_choice("detail", _opt(params, "detail", "full"), ("full", "summary"))
    survivors = _opt(params, "survivors")
    if survivors is not None:
        survivors = check_armies("survivors", survivors, 0)
    args = (params.get("attackers"), params.get("defenders"))
    stops = dict(retreat_at=_opt(params, "retreat_at"), defender_goal=_opt(params, "defender_goal", 0))
    if detail == "full":        # every end state as exact text
        b = battle(*args, **stops, **kw, as_text=True)
    else:                       # exact totals, approximate lists, in linear memory
        b = battle_summary(*args, **stops, **kw, survivors=survivors)
    return encoding.battle(b, survivors)


def op_path(params):
    kw = _common(params)
    start = (params.get("start_attackers"), params.get("start_defenders"))
    end = (params.get("end_attackers"), params.get("end_defenders"))
    value, scale = passage_value(start, end, retreat_at=_opt(params, "retreat_at"),
                                 defender_goal=_opt(params, "defender_goal", 0), **kw)
    return {"probability": encoding.prob(scale.fraction(value))}


def op_needed(params):
    return {**encoding.needed(troops_needed(params.get("defenders"), params.get("p"),
                                            survivors=_opt(params, "survivors", 0), with_values=True,
                                            **_common(params))), "p": _target(params)}


def op_defenders_needed(params):
    return {**encoding.needed(defenders_needed(params.get("attackers"), params.get("p"), with_values=True,
                                               **_common(params))), "p": _target(params)}


def _target(params):
    """The chance asked for, as the engine read it (exact): a page shows n and n - 1 on its two sides."""
    return encoding.prob(check_probability("p", params.get("p")))


def op_campaign(params):
    kw = _common(params)
    base = kw.pop("rules")
    raw = params.get("territories")
    if isinstance(raw, str):        # "5 3", "5, 3", "5;3": two territories, split as the form splits them
        raw = [t for t in SEPARATORS.split(raw) if t]
    if not isinstance(raw, list):
        raise FieldError("territories must be a list of defender counts, like 3,2,5", "territories")
    defenders, rules = [], []
    for i, t in enumerate(raw):
        if isinstance(t, dict):
            try:
                check_keys(t, TERRITORY_FIELDS, f"territories[{i}]")
                rules.append(_rules(params, t))
            except FieldError as e:
                raise FieldError(f"territories[{i}]: {e}", "territories") from None
            defenders.append(t.get("defenders"))
        else:
            defenders.append(t)
            rules.append(base)
    c = campaign(params.get("attackers"), defenders, leave=_opt(params, "leave", 1), rules=rules,
                 retreat_at=_opt(params, "retreat_at"), **kw)
    prob = encoding.prob
    return {"win": prob(c.win), "territory_win": [prob(p) for p in c.territory_win],
            "reach": [prob(p) for p in c.reach],
            "conquered_exactly": [prob(p) for p in c.conquered_exactly],
            "scores": [{"score": s, "p": prob(p)} for s, p in c.scores.items()],
            "expected_survivors": prob(c.expected_survivors), "mean_survivors": prob(c.mean_survivors),
            "end_states": [{"conquered": k, "attackers": a, "defenders": d, "p": prob(p)}
                           for (k, a, d), p in c.end_states.items()]}


def op_table(params):
    t = win_table(params.get("max_attackers"), params.get("max_defenders"),
                  detail=_opt(params, "detail", "summary"), **_common(params))
    out = {"rows": [[encoding.number(v) for v in row] for row in t.rows],
           "equal_armies": [encoding.number(v) for v in t.equal_armies]}
    if t.dice_mode == "balanced-blitz":
        out["dice_mode"] = t.dice_mode
    return out


def op_plan(params):
    kw = _common(params)
    p = plan(params.get("attackers"), params.get("targets"), min_move=_opt(params, "min_move", "one"), **kw)
    return encoding.plan(p)


def op_outcome_space(params):
    rules = _rules(params)
    lo, hi = LIMITS["min_dice"], LIMITS["max_dice"]
    na = check_int("attack_dice_rolled", params.get("attack_dice_rolled"), lo, hi)
    nd = check_int("defend_dice_rolled", params.get("defend_dice_rolled"), lo, hi)
    space = outcome_space(na, nd, rules)
    total = round_total(rules, na, nd)
    return {"outcomes": [{"attacker_losses": al, "defender_losses": dl, "count": c,
                          "p": encoding.prob(Fraction(c, total))} for (al, dl), c in sorted(space.items())],
            "total": total}


def op_describe(params):
    return describe()


KILL_FIELDS = ("cards", "sets_traded", "set_values")     # op turn's fields for an eliminate goal only


def op_turn(params):
    from ..answers.turn import turn          # the engine's "turn" part (facts ENGINE_PARTS): loaded on use
    from ..answers.kill import kill
    from ..checks.kill_request import is_kill_goal
    dry = check_choice("estimate_only", _opt(params, "estimate_only", False), (True, False))
    if is_kill_goal(params.get("goal")):
        k = kill(params.get("position"), params.get("player"), params.get("reinforcements"), params.get("goal"),
                 cards=_opt(params, "cards"), sets_traded=_opt(params, "sets_traded", 0),
                 set_values=_opt(params, "set_values", "growing"), rules=_rules(params),
                 min_move=_opt(params, "min_move", "dice"), dice=_opt(params, "dice", "choose"),
                 search_family=_opt(params, "search", "auto"), moving=params.get("moving"),
                 budget=Budget(_opt(params, "time_budget_s"), _opt(params, "memory_budget_mb"), dry))
        return encoding.kill(k)
    for field in KILL_FIELDS:
        if params.get(field) is not None:
            raise FieldError(f'{field}: cards count only for a goal of eliminating players ({{"eliminate": ...}}); '
                             "a goal of taking territories leaves them out", field)
    t = turn(params.get("position"), params.get("player"), params.get("reinforcements"), params.get("goal"),
             rules=_rules(params), min_move=_opt(params, "min_move", "dice"), dice=_opt(params, "dice", "choose"),
             search=_opt(params, "search", "auto"), moving=params.get("moving"),
             budget=Budget(_opt(params, "time_budget_s"), _opt(params, "memory_budget_mb"), dry))
    return encoding.turn(t)


def op_hold(params):
    from ..answers.hold import hold          # the engine's "turn" part (facts ENGINE_PARTS): loaded on use
    return encoding.hold(_against(hold, params, "hold"))


def op_keep(params):
    from ..answers.keep import keep          # the engine's "turn" part (facts ENGINE_PARTS): loaded on use
    return encoding.keep(_against(keep, params, "goal", moving=params.get("moving")))


def _against(answer, params, what, **more):
    """answers/hold.py's hold or answers/keep.py's keep on a request: the player's and the opponent's
    fields, `what` the set's field ("hold" or "goal"); `more`: the answer's own keywords."""
    dry = check_choice("estimate_only", _opt(params, "estimate_only", False), (True, False))
    return answer(params.get("position"), params.get("player"), params.get("reinforcements"), params.get(what),
                  params.get("opponent"), params.get("opponent_reinforcements"),
                  fortify=_opt(params, "fortify", "adjacent"), rules=_rules(params),
                  min_move=_opt(params, "min_move", "dice"), dice=_opt(params, "dice", "choose"),
                  budget=Budget(_opt(params, "time_budget_s"), _opt(params, "memory_budget_mb"), dry), **more)


def op_reinforcements(params):
    from ..answers.turn import reinforcements
    r = reinforcements(params.get("position"), params.get("player"), _opt(params, "cards", 0))
    return {"player": r.player, "territories": r.territories, "from_territories": r.from_territories,
            "continents": [{"name": c, "bonus": b} for c, b in r.continents], "cards": r.cards,
            "reinforcements": r.total}


OPS = {"describe": op_describe, "battle": op_battle, "path": op_path, "needed": op_needed,
       "defenders_needed": op_defenders_needed, "campaign": op_campaign, "table": op_table,
       "outcome_space": op_outcome_space, "plan": op_plan, "turn": op_turn, "reinforcements": op_reinforcements,
       "hold": op_hold, "keep": op_keep}
assert set(OPS) == set(REQUEST_FIELDS)

# engine argument names -> the request field a form should mark
FIELD_ALIASES = {"path": {"attackers": "start_attackers", "defenders": "start_defenders",
                          "end attackers": "end_attackers", "end defenders": "end_defenders",
                          "start": "start_attackers", "end": "end_attackers"}}


MAX_MESSAGE = 400      # characters: a message sits next to a form field


@guarded
def handle(op, params):
    """Run one operation; returns {"ok": True, "op": op, ...} or {"ok": False, "error": {...}}.

    Total: any op and params (of any type) give an answer, never an exception (except
    KeyboardInterrupt, which is how the browser cancels a run). One request: its running
    deadline (guards/budget.py) covers the answer's encoding too."""
    if not isinstance(op, str) or op not in OPS:
        return _error(None, f"unknown operation {show(op)}; expected one of {', '.join(OPS)}")
    if not isinstance(params, dict):
        return _error(None, f"params must be an object (a JSON {{...}}), got {show(params)}")
    _lift_int_str_limit()       # again per call: the host may have reset it
    try:
        check_keys(params, REQUEST_FIELDS[op], op)
        return {"ok": True, "op": op, **OPS[op](params)}
    except Estimated as e:
        return {"ok": True, "op": op, "estimate": _estimate(e.estimate, e.budget)}
    except FieldError as e:
        return _error(FIELD_ALIASES.get(op, {}).get(e.field, e.field), str(e), e.territories, getattr(e, "narrower", None))
    except ValueError as e:
        return _error(None, str(e))
    except (MemoryError, RecursionError) as e:
        return _error(None, f"the computation ran out of resources ({type(e).__name__}); try smaller armies")
    except Exception as e:      # a bug: still an answer the page can show
        return _error(None, f"internal error ({type(e).__name__}) in {op}; please report this request")


def warm(part):
    """Ask a part of the engine's warm-up request (facts.limits ENGINE_PARTS[part]["warm"]) and drop
    the answer. The browser's worker does this when a page shows a form that needs the part, while
    nobody waits (engine-worker.js "prepare"): the part's modules are imported, and the sweep's
    JavaScript compiled on every thread of its pool, before the player's first question, which then
    does not pay for them (bench/bench_warm.py). True where the request was answered."""
    warm_up = ENGINE_PARTS[part]["warm"]
    real = sys.modules.get("riskodds.answers.real_turn")       # loaded: a player's turn may be kept
    kept = real.kept() if real is not None else None
    try:
        return handle(warm_up["op"], warm_up["params"])["ok"]
    finally:        # the player's own turn stays kept for Play it (answers/real_turn.py continued), and
        # the warm-up's own sweep never is (the module may have been loaded by the warm-up itself)
        real = sys.modules.get("riskodds.answers.real_turn")
        if real is not None:
            real.keep(kept)


def _estimate(estimate, budget):
    """An estimate for estimate_only requests: seconds in this interpreter, MB, and the budget."""
    return {"seconds": estimate.here(), "mb": estimate.mb, "what": estimate.what,
            "time_budget_s": budget.seconds, "memory_budget_mb": budget.mb,
            "fits": estimate.fits(budget)}


def _error(field, message, territories=(), narrower=None):
    """The error answer: the field at fault (or None), the message, the board territories at
    fault when the message is about some (a map marks them), and for a turn that ran past its
    budget the narrower search estimated to fit ({"search", "words"}: a page offers it)."""
    if len(message) > MAX_MESSAGE:
        message = message[:MAX_MESSAGE - 3] + "..."
    error = {"field": field, "message": message}
    if territories:
        error["territories"] = list(territories)
    if narrower:
        error["narrower"] = dict(narrower)
    return {"ok": False, "error": error}


def call(op, params_json):
    """JSON text in, JSON text out: the worker's single entry point. Never raises."""
    if not isinstance(params_json, str):
        return json.dumps(_error(None, f"params must be JSON text, got {show(params_json)}"))
    top = LIMITS["max_request_chars"]
    if len(params_json) > top:
        return json.dumps(_error(None, f"the request is too long: {len(params_json):,} characters "
                                       f"(at most {top:,})"))
    try:
        params = loads(params_json, "params", REQUEST_FIELDS.get(op, ()) if isinstance(op, str) else ())
    except FieldError as e:
        return json.dumps(_error(e.field, str(e), e.territories))
    return json.dumps(handle(op, params))


class _Repeated(Exception):
    def __init__(self, key):
        super().__init__(key)
        self.key = key


def _once(pairs):
    """A JSON object's pairs as a dict, refusing a key given twice (json keeps the last silently)."""
    out = {}
    for key, value in pairs:
        if key in out:
            raise _Repeated(key)
        out[key] = value
    return out


def loads(text, what, fields=()):
    """JSON text read for a request (`what`: "params", or the file it came from), or a FieldError
    in a player's words: not JSON (where it stops being JSON), nested too deeply, or a key given
    twice in one object. A territory given twice is refused on the position, naming it; another
    key, on the field it names when it is one of `fields` (the op's)."""
    try:
        return json.loads(text, object_pairs_hook=_once)
    except _Repeated as e:
        name = board.written_name(e.key)
        if name:
            raise FieldError(f"position: {name} is given twice", "position", [name]) from None
        field = e.key if e.key in fields else None
        raise FieldError(f"{what}: {show(e.key)} is given twice; give each field once", field) from None
    except RecursionError:
        raise FieldError(f"{what} must be JSON text nested a few levels deep, like {{\"attackers\": 5}}: "
                         "this is nested too deeply to read", None) from None
    except json.JSONDecodeError as e:
        raise FieldError(f"{what} must be JSON text: {e.msg.lower()} at line {e.lineno}, column {e.colno}",
                         None) from None
    except ValueError as e:
        raise FieldError(f"{what} must be JSON text ({e})", None) from None
