"""Holding as an answer: where to place and what to fortify so a set of territories (a continent)
survives the opponent's next turn, exactly, with his best reply and the forum's rules of thumb
priced beside it (algorithms/hold.py has the model and why the search is exact).

Army counts are armies on the territory (the board's count)."""
from dataclasses import dataclass, replace
from fractions import Fraction
from math import comb

from ..algorithms import hold as holding
from ..algorithms import real_turn as search
from ..checks.hold_request import read_hold
from ..checks.rules import STANDARD
from ..checks.validate import listing
from ..facts.limits import COST_MODEL
from ..guards.budget import BudgetError, Estimate, as_budget, check_cost, guarded
from . import real_turn as real
from .words import percent

MODEL = (
    "You place your reinforcements on your own territories, then may move armies once from one of your territories "
    "to an adjacent one of your own, leaving at least one (fortify \"adjacent\"; \"none\": no move).",
    "Then the opponent places his reinforcements on his territories and plays his best turn roll by roll: any of "
    "his stacks, any territory of yours next to it, any number of dice before each roll, moving in after each "
    "conquest and attacking on from what he took, stopping when he likes.",
    "He breaks the set by taking one territory of it; the chance you hold is 1 minus his best chance, and your "
    "placement and move are the ones that make it largest.",
    "He can reach the set directly, or through your territories outside it that lead to it (buffers). Only those, "
    "the set's territories he can reach, and his stacks next to them count. Territories of other players are "
    "walls: he does not attack them.",
)
RULES_OF_THUMB = ("all on the most threatened border", "even on the borders",
                  "2 on each border, the rest on the most threatened")


@dataclass(frozen=True)
class HoldAnswer:
    """The best way to hold. hold: P(the opponent takes no territory of the set) (Fraction).
    placement: ((territory, armies placed), ...) for every front territory (the set's territories
    next to the opponent), summing to the reinforcements. fortify: None or {"from", "to", "armies"}.
    reply: the opponent's best reply to them: {"win" (Fraction, 1 - hold), "placement" ((territory,
    armies placed), ...), "next", "line"} (answers/real_turn.py's next and line). rules_of_thumb:
    ({"name", "placement", "fortify", "hold" (Fraction)}, ...). front: the territories he may attack
    on his way (the set's next to him or to a buffer, and the buffers); through: the buffers, his
    ways in through territories of yours outside the set;
    threat: {"territory", "opponent_armies", "armies"} per front territory. words: sentences.
    searched: what was searched."""
    player: str
    opponent: str
    hold_set: tuple
    hold_name: object
    reinforcements: int
    opponent_reinforcements: int
    fortify_rule: str
    hold: Fraction
    placement: tuple
    fortify: object
    reply: dict
    rules_of_thumb: tuple
    front: tuple
    words: tuple
    searched: dict
    model: tuple = MODEL
    through: tuple = ()


@guarded
def hold(position, player, reinforcements, hold, opponent, opponent_reinforcements, *, fortify="adjacent",
         rules=STANDARD, min_move="dice", dice="choose", budget=None):
    """Where to place `reinforcements` (and what to fortify) so that `player` keeps every territory
    of `hold` through the next turn of `opponent`, who places `opponent_reinforcements` and plays
    his best real turn against the set (the module's MODEL).

    position: {"<territory>": {"owner": "<name>", "armies": n}, ...}: armies on the territory; a
        territory may also set rule fields for its defence. Every territory of `hold` must be in it
        and be `player`'s.
    hold: "<continent>" or ["<territory>", ...]. fortify: "adjacent" (the printed rules: one move
        between adjacent territories of one's own, leaving one) or "none".
    rules: the dice rules of every battle. min_move: the opponent's move-in rule ("dice" or "one");
        dice: his dice ("choose", the printed rules, or "most").

    Australia held from Siam:

    >>> position = {"Indonesia": {"owner": "you", "armies": 1}, "New Guinea": {"owner": "you", "armies": 3},
    ...             "Western Australia": {"owner": "you", "armies": 1},
    ...             "Eastern Australia": {"owner": "you", "armies": 1}, "Siam": {"owner": "red", "armies": 6}}
    >>> h = hold(position, "you", 4, "Australia", "red", 2)
    >>> h.placement, h.fortify, f"{float(h.hold):.4f}", h.reply["win"] == 1 - h.hold
    ((('Indonesia', 4),), {'from': 'New Guinea', 'to': 'Indonesia', 'armies': 2}, '0.4645', True)
    """
    request = read_hold(position, player, reinforcements, hold, opponent, opponent_reinforcements, fortify, rules,
                        min_move, dice)
    budget = as_budget(budget)
    front = request.front
    what = (f"holding {request.hold_name or listing(list(request.hold))} with {request.R:,} to place against "
            f"{request.opponent}'s {request.R2:,}")
    if not front or not any(a + request.R2 >= 2 for _, a, _ in request.stacks):
        return _unreachable(request, what)
    hint = "Fewer reinforcements, smaller stacks or a smaller set to hold would fit."
    priced = _priced(request, what)
    if isinstance(priced, str) or priced[0] > real.MOST_STATES or not priced[1].fits(budget):
        field = _at_fault(request, what, budget)
        if isinstance(priced, str):
            raise BudgetError(f"{priced} {hint}", field)
        if priced[0] > real.MOST_STATES:
            raise BudgetError(f"{what} could meet up to {priced[0]:,} positions of the opponent's turn: more than "
                              f"any budget allows. {hint}", field)
        check_cost(priced[1], budget, field, hint)
    states, estimate, configs, theirs_start, most, lower = priced
    check_cost(estimate, budget, "hold", hint)
    placements = comb(request.R2 + len(request.stacks) - 1, len(request.stacks) - 1)
    theirs = sum(theirs_start) + request.R2
    potential = theirs + sum(most)
    finder = holding.HoldSearch(request.models, front, request.stacks, request.R2, request.min_move, request.dice,
                                request.scale, search.underflow_free(request.models, potential), most,
                                request.links, request.goal)
    finder.grow_stack(potential)
    thumbs_configs = [(name, _thumb_configs(request, placed)) for name, placed in rules_of_thumb(request)]
    if lower is not None:
        finder.expect([min(cs, key=lambda c: lower.bound(c[0])[0])[0] for _, cs in thumbs_configs])
    config, _, floats = finder.best(configs, lower)
    vec, placed, move = config
    win, their_placed, (part, start) = finder.reply_exact(vec)
    action, _ = part.solver.best_action(start)
    line = real.course(part.solver, start)
    reply = {"win": win, "placement": tuple(zip((s[0] for s in request.stacks), their_placed)),
             "next": real._action(part.lay.names, action), "line": tuple(line)}
    fort = None if move is None else {"from": move[0], "to": move[1], "armies": move[2]}
    thumbs = tuple(_price(finder, request, name, placed, cs, lower) for (name, placed), (_, cs)
                   in zip(rules_of_thumb(request), thumbs_configs))
    skipped = len(configs) - len(floats)
    searched = {"family": "real", "complete": True, "states": finder.states, "bound": states,
                "configurations": len(configs), "skipped": skipped, "replies": placements,
                "parts": len(finder.parts),
                "words": f"Every placement{' and fortify move' if request.fortify == 'adjacent' else ''} of yours "
                         f"({len(configs):,} different fronts"
                         + (f", {skipped:,} of them set aside by a bound that shows they cannot be the best"
                            if skipped else "")
                         + f") against every placement and way of playing of the opponent: "
                         f"{finder.states:,} positions of his turn searched"
                         + (f", in {len(finder.parts)} parts that never meet" if len(finder.parts) > 1 else "")
                         + "."}
    placement = tuple(zip(front, placed))
    answer_words = _words(request, 1 - win, placement, fort, reply, thumbs)
    return HoldAnswer(request.player, request.opponent, request.hold, request.hold_name, request.R, request.R2,
                      request.fortify, 1 - win, placement, fort, reply, thumbs, front, answer_words, searched,
                      through=buffers(request))


def _priced(request, what):
    """The price of a hold request before any work: (states bound, Estimate, holder configurations,
    his stacks' armies, the most defenders per front territory, the lower bound), or a sentence
    where there are too many configurations or placements to search at all."""
    front = request.front
    configs_bound = holding.count_configurations(front, request.armies, request.R, request.sources)
    stacks = len(request.stacks)
    placements = comb(request.R2 + stacks - 1, stacks - 1)
    if configs_bound > MOST_CONFIGURATIONS or placements > MOST_PLACEMENTS:
        return (f"{what} has up to {configs_bound:,} ways to place and fortify against {placements:,} "
                f"placements of the opponent: too many to search.")
    configs = holding.configurations(front, request.armies, request.R, request.sources)
    theirs_start = [a for _, a, _ in request.stacks]
    states = holding.parts_bound([c[0] for c in configs], request.stacks, request.R2, request.links, request.goal)
    most = [max(c[0][i] for c in configs) for i in range(len(front))]
    # the group bound takes a conquest for a success: not where a buffer stands in the way
    lower = None if buffers(request) else holding.GroupBound(request.models, request.stacks, request.R2,
                                                             request.min_move, request.dice, request.scale, most)
    likely, ways = _likely_states(request)
    likely += lower.state_bound() if lower is not None else 0
    roots = len(configs) * placements
    # the tables of a roll's outcomes, one per (stack, territory next to it, defenders, armies), in the
    # parts' searches and the lower bound's
    edges = sum(len(touches) for _, _, touches in request.stacks)
    tables = 2 * edges * max(most) * (max(theirs_start) + request.R2)
    bounds = len(configs) * lower.bound_work() if lower is not None else 0   # the lower bound per configuration
    # the parts with a buffer are searched state by state as a turn (algorithms/hold.py `Part`): their
    # own rate, and in the browser the turn's factor, weighted by their share of the seconds
    blocks = (COST_MODEL["hold_request_s"] + COST_MODEL["hold_state_s"] * likely + COST_MODEL["hold_root_s"] * roots
              + COST_MODEL["hold_table_s"] * tables + COST_MODEL["hold_bound_step_s"] * bounds)
    by_state = COST_MODEL["hold_way_state_s"] * ways
    factor = ((blocks * COST_MODEL["hold_browser_factor"] + by_state * COST_MODEL["turn_browser_factor"])
              / (blocks + by_state))
    estimate = Estimate(blocks + by_state,
                        COST_MODEL["base_mb"] + COST_MODEL["hold_state_mb"] * likely
                        + COST_MODEL["hold_way_state_mb"] * ways, what, factor)
    return states, estimate, configs, theirs_start, most, lower


def _at_fault(request, what, budget):
    """The field to name where a hold does not fit: the holder's reinforcements when it would fit
    without them, else the opponent's, else the set to hold (and its stacks)."""
    for field, smaller in (("reinforcements", replace(request, R=0)),
                           ("opponent_reinforcements", replace(request, R2=0))):
        if getattr(request, "R" if field == "reinforcements" else "R2"):
            priced = _priced(smaller, what)
            if not isinstance(priced, str) and priced[0] <= real.MOST_STATES and priced[1].fits(budget):
                return field
    return "hold"


def _likely_states(request):
    """The states the search is likely to meet, for the cost guard, before any work, (in parts
    without a buffer, in parts with one): the bound
    (algorithms/hold.py `parts_bound`) over the fronts the rules of thumb leave, with the fortify
    moves into the front from behind that their pricing tries (`_thumb_configs`). Those are searched in
    full (each rule is priced exactly), and the best front, searched in full as well, lies among
    fronts of the same armies, whose states are mostly the same (bench/calibrate_cost.py's hold
    rows: the search meets 0.55 to 0.9 of this)."""
    fronts = {c[0] for _, placed in rules_of_thumb(request) for c in _thumb_configs(request, placed)}
    return holding.parts_bounds(sorted(fronts), request.stacks, request.R2, request.links, request.goal)


def buffers(request):
    """The front territories outside the set: his ways in (checks/hold_request.py `ways_in`)."""
    return tuple(t for t, inside in zip(request.front, request.goal) if not inside)


MOST_CONFIGURATIONS = 200_000   # the holder's placements and moves (a bound), past which none is tried
MOST_PLACEMENTS = 20_000        # the opponent's placements


def _unreachable(request, what):
    """The answer when the opponent cannot attack the set this turn: it holds for sure."""
    target = request.front[0] if request.front else request.hold[0]
    placement = ((target, request.R),)
    reply = {"win": Fraction(0), "placement": tuple((s[0], 0) for s in request.stacks), "next": {"stop": True},
             "line": ()}
    why = (f"no territory of {request.opponent} borders {request.hold_name or listing(list(request.hold))} or a "
           "territory of yours that leads into it" if not request.front else f"no stack of {request.opponent} next to it can have the 2 armies an attack needs")
    words = (f"The opponent cannot attack it this turn: {why}. It holds for sure.",)
    thumbs = tuple({"name": n, "placement": placement, "fortify": None, "hold": Fraction(1)} for n in RULES_OF_THUMB)
    searched = {"family": "real", "complete": True, "states": 0, "bound": 0, "configurations": 1, "replies": 0,
                "words": f"Nothing to search: {why}."}
    return HoldAnswer(request.player, request.opponent, request.hold, request.hold_name, request.R, request.R2,
                      request.fortify, Fraction(1), placement, None, reply, thumbs, request.front, words, searched)


# ----------------------------------------------------------------------------- rules of thumb
def threats(request):
    """Per front territory (front order): (the opponent's armies on his territories next to it,
    before his reinforcements, its own armies)."""
    out = []
    for i, t in enumerate(request.front):
        out.append((sum(a for _, a, touches in request.stacks if i in touches), request.armies[t]))
    return out


def threat_order(request):
    """Front indexes, most threatened first: the most opponent armies next to it less its own armies,
    then board order."""
    th = threats(request)
    return sorted(range(len(request.front)), key=lambda i: (-(th[i][0] - th[i][1]), i))


def rules_of_thumb(request):
    """[(name, placed per front territory), ...] of the forum's rules (each then fortifies into the
    front as well as it can, `_price`):
    - all on the most threatened border: every army on the front territory with the most opponent
      armies next to it less its own;
    - even on the borders: R // n on each front territory, the rest one each, most threatened first;
    - 2 on each border, the rest on the most threatened: 2 on each front territory (most threatened
      first while they last), the rest on the most threatened."""
    n, R = len(request.front), request.R
    order = threat_order(request)
    top = order[0]
    out = []
    placed = [0] * n
    placed[top] = R
    out.append((RULES_OF_THUMB[0], tuple(placed)))
    placed = [R // n] * n
    for i in order[:R % n]:
        placed[i] += 1
    out.append((RULES_OF_THUMB[1], tuple(placed)))
    placed = [0] * n
    left = R
    for i in order:
        give = min(2, left)
        placed[i] += give
        left -= give
    placed[top] += left
    out.append((RULES_OF_THUMB[2], tuple(placed)))
    return out


def _thumb_configs(request, placed):
    """A rule of thumb's placement with every fortify move after it that brings armies from outside
    the front (fortify "adjacent"; a move between front territories would undo the rule's split)."""
    inward = [(u, v) for u, v in request.sources if u not in request.front]
    return holding.configurations(request.front, request.armies, request.R, inward, [placed])


def _price(finder, request, name, placed, configs, lower=None):
    """A rule of thumb's placement, priced exactly, with the best of its fortify moves
    (`_thumb_configs`)."""
    (_, _, move), win, _ = finder.best(configs, lower)
    fort = None if move is None else {"from": move[0], "to": move[1], "armies": move[2]}
    return {"name": name, "placement": tuple(zip(request.front, placed)), "fortify": fort, "hold": 1 - win}


# ----------------------------------------------------------------------------- words
def _words(request, p, placement, fort, reply, thumbs):
    name = request.hold_name or listing(list(request.hold))
    out = []
    placed = [f"{a} on {t}" for t, a in placement if a]
    if placed:
        out.append(f"Place {listing(placed)}.")
    if fort:
        out.append(f"Then move {fort['armies']} from {fort['from']} to {fort['to']}.")
    elif request.fortify == "adjacent":
        out.append("Do not fortify: no move helps.")
    ways = buffers(request)
    keep = f"You keep {name} through the opponent's turn with chance {percent(p)}."
    if ways:        # one sentence more in the same item: the page splits the words by item
        keep += (f" He can come in through {listing(list(ways))}, yours but outside {name}: taking "
                 f"{'it' if len(ways) == 1 else 'one'} lets him attack on from there.")
    out.append(keep)
    theirs = [f"{a} on {t}" for t, a in reply["placement"] if a]
    nxt = reply["next"]
    if "attack" in nxt:
        at = nxt["attack"]
        way = f", his way in to {name}" if at["to"] in ways else ""
        out.append(f"The opponent's best reply: place {listing(theirs) if theirs else 'nothing near it'}, then "
                   f"attack {at['to']} from {at['from']} with {at['dice']} {'die' if at['dice'] == 1 else 'dice'}"
                   f"{way} (he breaks {name} with chance {percent(reply['win'])}).")
    else:
        out.append("The opponent has no attack worth making.")
    for t in thumbs:
        gap = p - t["hold"]
        than = "as good" if gap == 0 else f"{_points(gap)} worse"
        out.append(f"Rule of thumb \"{t['name']}\": holds with {percent(t['hold'])} ({than}).")
    return tuple(out)


def _points(x):
    return f"{100 * float(x):.2g} points"
