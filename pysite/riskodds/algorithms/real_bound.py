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

One pool per stack
------------------
The pooled stack lets armies that never meet fight together: a stack of 12 on Greenland and one of 8
on North Africa count as one of 20. Keep them apart. Every army has an origin, the territory it stood
on (or was placed on) when the turn began: an attack from x moves armies of x's origin into the
territory taken, so each territory's armies share one origin and armies of two origins never meet.
Relax the turn to one pool per origin e holding F_e armies, each pool free to attack any target still
held, with any dice n <= min(F_e, the target's most attack dice), losing exactly one army for every
conquest it makes. Its best chance P(F_1, ..., F_E, d) is at least the best real turn's, by the
argument above made per origin: before every roll F_e is at least the sum of (a_x - 1) over the
territories of origin e; a real attack from x of origin e rolls n <= a_x - 1 <= F_e dice; a roll
costs both sides al; a conquest from x takes x's a - 1 to (a - m - 1) + (m - 1) = a - 2, and pool e
loses one. And P never falls when a pool has more armies (a bigger pool may roll what the smaller
one rolls), so a pool that holds more than its territories' armies only helps the bound. Adjacency is
gone, so pools are interchangeable (the state keeps their armies sorted, each pool at 1 or more) and,
per round model, so are targets (their defenders sorted). The reinforcements go on entries, each to
its own pool: the bound is the largest over every placement. Where no target is left the value is 1;
where no pool is left, 0; else

  P(F, d) = max over pools e, targets y and dice n of sum over outcomes (al, dl, w) of w / W * child,

child being P with F_e - al and y less dl, or, where y falls, F_e - al - 1 and y gone.

Pooling any two origins gives a bound by the same argument with their territories counted as one
origin: looser, and with fewer states. The one pooled stack is every origin pooled. The per-stack
bound values up to STACKS_MOST states (a count, the same on every machine); where its estimate is
larger, the two smallest pools merge until it fits, and where it still values more (the estimate
was low), the pooled stack's bound is the answer. Measured (CPython, December 2026): Europe from
Greenland 12 and North Africa 8, 1-3 on each, + 6 (the best play 93.40 %): pooled 94.40 %, per stack
93.49 %; Africa from Brazil 8 and Southern Europe 5, 2 on each, + 3: 42.85 % against 37.90 %. Where
one stack dwarfs the others it changes little (Asia from Ukraine 25 and Indonesia 10, + 10: 97.54 %
against 97.20 %). It does not tell placements apart either: every placement of Europe's 6 bounds
within 0.005 % of the others, all above the best play's 93.40 %, so it cannot pick the placement
for the search.

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
import sys
from math import comb, prod

from ..guards.budget import tick
from .turn import compositions

UP = math.inf
STACKS_MOST = 16_000     # the most states the per-stack bound values (module docstring, "One pool per stack"):
                         # about 1.4 s of CPython at most, Europe from Greenland 12 and North Africa 8 + 6 0.6 s


class _TooMany(Exception):
    """The per-stack bound met more states than STACKS_MOST."""


def _up(x):
    return math.nextafter(x, UP)


def pooled_bound(rounds, defenders, fighting):
    """A float at least the best real turn's chance of taking every target: the pooled stack's (module
    docstring). rounds: the targets' Rounds (algorithms/real_rounds.py); defenders: per target its
    defenders (0: taken already); fighting: F, the fighting armies (armies less one per territory of
    the player that borders a target, reinforcements included)."""
    value, start = _pools(rounds, defenders, None, fighting)
    return value((fighting,) if fighting > 0 else (), start)


def stacks_bound(rounds, defenders, stacks, R, most=STACKS_MOST):
    """(bound, pools): a float at least the best real turn's chance of taking every target and at most
    the pooled stack's, and how many pools gave it: one pool per stack (module docstring, "One pool
    per stack"), the best over every placement of the R reinforcements. stacks: per entry that borders
    a target, its fighting armies before placement (`fighting_stacks`). Values at most `most` states:
    the smallest pools merge while the estimate says more, and past `most` states valued the pooled
    stack's bound is returned (pools 1)."""
    pooled = pooled_bound(rounds, defenders, sum(stacks) + R)
    pools = _merged(rounds, defenders, stacks, R, most)
    if len(pools) <= 1:
        return pooled, 1
    value, start = _pools(rounds, defenders, most, sum(stacks) + R)
    best = 0.0
    try:
        for placed in compositions(R, len(pools)):
            F = tuple(sorted((f + r for f, r in zip(pools, placed) if f + r > 0), reverse=True))
            best = max(best, value(F, start))
    except _TooMany:
        return pooled, 1
    return min(best, pooled), len(pools)


def stacks_states(rounds, defenders, stacks, R, most=STACKS_MOST):
    """About how many states `stacks_bound` values (its pools once merged: `estimate_states`), 0 where
    the pooled stack's bound is the answer: for the price of the interval it gives."""
    pools = _merged(rounds, defenders, stacks, R, most)
    return estimate_states(pools, R, _defender_states(rounds, defenders)) if len(pools) > 1 else 0


def _merged(rounds, defenders, stacks, R, most):
    """The pools of `stacks_bound`: one per stack, the two smallest merged while the estimate says
    more than `most` states."""
    pools = sorted(stacks, reverse=True)
    defender_states = _defender_states(rounds, defenders)
    while len(pools) > 1 and estimate_states(pools, R, defender_states) > most:
        pools = sorted(pools[:-2] + [pools[-2] + pools[-1]], reverse=True)
    return pools


def estimate_states(pools, R, defender_states):
    """About how many states the per-stack bound values for these pools (each at most its armies and
    the reinforcements) and `defender_states` sorted defender lists: every pool's armies from 0 up,
    over the orders of the pools (their armies are kept sorted). Measured against the states valued
    (December 2026): Europe from Greenland 12 and North Africa 8 + 6 15,120 estimated, 8,232 valued;
    Africa from Brazil 15 and Southern Europe 10 + 8 5,796 and 5,715; from Brazil 25 and Southern
    Europe 15 + 8 10,626 and 12,165 (the one estimate below); Asia from Ukraine 25 and Indonesia
    10 + 10 159,250 and 114,409. A state costs 50 to 90 microseconds in CPython."""
    return defender_states * prod(f + R + 1 for f in pools) // math.factorial(len(pools))


def _defender_states(rounds, defenders):
    """How many sorted defender lists there are at most: per round model of n targets with at most D
    defenders on one, the multisets of at most n values in 1..D."""
    groups = _groups(rounds)
    return prod(comb(len(g) + max([defenders[y] for y in g] + [0]), len(g)) for g in groups)


def _groups(rounds):
    classes = {}                        # model -> the targets of that model
    for y, m in enumerate(rounds.models):
        classes.setdefault(id(m), []).append(y)
    return list(classes.values())


def _pools(rounds, defenders, most, armies):
    """(value, start): value(F, state) is P of the module docstring, F the pools' armies sorted
    decreasing (each 1 or more), state per round model its targets' defenders sorted decreasing;
    start: the state of `defenders`. Past `most` states valued (None: no limit) it raises _TooMany.
    armies: the pools' armies in all at most (every roll costs an army or a defender: the recursion's
    depth)."""
    groups = _groups(rounds)
    start = tuple(tuple(sorted((defenders[y] for y in g if defenders[y] > 0), reverse=True)) for g in groups)
    rep = [g[0] for g in groups]        # a target standing for its model's rounds
    memo = {}

    def less(F, e, lost):
        """F with pool e down `lost` armies, sorted, an empty pool gone."""
        f = F[e] - lost
        rest = F[:e] + F[e + 1:]
        if f <= 0:
            return rest
        j = e
        while j < len(rest) and rest[j] > f:
            j += 1
        return rest[:j] + (f,) + rest[j:]

    def value(F, state):
        if not any(state):
            return 1.0
        if not F:
            return 0.0
        got = memo.get((F, state))
        if got is not None:
            return got
        if most is not None and len(memo) >= most:
            raise _TooMany
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
                for e, f in enumerate(F):
                    if e and F[e - 1] == f:     # equal pools: the same attack
                        continue
                    for n in range(min(len(table) - 1, f), 0, -1):
                        total = 0.0
                        for al, dl, p, w in table[n]:
                            left = d - dl
                            if left > 0:
                                nds = tuple(sorted(ds[:i] + (left,) + ds[i + 1:], reverse=True))
                                child = value(less(F, e, al), state[:c] + (nds,) + state[c + 1:])
                            else:
                                child = value(less(F, e, al + 1), state[:c] + (ds[:i] + ds[i + 1:],) + state[c + 1:])
                            total = _up(total + _up(p_up(p, w) * child))
                        if total > best:
                            best = total
        best = min(best, 1.0)
        memo[F, state] = best
        return best

    need = 4 * (armies + sum(defenders)) + 200
    if sys.getrecursionlimit() < need:
        sys.setrecursionlimit(need)
    return value, start


def p_up(p, weight):
    """The outcome's chance as a float at least weight / total (p is weight / total rounded to
    nearest: one step up covers the rounding)."""
    return _up(p)


def fighting_stacks(entries):
    """Per entry that borders a target, its fighting armies before placement: its armies less one
    (checks/turn_request.py Entry records)."""
    return [max(e.armies - 1, 0) for e in entries if e.touches]


def fighting_armies(entries, R):
    """F of a turn's start: every entry that borders a target gives its armies less one, and the
    reinforcements all fight (checks/turn_request.py Entry records)."""
    return sum(fighting_stacks(entries)) + R
