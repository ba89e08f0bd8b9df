"""Part 2's section "Holding a continent" (issue 34): where to place so a continent survives the
opponent's next turn, from the engine (`riskodds.hold`: the best placement and fortify move, his
best reply, the forum's rules of thumb priced exactly), computed at build time and cached between
builds (facts.py keys hold/NAME/...).

Army counts are armies on the territory (the board's count). The holder is "you", the opponent
"red"."""
import riskodds as ro
from riskodds.checks.validate import listing
from riskodds.facts import board
from markupsafe import Markup, escape

from .. import cache
from .tables import _num, stacked, wrap

# The positions the section tells: your territories and armies, his, your new armies, his new
# armies, the continent. Each costs at most a few seconds in CPython (Europe's the most).
SOUTH_AMERICA = {"Venezuela": 2, "Brazil": 2, "Peru": 1, "Argentina": 1}
EUROPE = {"Iceland": 1, "Great Britain": 1, "Scandinavia": 1, "Northern Europe": 1, "Western Europe": 3,
          "Southern Europe": 3, "Ukraine": 3}
HOLDS = {
    # one door: Siam against Indonesia, the first bench position
    "australia": ({"Indonesia": 1, "New Guinea": 1, "Western Australia": 1, "Eastern Australia": 1},
                  {"Siam": 12}, 6, 5, "Australia"),
    # the forum's 20 armies in Australia, 17-1-1-1 against 14-2-2-2, nothing left to place
    "australia-17": ({"Indonesia": 17, "New Guinea": 1, "Western Australia": 1, "Eastern Australia": 1},
                     {"Siam": 12}, 0, 5, "Australia"),
    "australia-14": ({"Indonesia": 14, "New Guinea": 2, "Western Australia": 2, "Eastern Australia": 2},
                     {"Siam": 12}, 0, 5, "Australia"),
    # many doors: three of Europe's four face a stack of his, Middle East touching two of them
    "europe": (EUROPE, {"North Africa": 6, "Middle East": 4, "Ural": 3}, 10, 3, "Europe"),
    # Europe with one big stack and one small: the best leaves the small one's door as it is
    "europe-ural": (EUROPE, {"North Africa": 8, "Ural": 2}, 8, 3, "Europe"),
    # one step out (issue 42): Siam is yours too, a buffer China can take first and attack on from
    "australia-buffer": ({"Indonesia": 2, "New Guinea": 1, "Western Australia": 1, "Eastern Australia": 1,
                          "Siam": 2}, {"China": 12}, 3, 5, "Australia"),
    "australia-buffer-thin": ({"Indonesia": 1, "New Guinea": 1, "Western Australia": 1, "Eastern Australia": 1,
                               "Siam": 1}, {"China": 6}, 4, 2, "Australia"),
}
# two doors: 10 armies of his next to South America, split between its two doors
SWEEP = [(ca, 10 - ca) for ca in range(5, 10)]
for _ca, _na in SWEEP:
    HOLDS[f"south-america-{_ca}-{_na}"] = (SOUTH_AMERICA, {"Central America": _ca, "North Africa": _na}, 8, 3,
                                           "South America")
MAIN_SA = "south-america-6-4"         # the section's South America
CONTINENT_ROWS = ("australia", MAIN_SA, "europe")
THUMBS = ("all on the most threatened border", "even on the borders",
          "2 on each border, the rest on the most threatened")      # the engine's order (riskodds.hold)


def request(name: str) -> tuple:
    """(position, player, reinforcements, hold, opponent, opponent_reinforcements) of HOLDS[name],
    as riskodds.hold takes them."""
    return _request(HOLDS[name])


def _request(told: tuple) -> tuple:
    """The arguments of riskodds.hold and riskodds.keep for (mine, theirs, R, R2, continent)."""
    mine, theirs, R, R2, continent = told
    position = {t: {"owner": "red", "armies": a} for t, a in theirs.items()}
    position.update({t: {"owner": "you", "armies": a} for t, a in mine.items()})
    return position, "you", R, continent, "red", R2


def _compute(name: str) -> dict:
    h = ro.hold(*request(name), budget=600)
    if h.searched["family"] != "real" or not h.searched.get("complete", True):
        raise ValueError(f"hold {name}: the engine no longer searches every reply ({h.searched['words']})")
    names = tuple(t["name"] for t in h.rules_of_thumb)
    if names != THUMBS:
        raise ValueError(f"hold {name}: the engine's rules of thumb are now {names}, the article tells {THUMBS}")
    return {"hold": h.hold, "placement": tuple(h.placement), "fortify": h.fortify, "front": tuple(h.front),
            "through": tuple(h.through),
            "reply": {"win": h.reply["win"], "placement": tuple(h.reply["placement"]), "next": h.reply["next"]},
            "thumbs": tuple({"name": t["name"], "placement": tuple(t["placement"]), "fortify": t["fortify"],
                             "hold": t["hold"]} for t in h.rules_of_thumb)}


def hold(name: str) -> dict:
    """riskodds.hold for HOLDS[name], cached between builds: {"hold" (Fraction), "placement"
    ((territory, new armies), ...) on the front, "fortify" (None or {"from", "to", "armies"}),
    "front", "reply" {"win", "placement", "next"}, "thumbs" ({"name", "placement", "fortify",
    "hold"}, ...) in THUMBS order}."""
    key = {"request": repr(HOLDS[name]), "v": 2, "code": cache.file_digest(__file__)}
    return cache.cached(f"hold-{name}", key, lambda: _compute(name))


def value(name: str, what: str, *rest):
    """The numbers of facts.py's hold/NAME/...: best, thumb/I (the I-th rule of thumb, 1 to 3),
    points/I (the best less the I-th rule, in percentage points)."""
    h = hold(name)
    if what == "best":
        return h["hold"]
    if what in ("thumb", "points"):
        t = h["thumbs"][int(rest[0]) - 1]["hold"]
        return t if what == "thumb" else 100 * (h["hold"] - t)
    raise KeyError(what)


def play(name: str) -> dict:
    """What the prose says of HOLDS[name]: "placed" [(territory, new armies)] where some go, "bare"
    the front territories that get none, "fortify", "armies" {territory: armies after placing and
    fortifying} on the front, "theirs" [(territory, armies)] his stacks before he places, "reply"
    [(territory, new armies)] where his go, "attack" his first attack {"from", "to", "dice"} (None
    when he does not attack), "ties" the rules of thumb that do exactly as well (THUMBS names),
    "beaten" the others; in words, "says" the placement ("5 on Venezuela and 3 on Brazil"),
    "reach" {front territory: his armies next to it, his new ones
    included}, "theirs_says" his stacks, "reply_says" his placement, "thumbs" [{"name", "says", "top": where it puts the most}] each rule's."""
    h = hold(name)
    mine, theirs, R, R2, _ = HOLDS[name]
    armies = {t: mine[t] + a for t, a in h["placement"]}
    f = h["fortify"]
    if f:
        armies[f["to"]] = armies.get(f["to"], mine[f["to"]]) + f["armies"]
    ties = [t["name"] for t in h["thumbs"] if t["hold"] == h["hold"]]
    return {"placed": [(t, a) for t, a in h["placement"] if a], "bare": [t for t, a in h["placement"] if not a],
            "fortify": f, "armies": armies, "theirs": list(theirs.items()),
            "reply": [(t, a) for t, a in h["reply"]["placement"] if a],
            "attack": h["reply"]["next"].get("attack"), "ties": ties,
            "beaten": [t["name"] for t in h["thumbs"] if t["hold"] != h["hold"]],
            "says": listing([f"{a} on {t}" for t, a in h["placement"] if a]),
            "reach": {t: sum(a for x, a in theirs.items() if x in board.NEIGHBOURS[t]) + R2 for t, _ in h["placement"]},
            "theirs_says": listing([f"{a} on {t}" for t, a in theirs.items()]),
            "reply_says": listing([f"{a} on {t}" for t, a in h["reply"]["placement"] if a]),
            "thumbs": [{"name": t["name"], "says": listing([f"{a} on {x}" for x, a in t["placement"] if a]),
                        "top": max(t["placement"], key=lambda p: p[1])[0]} for t in h["thumbs"]]}


# ---------------------------------------------------------------- taking and keeping (issue 42, riskodds.keep)
# The positions the section tells: your territories and armies, his, your new armies, his new armies,
# the continent to take and keep.
KEEPS = {
    "siam-9": ({"Siam": 9}, {"China": 4, "Indonesia": 1, "New Guinea": 1, "Western Australia": 1,
                             "Eastern Australia": 1}, 0, 3, "Australia"),
}


def _keep_request(name: str) -> tuple:
    return _request(KEEPS[name])


def _keep_compute(name: str) -> dict:
    k = ro.keep(*_keep_request(name), budget=600)
    return {"keep": k.keep, "take": k.take, "line": tuple(k.line), "fortify": k.fortify, "through": tuple(k.through),
            "greedy": None if k.greedy is None else {"take": k.greedy["take"], "keep": k.greedy["keep"]}}


def kept(name: str) -> dict:
    """riskodds.keep for KEEPS[name], cached between builds: {"keep", "take" (Fractions), "line",
    "fortify", "through", "greedy" {"take", "keep"}}."""
    key = {"request": repr(KEEPS[name]), "v": 1, "code": cache.file_digest(__file__)}
    return cache.cached(f"keep-{name}", key, lambda: _keep_compute(name))


def keep_value(name: str, what: str):
    """The numbers of facts.py's keep/NAME/WHAT: keep, take, greedy-keep, greedy-take."""
    k = kept(name)
    if what in ("keep", "take"):
        return k[what]
    if what in ("greedy-keep", "greedy-take"):
        return k["greedy"][what.split("-")[1]]
    raise KeyError(what)


def keep_play(name: str) -> dict:
    """What the prose says of KEEPS[name]'s play, checked: "first" the first battle's step, "left"
    the armies it leaves behind on its first territory, "fortify", "ratio" how many times more the
    keeping play keeps than the taking play (a whole number, rounded down). The section's claims
    stop the build where they no longer hold: the keeping play takes less and keeps more."""
    k = kept(name)
    g = k["greedy"]
    if g is None or not (g["take"] > k["take"] and g["keep"] < k["keep"]):
        raise ValueError(f"keep {name}: the keeping play no longer trades taking for keeping ({k['take']}, {g})")
    steps = [s for s in k["line"] if s.get("from")]
    if not k["fortify"] or not steps or not steps[0]["taken"] or steps[0]["left"] < 2:
        raise ValueError(f"keep {name}: the course no longer leaves armies behind and fortifies: {steps[:1]}, "
                         f"{k['fortify']}")
    return {"first": steps[0], "left": steps[0]["left"], "fortify": k["fortify"], "steps": len(steps),
            "ratio": int(k["keep"] / g["keep"])}


def _placed(placement) -> str:
    """New armies per door, in the front's order, as players write them: 5-3, 3-4-3."""
    return "-".join(str(a) for _, a in placement)


def _cell(key: str, placement) -> str:
    # one element per cell, so a phone's card keeps the chance and its placement together
    return f'<span class="hold-cell">{_num(key, "pct1")}<small>{escape(_placed(placement))}</small></span>'


def _row(name: str) -> list[str]:
    h = hold(name)
    return [_cell(f"hold/{name}/best", h["placement"])] + [
        _cell(f"hold/{name}/thumb/{i}", t["placement"]) for i, t in enumerate(h["thumbs"], 1)]


HEAD = ["the best", "all on the most threatened", "even", "2 each, the rest on the most threatened"]


def continents_table() -> Markup:
    """One row per continent of CONTINENT_ROWS: the best placement's chance to hold and each rule of
    thumb's, each with its new armies per door (in the row's door order)."""
    rows = []
    for name in CONTINENT_ROWS:
        _, theirs, R, R2, continent = HOLDS[name]
        front = list(hold(name)["front"])
        doors = listing(front) + (", in that order" if len(front) > 1 else "")
        stacks = ", ".join(f"{t} {a}" for t, a in theirs.items())
        rows.append((f"{escape(continent)}<small>{R} to place on {escape(doors)}. He has {escape(stacks)} and gets "
                     f"{R2}.</small>", _row(name)))
    return wrap("table-hold-continents", "The chance a continent survives his turn, with the best placement and "
                "with each rule of thumb (below each, the new armies per door)", stacked(["continent"] + HEAD, rows),
                "holds stack")


def sweep_table() -> Markup:
    """South America (SWEEP): one row per split of his 10 armies between its two doors."""
    rows = [(f"Central America {ca}, North Africa {na}", _row(f"south-america-{ca}-{na}")) for ca, na in SWEEP]
    doors = listing(list(hold(f"south-america-{SWEEP[0][0]}-{SWEEP[0][1]}")["front"]))
    return wrap("table-hold-sweep", f"South America with 8 to place, his 10 armies split between its two doors, "
                f"and 3 more for him (below each chance, the new armies on {doors}, in that order)",
                stacked(["his stacks"] + HEAD, rows), "holds stack")


def story() -> dict:
    """What the section says of its positions, checked (a sentence that would be false stops the
    build): Australia's rules of thumb all tie the best, and 17 on Indonesia beats 14 with the 2s
    inside; in the South America sweep the even split ties the best exactly when his stacks are
    equal ("even" the row), "2 on each" exactly in one lopsided row ("two"), no rule in the others,
    and all on the most threatened door never; in Europe the even split is the best, and with one
    small stack of his the best leaves that door bare. Returns {"sweep": SWEEP, "even", "two": the
    rows' names, "rows": {name: play(name)}, "low", "high": the sweep's rows where the best holds least
    and most}."""
    rows = {name: play(name) for name in HOLDS}
    even, two = [], []
    for ca, na in SWEEP:
        name = f"south-america-{ca}-{na}"
        ties = rows[name]["ties"]
        if THUMBS[0] in ties or len(ties) > 1:
            raise ValueError(f"hold {name}: the rules of thumb tied with the best are now {ties}")
        (even if ties == [THUMBS[1]] else two if ties == [THUMBS[2]] else []).append(name)
    checks = {
        "Australia's rules all tie the best": rows["australia"]["ties"] == list(THUMBS),
        "17-1-1-1 holds better than 14-2-2-2": hold("australia-17")["hold"] > hold("australia-14")["hold"],
        "the even split ties only where his stacks are equal": even == [f"south-america-{ca}-{na}" for ca, na in SWEEP if ca == na],
        "2 on each ties in one row": len(two) == 1,
        "no rule ties the section's South America": rows[MAIN_SA]["ties"] == [],
        "Europe's even split is the best": rows["europe"]["ties"] == [THUMBS[1]],
        "with one small stack the best leaves its door bare": len(rows["europe-ural"]["bare"]) == 1 and not rows["europe-ural"]["ties"],
        "Siam is the way in": hold("australia-buffer")["through"] == ("Siam",) == hold("australia-buffer-thin")["through"],
        "through Siam Australia mostly falls, all new armies on Indonesia":
            hold("australia-buffer")["hold"] < 0.1 and rows["australia-buffer"]["placed"] == [("Indonesia", 3)],
        "the thin board's best splits 1 to Siam, 3 to Indonesia":
            rows["australia-buffer-thin"]["placed"] == [("Siam", 1), ("Indonesia", 3)],
        "all on Siam and the even split both hold less than the best":
            rows["australia-buffer-thin"]["thumbs"][0]["says"] == "4 on Siam"
            and rows["australia-buffer-thin"]["thumbs"][1]["says"] == "2 on Siam and 2 on Indonesia"
            and not rows["australia-buffer-thin"]["ties"],
    }
    wrong = [k for k, ok in checks.items() if not ok]
    if wrong:
        raise ValueError(f"the section \"Holding a continent\" no longer holds: {wrong}")
    best = sorted((hold(f"south-america-{ca}-{na}")["hold"], f"south-america-{ca}-{na}") for ca, na in SWEEP)
    return {"sweep": SWEEP, "even": even[0], "two": two[0], "rows": rows, "low": best[0][1], "high": best[-1][1]}
