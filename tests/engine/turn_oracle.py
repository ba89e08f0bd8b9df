"""A brute-force oracle for turns, written without the engine's plan or turn code: every placement
of the reinforcements on every territory of the player, every forest (each target's attacker any
neighbour that is the player's or another target, no cycle), and, for each, the best play over
every interleaving of attacks from any territory, every target and every move, with Fractions.
Battles come from engine_oracle.forward (standard dice, capitals) and choice_oracle (a defender
who chooses its dice), both independent dynamic programs.

A position for the oracle: `mine` {territory: armies}, `targets` {territory: (defenders, kind)}
with kind "standard", "capital" or a defender_choice mode, `links` a set of frozenset pairs."""
from fractions import Fraction
from functools import lru_cache
from itertools import product

import choice_oracle
import engine_oracle as orc

CAPITAL = orc.MyRules(defend_dice=3)


@lru_cache(maxsize=None)
def conquests(t, defenders, kind):
    """{armies left on the attacking territory: P} when t armies there attack (t - 1 fight)."""
    if kind == "standard":
        ends = orc.forward(t - 1, defenders, orc.STD)
    elif kind == "capital":
        ends = orc.forward(t - 1, defenders, CAPITAL)
    else:
        ends = choice_oracle.end_states(choice_oracle.Dice(), kind, t - 1, defenders)
    return {a + 1: p for (a, d), p in ends.items() if d == 0 and p}


def least(min_move, kind, t):
    """Fewest armies moved in after a conquest with t on the attacking territory."""
    dice = 3                      # every kind here lets the attacker roll 3 dice
    return 1 if min_move == "one" else min(dice, t - 1)


def placements(R, names):
    if len(names) == 1:
        yield {names[0]: R}
        return
    for p in range(R + 1):
        for rest in placements(R - p, names[1:]):
            yield {names[0]: p, **rest}


def forests(mine, targets, links):
    """Every forest: {target: its attacker}, each target's chain of attackers ending at one of mine."""
    names = sorted(targets)
    choices = [[n for n in list(mine) + names if n != t and frozenset((n, t)) in links] for t in names]
    for pick in product(*choices):
        parent = dict(zip(names, pick))
        ok = True
        for t in names:
            seen, x = set(), t
            while x in parent:
                if x in seen:
                    ok = False
                    break
                seen.add(x)
                x = parent[x]
            if not ok:
                break
        if ok:
            yield parent


def best_play(start, children, targets, min_move):
    """P(take every target) under the best play: any territory with armies and targets left attacks
    any of its targets next, any move; start: {territory: armies}, children: {territory: (targets)}."""
    @lru_cache(maxsize=None)
    def value(state):
        if not state:
            return Fraction(1)
        top = Fraction(0)
        for k, (v, t, left) in enumerate(state):
            if t < 2:
                continue
            others = state[:k] + state[k + 1:]
            for c in left:
                d, kind = targets[c]
                total = Fraction(0)
                for t2, p in conquests(t, d, kind).items():
                    options = []
                    for m in range(least(min_move, kind, t2), t2):
                        nxt = list(others)
                        rest = tuple(x for x in left if x != c)
                        if rest:
                            nxt.append((v, t2 - m, rest))
                        if children.get(c):
                            nxt.append((c, m, children[c]))
                        options.append(value(tuple(sorted(nxt))))
                    total += p * max(options)
                top = max(top, total)
        return top
    state = tuple(sorted((v, start[v], tuple(children[v])) for v in start if children.get(v)))
    return value(state)


def best(mine, targets, links, R, min_move):
    """The best P(take every target) over every placement, forest and play."""
    top = Fraction(0)
    names = sorted(mine)
    for parent in forests(mine, targets, links):
        children = {}
        for t, p in sorted(parent.items()):
            children.setdefault(p, []).append(t)
        children = {k: tuple(v) for k, v in children.items()}
        for placed in placements(R, names):
            start = {v: mine[v] + placed[v] for v in names}
            top = max(top, best_play(start, children, targets, min_move))
    return top


def play(answer, mine, targets, min_move):
    """The chance of the plan an answer (the JSON API's turn) states, played through this oracle:
    its placement and attacks, its first target for every (territory, targets still to take, armies)
    from the orders table, its armies kept after every conquest from the moves table. A state the
    tables do not cover raises KeyError (the tables must cover the plan's course). Returns (the
    chance, {territory: expected armies left on it at the end, given every target is taken})."""
    placed = {p["territory"]: p["armies"] for p in answer["placement"]}
    start = {v: mine[v] + placed.get(v, 0) for v in mine}
    children = {}
    for a in answer["attacks"]:
        children.setdefault(a["from"], []).append(a["target"])
    firsts, keeps = {}, {}
    for o in answer["orders"]:
        for run in o["first"]:
            for t in range(run["armies"][0], run["armies"][1] + 1):
                firsts[o["from"], frozenset(o["targets"]), t] = run["target"]
    for m in answer["moves"]:
        for run in m["keep"]:
            for t in range(run["armies"][0], run["armies"][1] + 1):
                keeps[m["from"], m["target"], frozenset(m["still_to_take"]), t] = run["keep"]

    @lru_cache(maxsize=None)
    def value(v, t, left):
        """(P(take every target below v's targets `left`) with t armies on v, {territory: E[armies
        left on it at the end * 1{taken}]} for v and the territories below it)."""
        if not left:
            return Fraction(1), {v: Fraction(t)}
        if t < 2:
            return Fraction(0), {}
        c = next(iter(left)) if len(left) == 1 else firsts[v, left, t]
        d, kind = targets[c]
        rest = left - {c}
        total, armies = Fraction(0), {}
        for t2, p in conquests(t, d, kind).items():
            keep = keeps[v, c, rest, t2]
            m = t2 - keep
            assert least(min_move, kind, t2) <= m <= t2 - 1, (v, c, t2, keep)
            pc, ec = value(c, m, frozenset(children.get(c, ())))
            pv, ev = value(v, keep, rest)
            total += p * pc * pv
            for x, e in ec.items():
                armies[x] = armies.get(x, 0) + p * e * pv
            for x, e in ev.items():
                armies[x] = armies.get(x, 0) + p * pc * e
        return total, armies
    out, expected = Fraction(1), {}
    for v in start:
        if children.get(v):
            p, armies = value(v, start[v], frozenset(children[v]))
            out *= p
            expected.update({x: e / p for x, e in armies.items()} if p else {})
    return out, expected
