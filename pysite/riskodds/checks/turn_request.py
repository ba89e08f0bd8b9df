"""A turn request read and checked once, into the record every later step of a turn works on.

`read_turn` reads the position (checks/position.py), the player, the reinforcements, the goal,
the move-in rule and the family asked for, refuses what cannot be planned (every message names
the field at fault, and the territories when it is about some), and returns a `TurnRequest`:
the targets (goal territories the player does not hold, each with its defenders and its round
model, compiled once), the entries (the player's territories that border a target), the goal's
border, and the numbers the search and its cost need. Army counts are armies on the territory
(the board's count: one stays behind when a territory attacks).

`read_reinforcements` reads the request of the reinforcements op: the same position and player,
refused alike when the player holds nothing."""
from dataclasses import dataclass

from ..facts import board
from ..facts.limits import DICE_FIELD, LIMITS, MOVE_FIELD, TURN_SEARCHES
from .model import as_model, as_models, scale_for
from .position import owner_name, read_goal, read_position, territory
from .rules import STANDARD
from .validate import FieldError, check_choice, check_int, listing, show

MIN_MOVES = ("one", "dice")             # the move-in rules, in the order messages list them
DICE = tuple(value for value, _ in DICE_FIELD["choices"])   # the attacker's dice: any number before each roll, or always the most
MOVING_FIELDS = ("from", "to", "dice")
assert set(MIN_MOVES) == {value for value, _ in MOVE_FIELD["choices"]}


@dataclass(frozen=True)
class Target:
    """A target: its name, its defenders (armies on it), its round model, and whether it lies on the
    goal's border (it borders a territory outside the goal)."""
    name: str
    defenders: int
    model: object
    border: bool


@dataclass(frozen=True)
class Entry:
    """A territory of the player that borders a target: its name, its armies (on the territory,
    before placement), the targets it borders (indexes) and whether it lies on the goal's border
    (a territory of the goal the player already holds)."""
    name: str
    armies: int
    touches: tuple
    border: bool


@dataclass(frozen=True)
class TurnRequest:
    """A checked turn request (module docstring).

    player: the owner who moves. goal: the goal's territories in board order; goal_name: its
    continent's name or None. targets: Target records (the goal territories the player does not
    hold, board order); entries: Entry records (board order). adjacent: per target, the mask of its
    neighbours among the targets. borders: the goal's territories that border a territory outside
    it (facts/board.py `borders`), board order. R: armies to place. min_move: "dice" or "one".
    search: the family asked for (facts/limits.py TURN_SEARCHES). scale: the exact scale of every
    target's model (maths/scaled.py). models: the targets' distinct round models. most: the most
    targets one territory could attack (its neighbours among the targets). moving: the conquest
    waiting for its move (a Moving), or None."""
    player: str
    goal: tuple
    goal_name: object
    targets: tuple
    entries: tuple
    adjacent: tuple
    borders: tuple
    R: int
    min_move: str
    search: str
    scale: object
    models: tuple
    most: int
    moving: object = None


def read_turn(position, player, reinforcements, goal, rules=STANDARD, min_move="dice", search="auto", moving=None):
    """The TurnRequest of a turn's arguments (answers/turn.py `turn`), or a FieldError naming the
    field at fault. moving: a Moving (read_moving) or None."""
    held, player, R = read_start(position, player, reinforcements, rules, moving)
    return turn_request(held, player, R, read_goal(goal), *read_choices(min_move, search), moving)


def read_start(position, player, reinforcements, rules, moving):
    """(held, player, R) of a turn's position, player and reinforcements (a turn's and a kill's,
    checks/kill_request.py), checked against the conquest waiting for its move (`moving`, read by
    read_moving, or None): mid-turn every army is placed already, so R must be 0."""
    held = read_position(position, rules, 0 if moving is not None else 1)
    player = owner_name(player, "player")
    R = check_int("reinforcements", reinforcements, 0, LIMITS["max_armies"])
    check_moving(held, player, moving)
    if moving is not None and R:
        raise FieldError("reinforcements: mid-turn, right after a conquest (moving), every army is already placed: "
                         "give 0", "reinforcements")
    return held, player, R


def read_choices(min_move, search):
    """(min_move, search) checked: the move-in rule and the family of plans asked for."""
    return check_choice("min_move", min_move, MIN_MOVES), check_choice("search", search, TURN_SEARCHES)


def turn_request(held, player, R, goal, min_move, search, moving=None):
    """The TurnRequest from arguments already read: held, {territory: (owner, armies, Rules)}
    (checks/position.py read_position); goal, (territories, continent name or None) (read_goal).
    moving: a checked Moving: its territories are entries even where they border no target."""
    goal_territories, goal_name = goal
    missing = [t for t in goal_territories if t not in held]
    if missing:
        raise FieldError(f"goal: {listing(missing)} {'has' if len(missing) == 1 else 'have'} no armies given: "
                         "add every goal territory to the position", "goal", missing)
    holds(held, player)
    names = [t for t in goal_territories if held[t][0] != player]
    if not names and moving is None:
        raise FieldError(f"goal: {goal_name or listing(goal_territories)} is already held by {player}, "
                         "so there is nothing to take", "goal")
    if len(names) > LIMITS["max_turn_targets"]:
        raise FieldError(f"goal: {len(names)} territories to take; a turn plans at most "
                         f"{LIMITS['max_turn_targets']} (max_turn_targets)", "goal")
    index = {t: i for i, t in enumerate(names)}
    edge = board.borders(goal_territories)
    models = as_models([held[t][2] for t in names])        # the request's rules compiled once
    targets = [Target(t, held[t][1], model, t in edge) for t, model in zip(names, models)]
    adjacent = tuple(sum(1 << index[n] for n in board.NEIGHBOURS[t] if n in index) for t in names)
    entries = []
    for t in board.TERRITORIES:
        if t in held and held[t][0] == player:
            touches = tuple(index[n] for n in board.NEIGHBOURS[t] if n in index)
            if touches or (moving is not None and t in (moving.source, moving.target)):
                entries.append(Entry(t, held[t][1], touches, t in edge))
    if not entries:
        raise FieldError(f"goal: no territory of {player} borders {goal_name or listing(names)}, so it cannot be "
                         "reached this turn", "goal", names)
    reached = reachable(entries, adjacent)
    lost = [t for i, t in enumerate(names) if not reached >> i & 1]
    if lost:
        raise FieldError(f"goal: {listing(lost)} cannot be reached: no territory of {player} borders "
                         f"{'it' if len(lost) == 1 else 'them'} or a target that leads there", "goal", lost)
    distinct = tuple(dict.fromkeys(t.model for t in targets))
    most = max([len(e.touches) for e in entries] + [bin(a).count("1") for a in adjacent])
    return TurnRequest(player, goal_territories, goal_name, tuple(targets), tuple(entries), adjacent, edge, R,
                       min_move, search, scale_for(*(distinct or (as_model(STANDARD),))), distinct, most, moving)


def holds(held, player):
    """Refuse a player who holds no territory of the position (read_position's `held`)."""
    if not any(who == player for who, _, _ in held.values()):
        raise FieldError(f"player: {show(player)} holds no territory in the position", "player")


def read_reinforcements(position, player, cards=0):
    """(held, player, cards) of a reinforcements request, checked as a turn's: the player must
    hold a territory of the position; cards: a card set's armies, 0 or more."""
    held = read_position(position, STANDARD)
    player = owner_name(player, "player")
    cards = check_int("cards", cards, 0, LIMITS["max_armies"])
    holds(held, player)
    return held, player, cards


def reachable(entries, adjacent):
    """Mask of the targets reachable from the entries through targets."""
    seen = 0
    frontier = [i for e in entries for i in e.touches]
    while frontier:
        i = frontier.pop()
        if not seen >> i & 1:
            seen |= 1 << i
            frontier += [j for j in range(len(adjacent)) if adjacent[i] >> j & 1]
    return seen


@dataclass(frozen=True)
class Moving:
    """A conquest waiting for its move (mid-turn): `source` just took `target` rolling `dice` dice;
    the armies on `source` are those left after the roll, `target` holds none yet."""
    source: str
    target: str
    dice: int


def read_dice(dice):
    """The attacker's dice rule: "choose" (any number before each roll, the printed rules) or
    "most" (always the most it may, as the digital game's blitz)."""
    return check_choice("dice", dice, DICE)


def read_moving(moving):
    """A Moving from {"from": "<territory>", "to": "<territory>", "dice": n}, or None; the names
    read as the board prints them, the dice 1 to 3. The position is checked against it by
    `check_moving`."""
    if moving is None:
        return None
    if not isinstance(moving, dict) or set(moving) != set(MOVING_FIELDS):
        raise FieldError('moving must be {"from": "<territory>", "to": "<territory>", "dice": n}: the territory that '
                         f"just conquered, the one it took and the dice of the conquering roll, got {show(moving)}",
                         "moving")
    source, target = territory(moving["from"], "moving"), territory(moving["to"], "moving")
    if target not in board.NEIGHBOURS[source]:
        raise FieldError(f"moving: {source} does not border {target}, so it cannot have taken it", "moving",
                         [source, target])
    try:
        dice = check_int("the dice of the conquering roll", moving["dice"], 1, 3)
    except FieldError as e:
        raise FieldError(f"moving: {e}", "moving") from None
    return Moving(source, target, dice)


def check_moving(held, player, moving):
    """Refuse a position that does not fit the move it waits for: the conquered territory the
    player's with 0 armies, the conqueror the player's with more armies than the dice it rolled, the
    dice no more than the rules let an attack on it roll; and 0 armies anywhere else."""
    if moving is not None:
        for name in (moving.target, moving.source):
            if name not in held or held[name][0] != player:
                raise FieldError(f"moving: {name} must be in the position as {player}'s", "moving", [name])
        if held[moving.target][1] != 0:
            raise FieldError(f"moving: {moving.target} was just taken, so it holds no armies yet: give it 0",
                             "moving", [moving.target])
        most = getattr(held[moving.target][2], "attack_dice", None) or 3     # its rules (the attack on it)
        if moving.dice > most:
            raise FieldError(f"moving: an attack on {moving.target} rolls at most {most} "
                             f"{'die' if most == 1 else 'dice'} under these rules, not {moving.dice}", "moving",
                             [moving.source, moving.target])
        if held[moving.source][1] < moving.dice + 1:
            raise FieldError(f"moving: {moving.source} rolled {moving.dice} dice, so it holds at least "
                             f"{moving.dice + 1} armies (one stays behind), not {held[moving.source][1]}", "moving",
                             [moving.source])
    empty = [t for t, (_, armies, _) in held.items() if armies == 0 and (moving is None or t != moving.target)]
    if empty:
        raise FieldError(f"position: {listing(empty)} {'has' if len(empty) == 1 else 'have'} no armies; only a "
                         "territory just conquered (moving) may, before armies move in", "position", empty)
