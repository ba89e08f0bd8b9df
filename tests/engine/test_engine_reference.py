"""Reference values from ../shared/reference/risk-reference.md (external facts).

Each value is checked against the engine, and (where cheap) against the independent oracle in
engine_oracle.py too, so that a wrong reference transcription and a wrong engine cannot agree
by accident.
"""
from fractions import Fraction as F
import math

import pytest

import riskodds as ro
import engine_oracle as orc

STD = ro.Rules()
CAP = ro.Rules(defend_dice=3)

# Section 2: one round, counts out of faces**dice.
ROUND_TABLE = {
    (3, 2): {(0, 2): 2890, (1, 1): 2611, (2, 0): 2275},
    (2, 2): {(0, 2): 295, (1, 1): 420, (2, 0): 581},
    (3, 1): {(0, 1): 855, (1, 0): 441},
    (2, 1): {(0, 1): 125, (1, 0): 91},
    (1, 2): {(0, 1): 55, (1, 0): 161},
    (1, 1): {(0, 1): 15, (1, 0): 21},
}


def nonzero(d):
    return {k: v for k, v in d.items() if v}


@pytest.mark.parametrize("dice", sorted(ROUND_TABLE))
def test_round_tables(dice):
    assert nonzero(ro.outcome_space(*dice, STD)) == ROUND_TABLE[dice]
    assert orc.round_counts(*dice) == ROUND_TABLE[dice]


def test_round_table_capital_1v3():
    expected = {(0, 1): 225, (1, 0): 1071}
    assert nonzero(ro.outcome_space(1, 3, CAP)) == expected
    # outcome_space takes the dice actually rolled, so the rule maximum must not matter
    assert nonzero(ro.outcome_space(1, 3, STD)) == expected
    assert orc.round_counts(1, 3) == expected


def test_3v2_from_three_attackers():
    b = ro.battle(3, 2, convention="attacking", rules=STD)
    assert b.win == F(6610505, 10077696)
    assert b.end_states[(2, 0)] == F(326375, 1679616)
    assert b.end_states[(1, 0)] == F(906815, 10077696)
    # territory convention: the same battle is 4 armies on the territory
    t = ro.battle(4, 2, convention="territory", rules=STD)
    assert t.win == F(6610505, 10077696)
    assert t.end_states[(3, 0)] == F(326375, 1679616)


def test_one_on_one():
    assert ro.battle(1, 1, convention="attacking", rules=STD).win == F(5, 12)
    assert ro.battle(2, 1, convention="territory", rules=STD).win == F(5, 12)


def test_75_v_10_all_attackers_die():
    b = ro.battle(75, 10, convention="attacking", rules=STD)
    p_all_die = sum((p for (a, d), p in b.end_states.items() if a == 0), F(0))
    assert p_all_die == b.loss
    assert b.attackers_lost[75] == b.loss
    assert math.isclose(float(b.loss), 1.902116797727363e-13, rel_tol=1e-12)
    # independent exact oracle
    ends = orc.forward(75, 10)
    assert b.loss == sum((p for (a, d), p in ends.items() if a == 0), F(0))


OSBORNE = [
    [.417, .106, .027, .007, .002],
    [.754, .363, .206, .091, .049],
    [.916, .656, .470, .315, .206],
    [.972, .785, .642, .477, .359],
    [.990, .890, .769, .638, .506],
]


def test_osborne_table():
    for a in range(1, 6):
        for d in range(1, 6):
            w = ro.battle(a, d, convention="attacking", rules=STD).win
            assert abs(float(w) - OSBORNE[a - 1][d - 1]) <= 0.0005 + 1e-12, (a, d, float(w))


@pytest.mark.parametrize("n,expected", [(10, .568), (20, .633), (30, .676), (40, .709)])
def test_equal_armies(n, expected):
    w = ro.battle(n, n, convention="attacking", rules=STD).win
    assert abs(float(w) - expected) <= 0.0005 + 1e-12
    # territory convention: n + 1 armies on the territory
    assert ro.battle(n + 1, n, convention="territory", rules=STD).win == w


def test_chain_campaign_reference():
    defs = [22, 8, 2, 2, 2, 7, 1, 1, 3, 1, 2, 3, 5, 1]
    c = ro.campaign(72, defs, convention="territory", leave=1, rules=STD)
    assert abs(float(c.win) - 0.8105486) < 5e-8
    # exact agreement with the independent oracle (71 attacking armies)
    twin, _ = orc.campaign(71, defs, [orc.STD] * len(defs), leave=1)
    assert c.win == twin[-1]
    assert list(c.territory_win) == twin


@pytest.mark.parametrize("p,expected", [(F(99, 100), 24), (F(95, 100), 19), (F(1, 2), 11),
                                        (F(1, 100), 4)])
def test_troops_needed_reference(p, expected):
    assert ro.troops_needed(10, p, convention="territory", rules=STD) == expected
    assert ro.troops_needed(10, p, convention="attacking", rules=STD) == expected - 1


def test_asymptotic_loss_ratio_per_round():
    """7161/8391 is E[attacker losses] / E[defender losses] in one 3v2 round."""
    space = ro.outcome_space(3, 2, STD)
    tot = sum(space.values())
    ea = F(sum(al * c for (al, dl), c in space.items()), tot)
    ed = F(sum(dl * c for (al, dl), c in space.items()), tot)
    assert ea == F(7161, 7776) and ed == F(8391, 7776)
    assert ea / ed == F(7161, 8391)


def test_asymptotic_marginal_cost_of_a_defender():
    """In a long 3v2 fight each extra defender costs the attacker 7161/8391 armies on average.

    With a huge attacking stack, E[attackers lost] grows linearly in D with slope 7161/8391;
    the end effects cancel in the difference (renewal argument, geometric convergence)."""
    A = 200
    m30 = ro.battle(A, 30, convention="attacking", rules=STD).mean_attackers_lost
    m60 = ro.battle(A, 60, convention="attacking", rules=STD).mean_attackers_lost
    slope = (m60 - m30) / 30
    assert abs(float(slope) - 7161 / 8391) < 1e-7
    assert abs(7161 / 8391 - 0.8534) < 1e-4
