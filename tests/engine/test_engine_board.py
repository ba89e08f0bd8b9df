"""The classic board as the engine holds it (facts/board.py), checked for what public lists get
wrong: exactly 83 two-way links, 14 of them between continents, every link both ways, the sea
crossings, and names (printed, other names, misspellings)."""
from collections import Counter

import pytest

import riskodds as ro
from riskodds.checks.position import territory
from riskodds.facts import board


def test_42_territories_in_6_continents_with_their_bonuses():
    assert len(board.TERRITORIES) == len(set(board.TERRITORIES)) == 42
    sizes = {name: len(members) for name, _, members in board.CONTINENTS}
    assert sizes == {"North America": 9, "South America": 4, "Europe": 7, "Africa": 6, "Asia": 12, "Australia": 4}
    assert board.BONUS == {"North America": 5, "South America": 2, "Europe": 5, "Africa": 3, "Asia": 7,
                           "Australia": 2}


def test_83_links_every_one_both_ways():
    pairs = [frozenset((a, b)) for a, b, _ in board.LINKS]
    assert len(pairs) == len(set(pairs)) == 83
    assert all(len(p) == 2 for p in pairs)
    degree = Counter(t for p in pairs for t in p)
    assert sum(len(n) for n in board.NEIGHBOURS.values()) == 2 * 83 == sum(degree.values())
    for t, near in board.NEIGHBOURS.items():
        for n in near:
            assert t in board.NEIGHBOURS[n], (t, n)
            assert frozenset((t, n)) in board.LINK_KIND


def test_14_links_between_continents():
    between = {frozenset((a, b)) for a, b, _ in board.LINKS if board.CONTINENT_OF[a] != board.CONTINENT_OF[b]}
    assert len(between) == 14
    for a, b in [("Alaska", "Kamchatka"), ("Greenland", "Iceland"), ("Central America", "Venezuela"),
                 ("Brazil", "North Africa"), ("Western Europe", "North Africa"), ("Southern Europe", "North Africa"),
                 ("Southern Europe", "Egypt"), ("Southern Europe", "Middle East"), ("Ukraine", "Ural"),
                 ("Ukraine", "Afghanistan"), ("Ukraine", "Middle East"), ("Egypt", "Middle East"),
                 ("East Africa", "Middle East"), ("Siam", "Indonesia")]:
        assert frozenset((a, b)) in between, (a, b)


def test_the_links_public_lists_get_wrong():
    """East Africa - Middle East is on the board (the 40th Anniversary edition dropped it by a
    printing error); the one-way links some programs add are not."""
    assert "Middle East" in board.NEIGHBOURS["East Africa"]
    assert "Alberta" not in board.NEIGHBOURS["Eastern United States"]
    assert "Northwest Territory" not in board.NEIGHBOURS["Quebec"]
    assert "South Africa" in board.NEIGHBOURS["East Africa"]


def test_sea_crossings():
    sea = {frozenset((a, b)) for a, b, kind in board.LINKS if kind == "sea"}
    for a, b in [("Alaska", "Kamchatka"), ("Greenland", "Iceland"), ("Brazil", "North Africa"), ("Siam", "Indonesia"),
                 ("Kamchatka", "Japan"), ("East Africa", "Madagascar"), ("Iceland", "Great Britain"),
                 ("Indonesia", "New Guinea"), ("Southern Europe", "Egypt")]:
        assert frozenset((a, b)) in sea, (a, b)
    for a, b in [("Central America", "Venezuela"), ("Egypt", "Middle East"), ("Ukraine", "Ural"),
                 ("Western Australia", "Eastern Australia"), ("Alaska", "Alberta")]:
        assert frozenset((a, b)) not in sea, (a, b)
    assert {kind for _, _, kind in board.LINKS} == {"land", "sea"}


def test_the_board_is_one_piece_and_continents_have_their_known_borders():
    seen, todo = set(), ["Brazil"]
    while todo:
        t = todo.pop()
        if t not in seen:
            seen.add(t)
            todo += board.NEIGHBOURS[t]
    assert seen == set(board.TERRITORIES)
    counts = {c: len(board.borders(m)) for c, m in board.MEMBERS.items()}
    assert counts == {"North America": 3, "South America": 2, "Europe": 4, "Africa": 3, "Asia": 5, "Australia": 1}


@pytest.mark.parametrize("typed, name", [("Central Canada", "Ontario"), ("Eastern Canada", "Quebec"),
                                         ("Central Africa", "Congo"), ("Russia", "Ukraine"), ("Southeast Asia", "Siam"),
                                         ("Eastern US", "Eastern United States"), ("western u.s.", "Western United States"),
                                         ("NEW GUINEA", "New Guinea"), ("  kamchatka ", "Kamchatka")])
def test_other_names_are_read(typed, name):
    assert territory(typed, "position") == name


def test_a_misspelling_gets_the_closest_name():
    with pytest.raises(ro.FieldError, match="did you mean 'Kamchatka'") as e:
        territory("Kamchatca", "position")
    assert e.value.field == "position"
    with pytest.raises(ro.FieldError, match="not a territory"):
        territory("Atlantis", "goal")


def test_describe_publishes_the_board():
    published = ro.describe()["board"]
    assert len(published["links"]) == 83 and len(published["continents"]) == 6
    assert {c["name"]: c["bonus"] for c in published["continents"]} == board.BONUS
    assert published["card_sets"]["growing"][:8] == [4, 6, 8, 10, 12, 15, 20, 25]
    assert ro.describe()["move_field"]["defaults"] == {"plan": "one", "turn": "dice"}
