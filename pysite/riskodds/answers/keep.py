"""Keeping what you take as an answer (op `keep`): the player's whole turn (placement, every real
policy of attacks, dice and moves, then the fortify move) chosen so that a set of territories is all
the player's after the opponent's next turn, exactly; with the chance the same play takes the set,
and beside it the best taking play (answers/real_turn.py) and what that one keeps.

The opponent places his reinforcements and plays his best real turn through buffers, as in Hold
(algorithms/hold.py); territories of other owners are walls for him. The player's search is
algorithms/keep.py's. Army counts are armies on the territory (the board's count)."""
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from ..algorithms import hold as holding
from ..algorithms import keep as keeping
from ..algorithms import real_turn as search
from ..algorithms.turn import compositions
from ..checks.keep_request import read_keep
from ..checks.rules import STANDARD
from ..checks.validate import listing
from ..facts.limits import COST_MODEL
from ..guards.budget import BudgetError, Estimate, as_budget, check_cost, guarded, tick
from . import real_turn as real
from .hold import buffers
from .words import percent

MODEL = (
    "You place your reinforcements on your own territories, then play your turn roll by roll: any territory of "
    "yours with 2 armies or more attacks any territory of the set next to it, with any number of dice before each "
    "roll, and after a conquest you move in as many armies as you like (at least the dice rolled, at most all but "
    "one).",
    "Once the whole set is yours, you make one fortify move (or none), from a territory of yours to an adjacent one "
    "of your own, leaving at least one.",
    "Then the opponent places his reinforcements and plays his best turn roll by roll against your territories, "
    "moving in and attacking on from what he takes. He breaks the set by taking one territory of it.",
    "Your play is the one that makes the chance the set is still all yours after his turn the largest. Territories "
    "of other players are walls: he does not attack them.",
)
MOST_PLACEMENTS = 5_000     # the player's placements tried, past which the request is refused


@dataclass(frozen=True)
class KeepAnswer:
    """The best play to take a set and keep it through the opponent's next turn.

    keep: P(the whole set is the player's after his turn) under the best play (Fraction). take:
    P(the same play takes the set) (Fraction). placement: ((territory, armies placed), ...) on the
    player's territories that matter (next to a target, or to keeping). next: the first attack
    ({"attack": {"from", "to", "dice"}}) or {"stop": True}. line: the most likely course, each step
    a battle ({"from", "to", "dice", "armies", "defenders", "rolls", "taken", "moved" or "left",
    "defenders_left"}). fortify: the best fortify move at the end of that course (None: no move
    helps), and keep_after: the chance to keep from there. greedy: the best taking play beside it
    ({"take": its P(take), "keep": what it keeps, "placement"}). Mid-turn (`moving`), `next` is the
    move ({"move": {"from", "to", "armies"}}) and the line starts with it. through: his ways in through territories of the player outside the set.
    words: sentences. searched: what was searched."""
    player: str
    opponent: str
    goal: tuple
    goal_name: object
    reinforcements: int
    opponent_reinforcements: int
    keep: Fraction
    take: Fraction
    placement: tuple
    next: dict
    line: tuple
    fortify: object
    keep_after: Fraction
    greedy: object
    through: tuple
    words: tuple
    searched: dict
    model: tuple = MODEL


@guarded
def keep(position, player, reinforcements, goal, opponent, opponent_reinforcements, *, fortify="adjacent",
         rules=STANDARD, min_move="dice", dice="choose", moving=None, budget=None):
    """The best way for `player` to take the territories of `goal` it does not hold this turn and keep
    the whole set through the next turn of `opponent` (the module's MODEL).

    position: {"<territory>": {"owner": "<name>", "armies": n}, ...}: armies on the territory.
    goal: the set, "<continent>" or ["<territory>", ...], or as a turn's: {"take": ...}. reinforcements: the player's, placed now;
    opponent_reinforcements: his, placed at the start of his turn. fortify: "adjacent" (one move
    between adjacent territories of one's own, the printed rules) or "none". min_move and dice:
    both players' move-in rule and dice ("choose": any number before each roll). moving: mid-turn,
    a conquest waiting for its move ({"from", "to", "dice"}, as a turn's): `next` is then the move.

    Siam 9 against Australia, China next door:

    >>> position = {"Siam": {"owner": "you", "armies": 9}, "China": {"owner": "red", "armies": 4},
    ...             **{t: {"owner": "red", "armies": 1} for t in
    ...                ("Indonesia", "New Guinea", "Western Australia", "Eastern Australia")}}
    >>> k = keep(position, "you", 0, "Australia", "red", 3)
    >>> f"{float(k.keep):.3f}", f"{float(k.take):.3f}", k.keep <= k.take
    ('0.318', '0.801', True)
    >>> f"{float(k.greedy['take']):.3f}", f"{float(k.greedy['keep']):.3f}"
    ('0.858', '0.031')
    """
    request = read_keep(position, player, reinforcements, goal, opponent, opponent_reinforcements, fortify, rules,
                        min_move, dice, moving)
    budget = as_budget(budget)
    turn = request.turn
    what = (f"taking and keeping {turn.goal_name or listing(list(turn.goal))} with {turn.R:,} to place against "
            f"{request.opponent}'s {request.R2:,}")
    rest = [t for t in request.places if t not in {e.name for e in turn.entries}]
    lay = search.layout(turn.targets, turn.entries, turn.adjacent,
                        tuple((t, (), t in turn.borders) for t in rest))
    placements = comb(turn.R + len(request.places) - 1, len(request.places) - 1) if request.places else 1
    hint = "Fewer reinforcements, smaller stacks or a smaller set would fit."
    if placements > MOST_PLACEMENTS:
        raise BudgetError(f"{what} has {placements:,} ways to place: too many to search. {hint}", "reinforcements")
    base = [-t.defenders for t in turn.targets] + [e.armies for e in turn.entries] + [request.mine[t] for t in rest]
    top = list(base)
    top[len(turn.targets)] += turn.R        # the bound counts every army of the player, placed anywhere
    states = keeping.full_states_bound(lay, top)
    finder, most = _finder(request, turn)
    hold_states = 0 if finder is None else holding.parts_bound([tuple(most)], request.after.stacks, request.R2,
                                                               request.after.links, request.after.goal)
    if states + hold_states > real.MOST_STATES:
        raise BudgetError(f"{what} could meet up to {states + hold_states:,} positions: more than any budget allows. "
                          f"{hint}", "goal")
    estimate = Estimate(COST_MODEL["keep_request_s"] + COST_MODEL["keep_state_s"] * states
                        + COST_MODEL["hold_way_state_s"] * hold_states,
                        COST_MODEL["base_mb"] + COST_MODEL["keep_state_mb"] * states
                        + COST_MODEL["hold_way_state_mb"] * hold_states, what, COST_MODEL["turn_browser_factor"])
    check_cost(estimate, budget, "goal", hint)

    names = lay.names
    ends = _Ends(request, names, finder)
    potential = sum(request.mine.values()) + turn.R + sum(t.defenders for t in turn.targets)
    zero = (search.underflow_free(turn.models, potential) if turn.models else True)
    solver = keeping.KeepTurn(lay, turn.min_move, request.dice, ends.float, ends.exact, zero)
    search.grow_stack(potential + (0 if finder is None else sum(a for _, a, _ in request.after.stacks) + request.R2))
    slots = [names.index(t) for t in request.places]
    splits = list(compositions(turn.R, len(slots)))
    starts = [(solver.placed(base, slots, p), p) for p in splits]
    win, i = solver.best_of([s for s, _ in starts])
    start, placed = starts[i]
    moved = None
    if turn.moving is not None:             # mid-turn: the move first, the best for keeping
        x, y = names.index(turn.moving.source), names.index(turn.moving.target)
        m = solver.best_move(start, x, y, start[x], turn.moving.dice)
        moved = {"from": turn.moving.source, "to": turn.moving.target, "armies": m}
        start = solver.after(start, x, y, start[x], m)
        win = solver.exact(start)
    take = solver.follow(start, solver.best_action, solver.best_move, lambda s: Fraction(1))
    line, end = _course(solver, start)
    fort, kept_after = ends.fortify(end) if solver.taken(end) else (None, Fraction(0))
    greedy = _greedy(request, turn, lay, solver, ends, base, rest)
    placement = tuple((t, p) for t, p in zip(request.places, placed))
    action = solver.best_action(start)
    nxt = {"stop": True} if action is None else {"attack": {"from": names[action[0]], "to": names[action[1]],
                                                            "dice": action[2]}}
    if moved is not None:
        nxt = {"move": moved}
        line = [{"move": moved}] + line
    through = () if request.after is None else buffers(request.after)
    searched = {"family": "real", "complete": True, "states": len(solver.values),
                "hold_states": 0 if finder is None else finder.states, "bound": states + hold_states,
                "placements": len(starts),
                "words": f"Every placement ({len(starts):,}) and way to play your turn, roll by roll "
                         f"({len(solver.values):,} positions), each end valued by your best fortify move against his "
                         f"best turn" + ("" if finder is None else f" ({finder.states:,} positions of his turn)") + "."}
    words = _words(request, turn, win, take, placement, nxt, fort, greedy, through)
    return KeepAnswer(turn.player, request.opponent, turn.goal, turn.goal_name, turn.R, request.R2, win, take,
                      placement, nxt, tuple(line), fort, kept_after, greedy, through, words, searched)


def _finder(request, turn):
    """(the opponent's search once the set is taken, the most armies per front territory), or
    (None, None) where he cannot reach the set then."""
    after = request.after
    if after is None:
        return None, None
    total = sum(request.mine.values()) + turn.R
    most = [total] * len(after.front)
    theirs = sum(a for _, a, _ in after.stacks) + after.R2
    zero = search.underflow_free(after.models, theirs + sum(most))
    return holding.HoldSearch(after.models, after.front, after.stacks, after.R2, after.min_move, after.dice,
                              after.scale, zero, most, after.links, after.goal), most


class _Ends:
    """K at the end of the player's turn: the set all the player's, the chance it survives his turn
    over the player's best fortify move (algorithms/hold.py `configurations` with nothing to place),
    as a float and exactly; memoised on the armies that matter."""

    def __init__(self, request, names, finder):
        self.request, self.names, self.finder = request, names, finder
        after = request.after
        self.matter = () if after is None else tuple(dict.fromkeys(list(after.front) + [u for u, _ in after.sources]))
        self.index = {t: i for i, t in enumerate(names)}
        self.floats, self.exacts = {}, {}

    def armies(self, s):
        got = dict(self.request.mine)
        for t in self.request.turn.goal:
            got.setdefault(t, 1)
        for name, a in zip(self.names, s):
            got[name] = a
        return got

    def key(self, s):
        armies = self.armies(s)
        return tuple(armies[t] for t in self.matter)

    def configs(self, s):
        after = self.request.after
        return holding.configurations(after.front, self.armies(s), 0, after.sources)

    def float(self, s):
        if self.finder is None:
            return 1.0
        key = self.key(s)
        got = self.floats.get(key)
        if got is None:
            got = self.floats[key] = max(1 - self.finder.reply_float(c[0]) for c in self.configs(s))
        return got

    def scored(self, s):
        return [(1 - self.finder.reply_float(c[0]), c) for c in self.configs(s)]

    def exact(self, s):
        if self.finder is None:
            return Fraction(1)
        key = self.key(s)
        got = self.exacts.get(key)
        if got is None:
            got = self.exacts[key] = self.fortify(s)[1]
        return got

    def fortify(self, s):
        """(the best fortify move {"from", "to", "armies"} or None, the exact chance to keep with it),
        exact ties to the first configuration (no move first)."""
        if self.finder is None:
            return None, Fraction(1)
        best = None
        for c in search.near_best(self.scored(s), self.finder.zero_is_exact):
            e = 1 - self.finder.reply_exact(c[0])[0]
            if best is None or e > best[0]:
                best = (e, c)
        move = best[1][2]
        return (None if move is None else {"from": move[0], "to": move[1], "armies": move[2]}), best[0]


def _greedy(request, turn, lay, solver, ends, base, rest):
    """The best taking play (answers/real_turn.py's search, its placement and decisions) followed
    on the full positions: {"take", "keep", "placement"}."""
    take_lay = search.layout(turn.targets, turn.entries, turn.adjacent)
    k = take_lay.slots
    potential = sum(e.armies for e in turn.entries) + turn.R + sum(t.defenders for t in turn.targets)
    taker = search.RealTurn(take_lay, turn.min_move, request.dice, turn.scale,
                            (search.underflow_free(turn.models, potential) if turn.models else True), "all")
    taker.grow_stack(potential)
    start_take = [-t.defenders for t in turn.targets] + [e.armies for e in turn.entries]
    _, placement = real.best_placement(taker, turn, start_take)
    placed = dict(placement)
    k_targets = len(turn.targets)
    start = tuple(base[:k_targets] + [e.armies + placed.get(e.name, 0) for e in turn.entries]
                  + base[len(start_take):])
    if turn.moving is not None:             # mid-turn: the taking play's move first
        names = take_lay.names
        x, y = names.index(turn.moving.source), names.index(turn.moving.target)
        a = start[x]
        m = (taker.best_move(taker.canonical(start[:k]), x, y, a, turn.moving.dice) if take_lay.k else
             real._settled_move(take_lay, x, y, a, turn.moving.dice, turn.min_move))
        start = solver.after(start, x, y, a, m)

    def canon(s):
        return taker.canonical(s[:k])

    def action(s):
        return taker.best_action(canon(s))[0]

    def move(s, x, y, a, n):
        return taker.best_move(canon(s), x, y, a, n)
    take = solver.follow(start, action, move, lambda s: Fraction(1))
    kept = solver.follow(start, action, move, ends.exact)
    return {"take": take, "keep": kept, "placement": tuple(placement)}


def _course(solver, s, most_steps=40):
    """(a typical course from s under the best play, its end state): answers/keep.py `course`."""
    def conquer(s, x, y, a, n):
        m = solver.best_move(s, x, y, a, n)
        return m, solver.after(s, x, y, a, m), ()
    return course(solver, s, conquer, most_steps)


def course(solver, s, conquer, most_steps=40):
    """(a typical course from s under the best play of `solver` (algorithms/keep.py KeepTurn or a
    search shaped like it), its end state): each step one battle followed through each roll's most
    likely outcome until the target falls or the play turns elsewhere. conquer(s, x, y, a, n): after
    x takes y (a armies left on x, n dice rolled), (the armies moved in, the state the play goes on
    from, the steps to add after the battle's: a kill's trade)."""
    names = solver.lay.names
    steps = []
    while len(steps) < most_steps:
        action = solver.best_action(s)
        if action is None:
            break
        x, y, n = action
        step = {"from": names[x], "to": names[y], "dice": n, "armies": s[x], "defenders": -s[y], "rolls": 0,
                "taken": False}
        more = ()
        while True:
            tick()
            a, d = s[x], -s[y]
            outcomes, _ = solver.tables.pairs[y][n, min(solver.tables.most_defend[y], d)]
            al, dl, _, _ = max(outcomes, key=lambda o: (o[3], o[1]))
            step["rolls"] += 1
            if dl >= d:
                m, s, more = conquer(s, x, y, a - al, n)
                step.update(taken=True, left=a - al - m, moved=m, defenders_left=0)
                break
            s = solver.rolled(s, x, y, a - al, dl)
            again = solver.best_action(s)
            if again is None or again[:2] != (x, y):
                step.update(left=a - al, defenders_left=d - dl)
                break
            n = again[2]
        steps.append(step)
        steps.extend(more)
    return steps, s


def _words(request, turn, keep, take, placement, nxt, fort, greedy, through):
    name = turn.goal_name or listing(list(turn.goal))
    out = []
    placed = [f"{a} on {t}" for t, a in placement if a]
    if placed:
        out.append(f"Place {listing(placed)}.")
    if "attack" in nxt:
        at = nxt["attack"]
        out.append(f"Attack {at['to']} from {at['from']} with {at['dice']} {'die' if at['dice'] == 1 else 'dice'}.")
    out.append(f"You take {name} with chance {percent(take)} and keep it through the opponent's turn with "
               f"chance {percent(keep)}.")
    if fort:
        out.append(f"On the most likely course, fortify at the end: move {fort['armies']} from {fort['from']} to "
                   f"{fort['to']}.")
    if through:
        out.append(f"He can come in through {listing(list(through))}, yours but outside {name}.")
    if greedy is not None and (greedy["keep"] != keep or greedy["take"] != take):
        out.append(f"Playing only to take wins {percent(greedy['take'])} but keeps {percent(greedy['keep'])}.")
    return tuple(out)
