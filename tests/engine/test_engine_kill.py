"""The kill turn (issue 43): a turn played to eliminate players, with the forced card trade at each
kill and the best placement of the armies it brings, against a brute force written apart
(kill_oracle.py: every placement, every policy, every placement of the cashed armies, Fractions over
full states), exactly.

Held to the oracle: `win` exactly; each victim's chance under the play given lies within the least
and the most over the plays that are best; the card arithmetic against the printed rules' own
counts; mid-turn, the move into a victim's last territory and the trade it brings. Then the JSON op,
the CLI and the refusals by name."""
import io
import json
from fractions import Fraction

import pytest

import kill_oracle as oracle
import riskodds.interfaces.api as api
from riskodds.answers.kill import kill
from riskodds.checks.validate import FieldError
from riskodds.facts import board
from riskodds.interfaces.cli import run as cli_run


def pos(**owners):
    """{territory: {"owner", "armies"}} from owner=["Brazil 6", ...] keywords."""
    out = {}
    for owner, items in owners.items():
        for item in items:
            name, _, armies = item.rpartition(" ")
            out[name] = {"owner": owner, "armies": int(armies)}
    return out


BRAZIL = pos(you=["Brazil 6", "North Africa 1"], red=["Peru 1", "Argentina 2"], green=["Congo 2"])

# (position, R, victims, cards, sets_traded, set_values, through, dice, min_move)
CASES = [
    (BRAZIL, 0, ["red", "green"], {"you": 4, "red": 2}, 5, "growing", (), "choose", "dice"),
    (BRAZIL, 0, ["red", "green"], {"you": 3, "red": 2}, 5, "growing", (), "choose", "dice"),
    (BRAZIL, 0, ["red"], {"you": 4, "red": 2}, 5, "growing", (), "choose", "dice"),
    (BRAZIL, 2, ["red", "green"], {"you": 4, "red": 2}, 0, "growing", (), "choose", "dice"),
    # after red falls, the armies cashed may go to Brazil or Argentina (next to Peru) or North Africa
    # (next to Egypt): the placement at the kill decides the second kill
    (pos(you=["Brazil 4", "North Africa 1"], red=["Argentina 1"], green=["Peru 2", "Egypt 1"]), 0,
     ["red", "green"], {"you": 4, "red": 2}, 0, "growing", (), "choose", "dice"),
    (pos(you=["Brazil 4", "North Africa 1"], red=["Argentina 1"], green=["Peru 2", "Egypt 1"]), 0,
     ["red", "green"], {"you": 4, "red": 2}, 0, [2, 3], (), "most", "one"),
    # a wall and a way through it: blue's North Africa
    (pos(you=["Brazil 5"], blue=["North Africa 1"], red=["Egypt 1"]), 1, ["red"], {}, 0, "growing",
     ("North Africa",), "choose", "dice"),
    # the danger view: red's stack against your three territories
    (pos(red=["Ukraine 7"], you=["Scandinavia 1", "Northern Europe 2", "Southern Europe 1"]), 2, ["you"],
     {"red": 3, "you": 3}, 2, "growing", (), "choose", "dice"),
    (pos(you=["Siam 3", "India 1"], red=["Indonesia 1", "China 1"], green=["New Guinea 1"]), 1,
     ["red", "green"], {"you": 2, "red": 4}, 1, [10], (), "choose", "dice"),
]


def engine(case, player="you"):
    position, R, victims, cards, sets, values, through, dice, min_move = case
    player = "red" if "you" in victims else "you"
    return kill(position, player, R, {"eliminate": victims, "through": list(through)}, cards=cards,
                sets_traded=sets, set_values=values, dice=dice, min_move=min_move)


def truth(case):
    position, R, victims, cards, sets, values, through, dice, min_move = case
    player = "red" if "you" in victims else "you"
    return oracle.KillOracle(position, player, R, victims, cards, sets, values, through, dice, min_move)


@pytest.mark.parametrize("case", CASES, ids=range(len(CASES)))
def test_win_and_each_kill_equal_the_brute_force(case):
    got = engine(case)
    o = truth(case)
    assert got.win == o.best()
    ranges = o.best_kill_range()
    for victim, p in got.kills:
        low, high = ranges[victim]
        assert low <= p <= high, (victim, p, low, high)


@pytest.mark.parametrize("case", CASES[:5], ids=range(5))
def test_the_placement_given_is_worth_the_answer(case):
    """The placement the answer gives, played by the brute force with nothing left to place, is worth
    the answer's win: the placement is a best one."""
    position, R, victims, cards, sets, values, through, dice, min_move = case
    got = engine(case)
    placed = {k: dict(v) for k, v in position.items()}
    for t, a in got.placement:
        placed[t]["armies"] += a
    assert sum(a for _, a in got.placement) == R
    assert oracle.best(placed, "you", 0, victims, cards, sets, values, through, dice, min_move) == got.win


def test_the_issue_numbers_two_kills_need_the_trade():
    """The issue's example: holding 4 cards red's 2 make 6 and the trade brings 15 (the 6th set)
    placed on North Africa; holding 3 there is no trade and the second kill is 0."""
    four = engine(CASES[0])
    assert f"{float(four.win):.4f}" == "0.7358"
    kills = [s for s in four.line if "kill" in s]
    assert kills[0]["kill"] == "red" and kills[0]["armies"] == 15 and kills[0]["sets"] == 1
    assert kills[0]["placement"] == (("North Africa", 15),)
    assert four.cards_after == kills[-1]["hand"] + 1 == 4
    three = engine(CASES[1])
    assert three.win == 0 and three.next == {"stop": True}
    alone = dict(three.alone)
    assert alone["red"] == engine(CASES[2]).win and alone["green"] == 0


def test_card_arithmetic_against_the_printed_rules():
    """6 or 7 cards: one set; 8 to 10: two; 11 to 13: three; until 4 or fewer are held. Growing sets
    4, 6, 8, 10, 12, 15, then 5 more each. The engine's trade equals the oracle's for every hand."""
    counts = {6: 1, 7: 1, 8: 2, 9: 2, 10: 2, 11: 3, 12: 3, 13: 3}
    for hand, sets in counts.items():
        armies, left, traded = board.forced_trade(hand, 0)
        assert traded == sets and left <= 4 and left == hand - 3 * sets
        assert armies == sum((4, 6, 8, 10, 12, 15)[:sets])
    assert board.forced_trade(5, 3) == (0, 5, 3)
    assert [board.set_value(n) for n in range(1, 10)] == [4, 6, 8, 10, 12, 15, 20, 25, 30]
    assert [board.set_value(n, (10,)) for n in (1, 5)] == [10, 10]
    for hand in range(0, 20):
        for sets in (0, 4, 5, 9):
            for values in ("growing", (2, 3), (10,)):
                assert board.forced_trade(hand, sets, values) == oracle.forced_trade(hand, sets, list(values)
                                                                                     if values != "growing" else values)


def test_mid_turn_the_move_into_the_last_territory_brings_the_trade():
    """Brazil 6 has just taken Peru (the last of red's, Argentina taken before) rolling 3 dice: the
    request names red with no territory left; the answer's next is the move and its trade the 15
    armies, placed; its win equals the brute force's best over the moves, each followed by the trade
    and every placement."""
    position = pos(you=["Brazil 6", "North Africa 1", "Argentina 1"], green=["Congo 2"])
    position["Peru"] = {"owner": "you", "armies": 0}
    got = kill(position, "you", 0, {"eliminate": ["red", "green"]}, cards={"you": 4, "red": 2}, sets_traded=5,
               moving={"from": "Brazil", "to": "Peru", "dice": 3})
    assert "move" in got.next and got.trade["armies"] == 15 and got.trade["hand"] == 3
    assert got.trade["sets_traded"] == 6 and sum(a for _, a in got.trade["placement"]) == 15
    best = Fraction(0)
    for m in range(3, 6):
        after = {k: dict(v) for k, v in position.items()}
        after["Brazil"]["armies"], after["Peru"]["armies"] = 6 - m, m
        best = max(best, oracle.best(after, "you", 15, ["green"], {"you": 3}, 6))
    assert got.win == best
    assert dict(got.kills)["red"] == 1
    assert got.searched["states"] <= got.searched["bound"]


def test_the_line_agrees_with_fresh_requests_from_its_states():
    """The typical course of the chain, replayed: at the conquest of red's last territory a fresh
    mid-turn request moves as the line moved and brings the same trade, placed the same way; after it,
    a fresh request with the trade's armies to place and the hand it left places them as the line did,
    and its chance is the mid-turn request's."""
    full = engine(CASES[0])
    position = {t: dict(h) for t, h in BRAZIL.items()}
    battles = [s for s in full.line if "from" in s]
    kill_at = next(i for i, s in enumerate(full.line) if "kill" in s and "from" not in s)
    for step in battles[:kill_at - 1]:          # every battle before the last one red loses
        position[step["from"]]["armies"] = step["left"]
        position[step["to"]] = {"owner": "you", "armies": step["moved"]}
    last, trade = full.line[kill_at - 1], full.line[kill_at]
    position[last["from"]]["armies"] = last["left"] + last["moved"]
    position[last["to"]] = {"owner": "you", "armies": 0}
    mid = kill(position, "you", 0, {"eliminate": ["red", "green"]}, cards={"you": 4, "red": 2}, sets_traded=5,
               moving={"from": last["from"], "to": last["to"], "dice": last["dice"]})
    assert mid.next == {"move": {"from": last["from"], "to": last["to"], "armies": last["moved"]}}
    assert {k: mid.trade[k] for k in ("armies", "hand", "sets_traded", "placement")} == \
        {k: trade[k] for k in ("armies", "hand", "sets_traded", "placement")}
    position[last["from"]]["armies"], position[last["to"]]["armies"] = last["left"], last["moved"]
    after = kill(position, "you", trade["armies"], {"eliminate": ["green"]}, cards={"you": trade["hand"]},
                 sets_traded=trade["sets_traded"])
    assert tuple((t, a) for t, a in after.placement if a) == trade["placement"]
    assert after.win == mid.win


def test_json_op_and_cli():
    request = {"position": BRAZIL, "player": "you", "reinforcements": 0,
               "goal": {"eliminate": ["red", "green"]}, "cards": {"you": 4, "red": 2}, "sets_traded": 5}
    r = json.loads(api.call("turn", json.dumps(request)))
    assert r["ok"] and r["kind"] == "kill"
    win = Fraction(int(r["win"]["num"]), int(r["win"]["den"]))
    assert win == oracle.best(BRAZIL, "you", 0, ["red", "green"], {"you": 4, "red": 2}, 5)
    assert [k["victim"] for k in r["kills"]] == ["red", "green"]
    assert r["next_set"] == 15 and r["cards"] == {"you": 4, "red": 2, "green": 0}
    out = io.StringIO()
    code = cli_run(["turn", "--mine", "Brazil 6, North Africa 1", "--theirs", "Peru 1, Argentina 2",
                    "--reinforcements", "0", "--eliminate", "them", "--cards", "you 4, them 2", "--sets-traded", "5", "--exact"], out)
    text = out.getvalue()
    assert code == 0, text
    alone = oracle.best(pos(you=["Brazil 6", "North Africa 1"], them=["Peru 1", "Argentina 2"]), "you", 0,
                        ["them"], {"you": 4, "them": 2}, 5)
    assert f"{alone.numerator}/{alone.denominator}" in text


@pytest.mark.parametrize("params, field, words", [
    ({"goal": {"eliminate": "blue"}}, "goal", "no territory"),
    ({"goal": {"eliminate": "you"}}, "goal", "is the player"),
    ({"goal": {"eliminate": ["red", "red"]}}, "goal", "twice"),
    ({"goal": {"eliminate": "red", "via": []}}, "goal", "unknown field"),
    ({"goal": {"eliminate": "red", "through": ["Brazil"]}}, "goal", "already"),
    ({"goal": {"eliminate": ["red", "green"], "through": ["Congo"]}}, "goal", "a player to eliminate"),
    ({"cards": {"you": 6}}, "cards", "0 to 5"),
    ({"cards": {"red": -1}}, "cards", "red"),
    ({"cards": {"blue": 1}}, "cards", "neither"),
    ({"cards": {"you": 4, "red": 41}}, "cards", "deck"),
    ({"sets_traded": -1}, "sets_traded", "sets_traded"),
    ({"set_values": []}, "set_values", "growing"),
    ({"set_values": "fixed"}, "set_values", "growing"),
    ({"search": "fixed"}, "search", "roll by roll"),
    ({"goal": {"take": "South America"}, "cards": {"you": 1}}, "cards", "eliminat"),
])
def test_refused_by_name(params, field, words):
    request = {"position": {**BRAZIL, "Congo": {"owner": "green", "armies": 2}}, "player": "you",
               "reinforcements": 0, "goal": {"eliminate": ["red", "green"]}, **params}
    r = json.loads(api.call("turn", json.dumps(request)))
    assert not r["ok"] and r["error"]["field"] == field, r
    assert words in r["error"]["message"], r["error"]["message"]


def test_a_wall_is_never_attacked():
    """Egypt behind blue's North Africa cannot be reached without going through it: refused by name
    (the goal cannot be reached), and with North Africa listed in through it is the brute force's."""
    position = pos(you=["Brazil 5"], blue=["North Africa 1"], red=["Egypt 1"])
    with pytest.raises(FieldError) as e:
        kill(position, "you", 0, {"eliminate": "red"})
    assert e.value.field == "goal" and "Egypt" in str(e.value)
    assert oracle.best(position, "you", 0, ["red"], {}, 0) == 0
    got = kill(position, "you", 0, {"eliminate": "red", "through": ["North Africa"]})
    assert got.win == oracle.best(position, "you", 0, ["red"], {}, 0, through=("North Africa",)) > 0
