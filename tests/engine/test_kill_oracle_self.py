"""The kill oracle checked against facts derivable by hand (never against the engine): card
arithmetic, set values, one-battle kills from round_outcomes, and a second kill that exists only
through the armies of the forced trade."""
from fractions import Fraction

import pytest

import kill_oracle as ko
from real_turn_oracle import round_outcomes


def P(owner, armies):
    return {"owner": owner, "armies": armies}


# ----------------------------------------------------------------------------- cards
@pytest.mark.parametrize("hand, sets, left", [
    (0, 0, 0), (3, 0, 3), (5, 0, 5), (6, 1, 3), (7, 1, 4), (8, 2, 2), (9, 2, 3), (10, 2, 4),
    (11, 3, 2), (12, 3, 3), (13, 3, 4), (14, 4, 2)])
def test_forced_trade_counts(hand, sets, left):
    armies, after, traded = ko.forced_trade(hand, 2, [10])
    assert (traded - 2, after) == (sets, left)
    assert armies == 10 * sets


def test_growing_set_values():
    assert [ko.set_value(n) for n in range(1, 11)] == [4, 6, 8, 10, 12, 15, 20, 25, 30, 35]
    assert ko.set_value(1) == 4 and ko.set_value(6) == 15 and ko.set_value(7) == 20


def test_listed_set_values_repeat_the_last():
    assert [ko.set_value(n, [10]) for n in (1, 2, 7, 50)] == [10, 10, 10, 10]
    assert [ko.set_value(n, [4, 6, 8]) for n in (1, 2, 3, 4, 9)] == [4, 6, 8, 8, 8]


def test_forced_trade_sums_the_next_sets():
    assert ko.forced_trade(6, 5) == (15, 3, 6)          # the 6th set
    assert ko.forced_trade(8, 5) == (15 + 20, 2, 7)     # the 6th and the 7th
    assert ko.forced_trade(11, 0) == (4 + 6 + 8, 2, 3)
    assert ko.forced_trade(5, 5) == (0, 5, 5)           # no trade below 6


# ----------------------------------------------------------------------------- one battle
def _p(a, d):
    return dict(round_outcomes(a, d))


def test_one_battle_two_against_one():
    pos = {"Brazil": P("me", 2), "Peru": P("red", 1)}
    want = _p(1, 1)[0, 1]
    assert want == Fraction(15, 36)
    assert ko.best(pos, "me", 0, ["red"], {}, 0) == want


def test_one_battle_three_against_one_best_dice():
    pos = {"Brazil": P("me", 3), "Peru": P("red", 1)}
    one = _p(1, 1)[0, 1]
    two_dice = _p(2, 1)[0, 1] + _p(2, 1)[1, 0] * one
    one_die = one + _p(1, 1)[1, 0] * one
    assert two_dice > one_die
    assert ko.best(pos, "me", 0, ["red"], {}, 0) == two_dice
    assert ko.best(pos, "me", 0, ["red"], {}, 0, dice="most") == two_dice


def test_reinforcements_are_placed():
    pos = {"Brazil": P("me", 1), "Peru": P("red", 1)}
    assert ko.best(pos, "me", 0, ["red"], {}, 0) == 0
    assert ko.best(pos, "me", 1, ["red"], {}, 0) == Fraction(15, 36)


def test_walls_and_through():
    pos = {"Brazil": P("me", 4), "North Africa": P("blue", 1), "Congo": P("red", 1)}
    assert ko.best(pos, "me", 0, ["red"], {}, 0) == 0                  # North Africa a wall
    assert ko.best(pos, "me", 0, ["red"], {}, 0, through=["North Africa"]) > 0


def test_most_dice_and_min_move():
    # North Africa 4 against Egypt 1 and Congo 1 (shared/reference section 1): the most dice must
    # move 3 in and leave 1 behind, so the second conquest is impossible.
    pos = {"North Africa": P("me", 4), "Egypt": P("red", 1), "Congo": P("red", 1)}
    assert ko.best(pos, "me", 0, ["red"], {}, 0, dice="most") == 0
    assert ko.best(pos, "me", 0, ["red"], {}, 0) > 0
    assert ko.best(pos, "me", 0, ["red"], {}, 0, dice="most", min_move="one") > 0


# ----------------------------------------------------------------------------- the trade
def test_second_kill_needs_the_trade():
    pos, cards = ko.brazil(4)
    red = ko.best(pos, "me", 0, ["red"], cards, 5)
    both = ko.best(pos, "me", 0, ["red", "green"], cards, 5)
    pos3, cards3 = ko.brazil(3)
    assert ko.best(pos3, "me", 0, ["red"], cards3, 5) == red        # the hand plays no part alone
    assert ko.best(pos3, "me", 0, ["red", "green"], cards3, 5) == 0   # 5 cards: no trade
    assert 0 < both < red
    assert ko.best(pos, "me", 0, ["red", "green"], cards, 5, set_values=[0]) == 0   # trade worth 0
    assert ko.best(pos, "me", 0, ["red", "green"], cards, 5, set_values=[1]) < both
    # the shared/reference figures: killing red 73.60 %, both 73.58 %
    assert round(float(red), 4) == 0.7360 and round(float(both), 4) == 0.7358


def test_each_kill_in_the_trade_example():
    pos, cards = ko.brazil(4)
    got = ko.each_kill(pos, "me", 0, ["red", "green"], cards, 5)
    both = ko.best(pos, "me", 0, ["red", "green"], cards, 5)
    assert got["green"] == both          # green dies only after red, and then the turn is won
    assert got["red"] >= both
