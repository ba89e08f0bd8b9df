"""A turn on a board: where to place the reinforcements, which territory attacks which target and
in what order, exactly.

The model
---------
The player holds some territories ("entries": those that border a target) and wants every target
(the goal territories it does not hold). It places R armies on its territories, then attacks.
Each target is attacked from one territory fixed in advance that borders it: an entry, or a
target taken earlier in the turn. So the plan is a forest: one tree of targets per entry that
attacks. Inside a tree the plan recursion of algorithms/plan.py plays: each territory attacks its
targets one at a time with all but one army, chooses the next target and the armies to move in
after each conquest knowing its armies. Stacks of different entries never meet (armies only move
forward, into their own tree), so P(take every target) is the product of the trees' chances.

The player maximises that product over the placement and the forest. The family searched is
every forest (each target's attacker any neighbour that is an entry or another target, without
cycles), or, when that is too big, the forests in which no territory attacks more than
`branching` targets (chains: one each). `searched` says which, how many forests the family
holds (counted over the structure, checked against the matrix-tree theorem, not enumerated)
and that the answer is the best of all of them.

Why trees can be searched piece by piece
----------------------------------------
Write a subtree as (c, S, shape): target c, the set S of targets below and including it, and the
way S hangs below c. Its value F(m) (P(take all of S once c is taken with m armies on it)) is
G(c, its children's subtrees, m) of algorithms/plan.py, which is built from the children's values
by sums with non-negative weights, products and maxima: G is non-decreasing in every child's
F. So if two shapes of the same (c, S) have values F1 >= F2 at every m, any forest using the
second shape is matched or beaten by the same forest using the first. For each (c, S) we keep
only the shapes no other shape beats everywhere (the Pareto set), built from the Pareto sets of
smaller (b, B): the best forest of the whole family survives, and the sets stay small (one or two
shapes each on the classic board).

At an entry the armies are known before the turn starts (its own plus what is placed), so there
the best shape for each army count is kept (a pointwise maximum): entry e taking the set S with t
armies is worth B(e, S, t). The placement and the split of the targets among the entries are then
one search over the splits (every target in exactly one entry's set) and the placements (R armies
among the entries): the product of B(e, S_e, a_e + p_e).

Exact ties
----------
Where two choices give exactly the same chance the armies stay where they guard what was taken:
a move goes forward into a target on the goal's border, stays on a territory on the border, and is
split evenly between two border territories (algorithms/plan.py `Item.prefer`). Between two ways
to attack of exactly the same chance (at an entry with its armies; for the shapes of a subtree, at
every army count) the one that leaves more armies on the goal's border territories, expected given
every target is taken (`_guard_line`: E[armies on them * 1{all taken}], exactly, by `armies_on`;
for a subtree, more at every army count). Shapes equal at every army count change no value above
them, so the search keeps the first and weighs the others (its twins) only for the plan it
chooses (`_Settle`), its subtrees before their parents:
Brazil 6 against Peru 1 and Argentina 1, moving in one army, takes both from Brazil and keeps its
stack on the border, rather than moving it on through Peru. Between placements, more armies on the
entries that lie on the goal's border. Everything else ties towards the first in board order.

The armies left
---------------
armies_on gives E[armies left on b at the end * 1{every target taken}] for a territory b of the
plan (or the sum over a set of them), by the plan's own decisions with each conquest worth the
armies it leaves instead of 1: the answer's expected armies on the border divide it by the chance.

Numbers are scaled values (maths/scaled.py); floats only pick candidates, exact comparisons decide.
"""
import math
from dataclasses import dataclass, field

from ..checks.turn_request import Entry, Target   # noqa: F401  (the records the search works on)
from ..guards.budget import tick
from .plan import RELATIVE, Item, Solved, best_of, expected, greater, siblings


@dataclass(frozen=True)
class Shape:
    """A subtree: `key` (c, S mask, index), its value F(m) for m = 0..T (scaled), and its children
    as the Items the recursion saw (their keys name their own Shapes)."""
    key: tuple
    value: list
    children: tuple


@dataclass
class Board:
    """What the search works on: targets, entries (checks/turn_request.py records), the targets'
    neighbours among targets (bit masks), and the most targets one territory may attack."""
    targets: tuple
    entries: tuple
    adjacent: tuple
    branching: int = 6
    work: int = 0             # units of work the last `structure` of this board spent (set by it)


@dataclass
class Searched:
    """The search's result. win: the best plan's value (scaled). split: per entry, the mask of the
    targets it takes; placement: per entry, the armies placed; roots: per entry with targets, the
    Items it attacks (their Shapes below them); plan: the Solved memo (orders, moves, values);
    shapes: key -> Shape; ranked: [(value, split, placement)] best first, one per split; alone:
    {entry: [its value taking every target alone with p armies placed on it, p = 0..R]}."""
    win: tuple
    split: tuple
    placement: tuple
    roots: dict
    plan: Solved
    shapes: dict
    ranked: list
    alone: dict
    counts: dict = field(default_factory=dict)


def _bits(mask):
    """The indexes of a mask's set bits, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def prefer(parent_border, child_border):
    """Where an exact tie of the move into a conquered child goes (module docstring)."""
    if child_border and parent_border:
        return "even"
    if parent_border:
        return "back"
    return "forward"


# ----------------------------------------------------------------------------------- structure
class TooMany(Exception):
    """The family has more ways to hang its targets than a search may enumerate."""


def partitions(parent_touches, rest, exists, most, below, made, limit):
    """Every way to hang the targets `rest` (a mask) below one territory as at most `most` blocks:
    tuples of (b, B), B a block of `rest` with its subtree's root b, b a target the territory
    borders (`parent_touches`, a mask), (b, B) a subtree that exists (`exists(b, B)`); the blocks
    partition `rest`. Blocks are chosen by their lowest target, so each partition comes once.
    below(r, n): the same for a smaller rest r in at most n blocks (a memo). made: a one-item list
    counting the work done (every block tried and every partition made), against `limit` (TooMany
    past it)."""
    if not rest:
        return [()]
    if most <= 0:
        return []
    low = rest & -rest
    others = rest ^ low
    out = []
    sub = others
    if most == 1:                   # one block left to make: all of the rest
        for b in _bits(rest & parent_touches):
            if exists(b, rest):
                out.append(((b, rest),))
        made[0] += len(out)
        if made[0] > limit:
            raise TooMany
        return out
    while True:                     # every block: the lowest target and a subset of the others
        block = sub | low
        made[0] += 1
        for b in _bits(block & parent_touches):
            if exists(b, block):
                tails = below(rest ^ block, most - 1)
                out += [((b, block),) + tail for tail in tails]
                made[0] += len(tails)
                if made[0] > limit:
                    raise TooMany
        if not sub:
            break
        sub = (sub - 1) & others
    if made[0] > limit:
        raise TooMany
    return out


def structure(board, limit):
    """The subtrees and entry options of the family, without values: ({(c, S): [options]},
    {(e, S): [options]}), options as partitions into at most board.branching blocks. None when
    making them takes more than `limit` units of work (a set of targets below a territory, a block
    tried, a partition made: the family is too big to search), decided before any is made when the
    sets alone are more than `limit`; board.work says how many were spent. Subtrees come smallest
    first (their children before them). Partitions are kept per (territory, targets below it, blocks
    allowed): when a set is asked for, every smaller subtree is already known, so a kept answer is
    never stale."""
    k = len(board.targets)
    subtrees, memo, made = {}, {}, [0]
    exists = lambda b, block: (b, block) in subtrees
    board.work = 0
    if least_structure_work(k, len(board.entries)) > limit:
        return None

    def hang(who, touches, rest, most):
        key = (who, rest, most)
        if key not in memo:
            made[0] += 1
            memo[key] = partitions(touches, rest, exists, most, lambda r, n: hang(who, touches, r, n), made, limit)
        return memo[key]
    try:
        masks = sorted(range(1, 1 << k), key=lambda m: bin(m).count("1"))
        for S in masks:
            tick()
            for c in _bits(S):
                options = hang(("t", c), board.adjacent[c], S ^ (1 << c), board.branching)
                if options:
                    subtrees[c, S] = options
        at_entries = {}
        for e, entry in enumerate(board.entries):
            touches = sum(1 << i for i in entry.touches)
            for S in masks:
                options = hang(("e", e), touches, S, board.branching)
                if options:
                    at_entries[e, S] = options
    except TooMany:
        return None
    finally:
        board.work = made[0]
    return subtrees, at_entries


def least_structure_work(targets, entries):
    """Units of work `structure` spends at least on `targets` targets and `entries` entries: every
    set of targets below each of its targets (targets * 2**(targets - 1)) and below each entry."""
    return targets * 2 ** (targets - 1) + entries * (2 ** targets - 1)


def sweeps_of(board, subtrees, at_entries, counts=None):
    """The sweeps the search will make if every Pareto set holds one shape: for every option, the
    sets of its items not seen before (each set of k items makes k sweeps), as the cost model's
    (count, defenders, model, defenders below) list. counts (a dict), when given, receives "lines":
    the sets themselves, each a line of values the search keeps (plan.G[v, S])."""
    seen = set()
    out = []
    total = lambda block: sum(board.targets[i].defenders for i in _bits(block))
    owners = [(("t", c), o) for (c, _), o in subtrees.items()] + [(("e", e), o) for (e, _), o in at_entries.items()]
    for v, options in owners:
        for option in options:
            for size in range(1, len(option) + 1):
                for subset in _combinations(option, size):
                    if (v, subset) in seen:
                        continue
                    seen.add((v, subset))
                    everything = sum(total(B) for _, B in subset)
                    for b, B in subset:
                        out.append((1, board.targets[b].defenders, board.targets[b].model,
                                    everything - board.targets[b].defenders))
    if counts is not None:
        counts["lines"] = len(seen)
    return out


def _combinations(items, size):
    if size == 0:
        return [()]
    if len(items) < size:
        return []
    first, rest = items[0], items[1:]
    return [(first,) + tail for tail in _combinations(rest, size - 1)] + _combinations(rest, size)


def forests(board, subtrees, at_entries):
    """How many plans (forests) the family holds: the ways to hang every target below the entries,
    counted over the structure (the subtrees' shapes multiply; tests check the count against
    Kirchhoff's matrix-tree theorem for the family of every forest)."""
    trees = {}
    for (c, S), options in subtrees.items():                 # smallest first
        trees[c, S] = sum(math.prod(trees[b, B] for b, B in option) for option in options)
    n, k = len(board.entries), len(board.targets)
    at = [{0: 1} for _ in range(n)]
    for (e, S), options in at_entries.items():
        at[e][S] = sum(math.prod(trees[b, B] for b, B in option) for option in options)
    ways = {0: 1}                                            # targets covered -> ways so far
    for e in range(n):
        nxt = {}
        for covered, w in ways.items():
            for S, count in at[e].items():
                if not S & covered:
                    nxt[covered | S] = nxt.get(covered | S, 0) + w * count
        ways = nxt
    return ways.get((1 << k) - 1, 0)


def splits(board, at_entries):
    """How many ways the targets can be split among the entries (each entry a set it can take,
    or none): what the search combines with every placement."""
    n, k = len(board.entries), len(board.targets)
    sets = [[0] + [S for (f, S) in at_entries if f == e] for e in range(n)]
    ways = {0: 1}
    for e in range(n):
        nxt = {}
        for covered, w in ways.items():
            for S in sets[e]:
                if not S & covered:
                    nxt[covered | S] = nxt.get(covered | S, 0) + w
        ways = nxt
    return ways.get((1 << k) - 1, 0)


# ----------------------------------------------------------------------------------- values
def search(board, reinforcements, scale, min_move, subtrees, at_entries, alternatives=5):
    """The best plan of the family (module docstring): Searched."""
    T = max(e.armies for e in board.entries) + reinforcements
    plan = Solved(T, scale, min_move)
    shapes, pareto, twins = {}, {}, {}
    tree = ShapeTree(shapes)
    for (c, S), options in subtrees.items():            # children before parents (by size)
        target = board.targets[c]
        found = []
        for items in _choices(board, c, target.border, options, pareto, shapes):
            tick(4)
            value = siblings(plan, ("t", c), items)
            found.append((value, items))
        pareto[c, S] = []
        for i, (value, items, equal) in enumerate(_pareto(scale, found)):
            key = (c, S, i)
            shapes[key] = Shape(key, value, items)
            pareto[c, S].append(key)
            if equal:
                twins[key] = equal
    settle = _Settle(board, plan, shapes, twins, tree)
    best_at = {}                    # (e, S) -> ([value per t], [items per t])
    for (e, S), options in at_entries.items():
        entry = board.entries[e]
        v = ("e", e)
        values, picks = None, None
        for items in _choices(board, None, entry.border, options, pareto, shapes):
            tick(4)
            value = siblings(plan, v, items)
            if values is None:
                values, picks = list(value), [items] * (T + 1)
                continue
            for t in range(entry.armies, min(T, entry.armies + reinforcements) + 1):
                if greater(scale, value[t], values[t]) or (       # an exact tie: the armies guard the border
                        value[t][0] and not greater(scale, values[t], value[t]) and greater(
                            scale, settle.entry_line(v, items, entry.border)[t],
                            settle.entry_line(v, picks[t], entry.border)[t])):
                    values[t], picks[t] = value[t], items
        best_at[e, S] = (values, picks)
    ranked, alone = _combine(board, reinforcements, scale, best_at, alternatives)
    if not ranked:
        return None
    win, split, placement = ranked[0]
    roots = {e: settle.items(("e", e), best_at[e, split[e]][1][board.entries[e].armies + placement[e]])
             for e in range(len(board.entries)) if split[e]}
    return Searched(win, split, placement, roots, plan, shapes, ranked, alone,
                    {"sweeps": sum(len(S) for (_, S) in plan.G if S)})


def _choices(board, c, parent_border, options, pareto, shapes):
    """Every option with every choice of Pareto shape for each block: tuples of Items."""
    for option in options:
        lists = [pareto[b, B] for b, B in option]
        for pick in _product(lists):
            yield tuple(_item(board, key, parent_border, shapes) for key in pick)


def _product(lists):
    out = [()]
    for choices in lists:
        out = [head + (x,) for head in out for x in choices]
    return out


def _item(board, key, parent_border, shapes):
    b = key[0]
    target = board.targets[b]
    how = prefer(parent_border, target.border)
    return Item(key + (how,), target.defenders, target.model, shapes[key].value, how)


def _pareto(scale, found):
    """The values not beaten everywhere by another (module docstring), as (value, items, twins):
    of equal ones (an exact tie at every army count) the first, with the items of the others, its
    twins, that the tie rule (`_Settle`) weighs once the plan is known."""
    floats = [[scale.as_float(x) for x in value] for value, _ in found]
    kept, fate = [], {}             # fate[i]: its place in kept (its own or its twin's), None: beaten
    for i, (value, items) in enumerate(found):
        mine = "kept"
        for j, (other, _) in enumerate(found):
            if j == i or not _at_least(scale, other, floats[j], value, floats[i]):
                continue
            if not _at_least(scale, value, floats[i], other, floats[j]):
                mine = None                         # beaten at some army count
                break
            if j < i:                               # equal to an earlier one: its twin, or beaten with it
                mine = fate[j]
                break
        if mine == "kept":
            fate[i] = len(kept)
            kept.append((value, items, []))
        else:
            fate[i] = mine
            if mine is not None:
                kept[mine][2].append(items)
    return kept


class _Settle:
    """The tie rule between shapes of exactly equal value (module docstring), applied to the plan
    chosen: a target's shape and its twins (found equal at every army count) are weighed with their
    own subtrees settled first, and the one whose armies guard the goal's border better at every
    army count (`_guard_line`) replaces the first; new shapes are added to `shapes` and their
    tables to the plan (the values are the same, so no choice above them changes)."""

    def __init__(self, board, plan, shapes, twins, tree):
        self.board, self.plan, self.shapes, self.twins, self.tree = board, plan, shapes, twins, tree
        self.settled = {}           # shape key -> the key of its settled shape

    def items(self, v, items):
        """The settled items attacked from v (their tables computed)."""
        out = tuple(self.item(i) for i in items)
        if out != items:
            siblings(self.plan, v if v[0] == "e" else ("t", v[0]), out)
        return out

    def entry_line(self, v, items, border):
        """The guard line of an entry v attacking `items`, settled."""
        settled = self.items(v, items)
        return _guard_line(self.board, self.plan, self.tree, v, settled, border)

    def item(self, item):
        key = item.key[:3]
        if key not in self.settled:
            self.settled[key] = self._settle(key)
        new = self.settled[key]
        if new == key:
            return item
        return Item(new + (item.prefer,), item.defenders, item.model, item.value, item.prefer)

    def _settle(self, key):
        shape = self.shapes[key]
        c, S = key[0], key[1]
        candidates = [shape.children] + self.twins.get(key, [])
        settled = [tuple(self.item(i) for i in children) for children in candidates]
        if len(settled) == 1 and settled[0] == shape.children:
            return key                              # nothing below or here to weigh
        scale, border = self.plan.scale, self.board.targets[c].border
        best, best_line = None, None
        for n, children in enumerate(settled):
            tick(16)
            new = (c, S, f"{key[2]}.{n}")
            siblings(self.plan, ("t", c), children)
            self.shapes[new] = Shape(new, shape.value, children)
            line = _guard_line(self.board, self.plan, self.tree, new, children, border) if len(settled) > 1 else None
            if best is None or (not any(greater(scale, best_line[m], line[m]) for m in range(len(line)))
                                and any(greater(scale, line[m], best_line[m]) for m in range(len(line)))):
                best, best_line = new, line
        return best


def _at_least(scale, x, xf, y, yf):
    """x[m] >= y[m] at every m, exactly (floats rule out the clear cases first)."""
    for m in range(len(x)):
        if xf[m] < yf[m] * (1 - RELATIVE):
            return False
    for m in range(len(x)):
        if xf[m] <= yf[m] * (1 + RELATIVE) and greater(scale, y[m], x[m]):
            return False
    return True


def _combine(board, R, scale, best_at, alternatives):
    """Every split of the targets among the entries and every placement: the best plan of each
    split (ranked: the best first, exactly; the others by their floats, leaving out those with no
    chance or with armies placed on an entry that attacks nothing), and each entry alone with
    every army placed on it."""
    n, k = len(board.entries), len(board.targets)
    everything = (1 << k) - 1
    sets = []                       # per entry: the sets it can take -> value per armies placed
    for e, entry in enumerate(board.entries):
        own = {0: [scale.one] * (R + 1)}
        for (f, S), (values, _) in best_at.items():
            if f == e:
                own[S] = [values[entry.armies + p] for p in range(R + 1)]
        sets.append(own)
    splits = []

    def choose(e, chosen, covered):
        if e == n:
            if covered == everything:
                splits.append(tuple(chosen))
            return
        for S in sets[e]:
            if not S & covered and (e < n - 1 or (covered | S) == everything):
                chosen.append(S)
                choose(e + 1, chosen, covered | S)
                chosen.pop()
    choose(0, [], 0)
    placements = list(compositions(R, n))
    order = sorted(range(len(placements)), key=lambda i: _guard_order(board, placements[i]))
    plans = []
    for split in splits:
        tick()
        values = [one_product(scale, [sets[e][split[e]][p[e]] for e in range(n)]) for p in placements]
        best = best_of(scale, values, order)
        plans.append((values[best], split, placements[best]))
    if not plans:
        return [], {}
    first = best_of(scale, [v for v, _, _ in plans])
    rest = sorted((i for i in range(len(plans)) if i != first and _weighed(plans[i])),
                  key=lambda i: -scale.as_float(plans[i][0]))
    ranked = [plans[first]] + [plans[i] for i in rest[:max(0, alternatives - 1)]]
    alone = {e: sets[e][everything] for e in range(n) if everything in sets[e]}     # by armies placed
    return ranked, alone


def _weighed(plan):
    """Is an alternative worth a player's weighing: some chance, and no army placed on an entry
    that attacks nothing (the same split with those armies where they attack is as good)?"""
    value, split, placement = plan
    return value[0] != 0 and not any(p and not S for p, S in zip(placement, split))


def one_product(scale, values):
    """The product of scaled values."""
    out = scale.one
    for v in values:
        out = scale.product(out, v)
    return out


def _guard_order(board, placement):
    """Placements in the order an exact tie is decided: more armies on border entries first, then
    on the entries in board order."""
    return (-sum(p for p, e in zip(placement, board.entries) if e.border), [-p for p in placement])


def compositions(R, n):
    """Every way to put R armies on n territories (tuples summing to R), the first territory's
    largest first; none on no territory, (), where R is 0. The one order of every placement search
    (the fixed plans, the real play, holding and keeping)."""
    if n == 0:
        if R == 0:
            yield ()
        return
    if n == 1:
        yield (R,)
        return
    for first in range(R, -1, -1):
        for rest in compositions(R - first, n - 1):
            yield (first,) + rest


# ----------------------------------------------------------------------------------- armies left
@dataclass(frozen=True)
class ShapeTree:
    """How armies_on reads the search's shapes (answers/course.py Tree's children and at):
    children(key): the keys attacked from a target once taken; at(key): its key in the plan's
    tables (an entry's own, ("t", c) for a target c)."""
    shapes: dict

    def children(self, key):
        return frozenset(i.key for i in self.shapes[key[:3]].children)

    def at(self, key):
        return key if key[0] == "e" else ("t", key[0])


def _guard_line(board, plan, tree, v, items, border):
    """For t = 0..T: E[armies left on the goal's border territories at or below v * 1{every target
    of `items` taken}] (scaled) from v holding t armies: the sum of armies_on over the border
    targets below v, and v itself when `border`. What an exact tie is decided by (module docstring)."""
    memo = plan.__dict__.setdefault("guard_lines", {})
    S = frozenset(i.key for i in items)
    if (v, S) not in memo:
        guarded = frozenset([k for k in keys_below(tree, S) if board.targets[k[0]].border] + ([v] if border else []))
        tick(16)
        memo[v, S] = [armies_on(plan, tree, v, S, t, guarded) for t in range(plan.T + 1)]
    return memo[v, S]


def keys_below(tree, S):
    """The keys of S and of every target below them (tree.children), parents first."""
    out = []
    for k in S:
        out.append(k)
        out += keys_below(tree, tree.children(k))
    return out


def armies_on(plan, tree, v, S, t, b):
    """E[armies left on b at the end * 1{every target of S below v taken}] from v holding t armies
    with S still to take (scaled), for b = v or a target below v; b may also be a frozenset of such
    keys (the sum of their armies). Memoised on the plan."""
    bs = b if isinstance(b, frozenset) else frozenset((b,))
    if not bs:
        return plan.scale.zero
    memo = plan.__dict__.setdefault("armies_on", {})
    key = (v, S, bs)
    if key not in memo:
        memo[key] = armies_line(plan, tree, v, S, bs)
    return memo[key][t]


def armies_line(plan, tree, v, S, bs):
    """The line of armies_on over t = 0..T for the keys `bs` (a frozenset): with S empty it is t
    where v is in bs (the armies stay) and 0 else; else the first target c = order(v, S, t) is
    attacked, and a conquest leaving t' splits into m = t' - keep moved into c and keep left on v:
        E = sum P_c(t -> t') [E_c(m) G(v, S - c, keep) + F_c(m) E_v(S - c, keep)],
    E_c the line below c for the keys of bs in c's subtree, E_v the line of v with S - c for the
    keys of bs that are v or under another target of S. One sweep per first target c, as the
    plan's own values, for all the keys at once."""
    scale, T = plan.scale, plan.T
    zero = scale.zero
    if not S:
        return [((t, scale.one[1]) if v in bs and t else zero) for t in range(T + 1)]
    out = [zero] * (T + 1)
    firsts = {}
    for t in range(2, T + 1):
        c = plan.order[tree.at(v), S][t]
        if c is not None:
            firsts.setdefault(c, []).append(t)
    for c, ts in firsts.items():
        rest = S - {c}
        keep = plan.keep[tree.at(v), rest, c]
        item = plan.items[c]
        below = tree.children(c)
        inside = bs & ({c} | set(keys_below(tree, below)))
        outside = bs - inside
        G = plan.G[tree.at(v), rest]
        worth = [zero] * (T + 1)
        for t2 in range(2, T + 1):
            k = keep[t2]
            m = t2 - k
            left = scale.product(armies_on(plan, tree, c, below, m, inside), G[k]) if inside else zero
            right = scale.product(item.value[m], armies_on(plan, tree, v, rest, k, outside)) if outside else zero
            worth[t2] = scale.add(left, right)
        values = expected(plan, item, worth)
        for t in ts:
            out[t] = values[t]
    return out
