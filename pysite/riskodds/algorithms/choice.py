"""The defender's dice choice: how many dice to roll, chosen to keep the attacker from winning.

Under the standard rules the defender always rolls the most dice it may. Many tables let it
choose, and under the rules Koole analysed (1994) it chooses after seeing the attacker's roll.
Here the attacker rolls the most dice it may (na = min(attack_dice, a)), and the defender picks
nd = 1 .. min(defend_dice, d) to minimise V(a, d), the attacker's chance of winning the battle
from a attacking armies against d defenders (attacking armies; a win is d <= goal, a loss or a
stop a <= retreat, as in flow.py).

Why the value is well-founded
-----------------------------
Every round removes at least one army (a round of na v nd dice removes min(na, nd) >= 1), so
a round leads from (a, d) only to states with fewer armies in all. V is therefore defined by a
recursion on a + d, with the stops as its base:

    V(a, d) = 1 if d <= goal;  0 if a <= retreat (and d > goal).

Before the roll ("before-roll") the defender knows (a, d) and picks the number of dice whose
round leaves the attacker least:

    V(a, d) = min over nd of  E_nd,   E_nd = sum over outcomes (al, dl) of P_nd(al, dl) V(a - al, d - dl).

After the roll ("after-roll") it sees the attacker's dice x first. Only the attacker's highest
min(na, nd) dice meet the defender's, so rolls are grouped by their highest k = min(na, nd_max)
dice, sorted (for three d6 against two: 21 groups of the 56 sorted rolls). Given the group g,
the outcome of nd defending dice has the conditional probabilities P_nd(al, dl | g), and

    V(a, d) = sum over groups g of P(g) * min over nd of E_nd(g),   E_nd(g) = sum P_nd(. | g) V(next).

A choice never changes what the values of the states below are, so minimising state by state,
lowest a + d first, is the defender's best play (dynamic programming on a finite acyclic game:
the attacker has no choice here, so there is no saddle point to find). Ties between choices go
to more dice: then "most" is what a choosing defender does whenever it gains nothing by fewer.

Exactly, with integers
----------------------
Each E is a sum of integer weights times values over one common denominator: the next states'
values are brought to one denominator first (Scale.align), and E_nd is scaled by W_d**(nd_max -
nd) (W_d: the defending die's total weight) so that every choice is an integer over the round
total W_a**na * W_d**nd_max. Comparing two choices is then comparing two integers, and the value
of the state is one more integer over that denominator: no Fraction, no rounding. The values
of the next states, divided by the largest, also give floats good to about 1e-16; choices whose
float expectations differ by more than CLOSE (relative) are decided by the floats, the others
exactly, so the decisions are exact and the big integers are multiplied once per outcome (the
value is the sum of the chosen weights per outcome times that outcome's value). The decision
at a state is the same whatever battle it is part of, so one backward sweep (by lines of states,
as sweep.py) serves a battle's forward flow, a search and a table alike; the rounds it chose at
each state are the rounds the flow plays (`effective rounds`).
"""
from dataclasses import dataclass
from functools import lru_cache
from operator import add, mul

from ..checks.model import DEFENDER_BONUS, _die_weights
from ..guards.budget import tick
from ..maths import dice

MOST, BEFORE, AFTER = "most", "before-roll", "after-roll"
CLOSE = 1e-9        # float expectations this close (relative) are compared exactly
TINY = 1e-280       # below this a float expectation may have lost digits: compare exactly


@lru_cache(maxsize=256)
def groups(rules, na, nd_max):
    """After-roll tables of na attacking dice against a defender with up to nd_max dice:
    ((attacker's top dice (effective values), weight, {nd: ((al, dl, count), ...)}), ...): the
    weight of the ordered attacking rolls in the group (out of W_a**na) and, for each nd, the
    outcome counts of nd defending dice (out of W_d**nd)."""
    wa, _ = _die_weights(rules, 0)
    wd, _ = _die_weights(rules, 1)
    zombies = rules.ties == "attacker"
    k = min(na, nd_max)
    grouped = {}
    for values, weight in dice.sorted_rolls(na, wa, rules.attacker_bonus):
        grouped[values[:k]] = grouped.get(values[:k], 0) + weight
    defence = {nd: dice.sorted_rolls(nd, wd, DEFENDER_BONUS[rules.defender_bonus]) for nd in range(1, nd_max + 1)}
    out = []
    for top, weight in sorted(grouped.items(), reverse=True):
        tables = {}
        for nd, rolls in defence.items():
            counts = {}
            for values, w in rolls:
                key = dice.pairs_outcome(top, values, zombies)
                counts[key] = counts.get(key, 0) + w
            tables[nd] = tuple((al, dl, c) for (al, dl), c in sorted(counts.items()) if c)
        out.append((top, weight, tables))
    return tuple(out)


class ChoiceSweep:
    """The defender's best choice and the values it leaves, state by state (module docstring).

    `value_at(a, d)` must return V of states below (a, d) (scaled values); `decide(a, d)` returns
    (V(a, d), effective round) with the effective round as (transitions, exponents of its total),
    the same form as RoundModel.lookup, so the flow plays it like any round. States past a stop
    are not asked about."""

    def __init__(self, model, scale, decisions=None):
        self.model, self.scale = model, scale
        self.mode = self.model.defender_choice
        self.wd = _die_weights(self.model.rules, 1)[1]         # the defending die's total weight
        self._dice = {}             # (na, nd_max) -> the choices' linear forms (see _forms)
        self._rounds = {}           # interned effective rounds: (na, nd_max, decision) -> (round, weights)
        self.decisions = {} if decisions is None else decisions   # (a, d) -> nd, or nd per group

    def decide(self, a, d, value_at):
        m, scale = self.model, self.scale
        na, nd_max = min(m.attack_dice, a), min(m.defend_dice, d)
        outcomes, forms = self._forms(na, nd_max)
        values = [value_at(a - al, d - dl) for al, dl in outcomes]
        live = [v for v in values if v[0]]
        exps = (tuple(map(max, *(v[1] for v in live))) if len(live) > 1 else live[0][1]) if live else scale.zero[1]
        num = [scale.align(v, exps) if v[0] else 0 for v in values]
        top = max(num) or 1
        near = [n / top for n in num]                 # floats: decide the clear cases cheaply
        choice = tuple(_best(group, near, num) for group in forms)
        decision = choice[0] if self.mode == BEFORE else choice
        self.decisions[a, d] = decision
        played, weights = self._round(na, nd_max, decision)
        return (sum(map(mul, weights, num)), tuple(map(add, exps, played[1]))), played

    def _forms(self, na, nd_max):
        """(the outcomes (al, dl) any choice may have, in a fixed order; per group of attacking
        rolls, [(nd, the expectation's coefficients per outcome)] for nd = nd_max .. 1), each
        expectation scaled to the round total W_a**na * W_d**nd_max)."""
        key = (na, nd_max)
        found = self._dice.get(key)
        if found is None:
            options = self._options(na, nd_max)
            outcomes = sorted({(al, dl) for _, tables in options for t in tables.values() for al, dl, _ in t})
            at = {o: i for i, o in enumerate(outcomes)}
            forms = []
            for weight, tables in options:
                group = []
                for nd in range(nd_max, 0, -1):
                    coefficients = [0] * len(outcomes)
                    for al, dl, c in tables[nd]:
                        coefficients[at[al, dl]] = c * self.wd ** (nd_max - nd)
                    group.append((nd, tuple(coefficients)))
                forms.append(group)
            found = self._dice[key] = (outcomes, forms, options)
        return found[:2]

    def _options(self, na, nd_max):
        """[(weight, {nd: outcome counts})]: one entry before the roll (weight 1), one per group of
        attacking rolls after it. Both count over W_a**na * W_d**nd for nd dice."""
        m = self.model
        if self.mode == BEFORE:
            return [(1, {nd: m.transitions(na, nd) for nd in range(1, nd_max + 1)})]
        return [(w, tables) for _, w, tables in groups(m.rules, na, nd_max)]

    def _round(self, na, nd_max, decision):
        """(the round played for `decision`: (transitions, exponents of its total), its weights per
        outcome in _forms' order), interned."""
        key = (na, nd_max, decision)
        found = self._rounds.get(key)
        if found is None:
            outcomes, forms, options = self._dice[na, nd_max]
            chosen = [decision] if self.mode == BEFORE else decision
            weights = [0] * len(outcomes)
            for (weight, _), group, nd in zip(options, forms, chosen):
                coefficients = dict(group)[nd]
                for i, c in enumerate(coefficients):
                    weights[i] += weight * c
            trans = tuple((al, dl, w) for (al, dl), w in zip(outcomes, weights) if w)
            played = (trans, self.scale.exponents(self.model.total(na, nd_max)))
            found = self._rounds[key] = (played, tuple(weights))
        return found


def _best(group, near, num):
    """The number of dice with the least expectation (most dice on ties) for one group's forms:
    decided in floats unless two choices come within CLOSE of each other, then exactly."""
    guesses = [(sum(map(mul, coefficients, near)), nd) for nd, coefficients in group]
    low = min(e for e, _ in guesses)
    close = [nd for e, nd in guesses if e - low <= CLOSE * max(low, TINY)]
    if len(close) == 1:
        return close[0]
    exact = {nd: sum(map(mul, coefficients, num)) for nd, coefficients in group if nd in close}
    return -min((e, -nd) for nd, e in exact.items())[1]      # least; on a tie the larger nd


def choice_lines(model, scale, length, by="attackers", need=1, decisions=None, terminal=None):
    """Yield (i, line) like sweep.win_lines, for a defender who chooses its dice: line i holds
    V(i, d) for d = 0..length (by="attackers") or V(a, i) for a = 0..length (by="defenders"), the
    attacker's chance of winning with at least `need` attacking armies left. The decisions
    minimise the chance of any conquest (need 1); with need > 1 the line holds that chance under
    those decisions (or, given terminal(a), the expectation of terminal(attackers left) over
    conquests). decisions: a dict that receives the decision at every state swept."""
    sweep = ChoiceSweep(model, scale, decisions)
    depth = model.attack_dice if by == "attackers" else model.defend_dice
    values, asked = {}, {}              # lines of conquest values (the decisions') and asked ones
    if by == "attackers":
        value_at, asked_at = (lambda a, d: values[a][d]), (lambda a, d: asked[a][d])
    else:
        value_at, asked_at = (lambda a, d: values[d][a]), (lambda a, d: asked[d][a])
    i = 0
    work = 1 + length // 16             # ticks of the running deadline per line (decisions weigh more)
    while True:
        tick(work)
        values[i], asked[i] = [], []
        for j in range(length + 1):
            a, d = (i, j) if by == "attackers" else (j, i)
            if d == 0 or a == 0:
                values[i].append(scale.one if d == 0 and a >= 1 else scale.zero)
                asked[i].append((terminal(a) if terminal else scale.one if a >= need else scale.zero)
                                if d == 0 and a >= 1 else scale.zero)
                continue
            value, played = sweep.decide(a, d, value_at)
            values[i].append(value)
            asked[i].append(value if need <= 1 and not terminal else expected(scale, played, asked_at, a, d))
        values.pop(i - depth - 1, None)
        asked.pop(i - depth - 1, None)
        yield i, asked[i]
        i += 1


def expected(scale, played, value_at, a, d):
    """The value at (a, d) of a round `played` (transitions, exponents) over the next states'."""
    trans, step = played
    parts = [(v[0] * c, v[1]) for v, c in ((value_at(a - al, d - dl), c) for al, dl, c in trans) if v[0]]
    if not parts:
        return scale.zero
    num, exps = scale.total(parts)
    return num, tuple(map(add, exps, step))


@dataclass(frozen=True)
class Play:
    """A choosing defender's play over a grid of states: the round each state plays
    (`rounds`: (a, d) -> (transitions, exponents), for the flow) and the decision behind it
    (`decisions`: (a, d) -> nd before the roll, or a tuple of nd per group of attacking rolls
    after it, in the order of `groups`)."""
    rounds: dict
    decisions: dict


def defender_play(model, scale, A, D, retreat=0, goal=0):
    """The Play of a defender who chooses its dice, for every state a battle from (A, D) may visit
    (a <= A, d <= D, before a stop); None when it rolls the most it may. One backward sweep over
    lines of attackers, keeping the lines a round can reach. model: a RoundModel."""
    if model.defender_choice == MOST:
        return None
    sweep = ChoiceSweep(model, scale)
    lines, rounds = {}, {}
    value_at = lambda a, d: lines[a][d]
    for a in range(A + 1):                      # increasing a, then d: every next state is known
        tick(1 + D // 16)
        line = lines[a] = []
        for d in range(D + 1):
            if d <= goal:                       # the attacker reached its goal (d = 0: conquest)
                line.append(scale.one if a > 0 or d > 0 else scale.zero)
            elif a <= retreat:                  # wiped out, or stopped at the retreat threshold
                line.append(scale.zero)
            else:
                value, rounds[a, d] = sweep.decide(a, d, value_at)
                line.append(value)
        lines.pop(a - model.attack_dice - 1, None)
    return Play(rounds, sweep.decisions)
