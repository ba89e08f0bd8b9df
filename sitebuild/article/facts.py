"""Every number the article prints, computed by the engine from a recipe key.

A key says how to compute its value, so a test can recompute it independently:
  battle/A/D/CONV/RULES/WHAT   WHAT: win, loss, mean_att, std_att, mean_def, lost_eq_N,
                               lost_ge_N, lost_lt_N, end_A_D, den_digits, lost_all_killed_ge_K,
                               lost_all_killed_le_K (all attackers lost, at most K defenders
                               killed), loss_mode (the defenders left in the likeliest way of
                               losing every attacking army), states (the grid (A + 1)(D + 1)),
                               reachable (states a battle from (A, D) can visit), def_short (D - mean_def)
  retreat/A/D/CONV/R/WHAT      the battle (standard rules) when the attacker stops as soon as it is
                               down to R armies or fewer (in CONV): win, stopped, loss
  outcome/RULES/NAvND/K        weight of rolls where the attacker loses K armies (K = "total": all)
  share/RULES/NAvND/K          that count over all rolls (a Fraction)
  roundmean/RULES/NAvND/SIDE   expected armies lost per round by SIDE (att | def)
  ratio/RULES                  attacker losses per defender loss in a full-dice round
  needed/D/P/CONV/RULES        fewest attackers with P(win) >= P against D defenders
  campaign/CONV/T/D1-D2-...    P(every territory taken), leaving one army behind in each
  zscore/battle/A/D/CONV/RULES/N   (N - mean) / std of attacking armies lost
  power/KEY/N                  value of KEY to the N-th power (twice in a row: N = 2)
  div/KEY1/by/KEY2             KEY1 / KEY2
  mul/KEY1/and/KEY2            KEY1 * KEY2 (two independent battles both going this way)
  coin/KEY                     -log2 of KEY: as likely as that many heads in a row (a float)
  years/KEY                    1 / KEY seconds in Julian years: the wait, at one battle a
                               second, for an event of probability KEY
  margin/P/CONV/RULES/LO/HI/M  M (min | max) over D = LO..HI of needed/D/P/CONV/RULES - D: the
                               rule of thumb "D + min to D + max armies give P"
  plain95/KEY/REL/WHAT         plain Monte Carlo of an event of probability KEY, for a 95 %
                               interval of +- REL (relative): runs (battles), hits (occurrences)
  floatdp/A/D/WHAT             loss: P(all A attacking armies lost against D) by the same
                               dynamic program in double-precision floats (standard rules);
                               err: its relative error against the engine's exact value
  underflow/D                  the fewest attacking armies A for which P(all A lost against D)
                               is below the smallest double (it rounds to 0.0)
  mc/KEY/RUNS/WHAT             Monte Carlo of an event of probability KEY: expected (hits),
                               seen (P(at least one hit)), ge_K (P(at least K hits)),
                               runs_for_K (runs for K expected hits)
  rare/A/D/EVENT/WHAT          importance sampling of EVENT (loss | lost-at-least:K) in A v D,
                               from data/simulations/rare_event_scaling.json (the largest run):
                               estimate, rel_err (relative standard error), half_width (95 %
                               interval, relative), runs, seconds (tilt fitting and run),
                               is_runs_1pct, plain_runs_1pct (battles for a 95 % half-width
                               of 1 %), plain_rel_err (plain Monte Carlo's at the same runs),
                               plain_1pct_gpu_years (plain_runs_1pct at the earlier GPU's speed)
  rare/all/WHAT                over every event of that file: events, points (estimates),
                               covered (95 % intervals that hold the exact value), min_p, max_p
  rarebench/WHAT               bench/results/bench_rare.json (75 v 10, loss): estimate, runs,
                               half_width, cpu_s (CPU time), wall_s (clock time), seeds, covered
  sim/A/D/WHAT                 our simulation files of A v D (simdata.histograms): max_lost (most
                               attacking armies lost in any of them), runs_max (the largest run)
Balanced Blitz (the digital game's dice mode; riskodds.algorithms.reshape), fights to the end:
  blitz/A/D/CONV/RULES/WHAT    WHAT: win, loss, mean_att, std_att, mean_def, lost_eq_N, min_lost (fewest
                               attacking armies lost with a chance above 0)
  blitz/needed/D/P/CONV/RULES  fewest attackers with Balanced Blitz P(win) >= P (P = 1: certain)
  blitz/equal_certain/CONV/RULES  fewest armies n for which n v n is a certain Balanced Blitz win
  equal_even/CONV/RULES        fewest armies n for which n v n wins at least half the time (true random)
  blitz/threshold/certain      true-random P(win) from which the win is certain (zero: at or
  blitz/threshold/zero         below which it is impossible)
  blitz/step2/P                the attacker's share after steps 1-2 when the true-random P(win) is P
  blitz/g/P                    the Balanced Blitz P(win) when the true-random one is P
  blitz/param/NAME             the game's parameters: win_cutoff, win_power, outcome_cutoff,
                               outcome_power (Fractions)
The defender's dice choice (decisions.py):
  choice/threshold/K/A/D/CONV  P(win) when the defender, after the roll, rolls one die exactly when it
                               holds 2 or more and the attacker's second-highest die is K or more
  choice/best_threshold/A/D/CONV  the K (2..7; 7: never one die) that leaves the attacker least
  choice/one_from/NA           the engine's best play against NA attacking dice: one die is best in
  choice/two_upto/NA           every position from this second-highest die up (two dice: up to it)
  choice/equal_max/N/RULES     the highest P(win) at j v j on the board, j = 1..N (std, before, after)
A turn on the classic board (decisions.TURNS, riskodds.turn; armies on the territory):
  turn/NAME/win                P(take the goal) with the best real play (every way to play, roll by roll)
  turn/NAME/most/win           the same, always rolling the most dice
  turn/NAME/fixed/win          the best plan fixed in advance (each target's attacker chosen before the first roll)
  turn/NAME/placed/TERRITORY/N/FAMILY  N of the new armies on TERRITORY, the rest on the other: "real" or "fixed"
  turn/NAME/first/K            the best play's first attack made with K dice, then the best play
  turn/NAME/branch/I           the chance that the typical course's I-th battle turns away (its branch)
  turn/NAME/alt/I              the I-th next-best fixed plan's chance (another split of the targets)
  turn/NAME/alone/TERRITORY    the best fixed plan's chance from that territory alone, every new army on it
  turn/NAME/border/TERRITORY   the best fixed plan's expected armies left on a border territory of the goal once taken
  turn/needed/CONTINENT/ENTRY/D/P  fewest armies on ENTRY, the continent's cheapest entry, to take it
                               (played roll by roll where the build searches that; else the best fixed plan's)
  turn/needed-fixed/CONTINENT/ENTRY/D/P  the same with the best plan fixed in advance
                               with chance P when every territory of it holds D (decisions.continent_needed)
Holding a continent through his next turn (holding.HOLDS, riskodds.hold; armies on the territory):
  hold/NAME/best               P(hold) with the best placement and fortify move against his best reply
  hold/NAME/thumb/I            the same for the I-th rule of thumb (1: all on the most threatened border,
                               2: even on the borders, 3: 2 on each border, the rest on the most threatened)
  hold/NAME/points/I           hold/NAME/best less hold/NAME/thumb/I, in percentage points
Taking and keeping it (holding.KEEPS, riskodds.keep; armies on the territory):
  keep/NAME/keep, keep/NAME/take      P(kept through his turn) and P(taken), the play that keeps best
  keep/NAME/greedy-keep, .../greedy-take  the same for the play that takes best
The kill turn (kills.KILLS and kills.STOPS, riskodds.kill; armies on the territory):
  kill/NAME/win                P(every player named eliminated this turn), the best play
  kill/NAME/kill/VICTIM        P(VICTIM eliminated) under that play; kill/NAME/alone/VICTIM his alone
  killstop/NAME/before         P(he eliminates you next turn) as it stands
  killstop/NAME/best, .../worst  the same after your best and your worst placement of your new armies
RULES is std (2 defence dice), cap (capital: 3), before or after (2 defence dice, the defender
choosing how many before or after the attacker's roll), or one of the earlier GPU kernel's dice models
(gpu_pipeline.rounds.legacy_model.MODELS: fair, biased-faces, unsorted-rounds, legacy-kernel), whose
round tables the engine takes as they are. Values are exact (int, Fraction) where the engine is
exact; floats for Poisson tails, for what the simulation files report, and for Balanced Blitz
(whose powers are irrational).
"""
import json
import math
from fractions import Fraction
from functools import lru_cache

import riskodds as ro
from riskodds.algorithms import reshape as balanced
from gpu_pipeline.rounds import legacy_model

from .. import paths
from . import decisions, history, holding, kills, simdata

RARE_FILE = paths.ROOT / "data" / "simulations" / "rare_event_scaling.json"
RARE_BENCH = paths.ROOT / "bench" / "results" / "bench_rare.json"
Z95 = 1.959963984540054   # the pipeline's 95 % intervals: estimate * (1 +- Z95 * relative error)

RULES = {"std": ro.STANDARD, "cap": ro.CAPITAL, "before": decisions.choice_rules("before-roll"),
         "after": decisions.choice_rules("after-roll")}


@lru_cache(maxsize=None)
def rules_of(name: str):
    """A RULES name -> what riskodds.battle takes as rules: a rule set, or for one of the
    earlier kernel's dice models, the engine's round model built from that model's tables."""
    if name in RULES:
        return RULES[name]
    if name in legacy_model.MODELS:
        return ro.RoundModel.from_tables(_legacy_tables(name), name=f"the earlier GPU kernel's dice: {name}")
    raise KeyError(f"unknown rules {name!r}: {', '.join([*RULES, *legacy_model.MODELS])}")


@lru_cache(maxsize=None)
def _battle(A: int, D: int, conv: str, rules: str):
    return ro.battle(A, D, convention=conv, rules=rules_of(rules))


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
    if what == "reachable":
        return len(reachable(int(A), int(D), RULES[rules]))
    if what == "def_short":
        return int(D) - b.mean_defenders_lost
    if what == "den_digits":
        return len(str(b.loss.denominator))
    if what == "loss_mode":
        return max(range(1, int(D) + 1), key=lambda d: b.end_states.get((0, d), Fraction(0)))
    kind, _, rest = what.rpartition("_")
    if kind == "lost_eq":
        return b.attackers_lost[int(rest)]
    if kind == "lost_ge":
        return sum(b.attackers_lost[int(rest):], Fraction(0))
    if kind == "lost_lt":
        return sum(b.attackers_lost[:int(rest)], Fraction(0))
    if kind == "lost_all_killed_ge":  # all attackers lost, at least K defenders killed
        return sum((b.end_states.get((0, d), Fraction(0)) for d in range(1, int(D) - int(rest) + 1)), Fraction(0))
    if kind == "lost_all_killed_le":  # all attackers lost, at most K defenders killed
        return sum((b.end_states.get((0, d), Fraction(0)) for d in range(max(1, int(D) - int(rest)), int(D) + 1)),
                   Fraction(0))
    if what.startswith("end_"):
        _, a, d = what.split("_")
        return b.end_states.get((int(a), int(d)), Fraction(0))
    raise KeyError(what)


def reachable(A: int, D: int, rules) -> set:
    """The states (attacking armies, defenders) a battle from (A, D) can visit, ends included:
    a walk over the steps of the engine's round tables that have a non-zero count."""
    seen, todo = {(A, D)}, [(A, D)]
    while todo:
        a, d = todo.pop()
        if a == 0 or d == 0:
            continue
        counts = ro.outcome_space(min(rules.attack_dice, a), min(rules.defend_dice, d), rules)
        for (la, ld), c in counts.items():
            if c and (a - la, d - ld) not in seen:
                seen.add((a - la, d - ld))
                todo.append((a - la, d - ld))
    return seen


@lru_cache(maxsize=None)
def _legacy_tables(model: str) -> dict:
    return legacy_model.round_tables(model)


def _round_counts(rules, dice):
    na, nd = (int(x) for x in dice.split("v"))
    if rules in legacy_model.MODELS:
        return _legacy_tables(rules)[na, nd]
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


def float_dp(A: int, D: int, rules=ro.STANDARD) -> float:
    """P(all A attacking armies lost against D) in doubles: the probability of each state,
    pushed forward round by round in order of decreasing a + d, as floating-point tools do."""
    rounds = {}
    for na in range(1, rules.attack_dice + 1):
        for nd in range(1, rules.defend_dice + 1):
            counts = ro.outcome_space(na, nd, rules)
            total = sum(counts.values())
            rounds[na, nd] = [(la, ld, c / total) for (la, ld), c in counts.items()]
    p = {(A, D): 1.0}
    loss = 0.0
    for s in range(A + D, 0, -1):
        for a in range(max(0, s - D), min(A, s) + 1):
            q = p.pop((a, s - a), 0.0)
            if a == 0:
                loss += q
            elif s - a and q:
                for la, ld, r in rounds[min(rules.attack_dice, a), min(rules.defend_dice, s - a)]:
                    k = (a - la, s - a - ld)
                    p[k] = p.get(k, 0.0) + q * r
    return loss


def underflow(D: int) -> int:
    """The fewest attacking armies whose total loss against D defenders rounds to 0.0 as a
    double: P(all A lost) falls as A grows, so a doubling search, then bisection."""
    zero = lambda A: float(_battle(A, D, "attacking", "std").loss) == 0.0  # noqa: E731
    hi = 64
    while not zero(hi):
        hi *= 2
    lo = hi // 2
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if zero(mid) else (mid, hi)
    return hi


@lru_cache(maxsize=None)
def rare_scaling() -> dict:
    """data/simulations/rare_event_scaling.json (format: gpu_pipeline/README.md)."""
    return json.loads(RARE_FILE.read_text())


def rare_event(A: int, D: int, event: str) -> dict:
    for e in rare_scaling()["events"]:
        if (e["attackers"], e["defenders"], e["event"]) == (A, D, event):
            return e
    raise KeyError(f"no importance-sampling run of {event} in {A} v {D} in {RARE_FILE.name}")


def gpu_runs_per_s() -> float:
    """The earlier tuned GPU kernel's speed (the last throughput row of history.json)."""
    row = history.history()["throughput"][-1]
    return row["runs"] / row["seconds"]


def _rare_value(A, D, event, what):
    e = rare_event(int(A), int(D), event)
    last = e["points"][-1]
    plain_runs = 10 ** e["log10_plain_mc_runs_for_1pct"]
    values = {"estimate": lambda: 10 ** last["log10_estimate"], "rel_err": lambda: last["relative_std_error"],
              "half_width": lambda: Z95 * last["relative_std_error"], "runs": lambda: last["runs"], "seconds": lambda: e["seconds"],
              "is_runs_1pct": lambda: e["is_runs_for_1pct"], "plain_runs_1pct": lambda: plain_runs,
              "plain_rel_err": lambda: last["plain_mc_relative_error"],
              "plain_1pct_gpu_years": lambda: plain_runs / gpu_runs_per_s() / (365.25 * 86400)}
    return values[what]()


def _rare_all(what):
    events = rare_scaling()["events"]
    points = [p for e in events for p in e["points"]]
    values = {"events": len(events), "points": len(points),
              "covered": sum(p["ci95_covers_exact"] for p in points),
              "min_p": min(e["exact"] for e in events), "max_p": max(e["exact"] for e in events)}
    return values[what]


def _rarebench_value(what):
    b = json.loads(RARE_BENCH.read_text())
    r = b["record"]
    values = {"estimate": r["estimate"], "runs": r["runs"], "half_width": r["ci95_half_width_relative"],
              "cpu_s": b["cpu_s"], "wall_s": b["wall_s"], "seeds": b["coverage"]["seeds"],
              "covered": b["coverage"]["covered"]}
    return values[what]


def _sim_value(A, D, what):
    hists = simdata.histograms(int(A), int(D))
    if what == "max_lost":
        return max(max(n for n, c in enumerate(h.attackers_lost) if c) for h in hists)
    if what == "runs_max":
        return max(h.runs for h in hists)
    raise KeyError(what)


@lru_cache(maxsize=None)
def _needed_row(D: int, p: str, conv: str, rules: str) -> tuple:
    """Fewest attackers for P(win) >= p against 1..D defenders (the engine's table, one sweep)."""
    return tuple(ro.needed_table(D, [Fraction(p)], convention=conv, rules=RULES[rules])[Fraction(p)])


def _margin(p, conv, rules, lo, hi, which):
    row = _needed_row(int(hi), p, conv, rules)
    margins = [row[d - 1] - d for d in range(int(lo), int(hi) + 1)]
    return {"min": min(margins), "max": max(margins)}[which]


def _plain95(p: Fraction, rel: float, what: str):
    """Plain Monte Carlo of an event of probability p: battles (runs) and occurrences (hits) for a
    95 % interval of +- rel, relative (normal approximation: Z95^2 (1 - p) / (p rel^2) battles)."""
    hits = Z95 ** 2 * (1 - float(p)) / rel ** 2
    return {"hits": hits, "runs": hits / float(p)}[what]


BLITZ_PARAMS = {"win_cutoff": balanced.WIN_CHANCE_CUTOFF, "win_power": balanced.WIN_CHANCE_POWER,
                "outcome_cutoff": balanced.OUTCOME_CUTOFF, "outcome_power": balanced.OUTCOME_POWER}


@lru_cache(maxsize=None)
def _blitz(A: int, D: int, conv: str, rules: str):
    return ro.battle(A, D, convention=conv, rules=RULES[rules], dice_mode="balanced-blitz")


def _equal_certain(conv: str, rules: str) -> int:
    """Fewest n with n v n a certain Balanced Blitz win (decided exactly on the true P(win));
    n in `conv` (on the territory a battle needs at least 2)."""
    n = 1 + (conv == "territory")
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


def _choice_value(what, *rest):
    if what == "threshold":
        k, A, D, conv = rest
        return decisions.threshold_win(int(A), int(D), conv, int(k))
    if what == "best_threshold":
        A, D, conv = rest
        return decisions.best_threshold(int(A), int(D), conv)
    if what in ("one_from", "two_upto"):
        return decisions.rule_numbers(int(rest[0]))[what]
    if what == "equal_max":
        n, mode = rest
        return max(decisions.equal_exact({"std": "most", "before": "before-roll", "after": "after-roll"}[mode], int(n)))
    raise KeyError(what)


def _turn_value(*parts):
    """turn/<name>/win | most/win | fixed/win | placed/<territory>/<n>/<family> | first/<k> |
    branch/<i> | alt/<i> | alone/<territory> | border/<territory> |
    turn/needed[-fixed]/<continent>/<entry>/<defenders>/<p>."""
    if parts[0] in ("needed", "needed-fixed"):
        continent, entry, d, p = parts[1], parts[2], int(parts[3]), "/".join(parts[4:])
        found = decisions.continent_needed(continent, d)
        if found["entry"] != entry:
            raise KeyError(f"{continent}'s cheapest entry is {found['entry']}, not {entry}")
        if parts[0] == "needed":
            return decisions.continent_needed_real(continent, d)["needed"][p]
        return found["needed"][p]
    name, what, *rest = parts
    t = decisions.turn(name)
    if what == "win":
        return t.win
    if what == "most":
        return decisions.turn(name, "most").win
    if what == "fixed":
        return t.fixed["win"]
    if what == "placed":
        territory, n, family = rest
        return decisions.placed_turn(name, territory, int(n), family).win
    if what == "first":
        return decisions.first_roll(name, int(rest[0]))
    if what == "branch":
        return t.line[int(rest[0])]["branch"]["chance"]
    if what == "alt":           # the fixed plan's: the real play's answer has no other plans (issue 44)
        return t.fixed["alternatives"][int(rest[0]) - 1]["win"]
    if what == "alone":
        return next(a["win"] for a in t.fixed["alone"] if a["territory"] == rest[0])
    if what == "border":
        return next(b["expected"] for b in t.fixed["borders"] if b["territory"] == rest[0])
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
    if head == "retreat":
        A, D, conv, R, what = parts
        b = ro.battle(int(A), int(D), convention=conv, retreat_at=int(R))
        return {"win": b.win, "stopped": b.stopped, "loss": b.loss}[what]
    if head == "campaign":
        conv, T, ds = parts
        return ro.campaign(int(T), [int(x) for x in ds.split("-")], convention=conv).win
    if head == "zscore":  # (N - mean) / std of attacking armies lost
        *inner, n = parts
        b = _battle(int(inner[1]), int(inner[2]), inner[3], inner[4])
        return (int(n) - float(b.mean_attackers_lost)) / b.std_attackers_lost
    if head == "floatdp":
        A, D, what = parts
        approx = float_dp(int(A), int(D))
        if what == "loss":
            return approx
        exact = value(f"battle/{A}/{D}/attacking/std/loss")
        return float(abs(Fraction(approx) - exact) / exact)
    if head == "underflow":
        return underflow(int(parts[0]))
    if head == "div":
        i = parts.index("by")
        return Fraction(value("/".join(parts[:i]))) / Fraction(value("/".join(parts[i + 1:])))
    if head == "power":
        *inner, n = parts
        return value("/".join(inner)) ** int(n)
    if head == "mul":
        i = parts.index("and")
        return value("/".join(parts[:i])) * value("/".join(parts[i + 1:]))
    if head == "coin":  # -log2 p, from the exact fraction (no underflow)
        p = Fraction(value("/".join(parts)))
        return math.log2(p.denominator) - math.log2(p.numerator)
    if head == "years":
        return float(1 / Fraction(value("/".join(parts)))) / (365.25 * 86400)
    if head == "equal_even":
        conv, rules = parts
        n = 1 + (conv == "territory")
        while _battle(n, n, conv, rules).win < Fraction(1, 2):
            n += 1
        return n
    if head == "margin":
        return _margin(*parts)
    if head == "plain95":
        *inner, rel, what = parts
        return _plain95(value("/".join(inner)), float(rel), what)
    if head == "sim":
        return _sim_value(*parts)
    if head == "rare":
        if parts[0] == "all":
            return _rare_all(parts[1])
        return _rare_value(*parts)
    if head == "rarebench":
        return _rarebench_value(*parts)
    if head == "blitz":
        return _blitz_value(parts)
    if head == "choice":
        return _choice_value(*parts)
    if head == "turn":
        return _turn_value(*parts)
    if head == "hold":
        return holding.value(*parts)
    if head == "keep":
        return holding.keep_value(*parts)
    if head == "kill":
        return kills.kill_value(*parts)
    if head == "killstop":
        return kills.stop_value(*parts)
    if head == "mc":
        *inner, runs, what = parts
        return _mc_value(value("/".join(inner)), int(float(runs)), what)
    raise KeyError(f"unknown fact key {key!r}")
