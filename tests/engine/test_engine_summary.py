"""battle_summary (the JSON battle op with detail="summary") against the exact Battle: the
exact totals are equal, the approximate lists agree to many digits, below the float range too."""
from fractions import Fraction as F
import math

from hypothesis import given, settings, strategies as st, HealthCheck
import pytest

import riskodds as ro
import riskodds.interfaces.api as api
from riskodds.maths.approx import Approx
from riskodds.maths.scaled import Scale, fraction_log10

SETTINGS = settings(max_examples=40, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])
RULES = [ro.Rules(), ro.CAPITAL, ro.Rules(ties="attacker"), ro.Rules(defender_bonus="highest"),
         ro.Rules(attack_faces=8, defend_faces=4), ro.Rules(attack_dice=2, defend_dice=1)]


def close(x: Approx, exact: F, rel=1e-9):
    if exact == 0:
        return x.mantissa == 0
    want = fraction_log10(exact)
    return abs(x.log10 - want) < rel and (float(exact) == 0.0 or math.isclose(x.float, float(exact), rel_tol=rel))


@st.composite
def battles(draw):
    A, D = draw(st.integers(1, 40)), draw(st.integers(1, 40))
    return (A, D, draw(st.sampled_from(RULES)), draw(st.one_of(st.none(), st.integers(0, A - 1))),
            draw(st.integers(0, D - 1)), draw(st.sampled_from(["attacking", "territory"])),
            draw(st.one_of(st.none(), st.integers(0, A + 2))))


@SETTINGS
@given(battles())
def test_summary_equals_the_exact_battle(case):
    A, D, rules, retreat, goal, conv, survivors = case
    off = conv == "territory"
    kw = dict(convention=conv, rules=rules, defender_goal=goal,
              retreat_at=None if retreat is None else retreat + off)
    b = ro.battle(A + off, D, **kw)
    s = ro.battle_summary(A + off, D, survivors=survivors, **kw)
    for name in ("win", "loss", "stopped", "mean_attackers_lost", "var_attackers_lost",
                 "mean_defenders_lost", "var_defenders_lost"):
        assert getattr(s, name) == getattr(b, name), name
    assert s.win_with_survivors == (None if survivors is None else b.win_with_at_least(survivors))
    assert [state for state, _ in s.end_states] == [k for k, p in b.end_states.items()]
    assert all(close(x, b.end_states[k]) for k, x in s.end_states)
    assert all(close(x, p) for x, p in zip(s.attackers_lost, b.attackers_lost))
    assert all(close(x, p) for x, p in zip(s.defenders_lost, b.defenders_lost))
    assert len(s.attackers_lost) == len(b.attackers_lost) and len(s.defenders_lost) == len(b.defenders_lost)


def test_summary_far_below_the_float_range():
    """3000 attacking armies against 1: P(all die) = (441/1296)**2998 * 91/216 * 21/36 ~ 1e-1405."""
    s = ro.battle_summary(3000, 1, convention="attacking")
    exact = F(441, 1296) ** 2998 * F(91, 216) * F(21, 36)
    assert s.loss == exact and s.win == 1 - exact
    assert s.attackers_lost[3000].float == 0.0
    assert abs(s.attackers_lost[3000].log10 - fraction_log10(exact)) < 1e-9
    (state, x), = [e for e in s.end_states if e[0] == (0, 1)]
    assert abs(x.log10 - fraction_log10(exact)) < 1e-9
    # the likely end states are correctly rounded floats: win after losing k (k 3 v 1 rounds lost)
    for k in range(5):
        assert s.attackers_lost[k].float == float(F(441, 1296) ** k * F(855, 1296))


def test_approx_arithmetic():
    scale = Scale([6])
    third = Scale([3]).approx((1, (0,)))        # 1
    assert third.float == 1.0
    tiny = scale.approx((5, (2000,)))          # 5 / 6**2000, far below the float range
    assert tiny.float == 0.0 and abs(tiny.log10 - (math.log10(5) - 2000 * math.log10(6))) < 1e-9
    assert abs((tiny + tiny).log10 - (tiny.log10 + math.log10(2))) < 1e-12
    assert (tiny + Approx(0.5, 1)).float == 1.0


def test_json_summary_matches_full():
    params = {"attackers": 30, "defenders": 12, "convention": "territory", "retreat_at": 4, "survivors": 10}
    full = api.handle("battle", params)
    summ = api.handle("battle", {**params, "detail": "summary"})
    assert full["ok"] and summ["ok"]
    for key in ("win", "loss", "stopped", "win_with_survivors", "mean_attackers_lost", "var_defenders_lost"):
        assert summ[key] == full[key]
    for key in ("attackers_lost", "defenders_lost"):
        assert [x["float"] for x in summ[key]] == pytest.approx([x["float"] for x in full[key]], rel=1e-12)
    assert [(e["attackers"], e["defenders"]) for e in summ["end_states"]] == \
        [(e["attackers"], e["defenders"]) for e in full["end_states"]]


@pytest.mark.parametrize("A, D, convention, rules", [(75, 10, "attacking", {}), (76, 10, "territory", {}),
                                                     (12, 9, "territory", {"defend_dice": 3}),
                                                     (5, 5, "attacking", {"ties": "attacker"})])
@pytest.mark.parametrize("detail", ["full", "summary"])
def test_mean_survivors_on_win_is_the_conditional_mean_of_the_won_end_states(A, D, convention, rules, detail):
    """E[armies left | win] in the call's convention, against the end states read directly."""
    b = ro.battle(A, D, convention=convention, rules=ro.Rules(**rules))
    want = sum(a * p for (a, d), p in b.end_states.items() if d == 0) / b.win
    params = {"attackers": A, "defenders": D, "convention": convention, "detail": detail, **rules}
    got = api.handle("battle", params)["mean_survivors_on_win"]
    assert F(int(got["num"]), int(got["den"])) == want
    if convention == "territory":  # the one left behind counts, so even the worst win keeps 2 on the territory
        assert want > 2
