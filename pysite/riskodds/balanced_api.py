"""The JSON side of Balanced Blitz: the `dice_mode` parameter of the worker's API.

`dice_mode` is "true-random" (the default: real dice, exact answers) or "balanced-blitz" (the
reshaped odds of RISK: Global Domination, see balanced.py). It applies to battle, needed,
defenders_needed and table; any other op refuses "balanced-blitz" by name. Balanced Blitz
probabilities are real numbers, so they come as {"float": x, "log10": y} (no num/den); every
result says "dice_mode": "balanced-blitz", and battle and the searches add "true_random" with the
exact values they started from, for side-by-side views.

api.handle calls `route(op, params)` first and api.op_table asks `table_encoder`; nothing else
in api.py knows about dice modes.
"""
import math

from . import balanced
from .scaled import ilog10
from .validate import FieldError, check_choice



def dice_mode(params):
    """The request's dice mode ("true-random" when absent); FieldError on anything else."""
    return balanced.check_dice_mode(params.get("dice_mode"))


def route(op, params, common):
    """The Balanced Blitz version of `op` (a function of the params) when the request asks for
    it, else None. common(params) -> (convention, rules, max_states): api's own parsing."""
    if dice_mode(params) == "true-random":
        return None
    if op not in OPS:
        raise FieldError(f"dice_mode 'balanced-blitz' applies to {', '.join(OPS)}, not to {op}; "
                         "use dice_mode 'true-random'", "dice_mode")
    return lambda p: OPS[op](p, common)


def approx(x):
    """A Decimal or float probability as {"float", "log10"} (log10 None for 0)."""
    if isinstance(x, float):
        return {"float": x, "log10": math.log10(x) if x > 0 else None}
    return {"float": float(x), "log10": balanced.log10(x)}


def _approx_exact(num, den):
    """An exact num/den as {"float", "log10"}, log10 from the integers (no underflow)."""
    return {"float": num / den if num else 0.0, "log10": ilog10(num) - ilog10(den) if num else None}


def _true_random(b, detail, prob):
    """The exact battle's win, loss and loss distributions: prob objects, or {"float", "log10"}
    for detail="summary" (a 1000 v 1000 battle's exact lists are megabytes)."""
    if detail == "full":
        return {"win": prob(b.win), "loss": prob(b.loss),
                "attackers_lost": [prob(p) for p in b.attackers_lost],
                "defenders_lost": [prob(p) for p in b.defenders_lost]}
    wins, losses = balanced.exact_outcomes(b)
    win, loss = (b.win.numerator, b.win.denominator), (b.loss.numerator, b.loss.denominator)
    return {"win": prob(b.win), "loss": prob(b.loss),
            "attackers_lost": [_approx_exact(*v) for v in wins + [loss]],
            "defenders_lost": [_approx_exact(*v) for v in losses + [win]]}


def op_battle(params, common):
    from .api import prob
    convention, rules, limit = common(params)
    detail = check_choice("detail", params.get("detail", "full"), ("full", "summary"))
    r = balanced.balanced_blitz(params.get("attackers"), params.get("defenders"), convention=convention,
                                rules=rules, retreat_at=params.get("retreat_at"),
                                defender_goal=params.get("defender_goal"), max_states=limit)
    out = {"attackers": r.attackers, "defenders": r.defenders, "convention": convention,
           "dice_mode": "balanced-blitz", "win": approx(r.defender_losses[-1]),
           "loss": approx(r.attacker_losses[-1]), "stopped": approx(0.0)}
    if params.get("survivors") is not None:
        out["win_with_survivors"] = approx(r.win_with_at_least(params["survivors"], as_decimal=True))
    for key, value in r.moments().items():
        out[key] = approx(value)
    out["std_attackers_lost"], out["std_defenders_lost"] = r.std_attackers_lost, r.std_defenders_lost
    out["attackers_lost"] = [approx(x) for x in r.attacker_losses]
    out["defenders_lost"] = [approx(x) for x in r.defender_losses]
    out["end_states"] = [{"attackers": a, "defenders": d, "p": approx(x)} for (a, d), x in r.end_state_decimals]
    out["true_random"] = _true_random(r.true_random, detail, prob)
    return out


def _needed(search, params, common, armies):
    """A Balanced Blitz search answer; `armies` names the known side's param."""
    from .api import prob
    convention, rules, limit = common(params)
    extra = {"survivors": params.get("survivors") or 0} if search is balanced.troops_needed else {}
    n = search(params.get(armies), params.get("p"), convention=convention, rules=rules,
               max_states=limit, with_values=True, **extra)
    maybe = lambda x, encode: None if x is None else encode(x)
    return {"needed": n.needed, "reached": approx(n.reached), "below": maybe(n.below, approx),
            "dice_mode": "balanced-blitz",
            "true_random": {"reached": prob(n.true_reached), "below": maybe(n.true_below, prob)}}


def op_needed(params, common):
    return _needed(balanced.troops_needed, params, common, "defenders")


def op_defenders_needed(params, common):
    return _needed(balanced.defenders_needed, params, common, "attackers")


def op_table(params, common):
    """api.op_table, whose cells `table_encoder` reshapes, labelled with the dice mode."""
    from .api import op_table as true_table
    return {**true_table(params), "dice_mode": "balanced-blitz"}


def table_encoder(params, scale):
    """For api.op_table: the cell encoder of Balanced Blitz win chances (each cell's exact
    true-random P(win) reshaped, as {"float", "log10"}), or None for true-random dice."""
    if dice_mode(params) == "true-random":
        return None
    return lambda v: approx(balanced.win_chance_float(v[0], scale.den(v[1])))


OPS = {"battle": op_battle, "needed": op_needed, "defenders_needed": op_defenders_needed,
       "table": op_table}


def human(op, params, r):
    """CLI text of a Balanced Blitz result."""
    conv = params.get("convention")
    pct = lambda x: f"{x['float']:.10g}"
    if op == "battle":
        tr = r["true_random"]
        return "\n".join([
            f"{r['attackers']} v {r['defenders']} ({conv} armies), {balanced.NAME}",
            f"  P(win)   = {pct(r['win'])}   (true random: {pct(tr['win'])})",
            f"  P(loss)  = {pct(r['loss'])}   (true random: {pct(tr['loss'])})",
            f"  attackers lost: mean {r['mean_attackers_lost']['float']:.4f}, sd {r['std_attackers_lost']:.4f}",
            f"  defenders lost: mean {r['mean_defenders_lost']['float']:.4f}, sd {r['std_defenders_lost']:.4f}"])
    what = "attackers" if op == "needed" else "defenders"
    below = f"; one fewer: {pct(r['below'])}" if r["below"] else ""
    return (f"{r['needed']} {what} ({conv}), {balanced.NAME}; P = {pct(r['reached'])}{below} "
            f"(true random there: {pct(r['true_random']['reached'])})")
