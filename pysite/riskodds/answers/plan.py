"""A branching attack plan as an answer: the best plan's exact chance, the straight order for
comparison, and the plan in words (algorithms/plan.py has the recursion and why it is right)."""
from dataclasses import dataclass
from fractions import Fraction

from ..algorithms import plan as planner
from ..checks.battle_args import refuse_balanced
from ..checks.model import as_models, scale_for
from ..checks.outline import read_outline
from ..checks.rules import Rules, STANDARD
from ..checks.validate import FieldError, check_armies, check_choice, offset, show, to_attacking
from ..facts import board
from ..facts.limits import LIMITS, RULE_NAMES
from ..guards.budget import as_budget, check_cost, check_size, guarded
from ..guards.cost import plan_cost
from .battle import DEFAULT_MAX_STATES
from .campaign import campaign
from .course import Tree, main_line, tables, words

MAX_NAME = 40           # characters of a target's name
TARGET_FIELDS = ("defenders", "then", "name") + RULE_NAMES      # what a target of a plan may say
COUNTS = "territory"    # every army count in a plan's decisions: armies on the territory


@dataclass(frozen=True)
class Target:
    """One target of a plan as typed: its name (None: unnamed, "target k" in the answer),
    defenders, rules, and its own targets (Targets)."""
    name: str
    defenders: int
    rules: object
    then: tuple


@dataclass(frozen=True)
class PlanAnswer:
    """The best plan. Army counts in the decisions are armies on the territory (one stays), in
    both conventions; `attackers` is in the call's convention.

    win: P(every target conquered) under the best plan (Fraction). straight: the same targets
    attacked one after another in the order typed by one stack that moves all but one army each
    time (the chain campaign's rule); None on the classic board when a target does not border the
    one before it (no stack could go that way). steps: the plan along its likeliest course, one dict per
    attack (from, target, armies, expect (armies likeliest left after winning), keep, move,
    still_to_take (from the same territory), its_targets (the target's own)).
    orders: per territory with several targets, the first target for every army count (runs).
    moves: per conquest, the armies to keep for every army count (runs). words: the plan in
    sentences."""
    attackers: int
    convention: str
    names: tuple
    win: Fraction
    straight: Fraction
    steps: tuple
    orders: tuple
    moves: tuple
    words: tuple


@guarded
def plan(attackers, targets, *, convention, rules=STANDARD, dice_mode="true-random", max_states=DEFAULT_MAX_STATES,
         budget=None, min_move="one"):
    """The best branching attack plan (algorithms/plan.py) and what it gains over the straight order.

    attackers: armies on the starting territory ("territory") or attacking armies ("attacking").
    targets: the starting territory's targets, each a dict {"defenders": n, "then": [targets
        attacked from it once taken], "name": "Brazil" (optional)} and, optionally, rule fields
        for that target alone (as a campaign territory: {"defend_dice": 3} for a capital), or a
        Target; or an outline, "Brazil 3 > (Venezuela 1), (Peru 2 > Argentina 2)" (checks/outline.py).
    rules: the Rules (or RoundModel) of every target that sets none of its own.
    min_move: the fewest armies moved in after a conquest: "one", or "dice" (the printed rule: as
        many as dice rolled in the conquering roll, min(3, armies on the territory - 1)).

    A straight chain is the chain campaign:

    >>> p = plan(10, [{"defenders": 3, "then": [{"defenders": 2}]}], convention="territory")
    >>> p.win == campaign(10, [3, 2], convention="territory").win == p.straight
    True
    """
    refuse_balanced(dice_mode, "a plan")
    min_move = check_choice("min_move", min_move, planner.MIN_MOVES)
    off = offset(convention)
    A = to_attacking("attackers", attackers, convention)
    T = A + 1                                    # armies on the starting territory
    tree = read_targets(targets, rules)
    nodes, names, root_children = _nodes(tree)
    models = [n.model for n in nodes]
    check_size(T * sum(n.defenders for n in nodes), max_states, f"a plan of {A + off:,} against "
               f"{sum(n.defenders for n in nodes):,} defenders", "attackers")
    n = len(nodes)
    order = _dfs(nodes, root_children)
    on_board = _straight_on_board(nodes, names, order)
    check_cost(plan_cost(T, nodes, root_children, f"a plan of {A + off:,} armies against {n} target{'s' * (n != 1)}",
                         min_move, straight=on_board),
               as_budget(budget), "targets", "Try fewer targets, fewer targets from one territory, or fewer armies.")
    scale = scale_for(*models)
    solved = planner.solve(nodes, root_children, T, scale, min_move)
    straight = campaign(A + off, [nodes[i].defenders for i in order], convention=convention,
                        rules=[models[i] for i in order], budget=budget).win if on_board else None
    tree, starts = _tree(nodes, names), [(-1, root_children, T)]
    steps = tuple(main_line(solved, tree, starts))
    orders, moves = tables(solved, tree, starts)
    win = scale.fraction(solved.win(root_children))
    return PlanAnswer(A + off, convention, tuple(names), win, straight, steps, orders, moves,
                      tuple(words(steps, orders)))


# ----------------------------------------------------------------------------- reading the tree
def read_targets(targets, rules=STANDARD):
    """A tree of Targets from dicts (or Targets), checked: at most max_territories targets, each
    with defenders, known keys only, a name of at most MAX_NAME characters."""
    count = [0]
    if not isinstance(targets, (list, tuple, dict)):      # an outline (text), or a wrong type it names
        targets = read_outline(targets)

    def read(items, where):
        if isinstance(items, (str, bytes, dict)) or not isinstance(items, (list, tuple)):
            raise FieldError(f"{where} must be a list of targets, like [{{\"defenders\": 3}}], got {show(items)}",
                             "targets")
        out = []
        for i, item in enumerate(items):
            here = f"{where}[{i}]"
            count[0] += 1
            if count[0] > LIMITS["max_territories"]:
                raise FieldError(f"a plan has at most {LIMITS['max_territories']} targets (the whole board)",
                                 "targets")
            if isinstance(item, Target):
                out.append(item)
                continue
            if not isinstance(item, dict):
                raise FieldError(f"{here} must be an object like {{\"defenders\": 3}}, got {show(item)}", "targets")
            unknown = [k for k in item if k not in TARGET_FIELDS]
            if unknown:
                raise FieldError(f"{here}: unknown field {show(unknown[0])}; a target takes defenders, then, name "
                                 "and rule fields", "targets")
            try:
                defenders = check_armies("defenders", item.get("defenders"), 1)
                own = {k: item[k] for k in RULE_NAMES if item.get(k) is not None}
                target_rules = Rules(**{**_fields(rules), **own}) if own else rules
            except FieldError as e:
                raise FieldError(f"{here}: {e}", "targets") from None
            name = item.get("name")
            if name is not None and (not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME):
                raise FieldError(f"{here}: name must be text of 1 to {MAX_NAME} characters, got {show(name)}",
                                 "targets")
            then = item.get("then")         # missing or null: none; {} or "" is no list of targets
            out.append(Target(name and name.strip(), defenders, target_rules,
                              tuple(read([] if then is None else then, f"{here}.then"))))
        return out
    tree = read(targets, "targets")
    if not tree:
        raise FieldError("targets must list at least one target", "targets")
    return tuple(tree)


def _fields(rules):
    """A Rules' fields as a dict (the base a target's own rule fields override)."""
    if not isinstance(rules, Rules):
        raise FieldError("a target's own rule fields need rules given as a Rules, not round tables", "targets")
    return {k: getattr(rules, k) for k in rules.__dataclass_fields__}


def _nodes(tree):
    """(nodes in the order typed, names, the starting territory's children) of a Target tree; the
    targets' rules compiled once for the request (checks/model.py as_models)."""
    nodes, names = [], []
    every = []

    def gather(target):
        every.append(target.rules)
        for child in target.then:
            gather(child)
    for t in tree:
        gather(t)
    models = iter(as_models(every))

    def add(target, parent):
        index = len(nodes)
        nodes.append(None)
        names.append(target.name)
        model = next(models)
        kids = tuple(add(child, index) for child in target.then)
        nodes[index] = planner.Node(target.defenders, model, kids, parent)
        return index
    root = tuple(add(t, -1) for t in tree)
    taken = {name for name in names if name is not None}
    for i, name in enumerate(names):
        if name is None:            # unnamed: "target k" (k: its place as typed), unless a target is named so
            name = f"target {i + 1}"
            while name in taken:
                name += " (unnamed)"
            names[i] = name
            taken.add(name)
    if len(set(names)) < len(names):
        raise FieldError(f"each target needs its own name; {show(next(n for n in names if names.count(n) > 1))} "
                         "appears twice", "targets")
    _check_borders(nodes, names)
    return nodes, names, root


def on_board(names):
    """The classic board's names of `names` when every one names a territory of it, else None (a
    house map, or targets left unnamed: their borders are the outline's own)."""
    board_names = [board.name_of(n) for n in names]
    return board_names if all(board_names) else None


def _check_borders(nodes, names):
    """On the classic board a target must border the target it is attacked from."""
    board_names = on_board(names)
    if not board_names:
        return
    for i, node in enumerate(nodes):
        if node.parent >= 0 and board_names[node.parent] not in board.NEIGHBOURS[board_names[i]]:
            raise FieldError(f"targets: {names[i]} does not border {names[node.parent]}, which it is attacked from "
                             "(on the classic board)", "targets")


def _straight_on_board(nodes, names, order):
    """False when the targets are the classic board's and one of them, in the order typed, does not
    border the one before it: no single stack could take them in a line."""
    board_names = on_board(names)
    return not board_names or all(board_names[b] in board.NEIGHBOURS[board_names[a]] for a, b in zip(order, order[1:]))


def _dfs(nodes, root_children):
    out = []

    def visit(i):
        out.append(i)
        for c in nodes[i].children:
            visit(c)
    for i in root_children:
        visit(i)
    return out


# ----------------------------------------------------------------------------- the plan in words
START = "your territory"


def _tree(nodes, names):
    """How course.py reads a plan: node indexes, -1 the starting territory."""
    return Tree(lambda c: frozenset(nodes[c].children), lambda v: START if v == -1 else names[v])
