"""Inverse questions (troops_needed, defenders_needed) and chain campaigns."""
from fractions import Fraction as F

from hypothesis import given, settings, strategies as st, HealthCheck
import pytest

import riskodds as ro
import engine_oracle as orc
from engine_oracle import MyRules

SETTINGS = settings(max_examples=30, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])
STD = ro.Rules()
CAP = ro.Rules(defend_dice=3)

probs = st.sampled_from([F(1, 100), F(1, 20), F(1, 10), F(1, 4), F(1, 2), F(3, 4), F(9, 10),
                         F(19, 20), F(99, 100), F(5, 12), F(6610505, 10077696)])


def win_at_least(n, D, conv, rules, survivors):
    b = ro.battle(n, D, convention=conv, rules=rules)
    return b.win if not survivors else b.win_with_at_least(survivors)


@SETTINGS
@given(st.integers(1, 14), probs, st.sampled_from(["attacking", "territory"]),
       st.sampled_from([STD, CAP]), st.integers(0, 4))
def test_troops_needed_is_minimal(D, p, conv, rules, survivors):
    n = ro.troops_needed(D, p, convention=conv, rules=rules, survivors=survivors)
    lowest = 1 if conv == "attacking" else 2
    assert n >= lowest
    assert win_at_least(n, D, conv, rules, survivors) >= p
    if n > lowest:
        assert win_at_least(n - 1, D, conv, rules, survivors) < p


def test_certain_win_is_unreachable_and_refused():
    """P(win) = 1 needs infinitely many attackers (and P(hold) = 1 infinitely many
    defenders): the search must stop with a ValueError quickly, not run for ever, and not
    return a count whose probability is < 1. Run in a capped child process."""
    from test_engine_errors_api import run_guarded
    run_guarded('ro.troops_needed(3, F(1), convention="attacking")', timeout=15)
    run_guarded('ro.defenders_needed(3, F(1), convention="attacking")', timeout=15)


def test_troops_needed_against_oracle():
    W = orc.backward_win(40)
    for D in range(1, 13):
        for p in (F(1, 100), F(1, 2), F(95, 100), F(99, 100)):
            want = next(a for a in range(1, 41) if W[a][D] >= p)
            assert ro.troops_needed(D, p, convention="attacking", rules=STD) == want
            assert ro.troops_needed(D, p, convention="territory", rules=STD) == want + 1


def test_troops_needed_with_survivors_oracle():
    """survivors = s (call's convention): P(win with >= s attackers left) >= p."""
    for D, p, s in [(5, F(1, 2), 3), (8, F(9, 10), 5), (3, F(3, 4), 1)]:
        def ok(a):
            ends = orc.forward(a, D)
            return sum((q for (x, y), q in ends.items() if y == 0 and x >= s), F(0)) >= p
        want = next(a for a in range(1, 60) if ok(a))
        assert ro.troops_needed(D, p, convention="attacking", rules=STD, survivors=s) == want
        # territory convention: s + 1 armies on the territory, one more army to start with
        assert ro.troops_needed(D, p, convention="territory", rules=STD,
                                survivors=s + 1) == want + 1


@SETTINGS
@given(st.integers(1, 14), probs, st.sampled_from(["attacking", "territory"]),
       st.sampled_from([STD, CAP, ro.Rules(ties="attacker")]))
def test_defenders_needed_is_minimal(A, p, conv, rules):
    if conv == "territory":
        A += 1
    n = ro.defenders_needed(A, p, convention=conv, rules=rules)
    assert n >= 1
    hold = 1 - ro.battle(A, n, convention=conv, rules=rules).win
    assert hold >= p
    if n > 1:
        assert 1 - ro.battle(A, n - 1, convention=conv, rules=rules).win < p


def test_defenders_needed_oracle():
    W = orc.backward_win(40)
    for A in range(1, 15):
        for p in (F(1, 10), F(1, 2), F(9, 10)):
            want = next(d for d in range(1, 41) if 1 - W[A][d] >= p)
            assert ro.defenders_needed(A, p, convention="attacking", rules=STD) == want
            assert ro.defenders_needed(A + 1, p, convention="territory", rules=STD) == want


# ------------------------------------------------------------------------------- campaigns
@SETTINGS
@given(st.integers(2, 25), st.integers(1, 20), st.sampled_from([STD, CAP]))
def test_one_territory_campaign_is_the_battle(T, D, rules):
    c = ro.campaign(T, [D], convention="territory", leave=1, rules=rules)
    b = ro.battle(T, D, convention="territory", rules=rules)
    assert c.win == b.win
    assert list(c.territory_win) == [b.win]
    assert sum(c.end_states.values()) == 1
    assert sum((p for (k, a, d), p in c.end_states.items() if k == 1), F(0)) == b.win
    c2 = ro.campaign(T - 1, [D], convention="attacking", leave=1, rules=rules)
    assert c2.win == b.win


@SETTINGS
@given(st.integers(2, 30), st.lists(st.integers(1, 6), min_size=1, max_size=5),
       st.sampled_from([1, 2]), st.sampled_from([None, 2]))
def test_campaign_vs_oracle(T, defs, leave, retreat_t):
    c = ro.campaign(T, defs, convention="territory", leave=leave, rules=STD,
                    retreat_at=retreat_t) if retreat_t is not None and retreat_t < T else \
        ro.campaign(T, defs, convention="territory", leave=leave, rules=STD)
    retreat = retreat_t - 1 if retreat_t is not None and retreat_t < T else None
    twin, finals = orc.campaign(T - 1, defs, [orc.STD] * len(defs), leave=leave, retreat=retreat)
    tw = list(c.territory_win)
    assert len(tw) == len(defs)
    assert all(x >= y for x, y in zip(tw, tw[1:]))  # non-increasing
    assert c.win == tw[-1]
    assert sum(c.end_states.values()) == 1
    conquered = {}
    for (k, a, d), p in c.end_states.items():
        assert 0 <= k <= len(defs)
        conquered[k] = conquered.get(k, F(0)) + p
    for i in range(len(defs)):
        assert tw[i] == sum((p for k, p in conquered.items() if k >= i + 1), F(0))
    assert tw == twin, (tw, twin)


def test_campaign_rules_per_territory():
    defs = [3, 5, 2, 4]
    mine = [MyRules(), MyRules(defend_dice=3), MyRules(defender_bonus="both"), MyRules(ties="attacker")]
    c = ro.campaign(20, defs, convention="territory", leave=1,
                    rules=[ro.Rules(**m.kwargs()) for m in mine])
    twin, _ = orc.campaign(19, defs, mine, leave=1)
    assert list(c.territory_win) == twin
    # the per-territory rules matter
    plain = ro.campaign(20, defs, convention="territory", leave=1, rules=STD)
    assert plain.win != c.win


def test_campaign_expected_survivors_consistent():
    c = ro.campaign(30, [4, 3, 5], convention="territory", leave=1, rules=STD)
    n = 3
    wins = {k: p for k, p in c.end_states.items() if k[0] == n}
    pw = sum(wins.values(), F(0))
    assert pw == c.win
    assert c.mean_survivors == sum((a * p for (k, a, d), p in wins.items()), F(0)) / pw
    assert c.expected_survivors == sum((a * p for (k, a, d), p in c.end_states.items()), F(0))
