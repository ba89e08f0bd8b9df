"""A kill request read and checked once (answers/kill.py `kill`): a turn whose goal is to eliminate
one or more players (`{"eliminate": "<owner>"}` or a list, with `"through"` territories the player
may take on the way), the cards each holds and the game's card sets so far, refused by name where it
cannot be searched.

Army counts are armies on the territory (the board's count). The turn itself (targets, the player's
territories next to them, the reinforcements, the move-in rule, `moving`) is read as a turn's
(checks/turn_request.py), its targets the victims' territories and the territories gone through."""
from dataclasses import dataclass, replace

from ..facts import board
from .position import owner_name, territory
from .rules import STANDARD
from .turn_request import holds, read_choices, read_dice, read_moving, read_start, turn_request
from .validate import FieldError, check_int, listing, show

GOAL_FIELDS = ("eliminate", "through")
MOST_VICTIMS = 5            # a game has at most 6 players
MOST_SET_VALUES = 20
MOST_SET_VALUE = 1000


@dataclass(frozen=True)
class KillRequest:
    """A checked kill request.

    turn: the turn (checks/turn_request.py TurnRequest; its targets the victims' territories and the
    territories gone through, board order). victims: their names, in the order given. victim_of:
    per target, the index of its victim, or -1 for a territory gone through. through: the territories
    gone through. cards: per victim, the cards he holds. hand: the player's cards. sets_traded: card
    sets traded in the game so far. set_values: "growing" or a tuple of the sets' values.
    dice: "choose" or "most". killed: mid-turn, the index of the victim whose last territory the
    waiting conquest (turn.moving) took, or None."""
    turn: object
    victims: tuple
    victim_of: tuple
    through: tuple
    cards: tuple
    hand: int
    sets_traded: int
    set_values: object
    dice: str
    killed: object


def is_kill_goal(goal):
    """Is `goal` an eliminate goal (read by this module rather than as a turn's "take")?"""
    return isinstance(goal, dict) and "eliminate" in goal


def read_kill(position, player, reinforcements, goal, cards=None, sets_traded=0, set_values="growing",
              rules=STANDARD, min_move="dice", dice="choose", search="auto", moving=None):
    """The KillRequest of a kill's arguments, or a FieldError naming the field at fault."""
    moving = read_moving(moving)
    held, player, R = read_start(position, player, reinforcements, rules, moving)
    holds(held, player)
    min_move, search = read_choices(min_move, search)
    if search not in ("auto", "real"):
        raise FieldError(f"search: an eliminate goal is always played roll by roll (\"real\"), not {show(search)}",
                         "search")
    dice = read_dice(dice)
    victims, through = _read_goal(goal, held, player)
    owned = {v: [t for t in board.TERRITORIES if t in held and held[t][0] == v] for v in victims}
    gone = [v for v in victims if not owned[v]]
    killed = None
    if gone:
        if moving is None or len(gone) > 1:
            raise FieldError(f"goal: {listing(gone)} {'holds' if len(gone) == 1 else 'hold'} no territory in the "
                             "position, so there is no one to eliminate", "goal")
        killed = victims.index(gone[0])             # mid-turn: his last territory is the one just taken
    hand, per_victim = _read_cards(cards, player, victims)
    sets_traded = check_int("sets_traded", sets_traded, 0, board.MOST_SETS_TRADED)
    set_values = _read_set_values(set_values)
    names = [t for v in victims for t in owned[v]] + list(through)
    turn = turn_request(held, player, R, (tuple(t for t in board.TERRITORIES if t in names), None), min_move,
                        "real", moving)
    # no set to hold: no territory is on a goal's border, so an exact tie between moves always moves the
    # most in (algorithms/plan.py tie_key "forward"), the same before a kill and in a request after it
    turn = replace(turn, targets=tuple(replace(t, border=False) for t in turn.targets),
                   entries=tuple(replace(e, border=False) for e in turn.entries), borders=())
    index = {v: i for i, v in enumerate(victims)}
    victim_of = tuple(index.get(held[t.name][0], -1) if t.name not in through else -1 for t in turn.targets)
    return KillRequest(turn, tuple(victims), victim_of, tuple(through), per_victim, hand, sets_traded, set_values,
                       dice, killed)


def _read_goal(goal, held, player):
    """(victims in the order given, the territories gone through in board order)."""
    if not isinstance(goal, dict) or "eliminate" not in goal or set(goal) - set(GOAL_FIELDS):
        unknown = [k for k in goal if k not in GOAL_FIELDS] if isinstance(goal, dict) else []
        extra = f"; unknown field {show(unknown[0])}" if unknown else ""
        raise FieldError('goal must be {"eliminate": "red"} or {"eliminate": ["red", "green"], "through": '
                         f'["Congo"]}}{extra}, got {show(goal)}', "goal")
    raw = goal["eliminate"]
    raw = [raw] if isinstance(raw, str) else raw
    if not isinstance(raw, list) or not raw:
        raise FieldError(f"goal: eliminate names a player or a list of players, got {show(goal['eliminate'])}", "goal")
    if len(raw) > MOST_VICTIMS:
        raise FieldError(f"goal: at most {MOST_VICTIMS} players to eliminate (a game has at most 6), got {len(raw)}",
                         "goal")
    victims = []
    for value in raw:
        v = owner_name(value, "goal")
        if v == player:
            raise FieldError(f"goal: {show(v)} is the player; name the players to eliminate", "goal")
        if v in victims:
            raise FieldError(f"goal: {show(v)} is named twice", "goal")
        victims.append(v)
    through = goal.get("through", [])
    if not isinstance(through, list):
        raise FieldError(f"goal: through lists territories, like [\"Congo\"], got {show(through)}", "goal")
    names = []
    for item in through:
        t = territory(item, "goal")
        if t not in held:
            raise FieldError(f"goal: {t} (through) is not in the position", "goal", [t])
        if held[t][0] == player:
            raise FieldError(f"goal: {t} (through) is already {player}'s", "goal", [t])
        if held[t][0] in victims:
            raise FieldError(f"goal: {t} (through) is {held[t][0]}'s, a player to eliminate: his territories are "
                             "targets already", "goal", [t])
        if t in names:
            raise FieldError(f"goal: {t} is listed twice in through", "goal", [t])
        names.append(t)
    return victims, tuple(t for t in board.TERRITORIES if t in names)


def _read_cards(cards, player, victims):
    """(the player's cards, per victim his cards) from {"<owner>": n, ...}; an owner left out holds none."""
    if cards is None:
        cards = {}
    if not isinstance(cards, dict):
        raise FieldError(f'cards must be an object like {{"{player}": 4, "{victims[0]}": 2}}, got {show(cards)}',
                         "cards")
    for who in cards:
        if who != player and who not in victims:
            raise FieldError(f"cards: {show(who)} is neither the player nor a player to eliminate", "cards")
    hand = _count(player, cards.get(player, 0), board.MOST_HAND_ATTACKING,
                  " (a player holds at most 4 after the trade at the start of a turn, 5 after a kill)")
    per = tuple(_count(v, cards.get(v, 0), board.DECK_CARDS, " (the deck's cards)") for v in victims)
    if hand + sum(per) > board.DECK_CARDS:
        raise FieldError(f"cards: {hand + sum(per)} cards in all, more than the deck's {board.DECK_CARDS}", "cards")
    return hand, per


def _count(who, value, most, why):
    try:
        return check_int(f'cards["{who}"]', value, 0, most)
    except FieldError as e:
        raise FieldError(f"{e}{why}", "cards") from None


def _read_set_values(set_values):
    if set_values == "growing":
        return "growing"
    if not isinstance(set_values, list) or not 1 <= len(set_values) <= MOST_SET_VALUES:
        raise FieldError(f'set_values must be "growing" (4, 6, 8, 10, 12, 15, then 5 more each) or a list of 1 to '
                         f"{MOST_SET_VALUES} set values in order, like [10], got {show(set_values)}", "set_values")
    return tuple(check_int("set_values", v, 1, MOST_SET_VALUE) for v in set_values)
