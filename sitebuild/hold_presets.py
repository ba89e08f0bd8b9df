"""Ready-made positions for the Hold calculator, defined once: the form's default fields (the
template, `form_fields`), its buttons (shipped with the board, `shipped`), and the engine request
that each one is (`request`, for the tests).

A position travels as the Turn calculator's does (sitebuild/turn_presets.py `position_text`: "you:
Indonesia 1, New Guinea 1; opponent: Siam 12", armies on the territory). The set to hold is a
continent (its name in the `hold` field) or the territories marked (`hold` "marked", the list in the
`marked` field). The page shows no number before the engine answers, so nothing here is computed
at build time."""
from dataclasses import dataclass

from .turn_presets import OPPONENT, PLAYER, position_text

MARKED = "marked"     # the hold field's value for "the territories marked to hold"
FORTIFY = "adjacent"  # the form's default: one move between adjacent territories (the printed rules)


@dataclass(frozen=True)
class Preset:
    name: str                     # the form's preset key (hold_form(fid, {"preset": name}))
    label: str                    # the button's words
    yours: dict                   # {territory: armies on the territory}
    theirs: dict                  # the opponent's
    reinforcements: int           # the holder's, to place now
    hold: str | tuple             # a continent, or the territories to hold
    opponent_reinforcements: int  # his, placed at the start of his turn

    @property
    def continent(self) -> str | None:
        return self.hold if isinstance(self.hold, str) else None


AUSTRALIA = ("Indonesia", "New Guinea", "Western Australia", "Eastern Australia")
SOUTH_AMERICA = ("Venezuela", "Peru", "Brazil", "Argentina")

PRESETS = (
    # the bench positions (issue 34, "Fast")
    Preset("australia", "Australia against Siam", dict.fromkeys(AUSTRALIA, 1), {"Siam": 12}, 6, "Australia", 5),
    Preset("south-america", "South America against two stacks",
           {"Venezuela": 2, "Brazil": 2, "Peru": 1, "Argentina": 1}, {"Central America": 8, "North Africa": 6}, 8,
           "South America", 5),
    # a close fight where the fortify move counts (docs/engine-api.md's example)
    Preset("australia-fortify", "Australia, 3 on New Guinea",
           {"Indonesia": 1, "New Guinea": 3, "Western Australia": 1, "Eastern Australia": 1}, {"Siam": 6}, 4,
           "Australia", 2),
    # held from one step out: Siam is a buffer, and China comes in through it (issue 42)
    Preset("australia-buffer", "Australia, Siam as a buffer",
           {"Indonesia": 2, "New Guinea": 1, "Western Australia": 1, "Eastern Australia": 1, "Siam": 2}, {"China": 12},
           3, "Australia", 5),
    # three doors, three stacks
    Preset("north-america", "North America, three doors",
           {"Alaska": 3, "Northwest Territory": 1, "Greenland": 3, "Alberta": 1, "Ontario": 1, "Quebec": 1,
            "Western United States": 2, "Eastern United States": 2, "Central America": 3},
           {"Kamchatka": 6, "Iceland": 5, "Venezuela": 4}, 7, "North America", 3),
)
BY_NAME = {p.name: p for p in PRESETS}
EMPTY = "empty"   # the form's default (a first visit without a link): an empty board, nothing to hold yet
EMPTY_FIELDS = {"position": "", "hold": MARKED, "marked": "", "reinforcements": "0", "opponent_reinforcements": "0",
                "opponent": OPPONENT}
DEFAULT = EMPTY


def form_fields(preset: Preset) -> dict:
    """The Hold form's fields for this position (by field name, as text)."""
    return {"position": position_text(preset), "hold": preset.continent or MARKED,
            "marked": "" if preset.continent else ", ".join(preset.hold),
            "reinforcements": str(preset.reinforcements),
            "opponent_reinforcements": str(preset.opponent_reinforcements), "opponent": OPPONENT}


def request(preset: Preset) -> dict:
    """The engine's `hold` request for this position (the form's defaults for the rest)."""
    position = {t: {"owner": PLAYER, "armies": a} for t, a in preset.yours.items()}
    position.update({t: {"owner": OPPONENT, "armies": a} for t, a in preset.theirs.items()})
    return {"position": position, "player": PLAYER, "reinforcements": preset.reinforcements,
            "hold": preset.continent or list(preset.hold), "opponent": OPPONENT,
            "opponent_reinforcements": preset.opponent_reinforcements, "fortify": FORTIFY}


def shipped() -> list[dict]:
    """The buttons' data, shipped with the board (board/classic.json's `hold_presets`)."""
    return [{"name": p.name, "label": p.label, "fields": form_fields(p)} for p in PRESETS]


def template_facts() -> dict:
    """What the Hold form's template reads of the positions: each one's fields by name (the empty
    board's too), and the default's name."""
    return {"presets": {EMPTY: EMPTY_FIELDS, **{p.name: form_fields(p) for p in PRESETS}}, "default_preset": DEFAULT}
