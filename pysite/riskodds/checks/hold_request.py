"""A hold request read and checked once (answers/hold.py `hold`): the position, the holder, the set
to hold, the opponent and both sides' reinforcements, refused by name where they cannot be
searched.

Army counts are armies on the territory (the board's count). The record keeps only what the
opponent's next turn can touch (algorithms/hold.py says why): the territories of the holder he may
attack on his way to the set (`front`: the set's territories next to him or next to a buffer, and
the buffers), the opponent's territories that border them (`stacks`), and the holder's territories
next to the front that a fortify move may come from.

A buffer is a territory of the holder outside the set that the opponent can reach (it borders him,
or a buffer) and from which the set can be reached (it borders the set, or a buffer): taking it
opens a way in. Territories of other owners are walls: he never attacks them (one opponent, the next
to play)."""
from dataclasses import dataclass

from ..facts import board
from ..facts.limits import LIMITS
from .model import as_model, scale_for
from .position import owner_name, read_position, read_territories
from .rules import STANDARD
from .turn_request import DICE, MIN_MOVES
from .validate import FieldError, check_choice, check_int, listing, show

FORTIFY = ("adjacent", "none")       # one move between adjacent territories of one's own (printed rules), or none


@dataclass(frozen=True)
class HoldRequest:
    """A checked hold request (module docstring).

    player: the holder; opponent: the owner who attacks next. hold: the hold set in board order;
    hold_name: its continent's name or None. R, R2: the holder's and the opponent's reinforcements.
    fortify: "adjacent" or "none". min_move: "dice" or "one"; dice: "choose" or "most" (the
    opponent's move-in and dice rules). front: the hold territories that border a territory of the
    opponent, or a buffer, and the buffers, board order; goal: per front territory, whether it is in
    the set (its conquest breaks the set) or a buffer; links: per front territory, the front
    indexes it borders that he could attack from it once taken (a buffer's; () for the set's);
    armies: {territory of the holder: armies}; models: per front territory, its round model (its
    defence rules); stacks: ((territory, armies, front indexes it
    borders), ...) of the opponent, board order; sources: ((from, to), ...) the fortify moves that
    can reach the front (from a territory of the holder to an adjacent front territory), board
    order; scale: the exact scale of every front territory's model."""
    player: str
    opponent: str
    hold: tuple
    hold_name: object
    R: int
    R2: int
    fortify: str
    min_move: str
    dice: str
    front: tuple
    goal: tuple
    links: tuple
    armies: dict
    models: tuple
    stacks: tuple
    sources: tuple
    scale: object


def read_hold_set(hold):
    """(the hold set's territories in board order, the continent's name or None) from "<continent>"
    or ["<territory>", ...]."""
    return read_territories(hold, "hold", "hold", lambda whole: f'"hold": "{whole}"')


def read_hold(position, player, reinforcements, hold, opponent, opponent_reinforcements, fortify="adjacent",
              rules=STANDARD, min_move="dice", dice="choose"):
    """The HoldRequest of a hold's arguments, or a FieldError naming the field at fault."""
    held = read_position(position, rules)
    player = owner_name(player, "player")
    opponent = owner_name(opponent, "opponent")
    R = check_int("reinforcements", reinforcements, 0, LIMITS["max_armies"])
    R2 = check_int("opponent_reinforcements", opponent_reinforcements, 0, LIMITS["max_armies"])
    fortify = check_choice("fortify", fortify, FORTIFY)
    min_move = check_choice("min_move", min_move, MIN_MOVES)
    dice = check_choice("dice", dice, DICE)
    territories, name = read_hold_set(hold)
    missing = [t for t in territories if t not in held]
    if missing:
        raise FieldError(f"hold: {listing(missing)} {'has' if len(missing) == 1 else 'have'} no armies given: add "
                         "every territory to hold to the position", "hold", missing)
    if opponent == player:
        raise FieldError(f"opponent: {show(opponent)} is the holder too; name the player who attacks next",
                         "opponent")
    if not any(who == player for who, _, _ in held.values()):
        raise FieldError(f"player: {show(player)} holds no territory in the position", "player")
    if not any(who == opponent for who, _, _ in held.values()):
        raise FieldError(f"opponent: {show(opponent)} holds no territory in the position", "opponent")
    others = [t for t in territories if held[t][0] != player]
    if others:
        whose = sorted({held[t][0] for t in others})
        raise FieldError(f"hold: {listing(others)} {'is' if len(others) == 1 else 'are'} held by "
                         f"{listing([show(w) for w in whose])}, not by {show(player)}: a player can only hold "
                         "territories it owns", "hold", others)
    theirs = {t for t, (who, _, _) in held.items() if who == opponent}
    members = set(territories)
    buffers = ways_in(theirs, {t for t, (who, _, _) in held.items() if who == player and t not in members}, members)
    front = tuple(t for t in board.TERRITORIES
                  if t in buffers or t in members and any(n in theirs or n in buffers for n in board.NEIGHBOURS[t]))
    index = {t: i for i, t in enumerate(front)}
    goal = tuple(t in members for t in front)
    links = tuple(tuple(index[n] for n in board.NEIGHBOURS[t] if n in index) if t in buffers else () for t in front)
    for t in front:
        here = held[t][2]
        if getattr(here, "defender_choice", "most") != "most":
            raise FieldError(f"position: the defender of {t} chooses its dice; holding is searched with the "
                             "defender rolling the most it may", "position", [t])
    models = tuple(as_model(held[t][2]) for t in front)
    stacks = tuple((t, held[t][1], tuple(index[n] for n in board.NEIGHBOURS[t] if n in index))
                   for t in board.TERRITORIES if t in theirs and any(n in index for n in board.NEIGHBOURS[t]))
    armies = {t: a for t, (who, a, _) in held.items() if who == player}
    sources = ()
    if fortify == "adjacent":
        sources = tuple((u, v) for u in board.TERRITORIES if u in armies
                        for v in board.NEIGHBOURS[u] if v in index)
    distinct = tuple(dict.fromkeys(models))
    return HoldRequest(player, opponent, territories, name, R, R2, fortify, min_move, dice, front, goal, links, armies,
                       models, stacks, sources, scale_for(*(distinct or (as_model(STANDARD),))))


def ways_in(theirs, outside, members):
    """The buffers: the territories of `outside` (the holder's, not in the set `members`) that the
    opponent (`theirs`) can reach through `outside` alone and from which the set can be reached
    through `outside` alone. Any other territory of the holder is either out of his reach this turn
    or a dead end: taking it never lets him attack the set."""
    def spread(seeds):
        found, todo = set(seeds), list(seeds)
        while todo:
            t = todo.pop()
            for n in board.NEIGHBOURS[t]:
                if n in outside and n not in found:
                    found.add(n)
                    todo.append(n)
        return found
    reached = spread({t for t in outside if any(n in theirs for n in board.NEIGHBOURS[t])})
    leads = spread({t for t in outside if any(n in members for n in board.NEIGHBOURS[t])})
    return reached & leads
