"""Every number the article prints, computed by the engine from a recipe key.

A key says how to compute its value, so a test can recompute it independently:
  battle/A/D/CONV/RULES/WHAT   WHAT: win, loss, mean_att, std_att, mean_def, lost_eq_N,
                               lost_ge_N, lost_lt_N, end_A_D, states, den_digits,
                               lost_all_killed_ge_K
  outcome/RULES/NAvND/K        count of rolls where the attacker loses K armies (K = "total": all)
  share/RULES/NAvND/K          that count over all rolls (a Fraction)
  roundmean/RULES/NAvND/SIDE   expected armies lost per round by SIDE (att | def)
  ratio/RULES                  attacker losses per defender loss in a full-dice round
  needed/D/P/CONV/RULES        fewest attackers with P(win) >= P against D defenders
  campaign/CONV/T/D1-D2-...    P(every territory taken), leaving one army behind in each
  zscore/battle/A/D/CONV/RULES/N   (N - mean) / std of attacking armies lost
  power/KEY/N                  value of KEY to the N-th power (twice in a row: N = 2)
  mc/KEY/RUNS/WHAT             Monte Carlo of an event of probability KEY: expected (hits),
                               seen (P(at least one hit)), ge_K (P(at least K hits)),
                               runs_for_K (runs for K expected hits)
Balanced Blitz (the digital game's dice mode; riskodds.balanced), fights to the end:
  blitz/A/D/CONV/RULES/WHAT    WHAT: win, loss, mean_att, std_att, mean_def, lost_eq_N, min_lost (fewest
                               attacking armies lost with a chance above 0)
  blitz/needed/D/P/CONV/RULES  fewest attackers with Balanced Blitz P(win) >= P (P = 1: certain)
  blitz/equal_certain/CONV/RULES  fewest armies n for which n v n is a certain Balanced Blitz win
  blitz/threshold/certain      true-random P(win) from which the win is certain (zero: at or
  blitz/threshold/zero         below which it is impossible)
  blitz/step2/P                the attacker's share after steps 1-2 when the true-random P(win) is P
  blitz/g/P                    the Balanced Blitz P(win) when the true-random one is P
  blitz/param/NAME             the game's parameters: win_cutoff, win_power, outcome_cutoff,
                               outcome_power (Fractions)
RULES is std (2 defence dice) or cap (capital: 3). Values are exact (int, Fraction) where the
engine is exact, floats for Poisson tails and Balanced Blitz (whose powers are irrational).
"""
import math
from fractions import Fraction
from functools import lru_cache

import riskodds as ro
from riskodds import balanced

RULES = {"std": ro.STANDARD, "cap": ro.CAPITAL}


@lru_cache(maxsize=None)
def _battle(A: int, D: int, conv: str, rules: str):
    return ro.battle(A, D, convention=conv, rules=RULES[rules])


def _battle_value(A, D, conv, rules, what):
    b = _battle(int(A), int(D), conv, rules)
    if what in ("win", "loss"):
        return getattr(b, what)
    if what == "mean_att":
        return b.mean_attackers_lost
    if what == "std_att":
        return b.std_attackers_lost
    if what == "mean_def":
        return b.mean_defenders_lost
    if what == "states":
        return (int(A) + 1) * (int(D) + 1)
    if what == "den_digits":
        return len(str(b.loss.denominator))
    kind, _, rest = what.rpartition("_")
    if kind == "lost_eq":
        return b.attackers_lost[int(rest)]
    if kind == "lost_ge":
        return sum(b.attackers_lost[int(rest):], Fraction(0))
    if kind == "lost_lt":
        return sum(b.attackers_lost[:int(rest)], Fraction(0))
    if kind == "lost_all_killed_ge":  # all attackers lost, at least K defenders killed
        return sum((b.end_states.get((0, d), Fraction(0)) for d in range(1, int(D) - int(rest) + 1)), Fraction(0))
    if what.startswith("end_"):
        _, a, d = what.split("_")
        return b.end_states.get((int(a), int(d)), Fraction(0))
    raise KeyError(what)


def _round_counts(rules, dice):
    na, nd = (int(x) for x in dice.split("v"))
    return ro.outcome_space(na, nd, RULES[rules])


def _mc_value(p: Fraction, runs: int, what: str):
    lam = float(p) * runs  # expected hits: Poisson mean
    if what == "expected":
        return lam
    if what == "seen":
        return -math.expm1(-lam)
    if what.startswith("ge_"):
        k = int(what[3:])
        return 1.0 - sum(math.exp(-lam) * lam ** i / math.factorial(i) for i in range(k))
    if what.startswith("runs_for_"):
        return int(what[9:]) / p
    raise KeyError(what)


BLITZ_PARAMS = {"win_cutoff": balanced.WIN_CHANCE_CUTOFF, "win_power": balanced.WIN_CHANCE_POWER,
                "outcome_cutoff": balanced.OUTCOME_CUTOFF, "outcome_power": balanced.OUTCOME_POWER}


@lru_cache(maxsize=None)
def _blitz(A: int, D: int, conv: str, rules: str):
    return ro.balanced_blitz(A, D, convention=conv, rules=RULES[rules])


def _equal_certain(conv: str, rules: str) -> int:
    """Fewest n with n v n a certain Balanced Blitz win (decided exactly on the true P(win))."""
    n = 1
    while True:
        P = _battle(n, n, conv, rules).win
        if balanced.compare_win_chance(P.numerator, P.denominator, Fraction(1)) == 0:
            return n
        n += 1


def _blitz_value(parts: list[str]):
    head, *rest = parts
    if head == "param":
        return BLITZ_PARAMS[rest[0]]
    if head == "threshold":
        certain = float(balanced.certain_win_threshold())
        return {"certain": certain, "zero": float(1 - balanced.certain_win_threshold())}[rest[0]]
    if head in ("step2", "g"):
        P = Fraction(rest[0])
        fn = balanced.step2_win_chance if head == "step2" else balanced.win_chance
        return float(fn(P.numerator, P.denominator))
    if head == "needed":
        D, p, conv, rules = rest
        return ro.troops_needed(int(D), p, convention=conv, rules=RULES[rules], dice_mode="balanced-blitz")
    if head == "equal_certain":
        return _equal_certain(*rest)
    A, D, conv, rules, what = parts
    r = _blitz(int(A), int(D), conv, rules)
    simple = {"win": "win", "loss": "loss", "mean_att": "mean_attackers_lost", "std_att": "std_attackers_lost",
              "mean_def": "mean_defenders_lost"}
    if what in simple:
        return getattr(r, simple[what])
    if what.startswith("lost_eq_"):
        return r.attackers_lost[int(what[8:])]
    if what == "min_lost":
        return next(n for n, x in enumerate(r.attacker_losses) if x)
    raise KeyError(what)


@lru_cache(maxsize=None)
def value(key: str):
    """The exact value named by a recipe key (see the module docstring)."""
    head, *parts = key.split("/")
    if head == "battle":
        return _battle_value(*parts)
    if head == "outcome":
        rules, dice, k = parts
        counts = _round_counts(rules, dice)
        if k == "total":
            return sum(counts.values())
        return sum(c for (al, _dl), c in counts.items() if al == int(k))
    if head == "share":
        rules, dice, k = parts
        return Fraction(value(f"outcome/{rules}/{dice}/{k}"), value(f"outcome/{rules}/{dice}/total"))
    if head == "roundmean":
        rules, dice, side = parts
        counts = _round_counts(rules, dice)
        i = 0 if side == "att" else 1
        return Fraction(sum(c * lost[i] for lost, c in counts.items()), sum(counts.values()))
    if head == "ratio":
        rules, = parts
        dice = f"3v{RULES[rules].defend_dice}"
        return value(f"roundmean/{rules}/{dice}/att") / value(f"roundmean/{rules}/{dice}/def")
    if head == "needed":
        D, p, conv, rules = parts
        return ro.troops_needed(int(D), p, convention=conv, rules=RULES[rules])
    if head == "campaign":
        conv, T, ds = parts
        return ro.campaign(int(T), [int(x) for x in ds.split("-")], convention=conv).win
    if head == "zscore":  # (N - mean) / std of attacking armies lost
        *inner, n = parts
        b = _battle(int(inner[1]), int(inner[2]), inner[3], inner[4])
        return (int(n) - float(b.mean_attackers_lost)) / b.std_attackers_lost
    if head == "power":
        *inner, n = parts
        return value("/".join(inner)) ** int(n)
    if head == "blitz":
        return _blitz_value(parts)
    if head == "mc":
        *inner, runs, what = parts
        return _mc_value(value("/".join(inner)), int(float(runs)), what)
    raise KeyError(f"unknown fact key {key!r}")
