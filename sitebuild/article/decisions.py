"""The decisions of part 2, from the engine: the defender's dice choice (rules with
`defender_choice`), and a turn on the board (`riskodds.turn`: where to place, what to attack, and
the armies a whole continent takes).

One thing the engine does not answer is computed here: how well a defender does with a rule a
player can remember, "roll one die when the attacker's second-highest die is K or more" (after
the roll). `threshold_win` plays that rule exactly (Fractions) and `threshold_curve` in floats
for the figure; `rule_numbers` reads the engine's own best play (its policy's positions) for the
lines of that rule that hold in every position.

Army counts: `A` in `convention` ("territory": one army stays behind); the dynamic program below
works in attacking armies a = A - offset.
"""
from fractions import Fraction
from functools import lru_cache
from itertools import product

import riskodds as ro

from .. import cache, turn_presets

CHOICE_N = 100        # the before-roll check and the equal-armies figure: every battle up to N v N on the board
CHOICE_AT = (10, 10)  # the battle the one-number rules are compared at (on the board)
RULE_K = range(2, 8)  # one die from a second-highest die of K (7: never, the standard game)

def choice_rules(mode: str, defend_dice: int = 2) -> ro.Rules:
    return ro.Rules(defend_dice=defend_dice, defender_choice=mode)


# ----------------------------------------------------------------------------- the defender's choice
@lru_cache(maxsize=None)
def _groups(na: int) -> tuple:
    """Rolls of na attacking dice grouped by their two highest dice (the only ones a defender's
    two dice meet): ((top dice, number of ordered rolls, {nd: {(al, dl): defending rolls}}), ...)."""
    out = {}
    for roll in product(range(1, 7), repeat=na):
        top = tuple(sorted(roll, reverse=True)[:2])
        out[top] = out.get(top, 0) + 1
    groups = []
    for top, count in sorted(out.items(), reverse=True):
        tables = {}
        for nd in (1, 2):
            t = {}
            for dfn in product(range(1, 7), repeat=nd):
                y = sorted(dfn, reverse=True)
                pairs = list(zip(top, y))
                won = sum(a > d for a, d in pairs)   # ties to the defender
                key = (len(pairs) - won, won)
                t[key] = t.get(key, 0) + 1
            tables[nd] = t
        groups.append((top, count, tables))
    return tuple(groups)


def _one_die(top: tuple, k: int) -> bool:
    return len(top) == 2 and top[1] >= k


def _threshold_values(a_max: int, d_max: int, k: int, one, zero):
    """V[a][d]: the attacker's chance to win from a attacking armies against d defenders when the
    defender rolls one die exactly when it holds 2 or more and the attacker's second-highest die
    is k or more (else the most dice it may), the attacker always rolling the most it may.
    `one`/`zero` set the number type (Fraction(1) exact, 1.0 in floats)."""
    V = [[zero] * (d_max + 1) for _ in range(a_max + 1)]
    for a in range(a_max + 1):
        V[a][0] = one
    for a in range(1, a_max + 1):
        na = min(3, a)
        for d in range(1, d_max + 1):
            total = zero
            for top, count, tables in _groups(na):
                nd = 1 if d >= 2 and _one_die(top, k) else min(2, d)
                side = 6 ** nd
                total += count * sum(c * V[a - al][d - dl] for (al, dl), c in tables[nd].items()) / side
            V[a][d] = total / 6 ** na
    return V


@lru_cache(maxsize=None)
def threshold_win(A: int, D: int, conv: str, k: int) -> Fraction:
    """P(the attacker wins A v D) against the one-number rule with threshold k (exact)."""
    a = A - ro.offset(conv)
    return _threshold_values(a, D, k, Fraction(1), Fraction(0))[a][D]


def best_threshold(A: int, D: int, conv: str) -> int:
    """The k of RULE_K that leaves the attacker the least chance (the smallest k on a tie)."""
    return min(RULE_K, key=lambda k: (threshold_win(A, D, conv, k), k))


def threshold_curve(n: int, k: int) -> list[float]:
    """P(win) at j v j on the board, j = 1..n, against the one-number rule (floats, for drawing)."""
    return cache.cached("choice-threshold", {"n": n, "k": k, "code": cache.file_digest(__file__)},
                        lambda: _curve(n, k))


def _curve(n, k):
    V = _threshold_values(n - 1, n, k, 1.0, 0.0)
    return [0.0] + [V[j - 1][j] for j in range(2, n + 1)]


@lru_cache(maxsize=None)
def policy(n: int = CHOICE_N):
    """The engine's best play after the roll, in every position up to n v n on the board."""
    return ro.battle(n, n, convention="territory", rules=choice_rules("after-roll")).defender_policy


def rule_numbers(na: int, n: int = CHOICE_N) -> dict:
    """From the engine's play against na attacking dice: "one_from", the lowest second-highest
    die from which one die is best in every position (whatever the highest die), and "two_upto",
    the highest up to which two dice are best in every position."""
    (entry,) = [e for e in policy(n).positions if e["attacker_dice"] == na and e["defender_most"] == 2]
    by_second = {}
    for r in entry["roll"]:
        by_second.setdefault(r["attacker_top"][1], []).append(r["dice"])
    always = lambda v, nd: all(dice == {str(nd): 1.0} for dice in by_second[v])  # noqa: E731
    one_from = min(v for v in by_second if all(always(w, 1) for w in by_second if w >= v))
    two_upto = max(v for v in by_second if all(always(w, 2) for w in by_second if w <= v))
    return {"one_from": one_from, "two_upto": two_upto}


@lru_cache(maxsize=None)
def before_roll_gain(n: int = CHOICE_N, defend_dice: int = 2) -> Fraction:
    """The most a defender choosing before the roll takes off the attacker's chance, over every
    battle up to n v n on the board (0: choosing never helps)."""
    def table(mode):
        return ro.win_table(n, n, convention="territory", rules=choice_rules(mode, defend_dice), detail="full").rows
    return max(s - b for rs, rb in zip(table("most"), table("before-roll")) for s, b in zip(rs, rb))


@lru_cache(maxsize=None)
def equal_exact(mode: str, n: int = CHOICE_N) -> tuple:
    """P(win) at j v j on the board, j = 1..n, with the defender's dice `mode` (Fractions)."""
    return tuple(ro.win_table(n, n, convention="territory", rules=choice_rules(mode), detail="full").equal_armies)


def equal_armies(mode: str, n: int = CHOICE_N) -> list[float]:
    """equal_exact as floats (for drawing), cached between builds."""
    return cache.cached("choice-equal", {"n": n, "mode": mode}, lambda: [float(p) for p in equal_exact(mode, n)])


# ----------------------------------------------------------------------------- a turn on the board
# part 2's turns: the Turn calculator's own ready-made position (sitebuild/turn_presets.py), and the
# move-in rule's example (North Africa 4 against Egypt 1 and Congo 1): your territories and armies, the
# opponent's, the new armies, the goal (riskodds.turn)
TURNS = {name: (p.yours, p.theirs, p.reinforcements, p.goal)
         for name, p in turn_presets.BY_NAME.items() if name == "south-america"}
TURNS["move-in"] = ({"North Africa": 4}, {"Egypt": 1, "Congo": 1}, 0, ("Egypt", "Congo"))
NEEDED_PS = ("1/2", "9/10")           # the table of armies needed for a continent: these chances ...
NEEDED_DEFENDERS = (1, 2)             # ... against this many armies on every territory of it
# the families of plans the table searches: every plan where the build can afford it, chains for the
# two continents whose every-plan search takes minutes per entry (the table says so)
NEEDED_SEARCH = {"North America": "chains", "Asia": "chains"}
# the table's cells played roll by roll (every real play) where the engine prices that search within
# this many seconds; the others keep the best fixed plan's number (the table says which). At 60 s North
# America with 2 on each territory, 24 armies from Venezuela (priced 25 s, measured 34 s of CPU and 27 s
# of waiting on 2 cores, 707 MB), is played roll by roll: its 50 % cell; 32 armies, its 90 % cell, is
# priced at 100 s and 3.2 GB, and Asia's 12 territories are more than the real play takes.
REAL_NEEDED_BUDGET_S = 60


def _position(mine: dict, theirs: dict) -> dict:
    position = {t: {"owner": "red", "armies": a} for t, a in theirs.items()}
    position.update({t: {"owner": "you", "armies": a} for t, a in mine.items()})
    return position


def turn_request(name: str) -> tuple:
    """(position, reinforcements, goal) of TURNS[name], as riskodds.turn takes them."""
    mine, theirs, R, goal = TURNS[name]
    return _position(mine, theirs), R, {"take": goal if isinstance(goal, str) else list(goal)}


def _real(t):
    if t.searched["family"] != "real":
        raise ValueError(f"the engine no longer plays this turn roll by roll: {t.searched['words']}")
    return t


@lru_cache(maxsize=None)
def turn(name: str, dice: str = "choose"):
    """The best real play for TURNS[name] (riskodds.turn, the printed move-in rule), the best plan
    fixed in advance beside it (t.fixed); dice "most": always the most dice."""
    position, R, goal = turn_request(name)
    return _real(ro.turn(position, "you", R, goal, dice=dice, budget=600))


@lru_cache(maxsize=None)
def placed_turn(name: str, territory: str, n: int, family: str):
    """TURNS[name] with n of its new armies placed on `territory` and the rest on the other
    territory of the player (exactly two): the best real play ("real") or the best plan fixed in
    advance ("fixed", every plan), from there."""
    mine, theirs, R, goal = TURNS[name]
    (other,) = [t for t in mine if t != territory]
    if not 0 <= n <= R:
        raise KeyError(f"{n} of {R} new armies")
    armies = {territory: mine[territory] + n, other: mine[other] + R - n}
    position, _, goal = turn_request(name)
    position.update({t: {"owner": "you", "armies": a} for t, a in armies.items()})
    if family == "real":
        return _real(ro.turn(position, "you", 0, goal, budget=600))
    if family == "fixed":
        return ro.turn(position, "you", 0, goal, search="all", budget=600)
    raise KeyError(family)


def placements(name: str) -> list[tuple]:
    """Every placement of TURNS[name]'s new armies on its two territories, as (territory, n):
    n on the first territory of the position (board order of TURNS), the rest on the other."""
    mine, _, R, _ = TURNS[name]
    first = next(iter(mine))
    return [(first, n) for n in range(R + 1)]


@lru_cache(maxsize=None)
def first_roll(name: str, dice: int) -> Fraction:
    """P(goal) for TURNS[name] when the first roll is the best play's first attack (its territories)
    with `dice` dice, then the best play from whatever that roll leaves: each outcome of the roll
    (riskodds.outcome_space) answered mid-turn by riskodds.turn, a conquest with its pending move."""
    t = turn(name)
    attack = t.next["attack"]
    x, y = attack["from"], attack["to"]
    position, R, goal = turn_request(name)
    if R:
        raise ValueError("first_roll: a turn with armies still to place")
    a, d = position[x]["armies"], position[y]["armies"]
    if not 1 <= dice <= min(3, a - 1):
        raise KeyError(f"{dice} dice from {a} armies")
    counts = ro.outcome_space(dice, min(2, d), ro.Rules())
    total = sum(counts.values())
    value = Fraction(0)
    for (al, dl), c in counts.items():
        after = {k: dict(v) for k, v in position.items()}
        after[x]["armies"] = a - al
        moving = None
        if d - dl == 0:
            after[y] = {"owner": "you", "armies": 0}
            moving = {"from": x, "to": y, "dice": dice}
        else:
            after[y]["armies"] = d - dl
        w = ro.turn(after, "you", 0, goal, moving=moving, budget=600).win
        value += Fraction(c, total) * w
    return value


def entries(continent: str) -> list[str]:
    """The territories outside a continent that border it, in board order."""
    from riskodds.facts import board
    inside = set(board.MEMBERS[continent])
    return [t for t in board.TERRITORIES if t not in inside and set(board.NEIGHBOURS[t]) & inside]


def _needed_from(continent: str, entry: str, defenders: int) -> dict:
    """armies_needed from one entry, enough armies considered for 90 %."""
    from riskodds.facts import board
    most = 6 + 2 * defenders * len(board.MEMBERS[continent])
    while True:
        n = ro.armies_needed(entry, {"take": continent}, defenders, NEEDED_PS, most=most,
                             search=NEEDED_SEARCH.get(continent, "all"), budget=3600)
        if all(n.needed.values()):
            return {"needed": n.needed, "family": n.searched["family"], "forests": n.searched["forests"]}
        most = most * 3 // 2


def chains_match_every_plan(continent: str = "North America", defenders: int = 1) -> bool:
    """What the table's note says: for this continent and defenders, from the table's entry, the
    search of every plan needs exactly the armies the best chains need (checked at build time,
    cached; a difference stops the build rather than print a false sentence)."""
    row = continent_needed(continent, defenders)

    def compute():
        most = max(row["needed"].values())
        n = ro.armies_needed(row["entry"], {"take": continent}, defenders, NEEDED_PS, most=most, search="all",
                             budget=3600)
        return n.needed
    every = cache.cached("continent-needed-all", {"continent": continent, "defenders": defenders, "v": 1}, compute)
    if every != row["needed"]:
        raise ValueError(f"{continent}, {defenders} on each: every plan needs {every}, the best chains {row['needed']}")
    return True


def _cache_name(what: str, continent: str, defenders: int) -> str:
    """One cache producer per row (the cache keeps one entry per producer name)."""
    return f"{what}-{continent.lower().replace(' ', '-')}-{defenders}"


def continent_needed(continent: str, defenders: int) -> dict:
    """The cheapest entry into a continent (fewest armies for 90 %, then for 50 %, then board order)
    with `defenders` on each of its territories: {"entry", "needed": {p: armies}, "family"},
    cached between builds."""
    def compute():
        rows = [(entry, _needed_from(continent, entry, defenders)) for entry in entries(continent)]
        entry, best = min(rows, key=lambda r: (r[1]["needed"][NEEDED_PS[1]], r[1]["needed"][NEEDED_PS[0]]))
        return {"entry": entry, **best}
    return cache.cached(_cache_name("continent-needed", continent, defenders), {"continent": continent, "defenders": defenders, "v": 1,
                                             "search": NEEDED_SEARCH.get(continent, "all")}, compute)


def _real_win(continent: str, entry: str, defenders: int, armies: int):
    """P(take the continent) from `armies` on `entry`, `defenders` on each of its territories, with
    the best real play, or None where the engine prices that search over REAL_NEEDED_BUDGET_S."""
    from riskodds.facts import board
    position = {t: {"owner": "red", "armies": defenders} for t in board.MEMBERS[continent]}
    position[entry] = {"owner": "you", "armies": armies}
    if not real_priced(position, {"take": continent}):
        return None
    t = ro.turn(position, "you", 0, {"take": continent}, budget=3600)   # priced above; no deadline on a slow machine
    return _real(t).win


def real_priced(position: dict, goal: dict, seconds: float = REAL_NEEDED_BUDGET_S) -> bool:
    """Whether the engine prices the best real play of this turn (0 reinforcements) within `seconds`:
    its cost guard asked for a dry run (a Budget with dry_run raises Estimated instead of working), so
    the choice depends on the position only, never on how loaded the machine is."""
    from riskodds.guards.budget import Budget, Estimated
    try:
        t = ro.turn(position, "you", 0, goal, budget=Budget(seconds=seconds, dry_run=True))
    except Estimated as e:
        return e.estimate.what.endswith("played roll by roll")
    return t.searched["family"] == "real"


def continent_needed_real(continent: str, defenders: int) -> dict:
    """continent_needed's row played roll by roll: {"entry", "needed": {p: armies}, "real": {p:
    True where the best real play was searched, False where the fixed plan's number is kept}}.
    From the same entry, counting down from the fixed plan's armies (the real play never needs
    more): the fewest armies whose best real play reaches p. Cached between builds."""
    row = continent_needed(continent, defenders)

    def compute():
        needed, real = {}, {}
        for p in NEEDED_PS:
            T = row["needed"][p]
            if _real_win(continent, row["entry"], defenders, T) is None:
                needed[p], real[p] = T, False
                continue
            while T > 2:
                w = _real_win(continent, row["entry"], defenders, T - 1)
                if w is None or w < Fraction(p):
                    break
                T -= 1
            needed[p], real[p] = T, True
        return {"entry": row["entry"], "needed": needed, "real": real}
    key = {"continent": continent, "defenders": defenders, "v": 2, "budget": REAL_NEEDED_BUDGET_S, "fixed": row["needed"]}
    return cache.cached(_cache_name("continent-needed-real", continent, defenders), key, compute)
