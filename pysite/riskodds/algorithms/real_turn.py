"""The best real turn: every way a player can play a turn, roll by roll, exactly.

The model
---------
The player holds some territories and wants every target (the goal territories it does not hold).
It places R armies on its territories, then plays. Before every roll it picks any territory x of
its own with at least 2 armies, any target y still held by the opponent that borders x, and the
dice n, 1 to min(A, armies on x - 1) (`dice="choose"`, the printed rules; A is the most the
target's rules allow, 3 as printed) or always the most (`dice="most"`, the digital game's blitz).
The defender rolls the most it may (min(D, defenders on y)). A roll that empties y conquers it
(it costs the attacker nothing: every pair compared went its way), and the player then moves m
armies from x into y, at least n (`min_move="dice"`) or 1 (`"one"`), at most all but one. It may
stop at any time. The turn succeeds when every target is the player's at the end. The search
maximises P(success) over the placement and every policy.

The state
---------
Only two kinds of territory can change: targets (the opponent's defenders on them, or, once taken,
the player's armies there) and the player's territories that border a target ("entries"). Every
other territory never attacks (it borders no target) and is never attacked (only targets are), so
it is left out. A state is one integer per slot, targets first, then entries:
- a target still held by the opponent: minus its defenders (-d, d >= 1);
- a territory of the player (an entry, or a target taken this turn): its armies a, written as 0
  when they can no longer matter ("spent").
Armies on a territory of the player matter only while it has at least 2 of them and borders a
target still held by the opponent: armies never move but into a territory just conquered, a
territory with 1 army can neither attack nor give armies, and one with no target next to it can
attack nothing now or later (targets only become the player's, never the opponent's again). So
those armies are dropped from the state (written 0), which merges states that differ only there
and cannot change any chance: the player's options from two such states are the same, move for
move. The goal territories the player holds are the player's for good, so success is "no slot
below 0".

The value
---------
V(s) = 1 when no target is left; otherwise the best of stopping (worth 0) and every attack
(x, y, n):
    Q(s, x, y, n) = sum over the round's outcomes (al, dl, w) of w / W * V'(s, outcome),
W the round's total weight (6 ** dice for fair dice), V' the value of the state after the round:
the same state with x losing al and y dl armies, or, when y is emptied, the best move:
    max over least <= m <= a' - 1 of V(s with a' - m on x and m on y),
a' the armies left on x. Every roll removes at least one army (of either side), so the sum of the
player's armies and the defenders falls along every path and the recursion ends.

More armies never hurt (the player can ignore them and play the same moves), so V is
non-decreasing in every territory's armies. Two shortcuts follow: when the conquest leaves x
spent, moving all but one in is best; when it leaves y spent (nothing left to attack from it),
moving the fewest is. Both are used only for values; the moves stated to the player are chosen
over every m with the tie rule below.

How it is computed
------------------
First in floats, memoised on the state (one pass over every reachable state), or all at once by a
sweep (`SweptTurn`, algorithms/real_sweep.py: the same floats). Then exactly, only where the answer
needs it: the exact value of a state is that of its best action, and the actions whose float values
come within `relative` of the best are all computed exactly and compared. A sweep records those
actions for every position as it values it (algorithms/real_sweep.py, "The attacks worth comparing"),
and SweptTurn reads them there instead of summing every action again. Exact values are scaled
integers (maths/scaled.py): a numerator over powers of the dice totals' bases.

How close floats must come to be compared exactly (`relative_for`): a value is a sum of at most
K = 6 positive terms p * child (K outcomes of a round), each p one rounding (eps = 2**-53) from
w / W, each product one more, the sum K - 1 more: a value's relative error is at most its child's
plus (K + 1) eps, and a sweep's child read back from its one double one eps more
(algorithms/real_sweep.py, "One double per position"): (K + 2) eps <= 8 eps. A roll removes at
least one army, so a course is at most `potential` rolls (the armies and defenders in play) deep,
and every float is within r = 8 * potential * eps of its value, relatively (to first order; r stays below 1e-11 here). The best action's float is then
at least Q*(1 - r) and the best float at most Q*(1 + r): every action within 2r of the best float
holds the best one. relative = 4r, twice that.

Exact ties
----------
Between attacks worth exactly the same, the one met first in this order: targets in board order,
attacking territories in board order, most dice first. Between moves, armies stay where they
guard the goal: into a target on the goal's border, on a territory on the border, split evenly
between two border territories (the larger half staying where the armies are odd), else forward
(algorithms/turn.py `prefer`; the one rule, algorithms/plan.py `tie_key`). Between placements,
more armies on entries on the goal's border, then the first in board order. Stop only when no
attack is worth more than 0.
"""
import sys
from dataclasses import dataclass

from ..checks.rules import least_move
from ..facts.board import TERRITORIES
from ..guards.budget import tick
from .real_rounds import Rounds
from .plan import tie_key, tie_pick
from .turn import prefer

RELATIVE = 1e-9         # float candidates within this of the best are compared exactly (a default:
                        # `relative_for` derives the margin a position needs, module docstring)
TINY = 1e-250           # below this a float may have lost the value: compare exactly
HIGH = 0.5              # above this the chances of failing pick the candidates (`candidates`)


def near_best(scored, zero_is_exact=True, relative=RELATIVE):
    """The items of [(float value, item), ...] whose floats come within `relative` of the best: the
    candidates the exact comparison decides between ("floats pick, exact decides", module
    docstring). Every item where the best float is 0 and a 0 may not be exact (`zero_is_exact`)."""
    best = max(f for f, _ in scored)
    if best == 0.0 and not zero_is_exact:
        return [item for _, item in scored]
    floor = 0.0 if best < TINY else best * (1 - relative)
    return [item for f, item in scored if f >= floor]


def grow_stack(depth):
    """Raise the recursion limit for a search `depth` rolls deep (each roll is a few frames)."""
    need = 4 * depth + 200
    if sys.getrecursionlimit() < need:
        sys.setrecursionlimit(need)


def near_least(least, relative):
    """The largest chance of failing still a candidate beside the least (`least`): the chances of
    failing are sums of positive terms like the values, with the same margin (module docstring)."""
    return TINY if least < TINY else least * (1 + relative)


def worth_comparing(best, items, value, fail, relative):
    """The items (actions, moves, placements) whose floats the exact comparison decides between
    ("floats pick, exact decides", module docstring), best the largest of their float values. Near 1
    values' floats cannot tell items apart (1 - 1e-20 is 1.0): above HIGH, where the chances of
    failing were kept (`fail`, item -> float; None where not), those within `relative` of the least
    (`near_least`); else the values (`value`, item -> float) within `relative` of the best, every
    item where the best is below TINY. The sweep records this test's answer per position
    (algorithms/real_sweep.py `candidates_mask`)."""
    if best > HIGH and fail is not None:
        fails = [fail(x) for x in items]
        ceiling = near_least(min(fails), relative)
        return [x for x, f in zip(items, fails) if f <= ceiling]
    floor = 0.0 if best < TINY else best * (1 - relative)
    return [x for x in items if value(x) >= floor]


@dataclass(frozen=True)
class Layout:
    """The board as the search sees it. names: slot names, the k targets first, then the entries.
    defenders: the targets' defenders at the start. models: the targets' round models. touches: per
    slot, the target slots it borders. attackers: per target slot, the slots that border it.
    border: per slot, whether it lies on the goal's border."""
    names: tuple
    k: int
    models: tuple
    touches: tuple
    attackers: tuple
    border: tuple

    @property
    def slots(self):
        return len(self.names)


_BOARD_RANK = {name: i for i, name in enumerate(TERRITORIES)}


def board_rank(name, slot):
    """Where a slot comes in the tie order: its territory's place in board order (facts/board.py
    TERRITORIES), a name off the board after every one on it, by slot."""
    return (_BOARD_RANK.get(name, len(TERRITORIES)), slot)


def tie_ranks(lay):
    """Per slot of Layout `lay`, its place in the tie order between attackers (module docstring, "Exact
    ties"): board order, whichever slots the territories sit in."""
    return tuple(board_rank(name, slot) for slot, name in enumerate(lay.names))


def tie_attackers(lay):
    """Per target slot of Layout `lay`, the slots that border it, in the tie order (`tie_ranks`)."""
    rank = tie_ranks(lay)
    return tuple(tuple(sorted(xs, key=rank.__getitem__)) for xs in lay.attackers)


def layout(targets, entries, adjacent, extra=()):
    """A Layout from algorithms/turn.py's Targets and Entries and the targets' adjacency masks.
    extra: (name, touches, border) of territories of the player to keep as slots even where they
    border no target (the territory a stack has just conquered, mid-turn)."""
    k = len(targets)
    names = [t.name for t in targets] + [e.name for e in entries] + [x[0] for x in extra]
    touches = [tuple(j for j in range(k) if adjacent[i] >> j & 1) for i in range(k)]
    touches += [tuple(e.touches) for e in entries] + [tuple(x[1]) for x in extra]
    attackers = tuple(tuple(s for s in range(len(names)) if y in touches[s]) for y in range(k))
    border = [t.border for t in targets] + [e.border for e in entries] + [x[2] for x in extra]
    return Layout(tuple(names), k, tuple(t.model for t in targets), tuple(touches), attackers, tuple(border))


class RealTurn:
    """The search of one position (module docstring). `start(armies)` makes a state from every
    slot's armies (targets: defenders as negatives); `value(s)` its float value; `exact(s)` its
    exact scaled value; `best_action(s)`, `best_move(...)` the decisions with the tie rule."""

    def __init__(self, lay, min_move, dice, scale, zero_is_exact=True, need="all", rounds=None, goal=None):
        """zero_is_exact: a float value of 0 is an exact 0 (no path of rolls to success has a chance
        below the float range: see `underflow_free`). need: "all" (success is every target taken,
        a turn's goal) or "any" (at least one target taken: breaking a continent, algorithms/hold.py).
        goal: with need "any", the mask of the targets whose conquest is the success (default every
        target); the others are ways in (a holder's buffers, algorithms/hold.py): taken, they are
        moved into like a turn's targets and attack on. rounds: the targets' Rounds
        (algorithms/real_rounds.py), made here when not given."""
        self.lay, self.min_move, self.dice, self.scale = lay, min_move, dice, scale
        self.zero_is_exact = zero_is_exact
        self.need = need
        every = (1 << lay.k) - 1
        if goal is not None and goal != every and need != "any":
            raise ValueError("a goal short of every target is for need \"any\" only")
        self.goal = every if goal is None else goal
        # per target: is its conquest the success (need "any")? Not for a way in.
        self.wins = tuple(need == "any" and bool(self.goal >> y & 1) for y in range(lay.k))
        self.values = {}
        self.moves = {}
        self.fail_moves = {}            # the chances of failing's suffix minima, as `moves` the values'
        self.exacts = {}
        self.exact_moves = {}
        # the round tables (algorithms/real_rounds.py): per target {(n, nd): (outcomes, total)}, and
        # per target, per defence dice, per attack dice the outcomes ((al, dl, p_float, weight), ...)
        tables = rounds if rounds is not None else Rounds(lay.models)
        self.tables = tables
        self.rounds, self.by_defenders = tables.pairs, tables.by_defenders
        self.most_attack, self.most_defend = tables.most_attack, tables.most_defend
        self.touch_masks = tuple(sum(1 << j for j in touches) for touches in lay.touches)
        self.relative = RELATIVE
        # the tie order (module docstring, "Exact ties"): attacking territories in board order, whatever
        # their slots (a target taken this turn sits among the targets' slots, before the entries)
        self.rank = tie_ranks(lay)
        self.tie_attackers = tie_attackers(lay)

    # ------------------------------------------------------------------ states
    def settled(self, s):
        """Has the player succeeded in state s (every target taken; with need "any", one)?"""
        k = self.lay.k
        if self.need == "any":
            return any(a >= 0 for a, won in zip(s[:k], self.wins) if won)
        return not any(a < 0 for a in s[:k])

    def canonical(self, s):
        """The state with every spent territory of the player written 0 (module docstring)."""
        s = list(s)
        for i, a in enumerate(s):
            if a >= 0 and (a < 2 or not any(s[y] < 0 for y in self.lay.touches[i])):
                s[i] = 0
        return tuple(s)

    def live(self, s, i, a):
        """a armies on slot i of the player in state s, or 0 when spent."""
        if a < 2:
            return 0
        for y in self.lay.touches[i]:
            if s[y] < 0:
                return a
        return 0

    def attacks(self, s):
        """Every attack (x, y, n) from state s, in the tie order (targets in slot order, which is board
        order; attacking territories in board order; most dice first)."""
        out = []
        for y in range(self.lay.k):
            if s[y] >= 0:
                continue
            most = self.most_attack[y]
            for x in self.tie_attackers[y]:
                a = s[x]
                if a >= 2:
                    top = min(most, a - 1)
                    low = top if self.dice == "most" else 1
                    for n in range(top, low - 1, -1):
                        out.append((x, y, n))
        return out

    def least(self, n, a):
        """Fewest armies moved in after a conquest with n dice and a armies left on the attacker
        (checks/rules.py least_move; 0 where a is 1, a conquest that leaves nothing to move)."""
        return min(least_move(self.min_move, n, a), a - 1)

    def after_move(self, s, x, y, a, m):
        """The state after moving m of the a armies on x into the just conquered y (y written 0 or
        negative in s: it is overwritten)."""
        return self.mover(s, x, y, a)[0](m)

    def mover(self, s, x, y, a):
        """(after, x_live, y_live): after(m) is `after_move(s, x, y, a, m)`, for many m at the price
        of one; x_live, y_live as `moved` says."""
        base, x_live, y_live = self.moved(s, x, y)

        def after(m):
            t = list(base)
            t[x] = a - m if x_live and a - m >= 2 else 0
            t[y] = m if y_live and m >= 2 else 0
            return tuple(t)
        return after, x_live, y_live

    # ------------------------------------------------------------------ float values
    def value(self, s):
        """P(success) from state s under the best play, as a float. One loop over every attack,
        written out (this is the hot path: every reachable state passes here once)."""
        values = self.values
        v = values.get(s)
        if v is not None:
            return v
        tick()
        if self.need == "any" and self.settled(s):
            values[s] = 1.0
            return 1.0
        best = 0.0
        done = True
        by_defenders, attackers, choose = self.by_defenders, self.lay.attackers, self.dice == "choose"
        moves, value, by_dice = self.moves, self.value, self.min_move == "dice"
        wins = self.wins
        for y in range(self.lay.k):
            sy = s[y]
            if sy >= 0:
                continue
            done = False
            d = -sy
            table = by_defenders[y][d if d < len(by_defenders[y]) else -1]
            most = len(table) - 1
            for x in attackers[y]:
                a = s[x]
                if a < 2:
                    continue
                top = most if most < a else a - 1
                for n in (range(top, 0, -1) if choose else (top,)):
                    total = 0.0
                    for al, dl, p, _ in table[n]:
                        if dl < d:
                            t = list(s)
                            a2 = a - al
                            t[x] = a2 if a2 >= 2 else 0
                            t[y] = sy + dl
                            t = tuple(t)
                            c = values.get(t)
                            if c is None:
                                c = value(t)
                        elif wins[y]:       # the first conquest of the goal is the success
                            c = 1.0
                        else:               # a conquest: the best move, from the suffix maxima
                            a2 = a - al
                            suffix = moves.get((s, x, y, a2))
                            if suffix is None:
                                suffix = moves[s, x, y, a2] = self.moves_from(s, x, y, a2)
                            c = suffix[(n if n < a2 else a2 - 1) if by_dice else 1]
                        total += p * c
                    if total > best:
                        best = total
        if done:
            best = 1.0
        values[s] = best
        return best

    def q(self, s, x, y, n):
        """The float value of attacking y from x with n dice in state s, then playing best."""
        return self.roll_sum(s, x, y, n, self.value, self.conquest)

    def roll_sum(self, s, x, y, n, child, conquest):
        """Sum over the outcomes of attacking y from x with n dice in state s of chance times the
        float of what follows: child(state) after a roll that leaves y held, conquest(s, x, y, a, n)
        where y falls (a armies left on x). The values' sums (`q`) and the chances of failing's
        (`fail_q`) both, in the round table's order."""
        a, d = s[x], -s[y]
        outcomes, _ = self.rounds[y][n, min(self.most_defend[y], d)]
        total = 0.0
        for al, dl, p, _ in outcomes:
            if dl < d:
                t = list(s)
                t[x] = self.live(s, x, a - al)
                t[y] = dl - d
                total += p * child(tuple(t))
            else:
                total += p * conquest(s, x, y, a - al, n)
        return total

    def moved(self, s, x, y):
        """(base, x_live, y_live): the state once y is taken with the territories next to y that
        are now spent written 0, and whether x and y still border a target (module docstring)."""
        t = list(s)
        t[y] = 0
        held = 0                        # the targets the opponent still holds, as a mask
        for j in range(self.lay.k):
            if t[j] < 0:
                held |= 1 << j
        masks = self.touch_masks
        for z in (self.lay.attackers[y] if y < self.lay.k else ()):     # y was a target until now
            if z != x and t[z] > 0 and not masks[z] & held:
                t[z] = 0
        return t, bool(masks[x] & held), bool(masks[y] & held)

    def conquest(self, s, x, y, a, n):
        """The float value of the best move after y falls to x, a armies left on x, n dice rolled:
        the best over m >= least(n, a) of the suffix maxima that `moves_from` keeps per (s, x, y, a)
        (the dice change only the fewest armies to move)."""
        if self.wins[y]:               # the first conquest of the goal is the success, whatever moves in
            return 1.0
        return self.kept_suffix(self.moves, self.moves_from, s, x, y, a, n)

    def kept_suffix(self, kept, make, s, x, y, a, n):
        """A move's suffix list (the best of moving at least m armies in, per m: `moves_from`,
        `fail_moves_from`), made once per (s, x, y, a) into `kept`, read at the least move of n dice:
        every dice rolled shares the list."""
        key = (s, x, y, a)
        suffix = kept.get(key)
        if suffix is None:
            suffix = kept[key] = make(s, x, y, a)
        return suffix[self.least(n, a)]

    def moves_from(self, s, x, y, a):
        """[best value moving at least m armies in, for m = 0 .. a - 1] (index 0 unused)."""
        t, x_live, y_live = self.moved(s, x, y)
        values = self.values
        out = [0.0] * (a + 1)
        monotone = self.dice == "choose"
        if monotone and not x_live:    # monotone: all but one in (module docstring)
            t[x] = 0
            t[y] = a - 1 if y_live and a - 1 >= 2 else 0
            v = self.value(tuple(t))
            return [v] * a
        if monotone and not y_live:    # monotone: the fewest in
            t[y] = 0
            for m in range(1, a):
                t[x] = a - m if a - m >= 2 else 0
                u = tuple(t)
                c = values.get(u)
                out[m] = c if c is not None else self.value(u)
            return out[:a]
        v = 0.0
        for m in range(a - 1, 0, -1):
            t[x] = a - m if a - m >= 2 else 0
            t[y] = m if m >= 2 else 0
            u = tuple(t)
            c = values.get(u)
            if c is None:
                c = self.value(u)
            if c > v:
                v = c
            out[m] = v
        return out[:a]

    # ------------------------------------------------------------------ exact values
    def exact(self, s):
        """The exact value of state s (scaled), found among the float candidates."""
        v = self.exacts.get(s)
        if v is not None:
            return v
        tick()
        scale = self.scale
        if self.settled(s):
            v = scale.one
        else:
            best = self.value(s)
            if best == 0.0 and self.zero_is_exact:
                v = scale.zero
            elif best == 0.0:
                v = scale.zero
                for x, y, n in self.attacks(s):
                    v = self.larger(v, self.exact_q(s, x, y, n))
            else:
                v = None
                for x, y, n in self.candidates(s, best):
                    e = self.exact_q(s, x, y, n)
                    v = e if v is None else self.larger(v, e)
        self.exacts[s] = v
        return v

    def candidates(self, s, best):
        """The attacks whose float values the exact comparison must decide between (`worth_comparing`,
        by `fail_q` where the sweep kept the chances of failing)."""
        return worth_comparing(best, self.attacks(s), lambda a: self.q(s, *a),
                               (lambda a: self.fail_q(s, *a)) if self.has_fails else None, self.relative)

    @property
    def has_fails(self):
        """Were the chances of failing kept (a sweep: SweptTurn), so that `fail` is precise near 1?"""
        return getattr(self, "failed", None) is not None

    def fail(self, s):
        """1 - value(s) as a float (precise only where a sweep kept it: SweptTurn.fail)."""
        return 1.0 - self.value(s)

    def fail_q(self, s, x, y, n):
        """The float chance of failing after attacking y from x with n dice in state s (the sums of
        the sweep's F, algorithms/real_sweep.py)."""
        return self.roll_sum(s, x, y, n, self.fail, self.fail_conquest)

    def fail_conquest(self, s, x, y, a, n):
        """The least chance of failing over the moves after y falls to x (a armies left on x)."""
        if self.wins[y]:
            return 0.0
        if a < 2:
            return 1.0
        return self.kept_suffix(self.fail_moves, self.fail_moves_from, s, x, y, a, n)

    def fail_moves_from(self, s, x, y, a):
        """[the least chance of failing moving at least m armies in, for m = 0 .. a - 1] (index 0
        unused; the dice rolled change only the fewest to move, so every dice shares the list)."""
        after, x_live, y_live = self.mover(s, x, y, a)
        if self.dice == "choose":       # monotone: all but one in where x is spent, the fewest where y is
            if not x_live:
                return [self.fail(after(a - 1))] * a
            if not y_live:
                return [1.0] + [self.fail(after(m)) for m in range(1, a)]
        out = [1.0] * a
        least = 1.0
        for m in range(a - 1, 0, -1):
            f = self.fail(after(m))
            if f < least:
                least = f
            out[m] = least
        return out

    def larger(self, u, v):
        return u if self.compare(u, v) >= 0 else v

    def compare(self, u, v):
        """-1, 0 or 1 as u <, =, > v (exact)."""
        scale = self.scale
        exps = tuple(map(max, u[1], v[1]))
        a, b = scale.align(u, exps), scale.align(v, exps)
        return (a > b) - (a < b)

    def exact_q(self, s, x, y, n):
        """The exact value of attacking y from x with n dice in state s (scaled)."""
        scale = self.scale
        a, d = s[x], -s[y]
        outcomes, total = self.rounds[y][n, min(self.most_defend[y], d)]
        parts = []
        for al, dl, _, w in outcomes:
            if dl < d:
                t = list(s)
                t[x] = self.live(s, x, a - al)
                t[y] = dl - d
                child = self.exact(tuple(t))
            else:
                child = self.exact_conquest(s, x, y, a - al, n)
            if child[0]:
                parts.append((child[0] * w, child[1]))
        summed = scale.total(parts)
        return summed[0], tuple(e + f for e, f in zip(summed[1], scale.exponents(total)))

    def exact_conquest(self, s, x, y, a, n):
        if self.wins[y]:               # the first conquest of the goal is the success, whatever moves in
            return self.scale.one
        key = (s, x, y, a, self.least(n, a))
        v = self.exact_moves.get(key)
        if v is None:
            m = self.best_move(s, x, y, a, n)
            v = self.exact_moves[key] = self.exact(self.after_move(s, x, y, a, m))
        return v

    # ------------------------------------------------------------------ decisions
    def best_action(self, s, keep=None):
        """(x, y, n) of the best attack from state s, or None (stop: nothing is worth more than 0),
        with the tie rule of the module docstring; and its exact value. keep: the (x, y) of the
        battle being fought, which an exact tie keeps fighting (a player does not switch for nothing)."""
        if self.settled(s):
            return None, self.scale.one
        best = self.value(s)
        choice, value = None, self.scale.zero
        kept = None
        for x, y, n in self.candidates(s, best):
            e = self.exact_q(s, x, y, n)
            if not e[0]:
                continue
            c = 1 if choice is None else self.compare(e, value)
            if c > 0:
                choice, value = (x, y, n), e
                kept = (x, y, n) if (x, y) == keep else None
            elif c == 0 and kept is None and (x, y) == keep:
                kept = (x, y, n)
        return (kept or choice), value

    def best_move(self, s, x, y, a, n):
        """Armies to move into y after it falls to x (a armies left on x, n dice rolled): the best,
        exact ties broken by where the armies guard the goal (module docstring). Where x or y has
        nothing left to attack the value is monotone in the move (module docstring), so the moves
        tied with the best are a run found by bisection."""
        lo = self.least(n, a)
        after, x_live, y_live = self.mover(s, x, y, a)
        way = prefer(self.lay.border[x], self.lay.border[y])
        if self.dice == "choose" and (not x_live or not y_live):
            if not x_live and not y_live:           # every move leads to the same state
                return tie_pick(way, lo, a - 1, a)
            best = a - 1 if not x_live else lo      # the value rises (x spent) or falls (y spent) with m
            top = self.exact(after(best))
            inner, outer = (lo, best) if not x_live else (best, a - 1)
            while inner < outer:                    # the far end of the run of moves tied with the best
                mid = (inner + outer) // 2 if not x_live else (inner + outer + 1) // 2
                tied = self.compare(self.exact(after(mid)), top) == 0
                if not x_live:
                    inner, outer = (inner, mid) if tied else (mid + 1, outer)
                else:
                    inner, outer = (mid, outer) if tied else (inner, mid - 1)
            return tie_pick(way, inner, best, a) if not x_live else tie_pick(way, best, inner, a)
        options = list(range(lo, a))
        floats = {m: self.value(after(m)) for m in options}
        near = worth_comparing(max(floats.values()), options, floats.get,
                               (lambda m: self.fail(after(m))) if self.has_fails else None, self.relative)
        if len(near) == 1:
            return near[0]
        exact = {m: self.exact(after(m)) for m in near}
        best = near[0]
        for m in near[1:]:
            if self.compare(exact[m], exact[best]) > 0:
                best = m
        tied = [m for m in near if self.compare(exact[m], exact[best]) == 0]
        return min(tied, key=lambda m: tie_key(way, m, a))

    def grow_stack(self, depth):
        grow_stack(depth)


class SweptTurn(RealTurn):
    """RealTurn whose float values were all computed at once, bottom up, by a sweep over every
    position (algorithms/real_space.py numbers them, algorithms/real_sweep.py values them): the same
    floats as RealTurn.value, read from the flat array instead of searched one state at a time. The
    exact phase and the decisions are RealTurn's. A state outside the space (none, if the space's
    bounds hold) falls back to RealTurn's own search."""

    def __init__(self, lay, min_move, dice, scale, space, swept, zero_is_exact=True, rounds=None, fails=None,
                 records=None, relative=RELATIVE):
        """records: the sweep's records of the attacks worth comparing (algorithms/real_sweep.py), made
        for the margin `relative`, which becomes this search's."""
        super().__init__(lay, min_move, dice, scale, zero_is_exact, space.need, rounds,
                         space.goal if space.need == "any" else None)
        self.space, self.swept, self.failed = space, swept, fails
        self.records, self.relative = records, relative
        self.outside = 0                # states met outside the space (a test holds it at 0)
        self.by_index = {}              # exact values by the space's index: one per canonical position
        self.indexes = {}               # state -> its index in the space (or None): the exact phase
                                        # asks for the same states' values, failings and exact values

    def index(self, s):
        """The space's index of state s (algorithms/real_space.py Space.index), remembered."""
        i = self.indexes.get(s, -1)
        if i == -1:
            i = self.indexes[s] = self.space.index(s)
        return i

    def exact(self, s):
        """RealTurn.exact, kept per position of the space: states that differ only in the order of
        interchangeable territories' armies (algorithms/real_space.py, "symmetry") have the same
        exact value, computed once."""
        i = self.index(s)
        if i is None:
            return super().exact(s)
        v = self.by_index.get(i)
        if v is None:
            v = self.by_index[i] = super().exact(s)
        return v

    def value(self, s):
        """The sweep's float value of state s, read where it lies (not copied into `values`: the index
        is remembered already, and a second dictionary of every state met cost Europe 12/8 + 6 4 MB)."""
        i = self.index(s)
        if i is not None:
            return self.swept[i]
        v = self.values.get(s)
        if v is not None:
            return v
        if self.settled(s):
            self.values[s] = 1.0
            return 1.0
        self.outside += 1
        return super().value(s)

    def candidates(self, s, best):
        """RealTurn.candidates, read from the sweep's record where it holds one (made with this search's
        margin): the exact phase's test on the same doubles, made there once."""
        if self.records is not None:
            i = self.index(s)
            mask = self.records[i] if i is not None else 0
            if mask:
                rank = self.rank
                return sorted(self.space.attacks_of(s, i, mask), key=lambda a: (a[1], rank[a[0]], -a[2]))
        return super().candidates(s, best)

    def fail(self, s):
        """The sweep's float chance of failing from state s (algorithms/real_sweep.py, "Near 1")."""
        i = self.index(s) if self.failed is not None else None
        if i is not None:
            return self.failed[i]
        return 0.0 if self.settled(s) else super().fail(s)


def relative_for(potential):
    """How close (relatively) a float must come to the best to be compared exactly, for a turn at most
    `potential` rolls deep (module docstring, "How it is computed"): 4 * 8 * potential * 2**-53, and
    never above RELATIVE."""
    return min(RELATIVE, 32 * max(potential, 1) * 2.0 ** -53)


def underflow_free(models, potential):
    """True when every path of at most `potential` rolls has a float chance above the float range:
    then a float value of 0 means no path reaches success, exactly (the smallest outcome chance of
    any round, to the power of the most rolls, stays above 1e-300)."""
    import math
    low = min(w / m.total(n, nd) for m in models for n in range(1, m.attack_dice + 1)
              for nd in range(1, m.defend_dice + 1) for _, _, w in m.transitions(n, nd))
    return potential * -math.log10(low) < 300


def state_bound(lay, start_defenders, armies):
    """An upper bound on the states the search can meet, before any work: over every set of taken
    targets that the entries can reach, the defenders' counts of the rest (1 .. start each) times
    the ways to hold at most `armies` armies on the live territories of the player (0, or 2 and up,
    on each: sum over j live ones of C(live, j) * C(most - j, j)), `most` being `armies` less one
    for each territory of the player that is spent (one army stays on every territory)."""
    from math import comb
    k = lay.k
    n_slots = lay.slots
    masks = [sum(1 << j for j in t) for t in lay.touches]
    entry_reach = 0
    for i in range(k, n_slots):
        entry_reach |= masks[i]
    ways_cache = {}

    def ways(live, most):
        if (live, most) not in ways_cache:
            ways_cache[live, most] = sum(comb(live, j) * comb(most - j, j) for j in range(0, live + 1) if most - j >= j)
        return ways_cache[live, most]

    total = 0
    seen = {0}
    frontier = [0]
    while frontier:                 # every taken set reachable by conquests, once
        taken = frontier.pop()
        held = ((1 << k) - 1) & ~taken
        d = 1
        for j in range(k):
            if held >> j & 1:
                d *= start_defenders[j]
        live = sum(1 for i in range(n_slots) if (i >= k or taken >> i & 1) and masks[i] & held)
        spent = n_slots - k + bin(taken).count("1") - live     # each keeps an army that is out of play
        total += d * ways(live, armies - spent)
        reach = entry_reach
        for j in range(k):
            if taken >> j & 1:
                reach |= masks[j]
        for j in range(k):
            if held >> j & 1 and reach >> j & 1:
                nxt = taken | 1 << j
                if nxt not in seen:
                    seen.add(nxt)
                    frontier.append(nxt)
    return total
