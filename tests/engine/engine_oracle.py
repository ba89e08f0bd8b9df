"""Independent, deliberately simple implementations of RISK battle odds.

These exist only to cross-check the `riskodds` engine; they share no code with it and
favour obviousness over speed. Everything here works in the ATTACKING-armies convention
(all attacking armies may die); callers convert territory counts with T = A + 1.

Rule model (mirrors docs/engine-api.md, written from the rules text, not from the engine):
- a round: attacker rolls min(attack_dice, a) dice, defender min(defend_dice, d); both sort
  descending and compare pairwise; each pair costs the loser one army; ties go to the defender
  (or to the attacker with ties="attacker", the zombie variant).
- defender_bonus="highest" (bunker): +1 to the defender's highest die.
- defender_bonus="both" (fortification): +1 to every defender die. Adding the same constant
  to every die does not change their order, so this is exactly "+1 to each defender die that
  is compared"; with 3 defence dice against 3 attack dice all three compared dice get +1.
  (ASSUMPTION, documented in the test suite: with 3 defence dice "both" means all compared
  defence dice, not only the top two.)
- attacker_bonus="highest" / "all": +1 to the attacker's highest die / to every attacker die,
  added after sorting, before comparing (a tie of the bonused values follows `ties`).
- attack_weights, defend_weights: face v of a die comes up with weight w_v (None: all 1); a
  roll counts with the product of its dice's weights (every roll enumerated, as with fair dice).
- MyTables: a battle from round tables given directly ({(na, nd): {(al, dl): weight}}); a round
  where no army dies repeats, so the oracle conditions on leaving: q / (1 - q00).
- retreat_at=r: the attacker stops as soon as it has r or fewer attacking armies left.
- defender_goal=g: the battle stops (attacker wins) once the defender is down to g or fewer.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import factorial


@dataclass(frozen=True)
class MyRules:
    attack_dice: int = 3
    defend_dice: int = 2
    attack_faces: int = 6
    defend_faces: int = 6
    ties: str = "defender"
    defender_bonus: str = "none"
    attacker_bonus: str = "none"
    attack_weights: tuple = None
    defend_weights: tuple = None

    def kwargs(self):
        return dict(attack_dice=self.attack_dice, defend_dice=self.defend_dice,
                    attack_faces=self.attack_faces, defend_faces=self.defend_faces,
                    ties=self.ties, defender_bonus=self.defender_bonus, attacker_bonus=self.attacker_bonus,
                    attack_weights=self.attack_weights, defend_weights=self.defend_weights)


@dataclass(frozen=True)
class MyTables:
    """Round tables as a hashable record: tables = (((na, nd), (((al, dl), weight), ...)), ...)."""
    tables: tuple

    @classmethod
    def of(cls, tables):
        return cls(tuple(sorted((k, tuple(sorted(v.items()))) for k, v in tables.items())))

    @property
    def attack_dice(self):
        return max(k[0] for k, _ in self.tables)

    @property
    def defend_dice(self):
        return max(k[1] for k, _ in self.tables)


STD = MyRules()


# ----------------------------------------------------------------------------- one round
def _with_bonus(dice, bonus):
    if bonus == "highest":
        return [dice[0] + 1] + dice[1:]
    if bonus in ("both", "all"):
        return [x + 1 for x in dice]
    assert bonus == "none", bonus
    return dice


@lru_cache(maxsize=None)
def round_counts(na, nd, fa=6, fd=6, ties="defender", bonus="none", attacker_bonus="none",
                 wa=None, wd=None):
    """{(attacker_losses, defender_losses): count} by rolling every face combination; with
    weights wa, wd (tuples, face 1 first) each roll counts the product of its faces' weights."""
    wa, wd = wa or (1,) * fa, wd or (1,) * fd
    counts = defaultdict(int)
    for att in product(range(1, fa + 1), repeat=na):
        pa = 1
        for x in att:
            pa *= wa[x - 1]
        a = _with_bonus(sorted(att, reverse=True), attacker_bonus)
        for de in product(range(1, fd + 1), repeat=nd):
            pd = 1
            for y in de:
                pd *= wd[y - 1]
            d = _with_bonus(sorted(de, reverse=True), bonus)
            al = dl = 0
            for x, y in zip(a, d):
                if x > y or (x == y and ties == "attacker"):
                    dl += 1
                else:
                    al += 1
            if pa * pd:
                counts[(al, dl)] += pa * pd
    return dict(counts)


def rules_round_counts(na, nd, rules: MyRules):
    return round_counts(na, nd, rules.attack_faces, rules.defend_faces, rules.ties,
                        rules.defender_bonus, rules.attacker_bonus, rules.attack_weights, rules.defend_weights)


@lru_cache(maxsize=None)
def _round_probs(na, nd, rules):
    if isinstance(rules, MyTables):
        table = dict(dict(rules.tables)[na, nd])
        table.pop((0, 0), None)     # nothing happens: the round repeats, so condition on leaving
        tot = sum(map(Fraction, table.values()))
        return tuple((k, Fraction(v) / tot) for k, v in sorted(table.items()) if v)
    c = rules_round_counts(na, nd, rules)
    tot = sum(c.values())
    side = lambda w, f: sum(w) if w else f
    assert tot == side(rules.attack_weights, rules.attack_faces) ** na * side(rules.defend_weights, rules.defend_faces) ** nd
    return tuple((k, Fraction(v, tot)) for k, v in sorted(c.items()))


def step(a, d, rules: MyRules):
    """Transitions out of (a, d): list of ((a', d'), Fraction)."""
    na = min(rules.attack_dice, a)
    nd = min(rules.defend_dice, d)
    return [((a - al, d - dl), p) for (al, dl), p in _round_probs(na, nd, rules)]


def is_end(a, d, retreat=None, goal=0):
    return a == 0 or d <= goal or (retreat is not None and a <= retreat)


# ----------------------------------------------------------------------------- battles
def enumerate_paths(A, D, rules: MyRules = STD, retreat=None, goal=0, visits=None):
    """Brute force: walk EVERY path of rounds (no memoisation), exact Fractions.

    If `visits` is a dict, it receives {state: P(the battle passes through state)}."""
    ends = defaultdict(Fraction)

    def rec(a, d, p):
        if visits is not None:
            visits[(a, d)] = visits.get((a, d), Fraction(0)) + p
        if is_end(a, d, retreat, goal):
            ends[(a, d)] += p
            return
        for nxt, q in step(a, d, rules):
            rec(nxt[0], nxt[1], p * q)

    rec(A, D, Fraction(1))
    return dict(ends)


def forward(A, D, rules: MyRules = STD, retreat=None, goal=0, visits=False):
    """Forward DP: push probability mass from the start, states in order of a + d descending.

    Returns end-state distribution; with visits=True also {state: P(pass through)}."""
    mass = defaultdict(Fraction)
    mass[(A, D)] = Fraction(1)
    seen = {}
    ends = {}
    for total in range(A + D, -1, -1):
        for a in range(min(A, total), -1, -1):
            d = total - a
            if d > D or (a, d) not in mass:
                continue
            p = mass.pop((a, d))
            seen[(a, d)] = p
            if is_end(a, d, retreat, goal):
                ends[(a, d)] = p
                continue
            for nxt, q in step(a, d, rules):
                mass[nxt] += p * q
    assert not mass
    return (ends, seen) if visits else ends


def backward_win(N, rules: MyRules = STD, goal=0, float_=False):
    """Backward DP: W[a][d] = P(attacker wins from (a, d)) for 0 <= a, d <= N."""
    one = 1.0 if float_ else Fraction(1)
    zero = 0.0 if float_ else Fraction(0)
    W = [[zero] * (N + 1) for _ in range(N + 1)]
    for a in range(N + 1):
        for d in range(N + 1):
            if d <= goal:
                W[a][d] = one
            elif a == 0:
                W[a][d] = zero
            else:
                s = zero
                for (a2, d2), q in step(a, d, rules):
                    s += (float(q) if float_ else q) * W[a2][d2]
                W[a][d] = s
    return W


def multinomial_3v2(A, D, x, y):
    """P((A, D) -> (A - x, D - y)) via the closed form for paths inside a >= 3, d >= 2."""
    assert A - x >= 3 and D - y >= 2
    if (x + y) % 2:
        return Fraction(0)
    k = (x + y) // 2
    total = Fraction(0)
    for n1 in range(0, k + 1):
        # n1 + 2 n2 = x, 2 n0 + n1 = y, n0 + n1 + n2 = k
        if (x - n1) % 2 or (y - n1) % 2:
            continue
        n2 = (x - n1) // 2
        n0 = (y - n1) // 2
        if n0 < 0 or n2 < 0 or n0 + n1 + n2 != k:
            continue
        m = factorial(k) // (factorial(n0) * factorial(n1) * factorial(n2))
        total += Fraction(m * 2890 ** n0 * 2611 ** n1 * 2275 ** n2, 7776 ** k)
    return total


def markov_end_states(A, D, rules: MyRules = STD, retreat=None, goal=0):
    """Absorbing Markov chain in floats: B = (I - Q)^-1 R."""
    import numpy as np

    trans = [(a, d) for a in range(A + 1) for d in range(D + 1) if not is_end(a, d, retreat, goal)]
    absorb = [(a, d) for a in range(A + 1) for d in range(D + 1) if is_end(a, d, retreat, goal)]
    ti = {s: i for i, s in enumerate(trans)}
    ai = {s: i for i, s in enumerate(absorb)}
    Q = np.zeros((len(trans), len(trans)))
    R = np.zeros((len(trans), len(absorb)))
    for s in trans:
        for nxt, q in step(*s, rules):
            if nxt in ti:
                Q[ti[s], ti[nxt]] += float(q)
            else:
                R[ti[s], ai[nxt]] += float(q)
    B = np.linalg.solve(np.eye(len(trans)) - Q, R)
    row = B[ti[(A, D)]]
    return {s: row[i] for s, i in ai.items()}


# ----------------------------------------------------------------------------- campaign
def campaign(A, defenders, rules_list, leave=1, retreat=None):
    """Chain campaign in the attacking convention.

    A attacking armies attack territory 0; after a conquest with a survivors, those a armies
    move in, `leave` of them stay, and a - leave attack the next territory (stop if <= 0).
    Returns (territory_win list, {(conquered, a, d): P}).
    """
    dist = {A: Fraction(1)}
    finals = defaultdict(Fraction)
    twin = []
    n = len(defenders)
    for i, (D, rules) in enumerate(zip(defenders, rules_list)):
        nxt = defaultdict(Fraction)
        for a, pa in dist.items():
            ends = forward(a, D, rules, retreat=retreat)
            for (a2, d2), q in ends.items():
                if d2 == 0:
                    nxt[a2] += pa * q
                else:
                    finals[(i, a2, d2)] += pa * q
        twin.append(sum(nxt.values(), Fraction(0)))
        dist = {}
        for a2, p in nxt.items():
            if i == n - 1:
                finals[(n, a2, 0)] += p
            elif a2 - leave <= 0 or (retreat is not None and a2 - leave <= retreat):
                finals[(i + 1, a2, 0)] += p
            else:
                dist[a2 - leave] = dist.get(a2 - leave, Fraction(0)) + p
    return twin, dict(finals)


def forward_float(A, D, rules: MyRules = STD, retreat=None, goal=0):
    """Forward DP in floats (for larger battles), same sweep as `forward`."""
    import numpy as np

    trans = {}
    mass = np.zeros((A + 1, D + 1))
    mass[A, D] = 1.0
    ends = {}
    for total in range(A + D, -1, -1):
        for a in range(min(A, total), -1, -1):
            d = total - a
            if d > D or d < 0:
                continue
            p = mass[a, d]
            if p == 0.0:
                continue
            if is_end(a, d, retreat, goal):
                ends[(a, d)] = p
                continue
            key = (min(rules.attack_dice, a), min(rules.defend_dice, d))
            if key not in trans:
                trans[key] = [((al, dl), float(q)) for (al, dl), q in _round_probs(*key, rules)]
            for (al, dl), q in trans[key]:
                mass[a - al, d - dl] += p * q
    return ends


def campaign_walk(A, defenders, rules_list, leave=1, retreat=None):
    """Chain campaign walked round by round (attacking convention), tracking the defenders
    still standing in the whole chain as part of the state (no slicing of the territory list).

    Returns (reach, exactly, scores): reach[i] = P(the stack attacks territory i);
    exactly[k] = P(exactly k conquered); scores = {score: P} with score = attacking armies left
    when every territory fell, else minus the defenders standing when the campaign ended.
    """
    import heapq
    n = len(defenders)
    reach, exactly, scores = [Fraction(0)] * n, [Fraction(0)] * (n + 1), defaultdict(Fraction)
    arriving = {(A, sum(defenders)): Fraction(1)}     # (armies, standing) about to attack i
    for i, (D, rules) in enumerate(zip(defenders, rules_list)):
        reach[i] = sum(arriving.values(), Fraction(0))
        mass, heap, nxt = defaultdict(Fraction), [], defaultdict(Fraction)
        for (a, standing), p in arriving.items():
            mass[a, D, standing] += p
            heapq.heappush(heap, (-(a + D), a, D, standing))
        while heap:
            _, a, d, standing = heapq.heappop(heap)
            if (a, d, standing) not in mass:
                continue
            p = mass.pop((a, d, standing))
            stopped = a == 0 or (retreat is not None and a <= retreat)
            if d == 0 and i == n - 1:
                exactly[n] += p
                scores[a] += p
            elif d == 0 and not (a - leave <= 0 or (retreat is not None and a - leave <= retreat)):
                nxt[a - leave, standing] += p
            elif d == 0 or stopped:
                exactly[i + (d == 0)] += p
                scores[-standing] += p
            else:
                for (a2, d2), q in step(a, d, rules):
                    key = (a2, d2, standing - (d - d2))
                    if key not in mass:
                        heapq.heappush(heap, (-(a2 + d2), *key))
                    mass[key] += p * q
        arriving = nxt
    return reach, exactly, dict(scores)
