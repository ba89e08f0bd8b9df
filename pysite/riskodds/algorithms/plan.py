"""Branching attack plans: the best order of attacks and the best armies to move, exactly.

A plan is a tree of targets. The root is the attacker's starting territory; each target's
children are the territories to be attacked from it once it is taken. A territory holding t
armies (on the territory: one must stay) attacks one adjacent target at a time with
min(3, t - 1) dice and fights that battle to the end. After a conquest with t' armies left on
the attacking territory the attacker moves m of them in, least(t') <= m <= t' - 1, and keeps
t' - m to attack the territory's other targets. It chooses the order of each territory's
targets and every m to maximise P(every target conquered).

The move-in rule (`min_move`): "one" lets the attacker move a single army; "dice" is the
printed rule, at least as many armies as dice it rolled in the last roll. A conquering roll
costs the attacker nothing (every pair of dice compared went its way, or the defender would
still stand), so the last roll was made with the t' armies still there: least(t') =
min(attack_dice, t' - 1), attack_dice being the most dice the target's rules let the attacker roll.

The value of a set of sibling subtrees
--------------------------------------
Write F(c, m) for the chance of conquering everything below target c once c is taken and holds
m armies, and G(v, S, t) for the chance of conquering every target in the subtrees S of
territory v (its children not yet attacked), v holding t armies. Then F(c, m) = G(c, all of c's
children, m), G(v, {}, t) = 1, G(v, S, 1) = 0 for S not empty, and for t >= 2

    G(v, S, t) = max over c in S of  sum over t' of  P_c(t -> t') * H(v, S - {c}, c, t'),
    H(v, S', c, t') = max over least(t') <= m <= t' - 1 of  F(c, m) * G(v, S', t' - m),

where P_c(t -> t') is the chance that v, attacking c with t armies, conquers it with t' left
(a battle of t - 1 attacking armies against c's defenders, under c's rules).

Why the subtrees are independent once the armies are moved: after the move, the m armies in c
and the t' - m left in v never meet again. Armies only move forward, into conquered targets,
and each battle involves one attacking territory and one target. What happens below c depends
only on m and on c's subtree, what happens at v only on t' - m and on S - {c}: the two chances
multiply, and the attacker maximises each part by its own later choices. Before the move the
attacker knows t', so it picks m for that t' (H maximises inside the sum). The order is chosen
at each step knowing t, which is why G maximises over c state by state.

Why the recursion is well-founded: G(v, S, .) calls G(v, S', .) for a smaller set S' and F(c, .)
for a child deeper in the tree, both computed first (children before parents, smaller sets
before larger); the battle itself is the engine's finite battle (every round removes an army).

Exact ties
----------
Several moves can give exactly the same chance: after the last conquest of a plan every m
does (F = G = 1). Each target says which way a tie goes (`Item.prefer`): "forward" (the most
armies into the target: the plan op's rule), "back" (the fewest: the armies stay on the
attacking territory), or "even" (as close to half each as the rule allows). The turn planner
uses this to leave armies where they guard what was taken. Orders tie towards the first target
in key order.

How it is computed
------------------
For one (v, S, c) the sum over t' for every t at once is a backward sweep (sweep.win_lines) of
the battle against c whose conquests are worth H(v, S - {c}, c, a + 1) instead of 1 (a: attacking
armies left, so a + 1 armies stand on v): line a of the sweep, at c's defenders, is the sum for
t = a + 1. Values are exact scaled integers (maths/scaled.py) throughout; each max over m is
found in floats first and decided exactly among the candidates the floats cannot tell apart.
G(v, S, .) is kept per (v, set of target keys) in a `Solved`, so plans that share a territory's
targets (the turn planner tries many trees) compute each set once.
"""
import math
from dataclasses import dataclass, field
from operator import add, mul

from ..checks.rules import MIN_MOVES, least_move  # noqa: F401 (MIN_MOVES: answers read it here too)
from ..facts.limits import KERNEL_MAX
from ..guards.budget import tick
from . import flow
from .choice import defender_play
from .sweep import win_lines

RELATIVE = 1e-9      # float candidates within this of the best are compared exactly
PREFER = ("forward", "back", "even")


@dataclass(frozen=True)
class Node:
    """A target of a plan: its defenders, its round model, its children (indexes into the plan's
    nodes), and the index of the territory it is attacked from (-1: the starting territory)."""
    defenders: int
    model: object
    children: tuple
    parent: int


@dataclass(frozen=True)
class Item:
    """A target as the territory attacking it sees it: `key` (hashable, one per target and its
    subtree in a computation), its defenders, its round model, `value` (F(c, m) for m = 0..T:
    the chance of taking everything below it once taken with m armies on it, scaled values),
    and `prefer`: where an exact tie of the move goes ("forward", "back", "even")."""
    key: object
    defenders: int
    model: object
    value: list
    prefer: str = "forward"


@dataclass
class Solved:
    """A plan's exact values and decisions, T: the most armies on any territory (on the territory).

    F[c][m]: value (scaled) of target c's subtree once c is taken with m armies (m = 0..T).
    G[(v, S)][t]: value of sibling set S (a frozenset of target keys) from v with t armies.
    order[(v, S)][t]: the key of the target attacked first from v with t armies, S still to take.
    keep[(v, S', c)][t']: armies kept on v after taking c with t' on v (S' still to take from v).
    min_move: the move-in rule ("one" or "dice").
    """
    T: int
    scale: object = None
    min_move: str = "one"
    F: dict = field(default_factory=dict)
    G: dict = field(default_factory=dict)
    order: dict = field(default_factory=dict)
    keep: dict = field(default_factory=dict)
    items: dict = field(default_factory=dict)       # key -> Item
    floats: dict = field(default_factory=dict)      # id(values) -> (values, _floats(values)), reused
    kernels: dict = field(default_factory=dict)     # (model, defenders) -> kernel rows

    def kernel_of(self, item):
        """The conquest kernel of a target (`kernel`), computed once per (rules, defenders)."""
        key = (item.model, item.model.defender_choice, item.defenders)     # equal tables, other choosers
        if key not in self.kernels:
            self.kernels[key] = kernel(item.model, item.defenders, self.T, self.scale)
        return self.kernels[key]

    def floats_of(self, values):
        """_floats(values), computed once per list of values (a value line serves many sweeps)."""
        hit = self.floats.get(id(values))
        if hit is None or hit[0] is not values:
            hit = self.floats[id(values)] = (values, _floats(self.scale, values))
        return hit[1]

    def win(self, root_children):
        return self.G[-1, frozenset(root_children)][self.T]


def subsets(items):
    """Every subset of `items`, smaller first (frozensets)."""
    items = tuple(items)
    out = [frozenset()]
    for item in items:
        out += [s | {item} for s in out]
    return sorted(out, key=len)


def solve(nodes, root_children, T, scale, min_move="one"):
    """The Solved plan of targets `nodes` (Node records) reached from the starting territory by
    `root_children`, T armies on it, values in `scale`. Keys are the node indexes, -1 the start."""
    plan = Solved(T, scale, min_move)
    for v in _children_first(nodes, root_children):
        kids = root_children if v == -1 else nodes[v].children
        items = tuple(Item(c, nodes[c].defenders, nodes[c].model, plan.F[c]) for c in kids)
        full = siblings(plan, v, items)
        if v != -1:
            plan.F[v] = full
    return plan


def siblings(plan, v, items):
    """G(v, S, t) for t = 0..T for every subset S of `items` (Items attacked from v), smaller sets
    first, each kept in `plan` (and computed once per key set); returns G for all of them."""
    for item in items:
        plan.items[item.key] = item
    keys = [item.key for item in items]
    for S in subsets(keys):
        if (v, S) not in plan.G:
            plan.G[v, S] = [plan.scale.one] * (plan.T + 1) if not S else _best_first(plan, v, S)
    return plan.G[v, frozenset(keys)]


def _children_first(nodes, root_children):
    """Targets in an order that puts every target after its children, the start (-1) last."""
    out = []

    def visit(v):
        for c in (root_children if v == -1 else nodes[v].children):
            visit(c)
        out.append(v)
    visit(-1)
    return out


def _best_first(plan, v, S):
    """G(v, S, t) for t = 0..T (module docstring), recording the best first target per t."""
    T, scale = plan.T, plan.scale
    best = [scale.zero] * (T + 1)
    first = [None] * (T + 1)
    for c in sorted(S, key=_order_key):
        tick(64)
        worth = _moves(plan, v, S - {c}, plan.items[c])     # H(v, rest, c, t'), t' = 0..T
        line_value = expected(plan, plan.items[c], worth)
        for t in range(2, T + 1):
            q = line_value[t]
            if first[t] is None or greater(scale, q, best[t]):
                best[t], first[t] = q, c
    plan.order[v, S] = first
    return best


def expected(plan, target, worth):
    """{t: sum over t' of P_c(t -> t') * worth[t']} for t = 2..T: the value of attacking `target`
    from a territory holding t armies when a conquest leaving t' on it is worth worth[t'].

    Small plans (T <= KERNEL_MAX) use the target's conquest kernel (`kernel`): one exact dot product
    per t. Larger ones sweep the battle backwards with the conquests worth worth[a + 1]
    (sweep.win_lines), in memory of a few lines: line a, at the target's defenders, is the sum for
    t = a + 1."""
    T, scale = plan.T, plan.scale
    if T <= KERNEL_MAX:
        rows = plan.kernel_of(target)
        live = [(t, w) for t, w in enumerate(worth) if t >= 2 and w[0]]
        out = {t: scale.zero for t in range(2, T + 1)}
        if not live:
            return out
        exps = tuple(map(max, *(w[1] for _, w in live))) if len(live) > 1 else live[0][1][1]
        aligned = [0] * (T + 1)
        for t, w in live:
            aligned[t] = scale.align(w, exps)
        for t in range(2, T + 1):
            row_exps, weights = rows[t]
            num = sum(map(mul, weights, aligned[2:t + 1]))
            out[t] = (num, tuple(map(add, row_exps, exps))) if num else scale.zero
        return out
    out = {}
    for a, line in win_lines(target.model, scale, target.defenders, "attackers", terminal=lambda a: worth[a + 1]):
        out[a + 1] = line[target.defenders]           # a attacking armies: a + 1 on v
        if a + 1 == T:
            break
    return out


def kernel(model, defenders, T, scale):
    """The conquest kernel of a target: rows[t] for t = 2..T, (exps, [w(t, t') for t' = 2..t]) with
    P(a territory holding t armies conquers the target keeping t' on it) = w(t, t') / den(exps):
    the end states of the battles of t - 1 attacking armies against `defenders` (flow.py; a
    choosing defender plays as in every battle), aligned to one denominator per row."""
    rows = {}
    play = defender_play(model, scale, T - 1, defenders)
    for t in range(2, T + 1):
        tick(1 + defenders // 8)
        ends = flow.end_states(t - 1, defenders, model, 0, 0, scale, play=play)
        wins = {a + 1: v for (a, d), v in ends.items() if d == 0 and v[0]}
        if not wins:
            rows[t] = (scale.zero[1], [0] * (t - 1))
            continue
        exps = tuple(map(max, *(v[1] for v in wins.values()))) if len(wins) > 1 else next(iter(wins.values()))[1]
        rows[t] = (exps, [scale.align(wins[u], exps) if u in wins else 0 for u in range(2, t + 1)])
    return rows


def _order_key(key):
    """Keys in a stable order (ints of the plan op, tuples of the turn planner)."""
    return repr(key) if not isinstance(key, int) else f"{key:08d}"


def _moves(plan, v, rest, item):
    """H(v, rest, c, t') for t' = 0..T: the best split of t' armies between c (m) and v (t' - m),
    and the armies kept, recorded in plan.keep; exact ties go where item.prefer says.

    Floats pick the candidates, exact products decide among them (`_near_best`)."""
    T, scale = plan.T, plan.scale
    F = item.value
    G = plan.G[v, rest]
    f, g = plan.floats_of(F), plan.floats_of(G)
    worth = [scale.zero] * (T + 1)
    keep = [None] * (T + 1)
    dice = item.model.attack_dice
    reversed_g = tuple(tuple(reversed(x)) for x in g)       # G's floats by t - m, for slices
    for t in range(2, T + 1):
        tick(1 + t // 256)
        lo = least_move(plan.min_move, dice, t)
        candidates, certain = _near_best(f, reversed_g, lo, t, T)
        if certain:             # F(m) = G(t - m) = 1 exactly for every candidate: they tie at 1
            worth[t], keep[t] = scale.one, t - _tie_order(candidates, t, item.prefer)[0]
            continue
        if len(candidates) == 1:
            m = candidates[0]
            worth[t], keep[t] = scale.product(F[m], G[t - m]), t - m
            continue
        best_m, best_v = None, None
        for m in _tie_order(candidates, t, item.prefer):
            value = scale.product(F[m], G[t - m])
            if best_v is None or greater(scale, value, best_v):
                best_m, best_v = m, value
        worth[t], keep[t] = best_v, t - best_m
    plan.keep[v, rest, item.key] = keep
    return worth


def _floats(scale, values):
    """For each value x: (its float, the float of 1 - x, log10(1 - x) (-inf where x is exactly 1)).
    Near 1 a chance is told apart from another by its complement: 1 - 1e-30 and 1 - 2e-30 are
    both 1.0 as floats, their complements are not; 1 - 1e-400 has no float complement, its
    logarithm is still a float."""
    one, minus = scale.one, -math.inf
    logs = []
    for x in values:
        if not x[0]:
            logs.append(0.0)
            continue
        rest = scale.log10(scale.subtract(one, x))
        logs.append(minus if rest is None else rest)
    return [scale.as_float(x) for x in values], [10.0 ** c if c > -300 else 0.0 for c in logs], logs


def _near_best(f, reversed_g, lo, t, T):
    """(the moves m, lo <= m < t, whose product F(m) * G(t - m) the floats cannot tell from the
    best; True when all of those products are exactly 1). reversed_g: G's three float lines
    reversed (index T - k holds G(k)), so that G(t - m) for m = lo..t - 1 is one slice.

    Far from 1 the products' floats are compared relatively (within RELATIVE of the largest);
    near 1 their complements 1 - F G = F' + G' - F' G' (F' = 1 - F) are, relative to the smallest
    (a sum of positive terms: relatively exact in floats). Complements below the float range are
    compared in logarithms: log10(F' + G' - F' G') = M + log10(1 + 10**(n - M) - 10**n), M and n
    the larger and the smaller of log10 F' and log10 G'. Where floats cannot see the values at all
    (below the float range) every move is a candidate and the exact comparison decides."""
    (fv, fc, fl), (gv, gc, gl) = f, reversed_g
    a, b = T - t + lo, T - t + t            # G(t - m) for m = lo..t - 1: reversed indexes a..b - 1
    products = list(map(mul, fv[lo:t], gv[a:b]))
    top = max(products)
    if top <= 0:
        return list(range(lo, t)), False
    if top < 0.5:
        floor = top * (1 - RELATIVE)
        return [m for m, p in zip(range(lo, t), products) if p >= floor], False
    fcs, gcs = fc[lo:t], gc[a:b]
    gaps = [x + y - x * y for x, y in zip(fcs, gcs)]
    least = min(gaps)
    if least > 1e-290:
        ceiling = least * (1 + RELATIVE)
        return [m for m, gap in zip(range(lo, t), gaps) if gap <= ceiling], False
    gaps = list(map(_log_gap, fl[lo:t], gl[a:b]))
    least = min(gaps)
    if least == -math.inf:
        return [m for m, gap in zip(range(lo, t), gaps) if gap == least], True
    ceiling = least + LOG_RELATIVE
    return [m for m, gap in zip(range(lo, t), gaps) if gap <= ceiling], False


LOG_RELATIVE = math.log10(1 + RELATIVE)


def _log_gap(a, b):
    """log10(A + B - A B) for A = 10**a, B = 10**b in [0, 1] (a, b <= 0; -inf for 0)."""
    high, low = (a, b) if a >= b else (b, a)
    if high == -math.inf:
        return high
    return high + math.log10(1 + 10 ** (low - high) - 10 ** low)


def _tie_order(candidates, t, prefer):
    """The moves m in the order an exact tie is decided (the first of equal values wins): the one
    tie rule of moves (`tie_key`)."""
    return sorted(candidates, key=lambda m: tie_key(prefer, m, t))


# The one tie rule of every move after a conquest, in every search (fixed plans here and in
# algorithms/turn.py, the real play in algorithms/real_turn.py and answers/real_turn.py): between
# moves worth exactly the same, "forward" moves the most in, "back" the fewest, and "even" splits
# the t armies as evenly as it can, the larger half staying behind where t is odd (t = 5: 2 in, 3
# stay). A line of play and a fresh request from any of its states so make the same move.
def tie_key(prefer, m, t):
    """Sort key of move m (armies moved in, of t) under the tie rule: the least key wins."""
    if prefer == "back":
        return (m,)
    if prefer == "even":
        return (abs(2 * m - t), m)
    return (-m,)


def tie_pick(prefer, low, high, t):
    """The move the tie rule picks among the tied moves low..high (a run) of t armies."""
    if prefer == "back":
        return low
    if prefer == "even":
        return min(max(t // 2, low), high)
    return high


def best_of(scale, values, order=None):
    """The index of the largest of `values` (scaled), exactly; of equal ones the first in `order`
    (a list of indexes; default: index order). Floats pick the candidates (`_floats`, `_near_best`'s
    rules for values near 0, in the middle and near 1), exact comparisons decide."""
    order = list(range(len(values))) if order is None else order
    fv, fc, fl = _floats(scale, values)
    top = max(fv)
    if top <= 0:
        near = set(order)
    elif top < 0.5:
        near = {i for i in order if fv[i] >= top * (1 - RELATIVE)}
    else:
        least = min(fc)
        if least > 1e-290:
            near = {i for i in order if fc[i] <= least * (1 + RELATIVE)}
        else:
            low = min(fl)
            near = {i for i in order if fl[i] <= low + LOG_RELATIVE}
    best = None
    for i in order:
        if i in near and (best is None or greater(scale, values[i], values[best])):
            best = i
    return best


def greater(scale, x, y):
    """x > y for two scaled values, exactly."""
    if not x[0] or not y[0]:
        return x[0] > y[0]
    exps = tuple(map(max, x[1], y[1]))
    return scale.align(x, exps) > scale.align(y, exps)
