"""The kill turn as an answer (op `turn` with goal {"eliminate": ...}): the whole turn (placement;
every attack, dice and move; at each kill the forced card trade and the best placement of the armies
it brings) that makes the chance to eliminate every player named the largest, exactly; with the
chance of each kill under that play and the cards held at the end.

The search is algorithms/kill.py's; the card rules are facts/board.py's (`forced_trade`). Army counts
are armies on the territory (the board's count). The danger view is the same request from the other
side: the opponent as the player and you as the player to eliminate."""
from dataclasses import dataclass
from fractions import Fraction
from itertools import permutations
from math import comb

from ..algorithms import kill as killing
from ..algorithms import real_turn as search
from ..algorithms.turn import compositions
from ..checks.kill_request import read_kill
from ..checks.rules import STANDARD
from ..checks.validate import listing
from ..facts.board import forced_trade, set_value
from ..facts.limits import COST_MODEL
from ..guards.budget import BudgetError, Estimate, as_budget, check_cost, guarded
from . import real_turn as real
from .keep import course
from .words import percent

MODEL = (
    "You place your reinforcements on your own territories, then play roll by roll: any territory of yours with "
    "2 armies or more attacks any territory of the players to eliminate (or one you may go through) next to it, "
    "with any number of dice before each roll; after a conquest you move in at least the dice rolled, at most all "
    "but one. Every other territory is a wall.",
    "When you take a player's last territory you take his cards. Holding 6 or more, you must trade sets at once "
    "until you hold 4 or fewer, and place those armies at once on your territories; then you play on.",
    "A set is worth the game's next value (4, 6, 8, 10, 12, 15, then 5 more each, or the values you give). You "
    "draw one card at the end of a turn in which you took a territory.",
    "Your play is the one that makes the chance to eliminate every player named the largest.",
)
MOST_PLACEMENTS = 20_000


@dataclass(frozen=True)
class KillAnswer:
    """The best turn to eliminate players.

    win: P(every victim eliminated) under the best play (Fraction). kills: ((victim, P(he is
    eliminated) under the same play), ...) in the order named. placement: ((territory, armies
    placed), ...) on the player's territories next to a target. next: the first action ({"attack":
    {"from", "to", "dice"}}, mid-turn {"move": {"from", "to", "armies"}}, or {"stop": True}). trade:
    mid-turn, where the waiting conquest is a kill, what it brings ({"victim", "cards_taken",
    "sets", "armies", "hand", "sets_traded", "placement"}), else None. line: a typical course (each
    roll's most likely outcome), each step a battle as a turn's ({"from", "to", "dice", "armies",
    "defenders", "rolls", "taken", "moved" or "left", "defenders_left"}) or a kill ({"kill", "cards_taken",
    "sets", "armies", "hand", "sets_traded", "placement"}). cards_after: the player's cards at the end of
    that course, the card drawn included. next_set: the armies the game's next set is worth now.
    words: sentences. searched: what was searched."""
    player: str
    victims: tuple
    through: tuple
    reinforcements: int
    cards: dict
    sets_traded: int
    next_set: int
    win: Fraction
    kills: tuple
    alone: tuple
    placement: tuple
    next: dict
    trade: object
    line: tuple
    cards_after: int
    words: tuple
    searched: dict
    model: tuple = MODEL


@guarded
def kill(position, player, reinforcements, goal, *, cards=None, sets_traded=0, set_values="growing",
         rules=STANDARD, min_move="dice", dice="choose", search_family="auto", moving=None, budget=None):
    """The best way for `player` to eliminate the players of `goal` this turn (the module's MODEL).

    goal: {"eliminate": "<owner>"} or {"eliminate": ["<owner>", ...], "through": ["<territory>", ...]}:
        every territory of every owner named is to be taken, in the order the play chooses; through:
        other territories the player may take on the way (every other territory is a wall).
    cards: {"<owner>": n, ...}, the player's own included (an owner left out holds none).
    sets_traded: card sets traded in the game so far; set_values: "growing" (4, 6, 8, 10, 12, 15, then
        5 more each) or a list of the sets' values in order (the last repeating: [10] is 10 each).
    moving: mid-turn, a conquest waiting for its move ({"from", "to", "dice"}, as a turn's). Where it
        took a victim's last territory, that victim is named in goal with no territory left, and the
        answer's `trade` says what the kill brings and where to place it.

    Killing red with Brazil 6 and North Africa 1, then green with the armies his cards bring:

    >>> position = {"Brazil": {"owner": "you", "armies": 6}, "North Africa": {"owner": "you", "armies": 1},
    ...             "Peru": {"owner": "red", "armies": 1}, "Argentina": {"owner": "red", "armies": 2},
    ...             "Congo": {"owner": "green", "armies": 2}}
    >>> k = kill(position, "you", 0, {"eliminate": ["red", "green"]}, cards={"you": 4, "red": 2}, sets_traded=5)
    >>> f"{float(k.win):.4f}", [(v, f"{float(p):.4f}") for v, p in k.kills]
    ('0.7358', [('red', '0.7360'), ('green', '0.7358')])
    >>> [(s["kill"], s["armies"]) for s in k.line if "kill" in s]
    [('red', 15), ('green', 0)]
    """
    request = read_kill(position, player, reinforcements, goal, cards, sets_traded, set_values, rules, min_move,
                        dice, search_family, moving)
    budget = as_budget(budget)
    turn = request.turn
    what = f"eliminating {listing(list(request.victims))} with {turn.R:,} to place"
    lay = search.layout(turn.targets, turn.entries, turn.adjacent)
    base = [-t.defenders for t in turn.targets] + [e.armies for e in turn.entries]
    slots = [lay.k + i for i, e in enumerate(turn.entries) if e.touches]
    placements = comb(turn.R + len(slots) - 1, len(slots) - 1) if slots else 1
    hint = "Fewer reinforcements, fewer players to eliminate or smaller stacks would fit."
    if placements > MOST_PLACEMENTS:
        raise BudgetError(f"{what} has {placements:,} ways to place: too many to search. {hint}", "reinforcements")
    cashed = _cashed(request)
    cashed_most = cashed((1 << len(request.victims)) - 1)[0]
    top = list(base)
    if len(top) > lay.k:
        top[lay.k] += turn.R
    # per slot, whose territory it is: the targets' victims; mid-turn, the territory just taken from a
    # victim names him (the move into it brings his cards: algorithms/kill.py)
    victim_of = list(request.victim_of) + [-1] * len(turn.entries)
    if request.killed is not None:
        victim_of[lay.names.index(turn.moving.target)] = request.killed
    states = killing.states_bound(lay, top, victim_of, len(request.victims), cashed)
    if states > real.MOST_STATES:
        raise BudgetError(f"{what} could meet up to {states:,} positions: more than any budget allows. {hint}", "goal")
    estimate = Estimate(COST_MODEL["kill_request_s"] + COST_MODEL["kill_state_s"] * states,
                        COST_MODEL["base_mb"] + COST_MODEL["kill_state_mb"] * states, what,
                        COST_MODEL["kill_browser_factor"])
    check_cost(estimate, budget, "goal", hint)

    potential = sum(base[lay.k:]) + turn.R + cashed_most + sum(t.defenders for t in turn.targets)
    zero = search.underflow_free(turn.models, potential) if turn.models else True
    solver = killing.KillTurn(lay, turn.min_move, request.dice, victim_of, request.cards,
                              request.set_values, zero, search.relative_for(potential))
    search.grow_stack(potential)
    hand, sets = request.hand, request.sets_traded
    trade = None
    moved = None
    if turn.moving is None:
        splits = list(compositions(turn.R, len(slots)))
        first = solver.start(base, hand, sets)
        win, i = solver.best_of([solver.placed(first, slots, p) for p in splits])
        start = solver.placed(first, slots, splits[i])
        placement = tuple((lay.names[j], p) for j, p in zip(slots, splits[i]))
    else:                                   # mid-turn: the move first, then the kill's trade if it is one
        placement = ()
        start, moved, trade, win = _mid_turn(solver, request, lay, base)
    kills = _kills(solver, request, start)
    line, end = _course(solver, request, start)
    if moved is not None:
        line = [{"move": moved}] + ([_trade_step(trade)] if trade else []) + line
    action = solver.best_action(start)
    nxt = {"move": moved} if moved is not None else (
        {"stop": True} if action is None else
        {"attack": {"from": lay.names[action[0]], "to": lay.names[action[1]], "dice": action[2]}})
    conquered = moved is not None or any(step.get("taken") for step in line)
    cards_after = end[-2] + (1 if conquered else 0)
    searched = {"family": "real", "complete": True, "states": len(solver.values), "bound": states,
                "placements": placements,
                "words": f"Every placement ({placements:,}) and way to play your turn, roll by roll, with every "
                         f"placement of the armies a kill brings ({len(solver.values):,} positions)."}
    card_words = {request.turn.player: hand, **{v: c for v, c in zip(request.victims, request.cards)}}
    next_set = set_value(sets + 1, request.set_values)
    alone = ()
    if not win and len(request.victims) > 1 and turn.moving is None:
        alone = tuple((v, _alone(position, player, reinforcements, request, v, rules, min_move, dice))
                      for v in request.victims)
    words = _words(request, win, kills, alone, placement, nxt, trade, line, cards_after, next_set)
    return KillAnswer(turn.player, request.victims, request.through, turn.R, card_words, sets, next_set, win,
                      kills, alone, placement, nxt, trade, tuple(line), cards_after, tuple(words), searched)


def _alone(position, player, reinforcements, request, victim, rules, min_move, dice):
    """The best chance to eliminate `victim` alone, the other victims' territories gone through."""
    others = [t.name for t, v in zip(request.turn.targets, request.victim_of)
              if v >= 0 and request.victims[v] != victim]
    cards = {request.turn.player: request.hand, victim: request.cards[request.victims.index(victim)]}
    return kill(position, player, reinforcements, {"eliminate": victim, "through": list(request.through) + others},
                cards=cards, sets_traded=request.sets_traded,
                set_values=request.set_values if request.set_values == "growing" else list(request.set_values),
                rules=rules, min_move=min_move, dice=dice).win


def _cashed(request):
    """cashed(dead): (the most armies the kills of the victims in mask `dead` can bring, over the
    orders of those kills; the number of orders), memoised; the victim killed mid-turn first."""
    memo = {}

    def cashed(dead):
        got = memo.get(dead)
        if got is None:
            most, orders = 0, 0
            for order in permutations(v for v in range(len(request.victims)) if dead >> v & 1):
                if request.killed is not None and request.killed in order and order[0] != request.killed:
                    continue
                hand, sets, armies = request.hand, request.sets_traded, 0
                for v in order:
                    more, hand, sets = forced_trade(hand + request.cards[v], sets, request.set_values)
                    armies += more
                most, orders = max(most, armies), orders + 1
            got = memo[dead] = (most, max(orders, 1))
        return got
    return cashed


def _mid_turn(solver, request, lay, base):
    """(the state after the best move, the move, the trade or None, the exact value) for a request
    waiting for its move (turn.moving): the solver's best move, with the kill's trade where the
    territory taken was a victim's last (request.killed)."""
    moving = request.turn.moving
    names = lay.names
    x, y = names.index(moving.source), names.index(moving.target)
    s = solver.start(base, request.hand, request.sets_traded)
    a = base[x]                             # the conqueror's armies (the start writes a spent one 0)
    s = s[:x] + (a,) + s[x + 1:]
    m = solver.best_move(s, x, y, a, moving.dice)
    win = solver.moved_exact(s, x, y, a, m)
    t, cashed = solver.after(s, x, y, a, m)
    trade = None
    if request.killed is not None:
        placement = ()
        if cashed and not solver.won(t):
            placed, t = solver.best_placement(t, cashed)
            placement = tuple((names[i], p) for i, p in placed)
        trade = {"victim": request.victims[request.killed], "cards_taken": request.cards[request.killed],
                 "sets": t[-1] - request.sets_traded, "armies": cashed, "hand": t[-2], "sets_traded": t[-1],
                 "placement": placement}
    return t, {"from": moving.source, "to": moving.target, "armies": m}, trade, win


def _trade_step(trade):
    """A kill's trade as a step of the line: {"kill": victim, ...}, as the course writes its kills."""
    return {"kill": trade["victim"], **{k: v for k, v in trade.items() if k != "victim"}}


def _kills(solver, request, start):
    """((victim, P(he is eliminated) under the best play), ...), exactly."""
    if not request.victims:
        return ()
    groups = [solver.of_victim[v] for v in range(len(request.victims))]

    def end(s):
        return tuple(Fraction(int(all(s[y] >= 0 for y in g))) for g in groups)
    got = solver.follow(start, solver.best_action, solver.best_move, end, stop=end)
    return tuple(zip(request.victims, got))


def _course(solver, request, s, most_steps=60):
    """(a typical course from s under the best play, its end state; answers/keep.py `course`), and
    after a kill the trade and where its armies go."""
    names = solver.lay.names

    def conquer(s, x, y, a, n):
        m, cashed, placed, t = solver.step(s, x, y, a, n)
        v = solver.victim_of[y]
        if v < 0 or not all(t[z] >= 0 for z in solver.of_victim[v]):
            return m, t, ()
        return m, t, (_trade_step({"victim": request.victims[v], "cards_taken": request.cards[v],
                                   "sets": t[-1] - s[-1], "armies": cashed, "hand": t[-2], "sets_traded": t[-1],
                                   "placement": tuple((names[i], p) for i, p in placed)}),)
    return course(solver, s, conquer, most_steps)


def _name(owner):
    """An owner in a sentence: "you", "the opponent", or the name as given."""
    return {"you": "you", "opponent": "the opponent"}.get(owner, owner)


def _cap(text):
    return text[:1].upper() + text[1:]


def _words(request, win, kills, alone, placement, nxt, trade, line, cards_after, next_set):
    """The answer in sentences: the cards first (the page shows that one apart), then the play. The
    player is "you" (you place, you attack) or another (he places, he attacks: the danger view)."""
    victims = list(request.victims)
    out = []
    you = request.turn.player == "you"
    who = _cap(_name(request.turn.player))

    def verb(plain, third):
        return plain if you else third
    hand = request.hand
    held = [f"{_name(v)} {c}" for v, c in zip(victims, request.cards)]
    out.append(f"{who} {verb('hold', 'holds')} {hand} {'card' if hand == 1 else 'cards'}, {listing(held)}. "
               f"{request.sets_traded} {'set' if request.sets_traded == 1 else 'sets'} traded so far: the next set "
               f"is worth {next_set}.")
    if "move" in nxt:                   # mid-turn: the move first, then what the kill brings
        mv = nxt["move"]
        out.append(f"{mv['to']}: taken, {verb('move', 'he moves')} in {mv['armies']} now.")
    if trade:
        cards = f"{trade['cards_taken']} {'card' if trade['cards_taken'] == 1 else 'cards'}"
        last = f"Taking {_name(trade['victim'])}'s last territory"
        if not trade["cards_taken"]:
            out.append(f"{last} brings no cards: he held none.")
        elif trade["armies"]:
            out.append(f"{last} brings his {cards}: {verb('trade', 'he trades')} {trade['sets']} "
                       f"{'set' if trade['sets'] == 1 else 'sets'} now for {trade['armies']} armies.")
            placed = [f"{a} on {t}" for t, a in trade["placement"] if a]
            if placed:
                out.append(f"{verb('Place them', 'He places them')}: {listing(placed)}.")
        else:
            out.append(f"{last} brings his {cards}: {verb('you hold', 'he holds')} {trade['hand']}, too few to "
                       "trade now.")
    placed = [f"{a} on {t}" for t, a in placement if a]
    if placed:
        out.append(f"{verb('Place', 'He places')} {listing(placed)}.")
    if "attack" in nxt:
        at = nxt["attack"]
        out.append(f"{verb('Attack', 'He attacks')} {at['to']} from {at['from']} with {at['dice']} "
                   f"{'die' if at['dice'] == 1 else 'dice'}.")
    elif "move" not in nxt:
        out.append(verb("No attack gives a chance: do not attack.", "No attack gives him a chance.") if not win
                   else "The turn is won: stop.")
    named = [_name(v) for v in victims]
    if len(victims) == 1:
        out.append(f"{who} {verb('eliminate', 'eliminates')} {named[0]} with chance {percent(win)}.")
    else:
        each = ", ".join(f"{_name(v)} {percent(p)}" for v, p in kills)
        out.append(f"{who} {verb('eliminate', 'eliminates')} all of {listing(named)} with chance {percent(win)} "
                   f"({each}).")
    if alone:
        each = "; ".join(f"{_name(v)} alone {percent(p)}" for v, p in alone)
        out.append(f"One at a time: {each}.")
    for step in () if trade else line:  # mid-turn the trade is told above
        if "kill" in step and "from" not in step:
            if step["armies"]:
                out.append(f"On a typical course, eliminating {_name(step['kill'])} brings {step['armies']} armies "
                           f"from {step['sets']} {'set' if step['sets'] == 1 else 'sets'}.")
            break
    out.append(f"{who} {verb('end', 'ends')} a typical course holding {cards_after} "
               f"{'card' if cards_after == 1 else 'cards'}, the card drawn for a conquest included.")
    return out
