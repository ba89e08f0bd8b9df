"""An independent reading of the article's number keys (sitebuild/article/facts.py documents the grammar):
the tests recompute every marked number with the engine through this code, not the build's.

The earlier GPU kernel's dice models are recomputed without the engine and without
gpu_pipeline.rounds.legacy_model: round tables from die weights (fair 1:1:1:1:1:1, biased 2:2:1:1:1:1)
and the kernel's comparison rule, then a plain Fraction dynamic program over the states."""
import json
import math
import sys
from fractions import Fraction
from functools import lru_cache
from itertools import product
from pathlib import Path

import riskodds as ro
import riskodds.interfaces.api  # noqa: F401  (ro.interfaces.api)
import riskodds.facts.board  # noqa: F401
from sitebuild.article.decisions import REAL_NEEDED_BUDGET_S

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from balanced_oracle import float_blitz  # noqa: E402  (Balanced Blitz in doubles, not riskodds.algorithms.reshape)
import engine_oracle  # noqa: E402  (battles and chains by their own dynamic programs)
import turn_oracle  # noqa: E402  (turns by brute force: every placement, forest, order and move)
import real_turn_oracle  # noqa: E402  (the best real turn by brute force: every policy, roll by roll)
import defender_dp  # noqa: E402  (the defender's dice choice in integers)

RULES = {"std": ro.Rules(), "cap": ro.Rules(defend_dice=3)}
ROOT = Path(__file__).resolve().parents[2]
Z95 = 1.959963984540054

# die weights per face 1..6, and whether rounds other than 3 v 2 sort their dice
KERNEL_MODELS = {"fair": ((1,) * 6, True), "biased-faces": ((2, 2, 1, 1, 1, 1), True),
                 "unsorted-rounds": ((1,) * 6, False), "legacy-kernel": ((2, 2, 1, 1, 1, 1), False)}


@lru_cache(maxsize=None)
def kernel_round(model: str, na: int, nd: int) -> dict:
    """{(attacker losses, defender losses): weight} of one round: every roll weighted by the
    product of its faces' weights; pairs compared after sorting (3 v 2 always, others if the
    model sorts) or in the order rolled; ties to the defender."""
    weights, sorts = KERNEL_MODELS[model]
    out = {}
    for roll in product(range(1, 7), repeat=na + nd):
        w = math.prod(weights[f - 1] for f in roll)
        att, dfd = list(roll[:na]), list(roll[na:])
        if sorts or (na, nd) == (3, 2):
            att.sort(reverse=True)
            dfd.sort(reverse=True)
        lost = sum(a <= d for a, d in zip(att, dfd))
        key = (lost, min(na, nd) - lost)
        out[key] = out.get(key, 0) + w
    return out


@lru_cache(maxsize=None)
def kernel_end_states(model: str, A: int, D: int) -> dict:
    """{(a, d): P(the battle ends there)} under a kernel model, by pushing each state's
    probability to its successors in order of decreasing a + d."""
    rounds = {}
    for na in (1, 2, 3):
        for nd in (1, 2):
            counts = kernel_round(model, na, nd)
            total = sum(counts.values())
            rounds[na, nd] = {k: Fraction(c, total) for k, c in counts.items()}
    prob, ends = {(A, D): Fraction(1)}, {}
    for s in range(A + D, 0, -1):
        for a in range(0, A + 1):
            p = prob.pop((a, s - a), None)
            if p is None:
                continue
            if a == 0 or a == s:
                ends[a, s - a] = p
                continue
            for (la, ld), q in rounds[min(3, a), min(2, s - a)].items():
                nxt = (a - la, s - a - ld)
                prob[nxt] = prob.get(nxt, 0) + p * q
    return ends


def _kernel_battle(model, A, D, what):
    ends = kernel_end_states(model, int(A), int(D))
    if what == "loss":
        return sum(p for (a, _), p in ends.items() if a == 0)
    if what.startswith("end_"):
        a, d = map(int, what[4:].split("_"))
        return ends.get((a, d), Fraction(0))
    raise KeyError(what)


def reachable(A: int, D: int) -> int:
    """States a standard battle from (A, D) can visit: a walk over the dice pairs' possible
    losses (any split of min(dice) pairs is possible with six-sided dice)."""
    seen, todo = {(A, D)}, [(A, D)]
    while todo:
        a, d = todo.pop()
        if a and d:
            m = min(3, a, 2, d)
            for lost in range(m + 1):
                nxt = (a - lost, d - (m - lost))
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
    return len(seen)


def float_loss(A: int, D: int) -> float:
    """P(all A lost against D) with doubles, from the engine's round tables, pushed forward
    state by state in order of decreasing a + d (then increasing a): the order a plain dynamic
    program in floating point uses, so the build's figure must agree to the last bit."""
    prob, loss = {(A, D): 1.0}, 0.0
    for s in range(A + D, 0, -1):
        for a in range(0, A + 1):
            d = s - a
            if not 0 <= d <= D or (a, d) not in prob:
                continue
            p = prob.pop((a, d))
            if a == 0:
                loss += p
                continue
            if d == 0:
                continue
            counts = ro.outcome_space(min(3, a), min(2, d))
            total = sum(counts.values())
            for (la, ld), c in counts.items():
                if c:
                    prob[a - la, d - ld] = prob.get((a - la, d - ld), 0.0) + p * (c / total)
    return loss


def _rare(parts):
    data = json.loads((ROOT / "data" / "simulations" / "rare_event_scaling.json").read_text())
    events = data["events"]
    if parts[0] == "all":
        points = [pt for e in events for pt in e["points"]]
        return {"events": len(events), "points": len(points), "covered": sum(pt["ci95_covers_exact"] for pt in points),
                "min_p": 10 ** min(e["exact_log10"] for e in events),
                "max_p": 10 ** max(e["exact_log10"] for e in events)}[parts[1]]
    A, D, event, what = parts
    (e,) = [e for e in events if (e["attackers"], e["defenders"], e["event"]) == (int(A), int(D), event)]
    last = e["points"][-1]
    est = 10 ** last["log10_estimate"]
    p = float(evaluate(f"battle/{A}/{D}/attacking/std/loss" if event == "loss"
                       else f"battle/{A}/{D}/attacking/std/lost_ge_{event.split(':')[1]}"))
    plain = Z95 ** 2 * (1 - p) / (p * 0.01 ** 2)  # plain Monte Carlo battles for a 1 % half-width
    history = json.loads((ROOT / "site_src" / "content" / "article" / "history.json").read_text())
    gpu = history["throughput"][-1]
    return {"estimate": est, "rel_err": last["relative_std_error"], "runs": last["runs"], "seconds": e["seconds"],
            "half_width": (10 ** (last["log10_ci95_high"] - last["log10_estimate"])
                           - 10 ** (last["log10_ci95_low"] - last["log10_estimate"])) / 2, "is_runs_1pct": e["is_runs_for_1pct"],
            "plain_runs_1pct": plain, "plain_rel_err": math.sqrt((1 - p) / (last["runs"] * p)),
            "plain_1pct_gpu_years": plain * gpu["seconds"] / gpu["runs"] / (365.25 * 24 * 3600)}[what]


def _rarebench(what):
    b = json.loads((ROOT / "bench" / "results" / "bench_rare.json").read_text())
    return {"estimate": b["record"]["estimate"], "runs": b["record"]["runs"], "cpu_s": b["cpu_s"], "wall_s": b["wall_s"],
            "half_width": (b["record"]["ci95_high"] - b["record"]["ci95_low"]) / 2 / b["record"]["estimate"], "seeds": b["coverage"]["seeds"],
            "covered": b["coverage"]["covered"]}[what]


# values the article takes from simulation files: floats that may differ in the last digits
# from the build's own arithmetic (the interval's half-width is symmetric in linear space)
LOOSE = ("rare/", "rarebench/")


def _battle(A, D, conv, rules):
    return ro.battle(int(A), int(D), convention=conv, rules=RULES[rules])


def _rounds_of(rules, dice):
    na, nd = map(int, dice.split("v"))
    if rules in KERNEL_MODELS:
        return kernel_round(rules, na, nd)
    return ro.outcome_space(na, nd, RULES[rules])


def _rounds(rules, dice):
    return _rounds_of(rules, dice)


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
        n = 1 + (p[1] == "territory")   # a battle on the board needs two armies on the territory
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


def _sim(A, D, what):
    """Our simulation files of A v D under standard rules, fought to the end, read directly."""
    hists = []
    for path in sorted((ROOT / "data" / "simulations").glob("*.json")):
        obj = json.loads(path.read_text())
        if (obj.get("format") == "riskodds-simulation" and obj.get("attacking_armies") == int(A)
                and obj.get("defenders") == int(D) and obj["rules"]["defend_dice"] == 2
                and obj.get("retreat_at") is None and not obj.get("defender_goal")):
            hists.append(obj)
    assert hists, f"no simulation file of {A} v {D}"
    if what == "max_lost":
        return max(max(n for n, c in enumerate(h["attackers_lost"]) if c) for h in hists)
    return max(h["runs"] for h in hists)


def _margin(p, conv, rules, lo, hi, which):
    """min or max over D of (fewest attackers for p against D) - D, one troops_needed per D."""
    margins = [ro.troops_needed(D, p, convention=conv, rules=RULES[rules]) - D for D in range(int(lo), int(hi) + 1)]
    return min(margins) if which == "min" else max(margins)


# ---- the defender's dice choice and a continent's plan (sitebuild/article/decisions.py)
CHOOSING = {"before": "before-roll", "after": "after-roll"}


@lru_cache(maxsize=None)
def _choice_grid(mode, a_max, d_max):
    """defender_dp.solve, reused: the grid of a larger battle holds every smaller one."""
    return defender_dp.solve(mode, a_max, d_max)


def _choice_win(mode, A, D, conv):
    a = int(A) - (conv == "territory")
    W, S, _ = _choice_grid(mode, max(a, 12), max(int(D), 12))
    return defender_dp.win(W, S, a, int(D))


def _choice_needed(D, prob, conv, mode):
    A = 1 + (conv == "territory")
    while _choice_win(mode, A, D, conv) < Fraction(prob):
        A += 1
    return A


def _rule_lines(na, n):
    """From the defender's best play after the roll in every position up to n v n on the board:
    the lowest second-highest attacking die from which one die is always best, the highest up to
    which two dice are."""
    _, _, choices = _choice_grid("after-roll", n - 1, n)
    seen = {}
    for (a, d), chose in choices.items():
        if min(3, a) == na:
            for top, nd in chose.items():
                seen.setdefault(top[1], set()).add(nd)
    one_from = min(v for v in seen if all(seen[w] == {1} for w in seen if w >= v))
    two_upto = max(v for v in seen if all(seen[w] == {2} for w in seen if w <= v))
    return one_from, two_upto


def _choice(p):
    if p[0] == "threshold":
        k, A, D, conv = p[1:]
        return _choice_win(("rule", int(k)), A, D, conv)
    if p[0] == "best_threshold":
        A, D, conv = p[1:]
        return min(range(2, 8), key=lambda k: (_choice_win(("rule", k), A, D, conv), k))
    if p[0] in ("one_from", "two_upto"):
        return _rule_lines(int(p[1]), 100)[p[0] == "two_upto"]
    if p[0] == "equal_max":
        n, rules = int(p[1]), p[2]
        mode = CHOOSING.get(rules, "most")
        W, S, _ = _choice_grid(mode, n - 1, n)
        return max([Fraction(0)] + [defender_dp.win(W, S, j - 1, j) for j in range(2, n + 1)])
    raise KeyError(p)


# part 2's turn (sitebuild/article/decisions.py TURNS), as turn_oracle takes it: yours, theirs (kind
# "standard"), the new armies, the goal's territories
TURN_SA = ({"North Africa": 4, "Central America": 3},
           {"Venezuela": (2, "standard"), "Brazil": (2, "standard"), "Peru": (1, "standard"),
            "Argentina": (1, "standard")}, 6)
TURN_MOVE_IN = ({"North Africa": 4}, {"Egypt": (1, "standard"), "Congo": (1, "standard")}, 0)
TURNS = {"south-america": TURN_SA, "move-in": TURN_MOVE_IN}
FIRST_ATTACK = {"move-in": ("North Africa", "Egypt")}     # the first attack the article prices with 1, 2, 3 dice
LINKS = {frozenset((a, b)) for a, b, _ in ro.facts.board.LINKS}


def chain_win(T, defenders):
    """P(every territory of a chain taken) from T armies on the territory, moving all but one."""
    twin, _ = engine_oracle.campaign(T - 1, defenders, [engine_oracle.STD] * len(defenders))
    return twin[-1]


@lru_cache(maxsize=None)
def split_values(name):
    """{split: the best chance over every forest that gives each entry exactly these targets and
    every placement} by brute force (turn_oracle); a split is ((entry, (targets...)), ...)."""
    mine, targets, R = TURNS[name]
    out = {}
    for parent in turn_oracle.forests(mine, targets, LINKS):
        root = {}
        for t in parent:
            x = t
            while x in parent:
                x = parent[x]
            root[t] = x
        split = tuple((e, tuple(sorted(t for t in targets if root[t] == e))) for e in sorted(mine))
        children = {}
        for t, p in sorted(parent.items()):
            children.setdefault(p, []).append(t)
        children = {k: tuple(v) for k, v in children.items()}
        for placed in turn_oracle.placements(R, sorted(mine)):
            start = {v: mine[v] + placed[v] for v in mine}
            value = turn_oracle.best_play(start, children, targets, "dice")
            out[split] = max(out.get(split, Fraction(0)), value)
    return out


@lru_cache(maxsize=None)
def needed_from(continent, entry, d):
    """{p: fewest armies} from the engine's public armies_needed, asked from that entry alone (the
    build's table comes from its cache and its own search of every entry); the planner itself is
    held to turn_oracle by tests/engine/test_engine_turn.py."""
    search = "chains" if continent in ("North America", "Asia") else "all"
    most = 6 + 2 * d * len(ro.facts.board.MEMBERS[continent])
    chances = ["1/2", "9/10"]
    while True:
        n = ro.armies_needed(entry, {"take": continent}, d, chances, most=most, search=search, budget=3600)
        if all(n.needed.values()):
            return n.needed
        most = most * 3 // 2


def real_position(name, placed=None):
    """TURNS[name] as a request position (owner "you" and "red"), `placed` {territory: armies} added."""
    mine, targets, _ = TURNS[name]
    position = {t: {"owner": "red", "armies": d} for t, (d, _) in targets.items()}
    position.update({t: {"owner": "you", "armies": a + (placed or {}).get(t, 0)} for t, a in mine.items()})
    return position


@lru_cache(maxsize=None)
def real_best(name, dice="choose"):
    """The best real play's chance by the brute force of tests/engine (every placement, every policy)."""
    mine, targets, R = TURNS[name]
    return real_turn_oracle.best(real_position(name), "you", R, sorted(targets), dice=dice)


@lru_cache(maxsize=None)
def real_placed(name, territory, n):
    """The best real play with n of the new armies on territory and the rest on the other, by brute force."""
    mine, targets, R = TURNS[name]
    (other,) = [t for t in mine if t != territory]
    return real_turn_oracle.value(real_position(name, {territory: n, other: R - n}), "you", sorted(targets))


@lru_cache(maxsize=None)
def continent_real_win(continent, entry, d, armies):
    """P(take the continent) from `armies` on entry, d on each of its territories, with the best real
    play (the engine's public turn), or None where it prices that search over the table's budget (a dry
    run of its cost guard: the answer never depends on the machine's speed)."""
    position = {t: {"owner": "red", "armies": d} for t in ro.facts.board.MEMBERS[continent]}
    position[entry] = {"owner": "you", "armies": armies}
    from riskodds.guards.budget import Budget, Estimated
    try:                                   # the engine's price, asked as a dry run (no work, no clock)
        ro.turn(position, "you", 0, {"take": continent}, budget=Budget(seconds=REAL_NEEDED_BUDGET_S, dry_run=True))
    except Estimated as e:
        if not e.estimate.what.endswith("played roll by roll"):
            return None
    t = ro.turn(position, "you", 0, {"take": continent}, budget=3600)
    assert t.searched["family"] == "real"
    return t.win


@lru_cache(maxsize=None)
def real_needed(continent, entry, d):
    """{p: (fewest armies, played roll by roll?)}: from the fixed plan's armies (needed_from) down,
    while the engine's public turn still answers the real play within the table's budget
    (sitebuild/article/decisions.py REAL_NEEDED_BUDGET_S, the build's parameter)."""
    out = {}
    for p, T in needed_from(continent, entry, d).items():
        def win(armies):
            return continent_real_win(continent, entry, d, armies)
        if win(T) is None:
            out[p] = (T, False)
            continue
        while T > 2 and win(T - 1) >= Fraction(p):
            T -= 1
        out[p] = (T, True)
    return out


# part 2's holding section (sitebuild/article/holding.py HOLDS), restated: yours, his, your new
# armies, his, the continent
_SA = {"Venezuela": 2, "Brazil": 2, "Peru": 1, "Argentina": 1}
_EU = {"Iceland": 1, "Great Britain": 1, "Scandinavia": 1, "Northern Europe": 1, "Western Europe": 3,
       "Southern Europe": 3, "Ukraine": 3}
HOLDS = {
    "australia": ({"Indonesia": 1, "New Guinea": 1, "Western Australia": 1, "Eastern Australia": 1}, {"Siam": 12}, 6, 5,
                  "Australia"),
    "australia-17": ({"Indonesia": 17, "New Guinea": 1, "Western Australia": 1, "Eastern Australia": 1}, {"Siam": 12},
                     0, 5, "Australia"),
    "australia-14": ({"Indonesia": 14, "New Guinea": 2, "Western Australia": 2, "Eastern Australia": 2}, {"Siam": 12},
                     0, 5, "Australia"),
    "europe": (_EU, {"North Africa": 6, "Middle East": 4, "Ural": 3}, 10, 3, "Europe"),
    "europe-ural": (_EU, {"North Africa": 8, "Ural": 2}, 8, 3, "Europe"),
    **{f"south-america-{ca}-{10 - ca}": (_SA, {"Central America": ca, "North Africa": 10 - ca}, 8, 3, "South America")
       for ca in range(5, 10)},
    # one step out: Siam is yours too, a buffer China can take first (issue 42)
    "australia-buffer": ({"Indonesia": 2, "New Guinea": 1, "Western Australia": 1, "Eastern Australia": 1, "Siam": 2},
                         {"China": 12}, 3, 5, "Australia"),
    "australia-buffer-thin": ({"Indonesia": 1, "New Guinea": 1, "Western Australia": 1, "Eastern Australia": 1,
                               "Siam": 1}, {"China": 6}, 4, 2, "Australia"),
}
# part 2's "Take it and keep it" (sitebuild/article/holding.py KEEPS), restated the same way
KEEPS = {"siam-9": ({"Siam": 9}, {"China": 4, "Indonesia": 1, "New Guinea": 1, "Western Australia": 1,
                                  "Eastern Australia": 1}, 0, 3, "Australia")}
# part 2's "The kill turn" (sitebuild/article/kills.py KILLS and STOPS), restated the same way
_SA_RED = {"Peru": 1, "Argentina": 2}
KILLS = {
    "chain-4": ({"you": {"Brazil": 6, "North Africa": 1}, "red": _SA_RED, "green": {"Congo": 2}}, "you", 0,
                ["red", "green"], {"you": 4, "red": 2}, 5),
    "chain-3": ({"you": {"Brazil": 6, "North Africa": 1}, "red": _SA_RED, "green": {"Congo": 2}}, "you", 0,
                ["red", "green"], {"you": 3, "red": 2}, 5),
    "red-alone": ({"you": {"Brazil": 6, "North Africa": 1}, "red": _SA_RED}, "you", 0, ["red"], {"you": 4, "red": 2}, 5),
}
STOPS = {"europe": ({"red": {"Middle East": 10}, "you": {"Ukraine": 2, "Scandinavia": 2, "Northern Europe": 2}}, 5,
                    {"red": 3, "you": 3}, 5, 4)}
HOLD_THUMBS = ["all on the most threatened border", "even on the borders",
               "2 on each border, the rest on the most threatened"]


def hold_position(name):
    """HOLDS[name]'s position as a request's (owner "you" and "red")."""
    mine, theirs, _, _, _ = HOLDS[name]
    position = {t: {"owner": "red", "armies": a} for t, a in theirs.items()}
    position.update({t: {"owner": "you", "armies": a} for t, a in mine.items()})
    return position


@lru_cache(maxsize=None)
def hold_answer(name):
    """A fresh answer of the engine's JSON op "hold" for HOLDS[name] (not the build's cached one)."""
    mine, theirs, R, R2, continent = HOLDS[name]
    return ro.interfaces.api.handle("hold", {"position": hold_position(name), "player": "you", "reinforcements": R,
                                             "hold": continent, "opponent": "red", "opponent_reinforcements": R2})


def _frac(p):
    return Fraction(int(p["num"]), int(p["den"]))


@lru_cache(maxsize=None)
def _keep_answer(name):
    mine, theirs, R, R2, continent = KEEPS[name]
    position = {t: {"owner": "red", "armies": a} for t, a in theirs.items()}
    position.update({t: {"owner": "you", "armies": a} for t, a in mine.items()})
    return position, R, R2, continent, ro.interfaces.api.handle(
        "keep", {"position": position, "player": "you", "reinforcements": R, "goal": continent, "opponent": "red",
                 "opponent_reinforcements": R2})


def _keep(p):
    """keep/NAME/keep by the brute force (keep_oracle.py: every placement, policy, move and fortify);
    take, greedy-keep and greedy-take are the chances of the engine's own plays, from a fresh answer,
    the take checked within the least and the most among the plays that keep best."""
    position, R, R2, continent, answer = _keep_answer(p[0])
    import keep_oracle
    o = keep_oracle.KeepOracle(position, "you", continent, "red", R, R2)
    if p[1] == "keep":
        return o.best()
    if p[1] == "take":
        take = _frac(answer["take"])
        low, high = o.take_range(o.state_of({t["territory"]: t["armies"] for t in answer["placement"]}))
        assert low <= take <= high, (low, take, high)
        return take
    if p[1] in ("greedy-keep", "greedy-take"):
        return _frac(answer["greedy"][p[1].split("-")[1]])
    raise KeyError(p)


def _owned(owners):
    return {t: {"owner": who, "armies": a} for who, held in owners.items() for t, a in held.items()}


def _kill(p):
    """kill/NAME/win | kill/VICTIM | alone/VICTIM by the brute force (kill_oracle.py: every placement, policy,
    move and placement of the armies a kill brings); kill/VICTIM within the least and the most among
    the best plays."""
    import kill_oracle
    owners, player, R, victims, cards, sets = KILLS[p[0]]
    if p[1] == "alone":
        others = [t for who, held in owners.items() if who in victims and who != p[2] for t in held]
        return kill_oracle.best(_owned(owners), player, R, [p[2]], {player: cards[player], p[2]: cards.get(p[2], 0)},
                                sets, through=tuple(others))
    o = kill_oracle.KillOracle(_owned(owners), player, R, victims, cards, sets)
    if p[1] == "win":
        return o.best()
    if p[1] == "kill":
        a = ro.interfaces.api.handle("turn", {"position": _owned(owners), "player": player, "reinforcements": R,
                                              "goal": {"eliminate": victims}, "cards": cards, "sets_traded": sets})
        got = {k["victim"]: _frac(k["win"]) for k in a["kills"]}[p[2]]
        low, high = o.best_kill_range()[p[2]]
        assert low <= got <= high, (low, got, high)
        return got
    raise KeyError(p)


@lru_cache(maxsize=None)
def _stops(name):
    """(his chance as it stands, [his chance after each placement of your new armies]): fresh JSON
    requests, one per placement, the placements enumerated here."""
    owners, R2, cards, sets, R = STOPS[name]
    you = list(owners["you"])
    assert len(you) == 3, you

    def chance(mine):
        a = ro.interfaces.api.handle("turn", {"position": _owned({**owners, "you": mine}), "player": "red",
                                              "reinforcements": R2, "goal": {"eliminate": ["you"]}, "cards": cards,
                                              "sets_traded": sets})
        return _frac(a["win"])
    after = []
    for i in range(R + 1):
        for j in range(R - i + 1):
            placed = (i, j, R - i - j)
            after.append(chance({t: owners["you"][t] + q for t, q in zip(you, placed)}))
    return chance(owners["you"]), after


def _killstop(p):
    before, after = _stops(p[0])
    return {"before": before, "best": min(after), "worst": max(after)}[p[1]]


def _hold(p):
    """hold/NAME/best | thumb/I | points/I."""
    a = hold_answer(p[0])
    best = _frac(a["hold"])
    if p[1] == "best":
        return best
    thumbs = {t["name"]: _frac(t["hold"]) for t in a["rules_of_thumb"]}
    t = thumbs[HOLD_THUMBS[int(p[2]) - 1]]
    if p[1] == "thumb":
        return t
    if p[1] == "points":
        return 100 * (best - t)
    raise KeyError(p)


def _turn(p):
    if p[0] == "needed":
        return real_needed(p[1], p[2], int(p[3]))["/".join(p[4:])][0]
    if p[0] == "needed-fixed":
        return needed_from(p[1], p[2], int(p[3]))["/".join(p[4:])]
    mine, targets, R = TURNS[p[0]]
    if p[1] == "win":
        return real_best(p[0])
    if p[1] == "most":
        return real_best(p[0], "most")
    if p[1] == "fixed":
        return max(split_values(p[0]).values())
    if p[1] == "placed":
        territory, n, family = p[2], int(p[3]), p[4]
        if family == "real":
            return real_placed(p[0], territory, n)
        (other,) = [t for t in mine if t != territory]
        start = {territory: mine[territory] + n, other: mine[other] + R - n}
        return turn_oracle.best(start, targets, LINKS, 0, "dice")
    if p[1] == "first":
        x, y = FIRST_ATTACK[p[0]]
        return real_turn_oracle.action_value(real_position(p[0]), "you", sorted(targets),
                                             {"attack": {"from": x, "to": y, "dice": int(p[2])}})
    if p[1] == "alt":
        return sorted(split_values(p[0]).values(), reverse=True)[int(p[2])]
    if p[1] == "alone":
        return turn_oracle.best({p[2]: mine[p[2]]}, targets, LINKS, R, "dice")
    if p[1] == "border":
        position = {t: {"owner": "you", "armies": a} for t, a in mine.items()}
        position.update({t: {"owner": "red", "armies": d} for t, (d, _) in targets.items()})
        answer = ro.interfaces.api.handle("turn", {"position": position, "player": "you", "reinforcements": R,
                                                   "goal": {"take": sorted(targets)}})
        _, armies = turn_oracle.play(answer, mine, targets, "dice")     # the engine's plan, played by the oracle
        return armies[p[2]]
    raise KeyError(p)


def evaluate(key: str):
    p = key.split("/")
    if p[0] == "choice":
        return _choice(p[1:])
    if p[0] == "turn":
        return _turn(p[1:])
    if p[0] == "hold":
        return _hold(p[1:])
    if p[0] == "keep":
        return _keep(p[1:])
    if p[0] == "kill":
        return _kill(p[1:])
    if p[0] == "killstop":
        return _killstop(p[1:])
    if p[0] == "battle" and p[4] in CHOOSING and p[5] == "win":
        return _choice_win(CHOOSING[p[4]], p[1], p[2], p[3])
    if p[0] == "needed" and p[4] in CHOOSING:
        return _choice_needed(int(p[1]), p[2], p[3], CHOOSING[p[4]])
    if p[0] == "mul":
        i = p.index("and")
        return evaluate("/".join(p[1:i])) * evaluate("/".join(p[i + 1:]))
    if p[0] == "coin":
        return -math.log2(float(evaluate("/".join(p[1:]))))
    if p[0] == "years":
        return 1 / float(evaluate("/".join(p[1:]))) / (365.25 * 24 * 3600)
    if p[0] == "margin":
        return _margin(*p[1:])
    if p[0] == "equal_even":  # counting down from 100 v 100, which the attacker is known to favour
        n = 100
        while _battle(n - 1, n - 1, p[1], p[2]).win >= Fraction(1, 2):
            n -= 1
        return n
    if p[0] == "plain95":   # 95 % interval of +- rel: n p = Z95^2 (1 - p) / rel^2 occurrences
        prob, rel = float(evaluate("/".join(p[1:-2]))), float(p[-2])
        hits = Z95 ** 2 * (1 - prob) / rel ** 2
        return hits if p[-1] == "hits" else hits / prob
    if p[0] == "sim":
        return _sim(*p[1:])
    if p[0] == "blitz":
        return _blitz(p[1:])
    if p[0] == "battle":
        A, D, conv, rules, what = p[1:]
        if rules in KERNEL_MODELS:
            return _kernel_battle(rules, A, D, what)
        b = _battle(A, D, conv, rules)
        if what == "reachable":
            return reachable(int(A), int(D))
        if what == "def_short":
            return int(D) - b.mean_defenders_lost
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
        if what.startswith("lost_all_killed_le_"):  # a plain Fraction dynamic program, not the engine
            k, ends = int(what.rsplit("_", 1)[1]), kernel_end_states("fair", int(A), int(D))
            return sum(p for (a, d), p in ends.items() if a == 0 and d >= int(D) - k)
        if what == "loss_mode":   # the likeliest total loss, from the plain Fraction dynamic program
            ends = kernel_end_states("fair", int(A), int(D))
            return max(range(1, int(D) + 1), key=lambda d: ends.get((0, d), 0))
        if what.startswith("lost_all_killed_ge_"):
            k = int(what.rsplit("_", 1)[1])
            return sum(b.end_states.get((0, d), 0) for d in range(1, int(D) - k + 1))
    if p[0] == "retreat":   # engine_oracle's forward dynamic program, in attacking armies
        A, D, conv, R, what = p[1:]
        off = int(conv == "territory")
        ends = engine_oracle.forward(int(A) - off, int(D), retreat=int(R) - off)
        return sum((q for (a, d), q in ends.items()
                    if {"win": d == 0, "loss": a == 0, "stopped": a > 0 and d > 0}[what]), Fraction(0))
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
    if p[0] == "div":
        i = p.index("by")
        return Fraction(evaluate("/".join(p[1:i]))) / Fraction(evaluate("/".join(p[i + 1:])))
    if p[0] == "floatdp":
        approx = float_loss(int(p[1]), int(p[2]))
        if p[3] == "loss":
            return approx
        exact = _battle(p[1], p[2], "attacking", "std").loss
        return float(abs(Fraction(approx) - exact) / exact)
    if p[0] == "underflow":  # the first A, counting up, whose total loss is 0.0 as a double
        A = 1
        while float(_battle(A, p[1], "attacking", "std").loss) != 0.0:
            A += 1 if A > 1200 else 100
        while float(_battle(A - 1, p[1], "attacking", "std").loss) == 0.0:
            A -= 1
        return A
    if p[0] == "rare":
        return _rare(p[1:])
    if p[0] == "rarebench":
        return _rarebench(p[1])
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
