"""Independent cross-checks of whole battles.

- brute-force path enumeration (every sequence of rounds, exact Fractions) for A, D <= 6 under
  many rule variants, retreat thresholds and defender goals, both conventions;
- point-to-point probabilities (ro.probability) vs the brute-force pass-through masses;
- an absorbing Markov chain solve in floats (NumPy): B = (I - Q)^-1 R;
- the closed-form multinomial sum inside the 3v2 region;
- forward and backward dynamic programs (exact) vs each other, ro.battle and ro.win_grid;
- a seeded Monte Carlo with real dice vs the exact distribution (chi-square).

All oracles work in the attacking convention; territory counts are attacking + 1.
"""
from fractions import Fraction as F
import random

import numpy as np
import pytest
from scipy import stats

import riskodds as ro
import engine_oracle as orc
from engine_oracle import MyRules

VARIANTS = {
    "standard": MyRules(),
    "capital": MyRules(defend_dice=3),
    "zombie": MyRules(ties="attacker"),
    "bunker": MyRules(defender_bonus="highest"),
    "fortification": MyRules(defender_bonus="both"),
    "capital_fortification": MyRules(defend_dice=3, defender_bonus="both"),
    "capital_zombie_bunker": MyRules(defend_dice=3, ties="attacker", defender_bonus="highest"),
    "d8_attacker": MyRules(attack_faces=8),
    "d8_defender": MyRules(defend_faces=8),
    "d4_both": MyRules(attack_faces=4, defend_faces=4),
    "two_attack_dice": MyRules(attack_dice=2),
    "one_v_one_dice": MyRules(attack_dice=1, defend_dice=1),
    "one_defence_die_d8": MyRules(defend_dice=1, attack_faces=6, defend_faces=8),
}


def eng_rules(my: MyRules):
    return ro.Rules(**my.kwargs())


def shift(states, k):
    return {(a + k, d): p for (a, d), p in states.items()}


def nonzero(d):
    return {k: v for k, v in d.items() if v}


def stop_options(A, D):
    """(retreat_at in attacking armies or None, defender_goal) pairs valid for (A, D)."""
    opts = [(None, 0)]
    opts += [(r, 0) for r in range(1, A)]
    opts += [(None, g) for g in range(1, D)]
    if A >= 3 and D >= 3:
        opts.append((A - 2, 1))
    return opts


def check_battle(A, D, my, retreat, goal):
    expected = orc.enumerate_paths(A, D, my, retreat, goal)
    assert sum(expected.values()) == 1
    rules = eng_rules(my)
    kw = {} if retreat is None else {"retreat_at": retreat}
    b = ro.battle(A, D, convention="attacking", rules=rules, defender_goal=goal, **kw)
    assert nonzero(b.end_states) == expected, (A, D, retreat, goal)
    win = sum((p for (a, d), p in expected.items() if d <= goal), F(0))
    assert b.win == win
    assert b.win + b.loss + b.stopped == 1
    # territory convention: one more army on the territory, every attacker count shifts by one
    kw = {} if retreat is None else {"retreat_at": retreat + 1}
    t = ro.battle(A + 1, D, convention="territory", rules=rules, defender_goal=goal, **kw)
    assert nonzero(t.end_states) == shift(expected, 1), (A, D, retreat, goal)
    assert t.win == win
    assert (t.loss, t.stopped) == (b.loss, b.stopped)
    assert list(t.attackers_lost) == list(b.attackers_lost)
    assert list(t.defenders_lost) == list(b.defenders_lost)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_brute_force_paths_small_battles(name):
    my = VARIANTS[name]
    for A in range(1, 7):
        for D in range(1, 7):
            opts = stop_options(A, D) if name in ("standard", "capital", "zombie") else \
                [(None, 0), (A // 2 or None, 0), (None, D // 2)]
            for retreat, goal in opts:
                check_battle(A, D, my, retreat, goal)


def test_retreat_zero_means_no_retreat():
    b0 = ro.battle(5, 4, convention="attacking", rules=ro.Rules(), retreat_at=0)
    bn = ro.battle(5, 4, convention="attacking", rules=ro.Rules())
    assert b0.end_states == bn.end_states
    assert nonzero(bn.end_states) == orc.enumerate_paths(5, 4)


@pytest.mark.parametrize("name", ["standard", "capital", "zombie", "fortification", "d8_defender"])
def test_point_to_point_vs_brute_force(name):
    my = VARIANTS[name]
    rules = eng_rules(my)
    for A, D in [(6, 6), (5, 3), (2, 6), (6, 1), (4, 5)]:
        visits = {}
        orc.enumerate_paths(A, D, my, visits=visits)
        for a in range(A + 1):
            for d in range(D + 1):
                if (a, d) == (0, 0):
                    continue
                want = visits.get((a, d), F(0))
                got = ro.probability((A, D), (a, d), convention="attacking", rules=rules)
                assert got == want, (A, D, a, d)
                got_t = ro.probability((A + 1, D), (a + 1, d), convention="territory",
                                       rules=rules)
                assert got_t == want, (A, D, a, d)


@pytest.mark.parametrize("name,A,D,retreat,goal", [
    ("standard", 15, 12, None, 0),
    ("capital", 15, 12, None, 0),
    ("zombie", 14, 13, None, 0),
    ("standard", 15, 12, 4, 3),
    ("d8_attacker", 12, 15, None, 0),
])
def test_markov_chain_solve(name, A, D, retreat, goal):
    my = VARIANTS[name]
    want = orc.markov_end_states(A, D, my, retreat, goal)
    kw = {} if retreat is None else {"retreat_at": retreat}
    b = ro.battle(A, D, convention="attacking", rules=eng_rules(my), defender_goal=goal, **kw)
    keys = set(want) | set(b.end_states)
    assert abs(sum(want.values()) - 1) < 1e-12
    for k in keys:
        assert abs(float(b.end_states.get(k, 0)) - want.get(k, 0.0)) < 1e-12, k


@pytest.mark.parametrize("A,D", [(10, 8), (20, 15), (40, 31), (9, 2)])
def test_multinomial_closed_form_3v2_region(A, D):
    rules = ro.Rules()
    checked = 0
    for x in range(0, A - 2):
        for y in range(0, D - 1):
            want = orc.multinomial_3v2(A, D, x, y)
            got = ro.probability((A, D), (A - x, D - y), convention="attacking", rules=rules)
            assert got == want, (x, y)
            if (x + y) % 2 == 0 and (x, y) != (0, 0) and x <= 6 and y <= 6:
                # territory convention too (a sample, to keep the test fast)
                got_t = ro.probability((A + 1, D), (A + 1 - x, D - y), convention="territory",
                                       rules=rules)
                assert got_t == want
            checked += want != 0
    assert checked > 0


def test_forward_backward_dp_and_win_grid():
    N = 12
    for my in (VARIANTS["standard"], VARIANTS["capital"], VARIANTS["bunker"]):
        W = orc.backward_win(N, my)
        grid = ro.win_grid(N, rules=eng_rules(my), convention="attacking")
        assert len(grid) == N + 1 and all(len(row) == N + 1 for row in grid)
        for a in range(1, N + 1):
            for d in range(1, N + 1):
                fw = orc.forward(a, d, my)
                fwin = sum((p for (x, y), p in fw.items() if y == 0), F(0))
                assert fwin == W[a][d], (a, d)
                assert grid[a][d] == W[a][d], (a, d)
        for d in range(1, N + 1):
            assert grid[0][d] == 0
        # territory grid: grid_t[t][d] = P_A(t - 1, d)
        grid_t = ro.win_grid(N, rules=eng_rules(my), convention="territory")
        for t in range(2, N + 1):
            for d in range(1, N + 1):
                assert grid_t[t][d] == W[t - 1][d]
        for d in range(1, N + 1):
            assert grid_t[1][d] == 0


def test_forward_dp_equals_battle_mid_size():
    for my, A, D in [(VARIANTS["standard"], 30, 25), (VARIANTS["capital"], 25, 30),
                     (VARIANTS["zombie"], 20, 20)]:
        fw = orc.forward(A, D, my)
        b = ro.battle(A, D, convention="attacking", rules=eng_rules(my))
        assert nonzero(b.end_states) == fw


def simulate(rng, A, D, my):
    """One battle with real dice (random.Random), attacking convention."""
    a, d = A, D
    while a > 0 and d > 0:
        na, nd = min(my.attack_dice, a), min(my.defend_dice, d)
        ad = sorted((rng.randint(1, my.attack_faces) for _ in range(na)), reverse=True)
        dd = sorted((rng.randint(1, my.defend_faces) for _ in range(nd)), reverse=True)
        for x, y in zip(ad, dd):
            if x > y:
                d -= 1
            else:
                a -= 1
    return a, d


@pytest.mark.parametrize("my,seed", [(VARIANTS["standard"], 20240601), (VARIANTS["capital"], 7)])
def test_monte_carlo_agrees(my, seed):
    A, D, n = 10, 8, 20000
    rng = random.Random(seed)
    counts = {}
    for _ in range(n):
        s = simulate(rng, A, D, my)
        counts[s] = counts.get(s, 0) + 1
    b = ro.battle(A, D, convention="attacking", rules=eng_rules(my))
    assert set(counts) <= {k for k, p in b.end_states.items() if p > 0}
    # chi-square on end states, merging states with expected count < 5 into one bin
    obs, exp, rest_o, rest_e = [], [], 0, 0.0
    for k, p in sorted(b.end_states.items()):
        e = float(p) * n
        if e >= 5:
            obs.append(counts.get(k, 0))
            exp.append(e)
        else:
            rest_o += counts.get(k, 0)
            rest_e += e
    obs[-1] += rest_o  # merge the rare states into the last regular bin
    exp[-1] += rest_e
    exp = np.array(exp) * (n / sum(exp))
    pval = stats.chisquare(obs, exp).pvalue
    assert pval > 1e-6, pval
    # and the win rate within 5 standard errors
    w = float(b.win)
    phat = sum(c for (a, d), c in counts.items() if d == 0) / n
    assert abs(phat - w) < 5 * (w * (1 - w) / n) ** 0.5


@pytest.mark.parametrize("name,A,D,retreat,goal", [
    ("standard", 150, 120, None, 0),
    ("standard", 120, 150, 30, 5),
    ("capital", 140, 90, None, 0),
    ("zombie", 90, 130, None, 0),
    ("fortification", 100, 70, 10, 0),
    ("d8_defender", 80, 110, None, 3),
])
def test_large_battles_vs_float_forward_dp(name, A, D, retreat, goal):
    """Larger sizes exercise the engine's fast paths (closed forms, windows) far from the walls."""
    my = VARIANTS[name]
    want = orc.forward_float(A, D, my, retreat, goal)
    kw = {} if retreat is None else {"retreat_at": retreat}
    b = ro.battle(A, D, convention="attacking", rules=eng_rules(my), defender_goal=goal, **kw)
    assert sum(b.end_states.values()) == 1
    for k in set(want) | set(b.end_states):
        assert abs(float(b.end_states.get(k, 0)) - want.get(k, 0.0)) < 1e-12, k
    # a few interior passage probabilities
    visits = None
    for (a, d) in [(A - 10, D - 10), (A // 2, D // 2), (3, 2), (A - 1, D - 1)]:
        got = ro.probability((A, D), (a, d), convention="attacking", rules=eng_rules(my))
        if visits is None:
            visits = orc_visits_float(A, D, my)
        assert abs(float(got) - visits[a, d]) < 1e-12, (a, d)


def orc_visits_float(A, D, my):
    """P(pass through (a, d)) in floats for a battle without stop rules."""
    mass = np.zeros((A + 1, D + 1))
    mass[A, D] = 1.0
    for total in range(A + D, 0, -1):
        for a in range(min(A, total), 0, -1):
            d = total - a
            if d > D or d <= 0 or mass[a, d] == 0:
                continue
            for (a2, d2), q in orc.step(a, d, my):
                mass[a2, d2] += mass[a, d] * float(q)
    return mass


def test_mid_size_exact_forward():
    for my, A, D in [(VARIANTS["standard"], 60, 45), (VARIANTS["capital_zombie_bunker"], 40, 50)]:
        fw = orc.forward(A, D, my)
        b = ro.battle(A, D, convention="attacking", rules=eng_rules(my))
        assert nonzero(b.end_states) == fw


@pytest.mark.parametrize("my", [
    MyRules(attack_faces=2, defend_faces=2, defender_bonus="highest"),               # T = (0, c1, c2)
    MyRules(attack_faces=2, defend_faces=2, defender_bonus="both"),                  # T = (0, 0, 16)
    MyRules(attack_faces=2, defend_faces=2, defend_dice=3, defender_bonus="both"),   # T = (0, 0, 0, 64)
    MyRules(attack_faces=3, defend_faces=2, defender_bonus="highest", ties="attacker"),
    MyRules(attack_dice=1, defend_dice=1, attack_faces=2, defend_faces=3, defender_bonus="highest"),
], ids=repr)
def test_round_polynomials_with_zero_ends(my):
    """Rules where the attacker can never win every pair (T has zero low coefficients: the
    windows of lattice.py then work on U = T / x**shift) still give the exact answer."""
    for A, D, retreat, goal in [(14, 11, None, 0), (11, 14, 3, 2), (9, 9, None, 4)]:
        want = orc.forward(A, D, my, retreat, goal)
        kw = {} if retreat is None else {"retreat_at": retreat}
        b = ro.battle(A, D, convention="attacking", rules=eng_rules(my), defender_goal=goal, **kw)
        assert nonzero(b.end_states) == nonzero(want), (A, D, retreat, goal)
        _, seen = orc.forward(A, D, my, retreat, goal, visits=True)
        for a, d in [(A - 4, D - 2), (A - 3, D - 5), (retreat or 1, goal + 1)]:
            got = ro.probability((A, D), (a, d), convention="attacking", rules=eng_rules(my),
                                 defender_goal=goal, **kw)
            assert got == seen.get((a, d), 0), (a, d)
