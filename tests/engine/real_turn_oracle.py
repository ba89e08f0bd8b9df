"""A brute-force oracle for the best REAL turn: every policy a player can follow, roll by roll,
with Fractions. Written apart from the engine (it uses only the board's names and links from
riskodds.facts.board, never the engine's algorithms or answers) and kept deliberately plain:
a recursion with a memo over FULL states, no state reduction of any kind.

The model (issue 33, item 1; the printed rules, shared/reference section 12):
- A state is every territory of the position with its owner and its armies (armies on the
  territory: the one that must stay behind included), plus, right after a conquest, the pending
  move `moving` = (from, to, dice of the conquering roll). The conquered territory is then listed
  as the player's with 0 armies.
- Before every roll the player picks any territory of its own with at least 2 armies, any goal
  territory held by another owner that borders it, and the dice: 1 to min(3, armies - 1)
  (dice="choose"), or always min(3, armies - 1) (dice="most").
- The defender rolls min(2, defenders) dice, or min(3, defenders) where its position entry says
  "defend_dice": 3 (a capital).
- One round: every face of every die enumerated here; both sides sort descending, compare
  pairwise, each pair costs the loser one army, a tie goes to the defender.
- A roll that leaves the target with 0 armies conquers it: it becomes the player's with 0
  armies and the player must move m armies in before anything else, m from the dice of that
  last roll (min_move="dice") or 1 (min_move="one") to the attacking territory's armies - 1.
- The player may stop at any time except while a move is pending; stopping is worth 1 if every
  goal territory is the player's, else 0. The value of a state is the best over stopping and
  every action, each action's value the expectation over the roll's outcomes.
- Every roll removes at least one army, so the recursion ends.
- `best` maximises also over every placement of the reinforcements on EVERY territory of the
  player (territories that border no target included).

A position is the request's: {"<territory>": {"owner": name, "armies": n, optionally
"defend_dice": 3}}. Actions: {"attack": {"from", "to", "dice"}}, {"move": {"from", "to",
"armies"}}, {"stop": True}.
"""
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product

from riskodds.facts import board

LINKS = frozenset(frozenset((a, b)) for a, b, _ in board.LINKS)


# ----------------------------------------------------------------------------- one round
@lru_cache(maxsize=None)
def round_outcomes(attack_dice, defend_dice):
    """((attacker losses, defender losses), Fraction) for one roll, every face enumerated."""
    counts = {}
    for att in product(range(1, 7), repeat=attack_dice):
        for de in product(range(1, 7), repeat=defend_dice):
            al = dl = 0
            for x, y in zip(sorted(att, reverse=True), sorted(de, reverse=True)):
                if x > y:
                    dl += 1
                else:
                    al += 1
            counts[al, dl] = counts.get((al, dl), 0) + 1
    total = 6 ** (attack_dice + defend_dice)
    assert sum(counts.values()) == total
    return tuple(((al, dl), Fraction(c, total)) for (al, dl), c in sorted(counts.items()))


# ----------------------------------------------------------------------------- the game
@dataclass(frozen=True)
class Game:
    """What never changes in a turn: the territories (sorted), the player, the goal, the links
    between territories of the position, each territory's most defence dice, and the rules."""
    names: tuple
    player: str
    goal: frozenset
    links: frozenset          # frozenset of frozenset pairs of indices
    defend_most: tuple        # per territory: 2, or 3 for a capital
    min_move: str
    dice: str

    def linked(self, i, j):
        return frozenset((i, j)) in self.links


def _goal_names(goal):
    if isinstance(goal, str):
        return tuple(board.MEMBERS[goal])
    return tuple(goal)


def make_game(position, player, goal, min_move, dice):
    assert min_move in ("dice", "one") and dice in ("choose", "most"), (min_move, dice)
    names = tuple(sorted(position))
    goal = frozenset(_goal_names(goal))
    assert goal <= set(names), goal - set(names)
    links = frozenset(frozenset((i, j)) for i in range(len(names)) for j in range(len(names))
                      if i < j and frozenset((names[i], names[j])) in LINKS)
    defend = []
    for n in names:
        entry = position[n]
        assert set(entry) <= {"owner", "armies", "defend_dice"}, entry
        assert entry.get("defend_dice", 2) in (2, 3), entry
        defend.append(entry.get("defend_dice", 2))
    return Game(names, player, frozenset(names.index(g) for g in goal), links, tuple(defend), min_move, dice)


def make_state(game, position, moving=None):
    """(owners, armies, moving) with moving None or (from index, to index, dice)."""
    owners = tuple(position[n]["owner"] for n in game.names)
    armies = tuple(position[n]["armies"] for n in game.names)
    if moving is not None:
        f, t = game.names.index(moving["from"]), game.names.index(moving["to"])
        assert owners[f] == owners[t] == game.player and armies[t] == 0, moving
        assert game.linked(f, t) and 1 <= moving["dice"] <= 3, moving
        moving = (f, t, moving["dice"])
    for i, a in enumerate(armies):
        assert a >= 1 or (moving is not None and i == moving[1] and a == 0), (game.names[i], a)
    return owners, armies, moving


def to_position(game, state):
    """The request's position and moving for a state."""
    owners, armies, moving = state
    position = {}
    for i, n in enumerate(game.names):
        position[n] = {"owner": owners[i], "armies": armies[i]}
        if game.defend_most[i] == 3:
            position[n]["defend_dice"] = 3
    mv = None if moving is None else {"from": game.names[moving[0]], "to": game.names[moving[1]],
                                      "dice": moving[2]}
    return position, mv


def goal_held(game, state):
    owners = state[0]
    return all(owners[g] == game.player for g in game.goal)


def dice_choices(game, armies):
    """The attacker's dice with `armies` on the attacking territory."""
    most = min(3, armies - 1)
    return [most] if game.dice == "most" else list(range(1, most + 1))


def legal_actions(game, state):
    """Every action allowed in a state, as (kind, details) tuples of indices:
    ("attack", (f, t, dice)), ("move", (f, t, m)), ("stop", ())."""
    owners, armies, moving = state
    if moving is not None:
        f, t, d = moving
        low = d if game.min_move == "dice" else 1
        assert low <= armies[f] - 1, ("no legal move", state)
        return [("move", (f, t, m)) for m in range(low, armies[f])]
    out = [("stop", ())]
    for f in range(len(game.names)):
        if owners[f] != game.player or armies[f] < 2:
            continue
        for t in sorted(game.goal):
            if owners[t] == game.player or not game.linked(f, t):
                continue
            for k in dice_choices(game, armies[f]):
                out.append(("attack", (f, t, k)))
    return out


def transitions(game, state, action):
    """[(Fraction, next state)] for a legal action (kind, details)."""
    owners, armies, moving = state
    kind, x = action
    if kind == "stop":
        return []
    if kind == "move":
        f, t, m = x
        a = list(armies)
        a[f] -= m
        a[t] = m
        return [(Fraction(1), (owners, tuple(a), None))]
    f, t, k = x
    out = []
    for (al, dl), p in round_outcomes(k, min(game.defend_most[t], armies[t])):
        a = list(armies)
        a[f] -= al
        a[t] -= dl
        assert a[f] >= 1 and a[t] >= 0
        if a[t] == 0:
            o = list(owners)
            o[t] = game.player
            out.append((p, (tuple(o), tuple(a), (f, t, k))))
        else:
            out.append((p, (owners, tuple(a), None)))
    return out


@lru_cache(maxsize=None)
def state_value(game, state):
    """P(every goal territory is the player's at the end) under the best policy from `state`."""
    return max(action_val(game, state, a) for a in legal_actions(game, state))


def action_val(game, state, action):
    if action[0] == "stop":
        return Fraction(1) if goal_held(game, state) else Fraction(0)
    return sum((p * state_value(game, nxt) for p, nxt in transitions(game, state, action)), Fraction(0))


# ----------------------------------------------------------------------------- the public face
def value(position, player, goal_territories, min_move="dice", dice="choose", moving=None):
    """The best chance from a full state (no reinforcements left to place)."""
    game = make_game(position, player, goal_territories, min_move, dice)
    return state_value(game, make_state(game, position, moving))


def parse_action(game, state, action):
    """The oracle's (kind, details) for a request action; ValueError if it is not legal."""
    if set(action) == {"stop"} and action["stop"] is True:
        parsed = ("stop", ())
    elif set(action) == {"attack"} and set(action["attack"]) == {"from", "to", "dice"}:
        a = action["attack"]
        parsed = ("attack", (game.names.index(a["from"]), game.names.index(a["to"]), a["dice"]))
    elif set(action) == {"move"} and set(action["move"]) == {"from", "to", "armies"}:
        a = action["move"]
        parsed = ("move", (game.names.index(a["from"]), game.names.index(a["to"]), a["armies"]))
    else:
        raise ValueError(f"not an action: {action!r}")
    if parsed not in legal_actions(game, state):
        raise ValueError(f"not a legal action here: {action!r}")
    return parsed


def action_value(position, player, goal_territories, action, min_move="dice", dice="choose", moving=None):
    """The chance of the best play after taking `action` first (ValueError if it is not legal)."""
    game = make_game(position, player, goal_territories, min_move, dice)
    state = make_state(game, position, moving)
    return action_val(game, state, parse_action(game, state, action))


def outcomes(position, player, goal_territories, action, min_move="dice", dice="choose", moving=None):
    """[(Fraction, next position, next moving)] after a legal action (for walking a turn)."""
    game = make_game(position, player, goal_territories, min_move, dice)
    state = make_state(game, position, moving)
    return [(p, *to_position(game, nxt)) for p, nxt in transitions(game, state, parse_action(game, state, action))]


def actions(position, player, goal_territories, min_move="dice", dice="choose", moving=None):
    """Every legal action in a state, as request actions."""
    game = make_game(position, player, goal_territories, min_move, dice)
    state = make_state(game, position, moving)
    out = []
    for kind, x in legal_actions(game, state):
        if kind == "stop":
            out.append({"stop": True})
        elif kind == "attack":
            out.append({"attack": {"from": game.names[x[0]], "to": game.names[x[1]], "dice": x[2]}})
        else:
            out.append({"move": {"from": game.names[x[0]], "to": game.names[x[1]], "armies": x[2]}})
    return out


def placements(R, names):
    """Every way to place R armies on the territories `names`: dicts {name: armies}."""
    if not names:
        if R == 0:
            yield {}
        return
    if len(names) == 1:
        yield {names[0]: R}
        return
    for p in range(R + 1):
        for rest in placements(R - p, names[1:]):
            yield {names[0]: p, **rest}


def placed(position, player, placement):
    """The position after placing: placement {territory: armies} (or (territory, armies) pairs)."""
    placement = dict(placement)
    out = {n: dict(e) for n, e in position.items()}
    for n, k in placement.items():
        assert out[n]["owner"] == player and k >= 0, (n, k)
        out[n]["armies"] += k
    return out


def best(position, player, reinforcements, goal_territories, min_move="dice", dice="choose"):
    """The best chance over every placement of the reinforcements on every territory of the
    player and every policy after it."""
    mine = sorted(n for n, e in position.items() if e["owner"] == player)
    return max(value(placed(position, player, p), player, goal_territories, min_move, dice)
               for p in placements(reinforcements, mine))
