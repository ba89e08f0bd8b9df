"""The defender's dice choice against a brute-force oracle (every ordered roll, Fractions):
values, end states, searches, tables and campaigns, in both conventions; "most" is the engine
of before."""
from fractions import Fraction as F

import pytest

import choice_oracle as orc
import riskodds as ro

RULES = [  # (engine rules, oracle dice, largest battle side)
    (dict(), orc.Dice(), 12),
    (dict(defend_dice=3), orc.Dice(defend_dice=3), 8),
    (dict(ties="attacker"), orc.Dice(zombies=True), 8),
    (dict(defend_faces=8, attack_dice=2), orc.Dice(attack_dice=2, defend_faces=8), 8),
    (dict(defender_bonus="highest", attack_faces=4, defend_faces=4), orc.Dice(attack_faces=4, defend_faces=4, bunker=True), 8),
]
MODES = ["before-roll", "after-roll"]


def _rules(kw, mode):
    return ro.Rules(**kw, defender_choice=mode)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("kw,dice,top", RULES, ids=lambda x: str(x)[:30])
def test_end_states_equal_the_oracle(mode, kw, dice, top):
    for A, D in ((top, top), (top, 3), (3, top), (1, 1), (5, 7)):
        want = orc.end_states(dice, mode, A, D)
        b = ro.battle(A, D, convention="attacking", rules=_rules(kw, mode))
        assert {s: p for s, p in b.end_states.items() if p} == want, (A, D)
        t = ro.battle(A + 1, D, convention="territory", rules=_rules(kw, mode))
        assert {(a - 1, d): p for (a, d), p in t.end_states.items() if p} == want


@pytest.mark.parametrize("mode", MODES)
def test_stop_rules_and_summaries(mode):
    dice = orc.Dice()
    want = orc.end_states(dice, mode, 10, 9, retreat=3, goal=2)
    b = ro.battle(10, 9, convention="attacking", rules=_rules({}, mode), retreat_at=3, defender_goal=2)
    assert {s: p for s, p in b.end_states.items() if p} == want
    s = ro.battle_summary(10, 9, convention="attacking", rules=_rules({}, mode), retreat_at=3, defender_goal=2)
    assert s.win == b.win and s.mean_attackers_lost == b.mean_attackers_lost


def test_most_is_the_standard_engine():
    assert ro.Rules(defender_choice="most") == ro.STANDARD
    assert ro.battle(20, 20, convention="attacking", rules=ro.Rules(defender_choice="most")).win == \
        ro.battle(20, 20, convention="attacking").win


def test_choosing_after_the_roll_helps_the_defender_and_before_it_may_not():
    """The oracle's values: after the roll the defender gains a great deal; before it, two dice
    (the standard) are best here, so the values agree with the standard rules."""
    V_after, _ = orc.solve(orc.Dice(), "after-roll", 10, 10)
    V_before, _ = orc.solve(orc.Dice(), "before-roll", 10, 10)
    standard = ro.battle(10, 10, convention="attacking").win
    assert V_before[10, 10] == standard
    assert V_after[10, 10] < standard - F(1, 20)
    assert ro.battle(10, 10, convention="attacking", rules=_rules({}, "after-roll")).win == V_after[10, 10]


@pytest.mark.parametrize("mode", MODES)
def test_searches_and_tables(mode):
    dice, rules = orc.Dice(), _rules({}, mode)
    V, _ = orc.solve(dice, mode, 14, 6)
    n = ro.troops_needed(6, "0.7", convention="attacking", rules=rules)
    assert V[n, 6] >= F(7, 10) > (V[n - 1, 6] if n > 1 else 0)
    h = ro.defenders_needed(8, "0.5", convention="territory", rules=rules)
    Vh, _ = orc.solve(dice, mode, 7, h)
    assert 1 - Vh[7, h] >= F(1, 2) and (h == 1 or 1 - orc.solve(dice, mode, 7, h - 1)[0][7, h - 1] < F(1, 2))
    t = ro.win_table(6, 5, convention="territory", rules=rules, detail="full")
    for T in range(2, 7):
        for d in range(1, 6):
            assert t.rows[T - 1][d - 1] == orc.solve(dice, mode, T - 1, d)[0][T - 1, d]


def test_a_campaign_plays_each_territory_with_its_defenders_choice():
    """Two territories, the second defended by a choosing defender: the chain's win equals the
    oracle battle by battle (the stack moves on with all but one)."""
    dice = orc.Dice()
    first = orc.end_states(dice, "most", 9, 2)
    win = F(0)
    for (a, d), p in first.items():
        if d == 0 and a - 1 >= 1:
            V, _ = orc.solve(dice, "after-roll", a - 1, 3)
            win += p * V[a - 1, 3]
    c = ro.campaign(9, [2, 3], convention="attacking", rules=[ro.STANDARD, _rules({}, "after-roll")])
    assert c.win == win


def test_the_cost_guard_knows_the_choice():
    rules = _rules({}, "after-roll")
    with pytest.raises(ro.BudgetError, match="time_budget_s"):
        ro.battle(3000, 3000, convention="attacking", rules=rules, budget=1)
    res = __import__("riskodds.interfaces.api").interfaces.api.handle(
        "battle", {"attackers": 5, "defenders": 5, "convention": "attacking", "defender_choice": "after-roll"})
    assert res["ok"] and F(int(res["win"]["num"]), int(res["win"]["den"])) == orc.solve(orc.Dice(), "after-roll", 5, 5)[0][5, 5]


@pytest.mark.parametrize("choice", ["before-roll", "after-roll"])
@pytest.mark.parametrize("op,params", [("battle", {"attackers": 10, "defenders": 8}),
                                       ("battle", {"attackers": 10, "defenders": 8, "detail": "summary"}),
                                       ("needed", {"defenders": 8, "p": "0.9"}),
                                       ("defenders_needed", {"attackers": 12, "p": "0.5"}),
                                       ("table", {"max_attackers": 6, "max_defenders": 6})])
def test_balanced_blitz_with_a_choosing_defender_is_refused(op, params, choice):
    """Issue 25, row 3: the game's defender always rolls its most, and a defender choosing against
    the true-random chance is not the one that would choose against the reshaped chance: refused,
    on defender_choice (it used to answer, 8 v 8: 0.4139); the same request with "most" answers."""
    api = __import__("riskodds.interfaces.api").interfaces.api
    ask = lambda choice: api.handle(op, {**params, "convention": "territory", "dice_mode": "balanced-blitz",
                                         "defender_choice": choice})
    res = ask(choice)
    assert not res["ok"] and res["error"]["field"] == "defender_choice", res
    assert "balanced-blitz" in res["error"]["message"] and choice in res["error"]["message"]
    assert ask("most")["ok"]
    python = {"battle": lambda r: ro.battle(10, 8, convention="territory", rules=r, dice_mode="balanced-blitz"),
              "needed": lambda r: ro.troops_needed(8, "0.9", convention="territory", rules=r, dice_mode="balanced-blitz"),
              "defenders_needed": lambda r: ro.defenders_needed(12, "0.5", convention="territory", rules=r,
                                                                dice_mode="balanced-blitz"),
              "table": lambda r: ro.win_table(6, 6, convention="territory", rules=r, dice_mode="balanced-blitz")}[op]
    with pytest.raises(ro.FieldError, match="no choosing defender") as info:
        python(_rules({}, choice))
    assert info.value.field == "defender_choice"
