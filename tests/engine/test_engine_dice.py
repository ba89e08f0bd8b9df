"""Dice models (issue 9): weighted dice, attacker bonuses, faces up to 100, round models.

Oracles, none of them sharing code with the engine:
- engine_oracle.round_counts: every roll of every die enumerated, weights multiplied (faces <= 6);
- `top_counts` below: the top-m order statistics of n weighted dice from their closed form,
  paired side against side (faces up to 100 where the pairs are few);
- the mean of the attacker's losses from the order statistics' marginals (3 v 3 of 100 faces);
- gpu_pipeline.rounds.legacy_model: the earlier kernel's rounds by brute force;
- engine_oracle.forward: a plain forward DP in Fractions over any round tables.
"""
import dataclasses
import random
from fractions import Fraction as F
from itertools import combinations_with_replacement
from math import comb, factorial, prod

import pytest

import riskodds as ro
import riskodds.interfaces.api as api
from riskodds.guards import cost
from riskodds.facts.limits import LIMITS
import engine_oracle as orc
from engine_oracle import MyRules, MyTables
from gpu_pipeline.rounds.legacy_model import MODELS, round_tables

TOP_FACES = LIMITS["max_faces"]
BIASED = (2, 2, 1, 1, 1, 1)          # the earlier kernel's ((r >> k) & 7) % 6 faces, out of 8


def rules_of(my):
    return ro.Rules(**my.kwargs())


def nonzero(d):
    return {k: v for k, v in d.items() if v}


# ----------------------------------------------------------------------------- one round
def random_case(rng, max_faces):
    fa, fd = rng.randint(2, max_faces), rng.randint(2, max_faces)
    wa = tuple(rng.choice([0, 0, 1, 2, 3, 5]) for _ in range(fa))
    wd = tuple(rng.choice([0, 0, 1, 2, 3, 5]) for _ in range(fd))
    if not any(wa):
        wa = (1,) + wa[1:]
    if not any(wd):
        wd = wd[:-1] + (1,)
    return MyRules(attack_dice=3, defend_dice=3, attack_faces=fa, defend_faces=fd,
                   ties=rng.choice(["defender", "attacker"]), defender_bonus=rng.choice(["none", "highest", "both"]),
                   attacker_bonus=rng.choice(["none", "highest", "all"]),
                   attack_weights=rng.choice([None, wa]), defend_weights=rng.choice([None, wd]))


@pytest.mark.parametrize("seed", range(40))
def test_weighted_rounds_match_brute_force(seed):
    """Random faces (2..5), weights with zeros, bonuses on both sides, both tie rules, every
    dice count: the engine's counts are the enumerated rolls' weights."""
    my = random_case(random.Random(seed), 5)
    rules = rules_of(my)
    # Rules divides weights by their gcd (same probabilities): count with the stored weights
    my = dataclasses.replace(my, attack_weights=rules.attack_weights, defend_weights=rules.defend_weights)
    for na in range(1, 4):
        for nd in range(1, 4):
            assert ro.outcome_space(na, nd, rules) == nonzero(orc.rules_round_counts(na, nd, my)), (na, nd, my)


@pytest.mark.parametrize("ties", ["defender", "attacker"])
@pytest.mark.parametrize("attacker_bonus", ["none", "highest", "all"])
@pytest.mark.parametrize("defender_bonus", ["none", "highest", "both"])
def test_every_bonus_and_tie_rule_on_six_faces(ties, attacker_bonus, defender_bonus):
    my = MyRules(attack_dice=3, defend_dice=3, ties=ties, attacker_bonus=attacker_bonus,
                 defender_bonus=defender_bonus, attack_weights=BIASED)
    for na, nd in [(3, 3), (3, 2), (2, 3), (1, 2)]:
        assert ro.outcome_space(na, nd, rules_of(my)) == nonzero(orc.rules_round_counts(na, nd, my))


def top_counts(n, weights, m):
    """{(x_1 >= ... >= x_m): weight of the ordered rolls of n dice whose m highest are these}.

    Closed form: the top m show values v_1 > ... > v_k with multiplicities c_1..c_k; of the
    other n - m dice, t also show v_k and the rest lie below it (total weight `below` each):
    n! / (c_1! ... c_(k-1)! (c_k + t)! (n - m - t)!) * prod w^c * w_(v_k)^t * below^(n - m - t).
    """
    f = len(weights)
    w = (0,) + tuple(weights)
    out = {}
    for top in combinations_with_replacement(range(f, 0, -1), m):
        values = sorted(set(top), reverse=True)
        mult = [top.count(v) for v in values]
        vk, below = values[-1], sum(w[1:values[-1]])
        base = prod(w[v] ** c for v, c in zip(values, mult))
        total = 0
        for t in range(n - m + 1):
            ways = factorial(n) // (prod(factorial(c) for c in mult[:-1]) * factorial(mult[-1] + t)
                                    * factorial(n - m - t))
            total += ways * w[vk] ** t * below ** (n - m - t)
        if base * total:
            out[top] = base * total
    return out


def paired(na, nd, wa, wd, ties="defender", attacker_bonus="none", defender_bonus="none"):
    """A round from the two sides' order statistics, compared pair by pair."""
    m = min(na, nd)
    plus = {"none": (0, 0, 0), "highest": (1, 0, 0), "all": (1, 1, 1), "both": (1, 1, 1)}
    out = {}
    for a, ca in top_counts(na, wa, m).items():
        for d, cd in top_counts(nd, wd, m).items():
            won = sum(x + bx > y + by or (x + bx == y + by and ties == "attacker")
                      for x, y, bx, by in zip(a, d, plus[attacker_bonus], plus[defender_bonus]))
            out[m - won, won] = out.get((m - won, won), 0) + ca * cd
    return dict(sorted(out.items()))


def test_order_statistics_oracle_is_brute_force():
    """The oracle's closed form against enumeration, so it can stand in where enumeration cannot."""
    my = MyRules(attack_faces=5, defend_faces=4, attack_weights=(0, 3, 1, 2, 2), defend_weights=(1, 0, 2, 5),
                 ties="attacker", attacker_bonus="highest", defender_bonus="both")
    for na, nd in [(3, 2), (2, 3), (3, 3), (3, 1)]:
        assert paired(na, nd, my.attack_weights, my.defend_weights, "attacker", "highest", "both") == \
            nonzero(orc.rules_round_counts(na, nd, my))


@pytest.mark.parametrize("faces,na,nd", [(12, 3, 2), (20, 2, 2), (24, 3, 2), (10, 3, 3),
                                         (TOP_FACES, 3, 1), (TOP_FACES, 1, 3), (TOP_FACES, 2, 1), (TOP_FACES, 1, 2)])
def test_large_faces_against_order_statistics(faces, na, nd):
    rng = random.Random(faces * 10 + na)
    wa = tuple(rng.randint(0, 9) for _ in range(faces))
    wd = tuple(rng.randint(1, 4) for _ in range(faces))
    for ties, ab, db in [("defender", "none", "none"), ("attacker", "highest", "both"), ("defender", "all", "highest")]:
        rules = ro.Rules(attack_dice=3, defend_dice=3, attack_faces=faces, defend_faces=faces, ties=ties,
                         attacker_bonus=ab, defender_bonus=db, attack_weights=wa, defend_weights=wd)
        got = ro.outcome_space(na, nd, rules)
        assert got == paired(na, nd, rules.attack_weights, rules.defend_weights, ties, ab, db), (ties, ab, db)
        assert sum(got.values()) == sum(rules.attack_weights) ** na * sum(rules.defend_weights) ** nd


def test_hundred_faces_three_against_three():
    """10**12 rolls, counted through the order statistics. Checks: the total; one duel by
    hand; the mean of the attacker's losses from each pair's marginals; and the sides swapped
    (attacker <-> defender with the tie rule flipped: a different path through the walk)."""
    rng = random.Random(100)
    wa = tuple(rng.randint(0, 3) for _ in range(TOP_FACES))
    wd = tuple(rng.randint(1, 3) for _ in range(TOP_FACES))
    fair = ro.Rules(attack_faces=TOP_FACES, defend_faces=TOP_FACES, defend_dice=3)
    assert ro.outcome_space(1, 1, fair) == {(0, 1): comb(TOP_FACES, 2), (1, 0): TOP_FACES ** 2 - comb(TOP_FACES, 2)}
    full = ro.outcome_space(3, 3, fair)
    assert sum(full.values()) == TOP_FACES ** 6 and len(full) == 4
    weighted = ro.Rules(attack_faces=TOP_FACES, defend_faces=TOP_FACES, defend_dice=3, attack_weights=wa,
                        defend_weights=wd, attacker_bonus="highest", defender_bonus="both")
    space = ro.outcome_space(3, 3, weighted)
    total = sum(space.values())
    assert total == sum(wa) ** 3 * sum(wd) ** 3
    mean = F(sum(al * c for (al, dl), c in space.items()), total)
    assert mean == mean_attacker_losses(wa, wd, (1, 0, 0), (1, 1, 1))
    swapped = ro.Rules(attack_faces=TOP_FACES, defend_faces=TOP_FACES, defend_dice=3, attack_weights=wd,
                       defend_weights=wa, attacker_bonus="all", defender_bonus="highest", ties="attacker")
    assert {(dl, al): c for (al, dl), c in ro.outcome_space(3, 3, swapped).items()} == space


def mean_attacker_losses(wa, wd, bonus_a, bonus_d, n=3):
    """E[attacker losses] of n v n dice = sum over pairs i of P(a_i + ba_i <= d_i + bd_i): the
    i-th highest of n dice is <= v when fewer than i of them exceed v (binomial), and the two
    sides are independent."""
    W_a, W_d = sum(wa), sum(wd)

    def cdf(weights, total, i, v):          # P(x_i <= v)
        p = F(sum(weights[v:]), total) if v >= 0 else F(1)
        return sum(comb(n, j) * p ** j * (1 - p) ** (n - j) for j in range(i))

    mean = F(0)
    for i in range(1, n + 1):
        for v in range(1, len(wd) + 1):
            p_d = cdf(wd, W_d, i, v) - cdf(wd, W_d, i, v - 1)            # P(d_i = v)
            mean += p_d * cdf(wa, W_a, i, min(len(wa), v + bonus_d[i - 1] - bonus_a[i - 1]))
    return mean


def test_bonuses_combine_by_adding():
    """+1 against +1 cancels (same dice on both sides), and a bonus only helps its side."""
    base = dict(attack_dice=3, defend_dice=3, attack_faces=8, defend_faces=8, attack_weights=(1, 2, 3, 4, 4, 3, 2, 1))
    for na, nd in [(3, 3), (3, 2), (2, 1)]:
        plain = ro.outcome_space(na, nd, ro.Rules(**base))
        assert ro.outcome_space(na, nd, ro.Rules(**base, attacker_bonus="all", defender_bonus="both")) == plain
        assert ro.outcome_space(na, nd, ro.Rules(**base, attacker_bonus="highest", defender_bonus="highest")) == plain
        lose_none = [ro.outcome_space(na, nd, ro.Rules(**base, attacker_bonus=b)).get((0, min(na, nd)), 0)
                     for b in ("none", "highest", "all")]
        assert lose_none[0] < lose_none[1] <= lose_none[2], lose_none      # equal with one pair
        assert min(na, nd) == 1 or lose_none[1] < lose_none[2]
    # d6 + 1 against d6: the attacker's die beats the defender's unless it is lower: 21 of 36
    assert ro.outcome_space(1, 1, ro.Rules(attacker_bonus="all")) == {(0, 1): 21, (1, 0): 15}


def test_rules_weights_are_validated_and_normalised():
    r = ro.Rules(attack_weights="4, 4, 2, 2, 2, 2", defend_weights=[3] * 6)
    assert r.attack_weights == BIASED and r.defend_weights is None
    assert ro.Rules(attack_weights=(1,) * 6) == ro.STANDARD
    assert ro.Rules(attack_faces="8", attack_weights=[0] * 7 + [5]).attack_weights == (0,) * 7 + (1,)
    for bad, fragment in [((1,) * 5, "one weight per face"), ((-1,) + (1,) * 5, "from 0 to"),
                          ((0,) * 6, "at least one face"), ("1,2", "one weight per face"), (3, "must be a list"),
                          ((1.0,) * 6, "from 0 to"), ((LIMITS["max_weight"] + 1,) + (1,) * 5, "from 0 to")]:
        with pytest.raises(ValueError, match=fragment):
            ro.Rules(attack_weights=bad)
    with pytest.raises(ValueError, match="attacker_bonus"):
        ro.Rules(attacker_bonus="both")


# ----------------------------------------------------------------------------- battles
WEIGHTED = {
    "biased both": MyRules(attack_weights=BIASED, defend_weights=BIASED),
    "attacker +1 highest, capital": MyRules(defend_dice=3, attacker_bonus="highest"),
    "attacker +1 all v fortified, zombie": MyRules(attacker_bonus="all", defender_bonus="both", ties="attacker"),
    "d20 v weighted d8": MyRules(attack_faces=20, defend_faces=8, defend_weights=(1, 1, 1, 1, 2, 2, 3, 3)),
    "loaded attacker, never loses both": MyRules(attack_weights=(0, 0, 0, 0, 0, 1), attacker_bonus="highest"),
    "attacker always wins": MyRules(attack_weights=(0, 0, 0, 0, 0, 1), attacker_bonus="all", defend_faces=5),
    "defender zero faces": MyRules(defend_weights=(5, 0, 0, 0, 0, 1), defender_bonus="highest"),
}


@pytest.mark.parametrize("name", WEIGHTED)
def test_weighted_battles_against_forward_dp(name):
    """Whole battles (lattice and plain flow) against a plain forward DP in Fractions, with stop
    rules; includes full rounds whose polynomial ends in zeros (the attacker cannot lose every
    pair) and a deterministic round (the attacker always wins)."""
    my = WEIGHTED[name]
    rules = rules_of(my)
    for A, D, retreat, goal in [(17, 9, None, 0), (9, 14, 3, 2), (30, 4, None, 0)]:
        want = orc.forward(A, D, my, retreat, goal)
        kw = {} if retreat is None else {"retreat_at": retreat}
        for closed in (True, False):
            b = ro.battle(A, D, convention="attacking", rules=rules, defender_goal=goal, closed_form=closed, **kw)
            assert nonzero(b.end_states) == nonzero(want), (A, D, retreat, goal, closed)
        _, seen = orc.forward(A, D, my, retreat, goal, visits=True)
        for a, d in [(A - 4, D - 2), (A - 3, D - 5), (A - 6, D - 6)]:
            if a > (retreat or 0) and d > goal:
                assert ro.probability((A, D), (a, d), convention="attacking", rules=rules, defender_goal=goal,
                                      **kw) == seen.get((a, d), 0), (a, d)


def test_issue_biased_dice_value():
    """The issue's number: faces 1 and 2 at 2/8, dice sorted everywhere: about 3.68e-13."""
    b = ro.battle(75, 10, convention="attacking", rules=ro.Rules(attack_weights=BIASED, defend_weights=BIASED))
    assert f"{float(b.loss):.3g}" == "3.68e-13"
    assert b.loss.denominator & (b.loss.denominator - 1) == 0       # a power of 2: weights out of 8


def test_hundred_faces_battle_lattice_equals_plain_flow():
    rules = ro.Rules(attack_faces=TOP_FACES, defend_faces=TOP_FACES, defend_dice=3, attacker_bonus="highest",
                     attack_weights=tuple(range(1, TOP_FACES + 1)))
    lattice = ro.battle(40, 30, convention="attacking", rules=rules)
    plain = ro.battle(40, 30, convention="attacking", rules=rules, closed_form=False)
    assert lattice.end_states == plain.end_states and sum(lattice.end_states.values()) == 1
    assert 0 < lattice.win < 1


# ----------------------------------------------------------------------------- round models
def test_every_rules_compiles_to_its_round_tables():
    rules = ro.Rules(defend_dice=3, attack_faces=8, attacker_bonus="highest", defend_weights=BIASED)
    model = ro.as_model(rules)
    tables = model.tables()
    assert set(tables) == {(na, nd) for na in (1, 2, 3) for nd in (1, 2, 3)}
    assert all(tables[k] == ro.outcome_space(*k, rules) for k in tables)
    copy = ro.RoundModel.from_tables(tables, name="copy")
    assert copy == model and hash(copy) == hash(model)
    for A, D in [(12, 9), (5, 30)]:
        assert ro.battle(A, D, convention="territory", rules=copy).end_states == \
            ro.battle(A, D, convention="territory", rules=rules).end_states


@pytest.mark.parametrize("name", sorted(MODELS))
def test_legacy_kernel_tables(name):
    """gpu_pipeline.rounds.legacy_model's brute-force tables as RoundModels: the fair model is the
    standard rules, the biased-faces model is the weighted Rules, and every model's battles
    agree with the forward DP (the article's 75 v 10 exactly, for the kernel as it ran)."""
    tables = round_tables(name)
    model = ro.RoundModel.from_tables(tables, name=name)
    if name == "fair":
        assert model == ro.as_model(ro.STANDARD)
    if name == "biased-faces":
        assert model == ro.as_model(ro.Rules(attack_weights=BIASED, defend_weights=BIASED))
    if name in ("unsorted-rounds", "legacy-kernel"):
        assert model.tables()[3, 1] != ro.outcome_space(3, 1, ro.Rules(attack_weights=BIASED, defend_weights=BIASED))
    my = MyTables.of(tables)
    A, D = (75, 10) if name == "legacy-kernel" else (25, 10)
    b = ro.battle(A, D, convention="attacking", rules=model)
    assert nonzero(b.end_states) == nonzero(orc.forward(A, D, my))
    assert isinstance(b.loss, F) and b.scale.bases == ((8,) if "biased" in name or "legacy" in name else (6,))


def test_round_tables_with_fractions_and_no_loss_outcomes():
    """Fraction weights of any denominator; an outcome where nobody loses is a re-roll."""
    std = ro.as_model(ro.STANDARD).tables()
    probs = {k: {o: F(c, sum(t.values())) for o, c in t.items()} for k, t in std.items()}
    assert ro.RoundModel.from_tables(probs).probabilities(3, 2) == ro.as_model(ro.STANDARD).probabilities(3, 2)
    assert ro.battle(20, 7, convention="attacking", rules=ro.RoundModel.from_tables(probs)).win == \
        ro.battle(20, 7, convention="attacking").win
    odd = {k: dict(t) for k, t in probs.items()}
    odd[1, 1] = {(1, 0): F(1, 3), (0, 1): F(2, 7), (0, 0): F(5, 11)}      # a third of... re-rolled
    odd[3, 2] = {**odd[3, 2], (0, 0): F(1, 1000003)}
    model = ro.RoundModel.from_tables(odd)
    assert model.probabilities(1, 1) == {(0, 1): F(6, 13), (1, 0): F(7, 13)}
    my = MyTables.of(odd)
    for A, D in [(1, 1), (6, 4), (15, 12)]:
        assert nonzero(ro.battle(A, D, convention="attacking", rules=model).end_states) == nonzero(orc.forward(A, D, my))


def test_round_tables_whose_full_round_varies_take_the_plain_flow():
    """A 3 v 2 round that sometimes fights one pair: no lattice (each round removes 1 or 2),
    still exact, and the cost model knows it is the slower path."""
    tables = ro.as_model(ro.STANDARD).tables()
    tables[3, 2] = {(0, 2): 2390, (1, 1): 2611, (2, 0): 1775, (0, 1): 500, (1, 0): 500}
    model = ro.RoundModel.from_tables(tables)
    assert model.full_round_armies is None and ro.as_model(ro.STANDARD).full_round_armies == 2
    my = MyTables.of(tables)
    b = ro.battle(18, 13, convention="attacking", rules=model, retreat_at=2)
    assert nonzero(b.end_states) == nonzero(orc.forward(18, 13, my, retreat=2))
    _, seen = orc.forward(18, 13, my, visits=True)
    assert ro.probability((18, 13), (11, 9), convention="attacking", rules=model) == seen[11, 9]
    slow = cost.battle_cost(300, 300, model, "ends", "x").seconds
    assert slow > 5 * cost.battle_cost(300, 300, ro.as_model(ro.STANDARD), "ends", "x").seconds
    res = api.handle("battle", {"attackers": 10, "defenders": 3, "convention": "attacking"})
    assert res["ok"]
    with pytest.raises(ro.BudgetError, match="time_budget_s"):
        ro.battle(5000, 5000, convention="attacking", rules=model)


def test_huge_denominators_reduce_exactly():
    """A round total with no small prime factor (1000003 * 1000033): the scale cannot strip
    primes it does not know, and reduces with a gcd instead; Fractions come out in lowest terms."""
    T = 1000003 * 1000033
    model = ro.RoundModel.from_tables({(1, 1): {(1, 0): 1000003, (0, 1): T - 1000003}})
    assert ro.battle(1, 1, convention="attacking", rules=model).loss == F(1, 1000033)
    b = ro.battle(4, 3, convention="attacking", rules=model)
    assert nonzero(b.end_states) == nonzero(orc.forward(4, 3, MyTables.of(model.tables())))


@pytest.mark.parametrize("tables,fragment", [
    ({}, "non-empty dict"),
    ([((1, 1), {(1, 0): 1})], "non-empty dict"),
    ({(1, 1): {(1, 0): 1}, (2, 2): {(2, 0): 1}}, "missing"),
    ({(4, 1): {(1, 0): 1}}, "max_dice"),
    ({(0, 1): {(1, 0): 1}}, "max_dice"),
    ({(1, 1): {(2, 0): 1}}, "attacker losses 0..1"),
    ({(1, 1): {(1, 0): -1, (0, 1): 2}}, "non-negative"),
    ({(1, 1): {(1, 0): 0.5, (0, 1): 0.5}}, "exact"),
    ({(1, 1): {(1, 0): True, (0, 1): 1}}, "exact"),
    ({(1, 1): {(0, 0): 1}}, "never end"),
    ({(1, 1): {(1, 0): 0, (0, 1): 0}}, "never end"),
    ({(1, 1): [1, 2]}, "dict"),
])
def test_round_tables_are_validated(tables, fragment):
    with pytest.raises(ValueError, match=fragment):
        ro.RoundModel.from_tables(tables)


def test_rules_must_be_rules_or_a_model():
    with pytest.raises(ValueError, match="Rules or a RoundModel"):
        ro.battle(3, 2, convention="attacking", rules={"attack_dice": 3})
    with pytest.raises(ValueError, match="up to 1 v 1"):
        ro.outcome_space(2, 1, ro.RoundModel.from_tables({(1, 1): {(1, 0): 1, (0, 1): 1}}))


def test_every_operation_takes_a_model():
    model = ro.RoundModel.from_tables(round_tables("legacy-kernel"), name="legacy-kernel")
    my = MyTables.of(round_tables("legacy-kernel"))
    grid = orc.backward_win(24, my)
    assert [row[1:] for row in ro.win_grid(24, rules=model)[1:]] == [row[1:] for row in grid[1:]]
    n = ro.troops_needed(6, "0.9", convention="attacking", rules=model)
    assert n == next(a for a in range(1, 25) if grid[a][6] >= F(9, 10))
    d = ro.defenders_needed(20, "0.5", convention="attacking", rules=model)
    assert d == next(k for k in range(1, 25) if 1 - grid[20][k] >= F(1, 2))
    c = ro.campaign(20, [3, 4], convention="attacking", rules=model)
    twin, _ = orc.campaign(20, [3, 4], [my, my])
    assert c.territory_win == twin
    s = ro.battle_summary(30, 8, convention="attacking", rules=model)
    assert s.win == ro.battle(30, 8, convention="attacking", rules=model).win
    bb = ro.battle(30, 8, convention="attacking", rules=model, dice_mode="balanced-blitz")
    P = bb.true_random.win
    assert bb.true_random.win == s.win and abs(bb.win - float(ro.algorithms.reshape.win_chance(P.numerator, P.denominator))) < 1e-12


# ----------------------------------------------------------------------------- API, CLI, cost
def test_json_api_takes_weights_and_attacker_bonus():
    params = {"attackers": 30, "defenders": 8, "convention": "attacking", "attack_weights": list(BIASED),
              "defend_weights": "2,2,1,1,1,1", "attacker_bonus": "highest"}
    res = api.handle("battle", params)
    want = ro.battle(30, 8, convention="attacking", rules=ro.Rules(attack_weights=BIASED, defend_weights=BIASED,
                                                                      attacker_bonus="highest"))
    assert res["ok"] and F(int(res["win"]["num"]), int(res["win"]["den"])) == want.win
    space = api.handle("outcome_space", {"attack_dice_rolled": 1, "defend_dice_rolled": 1, "attack_faces": 100,
                                         "attack_weights": [1] * 99 + [101]})
    # a d100 whose 100 weighs 101 against a d6: the attacker loses only rolling 1..6 against as
    # much or more: 1 + 2 + ... + 6 = 21 of 200 * 6
    assert space["total"] == 200 * 6
    assert [(o["attacker_losses"], o["count"]) for o in space["outcomes"]] == [(0, 1179), (1, 21)]
    for o in space["outcomes"]:
        assert F(int(o["p"]["num"]), int(o["p"]["den"])) == F(o["count"], space["total"])
    camp = api.handle("campaign", {"attackers": 12, "convention": "territory",
                                   "territories": [3, {"defenders": 2, "defend_weights": [1, 1, 1, 1, 1, 5]}]})
    want = ro.campaign(12, [3, 2], convention="territory",
                       rules=[ro.STANDARD, ro.Rules(defend_weights=(1, 1, 1, 1, 1, 5))])
    assert F(int(camp["win"]["num"]), int(camp["win"]["den"])) == want.win


def test_cli_weights():
    import io
    import json
    from riskodds.interfaces.cli import run

    def cli(*args):
        out = io.StringIO()
        return run(list(args), out=out), out.getvalue()

    code, text = cli("battle", "75", "10", "--convention", "attacking", "--attack-weights", "2,2,1,1,1,1",
                     "--defend-weights", "2,2,1,1,1,1", "--json")
    out = json.loads(text)
    want = ro.battle(75, 10, convention="attacking", rules=ro.Rules(attack_weights=BIASED, defend_weights=BIASED))
    assert code == 0 and F(int(out["loss"]["num"]), int(out["loss"]["den"])) == want.loss
    code, text = cli("outcomes", "1", "1", "--attack-faces", "8", "--attack-weights", "2,2,1,1,1,1")
    assert code == 2 and "one weight per face: 8 weights for attack_faces = 8" in text
    code, text = cli("outcomes", "1", "1", "--attacker-bonus", "all")
    assert code == 0 and "attacker loses 1, defender loses 0: 15" in text


def test_describe_publishes_the_new_rule_fields():
    d = ro.describe()
    fields = {f["name"]: f for f in d["rule_fields"]}
    assert d["limits"]["max_faces"] == TOP_FACES == 100
    assert fields["attacker_bonus"]["choices"][0] == ["none", "none"]
    assert [v for v, _ in fields["attacker_bonus"]["choices"]] == ["none", "highest", "all"]
    for side in ("attack", "defend"):
        f = fields[f"{side}_weights"]
        assert f["kind"] == "weights" and f["default"] is None and f["faces_field"] == f"{side}_faces"
        assert (f["min"], f["max"]) == (0, LIMITS["max_weight"])


def test_cost_of_counting_rounds_and_of_big_dice():
    """Counting the tables of new rules is part of the estimate, the same before and after they
    are counted (an estimate does not depend on what the process did before); 100-faced dice
    cost by their bits per army (26.6 against 10.3 for d6)."""
    rules = ro.Rules(attack_faces=97, defend_faces=89, defend_dice=3)
    before = cost.rounds_seconds(ro.as_model(rules))
    ro.battle(3, 3, convention="attacking", rules=rules)
    assert cost.rounds_seconds(ro.as_model(rules)) == before > 0
    d100 = ro.Rules(attack_faces=100, defend_faces=100)
    assert abs(cost.beta(ro.as_model(d100)) - 4 * __import__("math").log2(100)) < 1e-9
    assert abs(cost.beta(ro.as_model(ro.STANDARD)) - 4 * __import__("math").log2(6)) < 1e-9
    small = cost.battle_cost(1000, 1000, ro.as_model(ro.STANDARD), "summary", "x").seconds
    big = cost.battle_cost(1000, 1000, ro.as_model(d100), "summary", "x").seconds
    assert 2 < big / small < 10


def test_balanced_blitz_with_weighted_dice():
    rules = ro.Rules(attack_weights=BIASED, defend_weights=BIASED, attacker_bonus="highest")
    r = ro.battle(20, 12, convention="attacking", rules=rules, dice_mode="balanced-blitz")
    P = ro.battle(20, 12, convention="attacking", rules=rules).win
    assert r.true_random.win == P
    assert abs(r.win - float(ro.algorithms.reshape.win_chance(P.numerator, P.denominator))) < 1e-12
    n = ro.troops_needed(12, "0.9", convention="attacking", rules=rules, dice_mode="balanced-blitz")
    assert ro.battle(n, 12, convention="attacking", rules=rules, dice_mode="balanced-blitz").win >= 0.9
    assert ro.battle(n - 1, 12, convention="attacking", rules=rules, dice_mode="balanced-blitz").win < 0.9
