"""The engine's facts as the pages carry them: riskodds.describe(), less what no page reads.

The build writes `page_facts()` into every page (<script type="application/json"
id="riskodds-facts"> in base.html), where site_src/js/limits.js reads it; the calculator templates
read the same dict at build time. So the limits, rule fields, dice modes and army conventions that
the forms show and check are the engine's own, typed nowhere else.

Shipped: the keys in SHIPPED. Left out, because nothing in the browser reads them: `cost_model`
(the engine estimates a request's cost itself, in the worker), `limit_notes` (docs/engine-api.md
prints them) and each convention's `description`.

The Turn calculator's board is not in every page: `board_json()` is an asset of its own (BOARD_ASSET,
hashed like any other) that the calculator's code fetches when its form comes near, and
`turn_form_facts()` gives its template the continents, the card sets and the move-in rule at build
time. Both are the engine's describe(), so the board is defined once (riskodds/facts/board.py).

Each convention is shipped as {name, offset, unit, note}: its `offset` (armies to subtract from a
count in this convention to get attacking armies: 1 on the territory, T = A + 1) and its published
label split at the parenthesis, "armies on the territory (one stays behind)" -> unit "armies on
the territory" (the words after a count: "10 armies on the territory"), note "one stays behind".
"""
import json

from riskodds import describe

SHIPPED = ("limits", "rule_fields", "conventions", "dice_modes")
BOARD_ASSET = "board/classic.json"   # fetched by site_src/js/board/facts.js


def convention_words(label: str) -> tuple[str, str]:
    """("armies on the territory", "one stays behind") from "armies on the territory (one stays behind)"."""
    unit, paren, rest = label.partition(" (")
    if not (unit and paren and rest.endswith(")") and len(rest) > 1):
        raise ValueError(f"the engine's convention label {label!r} is not 'unit (note)', which the pages split")
    return unit, rest[:-1]


def page_facts(facts: dict | None = None) -> dict:
    """What every page carries of `facts` (default: the engine's describe())."""
    facts = describe() if facts is None else facts
    out = {key: facts[key] for key in SHIPPED}
    out["conventions"] = [{"name": c["name"], "offset": c["offset"],
                           **dict(zip(("unit", "note"), convention_words(c["label"])))}
                          for c in facts["conventions"]]
    return out


def board_json(extra: dict | None = None, facts: dict | None = None) -> bytes:
    """The classic board as the Turn calculator draws it: describe()["board"] (continents with their
    bonuses, territories and borders, the 83 links with "land" or "sea", the other names, the card
    sets) and `extra` (the ready-made positions, sitebuild/turn_presets.py), compact JSON."""
    facts = describe() if facts is None else facts
    return json.dumps({**facts["board"], **(extra or {})}, separators=(",", ":"), sort_keys=True).encode()


def turn_form_facts(extra: dict | None = None, facts: dict | None = None) -> dict:
    """What the Turn and Hold forms' templates show at build time: the continents ({name, bonus}) for
    the goal, the move-in rule field (min_move: its label, choices and default for `turn`), the
    attacker's dice field (dice: the same, its default for `hold`, where the opponent rolls them),
    and `extra`."""
    facts = describe() if facts is None else facts
    move, dice = facts["move_field"], facts["dice_field"]
    return {"continents": [{"name": c["name"], "bonus": c["bonus"]} for c in facts["board"]["continents"]],
            "move_field": {"name": move["name"], "label": move["label"], "choices": move["choices"],
                           "default": move["defaults"]["turn"]},
            "dice_field": {"name": dice["name"], "label": dice["label"], "choices": dice["choices"],
                           "default": dice["defaults"]["hold"]}, **(extra or {})}
