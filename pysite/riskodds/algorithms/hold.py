"""Holding: where the holder puts its armies so that a set of territories survives the opponent's
next turn, exactly.

The model
---------
The holder places R armies on its territories, then (fortify "adjacent", the printed rules) may
move armies once from one of its territories to an adjacent one of its own, leaving at least one.
Then the opponent places R2 armies on his territories and plays his best real turn
(algorithms/real_turn.py: any stack, any territory of the holder next to it, any dice before each
roll, moving in after a conquest and attacking on from there, stopping when he likes); he succeeds
when he takes at least one territory of the hold set. P(hold) = 1 - his best chance; the holder
maximises it. Territories of other owners are walls.

What the search keeps
---------------------
- Only the "front" matters: the hold territories that border a territory of the opponent, the
  buffers (territories of the holder outside the set that he can reach and that lead to the set:
  checks/hold_request.py `ways_in`) and the hold territories next to a buffer. Taking any other
  territory of the holder never lets him attack the set this turn. The first conquest of a hold
  territory is already his success, so every attack that can matter is onto a front territory,
  from one of his territories or from a buffer he took.
- Without buffers (the paragraphs below), every attack that matters is from one of his territories
  onto a front territory. With one, a part of his turn (below) that holds a buffer is RealTurn
  itself, need "any" with the set's territories as its goal: he moves into a buffer he takes and
  attacks on from it, every move tried (`Part`). The group bound, which counts a conquest as a
  success, is not used there.
- So the opponent's search is one real turn with need "any" (success at the first conquest) whose
  targets are the front territories and whose entries are his territories that border them. Its
  layout does not depend on the holder's choices: the holder's placement and fortify only change
  the front's starting defenders. One RealTurn, with one memo, serves every holder configuration
  and every placement of the opponent.
- The holder's choices reduce to the armies on the front after placement and fortify (nothing
  else changes the opponent's turn), so configurations are compared by that vector, the first one
  met (no fortify first, then placements in order) standing for every other that gives it.
  Armies placed off the front can only matter through a fortify move into it, and placing them on
  the move's destination instead gives the same front (or more armies on it); more defenders never
  help the opponent, so the search places on front territories only and moves armies that were
  already on the board or placed on the front (tests/engine/hold_oracle.py places anywhere and
  checks this).
- The opponent places only on his territories that border the front (anywhere else no army of his
  can reach a hold territory this turn).

- The opponent's turn falls into parts that never meet: front territories and his stacks linked
  where a stack borders a territory (`components`). Armies of one part never touch another's, so
  he plays them one after the other, each as well as it goes, and fails only if he fails in every
  one: his chance is 1 - the product of (1 - each part's best), his reinforcements split among the
  parts as best serves him. Each part is one RealTurn (Australia's one door, South America's two
  doors against two stacks, North America against Kamchatka, Iceland and Venezuela: three parts).

How it is computed
------------------
The opponent's turn against one part is `BreakTurn`: RealTurn with need "any", its float values by
a loop written for it. Before his first conquest every front territory is still held (the first
conquest ends the turn, worth 1), so a state is only (defenders d_y >= 1 per front territory,
armies a_x per stack, 0 below 2: a stack borders only front territories, all held, so it is live
exactly when it has 2). It is packed into one integer, and a roll that costs the stack al and the
territory dl armies leads to the key less dl << shift_y and less al << shift_x (or a_x << shift_x
where the stack falls below 2): the child is found by one subtraction, never by making a tuple. The
sums are RealTurn's, term by term in the same order (tests/engine/test_engine_hold.py holds the
floats equal, and the exact values too); the exact phase reads the same keys. Dice that can never
be worth more than others are not tried (algorithms/hold_fill.py `worth_trying`: against one
defender only the most dice, against two the three and the one, with the printed dice): the values
are the same.

Where a holder configuration's every reply is wanted, its states are not searched one at a time
but filled in one block (algorithms/hold_fill.py `Fill`: every state below the front and below
every placement of his, bottom up, one list comprehension per attack over many states): the same
values, three to five times faster. The first block also takes in the fronts the rules of thumb
will be priced on (`HoldSearch.expect`). A configuration tried against one or two replies only
(the cut below) is searched state by state.

Floats first: for every holder configuration, the opponent's best over his placements (the memo
shared), except configurations that a lower bound on his chance shows to be worse than one already
searched: they can be neither the best nor tie it. The bound (`GroupBound`): he could give each of
his stacks one front territory next to it and play the groups (a territory and the stacks given
it) one after another, each its best real turn against that territory alone, stopping at his first
conquest. Groups meet different armies, so they are independent: his chance is at least 1 - the
product of (1 - each group's best), for every such assignment and every placement of his (the best
split of his reinforcements among the groups by a product knapsack over each group's best for r =
0 .. R2). The groups' searches are small (one territory each) and shared by every configuration.
Configurations are searched in the order of their bound, the least first; where the opponent's
turn is one part, a configuration's replies start with the last best reply and stop as soon as one
passes the best found so far (by PRUNE): the same reason, his best there is at least that reply.
The rules of thumb are priced the same way (each rule's fortify moves are configurations too).

Then exactly, only where the answer needs it: the holder configurations whose float is within
RELATIVE of the least (the opponent's best, relative to it, as algorithms/real_turn.py's
candidates are) are valued exactly (the opponent's exact best among his near-best placements) and
compared exactly; exact ties go to the first configuration in the order above. Between the
opponent's placements worth exactly the same, the first in order (the first territory's largest
first).

What it costs: the best configuration is searched against every placement of his, which meets the
states below its front times the states below his placements' stacks (`state_bound`); the rules
of thumb's fronts likewise. The cost guard prices the bound over those fronts (answers/hold.py
`_likely_states`). Africa with 2 on each territory, 10 to place, against Brazil 8, Southern Europe
6 and Middle East 6 and 7 to place: 634,660 states and 14.5 s in CPython at first (RealTurn's memo
of tuples, a bound from single battles), 451,557 states and about 4 s with integer keys and the
group bound, about 2 s filled in blocks (bench/bench_hold.py)."""
from fractions import Fraction

from . import real_turn as search
from .hold_fill import Fill, monotone_in_defenders, worth_trying
from .turn import compositions
from ..guards.budget import tick


def hold_layout(models, front, stacks, links=None):
    """The opponent's real turn as a Layout: the front territories are the targets (models: their
    round models), his stacks ((name, armies, front indexes it borders), ...) the entries. links:
    per front territory, the front territories he may attack from it once taken (a buffer's); a
    territory of the set links to none: its conquest ends the turn, a success."""
    k = len(front)
    names = tuple(front) + tuple(s[0] for s in stacks)
    touches = (tuple(tuple(t) for t in links) if links is not None else ((),) * k) + tuple(tuple(s[2]) for s in stacks)
    attackers = tuple(tuple(i for i in range(len(names)) if y in touches[i]) for y in range(k))
    border = (True,) * k + (False,) * len(stacks)
    return search.Layout(names, k, tuple(models), touches, attackers, border)


def configurations(front, armies, R, sources, placements=None):
    """The holder's choices, by the armies they leave on the front: [(front armies, placed on
    each front territory, fortify (from, to, armies) or None), ...], each front vector once, in the
    order: every placement without a move (the first front territory's largest first), then with
    each move in `sources` order, the fewest armies first. placements: only these (placed per front
    territory), or every one."""
    k = len(front)
    index = {t: i for i, t in enumerate(front)}
    base = [armies[t] for t in front]
    seen = {}
    placements = list(compositions(R, k)) if placements is None else list(placements)
    for placed in placements:
        tick()
        vec = tuple(b + p for b, p in zip(base, placed))
        if vec not in seen:
            seen[vec] = (vec, placed, None)
    for placed in placements:
        tick()
        for u, v in sources:
            j = index[v]
            i = index.get(u)
            has = armies[u] + (placed[i] if i is not None else 0)
            for m in range(1, has):
                vec = [b + p for b, p in zip(base, placed)]
                if i is not None:
                    vec[i] -= m
                vec[j] += m
                vec = tuple(vec)
                if vec not in seen:
                    seen[vec] = (vec, placed, (u, v, m))
    return list(seen.values())


def count_configurations(front, armies, R, sources):
    """An upper bound on len(configurations(...)), without making them (for the cost guard)."""
    from math import comb
    k = len(front)
    placements = comb(R + k - 1, k - 1) if k else 1
    moves = sum(armies[u] - 1 + (R if u in front else 0) for u, _ in sources)
    return placements * (1 + max(moves, 0))


def most_defenders(front, armies, R, sources):
    """Per front territory, the most armies any configuration leaves on it."""
    out = []
    for t in front:
        inflow = max([armies[u] - 1 + (R if u in front else 0) for u, v in sources if v == t] + [0])
        out.append(armies[t] + R + inflow)
    return out


def downset_size(points):
    """How many integer vectors x (1 <= x_i) lie below at least one of `points` (tuples of one
    length, entries >= 1): the size of the union of the boxes [1, p_1] x ... x [1, p_n]. By the
    first coordinate's thresholds, the rest counted the same way (memoised)."""
    memo = {}

    def count(pts):
        got = memo.get(pts)
        if got is not None:
            return got
        if len(next(iter(pts))) == 1:
            got = max(p[0] for p in pts)
        else:
            got, prev = 0, 0
            for t in sorted({p[0] for p in pts}):
                tick()
                got += (t - prev) * count(frozenset(p[1:] for p in pts if p[0] >= t))
                prev = t
        memo[pts] = got
        return got
    return count(frozenset(points)) if points else 0


def state_bound(vectors, theirs, placements):
    """An upper bound on the states the opponent's search meets over every holder configuration
    (front armies `vectors`) and every placement of his (`placements` on his stacks' armies
    `theirs`): every state lies below a start, the front's defenders 1 .. v (or 0, taken) and each
    stack's armies 0 or 2 .. its start, so it is at most (the starts' union below the front's
    vectors) times (the union below the stacks' starts)."""
    front = downset_size([tuple(v + 1 for v in vec) for vec in vectors])
    stacks = downset_size([tuple(max(a + p, 1) for a, p in zip(theirs, placed)) for placed in placements])
    return front * stacks


def parts_bound(vectors, stacks, R2, links=None, goal=None):
    """`state_bound` summed over the parts of the opponent's turn (`components`): each part's
    search meets only its own front territories and stacks (`parts_bounds`, both kinds added)."""
    return sum(parts_bounds(vectors, stacks, R2, links, goal))


def parts_bounds(vectors, stacks, R2, links=None, goal=None):
    """(states of the parts without a buffer, states of the parts with one): the bound of each part
    summed by kind, as the two are searched at different speeds (`Part`). A part with a buffer
    (goal False somewhere) is bounded as a turn (algorithms/real_turn.py `state_bound`): every taken
    set he can reach, the defenders left below the most any vector leaves, his armies at most all of
    them."""
    plain = ways = 0
    k = len(vectors[0]) if vectors else 0
    for ts, ss in components(k, stacks, links):
        sub = {tuple(v[y] for y in ts) for v in vectors}
        if goal is not None and not all(goal[y] for y in ts):
            lay = _part_layout([None] * k, ["?"] * k, stacks, ts, ss, links)
            most = [max(v[i] for v in sub) for i in range(len(ts))]
            ways += search.state_bound(lay, most, sum(stacks[j][1] for j in ss) + R2)
            continue
        plain += state_bound(sub, [stacks[j][1] for j in ss], list(compositions(R2, len(ss))))
    return plain, ways


def _part_layout(models, front, stacks, targets, indexes, links=None):
    """The Layout of one part (`components`): its front territories `targets` (indexes into front)
    and its stacks `indexes`, renumbered from 0."""
    index = {y: i for i, y in enumerate(targets)}
    mine = [(stacks[j][0], stacks[j][1], tuple(index[y] for y in stacks[j][2])) for j in indexes]
    near = None if links is None else [tuple(index[z] for z in links[y]) for y in targets]
    return hold_layout([models[y] for y in targets], [front[y] for y in targets], mine, near)


PRUNE = 1e-8       # a configuration whose lower bound passes the best found by this much is not searched


class GroupBound:
    """A lower bound on the opponent's best chance against front armies `vec`, from small searches:
    he could give each of his stacks one front territory next to it to attack (an assignment), and
    play the groups (one front territory and the stacks given it) one after another, each group its
    best real turn against its own territory alone (BreakTurn over that territory and those stacks),
    and stop at his first conquest. Groups meet different armies (their territories differ, their
    stacks too), so they are independent: he fails only if every group fails, and his chance is at
    least 1 - the product of (1 - each group's best), for every assignment and every placement of
    his reinforcements. The best placement for one assignment splits R2 among the groups and, in
    each, among its stacks: per group the least miss for each r = 0 .. R2 placed there, then the
    groups combined over the splits of R2 (a product knapsack). A stack given no territory would
    only lower the bound (more armies never hurt: RealTurn's docstring), so every stack is given
    one. This is at least the bound of independent battles, stack against territory, the most dice
    to the end (a group of one stack, played with the best dice, is at least that).

    Used only to skip holder configurations that cannot be the best, and to try first the
    placement of his that does best here (`placement`)."""

    MOST_ASSIGNMENTS = 64          # past this, only the first assignments (still a lower bound)

    def __init__(self, models, stacks, R2, min_move, dice, scale, most):
        import itertools
        self.models, self.stacks, self.R2 = models, stacks, R2
        self.min_move, self.dice, self.scale, self.most = min_move, dice, scale, most
        self.assignments = list(itertools.islice(itertools.product(*(t for _, _, t in stacks)), self.MOST_ASSIGNMENTS))
        self.solvers = {}
        self.misses = {}

    def groups(self):
        """Every (front territory, stacks given it) some assignment makes."""
        out = set()
        for assignment in self.assignments:
            for y in set(assignment):
                out.add((y, tuple(j for j, z in enumerate(assignment) if z == y)))
        return sorted(out)

    def state_bound(self):
        """An upper bound on the states the groups' searches meet, before any work: per group, its
        territory's defenders 1 .. the most times the union below its stacks' starts
        (`state_bound`)."""
        return sum(state_bound([(self.most[y],)], [self.stacks[j][1] for j in group],
                               list(compositions(self.R2, len(group)))) for y, group in self.groups())

    def solver(self, y, group):
        got = self.solvers.get((y, group))
        if got is None:
            mine = [(self.stacks[j][0], self.stacks[j][1], (0,)) for j in group]
            lay = hold_layout([self.models[y]], ["front"], mine)
            most = [self.most[y]] + [self.stacks[j][1] + self.R2 for j in group]
            got = self.solvers[y, group] = BreakTurn(lay, self.min_move, self.dice, self.scale, True, most)
        return got

    def group_misses(self, y, group, d):
        """[(least miss, placement within the group) for r = 0 .. R2 armies placed on the group]."""
        key = (y, group, d)
        got = self.misses.get(key)
        if got is None:
            solver = self.solver(y, group)
            got = []
            for r in range(self.R2 + 1):
                best = None
                for placed in compositions(r, len(group)):
                    s = solver.canonical([-d] + [self.stacks[j][1] + p for j, p in zip(group, placed)])
                    miss = 1 - solver.value(s)
                    if best is None or miss < best[0]:
                        best = (miss, placed)
                got.append(best)
            self.misses[key] = got
        return got

    def bound_work(self):
        """The steps of one `bound` call, before any work: per assignment of his stacks, per group,
        the knapsack over his reinforcements ((R2 + 1)(R2 + 2) / 2 pairs of counts)."""
        pairs = (self.R2 + 1) * (self.R2 + 2) // 2
        return sum(len(set(assignment)) for assignment in self.assignments) * pairs

    def bound(self, vec):
        """(the lower bound on his chance, a placement of his per stack that reaches it)."""
        best, best_at = -1.0, None
        n = len(self.stacks)
        for assignment in self.assignments:
            groups = {}
            for j, y in enumerate(assignment):
                groups.setdefault(y, []).append(j)
            # least[r]: (least product of misses over the groups so far with r placed, placement)
            least = [(1.0, (0,) * n)] + [None] * self.R2
            for y, group in groups.items():
                group = tuple(group)
                misses = self.group_misses(y, group, vec[y])
                nxt = [None] * (self.R2 + 1)
                for r, got in enumerate(least):
                    if got is None:
                        continue
                    for r2 in range(self.R2 + 1 - r):
                        miss, placed = misses[r2]
                        q = got[0] * miss
                        if nxt[r + r2] is None or q < nxt[r + r2][0]:
                            p = list(got[1])
                            for j, a in zip(group, placed):
                                p[j] = a
                            nxt[r + r2] = (q, tuple(p))
                least = nxt
            got = least[self.R2]
            if 1 - got[0] > best:
                best, best_at = 1 - got[0], got[1]
        return best, best_at

    def __call__(self, vec):
        return self.bound(vec)[0]


def components(k, stacks, links=None):
    """The parts of the opponent's turn that never meet: [(front indexes, stack indexes), ...],
    linked where a stack borders a front territory or a buffer borders one (`links`), each in
    board order, parts by their first front territory."""
    parent = list(range(k))

    def root(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i
    for _, _, touches in stacks:
        for y in touches[1:]:
            parent[root(y)] = root(touches[0])
    for y, near in enumerate(links or ()):
        for z in near:
            parent[root(z)] = root(y)
    parts = {}
    for y in range(k):
        parts.setdefault(root(y), ([], []))[0].append(y)
    for j, (_, _, touches) in enumerate(stacks):
        parts[root(touches[0])][1].append(j)
    return [(tuple(ts), tuple(ss)) for ts, ss in sorted(parts.values()) if ss]


class BreakTurn(search.RealTurn):
    """The opponent's turn against one part of the front (need "any"), its float values computed by
    a loop written for it. With need "any" every state the search meets before its first conquest
    has every front territory still held (the first conquest ends the turn, worth 1), so a state is
    only (defenders d_y >= 1 per front territory, armies a_x per stack, 0 when below 2): a stack
    borders only front territories and all of them are held, so it is live exactly when a_x >= 2.
    Such a state is packed into one integer, `bits` bits per slot (d_y, then a_x), and a roll that
    costs the stack al and the territory dl armies leads to the key less dl << shift_y and less
    al << shift_x (or a_x << shift_x where the stack falls below 2, written 0): the child is found
    by one subtraction, the differences kept per (stack, territory, d_y, a_x) (`rolls`). The
    values are those of RealTurn.value, term by term in the same order (the same floats); `values`
    maps keys (not tuples) to them, and RealTurn's exact phase, decisions and line read them
    through `value` and `q`."""

    def __init__(self, lay, min_move, dice, scale, zero_is_exact, most):
        super().__init__(lay, min_move, dice, scale, zero_is_exact, need="any")
        self.bits = max(1, max(most).bit_length())
        b = self.bits
        self.mask = (1 << b) - 1
        self.shifts = tuple(b * i for i in range(lay.slots))
        # per (target y, attacking stack x): (pair index, y, x, shift of y, shift of x)
        self.pairs = tuple((y, x, self.shifts[y], self.shifts[x]) for y in range(lay.k) for x in lay.attackers[y])
        self.cache = {}
        self.exact_cache = {}
        # per pair: (pair, shift of y, shift of x, {d << bits | a: its rolls}) for the hot loop
        self.fast_pairs = tuple((pair, pair[2], pair[3], {}) for pair in self.pairs)
        self.monotone = tuple(monotone_in_defenders(r, m) for r, m in zip(self.rounds, lay.models))
        self.kept = {}
        self.kept_rolls = {}

    def kept_dice(self, y, cls, top):
        """The dice worth trying on front territory y against table class cls (defenders, capped)
        with at most `top` dice, most first (algorithms/hold_fill.py `worth_trying`)."""
        got = self.kept.get((y, cls, top))
        if got is None:
            got = self.kept[y, cls, top] = worth_trying(self.rounds[y], cls, top, self.dice == "choose",
                                                        self.monotone[y])
        return got

    def kept_at(self, y, d, a):
        """(the most dice a stack of a armies may roll on y against d defenders, the dice of those
        worth trying, `kept_dice`)."""
        cls = min(d, len(self.by_defenders[y]) - 1)
        most = len(self.by_defenders[y][cls]) - 1
        top = most if most < a else a - 1
        return top, self.kept_dice(y, cls, top)

    def key(self, s):
        """The integer of state s (all targets held: s[y] < 0; stacks 0 or >= 2)."""
        k, out = self.lay.k, 0
        for i, v in enumerate(s):
            out |= (-v if i < k else v) << self.shifts[i]
        return out

    def rolls(self, pair, d, a):
        """Per dice n the attack allows (most first; only the most with dice "most"), the round's
        outcomes as ((p, key difference or None for the conquest), ...), in the tables' order."""
        y, x, shy, shx = pair
        table = self.by_defenders[y][d if d < len(self.by_defenders[y]) else -1]
        most = len(table) - 1
        top = most if most < a else a - 1
        out = []
        for n in (range(top, 0, -1) if self.dice == "choose" else (top,)):
            outs = []
            for al, dl, p, _ in table[n]:
                if dl < d:
                    outs.append((p, (dl << shy) + ((al if a - al >= 2 else a) << shx)))
                else:
                    outs.append((p, None))
            out.append(tuple(outs))
        got = self.cache[pair, d, a] = tuple(out)
        return got

    def exact_rolls(self, pair, d, a):
        """As `rolls`, for the exact values: per dice n, (n, ((weight, key difference or None), ...),
        the exponents of the round's total)."""
        got = self.exact_cache.get((pair, d, a))
        if got is None:
            y, x, shy, shx = pair
            m = self.lay.models[y]
            nd = min(self.most_defend[y], d)
            out = []
            top = min(self.most_attack[y], a - 1)
            for n, outs in zip(range(top, 0, -1) if self.dice == "choose" else (top,), self.cache.get((pair, d, a))
                               or self.rolls(pair, d, a)):
                table, total = self.rounds[y][n, nd]
                weights = tuple((w, delta) for (_, _, _, w), (_, delta) in zip(table, outs))
                out.append((n, weights, self.scale.exponents(total)))
            got = self.exact_cache[pair, d, a] = tuple(out)
        return got

    def exact(self, s):
        """RealTurn.exact by the integer keys: the same candidates, compared in the same order."""
        if not all(v < 0 for v in s[:self.lay.k]):
            return self.scale.one
        return self.exact_key(self.key(s))

    def exact_key(self, key):
        v = self.exacts.get(key)
        if v is not None:
            return v
        tick()
        best = self.values.get(key)
        if best is None:
            best = self.fast(key)
        if best == 0.0 and self.zero_is_exact:
            v = self.scale.zero
        else:
            floor = 0.0 if best < search.TINY else best * (1 - search.RELATIVE)
            v = self.scale.zero if best == 0.0 else None
            for x, y, n, total, weights, texps in self.attacks_key(key):
                if best == 0.0 or total >= floor:
                    e = self.exact_q_key(key, weights, texps)
                    v = e if v is None else self.larger(v, e)
        self.exacts[key] = v
        return v

    def attacks_key(self, key):
        """Every attack worth trying from the state with key `key` (the dice `kept_dice` keeps: a
        dice dropped there is never worth more than one kept, which comes first in the tie order), in
        the tie order (RealTurn.attacks): (x, y, n, its float value, its outcomes' (weight, key
        difference), the total's exponents)."""
        values, mask, kept = self.values, self.mask, self.kept_rolls
        for pair in self.pairs:
            y, x, shy, shx = pair
            a = key >> shx & mask
            if a < 2:
                continue
            d = key >> shy & mask
            rolls = kept.get((pair, d, a))
            if rolls is None:
                rolls = self.worth_rolling(pair, d, a)
            for outs, n, weights, texps in rolls:
                total = 0.0
                for p, delta in outs:
                    if delta is None:
                        total += p
                    else:
                        c = values.get(key - delta)
                        total += p * (c if c is not None else self.fast(key - delta))
                yield x, y, n, total, weights, texps

    def worth_rolling(self, pair, d, a):
        """((outcomes as `rolls`, n, weights, exponents as `exact_rolls`), ...) for the dice kept."""
        _, kept = self.kept_at(pair[0], d, a)
        rolls = self.cache.get((pair, d, a)) or self.rolls(pair, d, a)
        got = self.kept_rolls[pair, d, a] = tuple((outs, n, weights, texps) for outs, (n, weights, texps)
                                                  in zip(rolls, self.exact_rolls(pair, d, a)) if n in kept)
        return got

    def exact_q_key(self, key, weights, texps):
        """RealTurn.exact_q by the integer keys (with one base, the printed dice's, the sum by
        Scale.total_one_base, exponents as ints)."""
        scale = self.scale
        if len(scale.bases) == 1:
            terms = []
            for w, delta in weights:
                num, (e,) = scale.one if delta is None else self.exact_key(key - delta)
                if num:
                    terms.append((num * w, e))
            if terms:
                num, top = scale.total_one_base(terms)
                return num, (top + texps[0],)
        parts = []
        for w, delta in weights:
            child = scale.one if delta is None else self.exact_key(key - delta)
            if child[0]:
                parts.append((child[0] * w, child[1]))
        summed = scale.total(parts)
        return summed[0], tuple(e + f for e, f in zip(summed[1], texps))

    def exact_q(self, s, x, y, n):
        if not all(v < 0 for v in s[:self.lay.k]):
            return super().exact_q(s, x, y, n)
        key = self.key(s)
        for x2, y2, n2, _, weights, texps in self.attacks_key(key):
            if (x2, y2, n2) == (x, y, n):
                return self.exact_q_key(key, weights, texps)
        raise ValueError(f"no attack {(x, y, n)} from {s}")

    def candidates(self, s, best):
        if not all(v < 0 for v in s[:self.lay.k]):
            return super().candidates(s, best)
        floor = 0.0 if best < search.TINY else best * (1 - search.RELATIVE)
        return [(x, y, n) for x, y, n, total, _, _ in self.attacks_key(self.key(s)) if total >= floor]

    def value(self, s):
        if not all(v < 0 for v in s[:self.lay.k]):
            return 1.0                              # a conquest: with need "any", the success
        key = self.key(s)
        v = self.values.get(key)
        return v if v is not None else self.fast(key)

    def q(self, s, x, y, n):
        """RealTurn.q by the integer keys (the same terms in the same order: the same float)."""
        if not all(v < 0 for v in s[:self.lay.k]):
            return super().q(s, x, y, n)
        a, d = s[x], -s[y]
        key = self.key(s)
        pair = (y, x, self.shifts[y], self.shifts[x])
        rolls = self.cache.get((pair, d, a)) or self.rolls(pair, d, a)
        most = len(self.by_defenders[y][d if d < len(self.by_defenders[y]) else -1]) - 1
        top = most if most < a else a - 1
        total = 0.0
        for p, delta in rolls[top - n]:
            if delta is None:
                total += p
            else:
                c = self.values.get(key - delta)
                total += p * (c if c is not None else self.fast(key - delta))
        return total

    def spec(self, pair, known, d, a):
        """`rolls` arranged for the hot loop: (kids, options): kids the distinct key differences of
        the round's outcomes that are not the conquest, over the dice worth trying (`kept_dice`);
        options per dice n ((p, slot), ...) in the tables' order, slot an index into kids, or len(kids) for
        the conquest (valued 1.0). The dice share their children (3 and 2 dice against 2 defenders
        lose the same armies), so each child is looked up once per attack, not once per dice."""
        kids, options = [], []
        top, kept = self.kept_at(pair[0], d, a)
        for n, outs in zip(range(top, 0, -1) if self.dice == "choose" else (top,), self.rolls(pair, d, a)):
            if n not in kept:
                continue
            terms = []
            for p, delta in outs:
                if delta is None:
                    terms.append((p, -1))
                else:
                    if delta not in kids:
                        kids.append(delta)
                    terms.append((p, kids.index(delta)))
            options.append(terms)
        n = len(kids)
        got = known[d << self.bits | a] = (tuple(kids), tuple(tuple((p, n if j < 0 else j) for p, j in terms)
                                                              for terms in options))
        return got

    def fast(self, key):
        """The float value of the state with integer key `key`, not yet valued. Per attack, each
        child is looked up once (`spec`), then every dice's sum is taken term by term in the
        tables' order (the conquest as 1.0 x p): the same floats as RealTurn.value."""
        tick()
        values, mask, fast = self.values, self.mask, self.fast
        get = values.get
        best = 0.0
        bits = self.bits
        for pair, shy, shx, known in self.fast_pairs:
            a = key >> shx & mask
            if a < 2:
                continue
            d = key >> shy & mask
            got = known.get(d << bits | a)
            if got is None:
                got = self.spec(pair, known, d, a)
            kids, options = got
            cs = []
            for delta in kids:
                c = get(key - delta)
                cs.append(fast(key - delta) if c is None else c)
            cs.append(1.0)
            for terms in options:
                total = 0.0
                for p, j in terms:
                    total += p * cs[j]
                if total > best:
                    best = total
        values[key] = best
        return best


class Part:
    """One part of the opponent's turn (`components`): its own RealTurn (need "any") over its front
    territories and stacks, shared by every holder configuration. best[r]: per front armies, the
    float best with r armies placed on its stacks (`best_float`). A part without buffers is a
    BreakTurn, filled in blocks; a part with one is RealTurn itself with the set's territories as
    its goal (he moves into a buffer he takes and attacks on from it), searched state by state."""

    def __init__(self, models, front, stacks, targets, indexes, R2, min_move, dice, scale, zero_is_exact, most,
                 links=None, goal=None):
        self.targets, self.indexes = targets, indexes
        self.lay = _part_layout(models, front, stacks, targets, indexes, links)
        mine = [stacks[j] for j in indexes]
        self.most = [most[y] for y in targets] + [a + R2 for _, a, _ in mine]
        self.buffers = goal is not None and not all(goal[y] for y in targets)
        if self.buffers:
            wins = sum(1 << i for i, y in enumerate(targets) if goal[y])
            self.solver = search.RealTurn(self.lay, min_move, dice, scale, zero_is_exact, need="any", goal=wins)
            self.filler = None
        else:
            self.solver = BreakTurn(self.lay, min_move, dice, scale, zero_is_exact, self.most)
            self.filler = Fill(self.solver)
        self.theirs = [a for _, a, _ in mine]
        self.by_r = [list(compositions(r, len(mine))) for r in range(R2 + 1)]
        self.floats = {}
        self.filled = set()             # front armies whose every reply is filled

    def fill(self, sub):
        """Value, in one block, every state of his turn against the part's front armies `sub`
        after every placement of his (algorithms/hold_fill.py): the placements of fewer armies
        lie below those of all of them. A part with buffers is searched state by state."""
        if sub in self.filled or self.filler is None:
            return
        self.filler.fill([sub], [self.state(sub, p)[len(sub):] for p in self.by_r[-1]])
        self.filled.add(sub)

    def state(self, sub, placed):
        s = self.solver.canonical([-d for d in sub] + [a + p for a, p in zip(self.theirs, placed)])
        if any(abs(v) > m for v, m in zip(s, self.most)):
            raise ValueError(f"a start {s} beyond the most armies {self.most} the part was made for")
        return s

    def best_float(self, vec, r):
        """The float best with r armies placed on this part's stacks, against front armies `vec`."""
        sub = tuple(vec[y] for y in self.targets)
        got = self.floats.get((sub, r))
        if got is None:
            self.fill(sub)
            value = self.solver.value
            got = self.floats[sub, r] = max(value(self.state(sub, p)) for p in self.by_r[r])
        return got

    def best_exact(self, vec, r):
        """(Fraction, placement, start state) of the best with r armies placed here, near-best
        placements by floats compared exactly, exact ties to the first."""
        solver = self.solver
        sub = tuple(vec[y] for y in self.targets)
        floats = [(solver.value(self.state(sub, p)), p) for p in self.by_r[r]]
        top = max(f for f, _ in floats)
        if top == 0.0 and solver.zero_is_exact:
            p = self.by_r[r][0]
            return Fraction(0), p, self.state(sub, p)
        best = None
        for p in search.near_best(floats):
            state = self.state(sub, p)
            e = solver.exact(state)
            if best is None or solver.compare(e, best[0]) > 0:
                best = (e, p, state)
        return solver.scale.fraction(best[0]), best[1], best[2]


class HoldSearch:
    """The search of one hold position (module docstring). The opponent's turn falls into parts
    that never meet (`components`: no stack of one borders a front territory of another): he plays
    them one after the other, each as well as it goes, so he fails only if he fails in every part,
    and his chance is 1 - the product over parts of (1 - the part's chance), his reinforcements
    split among the parts as best serves him. Each part has its own RealTurn, shared by every
    holder configuration."""

    def __init__(self, models, front, stacks, R2, min_move, dice, scale, zero_is_exact, most, links=None, goal=None):
        """most: per front territory, the most defenders any configuration searched leaves on it.
        links, goal: the buffers' links and which front territories are the set's
        (checks/hold_request.py); without them every front territory is the set's."""
        self.parts = [Part(models, front, stacks, ts, ss, R2, min_move, dice, scale, zero_is_exact, most, links, goal)
                      for ts, ss in components(len(front), stacks, links)]
        self.R2 = R2
        self.stacks = stacks
        self.splits = list(compositions(R2, len(self.parts)))
        self.zero_is_exact = zero_is_exact
        self.last = None           # the opponent's placement that did best last (tried first: `reply_float`)

    @property
    def states(self):
        return sum(len(p.solver.values) for p in self.parts)

    def expect(self, vectors):
        """Front vectors whose replies will all be searched later (the rules of thumb's): their
        states are filled with the next block's (algorithms/hold_fill.py `Fill.expect`)."""
        for part in self.parts:
            if part.filler is not None:
                part.filler.expect([tuple(vec[y] for y in part.targets) for vec in vectors])

    def grow_stack(self, depth):
        for p in self.parts:
            p.solver.grow_stack(depth)

    def reply_float(self, vec, cutoff=None, hint=None):
        """The opponent's best chance (float) against the front armies `vec`; or None as soon as one
        reply of his is found worth more than `cutoff` (one part only: the configuration is then
        worse than one already searched, and its best is not needed). hint: a placement of his to
        try first (the lower bound's), then his best reply to the last configuration."""
        if cutoff is not None and len(self.parts) == 1:
            part = self.parts[0]
            value = part.solver.value
            sub = tuple(vec[y] for y in part.targets)
            best, best_at = 0.0, None
            placements = part.by_r[self.R2]
            first = [p for p in (hint, self.last) if p is not None]
            if first:
                placements = list(dict.fromkeys(first)) + [p for p in placements if p not in first]
            for i, placed in enumerate(placements):
                if i == len(set(first)):    # past the replies tried first: likely searched in full
                    part.fill(sub)
                v = value(part.state(sub, placed))
                if v > cutoff:
                    self.last = placed
                    return None
                if v > best or best_at is None:
                    best, best_at = max(v, best), placed
            self.last = best_at
            return best
        miss = 1.0
        for split in self.splits:
            q = 1.0
            for part, r in zip(self.parts, split):
                q *= 1 - part.best_float(vec, r)
            if q < miss:
                miss = q
        return 1 - miss

    def reply_exact(self, vec):
        """(Fraction, his placement per stack, (part, start state) to play first) of the opponent's
        best reply to `vec`: the near-best splits of his reinforcements among the parts by floats,
        compared exactly; exact ties to the first split, then the first placement."""
        misses = []
        for split in self.splits:
            q = 1.0
            for part, r in zip(self.parts, split):
                q *= 1 - part.best_float(vec, r)
            misses.append(q)
        least = min(misses)
        top = 1 - least
        if top == 0.0 and self.zero_is_exact:
            near = [self.splits[0]]
        else:
            slack = search.TINY if top < search.TINY else top * search.RELATIVE
            near = [sp for sp, q in zip(self.splits, misses) if q <= least + slack]
        best = None
        for split in near:
            found = [p.best_exact(vec, r) for p, r in zip(self.parts, split)]
            miss = Fraction(1)
            for f, _, _ in found:
                miss *= 1 - f
            if best is None or 1 - miss > best[0]:
                best = (1 - miss, found)
        win, found = best
        placed = [0] * len(self.stacks)
        for part, (_, p, _) in zip(self.parts, found):
            for j, a in zip(part.indexes, p):
                placed[j] = a
        first = max(range(len(self.parts)), key=lambda i: (found[i][0], -i))
        return win, tuple(placed), (self.parts[first], found[first][2])

    def best(self, configs, lower=None):
        """(config, Fraction of the opponent's best reply) minimising his chance, with the float
        of every configuration searched beside it: {front vector: float}. lower: a GroupBound (or
        None): configurations whose bound passes the best float found so far (by PRUNE, far beyond
        the floats' error) cannot be the best nor tie with it, and are not searched; they are
        searched in the order of their bounds, the least first, each trying first the reply its
        bound names (exact ties still go to the first in the order of `configs`)."""
        floats = {}
        found = [lower.bound(c[0]) for c in configs] if lower is not None and len(configs) > 1 else None
        bounds = [b for b, _ in found] if found is not None else None
        order = list(range(len(configs)))
        if bounds is not None:
            order.sort(key=lambda i: bounds[i])
        least = None
        for i in order:
            tick()
            vec = configs[i][0]
            cutoff = None
            if least is not None and (least >= search.TINY or (least == 0.0 and self.zero_is_exact)):
                cutoff = least * (1 + PRUNE)
            if bounds is not None and cutoff is not None and bounds[i] > cutoff:
                continue
            f = self.reply_float(vec, cutoff, found[i][1] if found is not None else None)
            if f is None:
                continue
            floats[vec] = f
            least = f if least is None else min(least, f)
        configs = [c for c in configs if c[0] in floats]
        top = min(floats.values())
        ceiling = search.TINY if top < search.TINY else top * (1 + search.RELATIVE)
        if top == 0.0 and self.zero_is_exact:
            ceiling = 0.0
        chosen = None
        for c in configs:
            if floats[c[0]] > ceiling:
                continue
            e = self.reply_exact(c[0])[0]
            if chosen is None or e < chosen[1]:
                chosen = (c, e)
        return chosen[0], chosen[1], floats
