"""The kill turn: the player's turn played to eliminate one or more players, with the forced card
trade at each kill, exactly.

The model
---------
The player's turn is the best real turn's (algorithms/real_turn.py): before every roll any
territory of its own with at least 2 armies attacks any target next to it with any number of dice
(or always the most), and after a conquest it moves in at least the dice rolled (or 1), at most all
but one. The targets are every territory of the victims, and the territories the request lets it
go through; every other territory is a wall.

A kill is the conquest of a victim's last territory. Right after the move into it the player takes
the victim's cards. Holding 6 or more, it must trade sets at once until it holds 4 or fewer
(facts/board.py `forced_trade`), and places the armies of those sets at once, in any split over its
territories, then plays on. The turn is won when every victim is eliminated.

    V(s) = 1                                       when every victim's territory is taken,
    V(s) = max(0, max over attacks (x, y, n) of Q(s, x, y, n))  otherwise,
    Q(s, x, y, n) = sum over the round's outcomes (al, dl, w) of w / W * V'(outcome),

V' the state after the roll, or after a conquest the best move, max over m of C(a' - m on x, m on
y), where C is V unless the conquest is a kill with armies A cashed; then

    C(s) = max over placements p of A on the player's live territories of V(s + p).

A live territory is one of the player's next to a target still held. Armies placed anywhere else
can never attack, so such placements are never better (more armies on a live territory never
lower V: every play open with fewer is open with more), and they are left out.

The state
---------
Every slot's armies (targets first: minus the defenders while held, the player's armies once
taken; then the player's territories next to a target), a territory of the player that is no
longer live written 0 ("spent", as the best real turn writes it: its armies can no longer help),
then two numbers: the cards the player holds and the sets traded in the game so far. The order of
the kills changes both (3 + 3 cards then 1 trades before the second kill, 3 + 1 then 3 after it), so
they are part of the state; which victims are dead is read from the targets' signs.

How it is computed
------------------
As algorithms/keep.py: floats first, memoised on the state; then exactly, only where the answer
needs it, comparing exactly every action, move and placement whose float comes within `relative`
of the best (algorithms/real_turn.py `near_best` derives why the best is among them). Exact values
are Fractions.

Exact ties
----------
Between attacks worth exactly the same, the first in the order targets in slot order, attackers in
slot order, most dice first; between moves, algorithms/plan.py `tie_key` with no territory on a
goal's border (a kill holds no set: checks/kill_request.py), so the most moved in; between placements, the
first in algorithms/turn.py `compositions` order over the live slots in slot order; stop only when
no attack is worth more than 0.
"""
from fractions import Fraction

from ..facts.board import forced_trade
from .keep import KeepTurn
from .turn import compositions


class KillTurn(KeepTurn):
    """The search of one kill position (module docstring): KeepTurn's (algorithms/keep.py) values,
    attacks, moves and decisions, its ends worth 1 where every victim is eliminated (`taken`), and
    after a conquest's move the kill's trade and the best placement of what it brings
    (`moved_value`, `moved_exact`, `conquest`, `goes_on`). lay: algorithms/real_turn.py's Layout
    (targets first, then the player's territories next to them). victim_of: per slot, the index of
    the victim whose territory it is, or -1 (a territory gone through, or the player's; mid-turn, the
    territory just taken from a victim names him: its move brings his cards). cards: per victim, its cards.
    set_values: "growing" or a list (facts/board.py `set_value`). Army counts are armies on the
    territory."""

    def __init__(self, lay, min_move, dice, victim_of, cards, set_values, zero_is_exact, relative, rounds=None):
        super().__init__(lay, min_move, dice, lambda s: 1.0, lambda s: Fraction(1), zero_is_exact, rounds)
        self.relative = relative
        self.victim_of, self.cards, self.set_values = tuple(victim_of), tuple(cards), set_values
        self.n = lay.slots
        self.of_victim = tuple(tuple(y for y in range(lay.k) if victim_of[y] == v) for v in range(len(cards)))
        self.goal = tuple(y for y in range(lay.k) if victim_of[y] >= 0)
        self.places, self.conquests = {}, {}
        self.touch_mask = tuple(sum(1 << y for y in t) for t in lay.touches)

    # ------------------------------------------------------------------ states
    def start(self, armies, hand, sets):
        """The state of slot armies `armies` (targets as minus their defenders), the player's hand
        and the sets traded so far."""
        return self.settle(list(armies) + [hand, sets])

    def settle(self, t):
        """The state with every territory of the player that is no longer live written 0."""
        for i in self.spent(t):
            t[i] = 0
        return tuple(t)

    def spent(self, t):
        """The slots of the player in t (a list or a state) with no target left to attack."""
        k = self.lay.k
        held = 0
        for y in range(k):
            if t[y] < 0:
                held |= 1 << y
        return [i for i, mask in enumerate(self.touch_mask) if (i >= k or t[i] >= 0) and not mask & held]

    def won(self, s):
        """Is every victim's territory the player's in state s?"""
        return all(s[y] >= 0 for y in self.goal)

    taken = won         # KeepTurn's terminal test (its best_action stops there)

    def live(self, s):
        """The slots of the player next to a target still held (where armies placed can attack)."""
        k, spent = self.lay.k, set(self.spent(s))
        return [i for i in range(self.n) if (i >= k or s[i] >= 0) and i not in spent]

    def conquer(self, s, x, y, a, m):
        """(the state once y is taken and m of the a armies on x moved in, the trade made if this
        conquest is a kill (its victim holds no target left); the armies it cashed, else 0)."""
        t = list(s)
        t[x] = a - m
        t[y] = m
        v = self.victim_of[y]
        cashed = 0
        if v >= 0 and all(t[z] >= 0 for z in self.of_victim[v]):
            cashed, t[self.n], t[self.n + 1] = forced_trade(t[self.n] + self.cards[v], t[self.n + 1], self.set_values)
        return tuple(t), cashed

    def after(self, s, x, y, a, m):
        """(the state after the move, settled; the armies cashed at a kill still to place)."""
        t, cashed = self.conquer(s, x, y, a, m)
        return self.settle(list(t)), cashed

    def placements(self, s, cashed):
        """(the live slots, every split of `cashed` over them) at a kill in state s."""
        slots = self.live(s)
        return slots, list(compositions(cashed, len(slots)))

    # ------------------------------------------------------------------ float values
    def conquered(self, s, cashed):
        """C: the value after a conquest's move, over the placements of the armies cashed."""
        if not cashed:
            return self.value(s)
        if self.won(s):
            return 1.0
        key = (s, cashed)
        v = self.places.get(key)
        if v is None:
            slots, splits = self.placements(s, cashed)
            v = self.places[key] = max((self.value(self.placed(s, slots, p)) for p in splits), default=self.value(s))
        return v

    def conquest(self, s, x, y, a, n):
        """max over the moves m of C(after y falls to x, a armies left on x, n dice rolled), memoised:
        the kill, its trade and the slots spent are the same for every m, so they are found once."""
        moves = self.moves(n, a)
        key = (s, x, y, a, moves.start)
        v = self.conquests.get(key)
        if v is not None:
            return v
        t, cashed = self.conquer(s, x, y, a, moves.start)
        if self.won(t):
            v = 1.0
        else:
            t = list(t)
            spent = self.spent(t)
            v = 0.0
            for m in moves:
                t[x], t[y] = a - m, m
                u = list(t)
                for i in spent:
                    u[i] = 0
                c = self.conquered(tuple(u), cashed)
                if c > v:
                    v = c
        self.conquests[key] = v
        return v

    def moved_value(self, s, x, y, a, m):
        return self.conquered(*self.after(s, x, y, a, m))

    def moved_exact(self, s, x, y, a, m):
        return self.exact_conquered(*self.after(s, x, y, a, m))

    # ------------------------------------------------------------------ exact values
    def exact_conquered(self, s, cashed):
        """The exact value after a conquest's move, over the placements of the armies cashed."""
        if not cashed or self.won(s):
            return self.exact(s)
        return self.exact(self.best_placement(s, cashed)[1])

    # ------------------------------------------------------------------ decisions
    def best_placement(self, s, cashed):
        """((slot, armies placed) per live slot, the state after) of the armies cashed at a kill:
        the best exactly, exact ties to the first split (module docstring)."""
        slots, splits = self.placements(s, cashed)
        if not splits:
            return (), s
        p = splits[self.best_of([self.placed(s, slots, p) for p in splits], valued=False)[1]]
        return tuple(zip(slots, p)), self.placed(s, slots, p)

    def goes_on(self, s, x, y, a, m):
        """The state the best play goes on from once m armies moved into y: the armies a kill brings
        placed as best."""
        t, cashed = self.after(s, x, y, a, m)
        return self.best_placement(t, cashed)[1] if cashed and not self.won(t) else t

    def step(self, s, x, y, a, n):
        """After x takes y (a armies left on x, n dice rolled) under the best play: (the armies moved
        in, the armies cashed, ((slot, armies placed), ...), the state that play goes on from)."""
        m = self.best_move(s, x, y, a, n)
        t, cashed = self.after(s, x, y, a, m)
        placement = ()
        if cashed and not self.won(t):
            placement, t = self.best_placement(t, cashed)
        return m, cashed, placement, t

def states_bound(lay, start, victim_of, victims, cashed):
    """An upper bound on the states a kill search meets from `start` (slot armies, targets as minus
    their defenders, every reinforcement counted), before any work. For every set of taken targets
    that conquests can reach (each taken target next to a territory of the player or one taken
    before it): the held targets' defenders (1 .. start each), times the ways to spread at most the
    player's armies over the live slots with at least 1 on each (C(total, live): the slack is one more
    slot; a slot no longer live is 0), the armies counting what the kills of that set can have cashed,
    times the (hand, sets) pairs its kills can leave (at most one per order of them). victim_of: per
    slot, as KillTurn's; victims: how many; cashed(dead): (the most armies the kills of the victims in
    mask `dead` bring, the orders of those kills)."""
    from math import comb
    k = lay.k
    armies = sum(start[k:])
    of_victim = [sum(1 << y for y in range(k) if victim_of[y] == v) for v in range(victims)]
    goal = sum(of_victim)
    touch = [sum(1 << y for y in t) for t in lay.touches]
    entry_reach = 0
    for i in range(k, lay.slots):
        entry_reach |= touch[i]
    out = 0
    seen, frontier = {0}, [0]
    while frontier:                 # every taken set reachable by conquests, once
        taken = frontier.pop()
        if taken & goal == goal:
            out += 1
            continue
        d = 1
        for y in range(k):
            if not taken >> y & 1:
                d *= -start[y]
        held = ~taken
        live = sum(1 for i in range(lay.slots) if (i >= k or taken >> i & 1) and touch[i] & held)
        dead = sum(1 << v for v in range(victims) if taken & of_victim[v] == of_victim[v])
        more, orders = cashed(dead)
        total = armies + more
        out += d * (comb(total, live) if total >= live else 0) * orders
        reach = entry_reach
        for y in range(k):
            if taken >> y & 1:
                reach |= touch[y]
        for y in range(k):
            if held >> y & 1 and reach >> y & 1 and taken | 1 << y not in seen:
                seen.add(taken | 1 << y)
                frontier.append(taken | 1 << y)
    return out
