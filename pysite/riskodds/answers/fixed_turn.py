"""The best plan fixed in advance for a turn on the classic board: the family of plans that fits
the budget, searched, and said in words, exactly.

algorithms/turn.py has the model, the search and why it finds the best plan of its family; this
module takes the request as checks/turn_request.py reads it (a TurnRequest record, every refusal
made there), picks the widest family that fits the budget, and says what the plan is: the
placement, which territory attacks which target, the orders and moves (algorithms/plan.py's
decisions), the expected armies left on the goal's border, the other plans a player weighs, and
what was searched. `armies_needed` asks the same search for the fewest armies on one entry."""
import math
import time
from dataclasses import dataclass, replace
from fractions import Fraction  # noqa: F401  (armies_needed's doctest compares its chances)

from ..algorithms import routes, turn as planner
from ..checks.position import read_goal, read_position
from ..checks.rules import STANDARD
from ..checks.turn_request import read_choices, turn_request
from ..checks.validate import check_int, check_probability
from ..facts import board
from ..facts.limits import COST_MODEL, IN_BROWSER, LIMITS
from ..guards.budget import BudgetError, Estimate, OutOfTime, as_budget, check_cost, deadline_before, guarded, tick
from ..guards.cost import turn_cost
from .course import Tree, main_line, names as list_names, tables, words
from .turn_answer import TurnAnswer

BRANCHING = {"all": None, "3": 3, "2": 2, "chains": 1}       # most targets attacked from one territory
COUNTS = "territory"


def narrower_search(request, family):
    """The next narrower family than `family` for the same request, which the cost guard estimated
    to fit when it chose `family`: {"search": "chains" | "2" | "3", "words": in words}, or None
    (chains were searched, or the search was asked for by name)."""
    if request.search not in ("auto", "fixed"):
        return None
    wider = math.inf if family.branching is None else family.branching
    below = [n for n in ("chains", "2", "3") if BRANCHING[n] < min(request.most, wider)]
    if not below:
        return None
    name = below[-1]
    return {"search": name, "words": _family_words(BRANCHING[name], request.most, short=True)}


@dataclass(frozen=True)
class Needed:
    """Fewest armies on one territory (on the territory) to take a goal alone, for each chance asked:
    needed[p] (None when `most` armies are not enough); win: the best chance at every army count
    from 2 to `most` (Fractions); searched: the family of plans, as a turn's."""
    entry: str
    goal: tuple
    needed: dict
    win: tuple
    searched: dict


@guarded
def armies_needed(entry, goal, defenders, ps, *, most, rules=STANDARD, min_move="dice", search="auto", budget=None):
    """Fewest armies on `entry` (a territory outside the goal that borders it) for the best turn to
    take every territory of `goal` with chance at least each p in `ps`, when an opponent holds each
    of them with `defenders` armies and no reinforcements come: one search of the turn planner whose
    entry holds 1 army and may place up to most - 1 (its values at every army count come at once).

    >>> n = armies_needed("Siam", {"take": "Australia"}, 1, ["1/2"], most=12)
    >>> n.needed, n.win[n.needed["1/2"] - 2] >= Fraction(1, 2) > n.win[n.needed["1/2"] - 3]
    ({'1/2': 7}, True)
    """
    goal = read_goal(goal)
    most = check_int("most", most, 2, LIMITS["max_armies"])
    position = {t: {"owner": "them", "armies": defenders} for t in goal[0]}
    position[entry] = {"owner": "you", "armies": 1}
    request = turn_request(read_position(position, rules), "you", most - 1, goal,
                           *read_choices(min_move, search))
    family, found = search_family(request, choose_family(request, as_budget(budget)), 1)
    curve = [request.scale.fraction(v) for v in found.alone[0]][1:]       # armies 2 .. most
    needed = {}
    for p in ps:
        target = check_probability("p", p)
        needed[p] = next((t for t, w in enumerate(curve, 2) if w >= target), None)
    return Needed(request.entries[0].name, request.goal, needed, tuple(curve), _searched(request, family))


# ----------------------------------------------------------------------------- the family
@dataclass(frozen=True)
class Family:
    board: object
    subtrees: dict
    at_entries: dict
    branching: int            # None: every forest
    complete: bool            # the family is every forest of the position
    forests: int
    widest: str               # "" or why a wider family was not searched
    estimate: object = None   # its Estimate (guards/budget.py)
    fallback: object = None   # "auto": a narrower Family to search if this one runs out of time
    borders: tuple = None     # the chains along fewer borders (`_routes`): (borders kept, of all between targets)


AUTO_MARGIN = 2.0      # "auto" takes a family whose estimate is within budget / AUTO_MARGIN when one is
STRUCTURE_CAP = 300_000     # units of work (algorithms/turn.py structure) finding a family's shape may take


def choose_family(request, budget, priced=0.0, guard=True):
    """The family of plans to search, priced before any value is computed.

    "auto": the widest family, from chains up to every forest, whose estimate leaves a margin
    (AUTO_MARGIN: the estimates hold within a factor 2), else the narrowest that fits; the next
    narrower family that fits comes as its `fallback`, searched if the wider one runs out of time
    (`search_family`). Another `search`: that family. The cost guard refuses (naming the budget,
    and `reinforcements` when the turn would fit without them) when not even the narrowest fits,
    and starts the running deadline. Finding each family's shape is itself bounded: at most
    STRUCTURE_CAP units of work, and SHAPES_SHARE of the time budget (`_option_limit`). `priced`:
    CPython seconds the request already spent (pricing the real play), added to every estimate.
    guard=False: priced only (the plan shown beside the real play, whose price joins the real play's
    in its own guard): no guard is met and no clock started here; None where none fits."""
    most = request.most
    names = ("chains", "2", "3", "all") if request.search in ("auto", "real", "fixed") else (request.search,)
    names = [n for n in names if n == "all" or BRANCHING[n] < most or len(names) == 1] or ["all"]
    limit = _option_limit(budget)
    what = f"a turn of {request.R:,} reinforcements against {len(request.targets)} targets"
    if guard and not budget.dry_run:    # the clock starts now: finding the families' shapes is part of the request
        check_cost(Estimate(COST_MODEL["turn_partition_s"] * limit, 0.0, what), budget, "goal")
    started = time.process_time()
    fitting, why = [], ""          # [Family] narrowest first
    narrowest = None
    for name in names:
        b = BRANCHING[name]
        board = planner.Board(request.targets, request.entries, request.adjacent, 6 if b is None else b)
        shape = planner.structure(board, limit)
        words = _family_words(b, most, short=True)
        if shape is None:
            why = f"{words or 'every plan'} has too many ways to attack"
            fewer = _routes(request, budget, limit, priced, started, what) if narrowest is None else None
            if fewer is not None:       # the chains along fewer borders fit: the narrowest family there is
                fitting.append(fewer)
                break
            if narrowest is None:
                within = (f"within the time budget of {budget.seconds:g} s (time_budget_s)" if limit < STRUCTURE_CAP
                          else "in one turn")
                raise BudgetError(f"{what} has too many ways to attack to weigh {within}: take fewer "
                                  "territories at once", "goal")
            break
        estimate = _priced(request, board, shape, what + (f" ({words})" if words else ""), priced, started)
        family = Family(board, shape[0], shape[1], b, b is None or b >= most, planner.forests(board, *shape), "",
                        estimate)
        if narrowest is None:
            narrowest = family
        if not estimate.fits(budget):
            if fitting:
                why = f"{words or 'every plan'} would need about {estimate.here():,.0f} s"
            break
        fitting.append(family)
    if not fitting and narrowest is not None:      # not even the chains fit: the chains along fewer borders
        fewer = _routes(request, budget, limit, priced, started, what)
        if fewer is not None:
            fitting.append(fewer)
            why = f"chains along every border would need about {narrowest.estimate.here():,.0f} s"
    if not fitting and not guard:
        return None
    if not fitting:                 # the narrowest: refused with its estimate
        field, hint = _at_fault(request, narrowest, budget)
        check_cost(narrowest.estimate, budget, field, hint)
    safe = [f for f in fitting if f.estimate.here() * AUTO_MARGIN <= budget.seconds]
    chosen = safe[-1] if safe else fitting[0]
    at = fitting.index(chosen)
    if chosen is not fitting[-1]:
        wider = fitting[at + 1]
        words = _family_words(wider.branching, most, short=True) or "every plan"
        why = f"{words} would need about {wider.estimate.here():,.0f} s, too close to it"
    chosen = _with(chosen, widest=why, fallback=fitting[at - 1] if at else None)
    if guard:
        check_cost(chosen.estimate, budget, "goal", "Take fewer territories at once.")
    return chosen


ROUTE_TRIES = 4     # the most prices tried giving borders back, after the price of the borders kept first


def _routes(request, budget, limit, priced, started, what):
    """The chains along fewer borders between the targets (algorithms/routes.py: the entries' longest
    paths and a spanning forest, and as many of the borders left out, given back in board order, as
    keep the estimate within budget / AUTO_MARGIN, found by halving in at most ROUTE_TRIES prices), as the
    narrowest Family, or None: asked for by name, nothing left out, no plan along the borders kept
    first, or not even those fit. Giving borders back stops once it has taken SHAPES_SHARE of the
    budget, and the family returned carries the time of the prices tried after its own.
    Every plan of it attacks across real borders only: its chance is a plan's, a lower bound."""
    if request.search not in ("auto", "real", "fixed"):
        return None
    kept_first, others = routes.spanning_routes(request.entries, request.adjacent)
    if not others:
        return None
    total = sum(bin(m).count("1") for m in request.adjacent) // 2

    def family(n):
        board = planner.Board(request.targets, request.entries, routes.with_borders(kept_first, others, n), 1)
        shape = planner.structure(board, limit)
        if shape is None:
            return None
        kept = total - len(others) + n
        estimate = _priced(request, board, shape, f"{what} (chains along {kept} of the {total} borders)", priced,
                           started)
        return Family(board, shape[0], shape[1], 1, False, planner.forests(board, *shape), "", estimate,
                      borders=(kept, total))
    trying = time.process_time()
    best = family(0)
    if best is None or not best.forests or not best.estimate.fits(budget):
        return None
    best_at = time.process_time()
    low, high = 1, len(others) - 1              # every border given back is the chains, priced already
    for _ in range(ROUTE_TRIES):
        if low > high or time.process_time() - trying > SHAPES_SHARE * budget.seconds:
            break
        n = (low + high) // 2
        wider = family(n)
        if wider is not None and wider.estimate.here() * AUTO_MARGIN <= budget.seconds and wider.estimate.fits(budget):
            best, best_at, low = wider, time.process_time(), n + 1
        else:
            high = n - 1
    later = spent_since(best_at)        # the prices tried after it: the request's too
    return replace(best, estimate=replace(best.estimate, seconds=best.estimate.seconds + later))


def _priced(request, board, shape, what, priced, started):
    """The Estimate of searching a family of `board` (`_family_cost`), with the chains' tie rule
    where every target is alike, the pricing's own time since `started` and `priced` seconds
    already spent."""
    estimate = _family_cost(request, board, shape, request.R, what)
    if board.branching == 1 and _equal_targets(request):    # chains that tie exactly: the tie rule weighs them
        ties = 1 + COST_MODEL["turn_chain_ties"] * len(request.targets)
        base = COST_MODEL["base_mb"]
        estimate = replace(estimate, seconds=estimate.seconds * ties, mb=base + max(0.0, estimate.mb - base) * ties)
    return Estimate(estimate.seconds + priced + spent_since(started), estimate.mb,
                    estimate.what, estimate.browser_factor)


def _equal_targets(request):
    """Whether every target has the same defenders and dice: then chains through the same number of
    targets, in any order, are worth exactly the same, and the tie rule (algorithms/turn.py _Settle)
    weighs every such chain's armies on the border (its lines of exact values: time and memory)."""
    return len(request.targets) > 1 and len({(t.defenders, id(t.model)) for t in request.targets}) == 1


def _with(family, **changes):
    from dataclasses import replace
    return replace(family, **changes)


def _family_cost(request, board, shape, R, what):
    """The Estimate of searching `board`'s family (its `shape` from planner.structure) with R
    reinforcements to place (guards/cost.py turn_cost)."""
    subtrees, at_entries = shape
    n = len(request.entries)
    counts = {}
    sweeps = planner.sweeps_of(board, subtrees, at_entries, counts)
    return turn_cost(max(e.armies for e in request.entries) + R, sweeps,
                     [(t.defenders, t.model) for t in request.targets], request.min_move, what,
                     splits=planner.splits(board, at_entries), placements=_count_placements(R, n), entries=n,
                     options=sum(map(len, subtrees.values())) + sum(map(len, at_entries.values())),
                     lines=counts["lines"])


def _at_fault(request, family, budget):
    """(field, hint) of a turn whose narrowest family does not fit: the reinforcements when the same
    turn without them would fit (they make the stacks the search weighs), the position when it would
    fit with its stacks small (a stack of a million armies), else the goal."""
    shape = (family.subtrees, family.at_entries)
    if request.R and _family_cost(request, family.board, shape, 0, "").fits(budget):
        return "reinforcements", "Place fewer reinforcements: the search weighs every army count up to the biggest stack."
    small = replace(request, entries=tuple(replace(e, armies=min(e.armies, 2)) for e in request.entries))
    if _family_cost(small, family.board, shape, 0, "").fits(budget):
        biggest = max(request.entries, key=lambda e: e.armies)
        return "position", (f"Put fewer armies on {biggest.name}: the search weighs every army count up to the "
                            "biggest stack.")
    return "goal", "Take fewer territories at once."


def search_family(request, family, alternatives):
    """planner.search over `family`; with a fallback ("auto"), the wider family runs while the
    narrower one's time (AUTO_MARGIN times its estimate) is left, and if it runs out, the narrower
    family is searched instead (its answer says so): "auto" answers whenever a family it priced fits."""
    def run(f):
        return planner.search(f.board, request.R, request.scale, request.min_move, f.subtrees, f.at_entries,
                              alternatives)
    if family.fallback is None:
        return family, run(family)
    spare = family.fallback.estimate.here() * AUTO_MARGIN
    try:
        with deadline_before(spare):
            return family, run(family)
    except OutOfTime:
        fallback = family.fallback
        words = _family_words(family.branching, request.most, short=True) or "every plan"
        return search_family(request, _with(fallback, widest=f"{words} ran out of time"), alternatives)


SHAPES_SHARE = 0.25    # of the time budget: the most that finding the families' shapes may take


def _option_limit(budget):
    """Most units of work (algorithms/turn.py structure) worth spending on a family's shape before
    the search: STRUCTURE_CAP, and SHAPES_SHARE of the budget at COST_MODEL["turn_partition_s"] each."""
    seconds = budget.seconds if budget.seconds != float("inf") else 1e6
    return int(min(STRUCTURE_CAP, SHAPES_SHARE * seconds / (_slowdown() * COST_MODEL["turn_partition_s"]))) + 1


def _family_words(b, most, short=False):
    """The family in words: short, a phrase ("chains"); else a sentence's worth."""
    if b is None or b >= most:
        return "" if short else "every plan: each target attacked from any territory that borders it"
    if b == 1:
        return "chains" if short else "chains only: each territory attacks at most one target, so every stack moves along one path"
    return f"plans attacking at most {b} targets from one territory" if short else \
        f"every plan in which each territory attacks at most {b} targets"


def spent_since(started):
    """The CPython seconds of CPU this request spent since `started` (a time.process_time() reading),
    in Pyodide divided back by its slowdown: the pricing's own time, which every estimate of the
    request carries (it is part of the request's budget)."""
    return (time.process_time() - started) / _slowdown()


def _slowdown():
    """Pyodide time / CPython time of a turn's work (1 in CPython)."""
    return LIMITS["pyodide_slowdown"] * COST_MODEL["turn_browser_factor"] if IN_BROWSER else 1


# ----------------------------------------------------------------------------- the answer
def _answer(request, family, found):
    scale = request.scale
    targets, entries = request.targets, request.entries
    shapes, plan = found.shapes, found.plan
    name = lambda key: entries[key[1]].name if key[0] == "e" else targets[key[0]].name
    tree = Tree(lambda key: frozenset(i.key for i in shapes[key[:3]].children), name,
                lambda key: key if key[0] == "e" else ("t", key[0]))
    starts, attacks, per_entry = [], [], []
    for e, entry in enumerate(entries):
        if not found.split[e]:
            continue
        t = entry.armies + found.placement[e]
        items = found.roots[e]
        v = ("e", e)
        starts.append((v, frozenset(i.key for i in items), t))
        mine = []

        def walk(parent, item):
            attacks.append({"target": targets[item.key[0]].name, "from": parent, "entry": entry.name})
            mine.append(targets[item.key[0]].name)
            for child in shapes[item.key[:3]].children:
                walk(targets[item.key[0]].name, child)
        for item in items:
            walk(entry.name, item)
        value = plan.G[v, frozenset(i.key for i in items)][t]
        per_entry.append({"territory": entry.name, "armies": t, "placed": found.placement[e], "targets": mine,
                          "win": scale.fraction(value)})
    steps = tuple(main_line(plan, tree, starts))
    orders, moves = tables(plan, tree, starts, max(t for _, _, t in starts))
    guards = {t.name for t in targets if t.border} | {e.name for e in entries if e.border}
    placement = tuple((e.name, found.placement[i]) for i, e in enumerate(entries))
    sentences = _placement_words(placement) + words(steps, orders, guards)
    return TurnAnswer(request.player, request.goal, request.goal_name, tuple(t.name for t in targets), request.R,
                      request.min_move, scale.fraction(found.win), placement, tuple(attacks), tuple(per_entry),
                      steps, orders, moves, tuple(sentences),
                      tuple({"territory": entries[e].name, "win": scale.fraction(v[-1])} for e, v in sorted(found.alone.items())),
                      tuple(_alternative(request, scale, r) for r in found.ranked[1:]),
                      tuple(_borders(request, found, tree, starts)),
                      _searched(request, family), next=_first_action(request, found, steps))


def _first_action(request, found, steps):
    """The plan's first action, as a real play's `next`: its first attack along the plan's course,
    with the most dice (a plan fixed in advance fights each battle to the end with all it may roll);
    {"stop": True} where the plan cannot take the goal."""
    if not request.scale.fraction(found.win):
        return {"stop": True}
    first = next((s for s in steps if s["armies"] >= 2), None)
    if first is None:
        return {"stop": True}
    model = next(t.model for t in request.targets if t.name == first["target"])
    return {"attack": {"from": first["from"], "to": first["target"], "dice": min(model.attack_dice, first["armies"] - 1)}}


def _placement_words(placement):
    placed = [(t, a) for t, a in placement if a]
    if not placed:
        return ["There are no armies to place."]
    parts = [f"{a} on {t}" for t, a in placed]
    return [f"Place {list_names(parts)}."]


def _alternative(request, scale, ranked):
    value, split, placement = ranked
    return {"win": scale.fraction(value),
            "entries": [{"territory": e.name, "placed": placement[i],
                         "targets": [t.name for j, t in enumerate(request.targets) if split[i] >> j & 1]}
                        for i, e in enumerate(request.entries) if split[i] or placement[i]]}


def _searched(request, family):
    text = _family_words(family.branching, request.most)
    name = "all" if family.complete else ("chains" if family.branching == 1 else str(family.branching))
    if family.borders:
        kept, total = family.borders
        text = (f"chains along {kept} of the {total} borders between the targets: each territory attacks at most "
                "one target, across those borders only")
        name = "routes"
    out = {"family": name,
           "complete": family.complete, "forests": family.forests,
           "placements": _count_placements(request.R, len(request.entries)),
           "words": (f"The one way to attack ({text}), with its best placement." if family.forests == 1 else
                     f"The best of {family.forests:,} ways to attack ({text}), each with its best placement.")}
    if family.widest:
        out["words"] += f" A wider search did not fit the time budget: {family.widest}."
    return out


def _count_placements(R, n):
    from math import comb
    return comb(R + n - 1, n - 1) if n else 0


# ----------------------------------------------------------------------------- the borders
def _borders(request, found, tree, starts):
    """Expected armies left on each border territory of the goal once every target is taken:
    E[armies on b * 1{win}] / P(win), exactly (module docstring of algorithms/turn.py; the same
    decisions, with each conquest worth the armies it leaves instead of 1)."""
    scale, plan = request.scale, found.plan
    edge = set(request.borders)
    out = []
    for v, S, t in starts:
        e = v[1]
        entry = request.entries[e]
        tree_targets = {k: None for k in planner.keys_below(tree, S)}
        border_keys = [k for k in tree_targets if request.targets[k[0]].name in edge]
        win = plan.G[v, S][t]
        if not win[0]:
            continue
        for k in border_keys:
            tick(16)
            value = planner.armies_on(plan, tree, v, S, t, k)
            out.append({"territory": request.targets[k[0]].name,
                        "expected": scale.fraction(value) / scale.fraction(win)})
        if entry.border:
            value = planner.armies_on(plan, tree, v, S, t, v)
            out.append({"territory": entry.name, "expected": scale.fraction(value) / scale.fraction(win)})
    names = {t for t in request.goal if t in edge}
    return sorted(out, key=lambda r: board.TERRITORIES.index(r["territory"]) if r["territory"] in names else 99)
