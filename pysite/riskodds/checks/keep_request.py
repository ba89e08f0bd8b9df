"""A keep request read and checked once (answers/keep.py `keep`): the player's turn to take a set
(checks/turn_request.py, as a turn's), and the opponent's turn after it (checks/hold_request.py,
read on the position with the whole set the player's), refused by name where they cannot be
searched.

Army counts are armies on the territory (the board's count)."""
from dataclasses import dataclass

from ..facts import board
from ..facts.limits import LIMITS
from .hold_request import FORTIFY, read_hold
from .position import owner_name, read_position, territory
from .rules import STANDARD
from .turn_request import DICE, read_moving, read_turn
from .validate import FieldError, check_choice, check_int, show


@dataclass(frozen=True)
class KeepRequest:
    """A checked keep request.

    turn: the player's turn (checks/turn_request.py TurnRequest: the targets, the player's
    territories next to them, the reinforcements R, the move-in rule). after: the opponent's turn
    once the set is taken (checks/hold_request.py HoldRequest, read with the whole set the player's
    and 1 army on each territory taken; `after.armies` is not used), or None where he holds no
    territory left or none that can reach the set (it is then kept for sure once taken). opponent,
    R2: he and his reinforcements. dice: both players' dice ("choose", the printed rules, or
    "most"). fortify: "adjacent" or "none". mine: {territory: armies} of every territory of the
    player before placement. places: the player's territories the placement may go to, board
    order: those next to a target (they attack) and those that can matter to keeping (the front of
    his turn and the territories a fortify move into it may come from)."""
    turn: object
    after: object
    opponent: str
    R2: int
    dice: str
    fortify: str
    mine: dict
    places: tuple


def read_keep(position, player, reinforcements, goal, opponent, opponent_reinforcements, fortify="adjacent",
              rules=STANDARD, min_move="dice", dice="choose", moving=None):
    """The KeepRequest of a keep's arguments, or a FieldError naming the field at fault. moving: mid-turn,
    a conquest waiting for its move, as a turn's ({"from", "to", "dice"}; checks/turn_request.py)."""
    if isinstance(goal, (str, list, tuple)):      # "Australia" or [...]: the set, as Hold takes it
        goal = {"take": goal if isinstance(goal, str) else list(goal)}
    moving = read_moving(moving)
    turn = read_turn(position, player, reinforcements, goal, rules, min_move, "real", moving)
    dice = check_choice("dice", dice, DICE)
    fortify = check_choice("fortify", fortify, FORTIFY)
    held = read_position(position, rules, 0 if moving is not None else 1)
    opponent = owner_name(opponent, "opponent")
    if opponent == turn.player:
        raise FieldError(f"opponent: {show(opponent)} is the player too; name the player who attacks next",
                         "opponent")
    if not any(who == opponent for who, _, _ in held.values()):
        raise FieldError(f"opponent: {show(opponent)} holds no territory in the position", "opponent")
    named = {territory(raw, "position"): h for raw, h in position.items()}
    after_position = {t: (dict(h, owner=turn.player, armies=1) if t in turn.goal else h) for t, h in named.items()}
    after = None
    R2 = opponent_reinforcements
    if any(who == opponent and t not in turn.goal for t, (who, _, _) in held.items()):
        after = read_hold(after_position, turn.player, 0, _as_hold(turn), opponent, opponent_reinforcements,
                          fortify, rules, min_move, dice)
        R2 = after.R2
        if not after.front or not any(a + after.R2 >= 2 for _, a, _ in after.stacks):
            after = None
    else:                                           # he has nothing left outside the set: his count alone
        R2 = check_int("opponent_reinforcements", opponent_reinforcements, 0, LIMITS["max_armies"])
    mine = {t: a for t, (who, a, _) in held.items() if who == turn.player}
    matter = {e.name for e in turn.entries}
    if after is not None:
        matter |= {t for t in after.front if t in mine} | {u for u, _ in after.sources if u in mine}
    places = tuple(t for t in board.TERRITORIES if t in matter)
    return KeepRequest(turn, after, opponent, R2, dice, fortify, mine, places)


def _as_hold(turn):
    """The set as read_hold takes it: the continent's name, or the territories."""
    return turn.goal_name if turn.goal_name else list(turn.goal)
