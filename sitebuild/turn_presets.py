"""Ready-made positions for the Turn calculator, defined once: the form's default fields (the
template, `form_fields`), its buttons (shipped with the board, `shipped`), and the engine request
that each one is (`request`, for the tests and the article).

A position travels in the form, and in a shared link, as one line of text, `position_text`:
"you: North Africa 4, Central America 3; opponent: Venezuela 2, Brazil 2, Peru 1, Argentina 2": each
owner's territories with their armies (counted on the territory, the board's count), the player
("you") first, territories in the board's order. site_src/js/board/position.js reads and writes
the same text.

The goal is a continent (its name) or a list of territories (the form's goal "targets", the list in
its `targets` field)."""
from dataclasses import dataclass

from riskodds import describe

PLAYER = "you"        # the owner who moves (the engine's "player")
OPPONENT = "opponent"
TARGETS = "targets"   # the goal field's value for "the territories marked as targets"


@dataclass(frozen=True)
class Preset:
    name: str             # the form's preset key (turn_form(fid, {"preset": name}))
    label: str            # the button's words
    yours: dict           # {territory: armies on the territory}
    theirs: dict
    reinforcements: int
    goal: str | tuple     # a continent, or the target territories

    @property
    def continent(self) -> str | None:
        return self.goal if isinstance(self.goal, str) else None


NORTH_AMERICA = {"Alaska": 10, "Northwest Territory": 3, "Greenland": 2, "Alberta": 3, "Ontario": 4, "Quebec": 2,
                 "Western United States": 3, "Eastern United States": 4, "Central America": 2}

PRESETS = (
    Preset("south-america", "South America from North Africa", {"North Africa": 4, "Central America": 3},
           {"Venezuela": 2, "Brazil": 2, "Peru": 1, "Argentina": 1}, 6, "South America"),
    Preset("australia", "Australia from Siam", {"Siam": 6},
           {"Indonesia": 2, "New Guinea": 1, "Western Australia": 1, "Eastern Australia": 1}, 3, "Australia"),
    # the article's battle: 75 attacking armies (76 on Kamchatka) against 10 on Alaska
    Preset("north-america", "Breaking North America from Kamchatka", {"Kamchatka": 76}, NORTH_AMERICA, 0, ("Alaska",)),
    Preset("africa", "Africa from Brazil and Southern Europe", {"Brazil": 8, "Southern Europe": 8},
           {"North Africa": 3, "Egypt": 2, "East Africa": 2, "Congo": 2, "South Africa": 1, "Madagascar": 1}, 6, "Africa"),
)
BY_NAME = {p.name: p for p in PRESETS}
EMPTY = "empty"   # the form's default (a first visit without a link): an empty board, no goal yet
EMPTY_FIELDS = {"position": "", "goal": TARGETS, "targets": "", "reinforcements": "0"}
DEFAULT = EMPTY


def board_order() -> list[str]:
    """The 42 territories in the board's order (continent by continent, as describe() lists them)."""
    return [t for c in describe()["board"]["continents"] for t in c["territories"]]


def position_text(preset: Preset) -> str:
    order = board_order()
    part = lambda held: ", ".join(f"{t} {held[t]}" for t in sorted(held, key=order.index))  # noqa: E731
    return f"{PLAYER}: {part(preset.yours)}; {OPPONENT}: {part(preset.theirs)}"


def form_fields(preset: Preset) -> dict:
    """The Turn form's fields for this position (by field name, as text)."""
    return {"position": position_text(preset), "goal": preset.continent or TARGETS,
            "targets": "" if preset.continent else ", ".join(preset.goal), "reinforcements": str(preset.reinforcements)}


def request(preset: Preset) -> dict:
    """The engine's `turn` request for this position (the form's defaults for the rest)."""
    position = {t: {"owner": PLAYER, "armies": a} for t, a in preset.yours.items()}
    position.update({t: {"owner": OPPONENT, "armies": a} for t, a in preset.theirs.items()})
    return {"position": position, "player": PLAYER, "reinforcements": preset.reinforcements,
            "goal": {"take": preset.continent or list(preset.goal)}}


def shipped() -> list[dict]:
    """The buttons' data, shipped with the board (site_src/js/board/presets.js)."""
    return [{"name": p.name, "label": p.label, "fields": form_fields(p)} for p in PRESETS]


def template_facts() -> dict:
    """What the Turn form's template reads of the positions: each one's fields by name (the empty
    board's too), and the default's name."""
    return {"presets": {EMPTY: EMPTY_FIELDS, **{p.name: form_fields(p) for p in PRESETS}}, "default_preset": DEFAULT}
