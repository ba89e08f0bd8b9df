"""Holding through buffers (issue 42, item 1): the opponent may attack any territory of the holder,
move into what he takes and attack on from there; he breaks the set with his first conquest of a
territory in it. Held to the brute force written apart (hold_oracle.py, which attacks every
territory of the holder from every territory the opponent owns or took, and tries every move in).
"""
import random
from fractions import Fraction

import pytest

import hold_oracle as oracle
from enginehelpers import board_position
import riskodds as ro
import riskodds.interfaces.api as api
from riskodds.facts import board

ME, THEM, OTHER = "you", "red", "green"

AUSTRALIA = ("Indonesia", "New Guinea", "Western Australia", "Eastern Australia")


def position(mine, theirs, others=None):
    return board_position(mine, theirs, others, ME, THEM, OTHER)


def check_against_the_oracle(p, hold, R, R2, fortify="adjacent", dice="choose", min_move="dice"):
    """The engine's hold equals the brute force; the placement, fortify and reply it gives are worth
    what it says; every rule of thumb is priced exactly."""
    o = oracle.Oracle(p, ME, hold, THEM, R, R2, fortify, dice, min_move)
    h = ro.hold(p, ME, R, hold, THEM, R2, fortify=fortify, dice=dice, min_move=min_move)
    assert isinstance(h.hold, Fraction)
    assert h.hold == o.best()
    placement = dict(h.placement)
    assert sum(placement.values()) == R
    assert o.price(placement, h.fortify) == h.hold
    assert h.reply["win"] == 1 - h.hold
    if h.hold < 1:
        his = dict(h.reply["placement"])
        assert o.reply_to_placement(o.state_of(placement, h.fortify), his) == h.reply["win"]
    for t in h.rules_of_thumb:
        assert o.price(dict(t["placement"]), t["fortify"]) == t["hold"] <= h.hold
    return h, o


def test_australia_held_from_siam_is_not_safe_through_siam():
    """The issue's first position: Australia (Indonesia 2, the others 1) and Siam 2 against China
    12 + 5, 3 to place. China borders no territory of Australia, yet through Siam he breaks it
    almost always (the issue's brute force: 2.96 %, best with 3 on Indonesia)."""
    mine = {"Indonesia": 2, "New Guinea": 1, "Western Australia": 1, "Eastern Australia": 1, "Siam": 2}
    h, o = check_against_the_oracle(position(mine, {"China": 12}), "Australia", 3, 5)
    assert h.hold < 1 and f"{100 * float(h.hold):.2f}" == "2.96"
    assert dict(h.placement) == {"Siam": 0, "Indonesia": 3}
    assert h.through == ("Siam",)
    assert any("through Siam" in w for w in h.words)
    assert h.reply["next"]["attack"]["to"] == "Siam"


def test_the_best_split_between_the_buffer_and_the_set():
    """The issue's second position: Australia 1 each and Siam 1 against China 6 + 2, 4 to place:
    3 on Indonesia and 1 on Siam (45.96 %) beat all on Siam (38.87 %) and all on Indonesia
    (43.25 %), each priced by the brute force."""
    mine = {"Indonesia": 1, "New Guinea": 1, "Western Australia": 1, "Eastern Australia": 1, "Siam": 1}
    h, o = check_against_the_oracle(position(mine, {"China": 6}), "Australia", 4, 2)
    assert dict(h.placement) == {"Siam": 1, "Indonesia": 3}
    shown = {k: f"{100 * float(o.price(v)):.2f}" for k, v in
             {"best": {"Siam": 1, "Indonesia": 3}, "siam": {"Siam": 4}, "indonesia": {"Indonesia": 4}}.items()}
    assert shown == {"best": "45.96", "siam": "38.87", "indonesia": "43.25"}
    assert o.price({"Siam": 4}) < h.hold and o.price({"Indonesia": 4}) < h.hold


# (mine, theirs, others, hold, R, R2, fortify, dice, min_move)
CASES = [
    # a chain of two buffers: Siam, then Indonesia, before Australia's south
    ({"Siam": 1, "Indonesia": 1, "Western Australia": 1, "Eastern Australia": 1, "New Guinea": 1}, {"China": 5}, {},
     ["Western Australia"], 1, 1, "adjacent", "choose", "dice"),
    # a stack next to both the set and a buffer
    ({"Indonesia": 1, "Siam": 1, "New Guinea": 2}, {"China": 4, "India": 3}, {}, ["Indonesia"], 1, 1, "adjacent",
     "choose", "dice"),
    # the move-in rule "one" and the most dice, through a buffer
    ({"Siam": 2, "Indonesia": 1}, {"China": 5}, {}, ["Indonesia"], 1, 1, "none", "most", "one"),
    ({"Siam": 1, "Indonesia": 1}, {"China": 5}, {}, ["Indonesia"], 2, 1, "adjacent", "choose", "one"),
    # a third player's territory is a wall: India is green, so China reaches Siam only
    ({"Siam": 1, "Indonesia": 2}, {"China": 4}, {"India": 3}, ["Indonesia"], 1, 2, "adjacent", "choose", "dice"),
    # a dead end of the holder next to him (Mongolia) is no way in; Siam is
    ({"Siam": 1, "Indonesia": 1, "Mongolia": 2}, {"China": 5}, {}, ["Indonesia"], 1, 1, "adjacent", "choose", "dice"),
    # two parts: one through a buffer, one direct
    ({"Venezuela": 1, "Central America": 1, "Brazil": 1}, {"Western United States": 4, "North Africa": 3}, {},
     ["Venezuela", "Brazil"], 1, 2, "adjacent", "choose", "dice"),
]


def random_cases(count, seed):
    """Small random positions with a buffer: a set of 1-2 territories, a territory of the holder
    next to it, the opponent next to that one (and maybe next to the set too)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        hold = [rng.choice(board.TERRITORIES)]
        if rng.random() < 0.4:
            hold.append(rng.choice(sorted(set(board.NEIGHBOURS[hold[0]]))))
        near = sorted({n for t in hold for n in board.NEIGHBOURS[t]} - set(hold))
        buffer = rng.choice(near)
        outside = sorted(set(board.NEIGHBOURS[buffer]) - set(hold) - {buffer})
        if not outside:
            continue
        theirs = {rng.choice(outside): rng.randint(3, 6)}
        if rng.random() < 0.3:
            extra = sorted(set(near) - {buffer} - set(theirs))
            if extra:
                theirs[rng.choice(extra)] = rng.randint(2, 3)
        mine = {t: rng.randint(1, 2) for t in hold}
        mine[buffer] = rng.randint(1, 2)
        if sum(mine.values()) + sum(theirs.values()) > 11:
            continue
        out.append((mine, theirs, {}, hold, rng.randint(0, 2), rng.randint(0, 2), rng.choice(["adjacent", "none"]),
                    rng.choice(["choose", "choose", "most"]), rng.choice(["dice", "dice", "one"])))
    return out


ALL = CASES + random_cases(10, 42)


@pytest.mark.parametrize("case", ALL, ids=[f"case{i}" for i in range(len(ALL))])
def test_hold_through_buffers_equals_the_brute_force(case):
    mine, theirs, others, hold, R, R2, fortify, dice, min_move = case
    check_against_the_oracle(position(mine, theirs, others), hold, R, R2, fortify, dice, min_move)


def test_the_ways_in_are_the_buffers_and_only_they():
    """Siam leads from China into Indonesia; Mongolia borders China but leads nowhere; India is a
    third player's, a wall."""
    p = position({"Siam": 1, "Indonesia": 1, "Mongolia": 2}, {"China": 5}, {"India": 3})
    h = ro.hold(p, ME, 1, ["Indonesia"], THEM, 1)
    assert h.through == ("Siam",)
    assert set(h.front) == {"Siam", "Indonesia"}
    r = api.handle("hold", {"position": p, "player": ME, "reinforcements": 1, "hold": ["Indonesia"],
                            "opponent": THEM, "opponent_reinforcements": 1})
    assert r["ok"] and r["through"] == ["Siam"] and r["front"] == list(h.front)


def test_a_set_out_of_reach_through_walls_holds_for_sure():
    """Only a third player's territory stands between him and the set: he cannot come in."""
    p = position({"Indonesia": 1}, {"China": 9}, {"Siam": 1})
    h = ro.hold(p, ME, 0, ["Indonesia"], THEM, 3)
    assert h.hold == 1 and h.through == ()
    assert oracle.Oracle(p, ME, ["Indonesia"], THEM, 0, 3).best() == 1
