"""Answers as JSON-able data: exact probabilities as {"num", "den", "float", "log10"},
approximate ones as {"float", "log10"} (log10 from the integers or the exponent, right far below
the float range, where float is 0.0)."""
import math
from decimal import Decimal
from fractions import Fraction

from ..algorithms.reshape import log10 as decimal_log10
from ..checks.validate import offset
from ..guards.budget import tick
from ..maths.approx import Approx
from ..maths.scaled import fraction_log10
from ..answers.balanced import BalancedBlitz


def prob(f):
    """An exact probability (a Fraction) as the API's probability object."""
    tick(4)
    f = Fraction(f)
    return {"num": str(f.numerator), "den": str(f.denominator), "float": float(f), "log10": fraction_log10(f)}


def approx(x):
    """An approximate probability (Approx, Decimal or float) as {"float", "log10"} (log10 None for 0)."""
    if isinstance(x, Approx):
        return {"float": x.float, "log10": x.log10}
    if isinstance(x, Decimal):
        return {"float": float(x), "log10": decimal_log10(x)}
    return {"float": x, "log10": math.log10(x) if x > 0 else None}


def number(x):
    """Exact (Fraction) or approximate, whichever `x` is."""
    return prob(x) if isinstance(x, Fraction) else approx(x)


def battle(b, survivors=None):
    """A Battle, BattleSummary or BalancedBlitz (answers/) as the JSON API's battle answer."""
    if isinstance(b, BalancedBlitz):
        return _balanced(b, survivors)
    out = {"attackers": b.attackers, "defenders": b.defenders, "convention": b.convention,
           "win": prob(b.win), "loss": prob(b.loss), "stopped": prob(b.stopped)}
    kept = b.win_with_at_least(survivors) if survivors is not None and hasattr(b, "win_with_at_least") \
        else getattr(b, "win_with_survivors", None)
    if kept is not None:
        out["win_with_survivors"] = prob(kept)
    if b.win and not b.stopped:  # E[armies left | win], for the calculators' answer line.
        # Without a retreat a battle is won or wiped out (every attacking army lost), so
        # E[lost] = E[lost | win] P(win) + A P(loss); armies left = start - lost (call's convention).
        a = b.attackers - offset(b.convention)
        out["mean_survivors_on_win"] = prob(b.attackers - (b.mean_attackers_lost - a * b.loss) / b.win)
    out.update(_moments(b, prob))
    out.update(_lost(b))
    if b.defender_policy:
        out["defender_policy"] = policy(b.defender_policy)
    ends = b.end_states.items() if isinstance(b.end_states, dict) else b.end_states
    out["end_states"] = [{"attackers": a, "defenders": d, "p": number(p)} for (a, d), p in ends]
    return out


def _lost(b):
    """attackers_lost and defenders_lost: exact from a Battle, approximate from a summary."""
    return {"attackers_lost": [number(p) for p in b.attackers_lost],
            "defenders_lost": [number(p) for p in b.defenders_lost]}


def _moments(b, encode):
    out = {}
    for side in ("attackers", "defenders"):
        out[f"mean_{side}_lost"] = encode(getattr(b, f"mean_{side}_lost"))
        out[f"var_{side}_lost"] = encode(getattr(b, f"var_{side}_lost"))
        out[f"std_{side}_lost"] = getattr(b, f"std_{side}_lost")
    return out


def _balanced(r, survivors):
    """Balanced Blitz probabilities are real numbers: {"float", "log10"}; "true_random" carries the
    exact battle it was reshaped from (exact lists from a Battle, approximate from a summary)."""
    out = {"attackers": r.attackers, "defenders": r.defenders, "convention": r.convention,
           "dice_mode": "balanced-blitz", "win": approx(r.defender_losses[-1]),
           "loss": approx(r.attacker_losses[-1]), "stopped": approx(0.0)}
    if survivors is not None:
        out["win_with_survivors"] = approx(r.win_with_at_least(survivors, as_decimal=True))
    (ma, va), (md, vd) = r.decimal_moments
    out.update({"mean_attackers_lost": approx(ma), "var_attackers_lost": approx(va),
                "std_attackers_lost": r.std_attackers_lost, "mean_defenders_lost": approx(md),
                "var_defenders_lost": approx(vd), "std_defenders_lost": r.std_defenders_lost})
    out["attackers_lost"] = [approx(x) for x in r.attacker_losses]
    out["defenders_lost"] = [approx(x) for x in r.defender_losses]
    out["end_states"] = [{"attackers": a, "defenders": d, "p": approx(x)} for (a, d), x in r.end_state_decimals]
    out["true_random"] = {"win": prob(r.true_random.win), "loss": prob(r.true_random.loss), **_lost(r.true_random)}
    return out


def plan(p):
    """A PlanAnswer (answers/plan.py) as JSON: counts in its decisions are armies on the territory."""
    return {"attackers": p.attackers, "convention": p.convention, "counts": "territory", "targets": list(p.names),
            "win": prob(p.win), "straight": None if p.straight is None else prob(p.straight),
            "steps": list(p.steps), "orders": list(p.orders),
            "moves": list(p.moves), "words": list(p.words)}


def turn(t):
    """A TurnAnswer (answers/turn.py) as JSON: every army count is armies on the territory. Every
    field describes the play recommended (the real play where searched["family"] is "real"); the
    plan fixed in advance beside a real play is under "fixed", in the same shapes."""
    out = {"player": t.player, "goal": list(t.goal), "goal_name": t.goal_name, "targets": list(t.targets),
           "reinforcements": t.reinforcements, "min_move": t.min_move, "counts": "territory", "win": prob(t.win),
           "placement": _placement(t.placement), **_plan_fields({k: getattr(t, k) for k in _PLAN_FIELDS}),
           "searched": _searched(t.searched), "model": list(t.model), "dice": t.dice, "next": t.next,
           "line": [_step(s) for s in t.line],
           "bounds": None if t.bounds is None else {"low": prob(t.bounds["low"]), "high": prob(t.bounds["high"]),
                                                    "words": t.bounds["words"], "why": t.bounds["why"]},
           "fixed": None}
    if t.fixed is not None:
        f = t.fixed
        out["fixed"] = {**f, "win": prob(f["win"]), "placement": _placement(f["placement"]),
                        **_plan_fields({k: f.get(k, ()) for k in _PLAN_FIELDS}), "searched": _searched(f["searched"])}
    return out


_PLAN_FIELDS = ("attacks", "entries", "steps", "orders", "moves", "words", "alone", "alternatives", "borders")


def _placement(pairs):
    return [{"territory": name, "armies": armies} for name, armies in pairs]


def _plan_fields(f):
    """A turn's plan fields as JSON (TurnAnswer's, or the fixed plan's beside a real play): an
    entry's "win" and a border's "expected" (a fixed plan's) as probabilities and expected_armies;
    a real play's border armies ("armies", where its typical course ends) as they are."""
    return {"attacks": list(f["attacks"]),
            "entries": [{**e, "win": prob(e["win"])} if "win" in e else dict(e) for e in f["entries"]],
            "steps": list(f["steps"]), "orders": list(f["orders"]), "moves": list(f["moves"]), "words": list(f["words"]),
            "alone": [{"territory": a["territory"], "win": prob(a["win"])} for a in f["alone"]],
            "alternatives": [{**a, "win": prob(a["win"])} for a in f["alternatives"]],
            "borders": [{"territory": b["territory"], "expected_armies": prob(b["expected"])} if "expected" in b
                        else {"territory": b["territory"], "armies": b["armies"]} for b in f["borders"]]}


def hold(h):
    """A HoldAnswer (answers/hold.py) as JSON: every army count is armies on the territory."""
    placed = lambda pairs: [{"territory": name, "armies": armies} for name, armies in pairs]
    return {"player": h.player, "opponent": h.opponent, "hold_set": list(h.hold_set), "hold_name": h.hold_name,
            "reinforcements": h.reinforcements, "opponent_reinforcements": h.opponent_reinforcements,
            "fortify_rule": h.fortify_rule, "counts": "territory", "hold": prob(h.hold),
            "placement": placed(h.placement), "fortify": h.fortify, "front": list(h.front),
            "through": list(h.through),
            "reply": {"win": prob(h.reply["win"]), "placement": placed(h.reply["placement"]),
                      "next": h.reply["next"], "line": [_step(s) for s in h.reply["line"]]},
            "rules_of_thumb": [{"name": t["name"], "placement": placed(t["placement"]), "fortify": t["fortify"],
                                "hold": prob(t["hold"])} for t in h.rules_of_thumb],
            "words": list(h.words), "searched": _searched(h.searched), "model": list(h.model)}


def keep(k):
    """A KeepAnswer (answers/keep.py) as JSON: every army count is armies on the territory."""
    placed = lambda pairs: [{"territory": name, "armies": armies} for name, armies in pairs]   # noqa: E731
    return {"player": k.player, "opponent": k.opponent, "goal": list(k.goal), "goal_name": k.goal_name,
            "reinforcements": k.reinforcements, "opponent_reinforcements": k.opponent_reinforcements,
            "counts": "territory", "keep": prob(k.keep), "take": prob(k.take), "placement": placed(k.placement),
            "next": k.next, "line": [_step(s) for s in k.line], "fortify": k.fortify,
            "keep_after": prob(k.keep_after),
            "greedy": None if k.greedy is None else {"take": prob(k.greedy["take"]), "keep": prob(k.greedy["keep"]),
                                                     "placement": placed(k.greedy["placement"])},
            "through": list(k.through), "words": list(k.words), "searched": _searched(k.searched),
            "model": list(k.model)}


def kill(k):
    """A KillAnswer (answers/kill.py) as JSON: every army count is armies on the territory."""
    placed = lambda pairs: [{"territory": name, "armies": armies} for name, armies in pairs]   # noqa: E731

    def step(s):
        return {**s, "placement": placed(s["placement"])} if "placement" in s else dict(s)
    return {"kind": "kill", "player": k.player, "victims": list(k.victims), "through": list(k.through),
            "reinforcements": k.reinforcements, "cards": dict(k.cards), "sets_traded": k.sets_traded,
            "next_set": k.next_set, "counts": "territory", "win": prob(k.win),
            "kills": [{"victim": v, "win": prob(p)} for v, p in k.kills],
            "alone": [{"victim": v, "win": prob(p)} for v, p in k.alone],
            "placement": placed(k.placement), "next": k.next,
            "trade": None if k.trade is None else step(k.trade), "line": [step(s) for s in k.line],
            "cards_after": k.cards_after, "words": list(k.words), "searched": _searched(k.searched),
            "model": list(k.model)}


def _searched(searched):
    return dict(searched)


def _step(step):
    """A step of the real play's course as JSON (its branch's chance a float: it only says where the
    line turns most often)."""
    return dict(step)


def policy(p):
    """A DefenderPolicy (answers/policy.py) as JSON."""
    return {"mode": p.mode, "sentences": list(p.sentences), "positions": list(p.positions)}


def needed(n):
    """A Needed (answers/needed.py) as the API's answer."""
    maybe = lambda x, encode: None if x is None else encode(x)
    out = {"needed": n.needed, "reached": number(n.reached), "below": maybe(n.below, number)}
    if n.defender_policy:
        out["defender_policy"] = policy(n.defender_policy)
    if n.dice_mode == "balanced-blitz":
        out["dice_mode"] = n.dice_mode
        out["true_random"] = {"reached": prob(n.true_reached), "below": maybe(n.true_below, prob)}
    return out
