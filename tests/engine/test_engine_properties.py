"""Property tests (hypothesis) on ro.battle: invariants that must hold for every input."""
from fractions import Fraction as F
import math

from hypothesis import given, settings, strategies as st, HealthCheck

import riskodds as ro

SETTINGS = settings(max_examples=40, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])

RULES = [
    ro.Rules(),
    ro.Rules(defend_dice=3),
    ro.Rules(ties="attacker"),
    ro.Rules(defender_bonus="highest"),
    ro.Rules(defender_bonus="both"),
    ro.Rules(attack_faces=8),
    ro.Rules(defend_faces=8),
    ro.Rules(attack_dice=2, defend_dice=1),
]
# base rules for which "capital" is meaningful (defend_dice 2 -> 3)
BASES = [ro.Rules(), ro.Rules(ties="attacker"), ro.Rules(defender_bonus="highest"),
         ro.Rules(attack_faces=8), ro.Rules(defend_faces=4), ro.Rules(defender_bonus="both")]

armies = st.integers(min_value=1, max_value=22)
rules_st = st.sampled_from(RULES)


@st.composite
def battles(draw):
    A = draw(armies)
    D = draw(armies)
    rules = draw(rules_st)
    retreat = draw(st.one_of(st.none(), st.integers(0, A - 1)))
    goal = draw(st.integers(0, D - 1))
    return A, D, rules, retreat, goal


def run(A, D, rules, retreat, goal, convention="attacking"):
    kw = {} if retreat is None else {"retreat_at": retreat}
    return ro.battle(A, D, convention=convention, rules=rules, defender_goal=goal, **kw)


@SETTINGS
@given(battles())
def test_distributions_are_exact_and_consistent(case):
    A, D, rules, retreat, goal = case
    b = run(A, D, rules, retreat, goal)
    es = b.end_states
    assert all(isinstance(p, F) for p in es.values())
    assert sum(es.values()) == 1
    assert all(p >= 0 for p in es.values())
    r = retreat or 0
    for (a, d), p in es.items():
        if p:
            # every end state really is an end state, and lies in range
            assert 0 <= a <= A and 0 <= d <= D
            assert a == 0 or d <= goal or a <= r
    assert b.win == sum((p for (a, d), p in es.items() if d <= goal), F(0))
    assert b.win + b.loss + b.stopped == 1
    assert b.loss >= 0 and b.stopped >= 0
    if retreat in (None, 0):
        assert b.stopped == 0
    # loss distributions match the end states and sum to one
    al, dl = list(b.attackers_lost), list(b.defenders_lost)
    assert sum(al) == 1 and sum(dl) == 1
    for i in range(max(len(al), A + 1)):
        want = sum((p for (a, d), p in es.items() if A - a == i), F(0))
        assert (al[i] if i < len(al) else 0) == want
    for j in range(max(len(dl), D + 1)):
        want = sum((p for (a, d), p in es.items() if D - d == j), F(0))
        assert (dl[j] if j < len(dl) else 0) == want
    # moments from the distributions
    for dist, mean, var, std in [
        (al, b.mean_attackers_lost, b.var_attackers_lost, b.std_attackers_lost),
        (dl, b.mean_defenders_lost, b.var_defenders_lost, b.std_defenders_lost),
    ]:
        m = sum((i * p for i, p in enumerate(dist)), F(0))
        v = sum(((i - m) ** 2 * p for i, p in enumerate(dist)), F(0))
        assert isinstance(mean, F) and isinstance(var, F)
        assert mean == m and var == v
        assert math.isclose(std, math.sqrt(v), rel_tol=1e-12, abs_tol=1e-300)


@SETTINGS
@given(battles())
def test_conventions_differ_by_exactly_one_army(case):
    A, D, rules, retreat, goal = case
    b = run(A, D, rules, retreat, goal, "attacking")
    t = run(A + 1, D, rules, None if retreat is None else retreat + 1, goal, "territory")
    assert {(a + 1, d): p for (a, d), p in b.end_states.items() if p} == \
        {k: p for k, p in t.end_states.items() if p}
    assert (t.win, t.loss, t.stopped) == (b.win, b.loss, b.stopped)
    assert t.mean_attackers_lost == b.mean_attackers_lost
    assert t.var_defenders_lost == b.var_defenders_lost
    for s in range(0, A + 2):
        assert t.win_with_at_least(s + 1) == b.win_with_at_least(s)


@SETTINGS
@given(battles())
def test_win_with_at_least_monotone(case):
    A, D, rules, retreat, goal = case
    b = run(A, D, rules, retreat, goal)
    prev = None
    for T in range(0, A + 2):
        w = b.win_with_at_least(T)
        assert w == sum((p for (a, d), p in b.end_states.items() if d <= goal and a >= T), F(0))
        if prev is not None:
            assert w <= prev
        prev = w
    assert b.win_with_at_least(1) == b.win  # a win always leaves at least one attacker
    assert b.win_with_at_least(A + 1) == 0


@SETTINGS
@given(armies, armies, st.sampled_from(BASES))
def test_monotone_in_armies(A, D, rules):
    w = ro.battle(A, D, convention="attacking", rules=rules).win
    assert ro.battle(A + 1, D, convention="attacking", rules=rules).win >= w
    assert ro.battle(A, D + 1, convention="attacking", rules=rules).win <= w


@SETTINGS
@given(armies, armies, st.sampled_from(BASES))
def test_capital_never_helps_the_attacker(A, D, base):
    cap = ro.Rules(**{**{f: getattr(base, f) for f in base.__dataclass_fields__},
                      "defend_dice": 3})
    std = ro.battle(A, D, convention="attacking", rules=base)
    c = ro.battle(A, D, convention="attacking", rules=cap)
    assert c.win <= std.win
    if D >= 3 and A >= 1:
        assert c.win < std.win  # a third defence die matters once the defender can roll it


def test_win_grid_monotone():
    g = ro.win_grid(25, rules=ro.Rules(), convention="attacking")
    for a in range(1, 25):
        for d in range(1, 25):
            assert g[a + 1][d] >= g[a][d]
            assert g[a][d + 1] <= g[a][d]
