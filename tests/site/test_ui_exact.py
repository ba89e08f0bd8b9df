"""The browser's exact answers equal the CPython engine's, fraction for fraction.

One calculators page (one Pyodide) serves every case; each case fills the form like a user,
waits for data-status, and compares data-num/data-den with riskodds computed right here."""
from fractions import Fraction

import pytest
import riskodds as ro

from sitehelpers import calculate, exact_output

RULE_KEYS = ("attack_dice", "defend_dice", "ties", "defender_bonus", "attack_faces", "defend_faces")
DEFAULT_RULES = {"attack_dice": 3, "defend_dice": 2, "ties": "defender", "defender_bonus": "none",
                 "attack_faces": 6, "defend_faces": 6}

# (attackers, defenders, convention, rule overrides, retreat_at)
BATTLES = [
    (1, 1, "attacking", {}, None),
    (3, 2, "attacking", {}, None),
    (5, 5, "attacking", {}, None),
    (10, 10, "attacking", {}, None),
    (75, 10, "attacking", {}, None),
    (100, 100, "attacking", {}, None),
    (500, 500, "attacking", {}, None),
    (1000, 1, "attacking", {}, None),            # P(loss) ~ 1e-470: far below the float range
    (24, 10, "territory", {}, None),
    (11, 10, "territory", {}, None),
    (10, 10, "attacking", {"defend_dice": 3}, None),        # capital
    (40, 20, "territory", {"defend_dice": 3}, None),        # capital, territory convention
    (10, 10, "attacking", {"ties": "attacker"}, None),      # zombies
    (8, 5, "attacking", {"attack_faces": 8}, None),
    (8, 5, "attacking", {"defend_faces": 8, "attack_dice": 2}, None),
    (12, 6, "attacking", {"defender_bonus": "highest"}, None),   # bunker
    (12, 6, "attacking", {"defender_bonus": "both"}, None),      # fortification
    (30, 15, "attacking", {}, 5),                                # retreat threshold
    (20, 20, "territory", {"defend_dice": 1}, 3),
]

# (start, end, convention, rule overrides)
PATHS = [
    ((3, 2), (2, 0), "attacking", {}),
    ((75, 10), (0, 10), "attacking", {}),
    ((1000, 1), (0, 1), "attacking", {}),        # every one of 1000 armies dies: below 1e-308
    ((11, 10), (6, 5), "territory", {}),
    ((10, 10), (4, 4), "attacking", {"defend_dice": 3}),
    ((3, 2), (3, 1), "attacking", {}),           # unreachable: exactly 0
]


def rules_of(overrides):
    r = {**DEFAULT_RULES, **overrides}
    return ro.Rules(**{k: r[k] for k in RULE_KEYS}), r


def frac(pair):
    return Fraction(*pair)


@pytest.mark.parametrize("a,d,convention,overrides,retreat", BATTLES,
                         ids=[f"{a}v{d}-{c}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'std'}-r{r}" for a, d, c, o, r in BATTLES])
def test_battle_matches_cpython(calc_page, clean, a, d, convention, overrides, retreat):
    rules, fields = rules_of(overrides)
    status = calculate(calc_page, "battle", {"attackers": a, "defenders": d, "convention": convention,
                                             "retreat_at": "" if retreat is None else retreat, **fields})
    assert status == "done", calc_page.locator("form#battle").inner_text()[:500]
    expected = ro.battle(a, d, convention=convention, rules=rules, retreat_at=retreat)
    num, den = exact_output(calc_page, "battle", "win")
    assert (num, den) == (expected.win.numerator, expected.win.denominator)
    assert frac(exact_output(calc_page, "battle", "loss")) == expected.loss
    if retreat is not None:
        assert frac(exact_output(calc_page, "battle", "stopped")) == expected.stopped
    assert frac(exact_output(calc_page, "battle", "mean_attackers_lost")) == expected.mean_attackers_lost
    if a == 1000 and d == 1:
        assert expected.loss < Fraction(1, 10**308)
        assert calc_page.locator("form#battle [data-detail=loss] .note").count() == 1  # "below the float range"


@pytest.mark.parametrize("start,end,convention,overrides", PATHS,
                         ids=[f"{s[0]}v{s[1]}-to-{e[0]}v{e[1]}-{c}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'std'}" for s, e, c, o in PATHS])
def test_path_matches_cpython(calc_page, clean, start, end, convention, overrides):
    rules, fields = rules_of(overrides)
    status = calculate(calc_page, "path", {"start_attackers": start[0], "start_defenders": start[1],
                                           "end_attackers": end[0], "end_defenders": end[1],
                                           "convention": convention, **fields})
    assert status == "done", calc_page.locator("form#path").inner_text()[:500]
    expected = ro.probability(start, end, convention=convention, rules=rules)
    assert frac(exact_output(calc_page, "path", "probability")) == expected
    assert exact_output(calc_page, "path", "probability") == (expected.numerator, expected.denominator)
    if start == (1000, 1):
        assert 0 < expected < Fraction(1, 10**308)
