"""Every position of a real turn valued in floats, in one pass over a flat array.

algorithms/real_space.py numbers the positions; algorithms/real_turn.py has the model and the
recursion. This module is the recursion run bottom up: the positions in index order (each one's
successors come earlier), each valued once from the values already in the array:

    V(a, d) = max(0, max over attacks (p, y, n) of sum over outcomes (al, dl, w) of w / W * child),

child being V of the same block with position p down al armies and y down dl defenders, or, where the
roll takes y, the best move into y (`move_suffix`). The sums run over the round table's outcomes in
its order, as RealTurn.value sums them; the floats differ from RealTurn's only where a child's value
is read back from its chance of failing ("One double per position"), both within the error bound of
algorithms/real_turn.py ("How it is computed"; a test holds them that close), and the exact phase of
algorithms/real_turn.py reads them in place of its memo.

The moves
---------
After y falls to position p (a armies left on it, n dice rolled), the player moves m armies in,
least <= m <= a - 1 (least: n under the printed rule, 1 under "one", at most a - 1). The value is the
best over m of the position in block M + y with a - m on p's territory and m on y. Where the dice
are chosen (`dice="choose"`) the value never falls with more armies (algorithms/real_turn.py, "The
value"), so where p's territory has nothing left to attack after the conquest every army it can
spare goes in (m = a - 1), and where y has nothing to attack the fewest go (m = least): one value
each, as RealTurn's shortcuts take it. Where the dice are always the most (`dice="most"`), more armies
can hurt (three armies must roll two dice, and then move two in), so every move is weighed there.

Near 1
------
Near 1 a value's float cannot tell chances apart: 1 - 1e-20 is 1.0, and the exact phase would have to
value every action exactly to find the best (Africa from Brazil 80 against 1 on each: half a minute).
So the sweep also keeps each position's chance of failing, F = 1 - V, by the same recursion with the
least instead of the best (stopping fails for sure, a success never, and a move after a conquest takes
the least over m): F(a, d) = min(1, min over attacks of sum of w / W * F(child)). Its floats keep their
relative precision where V is near 1 (F small), as V's do near 0; the exact phase reads F to pick its
candidates where the best value is above 1/2 (algorithms/real_turn.py `candidates`).

One double per position
-----------------------
A position keeps one double g, the smaller of the two: its value V where the best sum is at most
HIGH (1/2), else minus its chance of failing, -F; a certain success (F = 0) is -0.0, so the sign bit
tells the two apart (`value_of`, `fail_of`). The other is read back as 1 - g or 1 + g, at least 1/2
(to first order), and one rounding away. That keeps its relative precision: if the kept F is within
r of its true F* <= 1/2, relatively, then 1 - F is within r F* <= r (1 - F*) of 1 - F*, and the
subtraction adds one rounding, eps. So every child a parent's sums read is at most eps worse than
if both quantities were kept, and a level's error (algorithms/real_turn.py, "How it is computed":
the child's plus (K + 1) eps) is the child's plus (K + 2) eps = 8 eps for K = 6, the bound the exact
phase's margin (`relative_for`) already allows. Both quantities stay precise where they are small,
as two arrays kept them, in 12 bytes a position with its record instead of 20. Measured (December
2026, one thread, the fastest of five runs): Africa from Brazil 15 and Southern Europe 10 + 8, numba
1.54 -> 1.44 s, its output 49 -> 29 MB; Europe from Greenland 12 and North Africa 8 + 6 (6.26 M
positions), numba 4.34 -> 4.31 s, the browser's JavaScript (Node) 6.66 -> 6.49 s, 119 -> 71 MB, and
the whole request's peak in CPython 309 -> 262 MB. Every value within 1e-15 of the two arrays',
relatively, and every record the same.

The attacks worth comparing
---------------------------
The exact phase (algorithms/real_turn.py `candidates`) compares exactly every attack whose float
comes within `relative` of the best: by the values (those at least best * (1 - relative), the best
at least TINY), or where the best value is above HIGH by the chances of failing (those at most
near_least(least, relative)). Finding them again costs the exact phase a sum per attack, and most of
its time. The sweep has every attack's sums in hand, so it applies the same test to the same doubles
(`candidates_mask`) and records the attacks that pass as a set of bits: bit pair * MOST_DICE + n - 1
for the attack of the block's pair (position, held target) of that place in Block.pairs with n dice
(algorithms/real_space.py). A block whose pairs need more than MASK_BITS bits, and a position whose
best value is below TINY, record 0: the exact phase then sums for itself.

Three runners sweep the same arrays: `sweep_python` (this module: the definition, pure Python, slow
and plain), algorithms/real_sweep_numba.py (CPython with numba) and site_src/js/real-sweep.js (the
browser's JavaScript, called from Pyodide). Each writes the same floats (tests/engine holds them
equal, bit for bit, and the same attacks recorded). The two fast ones keep each position's one
double, then the records as 32-bit integers, in one array of `out_doubles` doubles, and `apart`
reads them.

Several cores
-------------
A block reads only its own positions and those of blocks with one more target taken (a conquest adds
one). So the blocks with the same number of targets taken, a layer, read none of each other's, and may
be swept at once by several threads, layer after layer, most targets taken first (`layers`). Each
position is still valued by the same sums, so the doubles do not change. In the browser the page's
cores share the sweep (site_src/js/sweep-pool.js): each thread takes the layer's next block, largest
first, when it is free, and the longest thread's work is what the cost guard prices (`span_share`).
In CPython the compiled runner does the same on the cores the process may use (`threads`), in threads
that run without the interpreter's lock, while the request's other work (the plan fixed in advance)
goes on in the caller's thread. There the time budget counts the process's CPU time, every thread's:
sharing the sweep shortens the wait, not what the guard prices.
"""
import sys
from array import array
from math import copysign
from operator import itemgetter

from ..checks.rules import least_move       # the fewest armies moved in: the index into a move's suffix maxima
from ..facts.limits import LIMITS
from ..guards.budget import overdue, seconds_left, tick
from .real_rounds import Rounds  # noqa: F401  (the tables every runner reads)
from .real_space import MASK_BITS, MOST_DICE, out_doubles
from .real_turn import HIGH, RELATIVE, TINY, worth_comparing


def value_of(g):
    """A position's value from its one double g (module docstring, "One double per position")."""
    return g if copysign(1.0, g) > 0.0 else 1.0 - -g


def fail_of(g):
    """A position's chance of failing from its one double g."""
    return 1.0 - g if copysign(1.0, g) > 0.0 else -g


def one_double(best, least):
    """The one double a position keeps: its value `best` where it is at most HIGH, else minus its
    chance of failing `least` (-0.0 for a certain success)."""
    return best if best <= HIGH else -least


class Side:
    """One of the two quantities of a sweep's doubles (value_of or fail_of of each), read by index like
    an array, with no copy."""
    __slots__ = ("doubles", "read")

    def __init__(self, doubles, read):
        self.doubles, self.read = doubles, read

    def __getitem__(self, i):
        return self.read(self.doubles[i])

    def __len__(self):
        return len(self.doubles)

    def __iter__(self):
        return map(self.read, self.doubles)

    def tobytes(self):
        return array("d", self).tobytes()


def candidates_mask(best, sums, relative):
    """The attacks recorded for a position (module docstring, "The attacks worth comparing"), best its
    value, sums [(bit, value, chance of failing)] per attack: the bits of those that pass the exact
    phase's test (algorithms/real_turn.py `worth_comparing`); 0 where the best is below TINY."""
    if best < TINY:
        return 0
    passed = worth_comparing(best, sums, itemgetter(1), itemgetter(2), relative)
    return sum(1 << bit for bit, _, _ in passed)


def sweep_python(space, rounds, dice, min_move, relative=RELATIVE):
    """(V, F, C): the float value of every position of `space`, its chance of failing (Sides of one
    array of doubles, index order; module docstring, "Near 1" and "One double per position") and the
    attacks recorded for it (array of ints: "The attacks worth comparing", for the exact phase's margin
    `relative`): the recursion in plain Python, the definition the other runners are held to."""
    G = array("d", bytes(8 * space.size))
    C = array("i", bytes(4 * space.size))
    choose = dice == "choose"
    for block in space.blocks:
        tick(len(block.keys) * block.ND // 16 + 1)
        nd_all = block.ND
        held, strides, fixed = block.held, block.strides, block.fixed
        first_pair = block.first_pair   # the place of position p's first pair in Block.pairs
        records = len(block.pairs) * MOST_DICE <= MASK_BITS
        moves = {}
        for ai, key in enumerate(block.keys):
            vals = block.values(key)
            for di in range(nd_all):
                d = [((di // s) % f) + 1 if s else f for s, f in zip(strides, fixed)]
                best, least = 0.0, 1.0
                sums = []
                for p, v in enumerate(vals):
                    if v < 2:
                        continue
                    for j, h in enumerate(block.attacks[p], first_pair[p]):
                        y, dy = held[h], d[h]
                        table = rounds.table(y, dy)
                        top = min(len(table) - 1, v - 1)
                        for n in (range(top, 0, -1) if choose else (top,)):
                            total, fail = 0.0, 0.0
                            for al, dl, pr, _ in table[n]:
                                if dl < dy:
                                    g = G[block.offset + _down(block, vals, p, al) * nd_all + di - dl * strides[h]]
                                    c, f = value_of(g), fail_of(g)
                                else:
                                    a2 = v - al
                                    mk = (ai, p, h, a2, di - (dy - 1) * strides[h])
                                    suffix = moves.get(mk)
                                    if suffix is None:
                                        suffix = moves[mk] = move_suffix(space, block, vals, p, h, a2, d, G, choose)
                                    if a2 >= 2:
                                        lo = least_move(min_move, n, a2)
                                        c, f = suffix[0][lo], suffix[1][lo]
                                    else:
                                        c, f = 0.0, 1.0
                                total += pr * c
                                fail += pr * f
                            if total > best:
                                best = total
                            if fail < least:
                                least = fail
                            sums.append((j * MOST_DICE + n - 1, total, fail))
                G[block.offset + ai * nd_all + di] = one_double(best, least)
                if records:
                    C[block.offset + ai * nd_all + di] = candidates_mask(best, sums, relative)
    return Side(G, value_of), Side(G, fail_of), C


def _down(block, vals, p, al):
    """ai of the army vector `vals` with position p down al armies (0 below 2), canonical."""
    v = list(vals)
    v[p] = v[p] - al
    return block.index_of_key(block.key(block.canonical(v)))


def after_conquest(space, block, vals, p, h, d):
    """(block M + y, di there, place(a, m) -> ai there) for a conquest of held target h by position
    p of `block` with army vector `vals` and defenders d (per held target); the block is None where M
    + y is a success. place(a, m): the army vector's index with a - m left on p's territory and m
    moved into y."""
    y = block.held[h]
    nmask = block.mask | 1 << y
    if space.done(nmask):
        return None, 0, None
    nb = space.by_mask[nmask]
    slots = dict(zip(block.live, vals))
    x = block.live[p]
    di = 0
    for t, stride in zip(nb.held, nb.strides):
        if stride:
            di += (d[block.held.index(t)] - 1) * stride
    def place(a, m):
        slots[x], slots[y] = a - m, m
        values = [slots.get(i, 0) for i in nb.live]
        return nb.index_of_key(nb.key(nb.canonical(values)))
    return nb, di, place


def move_suffix(space, block, vals, p, h, a, d, G, choose):
    """([the best value moving at least m armies in], [the least chance of failing so], m = 0 .. a - 1)
    after position p of `block` takes held target h with a armies left (index 0 unused; module
    docstring, "The moves"). G: the sweep's doubles, one per position."""
    nb, di, place = after_conquest(space, block, vals, p, h, d)
    if nb is None:
        return [1.0] * a, [0.0] * a
    x, y = block.live[p], block.held[h]
    x_live, y_live = x in nb.live, y in nb.live

    def at(m):
        return G[nb.offset + place(a, m) * nb.ND + di]
    if choose and not x_live:
        g = at(a - 1)
        return [value_of(g)] * a, [fail_of(g)] * a
    out, outf = [0.0] * a, [1.0] * a
    if choose and not y_live:
        for m in range(1, a):
            g = at(m)
            out[m], outf[m] = value_of(g), fail_of(g)
        return out, outf
    best, least = 0.0, 1.0
    for m in range(a - 1, 0, -1):
        g = at(m)
        c, f = value_of(g), fail_of(g)
        if c > best:
            best = c
        if f < least:
            least = f
        out[m], outf[m] = best, least
    return out, outf


# ----------------------------------------------------------------------------- the other runners
def spec(space, rounds, dice, min_move, threads=1, relative=RELATIVE):
    """(text, keys) for site_src/js/real-sweep.js: the space, the rounds and the test of
    `candidates_mask` (relative, HIGH, TINY, MOST_DICE, MASK_BITS) as JSON text, and every block's
    keys as the bytes of the space's 64-bit integers, block after block, as they are (real-sweep.js
    keysAsFloats makes them doubles, exactly: keys stay below 2**52, real_space.KEY_BITS). With
    `threads` > 1 it holds the `layers` and how many threads may share them (sweep-pool.js)."""
    import json
    blocks = []
    index = {b.mask: i for i, b in enumerate(space.blocks)}
    start = 0
    for b in space.blocks:
        blocks.append({
            "mask": b.mask, "offset": b.offset, "ND": b.ND, "nkeys": len(b.keys), "keyStart": start,
            "live": list(b.live), "caps": list(b.caps), "shifts": list(b.shifts), "widths": list(b.widths),
            "groups": [list(g) for g in b.groups], "held": list(b.held), "strides": list(b.strides),
            "fixed": list(b.fixed), "attacks": [list(a) for a in b.attacks],
            "next": [-1 if space.done(b.mask | 1 << y) else index.get(b.mask | 1 << y, -2) for y in b.held]})
        start += len(b.keys)
    shared = {"threads": threads, "layers": space_layers(space)}
    tables = [[None] + [[None] + [[x for al, dl, p, _ in row[n] for x in (al, dl, p)] for n in range(1, len(row))]
                        for row in by_nd[1:]] for by_nd in rounds.by_defenders]
    text = json.dumps({"size": space.size, "choose": dice == "choose", "minMove": min_move, "rounds": tables,
                       "mostAttack": list(rounds.most_attack), "relative": relative, "high": HIGH, "tiny": TINY,
                       "mostDice": MOST_DICE, "maskBits": MASK_BITS,
                       "blocks": blocks, **(shared if threads > 1 else {})}, separators=(",", ":"))
    keys = space.keys
    if sys.byteorder != "little":       # the sweep reads little-endian words (WebAssembly's order)
        keys = array("q", keys)
        keys.byteswap()
    return text, keys.tobytes()


# ----------------------------------------------------------------------------- several cores
def layers(sizes, masks):
    """The blocks (indexes into `sizes` and `masks`, their positions and taken targets) in the order
    they may be swept on several threads (module docstring, "Several cores"): lists of the blocks with
    the same number of targets taken, the most first; in each, the largest block first (the thread
    that takes it last would finish last), ties in index order."""
    by = {}
    for i, mask in enumerate(masks):
        by.setdefault(bin(mask).count("1"), []).append(i)
    return [sorted(by[n], key=lambda i: (-sizes[i], i)) for n in sorted(by, reverse=True)]


def space_layers(space):
    """`layers` of a Space's blocks."""
    return layers([b.size for b in space.blocks], [b.mask for b in space.blocks])


def span_share(sizes, masks, threads):
    """The share of a sweep's positions (blocks of `sizes` positions, taken targets `masks`) that its
    busiest thread values when `threads` sweep it as the browser's pool does: layer after layer, each
    thread takes the next block of `layers` when it is free. Blocks are weighed by their positions,
    each free thread being the one with the least so far (a guide for the cost guard, 1 on one
    thread)."""
    total = sum(sizes)
    if threads <= 1 or not total:
        return 1.0
    span = 0
    for layer in layers(sizes, masks):
        loads = [0] * threads
        for i in layer:
            loads[loads.index(min(loads))] += sizes[i]
        span += max(loads)
    return span / total


def threads():
    """How many threads sweep here: the browser's pool (site_src/js/sweep-pool.js, its `threads`)
    where the page gave the worker one; in CPython the cores this process may run on, at most the
    limit compiled_sweep_threads (the compiled runner's threads: algorithms/real_sweep_numba.py); else 1."""
    js_sweep = _javascript()
    if js_sweep is not None:
        return int(getattr(js_sweep, "threads", 1) or 1)
    if sys.platform == "emscripten":
        return 1
    import os
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, min(cores, LIMITS["compiled_sweep_threads"]))


# ----------------------------------------------------------------------------- which runner
COMPILED_FROM = 20_000      # positions: below this the plain sweep takes about a second at most, and spares
                            # loading the compiled one (its memory: COST_MODEL real_sweep_numba_load_mb)


def runner(size=COMPILED_FROM):
    """The runner this interpreter sweeps `size` positions with: "javascript" in Pyodide where the page
    gave the worker site_src/js/real-sweep.js (globalThis.riskoddsSweep); "numba" in CPython where
    numba is installed (the `fast` extra) and the sweep is big enough to pay for loading it; else
    "python"."""
    if _javascript() is not None:
        return "javascript"
    if size >= COMPILED_FROM and _numba():
        return "numba"
    return "python"


def compiled_loaded():
    """Is the compiled sweep already loaded in this process (numba imported, its code read)?"""
    return "riskodds.algorithms.real_sweep_numba" in sys.modules


def _numba():
    import importlib.util
    return importlib.util.find_spec("numba") is not None


def _javascript():
    if sys.platform != "emscripten":
        return None
    try:
        import js
    except ImportError:
        return None
    return getattr(js, "riskoddsSweep", None)


def sweep(space, rounds, dice, min_move, threads=1, meanwhile=None, relative=RELATIVE):
    """(V, F, C): every position's float value, chance of failing (doubles, index order) and recorded
    attacks (ints: `candidates_mask`, for the exact phase's margin `relative`), by the fastest runner this
    interpreter has (`runner`), the JavaScript one on up to `threads` threads; every runner gives the
    same doubles and records. meanwhile(): other work of the request that does not need the values
    (answers/turn.py: the plan fixed in advance shown beside), run while the browser's pool or the
    compiled runner's threads sweep, else before the sweep."""
    how = runner(space.size)
    if how == "python":
        if meanwhile:
            meanwhile()
        return sweep_python(space, rounds, dice, min_move, relative)
    tick()
    if how == "numba":
        from .real_sweep_numba import sweep_numba
        out = sweep_numba(space, rounds, dice, min_move, relative, threads, space_layers(space), meanwhile,
                          lambda: seconds_left() == 0)
        if out is None:
            overdue()
        return apart(out, space.size)
    from pyodide.ffi import to_js
    text, keys = spec(space, rounds, dice, min_move, threads, relative)
    js_sweep, keys = _javascript(), to_js(keys)
    job = js_sweep.begin(text, keys) if threads > 1 and hasattr(js_sweep, "begin") else None
    try:
        if meanwhile:
            meanwhile()
        tick()
        both = array("d", [0.0]) * out_doubles(space.size)     # the JavaScript sweep fills it in place
    except BaseException:           # out of time or memory, or cancelled: the pool's threads stop too
        if job is not None:
            js_sweep.stop(job)
        raise
    left = seconds_left()           # the sweep stops every thread at the running deadline
    left_ms = None if left is None else 1000 * left
    if job is not None:
        out = js_sweep.end(job, both, left_ms)     # stops them itself if it is cancelled
    else:
        out = js_sweep(text, keys, both, left_ms)
    if isinstance(out, str) and out == "late":
        overdue()
    return apart(both, space.size)


def apart(out, size):
    """(V, F, C) from the fast runners' layout (`out`: anything that exposes the bytes of
    `out_doubles(size)` doubles): the values and the chances of failing, two Sides of the positions'
    doubles (module docstring, "One double per position"), and the records, read by index like
    arrays, with no copy."""
    data = memoryview(out).cast("B")
    doubles = data[:8 * size].cast("d")
    return Side(doubles, value_of), Side(doubles, fail_of), data[8 * size:12 * size].cast("i")
