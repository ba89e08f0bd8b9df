"""Branching attack plans: the best order of attacks and the best armies to move, exactly.

A plan is a tree of targets. The root is the attacker's starting territory; each target's
children are the territories to be attacked from it once it is taken. A territory holding t
armies (on the territory: one must stay) attacks one adjacent target at a time with
min(3, t - 1) dice and fights that battle to the end. After a conquest with t' armies left on
the attacking territory the attacker moves m of them in, 1 <= m <= t' - 1, and keeps t' - m to
attack the territory's other targets. It chooses the order of each territory's targets and
every m to maximise P(every target conquered).

The value of a set of sibling subtrees
--------------------------------------
Write F(c, m) for the chance of conquering everything below target c once c is taken and holds
m armies, and G(v, S, t) for the chance of conquering every target in the subtrees S of
territory v (its children not yet attacked), v holding t armies. Then F(c, m) = G(c, all of c's
children, m), G(v, {}, t) = 1, G(v, S, 1) = 0 for S not empty, and for t >= 2

    G(v, S, t) = max over c in S of  sum over t' of  P_c(t -> t') * H(v, S - {c}, c, t'),
    H(v, S', c, t') = max over 1 <= m <= t' - 1 of  F(c, m) * G(v, S', t' - m),

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

How it is computed
------------------
For one (v, S, c) the sum over t' for every t at once is a backward sweep (sweep.win_lines) of
the battle against c whose conquests are worth H(v, S - {c}, c, a + 1) instead of 1 (a: attacking
armies left, so a + 1 armies stand on v): line a of the sweep, at c's defenders, is the sum for
t = a + 1. Values are exact scaled integers (maths/scaled.py) throughout; each max over m is
found in floats first and decided exactly among the candidates the floats cannot tell apart.
"""
from dataclasses import dataclass, field

from .sweep import win_lines

RELATIVE = 1e-9      # float candidates within this of the best are compared exactly


@dataclass(frozen=True)
class Node:
    """A target of a plan: its defenders, its round model, its children (indexes into the plan's
    nodes), and the index of the territory it is attacked from (-1: the starting territory)."""
    defenders: int
    model: object
    children: tuple
    parent: int


@dataclass
class Solved:
    """A plan's exact values and decisions, T: armies on the starting territory.

    F[c][m]: value (scaled) of target c's subtree once c is taken with m armies (m = 0..T).
    G[(v, S)][t]: value of sibling set S (a frozenset of child indexes) from v with t armies.
    order[(v, S)][t]: the child attacked first from v with t armies, S still to take.
    keep[(v, S', c)][t']: armies kept on v after taking c with t' on v (S' still to take from v).
    """
    T: int
    F: dict = field(default_factory=dict)
    G: dict = field(default_factory=dict)
    order: dict = field(default_factory=dict)
    keep: dict = field(default_factory=dict)

    def win(self, root_children):
        return self.G[-1, frozenset(root_children)][self.T]


def subsets(items):
    """Every subset of `items`, smaller first (frozensets)."""
    items = tuple(items)
    out = [frozenset()]
    for item in items:
        out += [s | {item} for s in out]
    return sorted(out, key=len)


def solve(nodes, root_children, T, scale):
    """The Solved plan of targets `nodes` (Node records) reached from the starting territory by
    `root_children`, T armies on it, values in `scale`."""
    plan = Solved(T)
    for v in _children_first(nodes, root_children):
        kids = root_children if v == -1 else nodes[v].children
        for S in subsets(kids):
            plan.G[v, S] = [scale.one] * (T + 1) if not S else _best_first(plan, nodes, v, S, T, scale)
        if v != -1:
            plan.F[v] = plan.G[v, frozenset(kids)]
    return plan


def _children_first(nodes, root_children):
    """Targets in an order that puts every target after its children, the start (-1) last."""
    out = []

    def visit(v):
        for c in (root_children if v == -1 else nodes[v].children):
            visit(c)
        out.append(v)
    visit(-1)
    return out


def _best_first(plan, nodes, v, S, T, scale):
    """G(v, S, t) for t = 0..T (module docstring), recording the best first target per t."""
    best = [scale.zero] * (T + 1)
    first = [None] * (T + 1)
    for c in sorted(S):
        rest = S - {c}
        worth = _moves(plan, v, rest, c, T, scale)            # H(v, rest, c, t'), t' = 0..T
        target = nodes[c]
        line_value = {}
        for a, line in win_lines(target.model, scale, target.defenders, "attackers",
                                 terminal=lambda a: worth[a + 1]):
            line_value[a + 1] = line[target.defenders]   # a attacking armies: a + 1 on v
            if a + 1 == T:
                break
        for t in range(2, T + 1):
            q = line_value[t]
            if first[t] is None or _greater(scale, q, best[t]):
                best[t], first[t] = q, c
    plan.order[v, S] = first
    return best


def _moves(plan, v, rest, c, T, scale):
    """H(v, rest, c, t') for t' = 0..T: the best split of t' armies between c (m) and v (t' - m),
    and the armies kept, recorded in plan.keep."""
    F = plan.F[c]
    G = plan.G[v, rest]
    f_float = [scale.as_float(x) for x in F]
    g_float = [scale.as_float(x) for x in G]
    worth = [scale.zero] * (T + 1)
    keep = [None] * (T + 1)
    for t in range(2, T + 1):
        products = [(f_float[m] * g_float[t - m], m) for m in range(1, t)]
        top = max(p for p, _ in products)
        if top > 0:
            candidates = [m for p, m in products if p >= top * (1 - RELATIVE)]
        else:                       # underflow: no float can tell, compare them all
            candidates = [m for _, m in products]
        best_m, best_v = None, None
        for m in sorted(candidates, reverse=True):     # ties: move more armies forward
            value = scale.product(F[m], G[t - m])
            if best_v is None or _greater(scale, value, best_v):
                best_m, best_v = m, value
        worth[t], keep[t] = best_v, t - best_m
    plan.keep[v, rest, c] = keep
    return worth


def _greater(scale, x, y):
    """x > y for two scaled values, exactly."""
    if not x[0] or not y[0]:
        return x[0] > y[0]
    exps = tuple(map(max, x[1], y[1]))
    return scale.align(x, exps) > scale.align(y, exps)
