"""A solved plan read aloud: its attacks along the likeliest course, its order and move tables,
and the sentences a player reads. Shared by plans (answers/plan.py) and turns (answers/turn.py).

Every army count here is armies on the territory (one stays behind). A plan is read through a
`Tree`: the targets below a key (a territory of the plan) and the name of every key."""
from dataclasses import dataclass

from ..algorithms import flow
from ..algorithms.choice import defender_play
from ..algorithms.plan import best_of
from ..checks.validate import listing as names


@dataclass(frozen=True)
class Tree:
    """How to read a Solved plan (algorithms/plan.py): children(key) -> frozenset of the keys of
    the targets attacked from it once taken; name(key) -> its territory's name (starting
    territories too); at(key) -> the territory's key in the plan's tables (its G, orders and
    moves), where a target's key also names its subtree (the turn planner's shapes)."""
    children: object
    name: object
    at: object = lambda key: key


def main_line(solved, tree, starts):
    """The plan's attacks in the order played along its likeliest course. starts: [(key, set of
    target keys, armies)] for each starting territory. From each territory the best target for
    its armies; after each conquest the likeliest armies left (the mode of the conquests), the
    move and what stays."""
    steps = []
    scale = solved.scale

    def play(v, S, t):
        while S and t >= 2:
            c = solved.order[tree.at(v), S][t]
            rest = S - {c}
            left = likeliest_left(solved.items[c], t, scale)
            keep = solved.keep[tree.at(v), rest, c][left] if left else None
            steps.append({"from": tree.name(v), "target": tree.name(c), "armies": t, "expect": left, "keep": keep,
                          "move": left - keep if left else None,
                          "still_to_take": [tree.name(x) for x in _sorted(rest)],
                          "its_targets": [tree.name(x) for x in _sorted(tree.children(c))]})
            if not left:
                return
            play(c, frozenset(tree.children(c)), left - keep)
            S, t = rest, keep
    for v, S, t in starts:
        play(v, frozenset(S), t)
    return steps


def likeliest_left(target, t, scale):
    """The most likely armies left on the attacking territory (t on it) when it conquers `target`
    (an Item: defenders and model): the mode of the conquests, decided exactly, of equal chances
    the most armies; or None when it cannot conquer it."""
    play = defender_play(target.model, scale, t - 1, target.defenders)
    ends = flow.end_states(t - 1, target.defenders, target.model, 0, 0, scale, play=play)
    wins = sorted(((a, v) for (a, d), v in ends.items() if d == 0 and v[0]), reverse=True)
    if not wins:
        return None
    return wins[best_of(scale, [v for _, v in wins])][0] + 1


def runs(values, first):
    """[(lo, hi, value)] runs of equal values of values[first:], indexes as army counts."""
    out = []
    for t in range(first, len(values)):
        if out and out[-1][2] == values[t]:
            out[-1][1] = t
        else:
            out.append([t, t, values[t]])
    return [tuple(r) for r in out]


def tables(solved, tree, starts, last=None):
    """The orders of every territory with several targets on the plan's course, and the moves
    after every conquest on it, as runs of army counts. On the course: a set of targets still to
    take is listed when the plan's own choices lead to it for some army count (each set once).

    Ranges go only over armies that can be there: a starting territory holds at most its own
    armies (starts' third item; at most `last`, default the plan's T); every conquest moves at
    least one army on, so after k conquests a territory holds at most its start less k, and a
    target taken from a territory holding at most t holds at most t - 1 (the most over every set
    it may be taken from)."""
    orders, moves = [], []
    top = solved.T if last is None else last
    caps = {}           # (key, set still to take) -> the most armies on key there

    def reach(v, S, most):
        if not S or caps.get((v, S), -1) >= most:
            return
        caps[v, S] = most
        first = solved.order[tree.at(v), S][:most + 1]
        for c in {c for c in first[2:] if c is not None}:
            reach(v, S - {c}, most - 1)
            reach(c, frozenset(tree.children(c)), most - 1)
    for v, S, t in starts:
        reach(v, frozenset(S), min(t, top))
    done = set()

    def visit(v, S):
        if not S or (v, S) in done:     # nothing to take, or reached again: already listed
            return
        done.add((v, S))
        most = caps[v, S]
        where = tree.name(v)
        first = solved.order[tree.at(v), S][:most + 1]
        if len(S) > 1:
            orders.append({"from": where, "targets": [tree.name(c) for c in _sorted(S)],
                           "first": [{"armies": [lo, hi], "target": tree.name(c)} for lo, hi, c in runs(first, 2)]})
        for c in _sorted({c for c in first[2:] if c is not None}):
            rest = S - {c}
            keep = solved.keep[tree.at(v), rest, c][:most + 1]
            moves.append({"from": where, "target": tree.name(c),
                          "still_to_take": [tree.name(x) for x in _sorted(rest)],
                          "keep": [{"armies": [lo, hi], "keep": k} for lo, hi, k in runs(keep, 2)]})
            visit(v, rest)
            visit(c, frozenset(tree.children(c)))
    for v, S, _ in starts:
        visit(v, frozenset(S))
    return tuple(orders), tuple(moves)


def _sorted(keys):
    return sorted(keys, key=lambda k: (not isinstance(k, int), repr(k) if not isinstance(k, int) else "", k
                                       if isinstance(k, int) else 0))


def words(steps, orders, guards=()):
    """The plan in sentences: one per attack along the likeliest course, then one per territory
    whose first target depends on its armies. guards: names of territories where armies kept
    after the last conquest guard what was taken (a turn's border territories)."""
    out = []
    for i, s in enumerate(steps, 1):
        text = f"{i}. From {s['from']} with {s['armies']} armies, attack {s['target']}."
        if s["expect"] is None:
            text += " It cannot be taken from there."
        else:
            text += f" Most likely {s['expect']} are left on {s['from']}. Then "
            later = names(s["still_to_take"]) if s["still_to_take"] else ""
            if not later and s["keep"] == 1:
                text += f"move all but one ({s['move']}) into {s['target']}."
            elif not later:
                why = " to guard it" if s["from"] in guards else ""
                text += f"move {s['move']} into {s['target']} and keep {s['keep']} on {s['from']}{why}."
            elif not s["its_targets"]:
                text += f"move only {s['move']} into {s['target']} (it attacks nothing) and keep {s['keep']} for {later}."
            else:
                text += f"move {s['move']} into {s['target']} and keep {s['keep']} for {later}."
        out.append(text)
    several = {}
    for o in orders:
        several[o["from"]] = several.get(o["from"], 0) + 1
    for o in orders:
        if len(o["first"]) > 1:
            parts = ", ".join(f"{r['target']} with {span(r['armies'])}" for r in o["first"])
            left = f", with {names(o['targets'])} still to take," if several[o["from"]] > 1 else ""
            out.append(f"From {o['from']}{left} which to attack first depends on its armies: {parts}.")
    return out


def span(armies):
    lo, hi = armies
    return f"{lo} armies" if lo == hi else f"{lo} to {hi} armies"
