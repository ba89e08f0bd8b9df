"""Part 2's two decisions (issue 19): should the defender ever roll one die, and taking a
continent. The numbers are tied to independent recomputations by test_article_build (recipes.py:
tests/article/defender_dp.py for the defender's choice, tests/engine/turn_oracle.py and
engine_oracle.py for the turn on the board); here the sentences around them are checked against the
same independent code, and defender_dp against the brute-force oracle of tests/engine."""
import html
import re
from fractions import Fraction

import pytest
from recipes import LINKS, TURN_SA, evaluate, split_values   # (first: it puts tests/engine on the path)

import choice_oracle
import defender_dp
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


def _said(words, pattern):
    m = re.search(pattern, words)
    assert m, pattern
    return m.groups()


def test_the_best_play_is_the_oracles_and_runs_as_told(part2):
    """real_turn_oracle (every placement, every policy, roll by roll): the chance told is the best;
    the placement told reaches it; the course told is the best play's at each step: its first
    attack, the second stack's attack, the turn at the branch and the sweep are each worth exactly
    the best chance from where they are made."""
    from recipes import real_best, real_position
    import real_turn_oracle as oracle
    sec = section(part2, CONTINENT)
    words = text(sec)
    mine, targets, R = TURN_SA
    goal = sorted(targets)
    best = real_best("south-america")
    assert evaluate("turn/south-america/win") == best
    assert 'data-computed="turn/south-america/win"' in sec
    n, where = _said(words, r"The best play puts (\d+) new armies on ([\w ]+?)\. ")
    (other,) = [t for t in mine if t != where]
    start = real_position("south-america", {where: int(n), other: R - int(n)})
    assert oracle.value(start, "you", goal) == best                       # the placement told is a best one
    x, y, a, d, m = _said(words, r"\. ([\w ]+?) attacks ([\w ]+?), (\d+) against (\d+), and moves (\d+) armies in\.")
    assert x == where and int(a) == start[x]["armies"] and int(d) == start[y]["armies"]
    assert frozenset((x, y)) in LINKS
    assert max(oracle.action_value(start, "you", goal, {"attack": {"from": x, "to": y, "dice": k}})
               for k in range(1, 4)) == best                              # the opening is a best action
    # right after taking y with 3 dice: moving m in is a best move
    taken = {**start, y: {"owner": "you", "armies": 0}}
    assert oracle.action_value(taken, "you", goal, {"move": {"from": x, "to": y, "armies": int(m)}},
                               moving={"from": x, "to": y, "dice": 3}) == oracle.value(taken, "you", goal, moving={"from": x, "to": y, "dice": 3})
    after = {**start, x: {"owner": "you", "armies": start[x]["armies"] - int(m)}, y: {"owner": "you", "armies": int(m)}}
    h, hy, ha = _said(words, r"Then ([\w ]+?) attacks ([\w ]+?) with its (\d+)\.")
    assert h == other and int(ha) == after[h]["armies"] and frozenset((h, hy)) in LINKS
    v = oracle.value(after, "you", goal)
    assert max(oracle.action_value(after, "you", goal, {"attack": {"from": h, "to": hy, "dice": k}})
               for k in range(1, 4)) == v
    sweep = _said(words, r"The big stack goes on from ([\w ]+?) through ([\w ]+?), moving all but one")
    route = [sweep[0]] + sweep[1].split(" to ")
    # worn down to 1 army before its target falls, the helper can attack no more: only the big stack
    # can take hy, and from every such state the best play still has a chance
    h2, hy2, hy3 = _said(words, r"If ([\w ]+?) is worn down to 1 army before ([\w ]+?) falls, the big stack "
                                r"takes ([\w ]+?) as well\.")
    assert (h2, hy2, hy3) == (h, hy, hy)
    for left in range(1, start[hy]["armies"] + 1):
        worn = {**after, h: {"owner": "you", "armies": 1}, hy: {"owner": "red", "armies": left}}
        assert oracle.value(worn, "you", goal) > 0
        assert all(t == y or worn[t]["armies"] < 2 for t in worn if worn[t]["owner"] == "you"
                   and frozenset((t, hy)) in LINKS)                      # only the big stack borders it with armies
    assert route[0] == y and sorted(route + [hy]) == goal
    assert all(frozenset(pair) in LINKS for pair in zip(route, route[1:]))


def test_the_fixed_plan_and_the_placements_table(part2):
    """The best fixed plan (turn_oracle: every forest, order, move and placement) is the one told;
    the table has a row per placement, and the text's lesson holds: the fixed plan's best is one
    stack, the real play's chances lie within a few points of each other and beat every fixed plan."""
    sec = section(part2, CONTINENT)
    words = text(sec)
    mine, targets, R = TURN_SA
    values = split_values("south-america")
    fixed = max(values.values())
    assert evaluate("turn/south-america/fixed/win") == fixed
    assert 'data-computed="turn/south-america/fixed/win"' in sec
    assert "The best such plan puts all 6 new armies on North Africa and sends one stack through all four" in words
    best_split = max(values, key=values.get)
    assert [e for e, ts in best_split if ts] == ["North Africa"]         # one stack from North Africa
    real, fixed_cells = {}, {}
    for n in range(R + 1):
        for family, out in (("real", real), ("fixed", fixed_cells)):
            key = f"turn/south-america/placed/North Africa/{n}/{family}"
            assert f'data-computed="{key}"' in sec, key
            out[n] = evaluate(key)
    assert max(fixed_cells.values()) == fixed == fixed_cells[R]          # all on North Africa: the best fixed
    assert max(real.values()) == evaluate("turn/south-america/win")
    assert min(real.values()) > fixed                                    # every placement, played well, beats it
    assert "Even all 6 on North Africa wins" in words
    assert evaluate("turn/south-america/most/win") == evaluate("turn/south-america/win")


def test_the_move_in_rule(part2):
    """North Africa 4 against Egypt 1 and Congo 1: the most dice never take both; the best play rolls
    one die at Egypt first (the engine's next, worth the brute force's best); two and three dice first
    do worse, by the brute force."""
    sec = section(part2, CONTINENT)
    words = text(sec)
    mine, targets, R = decisions.TURNS["move-in"][:3]
    assert mine == {"North Africa": 4} and targets == {"Egypt": 1, "Congo": 1} and R == 0
    assert "Say North Africa holds 4 armies, and Egypt and Congo hold 1 each" in words
    assert not frozenset(("Egypt", "Congo")) in LINKS and frozenset(("North Africa", "Congo")) in LINKS
    assert evaluate("turn/move-in/most/win") == 0
    best = evaluate("turn/move-in/win")
    assert decisions.turn("move-in").next == {"attack": {"from": "North Africa", "to": "Egypt", "dice": 1}}
    assert evaluate("turn/move-in/first/1") == best > evaluate("turn/move-in/first/2") > evaluate("turn/move-in/first/3") > 0
    for key in ("turn/move-in/most/win", "turn/move-in/win", "turn/move-in/first/2", "turn/move-in/first/3"):
        assert f'data-computed="{key}"' in sec, key
    assert "The best play rolls one die at Egypt" in words


def test_where_the_stacks_end(part2):
    """The doors keep what the most likely course leaves there (the engine's line, followed)."""
    words = text(section(part2, CONTINENT))
    assert "South America has two doors, Venezuela and Brazil" in words
    line = decisions.turn("south-america").line
    end = {}
    for s in line:
        end[s["from"]] = s["left"]
        end[s["to"]] = s["moved"]
    assert f"the big stack ends in {line[-1]['to']}, a dead end" in words
    assert line[-1]["to"] == "Argentina"
    v, b = end["Venezuela"], end["Brazil"]
    assert (f"Venezuela keeps {v} {'army' if v == 1 else 'armies'}, and Brazil keeps {b} "
            f"{'army' if b == 1 else 'armies'}.") in words


def test_the_continents_table(part2):
    """Each row: from its entry, the best real play at the armies given reaches the chance and one
    army fewer does not (riskodds.turn, asked at those two counts); the cells the build could not
    play roll by roll keep the best fixed plan's number, and the list above the table says so,
    continent by continent and for each number of defenders (issue 44). For Australia and South
    America with one army each, the brute force of every policy agrees."""
    import real_turn_oracle as oracle
    from recipes import continent_real_win, real_needed
    from riskodds.facts import board
    sec = section(part2, CONTINENT)
    words = text(sec)
    rows = re.findall(r'data-computed="turn/needed/([^/]+)/([^/]+)/(\d)/(\d+/\d+)"', sec)
    assert len(rows) == 6 * len(decisions.NEEDED_DEFENDERS) * len(decisions.NEEDED_PS)
    kept = []
    played = {}   # (continent, d) -> [each cell played roll by roll]
    for continent, entry, d, p in rows:
        T = evaluate(f"turn/needed/{continent}/{entry}/{d}/{p}")
        fixed = evaluate(f"turn/needed-fixed/{continent}/{entry}/{d}/{p}")
        real = real_needed(continent, entry, int(d))[p][1]
        played.setdefault((continent, entry, d), []).append(real)
        assert T <= fixed
        if not real:
            assert T == fixed
            if continent not in decisions.NEEDED_SEARCH:
                kept.append(continent)
            continue
        position = lambda armies: {entry: {"owner": "you", "armies": armies},   # noqa: E731
                                   **{t: {"owner": "red", "armies": int(d)} for t in board.MEMBERS[continent]}}
        wins = [continent_real_win(continent, entry, int(d), a) for a in (T, T - 1)]   # riskodds.turn, real play
        assert None not in wins and wins[0] >= Fraction(p) > wins[1], (continent, entry, d, p)
        if continent in ("Australia", "South America") and d == "1":
            goal = sorted(board.MEMBERS[continent])
            assert oracle.value(position(T), "you", goal) >= Fraction(p) > oracle.value(position(T - 1), "you", goal)
        if T < fixed:
            assert f"{continent} with {d} on each territory needs {T} for" in words
    # what each row counts, said continent by continent above the table
    lead = text(sec.split('id="table-continents"', 1)[0].rsplit("What each row counts:", 1)[1])
    # (a number is the best play wherever the build played it roll by roll, chains' continents too)
    for (continent, entry, d), cells in played.items():
        said = lead.split(f"{continent}, from {entry}. ", 1)[1].split(" from ", 1)[0]
        chains = continent in decisions.NEEDED_SEARCH
        every = [c for (c2, _, _), cs in played.items() if c2 == continent for c in cs]
        if all(every):
            assert said.startswith("Every number is the best play, roll by roll."), said
        elif not any(every) and chains:
            assert said.startswith("Every number is the best chain, a plan fixed in advance"), said
        elif all(cells):
            assert f"With {d} on each territory, the best play, roll by roll." in said, said
        elif not any(cells):
            kept_words = "the best chain" if chains else "the best plan fixed in advance"
            assert f"With {d} on each territory, {kept_words}." in said, said
            assert "playing roll by roll may need fewer armies" in said, said
        else:
            assert f"With {d} on each territory, the best play for " in said, said
            assert "playing roll by roll may need fewer armies" in said, said
    assert set(kept) <= {c for (c, _, _), cells in played.items() if not all(cells)}
    # the column heads say the armies on each territory and the chance, the notes run as sentences
    heads = re.findall(r'<th scope=col role="columnheader">([^<]*)</th>', sec.split('id="table-continents"', 1)[1])
    assert heads[1:] == [f"{d} on each, {round(float(Fraction(p)) * 100)} %" for d in decisions.NEEDED_DEFENDERS
                         for p in decisions.NEEDED_PS], heads
    assert not re.search(r"\d\.[A-Z]", words), re.search(r".{20}\d\.[A-Z].{20}", words)   # "12.Australia"


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
