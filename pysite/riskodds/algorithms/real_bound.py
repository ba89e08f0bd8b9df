"""An upper bound on the best real turn that no play can beat, cheap where the play itself is too big.

The relaxation: one pooled stack
--------------------------------
Write F for the player's "fighting" armies: on every territory of the player that borders a target,
its armies less the one that must stay behind (entries, and after placement the reinforcements too).
Relax the turn to one stack holding all F armies that may attack any target still held, with any
dice n <= min(F, the target's most attack dice), and that loses exactly one army for every conquest
(the garrison the conquered territory keeps). Its best chance of taking every target, P(F, d), is at
least the best real turn's:

  Take any real play and let the pooled stack roll exactly what it rolls: the same target, the same
  dice. The pooled stack can: before every roll F is at least the sum of (a_x - 1) over the player's
  territories (the invariant below), and a real attack with n dice from x needs n <= a_x - 1. The
  outcomes have the same chances (the same round, the same defenders). The invariant holds at the
  start, and after a roll both sides lose the same al (a real attacker keeps a_x - al >= 1 armies,
  since al <= n <= a_x - 1, so its a_x - 1 falls by al exactly). After a conquest the real player
  moves m armies from x (a armies) into y: its fighting armies go from a - 1 to (a - m - 1) + (m - 1)
  = a - 2, or less where a territory is left with nothing to attack; the pooled stack loses one too.
  The targets taken are the same on both sides, so the real play succeeds only where the pooled
  stack does, and the best pooled play does at least as well as this one.

So the best real turn (any placement, any policy, either dice rule, either move rule) wins at most
P(F0, d0). Adjacency is gone, so targets with the same round model are interchangeable: the state is
F and, per model, the sorted defenders left. Where no target is left the value is 1; else

  P(F, d) = max(0, max over targets y and dice n of sum over outcomes (al, dl, w) of w / W * child),

child being P(F - al, d less dl on y), or, where y falls, P(F - al - 1, d without y).

Floats rounded up
-----------------
The bound is computed in floats, each sum and product rounded up to the next double (math.nextafter),
so every float is at least the exact value of what it stands for: the result is a rigorous upper
bound, and its exact value (a double is a dyadic rational) is what the answer gives.

Why it does not prune the search
--------------------------------
A search that values a state's attacks best bound first and skips every attack whose bound (the sum
of its outcomes' pooled bounds) is below the best value found could skip whole subtrees. Measured on
Africa from Brazil 8 and Southern Europe 5, 2 on each, + 3 (issue 41, December 2026): it valued
84,563 states, every one the full search values. The bound is the same for every way to share the
same armies between territories, so it cannot tell apart the attacks that differ only there, and
the moves after a conquest not at all; the few attacks it did skip lead to states other attacks
reach anyway.
"""
import math
from functools import lru_cache

from ..guards.budget import tick

UP = math.inf


def _up(x):
    return math.nextafter(x, UP)


def pooled_bound(rounds, defenders, fighting):
    """A float at least the best real turn's chance of taking every target: the pooled stack's (module
    docstring). rounds: the targets' Rounds (algorithms/real_rounds.py); defenders: per target its
    defenders (0: taken already); fighting: F, the fighting armies (armies less one per territory of
    the player that borders a target, reinforcements included)."""
    classes = {}                        # model -> the targets of that model
    for y, m in enumerate(rounds.models):
        classes.setdefault(id(m), []).append(y)
    groups = list(classes.values())
    start = tuple(tuple(sorted((defenders[y] for y in g if defenders[y] > 0), reverse=True)) for g in groups)
    rep = [g[0] for g in groups]        # a target standing for its model's rounds

    @lru_cache(maxsize=None)
    def value(F, state):
        if not any(state):
            return 1.0
        if F <= 0:
            return 0.0
        tick()
        best = 0.0
        for c, ds in enumerate(state):
            y = rep[c]
            tried = set()
            for i, d in enumerate(ds):
                if d in tried:          # equal defenders: the same attack
                    continue
                tried.add(d)
                table = rounds.table(y, d)
                top = min(len(table) - 1, F)
                for n in range(top, 0, -1):
                    total = 0.0
                    for al, dl, p, _ in table[n]:
                        left = d - dl
                        if left > 0:
                            nds = tuple(sorted(ds[:i] + (left,) + ds[i + 1:], reverse=True))
                            child = value(F - al, state[:c] + (nds,) + state[c + 1:])
                        else:
                            child = value(F - al - 1, state[:c] + (ds[:i] + ds[i + 1:],) + state[c + 1:])
                        total = _up(total + _up(p_up(p, _) * child))
                    if total > best:
                        best = total
        return min(best, 1.0)

    import sys
    need = 4 * (fighting + sum(defenders)) + 200
    if sys.getrecursionlimit() < need:
        sys.setrecursionlimit(need)
    return value(fighting, start)


def p_up(p, weight):
    """The outcome's chance as a float at least weight / total (p is weight / total rounded to
    nearest: one step up covers the rounding)."""
    return _up(p)


def fighting_armies(entries, R):
    """F of a turn's start: every entry that borders a target gives its armies less one, and the
    reinforcements all fight (checks/turn_request.py Entry records)."""
    return sum(max(e.armies - 1, 0) for e in entries if e.touches) + R
