"""The best real turn as an answer: the placement, the first action, a typical course and its
words, exactly (algorithms/real_turn.py has the model, the search and why it is the best play).

`real_cost` prices a position before any work (the positions its sweep values, counted exactly:
algorithms/real_space.py `measure`); `real_play` sweeps them and says what to do. Army counts
are armies on the territory (the board's count)."""
from dataclasses import dataclass, replace
from fractions import Fraction
import math
from math import comb

from ..algorithms import real_bound, real_space, real_sweep
from ..algorithms import real_turn as search
from ..algorithms.plan import tie_pick
from ..algorithms.real_rounds import Rounds
from ..algorithms.turn import compositions
from ..checks.validate import listing
from ..facts.limits import COST_MODEL, IN_BROWSER, LIMITS
from ..guards.budget import OutOfTime, deadline_before, tick
from ..guards.turn_cost import exact_weight, real_turn_cost
from .words import percent

MOST_STATES = 50_000_000     # holding (answers/hold.py): past this bound its search is not tried, whatever the budget
MOST_PLACEMENTS = 20_000     # placements of the reinforcements tried one by one
MOST_DEPTH = 1500            # rolls in one course: the recursion's depth (a few frames a roll)
MOST_TARGETS = 10            # more targets than this are never searched roll by roll (2**k sets to price)
MODEL = (
    "You place your reinforcements on your own territories, then play roll by roll.",
    "Before every roll you pick any of your territories with at least 2 armies, any target next to it and the "
    "number of dice; the defender rolls the most it may.",
    "After a conquest you move in at least the dice of the last roll (or 1, under the move-in rule you chose) "
    "and at most all but one; you may stop at any time.",
    "The chance is the best over every way of playing: two stacks may attack the same target, a stack may go on "
    "from any territory it took, and a battle may stop halfway.",
)


@dataclass(frozen=True)
class RealPlay:
    """The best real play. win: P(take every target) (Fraction). placement: ((territory, armies
    placed), ...) for every entry. next: the first action ({"attack": {"from", "to", "dice"}},
    {"move": {"from", "to", "armies"}} or {"stop": True}). line: a typical course (`course`: each roll's most
    likely outcome in turn, not the most likely course as a whole), a tuple of
    steps ({"from", "to", "dice", "armies", "defenders", "rolls", "taken", "left", "moved",
    "defenders_left", "branch"}, and where the target fell "last_dice", the dice of that roll).
    words: the placement and the course in sentences. states: the positions swept. runner: what
    swept them (algorithms/real_sweep.py runner), on `threads` threads. reused: the values were read
    from the sweep of an earlier request whose turn this one goes on with (`continued`)."""
    win: Fraction
    placement: tuple
    next: dict
    line: tuple
    words: tuple
    states: int
    runner: str = "python"
    threads: int = 1
    reused: bool = False


# ----------------------------------------------------------------------------- the turn goes on
# Play it (site_src/js/calculators/turn-play.js) asks the engine again after every roll: the position
# now, no reinforcements, `moving` right after a conquest. The sweep of the turn's start valued each
# of those positions already: a sweep values every position its numbering holds, and the numbering
# holds every position a play from its start reaches (algorithms/real_space.py: closed under every
# roll and move). A position's value depends on the position alone and is made of the same sums in
# the same order whichever sweep holds it: the same doubles. The exact phase makes the same exact
# numbers from them; its margin (`relative_for`) is wider for the start's larger potential, so every
# action a fresh search would compare exactly is compared. So the last sweep is kept (`Kept`, one at a
# time, dropped when another starts; none larger than LIMITS["kept_sweep_mb"]: a process holds it
# until its next real play, or `forget`), and a request that goes on with its turn is answered from it:
# the exact phase alone, a fraction of a second where the sweep took seconds. The answer is a fresh
# search's (tests/engine/test_engine_real_sweep.py holds them equal along lines); `searched` says
# where the values came from.
@dataclass
class Kept:
    """The last real play swept here: what a request must share to go on with it (goal, min_move,
    dice), its SweptTurn, and how it was swept (positions, runner, threads)."""
    goal: tuple
    min_move: str
    dice: str
    solver: object
    states: int
    runner: str
    threads: int


_KEPT = [None]


def forget():
    """Drop the kept sweep (its memory goes back; the next request sweeps afresh)."""
    _KEPT[0] = None


def kept():
    """The kept sweep (a Kept), or None."""
    return _KEPT[0]


def keep(sweep):
    """Keep `sweep` (a Kept from `kept`, or None: none) in place of the kept one: interfaces/api.py
    `warm` puts back the player's, so that a warm-up request never takes its place."""
    _KEPT[0] = sweep


def continued(request, dice):
    """(Kept, state) where `request` goes on with the turn of the kept sweep: the same goal and rules,
    no reinforcements, every target one of the kept turn's with the same round model, every territory
    of the player next to a target one of its (an entry, or a target taken since), and every position
    the answer starts from numbered there (one the kept turn cannot reach is not). state: the request's
    position in the kept turn's layout (a target taken since holds the player's armies; a territory of
    the layout the request does not list is the player's and spent). Else None."""
    kept = _KEPT[0]
    if kept is None or request.R or not request.targets:
        return None
    if (request.goal, request.min_move, dice) != (kept.goal, kept.min_move, kept.dice):
        return None
    solver = kept.solver
    lay = solver.lay
    slot = {name: i for i, name in enumerate(lay.names)}
    state = [0] * len(lay.names)
    for t in request.targets:
        i = slot.get(t.name)
        if i is None or i >= lay.k or lay.models[i] != t.model:
            return None
        state[i] = -t.defenders
    for e in request.entries:
        i = slot.get(e.name)
        if i is None:
            return None
        state[i] = e.armies
    moving = request.moving
    if moving is None:
        starts = [tuple(state)]
    else:
        x, y = slot[moving.source], slot[moving.target]
        a = state[x]
        after = solver.mover(tuple(state), x, y, a)[0]
        starts = [after(m) for m in range(max(solver.least(moving.dice, a), 1), a)]
    if not starts or any(solver.index(s) is None for s in starts):
        return None
    return kept, state


def why_not_real(request):
    """Why the real search cannot answer this request (a phrase), or "" when it can."""
    if len(request.targets) > MOST_TARGETS:
        return f"more than {MOST_TARGETS} territories to take are too many to play roll by roll"
    for t in request.targets:
        rules = t.model.rules
        if rules is not None and getattr(rules, "defender_choice", "most") != "most":
            return f"the defender of {t.name} chooses its dice"
    if _placements(request) > MOST_PLACEMENTS:
        return "there are too many ways to place the reinforcements"
    if _armies(request) + sum(t.defenders for t in request.targets) > MOST_DEPTH:
        return "the armies are too many for a roll-by-roll search"
    return ""


def real_cost(request, what, memory_mb=math.inf, beside=None, dice=None):
    """(Estimate, positions, threads): the real play's seconds and MB (guards/turn_cost.py real_turn_cost),
    with `beside`'s (the Estimate of the plan fixed in advance shown beside it, searched meanwhile),
    from the positions its sweep values, counted exactly before any is listed (algorithms/real_space.py
    measure), on every thread this runtime has (algorithms/real_sweep.py threads) where the memory
    that sharing the sweep takes fits `memory_mb`, else on one. A space whose keys would not fit
    (real_space.TooLarge) is priced as endless, on one thread. A request that goes on with the kept
    sweep's turn (`continued`, with the dice rule `dice`) sweeps nothing: the exact phase and `beside`
    in time, in memory the kept sweep it reads (held as when it was swept), and the kept sweep's
    positions and threads."""
    if dice is not None:
        going_on = continued(request, dice)
        if going_on is not None:
            kept = going_on[0]
            nothing_swept = real_turn_cost(positions=0, vectors=0, placements=1, runner="python", in_browser=IN_BROWSER,
                                           what=what, loaded=True, beside=beside)
            held = real_turn_cost(kept.states, len(kept.solver.space.keys), 1, kept.runner, IN_BROWSER, what, True,
                                  beside=beside)
            return replace(nothing_swept, mb=held.mb), kept.states, kept.threads
    lay = search.layout(request.targets, request.entries, request.adjacent)
    loaded = real_sweep.compiled_loaded()
    exact = exact_weight(request.min_move)
    try:
        positions, vectors, lines, sizes = real_space.measure(lay, *_bounds(request))
    except real_space.TooLarge as e:
        positions = e.positions
        return real_turn_cost(positions, positions, _placements(request), real_sweep.runner(positions), IN_BROWSER,
                              what, loaded, positions, beside=beside, exact=exact), positions, 1
    runner = real_sweep.runner(positions)
    # CPython's compiled runner is priced on one thread: the budget counts every thread's CPU time there
    for threads in (real_sweep.threads() if runner == "javascript" else 1, 1):
        share = real_sweep.span_share([n for n, _ in sizes], [m for _, m in sizes], threads)
        estimate = real_turn_cost(positions, vectors, _placements(request), runner, IN_BROWSER, what, loaded, lines,
                                  threads, share, beside, exact)
        if estimate.mb <= memory_mb:
            break
    return estimate, positions, threads


def bounds(request, low):
    """What the best real play wins at least and at most where it was not searched: at least `low`
    (the best plan fixed in advance: a play a player can follow), at most what the player's stacks
    would win were each free to attack any target (algorithms/real_bound.py: no play beats it; the
    stacks pooled into one where keeping them apart costs too much or the time is short), as exact
    numbers; "words", a phrase to follow the plan's chance, and "why", the two ends explained."""
    rounds = Rounds([t.model for t in request.targets])
    defenders = [t.defenders for t in request.targets]
    stacks = real_bound.fighting_stacks(request.entries)
    try:
        with deadline_before(BOUND_SPARE_S):
            high, pools = real_bound.stacks_bound(rounds, defenders, stacks, request.R)
    except OutOfTime:
        high, pools = real_bound.pooled_bound(rounds, defenders, sum(stacks) + request.R), 1
    high = max(Fraction(high), low)
    ceiling = ("what your stacks would win if each could attack any territory still to take, wherever it stands"
               if pools > 1 else "what one stack holding every army that can attack would win")
    return {"low": low, "high": high,
            "words": f"the best play, roll by roll, wins between {percent(low)} and {percent(high)}",
            "why": f"This plan wins {percent(low)}, and playing each roll as it comes can only do better. "
                   f"{percent(high)} is {ceiling}. No way of playing does better."}


BOUND_SPARE_S = 0.05    # seconds of the budget the per-stack bound leaves for the answer after it


BOUND_SHARE = 0.25      # the most of the time budget the per-stack bound's price claims (`bounds_seconds`)


def bounds_seconds(request, budget_s):
    """The CPython seconds `bounds` takes, about: the per-stack bound's states (algorithms/real_bound.py
    stacks_states) at COST_MODEL real_bound_state_s each, at most BOUND_SHARE of the time budget
    `budget_s`: the bound runs on what the plan leaves (`bounds`, deadline_before), and where that is
    short the pooled bound stands, rather than the plan's family narrowing for the bound's sake."""
    stacks = real_bound.fighting_stacks(request.entries)
    states = real_bound.stacks_states(Rounds([t.model for t in request.targets]),
                                      [t.defenders for t in request.targets], stacks, request.R)
    return min(COST_MODEL["real_bound_state_s"] * states, BOUND_SHARE * budget_s)


def _armies(request):
    return sum(e.armies for e in request.entries) + request.R


def _placements(request):
    n = sum(1 for e in request.entries if e.touches)
    return comb(request.R + n - 1, n - 1) if n else 1


def _bounds(request):
    """(defenders, caps, total) of a request's space (algorithms/real_space.py blocks): every entry
    holds at most its armies and, if it may receive them, the reinforcements; the territory just
    taken (mid-turn, `moving`) at most what the conqueror can move in."""
    caps = [e.armies + (request.R if e.touches else 0) for e in request.entries]
    if request.moving is not None:
        names = [e.name for e in request.entries]
        caps[names.index(request.moving.target)] = request.entries[names.index(request.moving.source)].armies - 1
    return [t.defenders for t in request.targets], caps, _armies(request)


def space_of(request, lay):
    """The numbered positions of a request's real play (algorithms/real_space.py)."""
    return real_space.build(lay, *_bounds(request))


def real_play(request, dice, threads=1, meanwhile=None):
    """The best real play of a checked TurnRequest (checks/turn_request.py) with the attacker's dice
    rule `dice` ("choose" or "most"): a RealPlay. Every position is valued in floats at once (the
    sweep, algorithms/real_sweep.py), then exactly where the answer needs it. The sweep runs on up
    to `threads` threads where this runtime has them (the browser's pool: real_cost chose how many;
    CPython's compiled runner: every core it may use); meanwhile(), other work of the request, runs
    while the threads sweep (real_sweep.sweep). A request that goes on with the turn of the last
    sweep (`continued`: Play it's requests mid-turn) reads that sweep's values instead of sweeping."""
    going_on = continued(request, dice)
    if going_on is not None:
        kept, base = going_on
        if meanwhile:
            meanwhile()
        return _played(request, kept.solver, base, kept.states, kept.runner, kept.threads, True)
    forget()                        # the last sweep's memory is free for this one's
    lay = search.layout(request.targets, request.entries, request.adjacent)
    models = [t.model for t in request.targets]
    potential = _armies(request) + sum(t.defenders for t in request.targets)
    space = space_of(request, lay)
    rounds = Rounds(models)
    # the browser's pool: the threads real_cost priced; CPython's compiled runner: every core (its CPU
    # time, which the budget counts, is the same on any number of threads)
    threads = real_sweep.threads() if real_sweep.runner(space.size) == "numba" else min(threads, real_sweep.threads())
    relative = search.relative_for(potential)
    swept, fails, records = real_sweep.sweep(space, rounds, dice, request.min_move, threads, meanwhile, relative)
    solver = search.SweptTurn(lay, request.min_move, dice, request.scale, space, swept,
                              search.underflow_free(models, potential) if models else True, rounds, fails,
                              records, relative)
    solver.grow_stack(potential)
    runner = real_sweep.runner(space.size)
    if request.targets and 8 * real_space.out_doubles(space.size) <= LIMITS["kept_sweep_mb"] * 2 ** 20:
        _KEPT[0] = Kept(request.goal, request.min_move, dice, solver, space.size, runner, threads)
    base = [-t.defenders for t in request.targets] + [e.armies for e in request.entries]
    return _played(request, solver, base, space.size, runner, threads, False)


def _played(request, solver, base, states, runner, threads, reused):
    """The RealPlay of `request` from its position `base` in the layout of `solver` (a SweptTurn):
    states, runner, threads: how its positions were swept; reused: by an earlier request's sweep."""
    lay = solver.lay
    k = lay.k
    names = lay.names
    scale = solver.scale
    moving = request.moving
    if moving is not None:
        x, y = names.index(moving.source), names.index(moving.target)
        s = list(solver.canonical(base))
        a = base[x]
        m = solver.best_move(tuple(s), x, y, a, moving.dice) if k else _settled_move(lay, x, y, a, moving.dice,
                                                                                        request.min_move)
        after = solver.after_move(tuple(s), x, y, a, m)
        win = solver.exact(after)
        nxt = {"move": {"from": moving.source, "to": moving.target, "armies": m}}
        placement = tuple((e.name, 0) for e in request.entries if e.touches)
        steps = [{"move": {"from": moving.source, "to": moving.target, "armies": m}}] + course(solver, after)
    else:
        start, placed = best_placement(solver, request, base)
        win = solver.exact(start)
        action, _ = solver.best_action(start)
        nxt = _action(names, action)
        placement = placed
        steps = course(solver, start)
    sentences = _placement_words(placement) + _course_words(steps, scale.fraction(win))
    return RealPlay(scale.fraction(win), placement, nxt, tuple(steps), tuple(sentences), states, runner, threads,
                    reused)


def _settled_move(lay, x, y, a, n, min_move):
    """The move once nothing is left to take: every move is worth 1; the armies go where they guard
    the goal (the tie rule of algorithms/real_turn.py)."""
    lo = min(n if min_move == "dice" else 1, a - 1)
    return tie_pick(search.prefer(lay.border[x], lay.border[y]), lo, a - 1, a)


def best_placement(solver, request, base):
    """(start state, ((entry, armies placed), ...)): the best placement of the reinforcements on the
    entries, exact ties going to more armies on entries on the goal's border, then to the first
    entries in board order."""
    slot = {name: i for i, name in enumerate(solver.lay.names)}
    entries = [i for i, e in enumerate(request.entries) if e.touches]
    options = []
    for placed in compositions(request.R, len(entries)):
        tick()
        s = list(base)
        for i, p in zip(entries, placed):
            s[slot[request.entries[i].name]] += p
        options.append((placed, solver.canonical(s)))
    floats = {state: solver.value(state) for _, state in options}
    near = search.worth_comparing(max(floats.values()), options, lambda o: floats[o[1]],
                                  (lambda o: solver.fail(o[1])) if solver.has_fails else None, solver.relative)
    best = None
    for placed, state in near:
        key = (sum(p for i, p in zip(entries, placed) if request.entries[i].border), placed)
        if best is None:
            best = (solver.exact(state), key, placed, state)
            continue
        c = solver.compare(solver.exact(state), best[0])
        if c > 0 or (c == 0 and key > best[1]):
            best = (solver.exact(state), key, placed, state)
    placed = dict(zip(entries, best[2]))
    return best[3], tuple((e.name, placed[i]) for i, e in enumerate(request.entries) if e.touches)


def _action(names, action):
    if action is None:
        return {"stop": True}
    x, y, n = action
    return {"attack": {"from": names[x], "to": names[y], "dice": n}}


# ----------------------------------------------------------------------------- the course
def course(solver, s, most_steps=40):
    """A typical course from state s under the best play: each step one battle (the same territory
    attacking the same target), followed through each roll's most likely outcome in turn until the
    target falls or the play turns elsewhere, with the armies moved in and where the battle most
    likely turns away from the main line (`branch`). A chain of each roll's most likely outcome is
    not the most likely course as a whole (a conquest with no loss may be rarer than one in more
    rolls): the words call it "a typical course"."""
    names = solver.lay.names
    steps = []
    while len(steps) < most_steps:
        action, _ = solver.best_action(s)
        if action is None:
            break
        x, y, n = action
        step = {"from": names[x], "to": names[y], "dice": n, "armies": s[x], "defenders": -s[y], "rolls": 0,
                "taken": False, "branch": _branch(solver, s, x, y)}
        while True:
            tick()
            a, d = s[x], -s[y]
            outcomes, _ = solver.rounds[y][n, min(solver.most_defend[y], d)]
            al, dl, _, _ = max(outcomes, key=lambda o: (o[3], o[1]))
            step["rolls"] += 1
            if dl >= d:
                m = solver.best_move(s, x, y, a - al, n)
                step.update(taken=True, left=a - al - m, moved=m, defenders_left=0, last_dice=n)
                s = solver.after_move(s, x, y, a - al, m)
                break
            t = list(s)
            t[x] = solver.live(s, x, a - al)
            t[y] = dl - d
            s = tuple(t)
            again, _ = solver.best_action(s, keep=(x, y))
            if again is None or again[:2] != (x, y):
                step.update(left=max(a - al, 1), defenders_left=d - dl)
                break
            n = again[2]
        steps.append(step)
    return steps


def _branch(solver, s, x, y):
    """Where the battle of x against y from state s most likely turns away from it: the state of
    that battle (x's armies, y's defenders) reached with the largest chance at which the best play
    does something else, and what; None when it always goes on until y falls or x is spent."""
    names = solver.lay.names
    reach = {(s[x], -s[y]): 1.0}
    best = None
    order = sorted(reach, key=lambda ad: -(ad[0] + ad[1]))
    seen = set()
    while order:
        a, d = order.pop(0)
        if (a, d) in seen:
            continue
        seen.add((a, d))
        tick()
        p = reach[a, d]
        t = list(s)
        t[x] = solver.live(s, x, a)
        t[y] = -d
        state = tuple(t)
        action, _ = solver.best_action(state, keep=(x, y))
        if action is None or action[:2] != (x, y):
            lost = action is None and a < 2          # the stack is spent: nothing to say
            if not lost and (a, d) != (s[x], -s[y]) and (best is None or p > best[0]):
                best = (p, a, d, action)
            continue
        n = action[2]
        outcomes, total = solver.rounds[y][n, min(solver.most_defend[y], d)]
        for al, dl, w, _ in outcomes:
            if dl < d:
                key = (max(a - al, 1), d - dl)
                reach[key] = reach.get(key, 0.0) + p * w
                if key not in seen:
                    order.append(key)
        order.sort(key=lambda ad: -(ad[0] + ad[1]))
    if best is None:
        return None
    p, a, d, action = best
    return {"armies": a, "defenders": d, "chance": p, "then": _action(names, action)}


# ----------------------------------------------------------------------------- the answer's fields
def play_fields(request, played):
    """(entries, attacks, borders) of the real play `played` (a RealPlay of `request`), in the
    fixed plan's shapes (answers/turn_answer.py TurnAnswer), so that every field describes the play
    recommended:

    entries: per territory of the player that can receive armies (and per entry whose stack
    attacks in the line), {"territory", "armies": on it after the placement, "placed", "targets":
    the targets its stack attacks along the typical course (`line`), in order}; no "win": the real
    play has no chance of its own per entry. attacks: the battles of the line, in order, each once:
    {"target", "from", "entry": the entry whose stack fights it}. borders: where the line takes the
    goal, {"territory", "armies"}: the armies it leaves on each border territory of the goal (the
    goal's territories that border outside it, and entries on that border), as in the line's last
    step; () where it does not."""
    placed = dict(played.placement)
    armies = {e.name: e.armies + placed.get(e.name, 0) for e in request.entries}
    owner = {e.name: True for e in request.entries}
    for t in request.targets:
        armies[t.name], owner[t.name] = t.defenders, False
    origin = {e.name: e.name for e in request.entries}
    attacks, seen = [], set()
    for step in played.line:
        if "move" in step:                              # mid-turn: the conquest's move comes first
            mv = step["move"]
            origin[mv["to"]] = origin.get(mv["from"], mv["from"])
            armies[mv["from"]] -= mv["armies"]
            armies[mv["to"]] = armies.get(mv["to"], 0) + mv["armies"]
            continue
        x, y = step["from"], step["to"]
        if (x, y) not in seen:
            seen.add((x, y))
            attacks.append({"target": y, "from": x, "entry": origin.get(x, x)})
        armies[x] = step["left"]
        if step["taken"]:
            origin[y] = origin.get(x, x)
            armies[y], owner[y] = step["moved"], True
        else:
            armies[y] = step["defenders_left"]
    entries = []
    for e in request.entries:
        targets = [a["target"] for a in attacks if a["entry"] == e.name]
        if e.touches or targets:
            entries.append({"territory": e.name, "armies": e.armies + placed.get(e.name, 0),
                            "placed": placed.get(e.name, 0), "targets": targets})
    borders = []
    if all(owner[t.name] for t in request.targets):
        edge = set(request.borders)
        mine = [n for n in armies if owner.get(n) and (n in edge)]
        goal = [t for t in request.goal if t in edge]
        order = {n: i for i, n in enumerate(goal)}
        borders = [{"territory": n, "armies": armies[n]} for n in sorted(mine, key=lambda n: order.get(n, 99))]
    return tuple(entries), tuple(attacks), tuple(borders)


# ----------------------------------------------------------------------------- words
def _placement_words(placement):
    placed = [(t, a) for t, a in placement if a]
    if not placed:
        return []
    parts = [f"{a} on {t}" for t, a in placed]
    return [f"Place {listing(parts)}."]


def _course_words(steps, win):
    if not win:
        return ["Nothing you can do takes the goal this turn: do not attack."]
    out = []
    for i, step in enumerate(steps):
        if "move" in step:
            mv = step["move"]
            out.append(f"Move {mv['armies']} into {mv['to']}.")
            continue
        first = "Attack" if i == 0 else "Then attack"
        dice = f"{step['dice']} {'die' if step['dice'] == 1 else 'dice'}"
        text = f"{first} {step['to']} from {step['from']} ({step['armies']} against {step['defenders']}) with {dice}"
        if step["taken"]:
            text += f"; move {step['moved']} in, leaving {step['left']} on {step['from']}."
        else:
            text += f" until {step['from']} has {step['left']} and {step['to']} {step['defenders_left']}."
        out.append(text)
        b = step["branch"]
        if b and b["chance"] >= 0.01:
            then = b["then"]
            if "stop" in then:
                what = "stop: the goal is out of reach"
            elif then["attack"]["from"] == step["from"]:
                what = f"attack {then['attack']['to']} instead"
            else:
                what = f"attack {then['attack']['to']} from {then['attack']['from']}"
            out.append(f"If {step['from']} is down to {b['armies']} while {step['to']} still has {b['defenders']} "
                       f"(chance {percent(b['chance'])}), {what}.")
    return out
