"""The real turn's float sweep compiled by numba (CPython, optional: `pip install ./pysite[fast]`).

The same recursion as algorithms/real_sweep.py's `sweep_python` and site_src/js/real-sweep.js, the
same sums in the same order (numba compiles without fast-math: no reassociation, no fused
multiply-add), so the same doubles, bit for bit: tests/engine holds the three equal. Only the
representation differs: the space arrives as flat integer arrays (`flatten`), each block's keys get
an open-addressing table, and one compiled loop per block (`_sweep_block`) values its positions in
index order. It runs without the interpreter's lock, so the blocks of a layer (real_sweep.py, "Several
cores") are swept on several threads at once, while the request's other work goes on in Python.

Per army vector of a block the sweep first finds what the vector's rolls lead to (the vector less
1, 2 or 3 armies on each live territory: `downs`) and, per attack (position p, held target h), the
vectors a conquest leads to in the next block for every move m (`line`), and from those the best
value of moving at least 1, 2 or 3 armies in (the suffix maxima), per defenders of the other held
targets; an attack's are kept for the next vector where it agrees on the armies they read (14 to 24 %
of them on the bench's Europe and Africa: a sweep 7 to 10 % quicker). Then every defender
combination of the vector is valued from those and from the array.

Where the time goes (one thread, measured by leaving each part out): Africa from Brazil 15 and
Southern Europe 10 + 8, 2.2 s in all: the defender combinations' sums 1.0 s, the conquests' lines
0.86 s, the rolls' `downs` 0.33 s; Europe from Greenland 12 and North Africa 8 + 6, 5.2 s: 2.3, 2.4
and 0.47 s. The hash look-ups are not what costs (December 2026): with `_find` made a bare
arithmetic step that reads no table (wrong indexes, the same loops) the sweep took 2.10 s against
2.21 s on Africa and 5.12 against 5.35 s on Europe, so a numbering whose index is arithmetic (a
vector's rank) would save at most 5 %. Nor do the children's values read far away: reading every
roll's child from the vector itself saved 7 %. The time is the loops' own work, spread over the
sums, the lines and the suffix maxima. The lines' moves no longer sort a whole vector where the
attacker and the territory taken sit in different groups (`_line`): Africa 2.19 -> 2.12 s, Europe
5.43 -> 5.07 s, the same doubles. Two changes of the numbering since (real_space.py): the clusters'
bound ("flows": Africa's positions 3,013,102 -> 2,584,814) and the key's bit order (`_significance`:
more vectors in a row share a conquest's lines), measured one thread, three runs each: Africa 1.71 s
with the bound alone, 1.65 s with both; Europe (no fewer positions) 4.88 -> 4.73 s.

Measured and dropped (December 2026): keeping each pair's lines for more than the last vector (an
LRU of 4 to 64 per pair) would save 1 to 16 % of the lines' work, all vectors' 42 % (Africa) at the
memory of every line at once; bounding a run of moves by the value of a state with more armies on
both sides (the value rises with armies under "choose") reads 1.6 times as many values as the plain
maximum, the bounds being too loose to cut."""
import math
import threading

import numpy as np
from numba import njit

from .real_space import MASK_BITS, MOST_DICE, done, out_doubles
from .real_turn import HIGH, RELATIVE, TINY

NO_KEY = -1


def flatten(space, rounds, dice, min_move):
    """The space and the rounds as the flat arrays `sweep_numba` takes (a dict of numpy arrays and
    ints)."""
    blocks = space.blocks
    index = {b.mask: i for i, b in enumerate(blocks)}
    keys = np.frombuffer(space.keys, dtype=np.int64)       # every block's keys, with no copy
    B = len(blocks)
    info = np.zeros((B, 8), dtype=np.int64)     # offset, ND, nkeys, keyStart, L, H, pos start, held start
    pos, held_rows, pair_rows, group_rows = [], [], [], []
    start = 0
    for i, b in enumerate(blocks):
        info[i] = (b.offset, b.ND, len(b.keys), start, len(b.live), len(b.held), len(pos), len(held_rows))
        start += len(b.keys)
        for p in range(len(b.live)):
            group = next((g for g in b.groups if g[0] <= p < g[1]), (p, p + 1))
            pos.append((b.live[p], b.shifts[p], b.widths[p], group[0], group[1], b.caps[p]))
        for h, y in enumerate(b.held):
            nxt = b.mask | 1 << y
            target = -1 if done(nxt, space.goal, space.need) else index.get(nxt, -2)
            held_rows.append((y, b.strides[h], b.fixed[h], target))
    pairs_start = np.zeros(B + 1, dtype=np.int64)
    for i, b in enumerate(blocks):
        pairs_start[i] = len(pair_rows)
        for p in range(len(b.live)):
            for h in b.attacks[p]:
                pair_rows.append((p, h))
    pairs_start[B] = len(pair_rows)
    # rounds: first[y, nd, n] .. first[y, nd, n + 1] in AL, DL, PR
    k = len(rounds.models)
    most_nd = max([m.defend_dice for m in rounds.models] + [1])
    most_n = max([m.attack_dice for m in rounds.models] + [1])
    first = np.zeros((max(k, 1), most_nd + 1, most_n + 2), dtype=np.int64)
    AL, DL, PR = [], [], []
    defend = np.zeros(max(k, 1), dtype=np.int64)
    attack = np.zeros(max(k, 1), dtype=np.int64)
    for y in range(k):
        row = rounds.by_defenders[y]
        defend[y] = len(row) - 1
        attack[y] = rounds.most_attack[y]
        for nd in range(1, len(row)):
            for n in range(1, len(row[nd])):
                first[y, nd, n] = len(AL)
                for al, dl, p, _ in row[nd][n]:
                    AL.append(al)
                    DL.append(dl)
                    PR.append(p)
            first[y, nd, len(row[nd])] = len(AL)
    return {"keys": keys, "info": info, "pos": np.array(pos, dtype=np.int64).reshape(-1, 6),
            "held": np.array(held_rows, dtype=np.int64).reshape(-1, 4),
            "pairs": np.array(pair_rows, dtype=np.int64).reshape(-1, 2), "pairs_start": pairs_start,
            "first": first, "defend": defend, "attack": attack,
            "AL": np.array(AL, dtype=np.int64), "DL": np.array(DL, dtype=np.int64),
            "PR": np.array(PR, dtype=np.float64), "size": space.size,
            "choose": dice == "choose", "by_dice": min_move == "dice"}


def sweep_numba(space, rounds, dice, min_move, relative=RELATIVE, threads=1, order=None, meanwhile=None,
                expired=None):
    """Every position's one double (its value or minus its chance of failing), then its recorded attack
    (one numpy array of real_space.out_doubles(space.size) doubles: the doubles, position after
    position in index order, then the records as 32-bit integers; algorithms/real_sweep.py, "Near 1",
    "One double per position", "The attacks worth comparing" (for the exact phase's margin
    `relative`), and `apart`).

    order: the blocks in layers (real_sweep.layers; None: index order, one layer each): the blocks of
    one layer are swept on up to `threads` threads at once, each thread taking the next block of the
    layer when it is free, as the browser's pool does. Each position is the same sum in the same order
    on any thread: the same doubles. meanwhile(): other work of the request, run on this thread while
    the sweep runs on others. expired(): polled while waiting; once it is true the sweep stops after
    the blocks being swept, and None is returned (the caller raises what its deadline raises)."""
    f = flatten(space, rounds, dice, min_move)
    slots, table_start, table_bits = _tables(f["keys"], f["info"])
    W = np.zeros(out_doubles(f["size"]), dtype=np.float64)
    C = W[f["size"]:].view(np.int32)
    info, pos = f["info"], f["pos"]
    most_cap = max(2, int(pos[:, 5].max()) + 1 if len(pos) else 2)
    most_l = max(1, int(info[:, 4].max()) if len(info) else 1)

    def one(b):
        _sweep_block(b, f["keys"], info, pos, f["held"], f["pairs"], f["pairs_start"], f["first"], f["defend"],
                     f["attack"], f["AL"], f["DL"], f["PR"], f["choose"], f["by_dice"], slots, table_start, table_bits,
                     W, C, most_cap, most_l, relative, HIGH, TINY, MOST_DICE, MASK_BITS)

    layers = order if order is not None else [[b] for b in range(len(space.blocks))]
    if threads <= 1 and meanwhile is None and expired is None:
        for layer in layers:
            for b in layer:
                one(b)
        return W
    stop, finished, failed = threading.Event(), threading.Event(), []

    def run():
        try:
            _in_layers(layers, one, threads, stop)
        except BaseException as e:          # a bug or no memory: raised on the caller's thread
            failed.append(e)
        finally:
            finished.set()

    coordinator = threading.Thread(target=run, name="real-sweep", daemon=True)
    coordinator.start()
    try:
        if meanwhile is not None:
            meanwhile()
        while not finished.is_set():
            if expired is not None and expired():
                stop.set()
            finished.wait(POLL_S)
    except BaseException:                   # out of time or memory, or interrupted: the threads stop too
        stop.set()
        coordinator.join()
        raise
    coordinator.join()
    if failed:
        raise failed[0]
    return None if stop.is_set() else W


POLL_S = 0.05       # seconds between two looks at the deadline while the threads sweep


def _in_layers(layers, one, threads, stop):
    """one(b) for every block, layer after layer, on up to `threads` threads (this one among them):
    each takes the next block of the layer when it is free; a layer starts once the last one is done.
    stop: set, no block starts any more."""
    for layer in layers:
        blocks = iter(layer)
        lock = threading.Lock()
        failed = []

        def take():
            try:
                while not stop.is_set():
                    with lock:
                        b = next(blocks, None)
                    if b is None:
                        return
                    one(b)
            except BaseException as e:
                failed.append(e)
                stop.set()

        helpers = [threading.Thread(target=take, daemon=True) for _ in range(min(threads, len(layer)) - 1)]
        for h in helpers:
            h.start()
        take()
        for h in helpers:
            h.join()
        if failed:
            raise failed[0]
        if stop.is_set():
            return


def _tables(keys, info):
    """Per block an open-addressing table of its keys: (slots, starts, bits per block). A slot holds the
    index of a key of the block (32 bits; NO_KEY where empty), the key itself read from `keys`: a quarter
    of the memory of key and index side by side in 64 bits, for one more read per key found. A table is
    at most 3/4 full: half full took a third more memory, for no speed measured (Africa 15/10 + 8: a
    sweep of 2.18-2.24 s either way). starts[b]: the block's first slot and first key."""
    B = len(info)
    bits = np.zeros(B, dtype=np.int64)
    start = np.zeros((B + 1, 2), dtype=np.int64)
    for b in range(B):
        n = int(info[b, 2])
        t = 4
        while 3 * (1 << t) < 4 * n:
            t += 1
        bits[b] = t
        start[b, 1] = info[b, 3]
        start[b + 1, 0] = start[b, 0] + (1 << t)
    slots = np.full(int(start[B, 0]), NO_KEY, dtype=np.int32)
    _fill_tables(keys, info, slots, start, bits)
    return slots, start, bits


@njit(cache=True)
def _hash(key, bits):
    """The table slot of a key: Fibonacci hashing, the top `bits` bits of key * 2**64 / phi."""
    h = np.uint64(key) * np.uint64(0x9E3779B97F4A7C15)
    return np.int64(h >> np.uint64(64 - bits))


@njit(cache=True)
def _fill_tables(keys, info, slots, start, bits):
    for b in range(info.shape[0]):
        mask = (1 << bits[b]) - 1
        ks = info[b, 3]
        for i in range(info[b, 2]):
            h = _hash(keys[ks + i], bits[b])
            while slots[start[b, 0] + h] != NO_KEY:
                h = (h + 1) & mask
            slots[start[b, 0] + h] = i


@njit(cache=True)
def _find(key, b, slots, start, bits, keys):
    """The index in block b of the vector `key`, or -1."""
    mask = (1 << bits[b]) - 1
    h = _hash(key, bits[b])
    base, ks = start[b, 0], start[b, 1]
    while True:
        i = slots[base + h]
        if i == NO_KEY:
            return -1
        if keys[ks + i] == key:
            return i
        h = (h + 1) & mask


@njit(cache=True)
def _lookup(vals, b, info, pos, slots, start, bits, keys):
    """ai of a vector of block b (values per position, made canonical in place), or -1."""
    return _find(_canonical_key(vals, b, info, pos), b, slots, start, bits, keys)


@njit(cache=True)
def _canonical_key(vals, b, info, pos):
    """The key of a vector of block b (values per position, made canonical in place)."""
    L = info[b, 4]
    p0 = info[b, 6]
    for q in range(L):
        if vals[q] < 2:
            vals[q] = 0
    q = 0
    while q < L:                        # each group in decreasing order (insertion sort)
        g0, g1 = pos[p0 + q, 3], pos[p0 + q, 4]
        for i in range(g0 + 1, g1):
            v = vals[i]
            j = i - 1
            while j >= g0 and vals[j] < v:
                vals[j + 1] = vals[j]
                j -= 1
            vals[j + 1] = v
        q = g1
    key = 0
    for q in range(L):
        key |= vals[q] << pos[p0 + q, 1]
    return key


@njit(cache=True, inline="always")
def _value(g):
    """real_sweep.py value_of: a position's value from its one double."""
    if math.copysign(1.0, g) > 0.0:
        return g
    return 1.0 - -g


@njit(cache=True, inline="always")
def _fail(g):
    """real_sweep.py fail_of: a position's chance of failing from its one double."""
    if math.copysign(1.0, g) > 0.0:
        return 1.0 - g
    return -g


@njit(cache=True, inline="always")
def _read(g, side):
    """_fail(g) where `side` (1), else _value(g)."""
    return _fail(g) if side else _value(g)


@njit(cache=True, nogil=True)
def _sweep_block(b, keys, info, pos, held, pairs, pairs_start, first, defend, attack, AL, DL, PR, choose, by_dice,
                 slots, tstart, tbits, W, C, most_cap, most_l, relative, high, tiny, most_dice, mask_bits):
    """Value every position of block b into W (its one double: real_sweep.py one_double) and C (the
    records), reading only this block and the blocks with more targets taken (done before it). Runs
    without the interpreter's lock: the blocks of one layer may run on several threads at once."""
    bits = np.zeros(mask_bits, dtype=np.int64)      # per attack of a position: its bit in a record,
    totals = np.zeros(mask_bits, dtype=np.float64)  # its value
    fails = np.zeros(mask_bits, dtype=np.float64)   # and its chance of failing
    offset, ND, nkeys, ks, L, H, p0, h0 = info[b, 0], info[b, 1], info[b, 2], info[b, 3], info[b, 4], \
        info[b, 5], info[b, 6], info[b, 7]
    P0, P1 = pairs_start[b], pairs_start[b + 1]
    P = P1 - P0
    records = P * most_dice <= mask_bits
    vals = np.zeros(L, dtype=np.int64)
    work = np.zeros(max(L, 1), dtype=np.int64)
    downs = np.zeros(L * 4, dtype=np.int64)
    lines = np.zeros((max(P, 1), most_cap + 1), dtype=np.int64)
    cache = np.zeros(max(P, 1) * ND * 4, dtype=np.float64)
    cachef = np.zeros(max(P, 1) * ND * 4, dtype=np.float64)
    bests = np.zeros(ND, dtype=np.float64)
    leasts = np.zeros(ND, dtype=np.float64)
    # per pair: the next block (or -1 a success), x's and y's places there, the di map
    nbs = np.zeros(max(P, 1), dtype=np.int64)
    qxs = np.full(max(P, 1), -1, dtype=np.int64)
    qys = np.full(max(P, 1), -1, dtype=np.int64)
    ditrans = np.zeros((max(P, 1), ND), dtype=np.int64)
    src = np.full((max(P, 1), most_l), -3, dtype=np.int64)   # per pair, per place there: where from
    fast = np.zeros(max(P, 1), dtype=np.bool_)
    nwork = np.zeros(3 * most_l, dtype=np.int64)
    for i in range(P):
        p, h = pairs[P0 + i, 0], pairs[P0 + i, 1]
        nb = held[h0 + h, 3]
        nbs[i] = nb
        if nb < 0:
            continue
        x, y = pos[p0 + p, 0], held[h0 + h, 0]
        np0, nL = info[nb, 6], info[nb, 4]
        for q in range(nL):
            s = pos[np0 + q, 0]
            if s == x:
                qxs[i] = q
                src[i, q] = -1
            elif s == y:
                qys[i] = q
                src[i, q] = -2
            else:
                for r in range(L):
                    if pos[p0 + r, 0] == s:
                        src[i, q] = r
        fast[i] = qxs[i] < 0 or qys[i] < 0 or pos[np0 + qxs[i], 3] != pos[np0 + qys[i], 3]   # not one group
        nh0, nH = info[nb, 7], info[nb, 5]
        for di in range(ND):
            out = 0
            for t in range(nH):
                st = held[nh0 + t, 1]
                if st == 0:
                    continue
                tgt = held[nh0 + t, 0]
                dv = 0
                for hh in range(H):
                    if held[h0 + hh, 0] == tgt:
                        s2 = held[h0 + hh, 1]
                        dv = ((di // s2) % held[h0 + hh, 2]) + 1 if s2 else held[h0 + hh, 2]
                out += (dv - 1) * st
            ditrans[i, di] = out
    # per pair: the bits of this block's key that its conquest's lines read (the attacker's armies
    # and those of the places staying in play in the next block). An army vector that agrees
    # there with the last one computed for the pair has the same lines and cache: they are kept.
    sigmask = np.zeros(max(P, 1), dtype=np.int64)
    lastsig = np.full(max(P, 1), -1, dtype=np.int64)
    for i in range(P):
        p = pairs[P0 + i, 0]
        m = ((1 << pos[p0 + p, 2]) - 1) << pos[p0 + p, 1]
        if nbs[i] >= 0:
            for q in range(info[nbs[i], 4]):
                r = src[i, q]
                if r >= 0:
                    m |= ((1 << pos[p0 + r, 2]) - 1) << pos[p0 + r, 1]
        sigmask[i] = m
    dtab = np.zeros((ND, max(H, 1)), dtype=np.int64)     # per di, per held target: its defenders
    other = np.zeros((max(H, 1), ND), dtype=np.bool_)    # per held target, per di: its digit is not 0
    for di in range(ND):
        for hh in range(H):
            s2 = held[h0 + hh, 1]
            dtab[di, hh] = ((di // s2) % held[h0 + hh, 2]) + 1 if s2 else held[h0 + hh, 2]
            other[hh, di] = s2 != 0 and dtab[di, hh] != 1
    for ai in range(nkeys):
        key = keys[ks + ai]
        for q in range(L):
            vals[q] = (key >> pos[p0 + q, 1]) & ((1 << pos[p0 + q, 2]) - 1)
        for p in range(L):
            v = vals[p]
            if v < 2:
                continue
            alone = pos[p0 + p, 4] - pos[p0 + p, 3] == 1
            for al in range(1, 4):
                if alone:       # no group to sort: the key less the armies lost
                    w = v - al if v - al >= 2 else 0
                    downs[p * 4 + al] = _find(key - ((v - w) << pos[p0 + p, 1]), b, slots, tstart, tbits, keys)
                    continue
                for q in range(L):
                    work[q] = vals[q]
                work[p] -= al
                downs[p * 4 + al] = _lookup(work, b, info, pos, slots, tstart, tbits, keys)
        for i in range(P):          # every conquest's value, per di without y, least move 1 .. 3
            p, h = pairs[P0 + i, 0], pairs[P0 + i, 1]
            v = vals[p]
            if v < 2:
                continue
            sig = key & sigmask[i]
            if sig == lastsig[i]:               # its lines and cache as they are
                continue
            lastsig[i] = sig
            nb = nbs[i]
            st, dig = held[h0 + h, 1], held[h0 + h, 2]
            if nb < 0:
                for di in range(ND):
                    for lo in range(4):
                        cache[(i * ND + di) * 4 + lo] = 1.0 if nb == -1 else 0.0
                        cachef[(i * ND + di) * 4 + lo] = 0.0 if nb == -1 else 1.0
                continue
            _line(vals, v, nb, qxs[i], qys[i], choose, fast[i], src[i], nwork, info, pos, lines[i], slots, tstart,
                  tbits, keys, attack[held[h0 + h, 0]])
            nbase, nND = info[nb, 0], info[nb, 1]
            if choose and qxs[i] < 0:            # every army it can spare goes in
                row = nbase + lines[i, v - 1] * nND
                for di in range(ND):
                    if not other[h, di]:
                        c = _value(W[row + ditrans[i, di]])
                        f = _fail(W[row + ditrans[i, di]])
                        for lo in range(4):
                            cache[(i * ND + di) * 4 + lo] = c
                            cachef[(i * ND + di) * 4 + lo] = f
            elif choose and qys[i] < 0:          # the fewest go in
                for lo in range(1, 4):
                    if lo < v and lo <= attack[held[h0 + h, 0]]:     # the lines `_line` made
                        row = nbase + lines[i, lo] * nND
                        for di in range(ND):
                            if not other[h, di]:
                                cache[(i * ND + di) * 4 + lo] = _value(W[row + ditrans[i, di]])
                                cachef[(i * ND + di) * 4 + lo] = _fail(W[row + ditrans[i, di]])
            else:                                # the best of every move, row by row of the next block
                for di in range(ND):
                    bests[di] = 0.0
                    leasts[di] = 1.0
                for m in range(v - 1, 0, -1):
                    row = nbase + lines[i, m] * nND
                    for di in range(ND):
                        if other[h, di]:
                            continue
                        c = _value(W[row + ditrans[i, di]])
                        if c > bests[di]:
                            bests[di] = c
                        f = _fail(W[row + ditrans[i, di]])
                        if f < leasts[di]:
                            leasts[di] = f
                        if m < 4:
                            cache[(i * ND + di) * 4 + m] = bests[di]
                            cachef[(i * ND + di) * 4 + m] = leasts[di]
        for di in range(ND):
            best = 0.0
            least = 1.0
            count = 0
            for i in range(P):
                p, h = pairs[P0 + i, 0], pairs[P0 + i, 1]
                v = vals[p]
                if v < 2:
                    continue
                y = held[h0 + h, 0]
                dy = dtab[di, h]
                nd = dy if dy <= defend[y] else defend[y]
                top = attack[y] if attack[y] < v - 1 else v - 1
                stride = held[h0 + h, 1]
                low = 1 if choose else top
                for n in range(top, low - 1, -1):
                    total = 0.0
                    fail = 0.0
                    for o in range(first[y, nd, n], first[y, nd, n + 1]):
                        al, dl = AL[o], DL[o]
                        if dl < dy:
                            child = downs[p * 4 + al] if al else ai
                            c = _value(W[offset + child * ND + di - dl * stride])
                            f = _fail(W[offset + child * ND + di - dl * stride])
                        else:
                            a2 = v - al
                            diwo = di - (dy - 1) * stride
                            lo = (n if n < a2 else a2 - 1) if by_dice else 1
                            if a2 < 2:
                                c = 0.0
                                f = 1.0
                            elif al == 0 and lo < 4:
                                c = cache[(i * ND + diwo) * 4 + lo]
                                f = cachef[(i * ND + diwo) * 4 + lo]
                            else:
                                c = _conquest(W, vals, a2, lo, diwo, nbs[i], qxs[i], qys[i], choose, fast[i],
                                              src[i], nwork, info, pos, ditrans[i], slots, tstart, tbits, keys,
                                              False, attack[y])
                                f = _conquest(W, vals, a2, lo, diwo, nbs[i], qxs[i], qys[i], choose, fast[i],
                                              src[i], nwork, info, pos, ditrans[i], slots, tstart, tbits, keys,
                                              True, attack[y])
                        total += PR[o] * c
                        fail += PR[o] * f
                    if total > best:
                        best = total
                    if fail < least:
                        least = fail
                    if records:
                        bits[count] = i * most_dice + n - 1
                        totals[count] = total
                        fails[count] = fail
                        count += 1
            W[offset + ai * ND + di] = best if best <= high else -least     # real_sweep.py one_double
            if records:
                C[offset + ai * ND + di] = _mask(best, least, bits, totals, fails, count, relative, high, tiny)


@njit(cache=True)
def _mask(best, least, bits, totals, fails, count, relative, high, tiny):
    """algorithms/real_sweep.py `candidates_mask`, the same test on the same doubles: the position's
    `count` attacks, their bits and sums."""
    mask = 0
    if best > high:
        ceiling = tiny if least < tiny else least * (1 + relative)
        for k in range(count):
            if fails[k] <= ceiling:
                mask |= 1 << bits[k]
    elif best >= tiny:
        floor = best * (1 - relative)
        for k in range(count):
            if totals[k] >= floor:
                mask |= 1 << bits[k]
    return mask


@njit(cache=True)
def _line(vals, a, nb, qx, qy, choose, fast, src, work, info, pos, out, slots, tstart, tbits, keys, most_lo):
    """out[m]: the index in block nb of the vector after a conquest with a armies left on the
    attacker and m moved in: every m; only a - 1 where all but one go in; only m = 1 .. most_lo where
    the fewest go in (most_lo: the most dice the target's attacker rolls, the largest least move). src: per place of nb,
    where its armies come from (a place of this block, -1 the attacker, -2 the territory taken).
    work: scratch of 3 * (nb's places) integers.

    fast: the attacker and the territory taken sit in different groups there. Then a move changes
    only those two groups: the other places' part of the key is the same for every move, sorted once,
    and each of the two groups is its other members (sorted once) with the one new value put in
    place (`_group_key`), with no sorting per move. Else (both in one group) every move's vector is
    sorted whole (`_lookup`)."""
    nL, np0 = info[nb, 4], info[nb, 6]
    lowest = a - 1 if choose and qx < 0 else 1
    highest = a if not (choose and qy < 0 and qx >= 0) else min(a, most_lo + 1)
    if fast:
        gx0 = gx1 = gy0 = gy1 = 0
        if qx >= 0:
            gx0, gx1 = pos[np0 + qx, 3], pos[np0 + qx, 4]
        if qy >= 0:
            gy0, gy1 = pos[np0 + qy, 3], pos[np0 + qy, 4]
        rest = work[:nL]
        ox = work[nL:2 * nL]            # the other members of x's group, then of y's, decreasing
        oy = work[2 * nL:3 * nL]
        for q in range(nL):
            rest[q] = vals[src[q]] if src[q] >= 0 else 0
        nx = _others(rest, gx0, gx1, qx, ox)
        ny = _others(rest, gy0, gy1, qy, oy)
        key0 = _canonical_key(rest, nb, info, pos)     # x's and y's groups all 0 there: the other places' part
        for m in range(lowest, highest):
            key = key0
            if qx >= 0:
                key |= _group_key(a - m if a - m >= 2 else 0, gx0, ox, nx, pos, np0)
            if qy >= 0:
                key |= _group_key(m if m >= 2 else 0, gy0, oy, ny, pos, np0)
            out[m] = _find(key, nb, slots, tstart, tbits, keys)
        return
    for m in range(lowest, highest):
        for q in range(nL):
            f = src[q]
            work[q] = a - m if f == -1 else (m if f == -2 else vals[f])
        out[m] = _lookup(work[:nL], nb, info, pos, slots, tstart, tbits, keys)


@njit(cache=True)
def _others(values, g0, g1, q, out):
    """The values of the places g0 .. g1 - 1 but q (a group, q in it; none where q < 0) into out in
    decreasing order, each set to 0 in `values`; how many."""
    if q < 0:
        return 0
    n = 0
    for r in range(g0, g1):
        if r != q:
            v = values[r]
            j = n - 1
            while j >= 0 and out[j] < v:        # insertion, decreasing
                out[j + 1] = out[j]
                j -= 1
            out[j + 1] = v
            n += 1
        values[r] = 0
    return n


@njit(cache=True)
def _group_key(t, g0, others, n, pos, np0):
    """The key bits of a group whose first place is g0, holding `others` (n values, decreasing) and
    the value t: the n + 1 values in decreasing order, one per place from g0 on (a tie puts t after
    its equals: the same values)."""
    key = 0
    j = g0
    placed = False
    for i in range(n):
        g = others[i]
        if not placed and t > g:
            key |= t << pos[np0 + j, 1]
            j += 1
            placed = True
        key |= g << pos[np0 + j, 1]
        j += 1
    if not placed:
        key |= t << pos[np0 + j, 1]
    return key


@njit(cache=True)
def _conquest(W, vals, a, lo, di, nb, qx, qy, choose, fast, src, work, info, pos, ditrans, slots, tstart, tbits, keys,
              failing, most_lo):
    """The best value moving at least lo armies in (a conquest whose roll cost the attacker armies:
    not met with the printed dice); with `failing`, the least chance of failing. W: the positions'
    doubles, one each (`_value`, `_fail`)."""
    if nb < 0:
        if failing:
            return 0.0 if nb == -1 else 1.0
        return 1.0 if nb == -1 else 0.0
    line = np.zeros(a + 1, dtype=np.int64)
    _line(vals, a, nb, qx, qy, choose, fast, src, work, info, pos, line, slots, tstart, tbits, keys, most_lo)
    dj = info[nb, 0] + ditrans[di]
    nND = info[nb, 1]
    side = 1 if failing else 0
    if choose and qx < 0:
        return _read(W[dj + line[a - 1] * nND], side)
    if choose and qy < 0:
        return _read(W[dj + line[lo] * nND], side)
    best = 1.0 if failing else 0.0
    for m in range(a - 1, lo - 1, -1):
        c = _read(W[dj + line[m] * nND], side)
        if (c < best) if failing else (c > best):
            best = c
    return best
