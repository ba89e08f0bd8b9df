"""A turn on the classic board as an answer (op `turn`): the best real play where it fits the budget
(answers/real_turn.py: every way to play, roll by roll), else the best plan fixed in advance
(answers/fixed_turn.py) with the interval the best play lies in; this module picks which and puts
them in one answer (answers/turn_answer.py TurnAnswer)."""
import math
import time
from dataclasses import replace
from fractions import Fraction

from ..checks.rules import STANDARD
from ..checks.turn_request import read_dice, read_moving, read_turn
from ..checks.validate import FieldError
from ..facts.limits import TURN_SEARCHES
from ..guards.budget import BudgetError, OutOfTime, as_budget, check_cost, deadline_before, guarded
from . import fixed_turn, real_turn as real
from .fixed_turn import (Needed, _answer, armies_needed, choose_family, narrower_search,  # noqa: F401
                         search_family)
from .reinforcements import Reinforcements, reinforcements  # noqa: F401  (ro.reinforcements, the op)
from .turn_answer import MODEL, TurnAnswer  # noqa: F401

SEARCHES = TURN_SEARCHES
REAL_SPARE = 0.5     # "auto": the share of the time budget kept for the fixed plans if the real play runs out
SPARE_FLOOR = 1.0    # ... the seconds kept where the plan found beside the real play is the answer then
LONGER_MARGIN = 2.0  # a longer budget offered for the real play: this many times its estimate (they hold within 2)
LONGER_MOST_S = 120  # ... and at most this many seconds (a page waits that long with its progress bar)


@guarded
def turn(position, player, reinforcements, goal, *, rules=STANDARD, min_move="dice", dice="choose", search="auto",
         moving=None, budget=None, alternatives=5):
    """The best turn: where to place `reinforcements` and how to play, to take every territory of
    `goal`: the best real play (every way to play, roll by roll: answers/real_turn.py) where the
    budget allows, with the best plan fixed in advance beside it (algorithms/turn.py).

    position: {"<territory>": {"owner": "<name>", "armies": n}, ...}: armies on the territory; a
        territory may also set rule fields for its defence ({"defend_dice": 3}: a capital).
        Territories not in the position take no part.
    player: the owner who moves. reinforcements: armies to place (0 or more).
    goal: {"take": "<continent>"} or {"take": ["<territory>", ...]}; every goal territory must be
        in the position; the ones the player holds are not targets.
    rules: the dice rules of every battle (a territory's own rule fields override them).
    min_move: "dice" (the printed rules: move in at least the dice of the conquering roll) or "one".
    dice: "choose" (the printed rules: 1 to 3 dice before each roll) or "most" (always the most).
    search: "auto" (the real play where it fits the budget, else the widest family of fixed plans
        that fits), "real", "fixed" (the widest family of fixed plans that fits), "all" (every fixed plan), "3" or "2" (at most that many targets attacked
        from one territory) or "chains" (one each).
    moving: mid-turn, right after a conquest: {"from", "to", "dice"}, the conquered territory listed
        as the player's with 0 armies; the answer's next is then the move.

    Australia from Siam, the classic first continent:

    >>> t = turn({"Siam": {"owner": "you", "armies": 6}, "Indonesia": {"owner": "red", "armies": 2},
    ...           "New Guinea": {"owner": "red", "armies": 1}, "Western Australia": {"owner": "red", "armies": 1},
    ...           "Eastern Australia": {"owner": "red", "armies": 1}}, "you", 3, {"take": "Australia"})
    >>> t.placement, t.next
    ((('Siam', 3),), {'attack': {'from': 'Siam', 'to': 'Indonesia', 'dice': 3}})
    >>> f"{float(t.win):.4f}", t.win == t.fixed["win"], t.searched["family"]
    ('0.7006', True, 'real')
    """
    dice = read_dice(dice)
    moving = read_moving(moving)
    request = read_turn(position, player, reinforcements, goal, rules, min_move, search, moving)
    budget = as_budget(budget)
    if moving is None and max(e.armies for e in request.entries) + request.R < 2:
        return over(request, dice)
    what = f"a turn of {request.R:,} reinforcements against {_count(len(request.targets), 'target')}"
    why = real.why_not_real(request)
    found = {}          # the plan fixed in advance found beside the real play: "family", "solved"
    priced = 0.0        # seconds spent pricing the real play (counting its positions): part of the request
    longer = None       # the budget that would let the real play run, offered where "auto" answers without it
    if request.search in ("auto", "real") and not why:
        started = time.process_time()
        beside = None                   # the best fixed plan shown beside the real play, and its price
        if moving is None:
            try:
                beside = choose_family(request, budget, guard=False)
            except BudgetError:         # its shapes too many to find: shown without it
                beside = None
        estimate, states, threads = real.real_cost(request, what + " played roll by roll", budget.mb,
                                                   beside.estimate if beside is not None else None, dice)
        priced = fixed_turn.spent_since(started)
        # "auto" plays roll by roll where that, with the fixed plan beside it, fits its share of the
        # budget. The rest is kept for the answer if the real play runs out (an estimate too low). With
        # a plan beside, that plan is searched inside the real play, at its start (the sweep's
        # `meanwhile`), and kept (`found`): if the real play runs out, that plan is the answer, and
        # writing it needs SPARE_FLOOR at most (the plan is searched again in what is left only if the
        # real play ran out before it: an estimate low by far more than the factor 2 they hold within).
        # Without one, the fixed plans are searched after it: half the budget is kept for them. At
        # most half the budget either way. The guard and a dry run see the pricing's own time as well.
        spare = REAL_SPARE * budget.seconds
        if beside is not None:
            spare = min(spare, SPARE_FLOOR)
        share = replace(budget, seconds=budget.seconds - spare, dry_run=False)
        if estimate.fits(share) or request.search == "real" or moving is not None:
            check_cost(replace(estimate, seconds=estimate.seconds + priced), budget, "goal",
                       "Search plans fixed in advance instead (search: auto).")
            if request.search == "real" or moving is not None:
                return _real_answer(request, dice, states, threads, budget, alternatives, beside)
            try:            # auto: if the estimate was low, the plan found beside it is the answer
                with deadline_before(spare):
                    return _real_answer(request, dice, states, threads, budget, alternatives, beside, found)
            except OutOfTime:
                why = "playing roll by roll ran out of its share of the time budget"
        else:
            why = (f"every way to play, roll by roll, means {states:,} positions, about "
                   f"{estimate.here():,.0f} s here: more than the time budget leaves for it")
        longer = _longer(replace(estimate, seconds=estimate.seconds + priced), budget)
    elif request.search == "real" or moving is not None:
        raise FieldError(f"search: the real play cannot be searched here: {why}", "search")
    elif request.search != "auto":
        why = "plans fixed in advance were asked for"
    if found:           # the real play ran out after the plan beside it was found: no second search
        family, solved = found["family"], found["solved"]
    else:
        family = choose_family(request, budget, priced + real.bounds_seconds(request, budget.seconds))   # the interval
        try:
            family, solved = search_family(request, family, alternatives)
        except BudgetError as e:    # ran past its budget: say which narrower search was estimated to fit
            e.narrower = narrower_search(request, family)
            raise
    answer = _answer(request, family, solved)
    searched = dict(answer.searched)
    searched["words"] = (searched["words"] + " Playing each roll as it comes may do better: that was not searched ("
                         + why + ").")
    searched["real"] = False
    if longer:
        searched["longer"] = longer
    return replace(answer, searched=searched, bounds=real.bounds(request, answer.win))


def _longer(estimate, budget):
    """The request that would play roll by roll where "auto" answered with a plan fixed in advance
    for lack of time: {"search": "real", "time_budget_s": LONGER_MARGIN times the real play's
    estimate here (whole seconds), "seconds": that estimate, "words": "about 14 s"}; None where the
    memory budget would refuse it anyway, or it would ask for more than LONGER_MOST_S seconds."""
    seconds = estimate.here()
    asked = math.ceil(LONGER_MARGIN * seconds)
    if estimate.mb > budget.mb or asked > LONGER_MOST_S or asked <= budget.seconds:
        return None
    return {"search": "real", "time_budget_s": asked, "seconds": seconds, "words": f"about {max(1, round(seconds)):,} s"}


def _real_answer(request, dice, states, threads, budget, alternatives, family=None, found=None):
    """The best real play, with the best plan fixed in advance beside it under `fixed` (none
    mid-move, or where no family of fixed plans fit: `family`, chosen and priced with the real
    play). Every field of the answer describes the real play (real_turn.play_fields: entries,
    attacks and borders along its typical course); the fields that only a plan fixed in advance has
    (steps, orders, moves: its decisions by armies; alone and alternatives: other plans' chances)
    are empty here and the fixed plan's own are under `fixed`. The fixed plan is searched while
    the browser's pool sweeps the real play's positions (real_sweep.sweep, `meanwhile`). found: a
    dict that gets the fixed plan's search ("family", "solved") as soon as it is done, for an answer
    without the real play if the real play then runs out of time."""
    beside = {}

    def fixed_plan():
        if request.moving is None and family is not None:
            searched, solved = search_family(request, family, alternatives)
            if found is not None:
                found.update(family=searched, solved=solved)
            plan = _answer(request, searched, solved)
            beside["plan"] = {"win": plan.win, "placement": plan.placement, "attacks": plan.attacks,
                              "entries": plan.entries, "steps": plan.steps, "orders": plan.orders, "moves": plan.moves,
                              "words": plan.words, "alone": plan.alone, "alternatives": plan.alternatives,
                              "borders": plan.borders, "searched": plan.searched}

    played = real.real_play(request, dice, threads, fixed_plan)
    fixed = beside.get("plan")
    words = (f"Every way to play, roll by roll: read from the {played.states:,} positions already searched "
             "from an earlier position of this turn." if played.reused else
             f"Every way to play, roll by roll: {played.states:,} positions searched.")
    searched = {"family": "real", "complete": True, "states": played.states, "bound": states, "runner": played.runner,
                "threads": played.threads, "reused": played.reused, "words": words}
    entries, attacks, borders = real.play_fields(request, played)
    return TurnAnswer(request.player, request.goal, request.goal_name, tuple(t.name for t in request.targets),
                      request.R, request.min_move, played.win, played.placement, attacks, entries, (), (), (),
                      played.words, (), (), borders, searched, real.MODEL, played.next, played.line, fixed, dice)


def over(request, dice):
    """The answer where no territory of the player next to a target has the 2 armies an attack needs
    (mid-turn, every stack spent): the turn is over, the goal not taken (win 0), stop."""
    words = (f"The turn is over: no territory of yours next to "
             f"{request.goal_name or 'a territory to take'} has the 2 armies an attack needs (one stays behind).",)
    searched = {"family": "real", "complete": True, "states": 0, "bound": 0, "runner": "none", "reused": False,
                "words": "No attack is possible: nothing to search."}
    return TurnAnswer(request.player, request.goal, request.goal_name, tuple(t.name for t in request.targets),
                      request.R, request.min_move, Fraction(0), tuple((e.name, 0) for e in request.entries if e.touches),
                      (), (), (), (), (), words, (), (), (), searched, real.MODEL, {"stop": True}, (), None, dice)


def _count(n, noun):
    return f"{n} {noun}" + ("" if n == 1 else "s")


