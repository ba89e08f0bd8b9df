"""The states of a real turn, numbered: one flat array of values for every position the turn can reach.

algorithms/real_turn.py has the model: targets (the opponent's territories the player may attack),
the player's territories that border them ("entries"), every stack, target and number of dice before
each roll, stops, and moves after a conquest. This module says which positions there are and gives
each one an index, so that a sweep (algorithms/real_sweep.py) can value them all in flat arrays,
bottom up, with no dictionary of tuples.

What a position holds
---------------------
A position is split into the set M of targets taken so far (a bit mask) and, given M:
- the armies of the "live" territories of the player: those it holds (an entry, or a target in M)
  that border a target still held (not in M). Armies elsewhere can neither attack nor move any more
  (algorithms/real_turn.py, "The state"), so they are left out. A live territory's armies are 0
  ("spent": fewer than 2, it cannot attack) or 2 and up;
- the defenders of the targets still held. A held target that borders no territory the player holds
  or has taken (no entry, nothing in M) has never been attacked: its defenders are those it started
  with, and only the others (the "region") are counted.

So the positions of M are the pairs (a, d): a the live armies (the "army vector"), d the region's
defenders. They are numbered block by block: block M starts at `offset`, and (a, d) is
offset + ai * ND + di, ai the army vector's place in the block's list of vectors and di the
defenders in mixed radix (each d_j - 1 in 0 .. D_j - 1, D_j its defenders at the start).

Which army vectors there are
----------------------------
Every vector the turn can reach, and some it cannot (a superset, so every reachable position has an
index; the extra ones are valued too, and never read). Three facts bound them:
- (caps) an entry never gains armies: a conquest only moves armies into the territory just taken.
  So an entry holds at most its armies at the start, plus every reinforcement placed on it. A taken
  target got its armies in one move from one territory (stacks split, they never merge), which kept
  one behind: it holds at most the largest entry's cap less 1.
- (total) every territory of the player keeps at least one army, so the live armies, each counted
  as max(a, 1) (its "weight"), sum to at most the player's armies less one for every territory of
  the player (entry or taken target) that is not live.
- (parts) armies move only with conquests, from a territory into the target it has just taken: an
  entry and a taken target that is next to it, or two taken targets next to each other, can share
  armies; nothing else can (entries never pass armies to each other). So the entries and the taken
  targets fall into "parts", the connected pieces of that graph, and a part's armies only ever came
  from its own entries: they weigh at most the part's entries' caps together (and the total), less
  one for each of its territories that is not live, and a taken target of the part holds at most
  its largest entry's cap less 1. Parts join as targets fall (a conquest between two parts merges
  them, and the bounds only grow), so every successor of a position meets its own block's bounds.
  Where two entries stand far apart (Europe from Greenland and North Africa) this halves the
  positions.
- (flows) the armies on the taken targets came in with conquests, each target's in one move from
  the territory that took it. Take a "cluster" K of taken targets: a connected piece of the
  taken targets, next to each other. Each target of K was taken from an entry or from another
  target of K (a territory next to it that the player held: nothing else attacks), so K's
  conquests form trees, each rooted at a target taken from an entry (a "gate": a target of K next
  to an entry). A tree's armies all came in with its root's one move, at most the conqueror's cap
  less 1, and only fell since (a conquest inside the tree moves armies within it). So K's
  armies, a territory that is spent or no longer live counted as 1 (each keeps one), are at most
  the sum over K's gates of the largest cap of an entry next to the gate, less 1. The part's bound
  cannot see this: in Africa from Brazil and Southern Europe, North Africa, East Africa and South
  Africa taken hold at most Brazil's cap less 1 together, not both entries' caps (Africa from Brazil
  15 and Southern Europe 10 + 8: 14 % fewer positions). A cluster's bound is kept (`Block.sums`)
  only where it stays true of the numbering: where no group holds both a territory of K and one
  outside it (the bound then reads the same in every order of a group's armies), and where, for
  every target y of K, the clusters of K less y in the block before y fell are bounded too (the
  successors' argument below needs their bounds). Successors keep it: a roll only lowers armies; a
  conquest of y by x in K moves m armies from x to y (x keeps the rest: the cluster's armies do not
  grow), and by x an entry brings in at most x's cap less 1, where y is then a gate of the new
  cluster; clusters that y joins add their bounds, and the new cluster's gates are theirs and y.
- (symmetry) two live territories that border exactly the same held targets are interchangeable:
  they attack the same targets, and as M grows their held neighbours shrink alike. Swapping their
  armies swaps two territories in every play, so it changes no value. Such territories of one part
  form a "group", and a vector keeps each group's armies in decreasing order (the canonical form): one
  index stands for every order. A group's caps go in decreasing order too, so the sorted armies fit
  the caps exactly when some order of them does.

Within a block the vectors are ordered by key: the armies packed into one integer, `width` bits per
live territory. A roll loses armies of the attacker or defenders. Losing armies makes no value of
the vector larger and one smaller, and so does putting a group back in decreasing order (the sorted
values of a multiset with one element lowered are each at most the old ones): the key falls, and the
vector comes earlier in the list. Losing defenders makes di smaller. A conquest leads into block
M + y, numbered before M (blocks go by the number of targets taken, most first). So every position's
successors have smaller indexes: one pass over the array in index order values everything.

Blocks exist for the masks the player can reach (every target in M reachable from the entries
through M) that are not already a success (`done`): there the value is 1 and nothing is stored.
"""
from array import array
from bisect import bisect_left
from dataclasses import dataclass, field
from functools import cached_property

from ..facts.limits import LIMITS
from ..guards.budget import tick

KEY_BITS = 52       # keys are exact in a float64 (the browser's sweep reads them as JavaScript numbers)
MOST_DICE = LIMITS["max_dice"]  # an attack of a block is bit pair * MOST_DICE + its dice - 1 of a record (Block.pairs)
MASK_BITS = 31                  # the bits of a record (a 32-bit integer's, its sign left alone)


@dataclass
class Block:
    """The positions of one set of taken targets (module docstring).

    mask: the targets taken. live: per position, the slot of algorithms/real_turn.py's Layout (live
    territories, each part's positions together, each group's together within). caps, shifts, widths:
    per position. groups: (start, end) of each group's positions. weight_cap: the most the live armies
    may weigh. parts: (start, end, the most they may weigh) of each part's positions. keys: the
    army vectors' keys, in order (in a built Space, a view of the Space's `keys`: 8 bytes a key, where
    a list of Python ints takes 40). held: the held targets' slots; region: those whose defenders vary;
    strides: per held target (in `held` order), its step in di (0 outside the region); fixed: per
    held target, its defenders at the start. ND: the number of di. offset: the block's first index.
    attacks: per position, the held targets (indexes into `held`) its territory borders.
    sums: the clusters' bounds (module docstring, "flows"): (positions, most): those positions'
    armies, each counted as max(a, 1), weigh at most `most` (whole groups, within one part).
    line_costs: per position, (s, f): of its attacks, s leave its territory with nothing to attack
    once they take their target (one move is weighed then, where the dice are chosen) and f do not
    (every move is): a sweep looks up s + f * (a - 1) positions of the next block for a armies there."""
    mask: int
    live: tuple
    caps: tuple
    shifts: tuple
    widths: tuple
    groups: tuple
    weight_cap: int
    held: tuple
    strides: tuple
    fixed: tuple
    ND: int
    attacks: tuple
    line_costs: tuple = ()
    parts: tuple = ()
    sums: tuple = ()
    keys: list = field(default_factory=list)
    offset: int = 0

    @property
    def size(self):
        return len(self.keys) * self.ND

    @cached_property
    def pairs(self):
        """The block's attacks as (position, held target) pairs, position by position, each position's
        in `attacks` order: the sweeps record the attack of pair j with n dice as bit j * MOST_DICE +
        n - 1 (algorithms/real_sweep.py, "The attacks worth comparing")."""
        return tuple((p, h) for p, targets in enumerate(self.attacks) for h in targets)

    @cached_property
    def first_pair(self):
        """Per position p, where its pairs start in `pairs` (and where the last ends)."""
        out = [0]
        for targets in self.attacks:
            out.append(out[-1] + len(targets))
        return tuple(out)

    def index_of_key(self, key):
        """ai of an army vector's key, or None when the block has no such vector."""
        i = bisect_left(self.keys, key)
        return i if i < len(self.keys) and self.keys[i] == key else None

    def key(self, values):
        """The key of a canonical vector (values per position)."""
        out = 0
        for v, s in zip(values, self.shifts):
            out |= v << s
        return out

    def values(self, key):
        return tuple((key >> s) & ((1 << w) - 1) for s, w in zip(self.shifts, self.widths))

    def canonical(self, values):
        """values per position with each group in decreasing order and every value below 2 as 0."""
        out = [v if v >= 2 else 0 for v in values]
        for a, b in self.groups:
            if b - a > 1:
                out[a:b] = sorted(out[a:b], reverse=True)
        return out


@dataclass
class Space:
    """Every block of a turn (module docstring). blocks: in index order (most targets taken first).
    by_mask: mask -> Block. size: the positions in all. k: the targets. goal: the mask of targets the
    turn must take ("all") or of which it must take one ("any"); need: "all" or "any". keys: every
    block's keys, block after block (array of 64-bit ints: each Block's keys is its slice, a view)."""
    blocks: list
    by_mask: dict
    size: int
    k: int
    goal: int
    need: str
    defenders: tuple
    keys: array

    def done(self, mask):
        """Is a turn that has taken `mask` already a success?"""
        return done(mask, self.goal, self.need)

    def block_of(self, s):
        """The block of a state of algorithms/real_turn.py (one int per slot: targets held as minus
        their defenders; the player's armies), or None (a success)."""
        mask = 0
        for j in range(self.k):
            if s[j] >= 0:
                mask |= 1 << j
        return self.by_mask.get(mask)

    def index(self, s):
        """The index of a state of algorithms/real_turn.py (`block_of`), or None where the space has no
        such position (a success, or a state outside the space's bounds)."""
        block = self.block_of(s)
        if block is None:
            return None
        values = block.canonical([s[i] for i in block.live])
        if any(v >> w for v, w in zip(values, block.widths)):      # past its field: no key holds it
            return None
        ai = block.index_of_key(block.key(values))
        if ai is None:
            return None
        di = 0
        for t, stride, start in zip(block.held, block.strides, block.fixed):
            d = -s[t]
            if stride:
                if d > start:           # more defenders than the space's start: its digit would wrap
                    return None
                di += (d - 1) * stride
            elif d != start:
                return None
        return block.offset + ai * block.ND + di

    def attacks_of(self, s, i, mask):
        """The attacks (x, y, n) a sweep recorded as the bits of `mask` (Block.pairs) for state s,
        whose index is i, in slots of algorithms/real_turn.py, by target, attacking slot and most dice
        first (SweptTurn.candidates puts them in the tie order, attackers in board order). The index
        keeps each group's armies in decreasing order: the group's k-th position is the territory with
        the k-th most armies in s (two with as many have the same sums, so both or neither are
        recorded)."""
        block = self.block_of(s)
        out = []
        for start, end in block.groups:
            slots = sorted(block.live[start:end], key=lambda x: -s[x])
            for p, x in enumerate(slots, start):
                for j in range(block.first_pair[p], block.first_pair[p + 1]):
                    bits = mask >> j * MOST_DICE
                    for n in range(1, MOST_DICE + 1):
                        if bits >> n - 1 & 1:
                            out.append((block.held[block.pairs[j][1]], x, n))
        return [(x, y, n) for y, x, n in sorted(out, key=lambda a: (a[0], a[1], -a[2]))]


def out_doubles(size):
    """The doubles the sweeps fill for `size` positions (algorithms/real_sweep.py `apart`): one double
    per position (its value or its chance of failing: real_sweep.py, "One double per position"), then
    every position's record of the attacks worth comparing as a 32-bit integer, two to a double."""
    return size + (size + 1) // 2


def done(mask, goal, need):
    return (mask & goal) == goal if need == "all" else bool(mask & goal)


def blocks(lay, defenders, caps, total, goal=None, need="all"):
    """The blocks of a turn's space, their vectors not yet listed (module docstring). lay:
    algorithms/real_turn.py's Layout. defenders: per target, its defenders at the start. caps: per
    slot of the player (entries, then extra slots; index slot - k), the most armies it can ever hold
    (its armies, plus the reinforcements if it may receive them). total: the player's armies on all
    those slots together, reinforcements included. goal: the mask of targets to take (default every
    target). need: "all" or "any". Raises TooLarge where a block's keys would not fit KEY_BITS."""
    k = lay.k
    goal = (1 << k) - 1 if goal is None else goal
    touch = tuple(sum(1 << j for j in t) for t in lay.touches)
    entry_slots = range(k, lay.slots)
    entry_reach = 0
    for i in entry_slots:
        entry_reach |= touch[i]
    # the masks the player can reach: over conquests of held targets next to what it holds
    masks, seen, frontier = [], {0}, [0]
    while frontier:
        mask = frontier.pop()
        if done(mask, goal, need):
            continue
        masks.append(mask)
        reach = entry_reach
        for j in range(k):
            if mask >> j & 1:
                reach |= touch[j]
        for j in range(k):
            if not mask >> j & 1 and reach >> j & 1 and (mask | 1 << j) not in seen:
                seen.add(mask | 1 << j)
                frontier.append(mask | 1 << j)
    masks.sort(key=lambda m: (-bin(m).count("1"), m))
    found = [_block(lay, touch, defenders, caps, total, mask) for mask in masks]
    _cluster_sums(lay, touch, caps, found)
    return found, goal


def _clusters(lay, touch, mask):
    """The clusters of the taken targets `mask` (module docstring, "flows"): masks of the connected
    pieces of the taken targets, next to each other (`_parts` of the taken targets alone)."""
    out = {}
    for j, root in _parts(lay, touch, [j for j in range(lay.k) if mask >> j & 1]).items():
        out[root] = out.get(root, 0) | 1 << j
    return list(out.values())


def _cluster_sums(lay, touch, caps, found):
    """Each block's `sums`, the bounds of its clusters that hold (module docstring, "flows")."""
    k = lay.k
    gate = []           # per target: the most a conquest from an entry moves into it (0: no entry next to it)
    for j in range(k):
        next_to = [caps[i - k] for i in range(k, lay.slots) if touch[i] >> j & 1]
        gate.append(max(next_to) - 1 if next_to else 0)
    by_mask = {b.mask: b for b in found}
    kept = {}

    def whole(block, cluster):          # no group holds a territory of the cluster and one outside it
        inside = [x < k and cluster >> x & 1 for x in block.live]
        return all(len(set(inside[a:b])) == 1 for a, b in block.groups)

    def bounded(cluster, mask):
        if (cluster, mask) not in kept:
            ok = whole(by_mask[mask], cluster)
            for y in range(k):
                before = mask & ~(1 << y)
                if ok and cluster >> y & 1 and before in by_mask:
                    ok = all(bounded(c, before) for c in _clusters(lay, touch, before) if c & cluster)
            kept[cluster, mask] = ok
        return kept[cluster, mask]

    for block in found:
        sums = []
        for cluster in _clusters(lay, touch, block.mask):
            if not bounded(cluster, block.mask):
                continue
            positions = tuple(q for q, x in enumerate(block.live) if x < k and cluster >> x & 1)
            targets = [j for j in range(k) if cluster >> j & 1]
            most = sum(gate[j] for j in targets) - (len(targets) - len(positions))     # the others: 1 each
            if positions and most < sum(max(block.caps[q], 1) for q in positions):     # it can bind
                sums.append((positions, most))
        block.sums = tuple(sums)


def measure(lay, defenders, caps, total, goal=None, need="all"):
    """(positions, vectors, lines, blocks) of the space `build` would make, counted without listing
    any vector: lines, the army vectors of next blocks its sweep looks up for the moves after
    conquests (Block.line_costs: once per vector, for all its defenders); blocks, each block's
    (positions, mask of targets taken). The cost guard prices the sweep by them (guards/cost.py)."""
    found, _ = blocks(lay, defenders, caps, total, goal, need)
    counts = [count_vectors(b, lines=True) for b in found]
    sizes = [(c * b.ND, b.mask) for (c, _), b in zip(counts, found)]
    return (sum(n for n, _ in sizes), sum(c for c, _ in counts), sum(n for _, n in counts), sizes)


def build(lay, defenders, caps, total, goal=None, need="all"):
    """The Space of a turn (the arguments as `blocks` takes them), every vector listed."""
    found, goal = blocks(lay, defenders, caps, total, goal, need)
    keys, starts = array("q"), []
    for b in found:
        starts.append(len(keys))
        keys.extend(vectors(b))
    view = memoryview(keys)             # the array is not resized again: views of it stay valid
    offset = 0
    for b, start, end in zip(found, starts, starts[1:] + [len(keys)]):
        b.keys = view[start:end]
        b.offset = offset
        offset += b.size
    return Space(found, {b.mask: b for b in found}, offset, lay.k, goal, need, tuple(defenders), keys)


class TooLarge(Exception):
    """A space too large to number: `positions` says about how many positions (a key wider than
    KEY_BITS bits stands for 2 ** its bits)."""

    def __init__(self, positions):
        super().__init__(f"{positions:,} positions")
        self.positions = positions


def _parts(lay, touch, mine):
    """The parts of the player's territories `mine` (module docstring, "parts"): slot -> the part's
    least slot. An entry and a taken target next to it, or two taken targets next to each other,
    are in one part."""
    k = lay.k
    part = {i: i for i in mine}

    def root(i):
        while part[i] != i:
            i = part[i]
        return i
    taken = [j for j in mine if j < k]
    for i in mine:
        for j in taken:
            if i != j and touch[i] >> j & 1:
                a, b = root(i), root(j)
                if a != b:
                    part[max(a, b)] = min(a, b)
    return {i: root(i) for i in mine}


def _block(lay, touch, defenders, caps, total, mask):
    k = lay.k
    held_mask = ((1 << k) - 1) & ~mask
    mine = [i for i in range(k, lay.slots)] + [j for j in range(k) if mask >> j & 1]
    live = [i for i in mine if touch[i] & held_mask]
    part_of = _parts(lay, touch, mine)
    live_set = set(live)
    part_cap, part_entry = {}, {}
    for i in mine:
        r = part_of[i]
        if i >= k:
            part_cap[r] = part_cap.get(r, 0) + caps[i - k]
            part_entry[r] = max(part_entry.get(r, 0), caps[i - k])
        if i not in live_set:
            part_cap[r] = part_cap.get(r, 0) - 1
    weight_cap = total - (len(mine) - len(live))
    # groups: live territories of one part bordering the same held targets; parts in order of their
    # least slot, groups within in order of their first slot
    groups = {}
    for i in sorted(live, key=lambda i: (part_of[i], i)):
        groups.setdefault((part_of[i], touch[i] & held_mask), []).append(i)
    # a taken target: its part's largest entry's cap less 1 (every part holds an entry: a target is
    # taken from one)
    cap_of = {i: (caps[i - k] if i >= k else part_entry[part_of[i]] - 1) for i in live}
    order, spans, parts = [], [], []
    for (r, _), members in groups.items():
        members = sorted(members, key=lambda i: (-cap_of[i], i))
        spans.append((len(order), len(order) + len(members)))
        if not parts or parts[-1][3] != r:
            parts.append([len(order), len(order), min(weight_cap, part_cap[r]), r])
        order += members
        parts[-1][1] = len(order)
    pos_caps = tuple(max(0, min(cap_of[i], weight_cap, part_cap[part_of[i]])) for i in order)
    widths = tuple(max(1, c.bit_length()) for c in pos_caps)
    region = 0
    for i in mine:
        region |= touch[i]
    shifts, s = [0] * len(order), 0
    for q in _significance(order, touch, held_mask, region, defenders):
        shifts[q] = s
        s += widths[q]
    if s > KEY_BITS:
        raise TooLarge(2 ** s)
    held = tuple(j for j in range(k) if held_mask >> j & 1)
    strides, ND = [], 1
    for j in held:
        if region >> j & 1:
            strides.append(ND)
            ND *= defenders[j]
        else:
            strides.append(0)
    attacks = tuple(tuple(h for h, j in enumerate(held) if touch[i] >> j & 1) for i in order)
    line_costs = tuple((sum(1 for h in a if not touch[i] & held_mask & ~(1 << held[h])),
                        sum(1 for h in a if touch[i] & held_mask & ~(1 << held[h])))
                       for i, a in zip(order, attacks))
    return Block(mask, tuple(order), pos_caps, tuple(shifts), widths, tuple(spans), weight_cap, held,
                 tuple(strides), tuple(defenders[j] for j in held), ND, attacks, line_costs,
                 tuple((a, b, c) for a, b, c, _ in parts))


def _significance(order, touch, held_mask, region, defenders):
    """The positions from the lowest bits of a key to the highest. Any order numbers the same
    vectors and keeps the one-pass order (module docstring: losing armies lowers a value, and with
    it the key, wherever its bits are); it decides which vectors come one after another. A sweep
    keeps a conquest's lines for the next vector while the armies they read are the same
    (algorithms/real_sweep_numba.py `_sweep_block`): the attacker's, and those of the places that
    stay in play once the target falls. So the positions that a conquest leaves out of play most
    often (weighed by the defenders' combinations of the block it leads to) take the lowest bits,
    where the vectors change fastest; ties in position order."""
    score = [0] * len(order)
    for p, x in enumerate(order):
        for y in range(held_mask.bit_length()):
            if not (held_mask >> y & 1 and touch[x] >> y & 1):
                continue
            rest, after = held_mask & ~(1 << y), region | touch[y]
            combos = 1
            for j in range(rest.bit_length()):
                if rest >> j & 1 and after >> j & 1:
                    combos *= defenders[j]
            for q, i in enumerate(order):
                if q == p or touch[i] & rest:
                    score[q] += combos
    return sorted(range(len(order)), key=lambda q: (score[q], q))


def _domains(block):
    """Per position, the values it may hold: 0, then 2 .. cap."""
    return [[0] + list(range(2, c + 1)) for c in block.caps]


def count_vectors(block, lines=False):
    """The number of army vectors of a block, counted without listing them. Per part (its positions
    are together), a walk over its positions keeps, per (weight so far, value of the previous
    position), the number of prefixes. A position that starts a group takes any value after any
    prefix; one inside a group at most the previous value, so it adds the prefixes whose previous
    value is at least its own (a running sum from the top): each position costs (weight cap) x (its
    cap) steps. The parts' counts by weight are then combined, weight by weight, under the block's
    weight cap. With `lines`, (count, the moves' lookups of every vector, Block.line_costs) from a
    second table of sums kept alike."""
    cap_w = block.weight_cap
    if cap_w < 0:               # too few armies to hold what was taken: no vector (but the empty one)
        count = 0 if block.live else 1
        return (count, 0) if lines else count
    total, stotal = [1] + [0] * cap_w, [0] * (cap_w + 1)      # by weight: vectors so far, their lookups
    for a, b, part_cap in block.parts or ((0, len(block.live), cap_w),):
        cap = min(part_cap, cap_w)
        # the part's clusters (whole groups, each under its own bound), then its other positions: the
        # count does not depend on the order the positions are walked in
        clusters = [(positions, most) for positions, most in block.sums if a <= positions[0] < b]
        inside = {q for positions, _ in clusters for q in positions}
        units = clusters + [([q for q in range(a, b) if q not in inside], cap)]
        ways, sums = [1] + [0] * cap, [0] * (cap + 1)
        for positions, most in units:
            ways, sums = _convolve(ways, sums, *_part_counts(block, positions, min(most, cap)), cap)
        total, stotal = _convolve(total, stotal, ways, sums, cap_w)
    count = sum(total)
    return (count, sum(stotal)) if lines else count


def _convolve(total, stotal, ways, sums, cap_w):
    """The vectors of two sets of positions together by weight, under cap_w: (counts, lookups)."""
    both, bsum = [0] * (cap_w + 1), [0] * (cap_w + 1)
    for w, n in enumerate(total):
        if not n and not stotal[w]:
            continue
        for v in range(min(len(ways), cap_w + 1 - w)):
            if ways[v]:
                both[w + v] += n * ways[v]
                bsum[w + v] += stotal[w] * ways[v] + n * sums[v]
    return both, bsum


def _part_counts(block, positions, cap_w):
    """([vectors of `positions` (whole groups) by their weight], [their lookups by weight]) under
    cap_w: `count_vectors`'s walk over one part, or one cluster of it."""
    if cap_w < 0:                               # the part cannot hold what it took: no vector
        return [], []
    starts = {g for g, _ in block.groups}
    counts = [[0] for _ in range(cap_w + 1)]     # counts[w][prev]: prev 0 stands for "no position yet"
    sums = [[0] for _ in range(cap_w + 1)]       # the lookups of those prefixes, summed
    counts[0][0] = 1
    costs = block.line_costs or ((0, 0),) * len(block.live)
    doms = _domains(block)
    for p in positions:
        tick()
        dom = doms[p]
        first = p in starts
        width = dom[-1] + 1
        short, full = costs[p]
        nxt = [[0] * width for _ in range(cap_w + 1)]
        nsum = [[0] * width for _ in range(cap_w + 1)]
        for w in range(cap_w + 1):
            row, srow = counts[w], sums[w]
            if not any(row):
                continue
            if first:
                total, stotal = sum(row), sum(srow)
                for v in dom:
                    nw = w + (v if v > 1 else 1)
                    if nw > cap_w:
                        break
                    nxt[nw][v] += total
                    nsum[nw][v] += stotal + (total * (short + full * (v - 1)) if v > 1 else 0)
            else:
                above = stotal = 0                   # prefixes whose previous value is at least v
                for v in range(len(row) - 1, -1, -1):
                    above += row[v]
                    stotal += srow[v]
                    if v == 1 or v >= width:
                        continue
                    nw = w + (v if v > 1 else 1)
                    if nw <= cap_w:
                        nxt[nw][v] += above
                        nsum[nw][v] += stotal + (above * (short + full * (v - 1)) if v > 1 else 0)
        counts, sums = nxt, nsum
    return [sum(row) for row in counts], [sum(row) for row in sums]


def vectors(block):
    """The keys of a block's army vectors, in increasing order (module docstring). The prefixes (the
    vectors' first positions) are kept grouped by what their continuations depend on: their weight,
    their part's weight so far and, inside a group, their last value. Each group's keys are one list,
    extended by each value a position may take with one list comprehension."""
    starts = {a for a, _ in block.groups}
    part_at = {a: c for a, _, c in block.parts}          # a part's first position -> its weight cap
    doms = _domains(block)
    shifts = block.shifts
    cap = block.weight_cap
    L = len(doms)
    cluster_of, last_in = {}, set()     # position -> its cluster (Block.sums); each cluster's last
    for c, (positions, _) in enumerate(block.sums):
        cluster_of.update((q, c) for q in positions)
        last_in.add(positions[-1])
    mosts = [most for _, most in block.sums]
    # (weight, the part's weight so far, previous value, each cluster's weight so far) -> keys
    prefixes = {(0, 0, None, (0,) * len(mosts)): [0]}
    part_cap = cap
    for p, dom in enumerate(doms):
        tick(sum(map(len, prefixes.values())) // 64 + 1)
        s = shifts[p]
        first = p in starts
        if p in part_at:
            part_cap = min(cap, part_at[p])
            merged = {}
            for (w, _, prev, sums), keys in prefixes.items():
                merged.setdefault((w, 0, prev, sums), []).extend(keys)
            prefixes = merged
        last_of_group = p + 1 == L or p + 1 in starts     # the next position reads no previous value
        c = cluster_of.get(p, -1)
        nxt = {}
        for (w, wp, prev, sums), keys in prefixes.items():
            top = dom[-1] if first or prev is None else prev
            for v in dom:
                if v > top:
                    break
                weight = v if v > 1 else 1
                if w + weight > cap or wp + weight > part_cap:
                    break
                if c >= 0:                  # its cluster's bound; once the cluster is done, its weight is not kept
                    if sums[c] + weight > mosts[c]:
                        break
                    sums_after = sums[:c] + (0 if p in last_in else sums[c] + weight,) + sums[c + 1:]
                else:
                    sums_after = sums
                out = nxt.setdefault((w + weight, wp + weight, None if last_of_group else v, sums_after), [])
                add = v << s
                out.extend([k | add for k in keys] if add else keys)
        prefixes = nxt
    return sorted(k for keys in prefixes.values() for k in keys)
