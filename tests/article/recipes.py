"""An independent reading of the article's number keys (sitebuild/article/facts.py documents the grammar):
the tests recompute every marked number with the engine through this code, not the build's."""
import math
from fractions import Fraction

import riskodds as ro

RULES = {"std": ro.Rules(), "cap": ro.Rules(defend_dice=3)}


def _battle(A, D, conv, rules):
    return ro.battle(int(A), int(D), convention=conv, rules=RULES[rules])


def _rounds(rules, dice):
    na, nd = map(int, dice.split("v"))
    return ro.outcome_space(na, nd, RULES[rules])


def evaluate(key: str):
    p = key.split("/")
    if p[0] == "battle":
        A, D, conv, rules, what = p[1:]
        b = _battle(A, D, conv, rules)
        simple = {"win": b.win, "loss": b.loss, "mean_att": b.mean_attackers_lost,
                  "mean_def": b.mean_defenders_lost, "std_att": b.std_attackers_lost,
                  "states": (int(A) + 1) * (int(D) + 1), "den_digits": len(str(b.loss.denominator))}
        if what in simple:
            return simple[what]
        if what.startswith("lost_eq_"):
            return b.attackers_lost[int(what[8:])]
        if what.startswith("lost_ge_"):
            return sum(b.attackers_lost[int(what[8:]):])
        if what.startswith("end_"):
            a, d = map(int, what[4:].split("_"))
            return ro.probability((int(A), int(D)), (a, d), convention=conv, rules=RULES[rules])
        if what.startswith("lost_all_killed_ge_"):
            k = int(what.rsplit("_", 1)[1])
            return sum(b.end_states.get((0, d), 0) for d in range(1, int(D) - k + 1))
    if p[0] == "outcome":
        counts = _rounds(p[1], p[2])
        return sum(counts.values()) if p[3] == "total" else sum(c for (al, _), c in counts.items() if al == int(p[3]))
    if p[0] == "share":
        counts = _rounds(p[1], p[2])
        return Fraction(sum(c for (al, _), c in counts.items() if al == int(p[3])), sum(counts.values()))
    if p[0] == "roundmean":
        counts = _rounds(p[1], p[2])
        side = 0 if p[3] == "att" else 1
        return Fraction(sum(c * k[side] for k, c in counts.items()), sum(counts.values()))
    if p[0] == "ratio":
        dice = "3v3" if p[1] == "cap" else "3v2"
        return evaluate(f"roundmean/{p[1]}/{dice}/att") / evaluate(f"roundmean/{p[1]}/{dice}/def")
    if p[0] == "needed":
        return ro.troops_needed(int(p[1]), p[2], convention=p[3], rules=RULES[p[4]])
    if p[0] == "campaign":
        return ro.campaign(int(p[2]), [int(x) for x in p[3].split("-")], convention=p[1]).win
    if p[0] == "power":
        return evaluate("/".join(p[1:-1])) ** int(p[-1])
    if p[0] == "zscore":
        b = _battle(*p[2:6])
        return (int(p[6]) - float(b.mean_attackers_lost)) / b.std_attackers_lost
    if p[0] == "mc":
        prob, runs, what = evaluate("/".join(p[1:-2])), int(float(p[-2])), p[-1]
        lam = float(prob) * runs
        if what == "expected":
            return lam
        if what == "seen":
            return 1 - math.exp(-lam)
        if what.startswith("ge_"):
            return 1 - sum(math.exp(-lam) * lam ** i / math.factorial(i) for i in range(int(what[3:])))
        if what.startswith("runs_for_"):
            return int(what[9:]) / prob
    raise KeyError(key)
