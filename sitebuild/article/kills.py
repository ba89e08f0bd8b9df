"""Part 2's section "The kill turn" (issue 43): a turn played to eliminate players, the forced card
trade at each kill, and his chance to eliminate you, from the engine (`riskodds.kill`), computed at
build time and cached between builds (facts.py keys kill/NAME/... and killstop/NAME/...).

Army counts are armies on the territory (the board's count). The player who moves is "you" in
KILLS, "red" in STOPS (his turn against you)."""
import riskodds as ro
from riskodds.algorithms.turn import compositions

from .. import cache

# The positions the section tells: (owners {owner: {territory: armies}}, the player, his new armies,
# the players to eliminate, the cards each holds, the sets traded so far in the game).
_SA_RED = {"Peru": 1, "Argentina": 2}
KILLS = {
    # the issue's: red's 2 cards make 6 with 4 of yours, and the trade brings 15 for the second kill
    "chain-4": ({"you": {"Brazil": 6, "North Africa": 1}, "red": _SA_RED, "green": {"Congo": 2}}, "you", 0,
                ["red", "green"], {"you": 4, "red": 2}, 5),
    "chain-3": ({"you": {"Brazil": 6, "North Africa": 1}, "red": _SA_RED, "green": {"Congo": 2}}, "you", 0,
                ["red", "green"], {"you": 3, "red": 2}, 5),
    "red-alone": ({"you": {"Brazil": 6, "North Africa": 1}, "red": _SA_RED}, "you", 0, ["red"],
                  {"you": 4, "red": 2}, 5),
}
# his turn against your three territories of Europe, and where your new armies stop him best:
# (owners, his new armies, the cards each holds, the sets traded, your new armies to place first)
STOPS = {
    # he comes in from Middle East; Ukraine is your way in for him, Scandinavia and Northern Europe behind it
    "europe": ({"red": {"Middle East": 10}, "you": {"Ukraine": 2, "Scandinavia": 2, "Northern Europe": 2}}, 5,
               {"red": 3, "you": 3}, 5, 4),
}


def _position(owners: dict) -> dict:
    return {t: {"owner": who, "armies": a} for who, held in owners.items() for t, a in held.items()}


def _kill_compute(owners, player, R, victims, cards, sets) -> dict:
    k = ro.kill(_position(owners), player, R, {"eliminate": victims}, cards=cards, sets_traded=sets, budget=600)
    return {"win": k.win, "kills": dict(k.kills), "alone": dict(k.alone), "line": tuple(k.line),
            "placement": k.placement, "next_set": k.next_set}


def killed(name: str) -> dict:
    """riskodds.kill for KILLS[name], cached between builds."""
    key = {"request": repr(KILLS[name]), "v": 1, "code": cache.file_digest(__file__)}
    return cache.cached(f"kill-{name}", key, lambda: _kill_compute(*KILLS[name]))


def kill_value(name: str, what: str, victim: str | None = None):
    """The numbers of facts.py's kill/NAME/win, kill/NAME/kill/VICTIM, kill/NAME/alone/VICTIM."""
    k = killed(name)
    if what == "win" and victim is None:
        return k["win"]
    if what in ("kill", "alone") and victim is not None:
        return k["kills" if what == "kill" else "alone"][victim]
    raise KeyError((name, what, victim))


def kill_story(name: str) -> dict:
    """What the prose says of KILLS[name]: the kills of its typical course ({"kill", "armies", "sets",
    "placement"}, in order) and the next set's worth. The section's claims stop the build where
    they no longer hold."""
    k = killed(name)
    kills = [s for s in k["line"] if "kill" in s]
    return {"kills": kills, "next_set": k["next_set"], "first": kills[0] if kills else None}


def _stop_compute(owners, R2, cards, sets, R) -> dict:
    """His chance to eliminate you as it stands, and after each placement of your R new armies."""
    you = owners["you"]
    names = list(you)
    out = []
    for placed in compositions(R, len(names)):
        now = {**owners, "you": {t: a + p for (t, a), p in zip(you.items(), placed)}}
        k = ro.kill(_position(now), "red", R2, {"eliminate": ["you"]}, cards=cards, sets_traded=sets, budget=600)
        out.append((tuple(zip(names, placed)), k.win))
    before = ro.kill(_position(owners), "red", R2, {"eliminate": ["you"]}, cards=cards, sets_traded=sets,
                     budget=600).win
    return {"before": before, "placements": tuple(out)}


def stopped(name: str) -> dict:
    key = {"request": repr(STOPS[name]), "v": 1, "code": cache.file_digest(__file__)}
    return cache.cached(f"killstop-{name}", key, lambda: _stop_compute(*STOPS[name]))


def stop_value(name: str, what: str):
    """killstop/NAME/before (his chance as it stands), best and worst (after your best and your worst
    placement of your new armies)."""
    s = stopped(name)
    if what == "before":
        return s["before"]
    if what in ("best", "worst"):
        return (min if what == "best" else max)(w for _, w in s["placements"])
    raise KeyError((name, what))


def stop_story(name: str) -> dict:
    """The best and the worst placement of your new armies against his kill ({"says"} each), the first
    in compositions' order among equals. The section's claims stop the build where they no longer
    hold: every placement lowers his chance, the best stacks one territory, and the worst placement
    still cuts his chance more than 5 times as much as the best and the worst differ."""
    s = stopped(name)
    ranked = sorted(s["placements"], key=lambda pw: pw[1])        # stable: compositions' order among equals
    best, worst = ranked[0][0], ranked[-1][0]
    gain, spread = s["before"] - ranked[-1][1], ranked[-1][1] - ranked[0][1]
    if not all(w < s["before"] for _, w in s["placements"]) or sum(1 for _, a in best if a) != 1 \
            or gain <= 5 * spread:      # "how many matters much more than where": the worst still gains 5x the spread
        raise ValueError(f"killstop {name}: the story no longer holds: {ranked[0]}, {ranked[-1]}, {s['before']}")

    def says(placed):
        parts = [f"{a} on {t}" for t, a in placed if a]
        return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    owners, R2, cards, sets, R = STOPS[name]
    return {"best": says(best), "worst": says(worst), "best_at": next(t for t, a in best if a), "owners": owners,
            "R2": R2, "R": R, "cards": cards}


def chain_story() -> dict:
    """kill_story("chain-4"), with the section's claims checked (the build stops where they no longer
    hold): the trade at red's kill goes all on one territory; nearly every time red falls, green falls
    too (chain-4 within 1 % of red alone); with one card fewer there is no trade and no second kill."""
    story = kill_story("chain-4")
    first = story["first"]
    ok = (first is not None and first["kill"] == "red" and len(first["placement"]) == 1
          and killed("chain-4")["win"] >= killed("red-alone")["win"] * 99 / 100 and killed("chain-3")["win"] == 0
          and not any(s.get("armies") for s in kill_story("chain-3")["kills"]))
    if not ok:
        raise ValueError(f"kill chain-4: the story no longer holds: {first}, {killed('chain-4')['win']}")
    return story
