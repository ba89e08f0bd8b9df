"""The classic board, defined once: 42 territories, 6 continents and their bonuses, 83 links.

Names are as printed on the board (1993 and later editions). The links are the two-way borders
of the printed map (shared/reference, section 11); public lists disagree on a few (one drops East
Africa - Middle East, others add one-way links), so tests hold this list to exactly 83 links,
14 of them between continents, every one both ways. A link is "sea" where the printed map draws
it across water (a dotted line or a strait) rather than along a shared land border; both kinds
are borders alike for attacks, the map draws them differently.

The turn rules that depend on the board: reinforcements at the start of a turn are the
territories held divided by 3 (fractions dropped, at least 3), plus the bonus of every continent
held whole, plus the armies of a card set traded in (growing sets 4, 6, 8, 10, 12, 15, then 5
more each; or the fixed-value variant).
"""
import re
import unicodedata

CONTINENTS = (
    ("North America", 5, ("Alaska", "Northwest Territory", "Greenland", "Alberta", "Ontario", "Quebec",
                          "Western United States", "Eastern United States", "Central America")),
    ("South America", 2, ("Venezuela", "Peru", "Brazil", "Argentina")),
    ("Europe", 5, ("Iceland", "Scandinavia", "Great Britain", "Northern Europe", "Western Europe",
                   "Southern Europe", "Ukraine")),
    ("Africa", 3, ("North Africa", "Egypt", "East Africa", "Congo", "South Africa", "Madagascar")),
    ("Asia", 7, ("Ural", "Siberia", "Yakutsk", "Kamchatka", "Irkutsk", "Mongolia", "Japan", "Afghanistan",
                 "China", "Middle East", "India", "Siam")),
    ("Australia", 2, ("Indonesia", "New Guinea", "Western Australia", "Eastern Australia")),
)

# (territory, territory, "land" | "sea"), grouped by the continent of the first name
LINKS = (
    # North America
    ("Alaska", "Northwest Territory", "land"), ("Alaska", "Alberta", "land"), ("Alaska", "Kamchatka", "sea"),
    ("Northwest Territory", "Alberta", "land"), ("Northwest Territory", "Ontario", "land"),
    ("Northwest Territory", "Greenland", "sea"), ("Alberta", "Ontario", "land"),
    ("Alberta", "Western United States", "land"), ("Ontario", "Greenland", "sea"), ("Ontario", "Quebec", "land"),
    ("Ontario", "Western United States", "land"), ("Ontario", "Eastern United States", "land"),
    ("Quebec", "Greenland", "sea"), ("Quebec", "Eastern United States", "land"),
    ("Western United States", "Eastern United States", "land"), ("Western United States", "Central America", "land"),
    ("Eastern United States", "Central America", "land"), ("Central America", "Venezuela", "land"),
    ("Greenland", "Iceland", "sea"),
    # South America
    ("Venezuela", "Peru", "land"), ("Venezuela", "Brazil", "land"), ("Peru", "Brazil", "land"),
    ("Peru", "Argentina", "land"), ("Brazil", "Argentina", "land"), ("Brazil", "North Africa", "sea"),
    # Europe
    ("Iceland", "Great Britain", "sea"), ("Iceland", "Scandinavia", "sea"), ("Great Britain", "Scandinavia", "sea"),
    ("Great Britain", "Northern Europe", "sea"), ("Great Britain", "Western Europe", "sea"),
    ("Scandinavia", "Northern Europe", "sea"), ("Scandinavia", "Ukraine", "land"),
    ("Northern Europe", "Western Europe", "land"), ("Northern Europe", "Southern Europe", "land"),
    ("Northern Europe", "Ukraine", "land"), ("Western Europe", "Southern Europe", "land"),
    ("Western Europe", "North Africa", "sea"), ("Southern Europe", "Ukraine", "land"),
    ("Southern Europe", "North Africa", "sea"), ("Southern Europe", "Egypt", "sea"),
    ("Southern Europe", "Middle East", "land"), ("Ukraine", "Ural", "land"), ("Ukraine", "Afghanistan", "land"),
    ("Ukraine", "Middle East", "land"),
    # Africa
    ("North Africa", "Egypt", "land"), ("North Africa", "East Africa", "land"), ("North Africa", "Congo", "land"),
    ("Egypt", "East Africa", "land"), ("Egypt", "Middle East", "land"), ("East Africa", "Congo", "land"),
    ("East Africa", "South Africa", "land"), ("East Africa", "Madagascar", "sea"),
    ("East Africa", "Middle East", "sea"), ("Congo", "South Africa", "land"), ("South Africa", "Madagascar", "sea"),
    # Asia
    ("Ural", "Siberia", "land"), ("Ural", "China", "land"), ("Ural", "Afghanistan", "land"),
    ("Siberia", "Yakutsk", "land"), ("Siberia", "Irkutsk", "land"), ("Siberia", "Mongolia", "land"),
    ("Siberia", "China", "land"), ("Yakutsk", "Kamchatka", "land"), ("Yakutsk", "Irkutsk", "land"),
    ("Kamchatka", "Irkutsk", "land"), ("Kamchatka", "Mongolia", "land"), ("Kamchatka", "Japan", "sea"),
    ("Irkutsk", "Mongolia", "land"), ("Mongolia", "Japan", "sea"), ("Mongolia", "China", "land"),
    ("Afghanistan", "China", "land"), ("Afghanistan", "India", "land"), ("Afghanistan", "Middle East", "land"),
    ("China", "India", "land"), ("China", "Siam", "land"), ("Middle East", "India", "land"),
    ("India", "Siam", "land"), ("Siam", "Indonesia", "sea"),
    # Australia
    ("Indonesia", "New Guinea", "sea"), ("Indonesia", "Western Australia", "sea"),
    ("New Guinea", "Western Australia", "sea"), ("New Guinea", "Eastern Australia", "sea"),
    ("Western Australia", "Eastern Australia", "land"),
)

# other names in common use -> the printed name
OTHER_NAMES = {
    "Central Canada": "Ontario", "Eastern Canada": "Quebec", "Central Africa": "Congo", "Russia": "Ukraine",
    "Southeast Asia": "Siam", "South East Asia": "Siam", "Eastern US": "Eastern United States",
    "Western US": "Western United States", "East US": "Eastern United States",
    "West US": "Western United States", "Northwest Territories": "Northwest Territory",
}

# card sets: the growing sets' first values (then GROWING_STEP more each), and the fixed-value variant
GROWING_SETS = (4, 6, 8, 10, 12, 15)
GROWING_STEP = 5
FIXED_SETS = (("three artillery", 4), ("three infantry", 6), ("three cavalry", 8), ("one of each", 10))
MIN_REINFORCEMENTS = 3
TERRITORIES_PER_ARMY = 3

TERRITORIES = tuple(t for _, _, names in CONTINENTS for t in names)
CONTINENT_OF = {t: name for name, _, names in CONTINENTS for t in names}
BONUS = {name: bonus for name, bonus, _ in CONTINENTS}
MEMBERS = {name: names for name, _, names in CONTINENTS}


def _neighbours():
    out = {t: set() for t in TERRITORIES}
    for a, b, _ in LINKS:
        out[a].add(b)
        out[b].add(a)
    return {t: tuple(sorted(n, key=TERRITORIES.index)) for t, n in out.items()}


NEIGHBOURS = _neighbours()      # territory -> its neighbours, in board order
LINK_KIND = {frozenset((a, b)): kind for a, b, kind in LINKS}


def folded(name):
    """A name folded for matching: lower case, letters only ('Western U.S.' -> 'westernus')."""
    text = unicodedata.normalize("NFKD", name).casefold()
    return re.sub(r"[^a-z]", "", text)


_BY_FOLDED = {folded(t): t for t in TERRITORIES}
_BY_FOLDED.update({folded(other): t for other, t in OTHER_NAMES.items()})
_CONTINENT_BY_FOLDED = {folded(c): c for c in MEMBERS}


# a name as written: words of ASCII letters, or initials with their dots ("U.S."), between spaces
PLAIN = re.compile(r"(?:[A-Za-z]+|(?:[A-Za-z]\.)+)(?: +(?:[A-Za-z]+|(?:[A-Za-z]\.)+))*")
SPACE = " \t\r\n"


def plain(text):
    """Is `text` written as a name is printed: words of ASCII letters, or initials with their dots
    ("Western U.S."), between spaces (any case, spaces around)? Not "Indonesia!", a control or
    zero-width character, full-width or accented letters."""
    return isinstance(text, str) and PLAIN.fullmatch(text.strip(SPACE)) is not None


def name_of(text):
    """The printed name of the territory `text` names (printed or a common other name, any case,
    spaces and punctuation ignored), or None. Loose: 'Indonesia!' names Indonesia; `written_name`
    reads only what is written as the board prints it."""
    return _BY_FOLDED.get(folded(text)) if isinstance(text, str) else None


def continent_named(text):
    """The printed name of the continent `text` names (loose, as name_of), or None."""
    return _CONTINENT_BY_FOLDED.get(folded(text)) if isinstance(text, str) else None


def written_name(text):
    """The printed name of the territory `text` names when it is written in letters and spaces
    (`plain`: any case, initials' dots), else None."""
    return name_of(text) if plain(text) else None


def written_continent(text):
    """The printed name of the continent `text` names when it is written in letters and spaces."""
    return continent_named(text) if plain(text) else None


def growing_set(n):
    """Armies of the n-th card set traded in the game (n = 1, 2, ...) under growing sets."""
    if n <= len(GROWING_SETS):
        return GROWING_SETS[n - 1]
    return GROWING_SETS[-1] + GROWING_STEP * (n - len(GROWING_SETS))


def set_value(n, set_values="growing"):
    """Armies of the n-th card set traded in the game (n = 1, 2, ...): growing sets ("growing"), or a
    list of the sets' values in order, the last repeating past its end (a fixed value: [10])."""
    if set_values == "growing":
        return growing_set(n)
    return set_values[min(n, len(set_values)) - 1]


# The forced trade at a kill (the printed rules, 1993 and later): the conqueror takes the victim's
# cards; holding 6 or more, he must trade sets at once until he holds 4 or fewer. Any 5 cards hold a
# set (three alike or one of each, a wild counting as any), so the sets follow from the count alone:
# t sets, the least with hand - 3t <= 4, which is (hand - 2) // 3 for a hand of 6 or more (6 or 7
# cards: one set; 8 to 10: two; 11 to 13: three).
MUST_TRADE_AT = 6
HAND_AFTER_TRADE = 4
DECK_CARDS = 44             # 42 territory cards and 2 wild cards: no player holds more
MOST_HAND_ATTACKING = 5     # the attacker's hand mid-turn: 4 at most after the start-of-turn trade, 5 after a kill
MOST_SETS_TRADED = 200      # sets traded in one game that a request may give


def forced_trade(hand, sets_traded, set_values="growing"):
    """(armies cashed, hand after, sets traded after) when a kill leaves the conqueror `hand` cards,
    `sets_traded` sets having been traded in the game before."""
    if hand < MUST_TRADE_AT:
        return 0, hand, sets_traded
    t = (hand - HAND_AFTER_TRADE + 2) // 3
    armies = sum(set_value(sets_traded + i, set_values) for i in range(1, t + 1))
    return armies, hand - 3 * t, sets_traded + t


def borders(territories):
    """The territories of a set that border a territory outside it, in board order: where a
    holder of the set can be attacked from outside."""
    inside = set(territories)
    return tuple(t for t in TERRITORIES if t in inside and any(n not in inside for n in NEIGHBOURS[t]))


def published():
    """The board as JSON-able data for describe()."""
    return {"continents": [{"name": name, "bonus": bonus, "territories": list(names),
                            "borders": list(borders(names))} for name, bonus, names in CONTINENTS],
            "links": [[a, b, kind] for a, b, kind in LINKS],
            "other_names": dict(OTHER_NAMES),
            "card_sets": {"growing": [growing_set(n) for n in range(1, 11)], "growing_step": GROWING_STEP,
                          "fixed": [list(s) for s in FIXED_SETS], "most_hand": MOST_HAND_ATTACKING,
                          "deck": DECK_CARDS, "most_sets_traded": MOST_SETS_TRADED},
            "min_reinforcements": MIN_REINFORCEMENTS, "territories_per_army": TERRITORIES_PER_ARMY}
