"""The real turn's sweep (issue 41): every position numbered (algorithms/real_space.py) and valued at
once, bottom up, by three runners: plain Python (algorithms/real_sweep.py, the definition), numba
(algorithms/real_sweep_numba.py, CPython) and the browser's JavaScript (site_src/js/real-sweep.js,
run here under Node).

Held to: RealTurn.value, the state-by-state search written apart (algorithms/real_turn.py), within
the floats' error bound on every state it meets (the sweep reads a value near 1 back from its chance
of failing: real_sweep.py, "One double per position"), under several dice rules, both dice choices
and both move rules; the three runners to each other, bit for bit; the numbering to its promises (every state met has an
index; every successor comes earlier; the count before listing is the listing's); the pooled upper
bound (algorithms/real_bound.py) to the brute force of real_turn_oracle.py, never below it."""
import json
import shutil
import subprocess
import threading
from fractions import Fraction
from pathlib import Path

import pytest

import real_turn_oracle as oracle
import riskodds as ro
import riskodds.interfaces.api as api
from riskodds.algorithms import real_bound, real_space, real_sweep
from riskodds.algorithms import real_turn as search
from riskodds.algorithms.real_rounds import Rounds
from riskodds.algorithms.turn import compositions
from riskodds.answers import real_turn as real
from riskodds.checks.turn_request import read_turn
from riskodds.facts import board
from test_engine_real_turn import CASES, ME, case_id, h

ROOT = Path(__file__).resolve().parents[2]
AFRICA = list(board.MEMBERS["Africa"])
EUROPE = list(board.MEMBERS["Europe"])


def one_to_three(names):
    return {t: 1 + i % 3 for i, t in enumerate(names)}


def position(mine, theirs, **rule_fields):
    pos = {t: h("red", a, **rule_fields) for t, a in theirs.items()}
    pos.update({t: h(ME, a) for t, a in mine.items()})
    return pos


# (name, position, reinforcements, goal): small enough for the plain runner and RealTurn
SMALL = [
    ("australia", position({"Siam": 7}, {"Indonesia": 2, "New Guinea": 1, "Western Australia": 2,
                                         "Eastern Australia": 1}), 2, "Australia"),
    ("south-america", position({"North Africa": 4, "Central America": 3},
                               {"Venezuela": 2, "Brazil": 2, "Peru": 1, "Argentina": 1}), 6, "South America"),
    ("africa", position({"Brazil": 4, "Southern Europe": 3}, {t: 2 for t in AFRICA}), 2, "Africa"),
    ("europe", position({"Greenland": 3, "North Africa": 3}, one_to_three(EUROPE)), 2, "Europe"),
    ("capitals", position({"Siam": 6}, {"Indonesia": 3, "New Guinea": 2}, defend_dice=3), 2,
     ["Indonesia", "New Guinea"]),
]
RULES = {   # rule sets beyond the printed dice: their round tables differ
    "printed": ro.STANDARD,
    "zombie": ro.Rules(ties="attacker"),
    "d8-attack": ro.Rules(attack_faces=8),
    "bunker": ro.Rules(defender_bonus="highest"),
}


def request_of(pos, R, goal, min_move, rules=ro.STANDARD):
    goal = {"take": goal}
    return read_turn(pos, ME, R, goal, rules, min_move)


def space_and_rounds(request):
    lay = search.layout(request.targets, request.entries, request.adjacent)
    return lay, real.space_of(request, lay), Rounds([t.model for t in request.targets])


def realturn_values(request, lay, dice):
    """RealTurn's memo after valuing every start (every placement): the states it met."""
    solver = search.RealTurn(lay, request.min_move, dice, request.scale)
    solver.grow_stack(200)
    k = lay.k
    base = [-t.defenders for t in request.targets] + [e.armies for e in request.entries]
    usable = [i for i, e in enumerate(request.entries) if e.touches]
    for placed in compositions(request.R, len(usable)):
        s = list(base)
        for i, p in zip(usable, placed):
            s[k + i] += p
        solver.value(solver.canonical(s))
    return solver


GRID = [(name, rules, min_move, dice) for name, *_ in SMALL for rules in RULES
        for min_move in ("dice", "one") for dice in ("choose", "most")
        if rules == "printed" or name in ("south-america", "capitals")]


@pytest.mark.parametrize("name,rules,min_move,dice", GRID)
def test_the_sweep_is_realturns_floats_to_their_error(name, rules, min_move, dice):
    """Every state the state-by-state search meets has an index, and the sweep's float there is
    RealTurn's to the floats' error: each is within r = 8 * potential * 2**-53 of the true value,
    relatively (algorithms/real_turn.py, "How it is computed"), so they differ by at most 2 r."""
    _, pos, R, goal = next(c for c in SMALL if c[0] == name)
    request = request_of(pos, R, goal, min_move, RULES[rules])
    lay, space, rounds = space_and_rounds(request)
    swept, fails, _ = real_sweep.sweep_python(space, rounds, dice, min_move)
    solver = realturn_values(request, lay, dice)
    r = 8 * (real._armies(request) + sum(t.defenders for t in request.targets)) * 2.0 ** -53
    checked = 0
    for s, v in solver.values.items():
        i = space.index(s)
        if i is None:
            assert solver.settled(s), s
            continue
        assert abs(swept[i] - v) <= 2 * r * v, (s, swept[i], v)
        assert abs(fails[i] - (1 - v)) <= 1e-12, (s, fails[i], v)        # F = 1 - V, to the floats' error
        checked += 1
    assert checked > 20


def _states_of(space, lay, i):
    """The states of algorithms/real_turn.py at index i: the position itself (each group's armies in
    decreasing order) and the one with every group's armies reversed. Written from the numbering's
    promises (module docstring of real_space.py), not from Space.index."""
    block = next(b for b in space.blocks if b.offset <= i < b.offset + b.size)
    ai, di = divmod(i - block.offset, block.ND)
    s = [0] * lay.slots
    for t, stride, start in zip(block.held, block.strides, block.fixed):
        s[t] = -((di // stride) % start + 1 if stride else start)
    vals = block.values(block.keys[ai])
    for x, v in zip(block.live, vals):
        s[x] = v
    flipped = list(s)
    for a, b in block.groups:
        for x, v in zip(block.live[a:b], reversed(vals[a:b])):
            flipped[x] = v
    return tuple(s), tuple(flipped)


def test_a_state_past_the_spaces_bounds_has_no_index():
    """Space.index is None for a state the numbering does not hold, never another position's index:
    more defenders on a target than at the start (their digit would wrap into the next target's), and
    more armies on a territory than its field holds (they would spill into the next field). A request
    that goes on with a kept turn (answers/real_turn.py continued) asks it about any position a player
    types."""
    _, pos, R, goal = SMALL[0]
    request = request_of(pos, R, goal, "dice")
    lay, space, _ = space_and_rounds(request)
    past = 0
    for i in range(space.size):
        for s in _states_of(space, lay, i):
            assert space.index(s) == i
            block = space.block_of(s)
            for t, stride, start in zip(block.held, block.strides, block.fixed):
                more = list(s)
                more[t] = -(start + 1)
                assert space.index(tuple(more)) is None, (s, t)
                past += 1
            for x, w in zip(block.live, block.widths):
                if s[x] >= 2:
                    for a in (1 << w, (1 << w) + s[x], 3 << w):
                        more = list(s)
                        more[x] = a
                        assert space.index(tuple(more)) is None, (s, x, a)
                        past += 1
    assert past > 100


@pytest.mark.parametrize("name,rules,min_move,dice", GRID)
def test_the_recorded_attacks_are_those_the_exact_phase_would_compare(name, rules, min_move, dice):
    """Wherever the sweep records the attacks worth comparing (real_sweep.py), they are those the exact
    phase's own test finds over every attack's sums (RealTurn.candidates), in its order, also with the
    interchangeable territories' armies in the other order; every position valued at least TINY in a
    block whose attacks fit a record has one."""
    _, pos, R, goal = next(c for c in SMALL if c[0] == name)
    request = request_of(pos, R, goal, min_move, RULES[rules])
    lay, space, rounds = space_and_rounds(request)
    relative = search.relative_for(200)
    V, F, C = real_sweep.sweep_python(space, rounds, dice, min_move, relative)
    solver = search.SweptTurn(lay, min_move, dice, request.scale, space, V, True, rounds, F, C, relative)
    for b in space.blocks:
        fits = len(b.pairs) * real_space.MOST_DICE <= real_space.MASK_BITS
        for i in range(b.offset, b.offset + b.size):
            assert (C[i] != 0) == (fits and V[i] >= search.TINY), (i, C[i], V[i])
            for s in _states_of(space, lay, i):
                assert space.index(s) == i
                want = search.RealTurn.candidates(solver, s, V[i])
                if C[i]:
                    assert solver.candidates(s, V[i]) == want, (s, want)


@pytest.mark.parametrize("case", CASES[:60], ids=case_id)
def test_the_sweep_gives_the_brute_forces_win(case):
    """The answer built on the sweep (riskodds.turn, search "real") is the brute force's exact win,
    and no state it reads lies outside the numbering."""
    pos, goal, R, min_move, dice = case
    t = ro.turn(pos, ME, R, {"take": goal}, min_move=min_move, dice=dice, search="real")
    assert t.win == oracle.best(pos, ME, R, goal, min_move, dice)


def test_no_state_of_an_answer_lies_outside_the_numbering(monkeypatch):
    """SweptTurn falls back to RealTurn's own search outside the space: never, over answers and
    their courses (the placement, the first action, the most likely line)."""
    seen = []
    original = search.SweptTurn.value

    def spy(self, s):
        v = original(self, s)
        seen.append(self.outside)
        return v
    monkeypatch.setattr(search.SweptTurn, "value", spy)
    for pos, goal, R, min_move, dice in CASES[:25]:
        ro.turn(pos, ME, R, {"take": goal}, min_move=min_move, dice=dice, search="real")
    assert seen and max(seen) == 0


@pytest.mark.parametrize("name", [c[0] for c in SMALL])
def test_every_successor_comes_earlier_and_the_count_is_the_listing(name):
    """The one-pass order (real_space.py): a roll's successor has a smaller key in the same block,
    a conquest's lies in a block numbered before; `measure` counts what `build` lists."""
    _, pos, R, goal = next(c for c in SMALL if c[0] == name)
    request = request_of(pos, R, goal, "dice")
    lay, space, _ = space_and_rounds(request)
    lines = sum((short + full * (v - 1)) for b in space.blocks for key in b.keys
                for v, (short, full) in zip(b.values(key), b.line_costs) if v >= 2)
    assert real_space.measure(lay, *real._bounds(request)) == (space.size, sum(len(b.keys) for b in space.blocks),
                                                               lines, [(b.size, b.mask) for b in space.blocks])
    order = {b.mask: i for i, b in enumerate(space.blocks)}
    for b in space.blocks:
        assert list(b.keys) == sorted(set(b.keys))
        for ai, key in enumerate(b.keys):
            vals = b.values(key)
            for p, v in enumerate(vals):
                if v < 2:
                    continue
                for al in (1, 2, 3):
                    down = list(vals)
                    down[p] -= al
                    j = b.index_of_key(b.key(b.canonical(down)))
                    assert j is not None and j < ai
                for h_ in b.attacks[p]:
                    nxt = b.mask | 1 << b.held[h_]
                    assert space.done(nxt) or order[nxt] < order[b.mask]


def test_parts_bound_the_armies_each_entry_can_have_sent():
    """Europe from Greenland and North Africa (real_space.py, "parts"): while the two entries' conquests
    have not met, each part's armies are bounded by its own entry's, which leaves out positions the
    total alone allows; every state RealTurn's own search meets is still numbered
    (test_the_sweep_is_realturns_floats_bit_for_bit), and the vectors are those a brute force over the
    caps keeps."""
    from dataclasses import replace
    from itertools import product
    _, pos, R, goal = next(c for c in SMALL if c[0] == "europe")
    _, space, _ = space_and_rounds(request_of(pos, R, goal, "dice"))
    split = [b for b in space.blocks if len(b.parts) > 1]
    assert split
    assert sum(real_space.count_vectors(replace(b, parts=())) for b in split) > sum(len(b.keys) for b in split)
    for b in split:             # the listing: every vector within the caps, each part's and the total
        want = []
        for vals in product(*([0] + list(range(2, c + 1)) for c in b.caps)):
            if list(vals) != b.canonical(vals):
                continue
            weights = [max(v, 1) for v in vals]
            if sum(weights) <= b.weight_cap and all(sum(weights[a:e]) <= cap for a, e, cap in b.parts):
                want.append(b.key(vals))
        assert list(b.keys) == sorted(want)


def test_a_cluster_of_taken_targets_holds_what_came_through_its_gates():
    """Africa from Brazil 4 and Southern Europe 3, + 2 (real_space.py, "flows"): North Africa, East
    Africa and South Africa taken came in through North Africa, so they hold together what Brazil or
    Southern Europe could move in, not both. Written from the board here: each bound is the sum over
    the cluster's targets next to an entry of the largest cap of an entry next to it, less 1, less
    one for each target of the cluster that is not live. The bounds leave out positions the parts
    allow, the listing is every vector a brute force over every bound keeps, and every state RealTurn
    meets is still numbered (test_the_sweep_is_realturns_floats_bit_for_bit, "africa")."""
    from dataclasses import replace
    from itertools import product
    _, pos, R, goal = next(c for c in SMALL if c[0] == "africa")
    request = request_of(pos, R, goal, "dice")
    lay, space, _ = space_and_rounds(request)
    cap = {e.name: e.armies + (R if e.touches else 0) for e in request.entries}
    bound = [b for b in space.blocks if b.sums]
    assert bound
    for b in bound:
        for positions, most in b.sums:
            names = {lay.names[b.live[q]] for q in positions}
            cluster = {lay.names[j] for j in range(lay.k) if b.mask >> j & 1 and (
                lay.names[j] in names or any(lay.names[j] in board.NEIGHBOURS[n] for n in names))}
            while True:             # the taken targets next to each other, grown from the cluster's live ones
                more = {lay.names[j] for j in range(lay.k) if b.mask >> j & 1 and lay.names[j] not in cluster
                        and any(lay.names[j] in board.NEIGHBOURS[n] for n in cluster)}
                if not more:
                    break
                cluster |= more
            gates = [max(cap[e] for e in cap if t in board.NEIGHBOURS[e]) - 1 for t in cluster
                     if any(t in board.NEIGHBOURS[e] for e in cap)]
            assert most == sum(gates) - (len(cluster) - len(positions)), (names, cluster)
    assert sum(real_space.count_vectors(replace(b, sums=())) for b in bound) > sum(len(b.keys) for b in bound)
    for b in bound:
        want = []
        for vals in product(*([0] + list(range(2, c + 1)) for c in b.caps)):
            if list(vals) != b.canonical(vals):
                continue
            weights = [max(v, 1) for v in vals]
            if (sum(weights) <= b.weight_cap and all(sum(weights[a:e]) <= c for a, e, c in b.parts)
                    and all(sum(weights[q] for q in positions) <= most for positions, most in b.sums)):
                want.append(b.key(vals))
        assert list(b.keys) == sorted(want)


def _lines_made(space, block, order):
    """How many times a sweep computes conquest lines over `block`'s vectors taken in `order` (lists of
    values per position): a pair's lines are made again whenever the armies they read change (the
    attacker's, and those of the places still next to a held target once the target falls)."""
    made = 0
    for p, h in block.pairs:
        y = block.held[h]
        if space.done(block.mask | 1 << y):
            continue
        nxt = space.by_mask[block.mask | 1 << y]
        read = [p] + [q for q, x in enumerate(block.live) if q != p and x in nxt.live]
        last = None
        for vals in order:
            if vals[p] >= 2 and [vals[q] for q in read] != last:
                made, last = made + 1, [vals[q] for q in read]
    return made


def test_the_keys_bit_order_keeps_the_conquests_lines_longer():
    """real_space.py `_significance`: the positions a conquest leaves out of play take a key's lowest
    bits, so the vectors that follow each other in key order share more conquest lines than in the
    positions' own order (the first position lowest), counted here from the vectors themselves."""
    _, pos, R, goal = next(c for c in SMALL if c[0] == "africa")
    _, space, _ = space_and_rounds(request_of(pos, R, goal, "dice"))
    now = by_position = 0
    for b in space.blocks:
        vectors = [b.values(key) for key in b.keys]
        now += _lines_made(space, b, vectors)
        by_position += _lines_made(space, b, sorted(vectors, key=lambda v: v[::-1]))
    assert now < by_position, (now, by_position)


def _node_sweep(space, rounds, dice, min_move, tmp_path, int_key_bits=None):
    text, keys = real_sweep.spec(space, rounds, dice, min_move)
    if int_key_bits is not None:        # which blocks' keys get the integer hash (real-sweep.js: 31)
        text = json.dumps(dict(json.loads(text), intKeyBits=int_key_bits))
    _node_script(tmp_path, text, keys, "sweep", "real-sweep.js",
                 'fs.writeFileSync(out, sweep(text, keys));\n')
    return _all(real_sweep.apart((tmp_path / "out.bin").read_bytes(), space.size))


def _node_script(tmp_path, text, keys, name, module, body):
    """Run `body` in Node with `name` imported from site_src/js/`module`, the spec's `text` and its
    `keys` (bytes) read, and `out` the path to write to (tmp_path/out.bin); returns what it printed."""
    (tmp_path / "spec.json").write_text(text)
    (tmp_path / "keys.bin").write_bytes(keys)
    script = tmp_path / "run.mjs"
    script.write_text(
        'import fs from "node:fs";\n'
        f'import {{ {name} }} from {json.dumps((ROOT / "site_src/js" / module).as_uri())};\n'
        'const [specPath, keyPath, out] = process.argv.slice(2);\n'
        'const text = fs.readFileSync(specPath, "utf8"), keys = new Uint8Array(fs.readFileSync(keyPath));\n' + body)
    return subprocess.run(["node", str(script), str(tmp_path / "spec.json"), str(tmp_path / "keys.bin"),
                           str(tmp_path / "out.bin")], check=True, capture_output=True, text=True, timeout=600).stdout


def _node_shared_sweep(space, rounds, dice, min_move, tmp_path, threads, mode=None):
    """(the sweep's output, the threads that threw): the JavaScript sweep shared by `threads` threads
    of Node (tests/engine/shared_sweep.mjs: worker_threads over SharedArrayBuffers), each running
    real-sweep.js sweepShare as the browser's pool does (site_src/js/sweep-pool.js). mode: "dead" (one
    more thread claimed the first block of every layer and never swept it), "abandoned" (... and
    flagged it abandoned), "fail" (one worker throws in the first block it sweeps)."""
    text, keys = real_sweep.spec(space, rounds, dice, min_move, max(threads, 2) if mode else threads)
    (tmp_path / "spec.json").write_text(text)
    (tmp_path / "keys.bin").write_bytes(keys)
    done = subprocess.run(["node", str(Path(__file__).with_name("shared_sweep.mjs")), str(tmp_path / "spec.json"),
                           str(tmp_path / "keys.bin"), str(tmp_path / "out.bin"), str(threads)] + ([mode] if mode else []),
                          check=True, capture_output=True, text=True, timeout=120 if mode else 600)
    out = _all(real_sweep.apart((tmp_path / "out.bin").read_bytes(), space.size))
    return out, json.loads(done.stdout.strip().splitlines()[-1])["failed"]


def _all(parts):
    """The bytes of every value, then of every chance of failing, then of every recorded attack."""
    return b"".join(a.tobytes() for a in parts)


RUNNERS = [(name, rules, min_move, dice) for name, rules, min_move, dice in GRID if min_move == "dice" or rules == "printed"]


@pytest.mark.skipif(shutil.which("node") is None, reason="Node runs the browser's sweep")
@pytest.mark.parametrize("threads", [1, 4])
@pytest.mark.parametrize("name,rules,min_move,dice", RUNNERS)
def test_the_javascript_sweep_is_the_pythons_bit_for_bit(name, rules, min_move, dice, threads, tmp_path):
    """On the worker's thread alone (real-sweep.js sweep), and on 4 threads sharing it layer by layer as
    the browser's pool does (sweepShare)."""
    _, pos, R, goal = next(c for c in SMALL if c[0] == name)
    request = request_of(pos, R, goal, min_move, RULES[rules])
    _, space, rounds = space_and_rounds(request)
    plain = _all(real_sweep.sweep_python(space, rounds, dice, min_move))
    got = (_node_sweep(space, rounds, dice, min_move, tmp_path) if threads == 1
           else _node_shared_sweep(space, rounds, dice, min_move, tmp_path, threads)[0])
    assert got == plain


@pytest.mark.parametrize("name,rules,min_move,dice", RUNNERS)
def test_the_compiled_sweep_is_the_pythons_bit_for_bit(name, rules, min_move, dice):
    numba_sweep = pytest.importorskip("riskodds.algorithms.real_sweep_numba")
    _, pos, R, goal = next(c for c in SMALL if c[0] == name)
    request = request_of(pos, R, goal, min_move, RULES[rules])
    _, space, rounds = space_and_rounds(request)
    plain = _all(real_sweep.sweep_python(space, rounds, dice, min_move))
    assert _all(real_sweep.apart(numba_sweep.sweep_numba(space, rounds, dice, min_move), space.size)) == plain
    # on 3 threads, layer by layer, with other work going on in this thread meanwhile
    order = real_sweep.space_layers(space)
    ran = []
    shared = numba_sweep.sweep_numba(space, rounds, dice, min_move, threads=3, order=order,
                                     meanwhile=lambda: ran.append(1), expired=lambda: False)
    assert ran == [1] and _all(real_sweep.apart(shared, space.size)) == plain


def test_the_compiled_sweep_stops_at_the_deadline_and_with_the_work_beside_it():
    """The threaded compiled sweep returns None (no values) once `expired` says the deadline passed,
    and raises what the work beside it raised, its threads stopped; a later sweep is whole."""
    numba_sweep = pytest.importorskip("riskodds.algorithms.real_sweep_numba")
    request = request_of(position({"Brazil": 6, "Southern Europe": 4}, {t: 2 for t in AFRICA}), 2, "Africa", "dice")
    _, space, rounds = space_and_rounds(request)
    order = real_sweep.space_layers(space)
    assert len(space.blocks) > 8
    assert numba_sweep.sweep_numba(space, rounds, "choose", "dice", threads=2, order=order,
                                   expired=lambda: True) is None

    def fails():
        raise MemoryError("the plan beside ran out")
    with pytest.raises(MemoryError, match="the plan beside"):
        numba_sweep.sweep_numba(space, rounds, "choose", "dice", threads=2, order=order, meanwhile=fails)
    assert not [t for t in threading.enumerate() if t.name == "real-sweep"]
    whole = numba_sweep.sweep_numba(space, rounds, "choose", "dice", threads=2, order=order, expired=lambda: False)
    assert _all(real_sweep.apart(whole, space.size)) == \
        _all(real_sweep.apart(numba_sweep.sweep_numba(space, rounds, "choose", "dice"), space.size))


@pytest.mark.parametrize("name", [c[0] for c in SMALL])
def test_the_compiled_key_tables_find_every_vector_and_no_other(name):
    """The compiled sweep's tables (32-bit indexes, the keys read from the one array every block's keys
    are views of): each key of a block at its place in the block's sorted list, and a key the block
    lacks (one above each of its keys, where that is not a key) at -1."""
    numba_sweep = pytest.importorskip("riskodds.algorithms.real_sweep_numba")
    _, pos, R, goal = next(c for c in SMALL if c[0] == name)
    _, space, rounds = space_and_rounds(request_of(pos, R, goal, "dice"))
    f = numba_sweep.flatten(space, rounds, "choose", "dice")
    slots, start, bits = numba_sweep._tables(f["keys"], f["info"])
    assert slots.dtype.itemsize == 4
    for b, block in enumerate(space.blocks):
        keys = [int(k) for k in block.keys]
        assert keys == sorted(set(keys)) and keys == [int(k) for k in f["keys"][f["info"][b, 3]:][:len(keys)]]
        for i, key in enumerate(keys):
            assert numba_sweep._find(key, b, slots, start, bits, f["keys"]) == i
        for key in set(k + 1 for k in keys) - set(keys):
            assert numba_sweep._find(key, b, slots, start, bits, f["keys"]) == -1


@pytest.mark.skipif(shutil.which("node") is None, reason="Node runs the browser's sweep")
def test_at_size_the_compiled_and_the_javascript_sweeps_agree(tmp_path):
    """Africa from Brazil 8 and Southern Europe 6, + 5 (225,262 positions): too big for the
    plain runner in a test, the two fast ones give the same doubles."""
    numba_sweep = pytest.importorskip("riskodds.algorithms.real_sweep_numba")
    request = request_of(position({"Brazil": 8, "Southern Europe": 6}, {t: 2 for t in AFRICA}), 5, "Africa", "dice")
    _, space, rounds = space_and_rounds(request)
    assert space.size > 100_000
    compiled = _all(real_sweep.apart(numba_sweep.sweep_numba(space, rounds, "choose", "dice"), space.size))
    assert _node_sweep(space, rounds, "choose", "dice", tmp_path) == compiled
    order = real_sweep.space_layers(space)
    assert _all(real_sweep.apart(numba_sweep.sweep_numba(space, rounds, "choose", "dice", threads=4, order=order),
                                 space.size)) == compiled
    # every key hashed as a double, as the blocks whose keys need more than 31 bits hash theirs
    assert _node_sweep(space, rounds, "choose", "dice", tmp_path, int_key_bits=0) == compiled
    # several threads sharing the sweep, layer by layer, as the browser's pool does
    assert _node_shared_sweep(space, rounds, "choose", "dice", tmp_path, threads=3) == (compiled, 0)
    # a worker that throws in a block (its key tables empty): the engine's thread sweeps that block
    assert _node_shared_sweep(space, rounds, "choose", "dice", tmp_path, 2, "fail") == (compiled, 1)


@pytest.mark.skipif(shutil.which("node") is None, reason="Node runs the browser's sweep")
@pytest.mark.parametrize("threads", [1, 3])
@pytest.mark.parametrize("mode", ["dead", "abandoned"])
def test_a_thread_that_dies_or_fails_mid_block_does_not_stop_the_sweep(mode, threads, tmp_path):
    """A pool's worker can die mid-block with no catch run (the browser stops a worker that runs out
    of memory): the engine's thread must not wait on its block forever. Here a thread claimed the
    first block of every layer and never swept it ("dead"); the engine's thread (alone, or with two
    live threads) sweeps those itself once the layer stalls. A worker that fails in a block flags it
    ("abandoned"), and the engine's thread sweeps it at once: it would wait 10 minutes for a stalled
    one, and the test stops it after 2. The doubles are plain Python's."""
    _, pos, R, goal = next(c for c in SMALL if c[0] == "africa")
    request = request_of(pos, R, goal, "dice", RULES["printed"])
    _, space, rounds = space_and_rounds(request)
    plain = _all(real_sweep.sweep_python(space, rounds, "choose", "dice"))
    assert len(json.loads(real_sweep.spec(space, rounds, "choose", "dice", 2)[0])["layers"]) > 2
    assert _node_shared_sweep(space, rounds, "choose", "dice", tmp_path, threads, mode) == (plain, 0)


@pytest.mark.skipif(shutil.which("node") is None, reason="Node runs the browser's sweep")
def test_the_pools_sweep_stops_at_the_time_left_and_says_late(tmp_path):
    """sweep-pool.js poolSweep: handed the milliseconds left of the request's budget, the sweep stops
    there and answers "late" (algorithms/real_sweep.py then raises the budget's error); with time
    enough it answers the plain sweep's doubles; Cancel (check throws) still throws."""
    _, pos, R, goal = next(c for c in SMALL if c[0] == "africa")
    _, space, rounds = space_and_rounds(request_of(pos, R, goal, "dice", RULES["printed"]))
    text, keys = real_sweep.spec(space, rounds, "choose", "dice")
    got = _node_script(tmp_path, text, keys, "poolSweep", "sweep-pool.js",
                       'const cancel = poolSweep([], () => { throw new Error("cancelled"); });\n'
                       'let thrown = "";\n'
                       'try { cancel(text, keys, undefined, 60000); } catch (err) { thrown = err.message; }\n'
                       'const run = poolSweep([], () => {});\n'
                       'const late = run(text, keys, undefined, 0);\n'
                       'fs.writeFileSync(out, run(text, keys, undefined, 600000));\n'
                       'console.log(JSON.stringify({ late, thrown }));\n')
    assert json.loads(got) == {"late": "late", "thrown": "cancelled"}
    plain = _all(real_sweep.sweep_python(space, rounds, "choose", "dice"))
    assert _all(real_sweep.apart((tmp_path / "out.bin").read_bytes(), space.size)) == plain


def test_a_request_whose_compiled_sweep_passes_its_deadline_gets_the_budgets_error(monkeypatch):
    """The compiled runner polls the request's running deadline while its threads sweep: once none is
    left it stops them, and the request ends with the time budget's message (not a hang, not a
    half-filled array read as values). Mid-move (`moving`) no plan fixed in advance is searched beside,
    so the first look at the deadline comes as the threads start."""
    pytest.importorskip("riskodds.algorithms.real_sweep_numba")
    pos = position({"Brazil": 16, "North Africa": 0, "Southern Europe": 6},
                   {t: 2 for t in AFRICA if t != "North Africa"})
    params = {"position": pos, "player": ME, "reinforcements": 0, "goal": {"take": "Africa"}, "search": "real",
              "moving": {"from": "Brazil", "to": "North Africa", "dice": 3}}
    whole = api.handle("turn", params)
    assert whole["ok"] and whole["searched"]["runner"] == "numba", whole.get("error")
    monkeypatch.setattr(real_sweep, "seconds_left", lambda: 0.0)
    real.forget()               # swept again, not read from the kept sweep (answers/real_turn.py continued)
    got = api.handle("turn", params)
    assert not got["ok"] and "took longer than its time budget" in got["error"]["message"], got


def test_the_layers_hold_each_block_once_and_after_every_block_it_leads_to():
    """Written apart from real_sweep.layers: a block's conquests lead to blocks with one more target
    taken; every such block must lie in an earlier layer, and a layer's blocks none of each other's."""
    request = request_of(position({"Brazil": 8, "Southern Europe": 6}, {t: 2 for t in AFRICA}), 5, "Africa", "dice")
    _, space, _ = space_and_rounds(request)
    sizes, masks = [b.size for b in space.blocks], [b.mask for b in space.blocks]
    order = real_sweep.layers(sizes, masks)
    assert sorted(i for layer in order for i in layer) == list(range(len(space.blocks)))
    layer_of = {i: n for n, layer in enumerate(order) for i in layer}
    for i, b in enumerate(space.blocks):
        for y in b.held:
            nxt = space.by_mask.get(b.mask | 1 << y)
            if nxt is not None:
                assert layer_of[space.blocks.index(nxt)] < layer_of[i]
    for layer in order:
        assert [sizes[i] for i in layer] == sorted((sizes[i] for i in layer), reverse=True)
    # the busiest thread's share: all on one thread; never less than an even split, nor than the largest block
    assert real_sweep.span_share(sizes, masks, 1) == 1.0
    for threads in (2, 3, 8):
        share = real_sweep.span_share(sizes, masks, threads)
        assert 1 / threads <= share <= 1 and share * sum(sizes) >= max(sizes)



def test_the_browser_prices_the_busiest_thread_and_shares_the_sweep_where_its_memory_allows(monkeypatch):
    """Where the page's pool may sweep (site_src/js/sweep-pool.js), real_cost prices the sweep by its
    busiest thread (span_share): more threads, fewer seconds. Sharing costs memory once (the values
    swept in shared memory, then copied into Python's; the key tables are shared): where that does
    not fit the request's memory budget, one thread."""
    monkeypatch.setattr(real_sweep, "runner", lambda size=0: "javascript")
    request = request_of(position({"Brazil": 8, "Southern Europe": 6}, {t: 2 for t in AFRICA}), 5, "Africa", "dice")
    priced = {}
    for n in (1, 2, 4):
        monkeypatch.setattr(real_sweep, "threads", lambda n=n: n)
        estimate, positions, threads = real.real_cost(request, "x")
        assert threads == n and positions > 100_000
        priced[n] = estimate
    assert priced[1].seconds > priced[2].seconds > priced[4].seconds
    assert priced[1].mb < priced[2].mb == priced[4].mb
    assert real.real_cost(request, "x", priced[4].mb)[2] == 4
    between = (priced[1].mb + priced[4].mb) / 2
    assert real.real_cost(request, "x", between)[2] == 1
    assert real.real_cost(request, "x", priced[1].mb / 2)[2] == 1


def test_the_plan_beside_is_priced_as_overlapping_the_pools_sweep():
    """The plan fixed in advance shown beside the real play is searched while the pool sweeps
    (guards/turn_cost.py, above real_turn_cost): alone it adds its seconds; shared it costs less than that,
    never less than the sweep without it nor than the plan itself, and once the helpers alone finish
    the sweep meanwhile, each further second of the plan adds exactly one."""
    from riskodds.guards.budget import Estimate
    from riskodds.facts.limits import COST_MODEL
    from riskodds.guards.turn_cost import real_turn_cost
    plan = lambda s: Estimate(s, 50, "plan", 2.0)
    def here(beside=None, threads=1, share=1.0, positions=3_000_000, lines=10_000):
        # exact=0: the exact phase follows the sweep, one more term whatever the plan (left out here)
        return real_turn_cost(positions, 100_000, 45, "javascript", True, "", lines=lines, threads=threads,
                              share=share, beside=beside, exact=0.0).in_browser()
    assert here(beside=plan(0)) == here()
    base = here(positions=0, lines=0, threads=4, share=0.3)             # Python's own part, no sweep
    for seconds in (0.1, 0.5, 2.0):
        B = plan(seconds).in_browser()
        assert here(plan(seconds)) == pytest.approx(here() + B)
        shared = here(plan(seconds), threads=4, share=0.3)
        assert max(here(threads=4, share=0.3), base + B) <= shared + 1e-12
        assert shared < here(plan(seconds))
    # W: one thread's sweep; past W / 3 seconds of plan, 3 helpers finish the sweep meanwhile
    W = here() - here(positions=0, lines=0)
    late = W / 3 / plan(1).in_browser()
    assert here(plan(late + 1), threads=4, share=0.3) - here(plan(late), threads=4, share=0.3) == pytest.approx(plan(1).in_browser())
    assert here(plan(late), threads=4, share=0.3) == pytest.approx(base + plan(late).in_browser())
    # the plan's memory is held while the sweep's is: both, the interpreter's own once
    mb = lambda beside: real_turn_cost(3_000_000, 100_000, 45, "javascript", True, "", threads=4, share=0.3,
                                       beside=beside).mb
    assert mb(plan(1)) - mb(None) == pytest.approx(50 - COST_MODEL["base_mb"])


# ------------------------------------------------------------------ the pooled upper bound (item 4)
@pytest.mark.parametrize("case", CASES[:80], ids=case_id)
def test_the_pooled_bound_is_never_below_the_best_play(case):
    pos, goal, R, min_move, dice = case
    request = request_of(pos, R, goal, min_move)
    bound = real_bound.pooled_bound(Rounds([t.model for t in request.targets]),
                                    [t.defenders for t in request.targets],
                                    real_bound.fighting_armies(request.entries, request.R))
    best = oracle.best(pos, ME, R, goal, min_move, "choose")
    assert Fraction(bound) >= best
    assert bound <= 1.0


def test_the_pooled_bound_of_one_target_is_the_battle():
    """One target, one stack: the pooled stack is the real turn (with its dice chosen), so the bound
    is the battle's chance, up to the rounding up."""
    pos = position({"Siam": 6}, {"Indonesia": 3})
    request = request_of(pos, 0, ["Indonesia"], "dice")
    bound = real_bound.pooled_bound(Rounds([t.model for t in request.targets]), [3], 5)
    exact = oracle.best(pos, ME, 0, ["Indonesia"], "dice", "choose")
    assert Fraction(bound) >= exact and bound - float(exact) < 1e-12


@pytest.mark.parametrize("case", CASES[:80], ids=case_id)
def test_the_stacks_bound_lies_between_the_best_play_and_the_pooled_stack(case):
    """One pool per stack (real_bound.py "One pool per stack"): never below the brute force's best
    play (the dice chosen: the most a play can win under either dice rule), never above the one
    pooled stack."""
    pos, goal, R, min_move, dice = case
    request = request_of(pos, R, goal, min_move)
    rounds = Rounds([t.model for t in request.targets])
    defenders = [t.defenders for t in request.targets]
    stacks = real_bound.fighting_stacks(request.entries)
    bound, pools = real_bound.stacks_bound(rounds, defenders, stacks, R)
    assert Fraction(bound) >= oracle.best(pos, ME, R, goal, min_move, "choose")
    assert bound <= real_bound.pooled_bound(rounds, defenders, sum(stacks) + R)
    assert pools <= max(len(stacks), 1)


def test_two_stacks_that_never_meet_are_bounded_apart():
    """Siam 2 and New Guinea 2 against Indonesia 1: each stack rolls one die once (it wins with
    chance 15/36 = 5/12, a die against a die), so the best play wins 1 - (7/12)^2 = 95/144. The
    pooled stack, 2 armies in one, rolls two dice first (it wins with chance 1 - sum over the
    defender's die d of (d/6)^2 / 6 = 125/216) and then one: 125/216 + 91/216 * 5/12 = 1955/2592.
    Kept apart, the stacks' bound is the best play's, up to the rounding up."""
    pos = position({"Siam": 2, "New Guinea": 2}, {"Indonesia": 1})
    request = request_of(pos, 0, ["Indonesia"], "dice")
    rounds = Rounds([t.model for t in request.targets])
    stacks = real_bound.fighting_stacks(request.entries)
    assert sorted(stacks) == [1, 1]
    pooled = real_bound.pooled_bound(rounds, [1], sum(stacks))
    apart, pools = real_bound.stacks_bound(rounds, [1], stacks, 0)
    assert pools == 2
    assert Fraction(pooled) >= Fraction(1955, 2592) and pooled - 1955 / 2592 < 1e-12
    assert Fraction(apart) >= Fraction(95, 144) and apart - 95 / 144 < 1e-12
    assert oracle.best(pos, ME, 0, ["Indonesia"], "dice", "choose") == Fraction(95, 144)
    # the reinforcements go to one stack or the other: 1 more on Siam lets it roll two dice first
    one_more, _ = real_bound.stacks_bound(rounds, [1], stacks, 1)
    best = oracle.best(pos, ME, 1, ["Indonesia"], "dice", "choose")
    assert Fraction(one_more) >= best and one_more - float(best) < 1e-12


def test_the_stacks_bound_pools_the_stacks_past_its_states(monkeypatch):
    """Where the estimate says more states than the bound may value, the smallest pools merge (here
    all of them: the pooled stack); where the estimate was low, the count stops it and the pooled
    stack's bound is the answer."""
    pos = position({"Greenland": 6, "North Africa": 5}, one_to_three(["Iceland", "Great Britain", "Western Europe"]))
    request = request_of(pos, 2, ["Iceland", "Great Britain", "Western Europe"], "dice")
    rounds = Rounds([t.model for t in request.targets])
    defenders = [t.defenders for t in request.targets]
    stacks = real_bound.fighting_stacks(request.entries)
    pooled = real_bound.pooled_bound(rounds, defenders, sum(stacks) + 2)
    apart, pools = real_bound.stacks_bound(rounds, defenders, stacks, 2)
    assert pools == 2 and apart < pooled
    assert real_bound.stacks_bound(rounds, defenders, stacks, 2, most=10) == (pooled, 1)
    monkeypatch.setattr(real_bound, "estimate_states", lambda *args: 0)      # an estimate far too low
    assert real_bound.stacks_bound(rounds, defenders, stacks, 2, most=10) == (pooled, 1)
    assert real_bound.stacks_bound(rounds, defenders, stacks, 2) == (apart, 2)


# ------------------------------------------------------------------ one tie rule (item 3)
def _along(t, pos):
    """Every position of an answer's line, as the requests Play it makes from there, followed from the
    placed position: (position, moving, the line's move) after each roll that took nothing and after
    each move (moving and the move None), and at each conquest, the move pending."""
    now = {n: dict(e) for n, e in pos.items()}
    for name, placed in t.placement:
        now[name]["armies"] += placed
    out = []
    for step in t.line:
        if "move" in step:
            continue
        x, y = step["from"], step["to"]
        if not step["taken"]:
            now[x]["armies"], now[y]["armies"] = step["left"], step["defenders_left"]
            out.append(({n: dict(e) for n, e in now.items()}, None, None))
            continue
        pending = {n: dict(e) for n, e in now.items()}
        pending[x]["armies"], pending[y] = step["left"] + step["moved"], h(ME, 0)
        out.append((pending, {"from": x, "to": y, "dice": step["last_dice"]}, step["moved"]))
        now[x]["armies"], now[y] = step["left"], h(ME, step["moved"])
        out.append(({n: dict(e) for n, e in now.items()}, None, None))
    return out


@pytest.mark.parametrize("case", CASES[:120], ids=case_id)
def test_a_line_and_a_fresh_request_from_its_states_move_alike(case):
    """At every conquest of an answer's most likely line, the same request asked from there (the move
    pending) moves what the line moved: one tie rule everywhere (algorithms/plan.py tie_key), at the
    last conquest (nothing left to take) too."""
    pos, goal, R, min_move, dice = case
    t = ro.turn(pos, ME, R, {"take": goal}, min_move=min_move, dice=dice, search="real")
    for pending, moving, moved in [a for a in _along(t, pos) if a[1]]:     # each conquest, the move pending
        real.forget()           # a fresh search, not the kept sweep of the line's own (answers/real_turn.py)
        fresh = ro.turn(pending, ME, 0, {"take": goal}, min_move=min_move, dice=dice, moving=moving)
        assert not fresh.searched["reused"]
        assert fresh.next == {"move": {"from": moving["from"], "to": moving["to"], "armies": moved}}, (moving, moved)


@pytest.mark.parametrize("case", CASES[:60], ids=case_id)
def test_the_turn_going_on_reads_the_kept_sweep_and_answers_as_a_fresh_search(case):
    """Play it's requests mid-turn (the position now, no reinforcements, the move pending after a
    conquest) read the sweep of the turn's start (answers/real_turn.py `continued`): every field of the
    answer but `searched` is the one a fresh search from there gives, at every position of the line."""
    pos, goal, R, min_move, dice = case
    t = ro.turn(pos, ME, R, {"take": goal}, min_move=min_move, dice=dice, search="real")
    kept = real._KEPT[0]
    assert kept is not None and not t.searched["reused"]
    for now, moving, _ in _along(t, pos):
        if moving is None and all(now[n]["owner"] == ME for n in t.goal):
            continue            # taken: nothing to ask
        real._KEPT[0] = kept
        going_on = ro.turn(now, ME, 0, {"take": goal}, min_move=min_move, dice=dice, moving=moving, search="real")
        real.forget()
        fresh = ro.turn(now, ME, 0, {"take": goal}, min_move=min_move, dice=dice, moving=moving, search="real")
        # nothing left to take (the last conquest's move: a search of one position) or no attack left
        # (answers/turn.py over): nothing to read from the kept sweep
        left = any(now[n]["owner"] != ME for n in t.goal)
        if left and going_on.searched["runner"] != "none":
            assert going_on.searched["reused"] and not fresh.searched["reused"], (now, moving)
            assert going_on.searched["states"] == kept.states
        for field in going_on.__dataclass_fields__:
            if field != "searched":
                assert getattr(going_on, field) == getattr(fresh, field), (field, now, moving)


def test_a_position_the_kept_turn_cannot_reach_is_searched_afresh():
    """More armies than the turn's start had, another goal, another rule, reinforcements to place: none
    goes on with the kept sweep, and each answer is a fresh search's."""
    pos = position({"Siam": 6}, {"Indonesia": 2, "New Guinea": 1, "Western Australia": 1, "Eastern Australia": 1})
    goal = {"take": "Australia"}
    ro.turn(pos, ME, 2, goal, search="real")
    kept = real._KEPT[0]
    more = {**pos, "Siam": h(ME, 9)}                    # 6 + 2 placed at most: 9 cannot be reached
    others = [(more, 0, goal, {}), (pos, 1, goal, {}), (pos, 0, goal, {"min_move": "one"}),
              (pos, 0, goal, {"dice": "most"}), (pos, 0, {"take": ["Indonesia", "New Guinea"]}, {}),
              ({**pos, "Indonesia": h("red", 5)}, 0, goal, {})]      # more defenders than at the start
    for p, R, g, rule in others:
        real._KEPT[0] = kept
        got = ro.turn(p, ME, R, g, search="real", **rule)
        real.forget()
        fresh = ro.turn(p, ME, R, g, search="real", **rule)
        assert not got.searched["reused"] and got.win == fresh.win and got.next == fresh.next, (p, R, g, rule)
    real._KEPT[0] = kept        # and what the kept sweep answers afterwards is still a fresh search's
    for p in ({**pos, "Siam": h(ME, 8)}, {**pos, "Siam": h(ME, 8), "Indonesia": h("red", 1)}):
        reached = ro.turn(p, ME, 0, goal, search="real")
        real.forget()
        fresh = ro.turn(p, ME, 0, goal, search="real")
        real._KEPT[0] = kept
        assert reached.searched["reused"] and (reached.win, reached.next) == (fresh.win, fresh.next), p


def test_a_warm_up_leaves_the_players_turn_kept_and_a_large_sweep_is_not_kept(monkeypatch):
    """The browser's warm-up request (interfaces/api.py warm: a small Africa turn) may come between a
    player's answer and Play it: the player's sweep stays kept. A sweep larger than
    LIMITS["kept_sweep_mb"] is not kept at all."""
    from riskodds.facts.limits import LIMITS
    pos = position({"Siam": 6}, {"Indonesia": 2, "New Guinea": 1, "Western Australia": 1, "Eastern Australia": 1})
    ro.turn(pos, ME, 2, {"take": "Australia"}, search="real")
    kept = real.kept()
    assert kept is not None and kept.goal == tuple(board.MEMBERS["Australia"])
    assert api.warm("turn")
    assert real.kept() is kept
    real.forget()                   # nothing of the player's kept: the warm-up's own sweep is not kept either
    assert api.warm("turn") and real.kept() is None
    monkeypatch.setitem(LIMITS, "kept_sweep_mb", 0)
    ro.turn(pos, ME, 3, {"take": "Australia"}, search="real")
    assert real.kept() is None


def test_the_tie_rule_splits_odd_armies_with_the_larger_half_behind():
    from riskodds.algorithms.plan import tie_key, tie_pick
    assert tie_pick("even", 1, 4, 5) == 2 and min(range(1, 5), key=lambda m: tie_key("even", m, 5)) == 2
    assert tie_pick("even", 3, 4, 5) == 3 and tie_pick("even", 1, 5, 6) == 3
    assert tie_pick("forward", 1, 4, 5) == 4 and tie_pick("back", 2, 4, 5) == 2


# ------------------------------------------------------------------ near 1: the chances of failing
def test_near_certainty_the_chance_of_failing_keeps_its_digits():
    """Siam 50 against Australia, 1 on each: the best play wins 1 - 3.2e-18, 1.0 as a float. The
    sweep's chance of failing at the start is 1 - win to the floats' relative precision, and the
    answer comes from the exact phase without weighing every move exactly."""
    pos = position({"Siam": 50}, {t: 1 for t in board.MEMBERS["Australia"]})
    request = request_of(pos, 0, "Australia", "dice")
    lay, space, rounds = space_and_rounds(request)
    V, F, _ = real_sweep.sweep_python(space, rounds, "choose", "dice")
    t = ro.turn(pos, ME, 0, {"take": "Australia"}, search="real")
    start = [-1] * lay.k + [50]
    i = space.index(tuple(start))
    assert V[i] == 1.0 and 0 < F[i] < 1e-12
    assert abs(F[i] / float(1 - t.win) - 1) < 1e-12


@pytest.mark.parametrize("mine,theirs", [({"Siam": 30}, {"Indonesia": 1}), ({"Siam": 2}, {"Indonesia": 14}),
                                         ({"Siam": 20}, {"Indonesia": 1, "New Guinea": 2}),
                                         ({"Siam": 4}, {"Indonesia": 3, "New Guinea": 3})])
@pytest.mark.parametrize("dice", ["choose", "most"])
def test_one_double_keeps_both_chances_precise(mine, theirs, dice):
    """One double per position (real_sweep.py): the value where it is at most 1/2, else minus the chance
    of failing, the other read back as 1 less it. Both stay within r = 8 * potential * 2**-53 of the
    brute force's exact chances, relatively, however small: a win of 1 - 5.6e-14 (Siam 30 against 1)
    and one of 7.9e-9 (Siam 2 against 14) alike. Keeping the value alone (the chance of failing read
    back as 1 less it everywhere) fails five of these."""
    pos = position(mine, theirs)
    request = request_of(pos, 0, list(theirs), "dice")
    lay, space, rounds = space_and_rounds(request)
    V, F, _ = real_sweep.sweep_python(space, rounds, dice, "dice")
    exact = oracle.value(pos, ME, list(theirs), "dice", dice)
    i = space.index(tuple([-d for d in theirs.values()] + list(mine.values())))
    r = 8 * (sum(mine.values()) + sum(theirs.values())) * 2.0 ** -53
    assert abs(Fraction(V[i]) - exact) <= r * exact
    assert abs(Fraction(F[i]) - (1 - exact)) <= r * (1 - exact)


def test_a_certain_success_keeps_its_sign():
    """A position kept as minus its chance of failing 0 is -0.0: its sign bit says "read back": value
    1, chance of failing 0. A value of 0 is +0.0: value 0, chance of failing 1."""
    assert (real_sweep.value_of(-0.0), real_sweep.fail_of(-0.0)) == (1.0, 0.0)
    assert (real_sweep.value_of(0.0), real_sweep.fail_of(0.0)) == (0.0, 1.0)
    assert str(real_sweep.one_double(1.0, 0.0)) == "-0.0" and str(real_sweep.one_double(0.0, 1.0)) == "0.0"
    assert real_sweep.fail_of(real_sweep.one_double(0.75, 0.25)) == 0.25
    assert real_sweep.value_of(real_sweep.one_double(0.25, 0.75)) == 0.25
