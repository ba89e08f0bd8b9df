"""Part 2's two decisions (issue 19): should the defender ever roll one die, and taking a
continent. The numbers are tied to independent recomputations by test_article_build (recipes.py:
tests/article/defender_dp.py for the defender's choice, tests/engine/plan_oracle.py and
engine_oracle.py for the plan); here the sentences around them are checked against the same
independent code, and defender_dp against the brute-force oracle of tests/engine."""
import html
import itertools
import re
from fractions import Fraction

import pytest
from recipes import SOUTH_AMERICA, bare, chain_win, evaluate, typed_order   # (first: it puts tests/engine on the path)

import choice_oracle
import defender_dp
import plan_oracle
from articletext import section, text
from riskodds.checks.outline import read_outline
from sitebuild.article import decisions

PART1, PART2 = "article/index.html", "article/classic-questions/index.html"
CHOICE = "should-the-defender-ever-roll-one-die"
CONTINENT = "taking-a-continent"


@pytest.fixture(scope="module")
def part2(built_site):
    return (built_site / PART2).read_text()


# ---- the independent dynamic program, against the brute-force oracle

@pytest.mark.parametrize("mode", ["most", "before-roll", "after-roll"])
def test_the_integer_program_matches_the_brute_force_oracle(mode):
    n = 7
    W, S, _ = defender_dp.solve(mode, n, n)
    V, _ = choice_oracle.solve(choice_oracle.Dice(), mode, n, n)   # the states a battle from (n, n) visits
    assert len(V) > n * n // 2
    for (a, d), v in V.items():
        assert defender_dp.win(W, S, a, d) == v, (mode, a, d)


def test_the_integer_program_matches_the_oracle_against_a_capital():
    n = 5
    W, S, _ = defender_dp.solve("before-roll", n, n, defend_dice=3)
    V, _ = choice_oracle.solve(choice_oracle.Dice(defend_dice=3), "before-roll", n, n)
    assert V and all(defender_dp.win(W, S, a, d) == v for (a, d), v in V.items())


def test_a_rule_never_beats_the_best_choice_and_never_rolling_one_die_is_the_standard_game():
    n = 10
    best, S, _ = defender_dp.solve("after-roll", n, n)
    most, _, _ = defender_dp.solve("most", n, n)
    for k in range(2, 8):
        W, _, _ = defender_dp.solve(("rule", k), n, n)
        assert all(W[a][d] >= best[a][d] for a in range(n + 1) for d in range(n + 1)), k
    assert defender_dp.solve(("rule", 7), n, n)[0] == most


# ---- should the defender ever roll one die?

def test_the_section_cites_koole_and_stands_after_capitals(part2, built_site):
    ids = re.findall(r'<h2 id="(?!calc-)([\w-]+)"', part2)   # (a calculator's own heading is not a section)
    assert ids.index("capitals") + 1 == ids.index(CHOICE) and ids.index(CHOICE) + 2 == ids.index("chain-campaigns")
    assert 'href="/article/#ref-koole"' in section(part2, CHOICE)
    ref = text(re.search(r'<li id="ref-koole">(.*?)</li>', (built_site / PART1).read_text()).group(1))
    assert 'Ger Koole, "An optimal dice rolling policy for Risk", Nieuw Archief voor Wiskunde 12, 1994, pp. 49–52' in ref


def test_the_section_says_when_the_choice_applies_at_all(part2):
    """Before or after the roll is the table's rule: the section says which rule each answer needs."""
    words = text(section(part2, CHOICE))
    assert "Where both sides roll together, the defender must decide before it sees the attacker's dice." in words
    assert "the defender rolls second and chooses knowing the attacker's dice" in words
    assert "Settle which your table plays before you use what follows." in words


def test_choosing_before_the_roll_gains_nothing_in_every_battle_said(part2):
    n = decisions.CHOICE_N
    words = text(section(part2, CHOICE))
    assert "Choosing before the roll gains the defender nothing" in words
    assert f"In every battle up to {n} against {n} on the board, with two defence dice or a capital's three" in words
    for dice in (2, 3):   # every state (attacking armies up to n - 1, defenders up to n): the battles said
        most, _, _ = defender_dp.solve("most", n - 1, n, dice)
        before, _, _ = defender_dp.solve("before-roll", n - 1, n, dice)
        assert most == before, dice


def test_the_play_after_the_roll_is_the_engines_in_words(part2):
    sec = section(part2, CHOICE)
    words = text(sec)
    one3, two3 = evaluate("choice/one_from/3"), evaluate("choice/two_upto/3")
    one2, two2 = evaluate("choice/one_from/2"), evaluate("choice/two_upto/2")
    assert (f"Against three attacking dice it rolls one die when the attacker's second-highest die is {one3} or more "
            f"and two when it is {two3} or less, and in between its choice depends on the armies left.") in words
    assert (f"When the attacker rolls only two dice, the die to watch is the attacker's lower one. One die is best "
            f"when it is {one2} or more and two when it is {two2} or less, and again the number in between depends "
            "on the armies left.") in words
    # "only on one number of the die": exactly one number lies in between, for each number of attacking dice
    assert one3 - two3 == 2 and one2 - two2 == 2
    for key in ("choice/one_from/3", "choice/two_upto/3", "choice/one_from/2", "choice/two_upto/2"):
        assert f'data-computed="{key}"' in sec
    # "against a high one [the second die] will probably lose an army": it holds only if the
    # defender's lower die is at least the attacker's second-highest die
    assert Fraction((7 - one3) ** 2, 36) < Fraction(1, 2)


def test_the_rule_to_remember_does_almost_as_well(part2):
    sec = section(part2, CHOICE)
    at = "10/10/territory"
    k = evaluate(f"choice/best_threshold/{at}")
    rule, best, std = (evaluate(f"choice/threshold/{k}/{at}"), evaluate(f"battle/{at}/after/win"),
                       evaluate(f"battle/{at}/std/win"))
    assert (f"Look at the attacker's second-highest die, the one the defender's second die would meet. Roll one die "
            f"when it shows {k} or more, and two dice when it shows less.") in text(sec)
    # one rule, never contradicted: wherever the best play is fixed (one die from one_from up, two dice
    # up to two_upto), the rule "one die from k" chooses the same, with three attacking dice or two
    for na in (3, 2):
        assert evaluate(f"choice/two_upto/{na}") < k <= evaluate(f"choice/one_from/{na}"), na
    assert f'data-computed="choice/threshold/{k}/{at}"' in sec and f'data-computed="battle/{at}/after/win"' in sec
    assert best <= rule and (rule - best) * 10 < std - best    # "almost as well": a tenth of the gain at most
    assert all(evaluate(f"choice/threshold/{j}/{at}") >= rule for j in range(2, 8))   # no other number does better


def test_what_the_choice_costs_the_attacker(part2):
    sec = section(part2, CHOICE)
    words = text(sec)
    for key in ("battle/10/10/territory/std/win", "battle/10/10/territory/after/win", "needed/10/0.9/territory/after",
                "needed/10/0.9/territory/std", "equal_even/territory/std"):
        assert f'data-computed="{key}"' in sec, key
    assert evaluate("needed/10/0.9/territory/after") > evaluate("needed/10/0.9/territory/std")
    n = decisions.CHOICE_N
    assert f"never the favourite, at any size up to {n} a side" in words
    assert evaluate(f"choice/equal_max/{n}/after") < Fraction(1, 2)
    assert f'data-computed="choice/equal_max/{n}/after"' in sec
    assert 'id="fig-equal-armies-choice"' in sec


def test_the_calculator_opens_on_a_defender_choosing_after_the_roll(part2):
    form = re.search(r'<form class="calc" id="calc-choice".*?</form>', part2, re.S).group(0)
    assert re.search(r'<option value="after-roll"[^>]*selected', form)
    assert re.search(r'id="calc-choice-attackers"[^>]*value="10"', form)


# ---- taking a continent

def test_the_continent_is_the_outline_the_engine_plans():
    name, outline = decisions.PLANS["south-america"]
    assert name == "North Africa"

    def tree(items):
        return [(t["name"], t["defenders"], tree(t.get("then") or [])) for t in items]
    assert tree(read_outline(outline)) == SOUTH_AMERICA


def test_the_continent_as_told(part2):
    words = text(section(part2, CONTINENT))
    (brazil, b, kids), = SOUTH_AMERICA
    garrison = {n: d for n, d, _ in kids}
    assert "Say you hold North Africa with 14 armies" in words
    assert f"{brazil}, which borders North Africa, has {b} armies" in words
    assert f"Venezuela, which faces North America, has {garrison['Venezuela']}" in words
    assert garrison["Peru"] == garrison["Argentina"] == 1 and "Peru and Argentina have 1 each" in words


def test_the_best_order_is_the_best_of_every_order(part2):
    """Every target after Brazil borders Brazil: attacking them from Brazil in some order, one
    army moved into each and the rest kept, is the chain in that order. The order the article
    gives wins as often as the best plan (plan_oracle: every position of the turn), and no
    order does better."""
    sec = section(part2, CONTINENT)
    words = text(sec)
    (brazil, b, kids), = SOUTH_AMERICA
    garrison = {n: d for n, d, _ in kids}
    order = re.search(rf"From {brazil} it attacks ([\w, ]+?)\. ", words).group(1).split(", then ")
    assert sorted(order) == sorted(garrison)
    chains = {o: chain_win(14, [b] + [garrison[n] for n in o]) for o in itertools.permutations(garrison)}
    assert chains[tuple(order)] == plan_oracle.best(bare(SOUTH_AMERICA), 14) == max(chains.values())
    first = ["no", "one", "two", "three"][len(order) - 1]
    assert f"It moves one army into each of the first {first} and keeps the rest on {brazil}" in words
    assert 'data-computed="plan/south-america/14/win"' in sec


def test_planning_against_the_straight_lines(part2):
    sec = section(part2, CONTINENT)
    words = text(sec)
    assert evaluate("plan/south-america/14/win") == evaluate("plan/south-america/14/straight")
    typed = [n for n, _ in typed_order(SOUTH_AMERICA)]
    assert f"Walking the chain {', '.join(typed)} with one stack" in words
    assert "Here planning gains nothing over the right straight line" in words
    # the other straight line: Brazil, Argentina, Peru, Venezuela (the key lists its garrisons in that order)
    (brazil, b, kids), = SOUTH_AMERICA
    garrison = {n: d for n, d, _ in kids}
    other = ["Argentina", "Peru", "Venezuela"]
    key = f"campaign/territory/14/{'-'.join(str(d) for d in [b] + [garrison[n] for n in other])}"
    assert f'data-computed="{key}"' in sec and f"{brazil}, {', '.join(other)}, wins" in words
    assert evaluate(key) == chain_win(14, [b] + [garrison[n] for n in other]) < evaluate("plan/south-america/14/win")
    assert garrison[other[-1]] == max(garrison.values())          # "it meets the biggest garrison last"


def test_armies_for_the_continent(part2):
    sec = section(part2, CONTINENT)
    needed = [evaluate(f"plan/south-america/needed/{p}") for p in ("0.5", "0.8", "0.9")]
    assert needed == sorted(needed)
    for p in ("0.5", "0.8", "0.9"):
        assert f'data-computed="plan/south-america/needed/{p}"' in sec


def test_the_plan_calculator_is_there_or_linked(part2):
    sec = section(part2, CONTINENT)
    form = re.search(r'<form class="calc" id="calc-plan".*?</form>', sec, re.S)
    if form:
        # the outline sits in a textarea, its ">" escaped
        assert 'value="14"' in form.group(0) and decisions.PLANS["south-america"][1] in html.unescape(form.group(0))
    else:
        assert 'href="/calculators/#plan"' in sec


def test_when_to_stop_names_the_retreat_and_its_three_ways(part2):
    sec = section(part2, "when-to-stop")
    words = text(sec)
    assert '"Retreat at"' in words and "box for a battle already under way" in words
    win, stopped = evaluate("retreat/10/10/territory/3/win"), evaluate("retreat/10/10/territory/3/stopped")
    assert evaluate("retreat/10/10/territory/3/loss") == 0 and win + stopped == 1   # "it never loses everything"
    assert win < evaluate("battle/10/10/territory/std/win")   # stopping early gives up some wins
    for key in ("retreat/10/10/territory/3/win", "retreat/10/10/territory/3/stopped", "battle/10/10/territory/std/win"):
        assert f'data-computed="{key}"' in sec, key
    # "stops with two or three armies still at home": on the board, every stopped battle ends at 2 or 3
    import engine_oracle
    ends = engine_oracle.forward(9, 10, retreat=2)
    assert {a + 1 for (a, d), p in ends.items() if p and a and d} == {2, 3}
