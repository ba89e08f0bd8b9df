"""Part 2's two decisions (issue 19): should the defender ever roll one die, and taking a
continent. The numbers are tied to independent recomputations by test_article_build (recipes.py:
tests/article/defender_dp.py for the defender's choice, tests/engine/turn_oracle.py and
engine_oracle.py for the turn on the board); here the sentences around them are checked against the
same independent code, and defender_dp against the brute-force oracle of tests/engine."""
import html
import re
from fractions import Fraction

import pytest
from recipes import LINKS, TURN_SA, chain_win, evaluate, split_values   # (first: it puts tests/engine on the path)

import choice_oracle
import defender_dp
import turn_oracle
from articletext import section, text
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


# ---- taking a continent, on the board

def test_the_turn_is_the_position_told(part2):
    words = text(section(part2, CONTINENT))
    mine, theirs, R, goal = decisions.TURNS["south-america"]
    assert goal == "South America"
    assert (f"Say you hold North Africa with {mine['North Africa']} armies and Central America with "
            f"{mine['Central America']}, and you have {R} new armies to place") in words
    assert theirs == {"Venezuela": 2, "Brazil": 2, "Peru": 1, "Argentina": 1}
    assert "with 2 armies on Venezuela and on Brazil and 1 on Peru and on Argentina" in words
    assert (mine, {t: (d, "standard") for t, d in theirs.items()}, R) == TURN_SA


def test_the_best_plan_is_the_oracles_and_runs_as_told(part2):
    """turn_oracle: every placement, forest, order and move. The plan told (all the new armies on
    North Africa, one stack through the four in the order given, all but one moved each time) is a
    chain whose chance, by its own dynamic program, is the best."""
    sec = section(part2, CONTINENT)
    words = text(sec)
    mine, targets, R = TURN_SA
    best = max(split_values("south-america").values())
    assert evaluate("turn/south-america/win") == best
    route = re.search(r"From there one stack takes ([\w, ]+?), moving all but one", words).group(1).split(", then ")
    assert sorted(route) == sorted(targets)
    assert f"Its best plan puts {R} new armies on North Africa" in words
    assert all(frozenset(pair) in LINKS for pair in zip(["North Africa"] + route, route))   # each borders the last
    assert chain_win(mine["North Africa"] + R, [targets[t][0] for t in route]) == best
    assert 'data-computed="turn/south-america/win"' in sec


def test_splitting_and_one_entry_alone_do_worse(part2):
    sec = section(part2, CONTINENT)
    words = text(sec)
    values = sorted(split_values("south-america").values(), reverse=True)
    assert evaluate("turn/south-america/alt/1") == values[1] < values[0]
    split = decisions.turn("south-america").alternatives[0]["entries"]
    said = re.search(r"The best split sends (\d+) new armies to ([\w ]+?) for ([\w ]+?) and (\d+) to ([\w ]+?) for "
                     r"([\w ]+?)\. It wins", words).groups()
    assert said == (str(split[0]["placed"]), split[0]["territory"], " and ".join(split[0]["targets"]),
                    str(split[1]["placed"]), split[1]["territory"], " and ".join(split[1]["targets"]))
    mine, targets, R = TURN_SA
    key = tuple((e["territory"], tuple(sorted(e["targets"]))) for e in sorted(split, key=lambda e: e["territory"]))
    assert split_values("south-america")[key] == values[1]                  # the split told is that one
    alone = turn_oracle.best({"Central America": 3}, targets, LINKS, R, "dice")
    assert evaluate("turn/south-america/alone/Central America") == alone < values[1]
    for k in ("turn/south-america/alt/1", "turn/south-america/alone/Central America"):
        assert f'data-computed="{k}"' in sec


def test_where_the_stack_ends(part2):
    """The best plan leaves one army on each door (played through the oracle with the engine's own
    tables); the walk the other way round ends on Venezuela and wins less."""
    sec = section(part2, CONTINENT)
    words = text(sec)
    assert "South America has two doors, Venezuela and Brazil" in words
    assert evaluate("turn/south-america/border/Venezuela") == evaluate("turn/south-america/border/Brazil") == 1
    assert "leaves 1 army on Venezuela and 1 on Brazil" in words
    key = "campaign/territory/10/2-1-1-2"                  # Brazil, Argentina, Peru, Venezuela from 4 + 6
    route = ["Brazil", "Argentina", "Peru", "Venezuela"]
    assert all(frozenset(pair) in LINKS for pair in zip(["North Africa"] + route, route))
    assert f"the other way round, {', '.join(route[:-1])}, then {route[-1]}" in words
    assert evaluate(key) == chain_win(10, [2, 1, 1, 2]) < evaluate("turn/south-america/win")
    assert f'data-computed="{key}"' in sec


def test_the_continents_table(part2):
    """Each row: from its entry, the best turn at the armies given reaches the chance and one army
    fewer does not (riskodds.turn, asked at those two counts); for Australia and South America with
    one army each, the brute-force oracle agrees and no other entry needs fewer."""
    import riskodds as ro
    from riskodds.facts import board
    sec = section(part2, CONTINENT)
    rows = re.findall(r'data-computed="turn/needed/([^/]+)/([^/]+)/(\d)/(\d+/\d+)"', sec)
    assert len(rows) == 6 * len(decisions.NEEDED_DEFENDERS) * len(decisions.NEEDED_PS)
    for continent, entry, d, p in rows:
        T = evaluate(f"turn/needed/{continent}/{entry}/{d}/{p}")
        search = decisions.NEEDED_SEARCH.get(continent, "all")
        if continent in ("North America", "Asia"):
            continue                   # seconds to a minute each through turn: the recipe recomputed them
        win = lambda armies: ro.turn({entry: {"owner": "you", "armies": armies},
                                      **{t: {"owner": "red", "armies": int(d)} for t in board.MEMBERS[continent]}},
                                     "you", 0, {"take": continent}, search=search, budget=3600).win
        assert win(T) >= Fraction(p) > win(T - 1), (continent, entry, d, p)
        if continent in ("Australia", "South America") and d == "1":
            targets = {t: (1, "standard") for t in board.MEMBERS[continent]}
            oracle = lambda e, armies: turn_oracle.best({e: armies}, targets, LINKS, 0, "dice")
            assert oracle(entry, T) >= Fraction(p) > oracle(entry, T - 1)
            for other in decisions.entries(continent):
                assert oracle(other, T - 1) < Fraction(p), other


def test_the_turn_calculator_is_there_or_linked(part2):
    sec = section(part2, CONTINENT)
    form = re.search(r'<form class="calc" id="calc-turn".*?</form>', sec, re.S)
    assert form or 'href="/calculators/#turn"' in sec


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
