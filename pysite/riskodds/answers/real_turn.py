"""The best real turn as an answer: the placement, the first action, the most likely course and
its words, exactly (algorithms/real_turn.py has the model, the search and why it is the best play).

`real_cost` prices a position before any work (an upper bound on the states the search can meet,
algorithms/real_turn.py `state_bound`); `real_play` searches it and says what to do. Army counts
are armies on the territory (the board's count)."""
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from ..algorithms import real_turn as search
from ..facts.limits import COST_MODEL
from ..guards.budget import Estimate, tick

MOST_STATES = 50_000_000     # past this bound the real search is not tried, whatever the budget
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
    {"move": {"from", "to", "armies"}} or {"stop": True}). line: the most likely course, a tuple of
    steps ({"from", "to", "dice", "armies", "defenders", "rolls", "taken", "left", "moved",
    "defenders_left", "branch"}). words: the placement and the course in sentences. states: the
    states searched."""
    win: Fraction
    placement: tuple
    next: dict
    line: tuple
    words: tuple
    states: int


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


PILOT_STATES = 3000           # a bound above this is scaled by a pilot search of a smaller position


def real_cost(request, what):
    """(Estimate, states): the real search's seconds and MB, from the states it will meet: the bound
    of algorithms/real_turn.py `state_bound` where it is small, else the bound times the share of
    its bound that a pilot search of the same position with fewer armies met (the share changes
    slowly with the armies: bench/bench_turn.py)."""
    lay = search.layout(request.targets, request.entries, request.adjacent)
    defenders = [t.defenders for t in request.targets]
    armies = _armies(request)
    bound = search.state_bound(lay, defenders, armies)
    states = bound
    if bound > PILOT_STATES:
        # the share met grows slowly with the armies where it is small (Africa: 0.15 at 12 armies,
        # 0.21 at 16): share ** 0.8 carries the pilot's share to the full position (bench_turn.py)
        states = max(1, round(bound * _pilot_share(request, lay, defenders, armies) ** 0.8))
    per_state = COST_MODEL["real_state_s"] + COST_MODEL["real_state_army_slot_s"] * armies * lay.slots
    seconds = per_state * states + COST_MODEL["real_placement_s"] * _placements(request) + COST_MODEL["real_request_s"]
    mb = COST_MODEL["base_mb"] + COST_MODEL["real_state_mb"] * states
    return Estimate(seconds, mb, what, COST_MODEL["turn_browser_factor"]), states


def _pilot_share(request, lay, defenders, armies):
    """The share of its bound that the real search meets on this position with fewer armies (each
    entry's armies and the reinforcements scaled down alike): states met / bound, at most 1. The
    pilot is sized to meet about PILOT_STATES states: first with a bound of PILOT_STATES, then, where
    that met a small share (a few armies reach little), again at a bound that share makes up for."""
    share, target = 1.0, PILOT_STATES
    for _ in range(3):
        most = _armies_within(lay, defenders, armies, target)
        met, bound = _pilot(request, lay, defenders, armies, most)
        share = min(1.0, met / max(1, bound))
        if most >= armies or met >= PILOT_STATES / 3 or share >= 0.5:
            break
        target = min(PILOT_STATES * 20, PILOT_STATES / share)
    return share


def _armies_within(lay, defenders, armies, bound):
    """The most armies, up to `armies`, whose state bound is at most `bound` (at least 2)."""
    low, high = 2, armies
    while low < high:
        mid = (low + high + 1) // 2
        if search.state_bound(lay, defenders, mid) <= bound:
            low = mid
        else:
            high = mid - 1
    return low


def _pilot(request, lay, defenders, armies, most):
    """(states met, bound) of the float search of the position scaled to `most` armies."""
    scale = most / armies
    small = [max(1, int(e.armies * scale)) for e in request.entries]
    R = max(0, most - sum(small))
    bound = search.state_bound(lay, defenders, sum(small) + R)
    solver = search.RealTurn(lay, request.min_move, "choose", request.scale)
    k = lay.k
    usable = [i for i, e in enumerate(request.entries) if e.touches]
    for placed in _compositions(R, len(usable)):
        s = [-d for d in defenders] + small
        for i, p in zip(usable, placed):
            s[k + i] += p
        solver.value(solver.canonical(s))
    return len(solver.values), bound


def _armies(request):
    return sum(e.armies for e in request.entries) + request.R


def _placements(request):
    n = sum(1 for e in request.entries if e.touches)
    return comb(request.R + n - 1, n - 1) if n else 1


def real_play(request, dice):
    """The best real play of a checked TurnRequest (checks/turn_request.py) with the attacker's dice
    rule `dice` ("choose" or "most"): a RealPlay."""
    lay = search.layout(request.targets, request.entries, request.adjacent)
    models = [t.model for t in request.targets]
    potential = _armies(request) + sum(t.defenders for t in request.targets)
    solver = search.RealTurn(lay, request.min_move, dice, request.scale,
                             search.underflow_free(models, potential) if models else True)
    solver.grow_stack(potential)
    k = lay.k
    base = [-t.defenders for t in request.targets] + [e.armies for e in request.entries]
    names = lay.names
    scale = request.scale
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
    return RealPlay(scale.fraction(win), placement, nxt, tuple(steps), tuple(sentences), len(solver.values))


def _settled_move(lay, x, y, a, n, min_move):
    """The move once nothing is left to take: every move is worth 1; the armies go where they guard
    the goal (the tie rule of algorithms/real_turn.py)."""
    lo = min(n if min_move == "dice" else 1, a - 1)
    way = search.prefer(lay.border[x], lay.border[y])
    if way == "forward":
        return a - 1
    if way == "back":
        return lo
    return max(lo, min(a - 1, a // 2))


def best_placement(solver, request, base):
    """(start state, ((entry, armies placed), ...)): the best placement of the reinforcements on the
    entries, exact ties going to more armies on entries on the goal's border, then to the first
    entries in board order."""
    lay = solver.lay
    k = lay.k
    entries = [i for i, e in enumerate(request.entries) if e.touches]
    options = []
    for placed in _compositions(request.R, len(entries)):
        tick()
        s = list(base)
        for i, p in zip(entries, placed):
            s[k + i] += p
        state = solver.canonical(s)
        options.append((solver.value(state), placed, state))
    top = max(f for f, _, _ in options)
    floor = 0.0 if top < search.TINY else top * (1 - search.RELATIVE)
    near = [(placed, state) for f, placed, state in options if f >= floor]
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


def _compositions(R, n):
    """Every way to put R armies on n territories, the first territory's largest first."""
    if n == 1:
        yield (R,)
        return
    for first in range(R, -1, -1):
        for rest in _compositions(R - first, n - 1):
            yield (first,) + rest


def _action(names, action):
    if action is None:
        return {"stop": True}
    x, y, n = action
    return {"attack": {"from": names[x], "to": names[y], "dice": n}}


# ----------------------------------------------------------------------------- the course
def course(solver, s, most_steps=40):
    """The most likely course from state s under the best play: each step one battle (the same
    territory attacking the same target), followed through its most likely rolls until the target
    falls or the play turns elsewhere, with the armies moved in and where the battle most likely
    turns away from the main line (`branch`)."""
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
                step.update(taken=True, left=a - al - m, moved=m, defenders_left=0)
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


# ----------------------------------------------------------------------------- words
def _placement_words(placement):
    placed = [(t, a) for t, a in placement if a]
    if not placed:
        return []
    parts = [f"{a} on {t}" for t, a in placed]
    return [f"Place {_listing(parts)}."]


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
                       f"(chance {_percent(b['chance'])}), {what}.")
    return out


def _percent(p):
    return f"{100 * p:.0f} %" if p >= 0.1 else f"{100 * p:.1f} %"


def _listing(parts):
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
