"""Part 2's section "Holding a continent" (issue 34 part 4). Its numbers are tied to a fresh answer of
the engine's JSON op "hold" by test_article_build (recipes.py: the positions restated there, not read
from the build); here the section's place, the positions and placements its sentences tell, and its
claims are checked against that fresh answer, and the best chance of the small positions against
the brute force of tests/engine/hold_oracle.py (every placement, fortify move and reply, Fractions)."""
import re
from fractions import Fraction

import pytest
from recipes import HOLD_THUMBS, HOLDS, evaluate, hold_answer, hold_position   # (first: tests/engine on the path)

import hold_oracle
from riskodds.facts import board
from articletext import section, text

PART2 = "article/classic-questions/index.html"
HOLDING = "holding-a-continent"
SWEEP = [f"south-america-{ca}-{10 - ca}" for ca in range(5, 10)]


@pytest.fixture(scope="module")
def part2(built_site):
    return (built_site / PART2).read_text()


@pytest.fixture(scope="module")
def sec(part2):
    return section(part2, HOLDING)


@pytest.fixture(scope="module")
def words(sec):
    return text(sec)


def _said(words, pattern):
    m = re.search(pattern, words)
    assert m, pattern
    return m.groups()


def _placed(name):
    """[(territory, new armies)] of the fresh answer, where some go."""
    return [(p["territory"], p["armies"]) for p in hold_answer(name)["placement"] if p["armies"]]


def _listing(pairs):
    parts = [f"{a} on {t}" for t, a in pairs]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _thumbs(name):
    """{rule name: (P(hold), [new armies per front territory])} of the fresh answer."""
    return {t["name"]: (Fraction(int(t["hold"]["num"]), int(t["hold"]["den"])), [p["armies"] for p in t["placement"]])
            for t in hold_answer(name)["rules_of_thumb"]}


def test_the_section_comes_after_taking_a_continent_with_its_six_parts(part2):
    ids = re.findall(r'<h[23] id="([^"]+)"', part2)
    ids = [i for i in ids if not i.startswith("calc-")]
    at = ids.index(HOLDING)
    assert ids.index("taking-a-continent") < at < ids.index("downloads")
    assert ids[at - 1] == "how-many-armies-does-a-continent-take"        # after that section's last part
    assert ids[at + 1:at + 7] == ["one-door", "two-doors", "many-doors", "when-spreading-pays", "one-step-out",
                                  "take-it-and-keep-it"]
    assert ids[at + 7] == "the-kill-turn"                                  # then the kill turn (issue 43)
    assert ids[at + 8:at + 11] == ["when-a-kill-pays", "stopping-his-kill", "downloads"]


def test_it_asks_the_forums_questions_and_cites_as_the_issue_does(words):
    for q in ("Is it 17-1-1-1 or 14-2-2-2?", "Two on each border and the rest on the front?", "Everything on the door?"):
        assert q in words
    assert "Warzone's bot, for one, scores a bonus as its value times three minus the armies it must kill" in words
    assert ('Glass and Neller\'s "Optimal defensive strategies in one-dimensional Risk" (Mathematics Magazine 88(3), '
            '2015)') in words


def test_the_model_is_said_once_plainly(words):
    for s in ("You place your new armies.", "Then you may make one fortify move",
              "plays his best turn, roll by roll", "He breaks the continent by taking any one territory of it."):
        assert s in words
    assert words.count("He breaks the continent") == 1


def test_every_number_of_the_section_is_marked_and_a_fresh_holds(sec):
    keys = re.findall(r'data-computed="(hold/[^"]+)"', sec)
    names = {k.split("/")[1] for k in keys}
    assert names == set(HOLDS)                                           # every position told has a number
    for name in ("australia", "south-america-6-4", "europe", *SWEEP):    # the tables: the best and each rule
        for k in ["best"] + [f"thumb/{i}" for i in (1, 2, 3)]:
            assert f"hold/{name}/{k}" in keys, (name, k)
    for key in set(keys):
        p = key.split("/")
        a = hold_answer(p[1])
        best = Fraction(int(a["hold"]["num"]), int(a["hold"]["den"]))
        if p[2] == "best":
            assert evaluate(key) == best
        else:
            t = _thumbs(p[1])[HOLD_THUMBS[int(p[3]) - 1]][0]
            assert evaluate(key) == (t if p[2] == "thumb" else 100 * (best - t))


def test_the_best_chance_is_the_brute_forces_where_it_is_small():
    """hold_oracle (every placement of yours on any territory, every fortify move, every placement and
    policy of his): the fresh answer's chance is the best, and the placement it gives reaches it."""
    for name in ("australia", "australia-17", "australia-14", "south-america-6-4"):
        mine, theirs, R, R2, continent = HOLDS[name]
        oracle = hold_oracle.Oracle(hold_position(name), "you", continent, "red", R, R2)
        a = hold_answer(name)
        best = Fraction(int(a["hold"]["num"]), int(a["hold"]["den"]))
        assert oracle.best() == best == evaluate(f"hold/{name}/best"), name
        placement = {p["territory"]: p["armies"] for p in a["placement"]}
        assert oracle.price(placement, a["fortify"]) == best, name


def test_one_door(words):
    mine, theirs, R, R2, _ = HOLDS["australia"]
    assert mine == dict.fromkeys(mine, 1) and list(theirs) == ["Siam"]
    assert (f"Say you hold Australia with 1 army on each territory and have {R} new armies. He holds Siam with "
            f"{theirs['Siam']} and will get {R2}.") in words
    assert _placed("australia") == [("Indonesia", R)]
    assert f"Put all {R} on Indonesia and Australia survives his turn" in words
    reply = hold_answer("australia")["reply"]
    assert [(p["territory"], p["armies"]) for p in reply["placement"] if p["armies"]] == [("Siam", R2)]
    assert f"He puts his {R2} on Siam and attacks with {reply['next']['attack']['dice']} dice." in words
    # "every rule of thumb says the same": each ties the best
    assert all(h == evaluate("hold/australia/best") for h, _ in _thumbs("australia").values())
    assert "every rule of thumb says the same" in words


def test_seventeen_on_the_door_beats_fourteen_with_twos_inside(words):
    m17, m14 = HOLDS["australia-17"][0], HOLDS["australia-14"][0]
    assert sum(m17.values()) == sum(m14.values()) == 20
    assert sorted(m17.values()) == [1, 1, 1, 17] and sorted(m14.values()) == [2, 2, 2, 14]
    assert m17["Indonesia"] == 17 and m14["Indonesia"] == 14
    assert evaluate("hold/australia-17/best") > evaluate("hold/australia-14/best")
    f = hold_answer("australia-14")["fortify"]
    assert f"even after the best fortify move, {f['armies']} from {f['from']} to {f['to']}." in words
    assert f["to"] == "Indonesia"
    assert hold_answer("australia-17")["fortify"] is None


def test_two_doors(words):
    name = "south-america-6-4"
    mine, theirs, R, R2, _ = HOLDS[name]
    assert mine == {"Venezuela": 2, "Brazil": 2, "Peru": 1, "Argentina": 1}
    assert ("Say you hold South America with 2 armies on Venezuela and on Brazil and 1 on Peru and on Argentina, "
            f"and have {R} new armies. He has {theirs['Central America']} on Central America and "
            f"{theirs['North Africa']} on North Africa, and will get {R2}.") in words
    placed = _placed(name)
    assert f"The best placement puts {_listing(placed)}. South America then survives his turn" in words
    reply = hold_answer(name)["reply"]
    his = [(p["territory"], p["armies"]) for p in reply["placement"] if p["armies"]]
    assert f"His best reply puts {_listing(his)} and attacks {reply['next']['attack']['to']}." in words
    # the doors after placing, against the most that can reach each
    after = {t: mine[t] + a for t, a in placed}
    reach = {"Venezuela": theirs["Central America"] + R2, "Brazil": theirs["North Africa"] + R2}
    assert (f"Venezuela's {after['Venezuela']} face at most {reach['Venezuela']}, and Brazil's {after['Brazil']} "
            f"face at most {reach['Brazil']}.") in words
    # each rule does worse, with the placements told
    thumbs = _thumbs(name)
    best = evaluate(f"hold/{name}/best")
    assert all(h < best for h, _ in thumbs.values())
    assert "Each rule of thumb does worse." in words
    assert thumbs[HOLD_THUMBS[0]][1] == [R, 0]                        # Venezuela is the most threatened
    assert f"All {R} on Venezuela, the most threatened door, holds" in words
    v, b = thumbs[HOLD_THUMBS[1]][1]
    assert f"The even split, {v} on Venezuela and {b} on Brazil, holds" in words
    v, b = thumbs[HOLD_THUMBS[2]][1]
    assert f"Two on each door and the rest on the most threatened, {v} on Venezuela and {b} on Brazil, holds" in words


def test_many_doors(words):
    mine, theirs, R, R2, _ = HOLDS["europe"]
    assert mine["Western Europe"] == mine["Southern Europe"] == mine["Ukraine"] == 3
    assert {t: a for t, a in mine.items() if t not in ("Western Europe", "Southern Europe", "Ukraine")} == dict.fromkeys(
        ["Iceland", "Great Britain", "Scandinavia", "Northern Europe"], 1)
    assert (f"He has {theirs['North Africa']} on North Africa, {theirs['Middle East']} on Middle East and "
            f"{theirs['Ural']} on Ural, and will get {R2}.") in words
    a = hold_answer("europe")
    assert "Iceland" not in a["front"]
    placed = _placed("europe")
    even = _thumbs("europe")[HOLD_THUMBS[1]]
    assert [p["armies"] for p in a["placement"]] == even[1] and even[0] == evaluate("hold/europe/best")
    assert f"The best placement puts {_listing(placed)}, the even split, and Europe survives his turn" in words
    his = [(p["territory"], p["armies"]) for p in a["reply"]["placement"] if p["armies"]]
    at = a["reply"]["next"]["attack"]
    assert his == [("Middle East", R2)]
    links = {frozenset((x, y)) for x, y, _ in board.LINKS}
    assert all(frozenset(("Middle East", t)) in links for t in ("Southern Europe", "Ukraine"))
    assert not any(frozenset(("Iceland", t)) in links for t in theirs)          # "Iceland faces no stack of his"
    assert f"His best reply puts {_listing(his)}, which borders both Southern Europe and Ukraine." in words
    assert f"He opens with {at['from']} against {at['to']}, with {at['dice']} dice." in words
    top = _thumbs("europe")[HOLD_THUMBS[0]][1]
    assert top[a["front"].index("Southern Europe")] == R
    assert f"All {R} on Southern Europe, the most threatened door, holds only" in words


def test_spreading_is_not_always_even(words):
    mine, theirs, R, R2, _ = HOLDS["europe-ural"]
    assert mine == HOLDS["europe"][0]
    assert f"Move his armies to {theirs['North Africa']} on North Africa and {theirs['Ural']} on Ural, and give you {R} new ones." in words
    a = hold_answer("europe-ural")
    placed = _placed("europe-ural")
    bare = [p["territory"] for p in a["placement"] if not p["armies"]]
    assert bare == ["Ukraine"]
    assert f"The best placement now puts {_listing(placed)}, and nothing on Ukraine." in words
    best = evaluate("hold/europe-ural/best")
    assert all(h < best for h, _ in _thumbs("europe-ural").values())


def test_when_spreading_pays(words, sec):
    """The sweep: the best holds between its least and most; the even split ties exactly where his
    stacks are equal, 2 on each exactly in the row told, all on the most threatened never, and each
    rule is the best in at most one row."""
    bests = {n: evaluate(f"hold/{n}/best") for n in SWEEP}
    lo, hi = min(bests, key=bests.get), max(bests, key=bests.get)
    assert re.search(rf'data-computed="hold/{lo}/best".*data-computed="hold/{hi}/best"', sec, re.S)
    assert "holds between" in words and "in every row" in words
    ties = {n: [r for r, (h, _) in _thumbs(n).items() if h == bests[n]] for n in SWEEP}
    assert [n for n in SWEEP if HOLD_THUMBS[1] in ties[n]] == ["south-america-5-5"]
    (two,) = [n for n in SWEEP if HOLD_THUMBS[2] in ties[n]]
    ca, na = HOLDS[two][1]["Central America"], HOLDS[two][1]["North Africa"]
    assert "With his stacks equal, 5 and 5, the even split is as good as the best." in words
    assert f"With {ca} and {na}, two on each door and the rest on the most threatened is. In between, no rule is." in words
    assert all(n in ("south-america-5-5", two) or not ties[n] for n in SWEEP)
    assert not any(HOLD_THUMBS[0] in t for t in ties.values())
    assert "Putting everything on the most threatened door is never the best." in words


def test_the_tables_show_each_placement_of_a_fresh_answer(sec):
    for table_id, names in (("table-hold-continents", ("australia", "south-america-6-4", "europe")),
                            ("table-hold-sweep", SWEEP)):
        table = sec.split(f'id="{table_id}"', 1)[1].split("</figure>", 1)[0]
        rows = re.findall(r'<tr role="row"><th scope=row.*?</tr>', table, re.S)
        assert len(rows) == len(names)
        for row, name in zip(rows, names):
            a = hold_answer(name)
            shown = re.findall(r"<small>([\d-]+)</small>", row)
            want = ["-".join(str(p["armies"]) for p in a["placement"])]
            thumbs = {t["name"]: t for t in a["rules_of_thumb"]}
            want += ["-".join(str(p["armies"]) for p in thumbs[r]["placement"]) for r in HOLD_THUMBS]
            assert shown == want, name
            assert f'data-computed="hold/{name}/best"' in row
