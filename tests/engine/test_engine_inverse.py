"""Inverse questions (troops_needed, defenders_needed) and chain campaigns."""
from fractions import Fraction as F

from hypothesis import given, settings, strategies as st, HealthCheck
import pytest

import riskodds as ro
import engine_oracle as orc
from enginehelpers import forbid_work
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


# ------------------------------------------------------------------ issue 13: refusals that were wrong
def test_survivors_count_in_the_search_length():
    """10 defenders, p = 1/2, 1600 survivors (territory): the search used to stop at 1502
    attackers ("no attacker count up to 1502"), though 1620 attackers win with 0.987."""
    n = ro.troops_needed(10, "0.5", convention="territory", survivors=1600)
    at = lambda a: ro.battle(a, 10, convention="territory").win_with_at_least(1600)
    assert at(n) >= F(1, 2) > at(n - 1)
    assert at(1620) > F(98, 100)
    assert 1600 < n < 1620


def test_impossible_win_says_so():
    """Two-faced attack dice against a bunker never kill the last defender: P(win) = 0 for
    every number of attackers. The message used to say "p is too close to 1"."""
    rules = ro.Rules(attack_faces=2, defender_bonus="highest")
    assert ro.battle(60, 5, convention="attacking", rules=rules).win == 0
    with pytest.raises(ValueError, match="never") as info:
        ro.troops_needed(5, "0.01", convention="attacking", rules=rules)
    assert "too close to 1" not in str(info.value)


@pytest.mark.parametrize("rules,D,possible", [
    (ro.Rules(attack_faces=2, defender_bonus="highest"), 1, False),
    (ro.Rules(attack_faces=2, defender_bonus="highest"), 7, False),
    (ro.Rules(attack_faces=3, defender_bonus="highest"), 7, True),
    (ro.Rules(attack_faces=2, defender_bonus="both", ties="attacker"), 4, True),
    (ro.Rules(attack_faces=2, defend_faces=3), 4, True),
    (ro.Rules(attack_dice=1, attack_faces=2, defender_bonus="both"), 3, False),
])
def test_possible_wins_match_the_battle(rules, D, possible):
    from riskodds.answers.needed import can_conquer
    assert can_conquer(rules, D) == possible
    assert (ro.battle(40, D, convention="attacking", rules=rules).win > 0) == possible


def test_search_refusal_is_quick_and_names_the_budget():
    """A search that cannot finish in the budget is refused before it starts, with the limit
    and the estimate in the message (3000 defenders took 84 s before)."""
    with forbid_work(), pytest.raises(ValueError, match="time_budget_s") as info:
        ro.troops_needed(3000, "0.5", convention="territory", budget=5)
    assert "5 s" in str(info.value)
    with pytest.raises(ValueError, match="time_budget_s"):
        ro.defenders_needed(3000, "0.5", convention="territory", budget=5)


def test_p_close_to_one_blames_p():
    """At p = 1/2 the search against 300 would fit 5 s; at p = 1 - 10**-900 it would not
    (one side losing every round is more likely than 10**-900 until some 3,400 attackers)."""
    with pytest.raises(ValueError) as info:
        ro.troops_needed(300, "0." + "9" * 900, convention="territory", budget=5)
    assert info.value.field == "p" and "time_budget_s" in str(info.value)
    with pytest.raises(ValueError) as info:
        ro.troops_needed(3000, "0.5", convention="territory", budget=5)
    assert info.value.field == "defenders"


def test_extreme_p_is_exact_where_it_fits():
    """P(win) >= 1 - 10**-300 against 3 defenders: the answer is the least n whose exact
    P(loss) is at most 10**-300."""
    q = F(1, 10 ** 300)
    n = ro.troops_needed(3, 1 - q, convention="attacking")
    assert 1 - ro.battle(n, 3, convention="attacking").win <= q < 1 - ro.battle(n - 1, 3, convention="attacking").win
