"""An independent reading of the article's number keys (sitebuild/article/facts.py documents the grammar):
the tests recompute every marked number with the engine through this code, not the build's."""
import math
import sys
from fractions import Fraction
from pathlib import Path

import riskodds as ro

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from balanced_oracle import float_blitz  # noqa: E402  (Balanced Blitz in doubles, not riskodds.balanced)

RULES = {"std": ro.Rules(), "cap": ro.Rules(defend_dice=3)}


def _battle(A, D, conv, rules):
    return ro.battle(int(A), int(D), convention=conv, rules=RULES[rules])


def _rounds(rules, dice):
    na, nd = map(int, dice.split("v"))
    return ro.outcome_space(na, nd, RULES[rules])


def _blitz_lists(A, D, conv, rules):
    """Balanced Blitz (attacker wins losing i, defender wins losing j) in doubles from the exact
    true-random end states; A in `conv`."""
    b, off = _battle(A, D, conv, rules), int(conv == "territory")   # end states count the army left behind
    wins = [b.end_states.get((int(A) - i, 0), 0) for i in range(int(A) - off)]
    losses = [b.end_states.get((off, int(D) - j), 0) for j in range(int(D))]
    return float_blitz(wins, losses)


def _bisect(f, lo, hi):
    """The least double x in [lo, hi] where f (False below it, True from it on) is True."""
    while (mid := (lo + hi) / 2) not in (lo, hi):
        lo, hi = (lo, mid) if f(mid) else (mid, hi)
    return hi


def _g_float(P):
    """The Balanced Blitz win chance of a two-outcome battle won with probability P (the steps
    in doubles on the line [P, 1 - P])."""
    W, L = float_blitz([P], [1 - P])
    return sum(W)


def _blitz(p):
    if p[0] == "param":
        return {"win_cutoff": Fraction(1, 20), "win_power": Fraction(13, 10),
                "outcome_cutoff": Fraction(1, 10), "outcome_power": Fraction(9, 5)}[p[1]]
    if p[0] == "threshold":   # where the defender's share after step 2 falls to 0.1
        share = lambda P: (1 - P) ** 1.3 / (P ** 1.3 + (1 - P) ** 1.3) <= 0.1
        certain = _bisect(share, 0.5, 1.0)
        return certain if p[1] == "certain" else 1 - certain
    if p[0] == "step2":
        P = float(Fraction(p[1]))
        return P ** 1.3 / (P ** 1.3 + (1 - P) ** 1.3)
    if p[0] == "g":
        return _g_float(float(Fraction(p[1])))
    if p[0] == "needed":
        D, prob, conv, rules = p[1:]
        A = 1 + (conv == "territory")
        while True:
            W, L = _blitz_lists(A, D, conv, rules)
            if (not any(L)) if Fraction(prob) == 1 else sum(W) >= float(Fraction(prob)):
                return A
            A += 1
    if p[0] == "equal_certain":
        n = 1
        while any(_blitz_lists(n, n, p[1], p[2])[1]):
            n += 1
        return n
    A, D, conv, rules, what = p
    W, L = _blitz_lists(A, D, conv, rules)
    lost = W + [sum(L)]                         # attacking armies lost; the last: all (a loss)
    killed = L + [sum(W)]
    if what == "win":
        return sum(W)
    if what == "loss":
        return sum(L)
    if what == "mean_att":
        return sum(k * x for k, x in enumerate(lost))
    if what == "std_att":
        mean = sum(k * x for k, x in enumerate(lost))
        return math.sqrt(sum(x * (k - mean) ** 2 for k, x in enumerate(lost)))
    if what == "mean_def":
        return sum(k * x for k, x in enumerate(killed))
    if what.startswith("lost_eq_"):
        return lost[int(what[8:])]
    if what == "min_lost":
        return min(n for n, x in enumerate(lost) if x > 0)
    raise KeyError(what)


def evaluate(key: str):
    p = key.split("/")
    if p[0] == "blitz":
        return _blitz(p[1:])
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
        if what.startswith("lost_lt_"):
            return 1 - sum(b.attackers_lost[int(what[8:]):])
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
