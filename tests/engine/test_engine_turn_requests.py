"""Turn requests that keep their word (issue 32, rows 4 to 9 and 11): a territory given twice is
refused by name, a name is read as written or refused with the closest name, the reinforcements
op refuses a player who holds nothing as the turn op does, an exact tie between plans leaves the
armies on the goal's border, "most likely" is the mode, every message is in a player's words, and
the alternatives leave out what no player weighs. Each checked against an oracle of its own
(turn_oracle.py, engine_oracle.py) where a number is at stake."""
import io
import json
from fractions import Fraction

import pytest

import engine_oracle as orc
import riskodds as ro
import turn_oracle
from riskodds.interfaces import api
from riskodds.interfaces.cli import run


def cli(*args):
    out = io.StringIO()
    code = run(list(args), out=out)
    return code, out.getvalue()


def frac(p):
    return Fraction(int(p["num"]), int(p["den"]))


def holding(owner, armies):
    return {"owner": owner, "armies": armies}


AUSTRALIA = {"Siam": holding("you", 6), "Indonesia": holding("red", 2), "New Guinea": holding("red", 1),
             "Western Australia": holding("red", 1), "Eastern Australia": holding("red", 1)}
GOOD = {"position": AUSTRALIA, "player": "you", "reinforcements": 3, "goal": {"take": "Australia"}}


# ------------------------------------------------------------------ row 4: a territory given twice
def test_a_repeated_key_in_json_text_is_refused_naming_the_territory():
    text = json.dumps(GOOD)
    twice = text.replace('"Siam": {"owner": "you", "armies": 6}',
                         '"Siam": {"owner": "you", "armies": 6}, "Siam": {"owner": "you", "armies": 4}')
    assert twice != text
    res = json.loads(api.call("turn", twice))
    assert not res["ok"], res
    assert res["error"]["field"] == "position" and "Siam" in res["error"]["message"], res
    assert "twice" in res["error"]["message"] and res["error"]["territories"] == ["Siam"], res


def test_a_repeated_field_in_json_text_is_refused_naming_it():
    text = json.dumps(GOOD)[:-1] + ', "reinforcements": 4}'
    res = json.loads(api.call("turn", text))
    assert not res["ok"] and res["error"]["field"] == "reinforcements", res
    assert "twice" in res["error"]["message"], res


def test_the_cli_refuses_a_territory_given_twice_in_mine():
    code, text = cli("turn", "--mine", "Siam 6, Siam 4", "--theirs", "Indonesia 2", "--goal", "Indonesia", "--reinforcements", "0")
    assert code == 2 and "Siam" in text and "twice" in text, text


def test_the_cli_refuses_a_territory_in_both_mine_and_theirs():
    code, text = cli("turn", "--mine", "Siam 6", "--theirs", "Indonesia 2, siam 3", "--goal", "Indonesia", "--reinforcements", "0")
    assert code == 2 and "Siam" in text and "--mine" in text and "--theirs" in text, text


def test_the_cli_refuses_a_repeated_key_in_a_position_file(tmp_path):
    path = tmp_path / "position.json"
    path.write_text('{"Siam": {"owner": "you", "armies": 6}, "Indonesia": {"owner": "red", "armies": 2}, '
                    '"Siam": {"owner": "you", "armies": 4}}')
    code, text = cli("turn", "--position", str(path), "--goal", "Indonesia", "--reinforcements", "0")
    assert code == 2 and "Siam" in text and "twice" in text, text


# ------------------------------------------------------------------ row 5: names as written
@pytest.mark.parametrize("name", ["Indonesia!", "Indonesia\x00", "Indo\u200bnesia", "Ｉｎｄｏｎｅｓｉａ", "Indonesia.",
                                  "In-donesia"])
def test_a_name_with_marks_the_board_does_not_print_is_refused_with_the_closest_name(name):
    position = {**{k: v for k, v in AUSTRALIA.items() if k != "Indonesia"}, name: holding("red", 2)}
    res = api.handle("turn", {**GOOD, "position": position})
    assert not res["ok"] and res["error"]["field"] == "position", res
    assert "'Indonesia'" in res["error"]["message"], res


@pytest.mark.parametrize("goal", ["Australia!", "Ａｕｓｔｒａｌｉａ"])
def test_a_continent_with_marks_is_refused_with_the_closest_name(goal):
    res = api.handle("turn", {**GOOD, "goal": {"take": goal}})
    assert not res["ok"] and res["error"]["field"] == "goal", res
    assert "'Australia'" in res["error"]["message"], res


def test_case_and_spaces_are_still_read():
    position = {"  siam ": holding("you", 6), "INDONESIA": holding("red", 2), "new  guinea": holding("red", 1),
                "WesternAustralia": holding("red", 1), "Eastern Australia": holding("red", 1)}
    a, b = api.handle("turn", {**GOOD, "position": position}), api.handle("turn", GOOD)
    assert a["ok"] and a["win"] == b["win"], a


# ------------------------------------------------------------------ row 6: reinforcements of nobody
def test_reinforcements_refuse_a_player_who_holds_nothing_as_a_turn_does():
    turn = api.handle("turn", {**GOOD, "player": "blue"})
    res = api.handle("reinforcements", {"position": AUSTRALIA, "player": "blue"})
    assert not turn["ok"] and not res["ok"], res
    assert res["error"] == turn["error"], (res, turn)
    with pytest.raises(ValueError, match="holds no territory"):
        ro.reinforcements(AUSTRALIA, "blue")


# ------------------------------------------------------------------ row 7: exact ties
def test_an_exact_tie_between_plans_leaves_the_armies_on_the_border():
    """Brazil 6 and Venezuela 1 against Peru 1 and Argentina 1, moving in at least one army: Brazil
    taking Peru then Peru taking Argentina ties exactly with Brazil taking both (the same armies
    attack Argentina, from Peru or from Brazil). The tie rule keeps them on Brazil, on the border."""
    mine = {"Brazil": 6, "Venezuela": 1}
    targets = {"Peru": (1, "standard"), "Argentina": (1, "standard")}
    position = {t: holding("you", a) for t, a in mine.items()} | {t: holding("red", 1) for t in targets}
    res = api.handle("turn", {"position": position, "player": "you", "reinforcements": 0,
                              "goal": {"take": "South America"}, "min_move": "one",
                              "search": "all"})
    assert res["ok"], res
    from riskodds.facts import board
    links = {frozenset((a, b)) for a, b, _ in board.LINKS}
    assert frac(res["win"]) == turn_oracle.best(mine, targets, links, 0, "one")
    played, armies = turn_oracle.play(res, mine, targets, "one")
    assert played == frac(res["win"])
    assert sorted(a["from"] for a in res["attacks"]) == ["Brazil", "Brazil"], res["attacks"]
    (brazil,) = [b for b in res["borders"] if b["territory"] == "Brazil"]
    assert frac(brazil["expected_armies"]) == armies["Brazil"] > 3, brazil


def test_an_exact_tie_between_shapes_below_a_target_leaves_the_armies_on_the_border():
    """The same tie one step in: North Africa 8 takes Brazil (on the border), and from Brazil, Peru
    then Argentina through Peru ties exactly with both from Brazil. The search keeps one shape of
    Brazil's subtree and weighs its twin for the plan chosen: the stack stays on Brazil."""
    from riskodds.facts import board
    links = {frozenset((a, b)) for a, b, _ in board.LINKS}
    mine = {"North Africa": 8, "Venezuela": 1}
    targets = {"Brazil": (1, "standard"), "Peru": (1, "standard"), "Argentina": (1, "standard")}
    position = {t: holding("you", a) for t, a in mine.items()} | {t: holding("red", 1) for t in targets}
    res = api.handle("turn", {"position": position, "player": "you", "reinforcements": 0,
                              "goal": {"take": "South America"}, "min_move": "one",
                              "search": "all"})
    assert res["ok"], res
    assert frac(res["win"]) == turn_oracle.best(mine, targets, links, 0, "one")
    played, armies = turn_oracle.play(res, mine, targets, "one")
    assert played == frac(res["win"])
    assert sorted((a["from"], a["target"]) for a in res["attacks"]) == [
        ("Brazil", "Argentina"), ("Brazil", "Peru"), ("North Africa", "Brazil")], res["attacks"]
    (brazil,) = res["borders"]
    assert brazil["territory"] == "Brazil" and frac(brazil["expected_armies"]) == armies["Brazil"] > 3, brazil


# ------------------------------------------------------------------ row 8: the mode is "most likely"
def _left_after_conquest(t, defenders):
    """{armies left on the attacking territory: P} given a conquest, from the oracle's battle."""
    ends = orc.forward(t - 1, defenders, orc.STD)
    wins = {a + 1: p for (a, d), p in ends.items() if d == 0 and p}
    total = sum(wins.values())
    return {a: p / total for a, p in wins.items()}


def test_most_likely_is_the_mode_of_the_armies_left():
    res = api.handle("turn", {"position": {"Siam": holding("you", 9), "Indonesia": holding("red", 2)},
                              "player": "you", "reinforcements": 0, "goal": {"take": ["Indonesia"]}, "search": "all"})
    assert res["ok"], res
    left = _left_after_conquest(9, 2)
    mode = max(left, key=left.get)
    assert mode == 9 and left[9] > left[8]
    assert res["steps"][0]["expect"] == mode
    assert f"Most likely {mode} are left on Siam" in res["words"][1], res["words"]
    assert "about" not in res["words"][1]


# ------------------------------------------------------------------ row 9: a player's words
def test_a_position_file_that_cannot_be_read_says_so(tmp_path):
    code, text = cli("turn", "--position", str(tmp_path / "nonexistent.json"), "--goal", "Indonesia", "--reinforcements", "0")
    assert code == 2 and "cannot read" in text and "nonexistent.json" in text and "write" not in text, text
    bad = tmp_path / "bad.json"
    bad.write_text("{'Siam': 6}")
    code, text = cli("turn", "--position", str(bad), "--goal", "Indonesia", "--reinforcements", "0")
    assert code == 2 and "bad.json" in text and "JSON" in text and "Traceback" not in text, text


def test_a_continent_in_a_list_of_territories_says_how_to_take_a_continent():
    res = api.handle("turn", {**GOOD, "goal": {"take": ["Australia"]}})
    assert not res["ok"] and res["error"]["field"] == "goal", res
    message = res["error"]["message"]
    assert '{"take": "Australia"}' in message and "Western Australia" not in message, message


def test_a_tiny_time_budget_is_answered_in_plain_numbers():
    res = api.handle("turn", {**GOOD, "time_budget_s": 1e-9})
    assert not res["ok"] and res["error"]["field"] in ("goal", "time_budget_s"), res
    message = res["error"]["message"]
    assert "0.0 s" not in message and "e-" not in message, message
    assert "0.000000001 s" in message, message


def test_deep_nesting_is_a_message_not_a_recursion_error():
    text = '{"targets": ' + "[" * 50000 + "]" * 50000 + "}"
    for op in ("plan", "turn"):
        res = json.loads(api.call(op, text[:99_000] if len(text) > 99_000 else text))
        assert not res["ok"] and "Recursion" not in res["error"]["message"], res
    deep = '{"goal": ' + "[" * 20000 + "]" * 20000 + "}"
    res = json.loads(api.call("turn", deep))
    assert not res["ok"] and "Recursion" not in res["error"]["message"], res
    assert "nested" in res["error"]["message"], res


def test_reinforcements_words_count_one_territory_as_one():
    code, text = cli("reinforcements", "--mine", "Siam 1")
    assert code == 0 and "1 territories" not in text and "1 territory" in text, text
    code, text = cli("reinforcements", "--mine", "Siam 1, India 1, China 1, Ural 1, Siberia 1, Mongolia 1, "
                     "Irkutsk 1, Yakutsk 1, Kamchatka 1")
    assert code == 0 and "3 for 9 territories" in text, text


# ------------------------------------------------------------------ row 11: alternatives worth weighing
def test_alternatives_leave_out_no_chance_and_armies_on_an_entry_that_attacks_nothing():
    position = {"Brazil": holding("you", 6), "Venezuela": holding("you", 1), "Peru": holding("red", 1),
                "Argentina": holding("red", 1)}
    for R in (0, 2):
        res = api.handle("turn", {"position": position, "player": "you", "reinforcements": R,
                                  "goal": {"take": "South America"}, "min_move": "one", "search": "all"})
        assert res["ok"], res
        for alt in res["alternatives"]:
            assert frac(alt["win"]) > 0, alt
            for e in alt["entries"]:
                assert e["targets"], alt


# ------------------------------------------------------------------ each request read once
def test_a_turn_request_is_read_once_into_a_frozen_record(monkeypatch):
    """checks/turn_request.py reads the request (answers/turn.py only answers): the goal is read
    once and its border found once, for a turn and for armies_needed alike."""
    import dataclasses

    from riskodds.answers import fixed_turn, turn as answers_turn
    from riskodds.checks import position, turn_request
    from riskodds.facts import board

    calls = {"read_goal": 0, "borders": 0}

    def counting(name, real):
        def wrapped(*args, **kwargs):
            calls[name] += 1
            return real(*args, **kwargs)
        return wrapped
    monkeypatch.setattr(board, "borders", counting("borders", board.borders))
    read_goal = counting("read_goal", position.read_goal)
    monkeypatch.setattr(turn_request, "read_goal", read_goal)
    monkeypatch.setattr(fixed_turn, "read_goal", read_goal)      # armies_needed reads its goal there
    request = turn_request.read_turn(AUSTRALIA, "you", 3, {"take": "Australia"})
    assert dataclasses.is_dataclass(request) and request.borders == ("Indonesia",) and request.most == 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        request.R = 4
    assert calls == {"read_goal": 1, "borders": 1}
    for name in calls:
        calls[name] = 0
    t = ro.turn(AUSTRALIA, "you", 3, {"take": "Australia"})
    assert calls == {"read_goal": 1, "borders": 1} and t.borders[0]["territory"] == "Indonesia"
    for name in calls:
        calls[name] = 0
    ro.armies_needed("Siam", {"take": "Australia"}, 1, ["1/2"], most=8)
    assert calls == {"read_goal": 1, "borders": 1}
    assert not hasattr(answers_turn, "_most") and not hasattr(answers_turn, "_entry_starts")
    assert answers_turn.read_turn is turn_request.read_turn


TIED = []           # positions where ties are common: one defender everywhere, one army moved in
for _seed in range(200, 260):
    import random as _random
    from test_engine_turn import random_position
    _mine, _targets, _R, _ = random_position(_random.Random(_seed))
    if len(_targets) >= 3:
        TIED.append((_mine, {t: (1, "standard") for t in _targets}, _R))
TIED = TIED[:12]


@pytest.mark.parametrize("case", TIED, ids=lambda c: "-".join(sorted(c[1]))[:40])
def test_the_tie_rule_keeps_the_best_chance_and_states_its_plan_exactly(case):
    """Where ties abound, the plan the tie rule picks still has the oracle's best chance, and played
    through the oracle with its own tables it has exactly the chance and border armies stated."""
    from test_engine_turn import LINKS, request
    mine, targets, R = case
    res = api.handle("turn", request(mine, targets, R, "one"))
    want = turn_oracle.best(mine, targets, LINKS, R, "one")
    if not res["ok"]:
        assert want == 0 and res["error"]["field"] == "reinforcements", res
        return
    assert frac(res["win"]) == want
    played, armies = turn_oracle.play(res, mine, targets, "one")
    assert played == want
    for b in res["borders"]:
        assert frac(b["expected_armies"]) == armies[b["territory"]], b


# ------------------------------------------------------------------ huge numbers and dice name their own field (issue 44)
def test_refusals_name_the_field_at_fault():
    """A stack of a million armies names the position (not the goal); a million reinforcements in a
    hold name the reinforcements, his a million the opponent's; a conquering roll of 3 dice where the
    rules let an attack roll 2 names `moving`."""
    from riskodds.interfaces import api
    h = lambda owner, armies: {"owner": owner, "armies": armies}
    aus = ["Indonesia", "New Guinea", "Western Australia", "Eastern Australia"]
    pos = {t: h("red", 1) for t in aus}
    pos["Siam"] = h("you", 1_000_000)
    res = api.handle("turn", {"position": pos, "player": "you", "reinforcements": 3, "goal": {"take": "Australia"}})
    assert not res["ok"] and res["error"]["field"] == "position" and "Siam" in res["error"]["message"]
    held = {t: h("you", 1) for t in aus}
    held["Siam"] = h("red", 12)
    for R, R2, field in ((1_000_000, 5, "reinforcements"), (3, 1_000_000, "opponent_reinforcements")):
        res = api.handle("hold", {"position": held, "player": "you", "reinforcements": R, "hold": "Australia",
                                  "opponent": "red", "opponent_reinforcements": R2})
        assert not res["ok"] and res["error"]["field"] == field, res
    mid = {"North Africa": h("you", 4), "Egypt": h("you", 0), "Congo": h("red", 1)}
    request = {"position": mid, "player": "you", "reinforcements": 0, "goal": {"take": ["Egypt", "Congo"]},
               "moving": {"from": "North Africa", "to": "Egypt", "dice": 3}, "attack_dice": 2}
    res = api.handle("turn", request)
    assert not res["ok"] and res["error"]["field"] == "moving" and "at most 2" in res["error"]["message"]
    res = api.handle("turn", {**request, "moving": {**request["moving"], "dice": 2}})
    assert res["ok"] and res["next"] == {"move": {"from": "North Africa", "to": "Egypt", "armies": 2}}
