"""A position on the classic board, read and checked: territory names, who holds what, the goal.

Names are matched as printed on the board, ignoring case and spaces, with the other names in
common use (facts/board.py OTHER_NAMES: Ontario = Central Canada, Siam = Southeast Asia, ...).
A name is written in ASCII letters and spaces (initials may keep their dots: "Western U.S."):
one with any other mark (punctuation, a control or zero-width character, full-width letters) is
refused, never silently cleaned, and answered with the name it would be without them; a
misspelling is answered with the closest name. Armies are counted on the territory (the board's
count). Every message names the field at fault."""
import difflib

from ..facts import board
from ..facts.limits import HOLDING_FIELDS, LIMITS
from .rules import Rules
from .validate import FieldError, check_armies, show

MAX_OWNER = 40          # characters of an owner's name


def territory(name, field, continents=False):
    """The board's name of a territory (printed name or a common other name), or a FieldError on
    `field` that suggests the closest name (among the continents' names too when `continents`)."""
    if not isinstance(name, str) or not name.strip():
        raise FieldError(f"{field}: a territory is named by text, like \"Brazil\", got {show(name)}", field)
    if len(name) > LIMITS["max_input_chars"]:
        raise FieldError(f"{field}: a territory name of {len(name):,} characters is too long", field)
    hit = board.written_name(name)
    if hit:
        return hit
    if not board.plain(name):
        loose = board.name_of(name) or (board.continent_named(name) if continents else None)
        if loose:
            raise FieldError(f"{field}: {show(name)} has marks a board name does not have (names are written "
                             f"in letters and spaces); did you mean {loose!r}?", field, [loose] if loose in
                             board.NEIGHBOURS else [])
    known = list(board.TERRITORIES) + list(board.OTHER_NAMES) + (list(board.MEMBERS) if continents else [])
    close = difflib.get_close_matches(name.strip().title(), known, n=1, cutoff=0.6)
    hint = f"; did you mean {board.OTHER_NAMES.get(close[0], close[0])!r}?" if close else \
        " (the classic board's 42 territories: describe() lists them)"
    kind = "a territory or continent" if continents else "a territory"
    raise FieldError(f"{field}: {show(name)} is not {kind} of the classic board{hint}", field)


def continent(name):
    """The board's name of a continent written in letters and spaces, or None."""
    return board.written_continent(name)


def owner_name(value, field):
    """An owner's name: text of 1 to MAX_OWNER characters."""
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_OWNER:
        raise FieldError(f"{field} must be a name of 1 to {MAX_OWNER} characters, like \"you\", got {show(value)}", field)
    return value.strip()


def read_position(position, rules, least_armies=1):
    """{territory: (owner, armies, Rules)} from {"<territory>": {"owner": ..., "armies": n, and
    optionally rule fields for that territory's defence (a capital: "defend_dice": 3)}}.
    least_armies: 1, or 0 where a territory just conquered may be listed before armies move in."""
    if not isinstance(position, dict) or not position:
        raise FieldError("position must be an object like {\"Brazil\": {\"owner\": \"you\", \"armies\": 5}, ...} "
                         f"with at least one territory, got {show(position)}", "position")
    out = {}
    for raw, holding in position.items():
        name = territory(raw, "position")
        where = f"position[{name!r}]"
        if name in out:
            raise FieldError(f"position: {name} is given twice (as {show(raw)} too)", "position", [name])
        if not isinstance(holding, dict):
            raise FieldError(f"{where} must be an object like {{\"owner\": \"you\", \"armies\": 3}}, got {show(holding)}",
                             "position", [name])
        unknown = [k for k in holding if k not in HOLDING_FIELDS]
        if unknown:
            close = difflib.get_close_matches(str(unknown[0]), HOLDING_FIELDS, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else "; a territory takes owner, armies and rule fields"
            raise FieldError(f"{where}: unknown field {show(unknown[0])}{hint}", "position", [name])
        try:
            who = owner_name(holding.get("owner"), "owner")
            armies = check_armies("armies", holding.get("armies"), least_armies)
            own = {k: holding[k] for k in HOLDING_FIELDS[2:] if holding.get(k) is not None}
            here = Rules(**{**{k: getattr(rules, k) for k in rules.__dataclass_fields__}, **own}) if own else rules
        except FieldError as e:
            raise FieldError(f"{where}: {e}", "position", [name]) from None
        out[name] = (who, armies, here)
    return out


def read_goal(goal):
    """(the goal's territories in board order, the continent's name or None) from {"take":
    "<continent>"} or {"take": ["<territory>", ...]}."""
    if isinstance(goal, dict) and "eliminate" in goal:
        raise FieldError('goal: eliminating players is riskodds.kill\'s (with the cards); in JSON, op "turn" takes '
                         '{"eliminate": ...} with "cards"', "goal")
    if not isinstance(goal, dict) or set(goal) != {"take"}:
        raise FieldError("goal must be {\"take\": \"South America\"} (a continent) or {\"take\": [\"Brazil\", \"Peru\"]} "
                         f"(territories), got {show(goal)}", "goal")
    return read_territories(goal["take"], "goal", "take", lambda whole: f'{{"take": "{whole}"}}')


def read_territories(value, field, verb, written):
    """(territories in board order, the continent's name or None) from a continent's name or a list
    of territories: a goal's "take", a hold set. Refused on `field`: an empty or odd value, a
    continent in a list (`written(continent)` says how to write it whole), a territory twice."""
    if isinstance(value, str):
        name = continent(value)
        if name:
            return board.MEMBERS[name], name
        return (territory(value, field, continents=True),), None
    if not isinstance(value, list) or not value:
        raise FieldError(f"{field}: {verb} a continent's name or a list of territories, got {show(value)}", field)
    names = []
    for item in value:
        whole = board.written_continent(item)
        if whole:
            raise FieldError(f"{field}: {whole} is a continent, not a territory: to {verb} all of it, write "
                             f"{written(whole)}", field)
        name = territory(item, field)
        if name in names:
            raise FieldError(f"{field}: {name} is listed twice", field, [name])
        names.append(name)
    return tuple(t for t in board.TERRITORIES if t in names), None
