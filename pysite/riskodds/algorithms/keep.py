"""Keeping what you take: the player's whole turn played so that a set of territories is still all
the player's after the opponent's next turn, exactly.

The model
---------
The player's turn is the best real turn's (algorithms/real_turn.py): before every roll any
territory of its own with at least 2 armies attacks any target next to it with any number of dice
(or always the most), and after a conquest it moves in at least the dice rolled (or 1), at most all
but one. The targets are the set's territories it does not hold. When every target is taken the
turn's attacks end, the player makes its fortify move and the opponent plays his turn; the reward
of that end is K(end) = the chance the set survives him, over the player's best fortify move
(algorithms/hold.py, his best turn through buffers: answers/keep.py gives K). Stopping before
every target is taken keeps nothing (the set is not the player's), so it is worth 0.

    V(s) = K(s)                                    when no target is left,
    V(s) = max(0, max over attacks (x, y, n) of Q(s, x, y, n))  otherwise,
    Q(s, x, y, n) = sum over the round's outcomes (al, dl, w) of w / W * V'(outcome),

V' the state after the roll, or after a conquest the best move, max over m of V(a' - m on x, m on
y). The player maximises V from every state; `take` follows the same play and counts the ends that
took the set.

Why the state keeps every army
------------------------------
The best real turn writes a territory with nothing left to attack as 0 ("spent"): its armies can no
longer help to take. Here they can help to keep: after the turn they defend, and a fortify move may
carry them to a door. So the state is every slot's armies as they are, targets first (minus the
defenders while held, the player's armies once taken), then the player's territories next to a
target. The player's other territories change only by the placement, and enter only K.

How it is computed
------------------
Floats first, memoised on the state (every reachable state once). Then exactly, only where the answer
needs it: the exact value of a state is that of its best action, and every action whose float comes
within RELATIVE of the best float is valued exactly and compared, as algorithms/real_turn.py does
(its docstring derives why the best action is among them); the same for the moves after a conquest
and, in K, for the fortify moves. A float of 0 is an exact 0 where no path's chance can underflow
(`zero_is_exact`, algorithms/real_turn.py `underflow_free`). Exact values are Fractions.

Exact ties
----------
Between attacks worth exactly the same, the first in the order targets in board order, attackers in
board order (algorithms/real_turn.py `tie_attackers`), most dice first; between moves,
algorithms/plan.py `tie_key` (the one rule of every turn search); between placements, the first in order (the first territory's largest first, as
Hold's); stop only when no attack is worth more than 0.
"""
from fractions import Fraction

from ..guards.budget import tick
from .plan import tie_key
from .real_rounds import Rounds
from .real_turn import RELATIVE, near_best, tie_attackers
from .turn import prefer


class KeepTurn:
    """The search of one keep position (module docstring). lay: algorithms/real_turn.py's Layout
    (targets first, then the player's territories next to them). end_float(s), end_exact(s): K at a
    state where every target is taken, as a float and as a Fraction. Army counts are armies on the
    territory."""

    def __init__(self, lay, min_move, dice, end_float, end_exact, zero_is_exact, rounds=None):
        self.lay, self.min_move, self.dice = lay, min_move, dice
        self.end_float, self.end_exact = end_float, end_exact
        self.zero_is_exact = zero_is_exact
        self.relative = RELATIVE            # the float margin `near` compares exactly within
        self.tables = rounds if rounds is not None else Rounds(lay.models)
        self.tie_attackers = tie_attackers(lay)
        self.values, self.exacts, self.exact_moves = {}, {}, {}

    # ------------------------------------------------------------------ states
    def taken(self, s):
        """Is every target the player's in state s?"""
        return all(v >= 0 for v in s[:self.lay.k])

    def attacks(self, s):
        """Every attack (x, y, n) from state s, in the tie order."""
        out = []
        k = self.lay.k
        for y in range(k):
            if s[y] >= 0:
                continue
            most = self.tables.most_attack[y]
            for x in self.tie_attackers[y]:
                a = s[x]
                if a >= 2:                  # a target x is the player's once taken (armies > 0)
                    top = min(most, a - 1)
                    for n in range(top, (top if self.dice == "most" else 1) - 1, -1):
                        out.append((x, y, n))
        return out

    def moves(self, n, a):
        """The armies that may move in after a conquest with n dice, a armies left on the attacker."""
        low = min(n, a - 1) if self.min_move == "dice" else 1
        return range(low, a)

    @staticmethod
    def rolled(s, x, y, a, dl):
        t = list(s)
        t[x] = a
        t[y] = s[y] + dl
        return tuple(t)

    @staticmethod
    def after(s, x, y, a, m):
        """The state once y is taken and m of the a armies on x moved in."""
        t = list(s)
        t[x] = a - m
        t[y] = m
        return tuple(t)

    # ------------------------------------------------------------------ float values
    def value(self, s):
        v = self.values.get(s)
        if v is not None:
            return v
        tick()
        if self.taken(s):
            v = self.end_float(s)
        else:
            v = 0.0
            for x, y, n in self.attacks(s):
                q = self.q(s, x, y, n)
                if q > v:
                    v = q
        self.values[s] = v
        return v

    def q(self, s, x, y, n):
        a, d = s[x], -s[y]
        outcomes, _ = self.tables.pairs[y][n, min(self.tables.most_defend[y], d)]
        total = 0.0
        for al, dl, p, _ in outcomes:
            if dl < d:
                total += p * self.value(self.rolled(s, x, y, a - al, dl))
            else:
                total += p * self.conquest(s, x, y, a - al, n)
        return total

    def conquest(self, s, x, y, a, n):
        """The float value once y falls to x (a armies left on x, n dice rolled): the best move's."""
        return max(self.moved_value(s, x, y, a, m) for m in self.moves(n, a))

    def moved_value(self, s, x, y, a, m):
        """The float value once y falls to x and m of the a armies on x move in (a hook: algorithms/kill.py
        adds the trade at a kill)."""
        return self.value(self.after(s, x, y, a, m))

    def moved_exact(self, s, x, y, a, m):
        """The exact value of the same."""
        return self.exact(self.after(s, x, y, a, m))

    # ------------------------------------------------------------------ exact values
    def near(self, scored):
        """The items of [(float, item), ...] the exact comparison must decide between
        (algorithms/real_turn.py `near_best`)."""
        return near_best(scored, self.zero_is_exact, self.relative)

    def best_of(self, states, valued=True):
        """(the exact value, the index) of the best of `states` (the placements tried), exact ties to
        the first; where not `valued` and the floats leave one candidate, (None, its index)."""
        near = self.near([(self.value(s), i) for i, s in enumerate(states)])
        if not valued and len(near) == 1:
            return None, near[0]
        best = None
        for i in near:
            e = self.exact(states[i])
            if best is None or e > best[0]:
                best = (e, i)
        return best

    def exact(self, s):
        v = self.exacts.get(s)
        if v is not None:
            return v
        tick()
        if self.taken(s):
            v = self.end_exact(s)
        elif self.value(s) == 0.0 and self.zero_is_exact:
            v = Fraction(0)
        else:
            v = Fraction(0)
            attacks = self.attacks(s)
            if attacks:
                for x, y, n in self.near([(self.q(s, *act), act) for act in attacks]):
                    v = max(v, self.exact_q(s, x, y, n))
        self.exacts[s] = v
        return v

    def exact_q(self, s, x, y, n):
        a, d = s[x], -s[y]
        outcomes, total = self.tables.pairs[y][n, min(self.tables.most_defend[y], d)]
        got = Fraction(0)
        for al, dl, _, w in outcomes:
            if dl < d:
                child = self.exact(self.rolled(s, x, y, a - al, dl))
            else:
                child = self.moved_exact(s, x, y, a - al, self.best_move(s, x, y, a - al, n))
            got += w * child
        return got / total

    # ------------------------------------------------------------------ decisions
    def best_move(self, s, x, y, a, n):
        """The armies to move into y after it falls to x (a armies left on x, n dice rolled): the
        best exactly, exact ties by the tie rule (module docstring)."""
        key = (s, x, y, a, n)
        m = self.exact_moves.get(key)
        if m is not None:
            return m
        options = list(self.moves(n, a))
        near = self.near([(self.moved_value(s, x, y, a, m), m) for m in options])
        if len(near) == 1:
            m = near[0]
        else:
            exact = {m: self.moved_exact(s, x, y, a, m) for m in near}
            top = max(exact.values())
            way = prefer(self.lay.border[x], self.lay.border[y])
            m = min((m for m in near if exact[m] == top), key=lambda m: tie_key(way, m, a))
        self.exact_moves[key] = m
        return m

    def best_action(self, s):
        """(x, y, n) of the best attack from state s, or None (every target taken, or nothing is
        worth more than 0); exact ties to the first in the tie order."""
        if self.taken(s):
            return None
        attacks = self.attacks(s)
        if not attacks or (self.value(s) == 0.0 and self.zero_is_exact):
            return None
        near = self.near([(self.q(s, *act), act) for act in attacks])
        if len(near) == 1:
            return near[0] if self.q(s, *near[0]) > 0 else None
        best, top = None, Fraction(0)
        for act in near:
            e = self.exact_q(s, *act)
            if e > top:
                best, top = act, e
        return best

    # ------------------------------------------------------------------ a play followed
    def goes_on(self, s, x, y, a, m):
        """The state a play goes on from once y falls to x and m of the a armies on x move in (a hook:
        algorithms/kill.py places the armies a kill brings there)."""
        return self.after(s, x, y, a, m)

    def placed(self, s, slots, p):
        """State s with p[j] armies more on slot slots[j] (a placement)."""
        t = list(s)
        for i, q in zip(slots, p):
            t[i] += q
        return tuple(t)

    def follow(self, s, action, move, end, stop=None):
        """The exact expectation of `end(state)` (a Fraction, or a tuple of them) over the ends of a
        play from state s: action(s) its attack or None (a stop, worth stop(state): 0 unless given),
        move(s, x, y, a, n) its armies moved in after a conquest. A play's chance to take is follow with
        end 1; what it keeps, with end K."""
        memo = {}
        stop = stop or (lambda s: Fraction(0))

        def walk(s):
            v = memo.get(s)
            if v is not None:
                return v
            tick()
            if self.taken(s):
                v = end(s)
            else:
                act = action(s)
                if act is None:
                    v = stop(s)
                else:
                    x, y, n = act
                    a, d = s[x], -s[y]
                    outcomes, total = self.tables.pairs[y][n, min(self.tables.most_defend[y], d)]
                    v = _mean([(w, walk(self.rolled(s, x, y, a - al, dl) if dl < d else
                                        self.goes_on(s, x, y, a - al, move(s, x, y, a - al, n))))
                               for al, dl, _, w in outcomes], total)
            memo[s] = v
            return v
        return walk(s)


def _mean(parts, total):
    """sum of w * v over (w, v) parts, over total; v a Fraction or a tuple of them."""
    first = parts[0][1]
    if isinstance(first, tuple):
        return tuple(sum((w * v[i] for w, v in parts), Fraction(0)) / total for i in range(len(first)))
    return sum((w * v for w, v in parts), Fraction(0)) / total


def full_states_bound(lay, start):
    """An upper bound on the states a keep search meets from the start state `start` (targets as
    minus their defenders, the player's slots' armies), before any work: for every set of taken
    targets, the held targets' defenders (1 .. start) times the ways to spread at most all the
    player's armies over its slots with at least 1 on each (C(total, slots): stars and bars with
    the slack counted as one more slot)."""
    from math import comb
    k = lay.k
    total = sum(a for a in start[k:])
    out = 0
    for taken in range(1 << k):
        d = 1
        for y in range(k):
            if not taken >> y & 1:
                d *= -start[y]
        slots = lay.slots - k + bin(taken).count("1")
        out += d * comb(total, slots) if total >= slots else 0
    return out
