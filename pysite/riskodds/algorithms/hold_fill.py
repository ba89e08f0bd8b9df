"""The opponent's turn against the front, valued in whole blocks: every state below a set of starts,
in floats, bottom up (algorithms/hold.py's BreakTurn values one state at a time; this fills the
same values many at once, and is how a holder configuration's every reply is searched).

The layout
----------
A state of BreakTurn is a front cell (d_y >= 1 defenders per front territory) and a stack tuple
(a_x per stack of the opponent, written 0 below 2). A roll of stack x on territory y that costs
the stack al and the territory dl armies leads to the cell less dl on y and the tuple less al on
x (0 below 2), or to the conquest (worth 1, the turn's success) when dl reaches d_y. Every roll
removes at least one army, so:
- a child with al >= 1 lies in a stack tuple that comes earlier in lexicographic order: fill the
  tuples in that order and those children are ready;
- a child with al = 0 lies in the same tuple, in a cell with dl >= 1 fewer defenders: fill the cells
  of one tuple by their total defenders (`layers`), and those children are ready too.
So the cells of one layer of one tuple do not depend on each other: one attack with one number of
dice is one list comprehension over the cells of the layer that share its round table, its
children gathered by positions that depend only on the cells (the same for every tuple, made once,
`Segment`), and the best attack is kept cell by cell. The sums run over the round table in its
order, each term p * value (the conquest as p * 1.0), as BreakTurn.fast's do: the same floats.

Growing
-------
The cells are the union of the boxes 1 .. v below the front vectors asked for, the tuples the union
of the boxes below the starts; both are closed downwards (a child of a state in them is in them).
Cells first asked for later are appended as a new segment with its own layers, so a position never
moves: position 0 is the conquest (1.0), then each segment's cells in order. A tuple filled before
gets only the segments it lacks. Every value is also written to the solver's memo under its
integer key, for the exact phase and the decisions, which read it there.

Dice that cannot be best
------------------------
With dice "choose" some dice are never worth more than others and are not tried (`worth_trying`);
the values are unchanged (the best is among the dice kept). Two facts about V, the opponent's best
chance:
  (M1) V does not fall when a stack has more armies: he can ignore them and play the same rolls.
  (M2) V does not rise when a front territory has more defenders, for a round model whose
       defender throws at most 2 dice and whose rounds with 2 dice against 1 and 2 defenders lose
       dice-round armies ((1, 0) or (0, 1) with 1 die compared; (2, 0), (1, 1) or (0, 2) with 2),
       provided for every n: P(the attacker loses an army | n dice v 2) >= P(... | n v 1).
       By induction on the armies in play: from s' (one more defender on y than s) every attack
       is matched from s by the same attack. Against another territory, or against y where both
       defend with as many dice, the outcomes are the same and each child of s' has one more
       defender than the child of s (the induction). Against y with d = 1 in s and 2 in s': with
       2 compared, Q(s') = p02 + p11 V(a-1, 1) + p20 V(a-2, 2) <= p02 + (p11 + p20) V(a-1, 1)
       (V(a-2, 2) <= V(a-1, 2) <= V(a-1, 1) by M1 and the induction), that is
       1 - P'(loss) (1 - V(a-1, 1)); and Q(s) = 1 - P(loss) (1 - V(a-1, 1)), at least as much
       since P'(loss) >= P(loss). With 1 compared, Q(s') = p10 V(a-1, 2) + p01 V(a, 1) <=
       p10 V(a-1, 1) + p01, the same form. A defender throwing 1 die at most defends with as
       many dice at every d: M2 holds with no condition.
Then, against d defenders, order a roll's outcomes by their children: a conquest first, then
- with 1 defender (d = 1): the fewer armies the attacker loses, the better (M1);
- with more, where every outcome of both dice compares the same number c of dice (al + dl = c)
  and M2 holds: the more defenders lost, the better (M1 and M2: (a - (c - dl), d - dl) rises with
  dl).
A number of dice whose outcomes are no better in that order than those of another (first-order
dominance, every threshold compared exactly) is never worth more, and is dropped; of two equal,
the more dice are kept. Printed dice: against 1 defender only 3 dice are tried (of 3, 2, 1),
against 2, 3 and 1 (2 dice are dominated by 3). Other models keep every number that is not
dominated under a rule that applies to them."""
import itertools
from fractions import Fraction

from ..guards.budget import tick


def worth_trying(rounds, nd, top, choose, monotone):
    """The dice n (top .. 1 with dice "choose", else top only) worth trying against a territory
    defending with nd dice whose defenders number d (nd = d when d <= the model's defence dice:
    `cls` below), most first (module docstring). rounds: RealTurn.rounds for the territory,
    {(n, nd): (((al, dl, p, weight), ...), total)}. monotone: M2 holds for its model."""
    if not choose:
        return (top,)
    ns = tuple(range(top, 0, -1))
    if nd == 1:
        def rank(al, dl, c):       # conquest first (d = 1), then the fewest armies lost
            return 1 if dl >= 1 else -al
    elif monotone:
        def rank(al, dl, c):
            return dl if al + dl == c else None
    else:
        return ns
    dists = {}
    for n in ns:
        outcomes, total = rounds[n, nd]
        c = min(n, nd)
        ranks = [(rank(al, dl, c), w) for al, dl, _, w in outcomes]
        if any(r is None for r, _ in ranks):
            dists[n] = None
            continue
        dists[n] = (c if nd > 1 else 0, sorted(ranks), total)
    kept = []
    for n in ns:
        if dists[n] is not None and any(dists[m] is not None and dists[m][0] == dists[n][0]
                                        and _dominates(dists[m], dists[n]) for m in kept):
            continue
        kept.append(n)
    return tuple(kept)


def _dominates(first, second):
    """Does the outcome distribution `first` dominate `second` (first order, exactly)? Each is
    (compared dice, sorted ((rank, weight), ...), total)."""
    levels = sorted({r for r, _ in first[1]} | {r for r, _ in second[1]})
    for t in levels:
        p = Fraction(sum(w for r, w in first[1] if r >= t), first[2])
        q = Fraction(sum(w for r, w in second[1] if r >= t), second[2])
        if p < q:
            return False
    return True


def monotone_in_defenders(rounds, model):
    """M2's condition for a territory's round model (module docstring)."""
    if model.defend_dice == 1:
        return True
    if model.defend_dice != 2:
        return False
    for n in range(1, model.attack_dice + 1):
        one, total1 = rounds[n, 1]
        two, total2 = rounds[n, 2]
        if any((al, dl) not in ((1, 0), (0, 1)) for al, dl, _, _ in one):
            return False
        shapes = ((1, 0), (0, 1)) if n == 1 else ((2, 0), (1, 1), (0, 2))
        if any((al, dl) not in shapes for al, dl, _, _ in two):
            return False
        if Fraction(sum(w for al, _, _, w in two if al >= 1), total2) < Fraction(
                sum(w for al, _, _, w in one if al >= 1), total1):
            return False
    return True


class Segment:
    """Cells added at one time: their positions lo .. hi, their integer keys' front parts, and per
    layer (cells of one total of defenders, in position order) (lo, hi, per territory y: the
    groups of its cells that share a round table, [(table class, positions less the layer's lo,
    {dl: positions of the cells with dl fewer defenders on y, 0 for a conquest}), ...], and
    whether that order is the layer's own (else `order`: where each cell of the layer stands in
    the groups one after another))."""

    def __init__(self, cells, index, k, caps, shifts):
        self.lo = index[cells[0]]
        self.hi = self.lo + len(cells)
        self.keys = [sum(d << shifts[y] for y, d in enumerate(c)) for c in cells]
        self.layers = []
        for _, group in itertools.groupby(cells, key=sum):
            group = list(group)
            lo = index[group[0]]
            per_y = []
            for y in range(k):
                classes = {}
                for c in group:
                    classes.setdefault(min(c[y], caps[y]), []).append(c)
                entry = []
                for cls, cs in sorted(classes.items()):
                    kids = {0: [index[c] for c in cs]}
                    for dl in range(1, caps[y] + 1):
                        kids[dl] = [index[c[:y] + (c[y] - dl,) + c[y + 1:]] if c[y] > dl else 0 for c in cs]
                    entry.append((cls, [index[c] - lo for c in cs], kids))
                order = [i for _, rel, _ in entry for i in rel]
                if order == list(range(len(group))):
                    per_y.append((entry, None))
                else:
                    where = {i: j for j, i in enumerate(order)}
                    per_y.append((entry, [where[i] for i in range(len(group))]))
            self.layers.append((lo, lo + len(group), per_y))


class Fill:
    """Fills a BreakTurn's float values in blocks (module docstring)."""

    def __init__(self, solver):
        self.solver = solver
        lay = solver.lay
        self.k, self.m = lay.k, lay.slots - lay.k
        self.caps = tuple(len(solver.by_defenders[y]) - 1 for y in range(self.k))
        self.index = {}                 # cell -> position (0: the conquest)
        self.segments = []
        self.arrays = {}                # stack tuple -> [1.0, value per position ...]
        self.filled = {}                # stack tuple -> segments filled
        self.fronts = set()             # front vectors whose cells are in
        self.pending = []               # front vectors expected: their cells join the next segment
        self.starts = {}                # start tuple -> segments its tuples have
        self.pairs = tuple((y, x - self.k) for y in range(self.k) for x in lay.attackers[y])
        self.losses = max((al for table in solver.rounds for outcomes, _ in table.values()
                           for al, _, _, _ in outcomes), default=0)
        self.options = {}               # (y, a) -> per table class: ((p, al, dl), ...) per dice kept

    @property
    def states(self):
        return sum(len(a) - 1 for a in self.arrays.values())

    def expect(self, fronts):
        """Front vectors that will be filled later: their cells join the next segment made, so that
        its layers hold more cells (a segment's cost per stack tuple grows with its layers)."""
        self.pending.extend(fronts)

    def add_fronts(self, fronts):
        """Append the cells below `fronts` (and the fronts expected) not yet in, as one segment."""
        new = set()
        fronts, self.pending = list(fronts) + self.pending, []
        for v in fronts:
            v = tuple(v)
            if v in self.fronts:
                continue
            self.fronts.add(v)
            for c in itertools.product(*(range(1, d + 1) for d in v)):
                if c not in self.index:
                    new.add(c)
        if not new:
            return
        cells = sorted(new, key=lambda c: (sum(c), c))
        base = len(self.index) + 1
        for i, c in enumerate(cells):
            self.index[c] = base + i
        self.segments.append(Segment(cells, self.index, self.k, self.caps, self.solver.shifts))

    def fill(self, fronts, starts):
        """Value every state (cell below a front vector, tuple below a start): fronts are vectors of
        defenders per front territory, starts tuples of armies per stack (0 below 2)."""
        self.add_fronts(fronts)
        n = len(self.segments)
        todo = set()
        for s in starts:
            s = tuple(s)
            if self.starts.get(s) == n:
                continue
            self.starts[s] = n
            for t in itertools.product(*([0] + list(range(2, a + 1)) for a in s)):
                if self.filled.get(t, 0) < n:
                    todo.add(t)
        for t in sorted(todo):
            self.fill_tuple(t, n)

    def table_options(self, y, a):
        """Per table class of territory y (index: defenders, capped), the dice kept for a stack of
        a armies, as ((p, al, dl), ...) per dice in the table's order."""
        got = self.options.get((y, a))
        if got is None:
            solver = self.solver
            table = solver.by_defenders[y]
            got = [None]
            for cls in range(1, self.caps[y] + 1):
                most = len(table[cls]) - 1
                top = most if most < a else a - 1
                got.append(tuple(tuple((p, al, dl) for al, dl, p, _ in table[cls][n])
                                 for n in solver.kept_dice(y, cls, top)))
            self.options[y, a] = got
        return got

    def fill_tuple(self, t, n):
        """Fill stack tuple t's segments it lacks, up to n (its children are filled)."""
        tick()
        arrays, k = self.arrays, self.k
        arr = arrays.get(t)
        if arr is None:
            arr = arrays[t] = [1.0]
        first = self.filled.get(t, 0)
        rows = []
        for xs in range(self.m):
            a = t[xs]
            if a < 2:
                rows.append(None)
                continue
            row = [arr]
            for al in range(1, self.losses + 1):
                b = a - al
                row.append(arrays[t[:xs] + (b if b >= 2 else 0,) + t[xs + 1:]])
            rows.append(row)
        live = [(y, rows[xs], self.table_options(y, t[xs])) for y, xs in self.pairs if t[xs] >= 2]
        for seg in self.segments[first:n]:
            for lo, hi, per_y in seg.layers:
                best = [0.0] * (hi - lo)
                for y, row, options in live:
                    entry, _ = per_y[y]
                    for cls, rel, kids in entry:
                        for outs in options[cls]:
                            for i, v in zip(rel, _round(outs, row, kids)):
                                if v > best[i]:
                                    best[i] = v
                arr.extend(best)
        self.filled[t] = n
        sk = sum(a << self.solver.shifts[k + xs] for xs, a in enumerate(t))
        values = self.solver.values
        for seg in self.segments[first:n]:
            values.update(zip([ck + sk for ck in seg.keys], arr[seg.lo:seg.hi]))


def _round(outs, row, kids):
    """One attack with one number of dice over a group of cells: per cell, the sum over the round's
    outcomes (p, al, dl) of p * the child's value (row[al]: the arrays of the stack less al armies,
    row[0] the tuple's own; kids[dl]: the children's positions), term by term in the table's
    order."""
    if len(outs) == 2:
        (p0, a0, d0), (p1, a1, d1) = outs
        s0, s1 = row[a0], row[a1]
        return [p0 * s0[j0] + p1 * s1[j1] for j0, j1 in zip(kids[d0], kids[d1])]
    if len(outs) == 3:
        (p0, a0, d0), (p1, a1, d1), (p2, a2, d2) = outs
        s0, s1, s2 = row[a0], row[a1], row[a2]
        return [p0 * s0[j0] + p1 * s1[j1] + p2 * s2[j2] for j0, j1, j2 in zip(kids[d0], kids[d1], kids[d2])]
    out = []
    for js in zip(*(kids[dl] for _, _, dl in outs)):
        total = 0.0
        for (p, al, _), j in zip(outs, js):
            total += p * row[al][j]
        out.append(total)
    return out
