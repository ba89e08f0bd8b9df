"""The best real turn (issue 33) against a brute force written apart from the solver
(real_turn_oracle.py): every placement, and every policy roll by roll (any territory, any
target, any dice, any move, stop at any time), with Fractions over full states.

First the oracle is held to what is known independently (the round counts of the reference,
the plain battle of engine_oracle.py, the fixed-plan family of turn_oracle.py, the issue's
numbers); then the solver (riskodds.turn, the JSON op "turn", the CLI) is held to the oracle:
its win exactly, its placement and its next action each worth exactly its win, mid-turn
requests (after any roll, and right after a conquest with a move pending) exactly the oracle's
value from there."""
import io
import json
import math
import random
from fractions import Fraction

import pytest

import engine_oracle
import real_turn_oracle as oracle
import riskodds as ro
import riskodds.interfaces.api as api
import turn_oracle
from riskodds.facts import board
from riskodds.interfaces.cli import run as cli_run

LINKS = {frozenset((a, b)) for a, b, _ in board.LINKS}
ME = "you"


def frac(p):
    return Fraction(int(p["num"]), int(p["den"]))


def h(owner, armies, **extra):
    return {"owner": owner, "armies": armies, **extra}


SA = {"North Africa": h(ME, 4), "Central America": h(ME, 3), "Venezuela": h("red", 2), "Brazil": h("red", 2),
      "Peru": h("red", 1), "Argentina": h("red", 1)}
SA_GOAL = list(board.MEMBERS["South America"])
EGYPT_CONGO = {"North Africa": h(ME, 4), "Egypt": h("red", 1), "Congo": h("red", 1)}


def pct(x):
    return round(float(x) * 100, 1)


def fixed_best(position, goal, R, min_move):
    """turn_oracle's best plan fixed in advance for a request's position."""
    mine = {n: e["armies"] for n, e in position.items() if e["owner"] == ME}
    targets = {n: (position[n]["armies"], "capital" if position[n].get("defend_dice") == 3 else "standard")
               for n in goal if position[n]["owner"] != ME}
    return turn_oracle.best(mine, targets, LINKS, R, min_move)


# ============================================================================ the oracle itself
REFERENCE_ROUNDS = {   # shared/reference section 2: {(attack dice, defence dice): {(att loss, def loss): count}}
    (3, 2): {(0, 2): 2890, (1, 1): 2611, (2, 0): 2275},
    (2, 2): {(0, 2): 295, (1, 1): 420, (2, 0): 581},
    (3, 1): {(0, 1): 855, (1, 0): 441},
    (2, 1): {(0, 1): 125, (1, 0): 91},
    (1, 2): {(0, 1): 55, (1, 0): 161},
    (1, 1): {(0, 1): 15, (1, 0): 21},
    (1, 3): {(0, 1): 225, (1, 0): 1071},
}


@pytest.mark.parametrize("dice", sorted(REFERENCE_ROUNDS))
def test_the_oracles_rounds_are_the_references(dice):
    total = 6 ** sum(dice)
    assert dict(oracle.round_outcomes(*dice)) == {k: Fraction(c, total) for k, c in REFERENCE_ROUNDS[dice].items()}


def test_the_oracles_capital_rounds_lose_at_most_the_fewer_dice():
    for a in (1, 2, 3):
        out = dict(oracle.round_outcomes(a, 3))
        assert sum(out.values()) == 1
        assert all(al + dl == min(a, 3) for al, dl in out)


def test_the_oracle_gives_the_issues_numbers():
    """South America: 80.8 % best, 79.4 % with all 6 on North Africa (the fixed plan: 67.4 %);
    North Africa 4 against Egypt 1 and Congo 1: 41.6 % choosing the dice, 0 % with the most."""
    assert pct(oracle.best(SA, ME, 6, SA_GOAL, "dice", "choose")) == 80.8
    assert pct(oracle.value(oracle.placed(SA, ME, {"North Africa": 6}), ME, SA_GOAL, "dice", "choose")) == 79.4
    assert pct(fixed_best(SA, SA_GOAL, 6, "dice")) == 67.4
    assert pct(oracle.best(EGYPT_CONGO, ME, 0, ["Egypt", "Congo"], "dice", "choose")) == 41.6
    assert oracle.best(EGYPT_CONGO, ME, 0, ["Egypt", "Congo"], "dice", "most") == 0
    # the 41.6 % comes from rolling ONE die first (on either): a conquest then moves only one in.
    # Two dice first win 31.4 % (they force two in), three dice first 5.9 %.
    ec = ["Egypt", "Congo"]
    best = oracle.value(EGYPT_CONGO, ME, ec)
    for to in ec:
        first = {n: oracle.action_value(EGYPT_CONGO, ME, ec, {"attack": {"from": "North Africa", "to": to, "dice": n}})
                 for n in (1, 2, 3)}
        assert first[1] == best and (pct(first[2]), pct(first[3])) == (31.4, 5.9)


@pytest.mark.parametrize("capital", [False, True])
def test_one_target_is_the_plain_battle(capital):
    """One territory against one target: the best play is the battle to the end with the most
    dice (engine_oracle.forward, attacking armies = armies on the territory - 1), either dice rule."""
    rules = engine_oracle.MyRules(defend_dice=3 if capital else 2)
    for a in range(1, 9):
        for d in range(1, 6):
            pos = {"Brazil": h(ME, a), "Peru": h("red", d, **({"defend_dice": 3} if capital else {}))}
            want = sum(p for (x, y), p in engine_oracle.forward(a - 1, d, rules).items() if y == 0) if a > 1 else 0
            for dice in ("choose", "most"):
                for min_move in ("dice", "one"):
                    assert oracle.value(pos, ME, ["Peru"], min_move, dice) == want, (a, d, dice, min_move)


def test_a_single_chain_with_the_most_dice_is_the_fixed_plan():
    """Siam -> Indonesia -> New Guinea -> Eastern Australia, the most dice: one attack is possible
    at a time, so the real play is the chain plan of turn_oracle (which chooses the moves)."""
    for armies, defenders, min_move in [(6, (1, 1, 1), "dice"), (8, (2, 1, 2), "dice"), (7, (1, 2, 1), "one"),
                                        (5, (1, 1, 1), "one"), (9, (2, 2, 1), "dice")]:
        pos = {"Siam": h(ME, armies)}
        goal = ["Indonesia", "New Guinea", "Eastern Australia"]
        pos.update({t: h("red", d) for t, d in zip(goal, defenders)})
        assert oracle.value(pos, ME, goal, min_move, "most") == fixed_best(pos, goal, 0, min_move)


def random_position(rng):
    """1 to 3 territories of the player (one, sometimes, bordering no target), 2 to 4 connected
    targets (one, sometimes, a capital; two owners sometimes), sometimes an opponent's territory
    outside the goal beside them and a territory of the player in the goal, up to 12 armies in all
    (placed, to place, defending; a bystander's not counted)."""
    while True:
        first = rng.choice(board.TERRITORIES)
        targets = [first]
        for _ in range(rng.randint(1, 3)):
            around = sorted({n for t in targets for n in board.NEIGHBOURS[t]} - set(targets))
            targets.append(rng.choice(around))
        around = sorted({n for t in targets for n in board.NEIGHBOURS[t]} - set(targets))
        mine = rng.sample(around, min(len(around), rng.randint(1, 3)))
        if len(mine) > 1 and rng.random() < 0.2:
            spare = [t for t in board.TERRITORIES if t not in targets and t not in mine
                     and not set(board.NEIGHBOURS[t]) & set(targets)]
            mine[-1] = rng.choice(spare)
        position = {}
        for t in targets:
            position[t] = h(rng.choice(["red", "red", "blue"]), rng.choice([1, 1, 2, 2, 3] if len(targets) < 4 else [1, 1, 2]))
        if rng.random() < 0.3:
            position[rng.choice(targets)]["defend_dice"] = 3
        left = 12 - sum(e["armies"] for e in position.values())
        if left < len(mine) + 1:
            continue
        for m in mine:
            position[m] = h(ME, 1)
        left -= len(mine)
        extra = rng.randint(max(1, left - 3), left)      # mostly near the 12 armies
        R = rng.randint(0, extra)
        for _ in range(extra - R):
            position[rng.choice(mine)]["armies"] += 1
        beside = sorted({n for m in mine for n in board.NEIGHBOURS[m]} - set(position))
        if beside and rng.random() < 0.3:
            position[rng.choice(beside)] = h("red", rng.randint(1, 3))
        if not any(e["armies"] + R >= 2 and set(board.NEIGHBOURS[n]) & set(targets)
                   for n, e in position.items() if e["owner"] == ME):
            continue
        goal = targets + ([rng.choice(mine)] if rng.random() < 0.15 else [])    # one already held, sometimes
        case = position, sorted(goal), R, rng.choice(["dice", "one"]), rng.choice(["choose", "most"])
        if rng.random() < 0.7 and oracle.best(*case[:1], ME, *case[2:3], *case[1:2], *case[3:]) == 0:
            continue                    # keep a few hopeless turns, mostly ones that can be won
        return case


CASES = [random_position(random.Random(1000 + seed)) for seed in range(150)]


def case_id(case):
    position, goal, R, min_move, dice = case
    mine = sum(e["armies"] for e in position.values() if e["owner"] == ME)
    targets = sum(1 for g in goal if position[g]["owner"] != ME)
    return f"{targets}targets-{mine}+{R}-{min_move}-{dice}"


@pytest.mark.parametrize("case", CASES[:40], ids=case_id)
def test_the_oracles_real_play_is_never_below_the_fixed_plan(case):
    """Every fixed plan is a real policy (with the most dice, so for either dice rule); choosing
    the dice and moving any number in (min_move "one") only add policies."""
    position, goal, R, min_move, dice = case
    real = oracle.best(position, ME, R, goal, min_move, dice)
    assert real >= fixed_best(position, goal, R, min_move)
    assert oracle.best(position, ME, R, goal, min_move, "choose") >= oracle.best(position, ME, R, goal, min_move, "most")
    assert oracle.best(position, ME, R, goal, "one", dice) >= oracle.best(position, ME, R, goal, "dice", dice)


# ============================================================================ the solver
def solve(position, R, goal, min_move, dice, moving=None):
    return ro.turn(position, ME, R, {"take": goal}, min_move=min_move, dice=dice, moving=moving)


def check_answer(t, position, R, goal, min_move, dice, moving=None):
    """The answer's win, placement and next, each exactly the oracle's."""
    want = oracle.best(position, ME, R, goal, min_move, dice) if moving is None else \
        oracle.value(position, ME, goal, min_move, dice, moving)
    assert isinstance(t.win, Fraction) and t.win == want
    assert t.searched["family"] == "real" and t.searched["complete"] is True, t.searched
    placement = dict(t.placement)
    assert len(placement) == len(t.placement) and sum(placement.values()) == R
    assert all(position[n]["owner"] == ME and k >= 0 for n, k in placement.items()), t.placement
    after = oracle.placed(position, ME, placement)
    assert oracle.value(after, ME, goal, min_move, dice, moving) == want
    legal = oracle.actions(after, ME, goal, min_move, dice, moving)
    assert t.next in legal, (t.next, legal)
    assert oracle.action_value(after, ME, goal, t.next, min_move, dice, moving) == want, t.next
    if moving is not None:
        assert set(t.next) == {"move"}
    elif want == 0:
        assert t.next == {"stop": True}
    else:
        assert set(t.next) == {"attack"}
    return after


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_best_real_turn_is_the_oracles(case):
    position, goal, R, min_move, dice = case
    t = solve(position, R, goal, min_move, dice)
    check_answer(t, position, R, goal, min_move, dice)
    assert isinstance(t.fixed["win"], Fraction) and t.fixed["win"] == fixed_best(position, goal, R, min_move)
    fixed_placement = dict(t.fixed["placement"])          # (territory, armies) pairs, as t.placement
    assert sum(fixed_placement.values()) == R and all(position[n]["owner"] == ME for n in fixed_placement)
    assert t.win >= t.fixed["win"]


def walk(rng, position, goal, min_move, dice, steps):
    """Random legal play from a position (never stopping); yields every state passed through,
    as (position, moving), the roll's outcome drawn with its own chance."""
    moving = None
    for _ in range(steps):
        acts = [a for a in oracle.actions(position, ME, goal, min_move, dice, moving) if "stop" not in a]
        if not acts:
            return
        most = [a for a in acts if "move" in a or a["attack"]["dice"] == max(
            b["attack"]["dice"] for b in acts if b["attack"]["from"] == a["attack"]["from"])]
        act = rng.choice(most if rng.random() < 0.6 else acts)
        r, acc = Fraction(rng.random()), Fraction(0)
        outs = oracle.outcomes(position, ME, goal, act, min_move, dice, moving)
        for p, nxt, mv in outs:
            acc += p
            if r < acc:
                break
        position, moving = nxt, mv
        yield position, moving


def attack_possible(position, goal):
    return any(e["owner"] == ME and e["armies"] >= 2 and any(
        position[t]["owner"] != ME and frozenset((n, t)) in LINKS for t in goal) for n, e in position.items())


def mid_turn_states(seed, count):
    """States reached mid-turn from the random cases: at least one goal territory still to take,
    and (unless a move is pending) some attack still possible; moving states among them."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        position, goal, R, min_move, dice = rng.choice(CASES)
        mine = sorted(n for n, e in position.items() if e["owner"] == ME)
        start = oracle.placed(position, ME, {rng.choice(mine): R})
        seen = list(walk(rng, start, goal, min_move, dice, rng.randint(1, 8)))
        rng.shuffle(seen)
        for pos, moving in seen[:2]:
            if all(pos[g]["owner"] == ME for g in goal):
                continue
            if moving is None and not attack_possible(pos, goal):
                continue
            if rng.random() < 0.7 and oracle.value(pos, ME, goal, min_move, dice, moving) == 0:
                continue                # keep a few lost positions, mostly the ones still open
            if (pos, moving) not in [(m[0], m[4]) for m in out]:
                out.append((pos, goal, min_move, dice, moving))
    return out


MID = mid_turn_states(7, 150)
assert sum(1 for m in MID if m[4] is not None) >= 20      # enough states with a move pending


def mid_id(m):
    pos, goal, min_move, dice, moving = m
    return f"{sum(e['armies'] for e in pos.values() if e['owner'] == ME)}mine-{min_move}-{dice}" + ("-moving" if moving else "")


@pytest.mark.parametrize("mid", MID, ids=mid_id)
def test_mid_turn_answers_are_the_oracles_from_there(mid):
    pos, goal, min_move, dice, moving = mid
    t = solve(pos, 0, goal, min_move, dice, moving=moving)
    check_answer(t, pos, 0, goal, min_move, dice, moving)


def test_nothing_helps_so_stop():
    """The most dice on Egypt force three armies in and leave North Africa 1: Congo cannot be taken."""
    t = solve(EGYPT_CONGO, 0, ["Egypt", "Congo"], "dice", "most")
    assert t.win == 0 and t.next == {"stop": True}
    t = solve({**EGYPT_CONGO, "Congo": h("red", 3, defend_dice=3), "North Africa": h(ME, 2)}, 0, ["Egypt", "Congo"],
              "dice", "choose")
    assert t.win == 0 and t.next == {"stop": True}


def test_no_attack_left_is_the_end_of_the_turn():
    """Mid-turn with every stack down to 1: the turn is over, not a refusal: win 0 and stop, in words
    (issue 44: a simulated North Africa 4 against Egypt 1 and Congo 1 reaches it a quarter of the time)."""
    pos = {"North Africa": h(ME, 1), "Egypt": h(ME, 1), "Congo": h("red", 1)}
    t = solve(pos, 0, ["Egypt", "Congo"], "dice", "choose")
    assert t.win == 0 == oracle.value(pos, ME, ["Egypt", "Congo"], "dice", "choose") and t.next == {"stop": True}
    assert "turn is over" in t.words[0]
    res = api.handle("turn", {"position": pos, "player": ME, "reinforcements": 0, "goal": {"take": ["Egypt", "Congo"]}})
    assert res["ok"] and res["next"] == {"stop": True} and frac(res["win"]) == 0


def test_the_issues_numbers_through_the_solver():
    t = solve(SA, 6, SA_GOAL, "dice", "choose")
    assert pct(t.win) == 80.8 and t.win == oracle.best(SA, ME, 6, SA_GOAL, "dice", "choose")
    assert pct(t.fixed["win"]) == 67.4
    check_answer(t, SA, 6, SA_GOAL, "dice", "choose")
    t = solve(oracle.placed(SA, ME, {"North Africa": 6}), 0, SA_GOAL, "dice", "choose")
    assert pct(t.win) == 79.4
    t = solve(EGYPT_CONGO, 0, ["Egypt", "Congo"], "dice", "choose")
    assert pct(t.win) == 41.6
    assert t.next["attack"]["from"] == "North Africa" and t.next["attack"]["dice"] == 1, t.next


def test_right_after_a_conquest_the_move_comes_first():
    """North Africa 4 rolled two dice and took Egypt: it must move 2 or 3 in; moving 2 keeps 2 for Congo."""
    pos = {"North Africa": h(ME, 4), "Egypt": h(ME, 0), "Congo": h("red", 1)}
    moving = {"from": "North Africa", "to": "Egypt", "dice": 2}
    t = solve(pos, 0, ["Egypt", "Congo"], "dice", "choose", moving=moving)
    assert t.next == {"move": {"from": "North Africa", "to": "Egypt", "armies": 2}}
    assert t.win == oracle.value(pos, ME, ["Egypt", "Congo"], "dice", "choose", moving) == Fraction(15, 36)
    check_answer(t, pos, 0, ["Egypt", "Congo"], "dice", "choose", moving)


# ============================================================================ JSON and command line
@pytest.mark.parametrize("case", CASES[:8], ids=case_id)
def test_the_json_op_gives_the_same(case):
    position, goal, R, min_move, dice = case
    t = solve(position, R, goal, min_move, dice)
    res = api.handle("turn", {"position": position, "player": ME, "reinforcements": R, "goal": {"take": goal},
                              "min_move": min_move, "dice": dice})
    assert res["ok"], res
    assert frac(res["win"]) == t.win
    assert res["next"] == t.next
    assert frac(res["fixed"]["win"]) == t.fixed["win"]
    assert res["searched"]["family"] == "real" and res["searched"]["complete"] is True
    assert "line" in res
    placement = {p["territory"]: p["armies"] for p in res["placement"]}
    assert oracle.value(oracle.placed(position, ME, placement), ME, goal, min_move, dice) == t.win


def test_the_json_op_answers_mid_turn_with_a_move():
    pos = {"North Africa": h(ME, 4), "Egypt": h(ME, 0), "Congo": h("red", 1)}
    moving = {"from": "North Africa", "to": "Egypt", "dice": 2}
    res = api.handle("turn", {"position": pos, "player": ME, "reinforcements": 0, "goal": {"take": ["Egypt", "Congo"]},
                              "min_move": "dice", "dice": "choose", "moving": moving})
    assert res["ok"], res
    assert frac(res["win"]) == oracle.value(pos, ME, ["Egypt", "Congo"], "dice", "choose", moving)
    assert res["next"] == {"move": {"from": "North Africa", "to": "Egypt", "armies": 2}}


@pytest.mark.parametrize("dice", ["choose", "most"])
def test_the_command_line_prints_the_exact_win(dice):
    out = io.StringIO()
    code = cli_run(["turn", "--mine", "North Africa 4, Central America 3", "--theirs", "Venezuela 2, Brazil 2, Peru 1, "
                    "Argentina 1", "--reinforcements", "6", "--goal", "South America", "--min-move", "dice",
                    "--dice", dice, "--json"], out=out)
    assert code == 0, out.getvalue()
    theirs = {n: {**e, "owner": "them"} if e["owner"] != ME else e for n, e in SA.items()}
    assert frac(json.loads(out.getvalue())["win"]) == oracle.best(theirs, ME, 6, SA_GOAL, "dice", dice)


MOVED = {"North Africa": h(ME, 4), "Egypt": h(ME, 0), "Congo": h("red", 1)}
BAD = [   # (request changes, the field the refusal must name)
    ({"dice": "blitz"}, "dice"),                                                    # the message names "choose"
    ({"position": MOVED, "moving": {"from": "North Africa", "to": "Congo", "dice": 2}}, "moving"),     # not taken
    ({"position": MOVED, "moving": {"from": "North Africa", "to": "Egypt", "dice": 4}}, "moving"),     # no 4 dice
    ({"position": MOVED, "moving": {"from": "North Africa", "to": "Egypt"}}, "moving"),                # dice missing
    ({"position": MOVED, "moving": {"from": "North Africa", "to": "Egypt", "dice": 2, "armies": 2}}, "moving"),
    ({"position": {**MOVED, "North Africa": h(ME, 2)},
      "moving": {"from": "North Africa", "to": "Egypt", "dice": 2}}, "moving"),     # 2 dice need 3 armies there
    ({"position": MOVED}, "position"),                                              # 0 armies, no move pending
]


@pytest.mark.parametrize("change, field", BAD, ids=lambda x: str(x)[:50])
def test_bad_real_turn_requests_are_refused_by_name(change, field):
    request = {"position": EGYPT_CONGO, "player": ME, "reinforcements": 0, "goal": {"take": ["Egypt", "Congo"]},
               "min_move": "dice", "dice": "choose", **change}
    res = api.handle("turn", request)
    assert not res["ok"] and res["error"]["field"] == field, res
    if field == "dice":
        assert "choose" in res["error"]["message"] and "most" in res["error"]["message"], res


# ------------------------------------------------------------------ auto: the real play or the fixed plans
def test_auto_plays_roll_by_roll_where_it_fits_else_the_fixed_plans_and_says_why(monkeypatch):
    """search "auto" answers the real play where its estimate fits the budget's share; past it the
    fixed plans, whose words say that playing each roll as it comes may do better, with the interval
    the best play lies in; and when the real play runs out of its share of the budget (an estimate
    too low), the fixed plans in the time left."""
    import riskodds.answers.real_turn as real_answers
    from riskodds.facts.limits import COST_MODEL
    from riskodds.guards import budget as guards
    request = {"position": SA, "player": ME, "reinforcements": 6, "goal": {"take": SA_GOAL}}
    small = api.handle("turn", request)
    assert small["ok"] and small["searched"]["family"] == "real", small
    assert small["bounds"] is None
    for runner in ("numba", "js", "python"):       # every position priced at an hour
        monkeypatch.setitem(COST_MODEL, f"real_sweep_{runner}_s", 3600.0)
    fixed = api.handle("turn", request)
    assert fixed["ok"] and fixed["searched"]["family"] != "real" and fixed["searched"]["real"] is False
    assert "may do better" in fixed["searched"]["words"]
    assert frac(fixed["win"]) == frac(small["fixed"]["win"])
    # the interval: the fixed plan below, the pooled stack above, the best play between
    assert frac(fixed["bounds"]["low"]) == frac(fixed["win"]) <= frac(small["win"]) <= frac(fixed["bounds"]["high"])
    assert "between" in fixed["bounds"]["words"] and "No way of playing does better." in fixed["bounds"]["why"]
    monkeypatch.undo()

    def endless(*args, **kwargs):
        while True:
            guards.tick()
    monkeypatch.setattr(real_answers, "real_play", endless)
    fell_back = api.handle("turn", {**request, "time_budget_s": 2})
    assert fell_back["ok"] and fell_back["searched"]["family"] != "real", fell_back
    assert "ran out of its share" in fell_back["searched"]["words"]
    assert frac(fell_back["win"]) == frac(small["fixed"]["win"])


def test_auto_answers_the_plan_found_beside_when_the_real_play_runs_out(monkeypatch):
    """The best fixed plan is searched at the real play's start, beside it. When the real play then
    runs out of its share of the time, that plan is the answer: it is not searched a second time."""
    import riskodds.answers.real_turn as real_answers
    import riskodds.answers.turn as turn_answers
    from riskodds.guards import budget as guards
    request = {"position": SA, "player": ME, "reinforcements": 6, "goal": {"take": SA_GOAL}}
    small = api.handle("turn", request)
    searches = []
    search_family = turn_answers.search_family

    def counted(*args, **kwargs):
        searches.append(args[1])
        return search_family(*args, **kwargs)

    def beside_then_endless(request, dice, threads=1, meanwhile=None):
        meanwhile()                     # the plan beside, as the sweep runs it first
        while True:
            guards.tick()
    monkeypatch.setattr(turn_answers, "search_family", counted)
    monkeypatch.setattr(real_answers, "real_play", beside_then_endless)
    fell_back = api.handle("turn", {**request, "time_budget_s": 3})
    assert fell_back["ok"] and fell_back["searched"]["family"] != "real", fell_back
    assert "ran out of its share" in fell_back["searched"]["words"]
    assert frac(fell_back["win"]) == frac(small["fixed"]["win"])
    assert len(searches) == 1, searches


def test_auto_keeps_a_second_for_the_plan_found_beside_not_twice_its_estimate(monkeypatch):
    """With the plan beside as the answer if the real play runs out, "auto" keeps SPARE_FLOOR of the
    budget for writing it, however long the plan's own search is priced: a real play priced at 7 s
    of a 10 s budget is played, beside a plan priced at 3 s (twice that kept would leave it 4 s)."""
    import riskodds.answers.real_turn as real_answers
    import riskodds.answers.turn as turn_answers
    from dataclasses import replace
    request = {"position": SA, "player": ME, "reinforcements": 6, "goal": {"take": SA_GOAL}, "time_budget_s": 10}
    real_cost, choose_family = real_answers.real_cost, turn_answers.choose_family

    def priced(estimate, seconds):      # `seconds` here (Pyodide's or CPython's)
        return replace(estimate, seconds=estimate.seconds * seconds / estimate.here())

    def slow_plan(request, budget, priced_s=0.0, guard=True):
        family = choose_family(request, budget, priced_s, guard)
        return family if guard else replace(family, estimate=priced(family.estimate, 3.0))

    def slow_real(*args, **kwargs):
        estimate, states, threads = real_cost(*args, **kwargs)
        return priced(estimate, 7.0), states, threads
    monkeypatch.setattr(turn_answers, "choose_family", slow_plan)
    monkeypatch.setattr(real_answers, "real_cost", slow_real)
    played = api.handle("turn", request)
    assert played["ok"] and played["searched"]["family"] == "real", played


def test_auto_without_the_time_for_the_real_play_offers_the_budget_that_has_it():
    """Where "auto" answers with the fixed plans for lack of time, `searched.longer` is the request
    that plays roll by roll: search "real" with twice the real play's estimate; sent, it answers the
    real play, the same as with the usual budget. None where it is left out for another reason."""
    request = {"position": SA, "player": ME, "reinforcements": 6, "goal": {"take": SA_GOAL}}
    usual = api.handle("turn", request)
    assert usual["ok"] and usual["searched"]["family"] == "real"
    priced = api.handle("turn", {**request, "search": "real", "estimate_only": True})["estimate"]["seconds"]
    short = api.handle("turn", {**request, "time_budget_s": priced})       # its share of it is too short
    assert short["ok"] and short["searched"]["real"] is False, short
    offer = short["searched"]["longer"]
    assert offer["search"] == "real" and offer["time_budget_s"] == math.ceil(2 * offer["seconds"]) > priced
    # the real play's estimate: each price counts its own pricing's CPU time, measured, so the two
    # differ by a little from run to run
    assert math.isclose(offer["seconds"], priced, rel_tol=0.25)
    assert offer["words"] == f"about {max(1, round(offer['seconds']))} s"
    longer = api.handle("turn", {**request, "search": offer["search"], "time_budget_s": offer["time_budget_s"]})
    assert longer["ok"] and longer["searched"]["family"] == "real"
    assert frac(longer["win"]) == frac(usual["win"]) >= frac(short["win"])
    # the fixed plans asked for, in the budget the real play lacks: no longer wait is offered. They are
    # searched once first with the usual budget, so that the short one times their search, not what a
    # cold start adds (in the whole suite a first search here measured more than this short budget)
    assert api.handle("turn", {**request, "search": "fixed"})["ok"]
    fixed = api.handle("turn", {**request, "search": "fixed", "time_budget_s": priced})
    assert fixed["ok"] and "longer" not in fixed["searched"], fixed


# ------------------------------------------------------------------ one play, one set of numbers (issue 44)
def _replay_line(position, placement, line):
    """The position after the placement and each battle of a line, followed here step by step
    (each battle starts from the armies the line says), and the battles in order: ([(from, to)],
    {territory: (owner, armies)})."""
    now = {n: [e["owner"], e["armies"] + dict(placement).get(n, 0)] for n, e in position.items()}
    battles = []
    for s in line:
        assert now[s["from"]] == [ME, s["armies"]] and now[s["to"]][1] == s["defenders"], (s, now)
        if (s["from"], s["to"]) not in battles:
            battles.append((s["from"], s["to"]))
        now[s["from"]][1] = s["left"]
        now[s["to"]] = [ME, s["moved"]] if s["taken"] else [now[s["to"]][0], s["defenders_left"]]
    return battles, now


def test_every_field_describes_the_play_recommended():
    """Where the real play is the answer and its placement differs from the fixed plan's (Central
    America 1 and North Africa 5 against North Africa 6), every field says the real play: the
    entries hold the real placement's armies, the attacks are the battles of its line, the border
    armies are where its line ends; the fixed plan's own are under `fixed`, in the JSON too."""
    t = solve(SA, 6, SA_GOAL, "dice", "choose")
    placed, fixed_placed = dict(t.placement), dict(t.fixed["placement"])
    assert t.searched["family"] == "real" and placed != fixed_placed
    assert {e["territory"]: e["armies"] for e in t.entries} == {n: SA[n]["armies"] + k for n, k in placed.items()}
    assert all(e["placed"] == placed[e["territory"]] and "win" not in e for e in t.entries)
    assert {e["territory"]: e["armies"] for e in t.fixed["entries"]} == \
        {e["territory"]: SA[e["territory"]]["armies"] + fixed_placed[e["territory"]] for e in t.fixed["entries"]}
    battles, end = _replay_line(SA, t.placement, t.line)
    assert [(a["from"], a["target"]) for a in t.attacks] == battles
    stack = {n: n for n in placed}      # each battle fought by the stack of the entry it came from
    for s in t.line:
        assert next(a for a in t.attacks if (a["from"], a["target"]) == (s["from"], s["to"]))["entry"] == stack[s["from"]]
        if s["taken"]:
            stack[s["to"]] = stack[s["from"]]
    for e in t.entries:
        assert e["targets"] == [a["target"] for a in t.attacks if a["entry"] == e["territory"]]
    assert all(end[n][0] == ME for n in SA_GOAL)        # the line takes the continent here
    assert [(b["territory"], b["armies"]) for b in t.borders] == \
        [(n, end[n][1]) for n in board.borders(SA_GOAL) if end[n][0] == ME]
    assert t.steps == t.orders == t.moves == t.alone == t.alternatives == ()
    assert t.fixed["steps"] and t.fixed["moves"] and t.fixed["alone"] and t.fixed["borders"]
    assert all("expected" in b for b in t.fixed["borders"]) and all("win" in e for e in t.fixed["entries"])
    res = api.handle("turn", {"position": SA, "player": ME, "reinforcements": 6, "goal": {"take": "South America"}})
    assert res["entries"] == [dict(e) for e in t.entries] and res["attacks"] == list(t.attacks)
    assert res["borders"] == [dict(b) for b in t.borders]
    assert res["steps"] == res["moves"] == res["alternatives"] == res["alone"] == []
    assert [e["armies"] for e in res["fixed"]["entries"]] == [e["armies"] for e in t.fixed["entries"]]
    assert [frac(e["win"]) for e in res["fixed"]["entries"]] == [e["win"] for e in t.fixed["entries"]]
    assert [frac(b["expected_armies"]) for b in res["fixed"]["borders"]] == [b["expected"] for b in t.fixed["borders"]]
    assert res["fixed"]["moves"] == list(t.fixed["moves"])


def test_mid_turn_fields_follow_the_move_first():
    """Right after a conquest (moving) the line starts with the move; the entries list the
    territories as they are (the conquered one with 0 armies), the attacks are the line's battles
    after the move and `fixed` is None."""
    pos = {"North Africa": h(ME, 7), "Egypt": h(ME, 0), "Congo": h("red", 1), "East Africa": h("red", 1)}
    moving = {"from": "North Africa", "to": "Egypt", "dice": 3}
    t = solve(pos, 0, ["Egypt", "Congo", "East Africa"], "dice", "choose", moving=moving)
    assert t.fixed is None and "move" in t.line[0] and t.next == t.line[0]
    m = t.line[0]["move"]["armies"]
    after = {**pos, "North Africa": h(ME, 7 - m), "Egypt": h(ME, m)}
    battles, _ = _replay_line(after, (), t.line[1:])
    assert [(a["from"], a["target"]) for a in t.attacks] == battles
    assert {e["territory"]: e["armies"] for e in t.entries}.items() >= {"North Africa": 7, "Egypt": 0}.items()
