"""Holding (issue 34) against a brute force written apart from the solver (hold_oracle.py): every
placement of the holder on any of its territories, every fortify move, every placement of the
opponent and every way he can play his turn, with Fractions over full states.

Held to the oracle: `hold` exactly; the placement and fortify given hold with exactly the chance
stated; `reply.win` is exactly 1 - hold and is the opponent's chance with the placement given in
the reply; every rule of thumb is priced exactly. Then the JSON op, the CLI and the refusals."""
import io
import json
import random
from fractions import Fraction

import pytest

import engine_oracle
import hold_oracle as oracle
import riskodds as ro
import riskodds.interfaces.api as api
from riskodds.facts import board
from riskodds.interfaces.cli import run as cli_run

ME, THEM = "you", "red"


def position(mine, theirs):
    p = {t: {"owner": THEM, "armies": a} for t, a in theirs.items()}
    p.update({t: {"owner": ME, "armies": a} for t, a in mine.items()})
    return p


# (mine, theirs, hold, R, R2, fortify, dice)
CASES = [
    ({"Indonesia": 1, "New Guinea": 3}, {"Siam": 3}, ["Indonesia"], 2, 1, "adjacent", "choose"),
    ({"Indonesia": 1, "New Guinea": 3}, {"Siam": 3}, ["Indonesia"], 2, 1, "none", "choose"),
    ({"Venezuela": 1, "Brazil": 2, "Peru": 2}, {"Central America": 3, "North Africa": 3}, ["Venezuela", "Brazil"],
     2, 2, "adjacent", "choose"),
    ({"North Africa": 1, "Egypt": 2, "East Africa": 1}, {"Middle East": 3, "Brazil": 3},
     ["North Africa", "Egypt", "East Africa"], 2, 1, "adjacent", "choose"),
    ({"Venezuela": 2, "Peru": 1}, {"Central America": 4}, ["Venezuela", "Peru"], 2, 2, "none", "most"),
    ({"Venezuela": 2, "Peru": 1}, {"Central America": 4}, ["Venezuela", "Peru"], 2, 2, "adjacent", "most"),
    # two stacks on one territory, one of them able to go elsewhere
    ({"Egypt": 2, "North Africa": 2}, {"Southern Europe": 4, "Middle East": 3}, ["Egypt", "North Africa"], 1, 2,
     "adjacent", "choose"),
    # the opponent too weak to attack at all: the set holds for sure
    ({"Indonesia": 2}, {"Siam": 1}, ["Indonesia"], 1, 0, "adjacent", "choose"),
    # parts that never meet (his reinforcements split between them), a fortify source next to both
    ({"Venezuela": 1, "Brazil": 1}, {"Central America": 2, "North Africa": 4}, ["Venezuela", "Brazil"], 1, 3,
     "adjacent", "choose"),
    ({"Alaska": 1, "Greenland": 2, "Northwest Territory": 2}, {"Kamchatka": 3, "Iceland": 3}, ["Alaska", "Greenland"],
     1, 2, "adjacent", "choose"),
    # no reinforcements for the holder; the fortify move alone
    ({"Brazil": 1, "Argentina": 4}, {"North Africa": 5}, ["Brazil", "Argentina"], 0, 2, "adjacent", "choose"),
]


def random_cases(count, seed):
    """Small random positions: 1-3 hold territories, 1-2 opponent territories next to them, maybe a
    territory of the holder outside the set (a fortify source)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        hold = [rng.choice(board.TERRITORIES)]
        for _ in range(rng.randint(0, 2)):
            near = sorted({n for t in hold for n in board.NEIGHBOURS[t]} - set(hold))
            hold.append(rng.choice(near))
        near = sorted({n for t in hold for n in board.NEIGHBOURS[t]} - set(hold))
        if len(near) < 2:
            continue
        rng.shuffle(near)
        theirs = {t: rng.randint(2, 5) for t in near[:rng.randint(1, 2)]}
        mine = {t: rng.randint(1, 3) for t in hold}
        rest = near[len(theirs):]
        if rest and rng.random() < 0.5:
            mine[rest[0]] = rng.randint(1, 3)
        if sum(mine.values()) + sum(theirs.values()) > 11:
            continue
        out.append((mine, theirs, hold, rng.randint(0, 3), rng.randint(0, 2), rng.choice(["adjacent", "none"]),
                    rng.choice(["choose", "choose", "most"])))
    return out


ALL = CASES + random_cases(14, 34)


@pytest.mark.parametrize("case", ALL, ids=[f"case{i}" for i in range(len(ALL))])
def test_hold_equals_the_brute_force(case):
    mine, theirs, hold, R, R2, fortify, dice = case
    p = position(mine, theirs)
    o = oracle.Oracle(p, ME, hold, THEM, R, R2, fortify, dice)
    h = ro.hold(p, ME, R, hold, THEM, R2, fortify=fortify, dice=dice)
    assert isinstance(h.hold, Fraction)
    assert h.hold == o.best()
    placement = dict(h.placement)
    assert sum(placement.values()) == R
    assert o.price(placement, h.fortify) == h.hold              # the placement given holds as stated
    assert h.reply["win"] == 1 - h.hold
    his = dict(h.reply["placement"])
    if h.hold < 1:
        assert sum(his.values()) == R2
        state = o.state_of(placement, h.fortify)
        assert o.reply_to_placement(state, his) == h.reply["win"]   # his reply is his best, as stated
        assert "attack" in h.reply["next"]
    names = [t["name"] for t in h.rules_of_thumb]
    assert names[:3] == ["all on the most threatened border", "even on the borders",
                         "2 on each border, the rest on the most threatened"]
    for t in h.rules_of_thumb:
        assert sum(a for _, a in t["placement"]) == R
        assert o.price(dict(t["placement"]), t["fortify"]) == t["hold"]
        assert t["hold"] <= h.hold


def test_the_oracle_is_the_plain_battle_for_one_stack_and_one_territory():
    """One stack against one hold territory, nothing to place or move: the opponent's best is the
    battle to the end with the most dice (engine_oracle.forward, attacking armies = armies - 1)."""
    for a in range(1, 8):
        for d in range(1, 5):
            p = position({"Peru": d}, {"Brazil": a})
            want = sum(q for (x, y), q in engine_oracle.forward(a - 1, d).items() if y == 0) if a > 1 else 0
            for dice in ("choose", "most"):
                assert oracle.Oracle(p, ME, ["Peru"], THEM, 0, 0, "none", dice).best() == 1 - want
                assert ro.hold(p, ME, 0, ["Peru"], THEM, 0, fortify="none", dice=dice).hold == 1 - want


def test_parts_that_never_meet_are_searched_apart():
    """Alaska against Kamchatka and Greenland against Iceland: two searches, one answer."""
    mine, theirs, hold, R, R2, fortify, dice = next(c for c in CASES if c[2] == ["Alaska", "Greenland"])
    h = ro.hold(position(mine, theirs), ME, R, hold, THEM, R2, fortify=fortify, dice=dice)
    assert h.searched["parts"] == 2 and "2 parts" in h.searched["words"]
    assert h.hold == oracle.Oracle(position(mine, theirs), ME, hold, THEM, R, R2, fortify, dice).best()


def test_fortify_helps_where_a_stack_waits_behind():
    """New Guinea's 3 armies move to Indonesia: better than no move, by the oracle's own count."""
    mine, theirs = {"Indonesia": 1, "New Guinea": 3}, {"Siam": 3}
    p = position(mine, theirs)
    with_move = ro.hold(p, ME, 2, ["Indonesia"], THEM, 1)
    without = ro.hold(p, ME, 2, ["Indonesia"], THEM, 1, fortify="none")
    assert with_move.fortify == {"from": "New Guinea", "to": "Indonesia", "armies": 2}
    assert without.fortify is None and with_move.hold > without.hold
    assert oracle.Oracle(p, ME, ["Indonesia"], THEM, 2, 1, "none").best() == without.hold


def test_json_op_and_cli_agree_with_python():
    mine, theirs = {"Venezuela": 1, "Brazil": 2, "Peru": 2}, {"Central America": 3, "North Africa": 3}
    params = {"position": position(mine, theirs), "player": ME, "reinforcements": 2, "hold": ["Venezuela", "Brazil"],
              "opponent": THEM, "opponent_reinforcements": 2}
    h = ro.hold(params["position"], ME, 2, ["Venezuela", "Brazil"], THEM, 2)
    r = api.handle("hold", params)
    assert r["ok"], r
    assert Fraction(int(r["hold"]["num"]), int(r["hold"]["den"])) == h.hold
    assert Fraction(int(r["reply"]["win"]["num"]), int(r["reply"]["win"]["den"])) == 1 - h.hold
    assert r["placement"] == [{"territory": t, "armies": a} for t, a in h.placement]
    assert r["fortify"] == h.fortify and r["searched"]["complete"]
    assert [t["name"] for t in r["rules_of_thumb"]] == [t["name"] for t in h.rules_of_thumb]
    json.dumps(r)
    out = io.StringIO()
    status = cli_run(["hold", "--mine", "Venezuela 1, Brazil 2, Peru 2",
                      "--theirs", "Central America 3, North Africa 3",
                      "--reinforcements", "2", "--hold", "Venezuela, Brazil", "--opponent-reinforcements", "2",
                      "--json"], out)
    assert status == 0
    cli = json.loads(out.getvalue())
    assert cli["hold"] == r["hold"] and cli["placement"] == r["placement"]
    out = io.StringIO()
    assert cli_run(["hold", "--mine", "Indonesia 1, New Guinea 3", "--theirs", "Siam 3", "--reinforcements", "2",
                    "--hold", "Indonesia", "--opponent-reinforcements", "1"], out) == 0
    assert "P(keep Indonesia" in out.getvalue() and "Place 2 on Indonesia" in out.getvalue()


def _refused(params, field, *words):
    r = api.handle("hold", params)
    assert not r["ok"], r
    assert r["error"]["field"] == field, r
    for w in words:
        assert w in r["error"]["message"], r
    return r["error"]["message"]


def test_bad_requests_are_refused_by_name():
    base = {"position": position({"Indonesia": 1, "New Guinea": 1}, {"Siam": 3}), "player": ME, "reinforcements": 2,
            "hold": ["Indonesia", "New Guinea"], "opponent": THEM, "opponent_reinforcements": 1}
    assert api.handle("hold", base)["ok"]
    _refused({**base, "hold": ["Indonesia", "Siam"]}, "hold", "Siam", "held by")
    _refused({**base, "hold": ["Indonesia", "Peru"]}, "hold", "Peru", "no armies")
    _refused({**base, "hold": "Australia"}, "hold", "no armies")
    _refused({**base, "opponent": "blue"}, "opponent", "blue", "holds no territory")
    _refused({**base, "opponent": ME}, "opponent", "holder")
    _refused({**base, "player": "green"}, "player", "holds no territory")
    _refused({**base, "fortify": "chain"}, "fortify")
    _refused({**base, "opponent_reinforcements": -1}, "opponent_reinforcements")
    _refused({**base, "hold": []}, "hold")
    _refused({**base, "hold": ["Indonesia", "Indonesia"]}, "hold", "twice")
    r = api.handle("hold", {**base, "holds": "Australia"})
    assert not r["ok"] and "holds" in r["error"]["message"]


def test_too_big_is_refused_up_front_and_estimates_are_dry():
    held = {t: 3 for t in board.MEMBERS["Europe"]}
    theirs = {"Greenland": 30, "North Africa": 25, "Egypt": 20, "Middle East": 20, "Afghanistan": 20, "Ural": 20}
    params = {"position": position(held, theirs), "player": ME, "reinforcements": 30, "hold": "Europe",
              "opponent": THEM, "opponent_reinforcements": 20, "time_budget_s": 5}
    _refused(params, "hold", "Europe", "too many")
    america = {"position": position({"Venezuela": 2, "Brazil": 2, "Peru": 1, "Argentina": 1},
                                    {"Central America": 8, "North Africa": 6}),
               "player": ME, "reinforcements": 8, "hold": "South America", "opponent": THEM,
               "opponent_reinforcements": 5, "time_budget_s": 0.001}
    _refused(america, "hold", "South America", "time_budget_s")
    small = {"position": position({"Indonesia": 1}, {"Siam": 3}), "player": ME, "reinforcements": 2,
             "hold": "Indonesia", "opponent": THEM, "opponent_reinforcements": 1, "estimate_only": True}
    r = api.handle("hold", small)
    assert r["ok"] and "estimate" in r and r["estimate"]["seconds"] >= 0


# ----------------------------------------------------------------------------- the fast search's parts
# Africa's front in small: three front territories, three stacks, two of them next to two of them
# (a part where stacks share territories and territories share stacks).
SHARED = ({"North Africa": 1, "Egypt": 2, "East Africa": 1, "Congo": 2},
          {"Brazil": 3, "Southern Europe": 3, "Middle East": 4})


def _request(mine, theirs, hold, R, R2, dice="choose"):
    from riskodds.checks.hold_request import read_hold
    return read_hold(position(mine, theirs), ME, R, hold, THEM, R2, "adjacent", dice=dice)


@pytest.mark.parametrize("dice", ["choose", "most"])
def test_the_fast_turn_is_the_real_turn_with_need_any(dice):
    """BreakTurn (integer keys) values every state as RealTurn(need="any") does: the same floats,
    and the same exact values, from every start below Africa's front in small."""
    import itertools
    from riskodds.algorithms import hold as holding
    from riskodds.algorithms import real_turn as search
    q = _request(*SHARED, ["North Africa", "Egypt", "East Africa"], 2, 2, dice)
    lay = holding.hold_layout(q.models, q.front, q.stacks)
    fast = holding.BreakTurn(lay, q.min_move, q.dice, q.scale, True, [4, 4, 4, 6, 6, 6])
    plain = search.RealTurn(lay, q.min_move, q.dice, q.scale, True, need="any")
    starts = [(-d1, -d2, -d3, a, b, c) for d1, d2, d3 in itertools.product(range(1, 5), repeat=3)
              for a, b, c in [(5, 3, 6), (2, 6, 1), (6, 6, 6), (3, 0, 4)]]
    for s in starts:
        s = plain.canonical(s)
        assert fast.value(s) == plain.value(s)
        assert q.scale.fraction(fast.exact(s)) == q.scale.fraction(plain.exact(s))
        assert fast.candidates(s, fast.value(s)) == plain.candidates(s, plain.value(s))
    assert len(fast.values) == len(plain.values)


def test_the_group_bound_is_below_the_opponents_best():
    """GroupBound is a lower bound on the opponent's best chance (the brute force's) for every front
    the holder can leave, and the placement it names reaches at least the bound's value."""
    from riskodds.algorithms import hold as holding
    mine, theirs = SHARED
    hold = ["North Africa", "Egypt", "East Africa"]
    R, R2 = 2, 2
    q = _request(mine, theirs, hold, R, R2)
    o = oracle.Oracle(position(mine, theirs), ME, hold, THEM, R, R2, "none")
    configs = holding.configurations(q.front, q.armies, R, ())
    most = [max(c[0][i] for c in configs) for i in range(len(q.front))]
    lower = holding.GroupBound(q.models, q.stacks, R2, q.min_move, q.dice, q.scale, most)
    tight = 0
    for vec, placed, _ in configs:
        bound, his = lower.bound(vec)
        state = o.state_of(dict(zip(q.front, placed)))
        best = 1 - o.price(dict(zip(q.front, placed)))
        assert bound <= float(best) * (1 + 1e-12)
        reached = o.reply_to_placement(state, {s[0]: p for s, p in zip(q.stacks, his)})
        assert bound <= float(reached) * (1 + 1e-12)
        tight += bound >= float(best) * 0.9
    assert tight > 0            # and not a bound of nothing


def test_a_shared_front_equals_the_brute_force():
    """The whole answer on Africa's front in small (stacks sharing territories: the lower bound,
    the skipped configurations and the cut replies all at work) equals the brute force."""
    mine, theirs = SHARED
    hold = ["North Africa", "Egypt", "East Africa"]
    p = position(mine, theirs)
    o = oracle.Oracle(p, ME, hold, THEM, 2, 1, "adjacent")
    h = ro.hold(p, ME, 2, hold, THEM, 1)
    assert h.hold == o.best()
    assert o.price(dict(h.placement), h.fortify) == h.hold
    for t in h.rules_of_thumb:
        assert o.price(dict(t["placement"]), t["fortify"]) == t["hold"]
