// The real turn's float sweep in the browser's own JavaScript engine (typed arrays at native speed).
//
// The engine (pysite/riskodds/algorithms/real_sweep.py) numbers the positions (real_space.py) and
// calls this from Pyodide, in the worker, as globalThis.riskoddsSweep(specJson, keys, into): the same
// recursion as its `sweep_python`, the same sums in the same order, so the same doubles, bit for bit
// (tests hold them equal). Python then decides near-ties exactly; nothing here is exact. Beside each
// value it sums the position's chance of failing (real_sweep.py, "Near 1"), by the same recursion
// with the least for the best, so that near 1 the exact phase can still tell actions apart, and keeps
// one double per position, the smaller of the two (real_sweep.py, "One double per position": the
// value, or minus the chance of failing), and the attacks the exact phase would compare exactly
// (real_sweep.py `candidates_mask`).
//
// spec: {size, choose, minMove, rounds: [per target: [per nd (1..): [per n (1..): [al, dl, p, ...]]]],
//        blocks: [{mask, offset, ND, nkeys, keyStart, live, shifts, widths, groups, held, strides,
//                  fixed, attacks, next: [per held target: -1 (a success), -2 (not reachable) or the
//                  block a conquest of it leads to]}]}
//        mostAttack: per target, the most dice its attacker rolls (the largest least move);
//        relative, high, tiny, mostDice, maskBits: the exact phase's test and the records' bits;
//        intKeyBits (optional, 31 when left out): a block whose keys fit this many bits finds them with
//        an integer hash, the others with the doubles' (a test sets 0 to sweep with the doubles' alone).
// keys: every block's army-vector keys, block after block, as the bytes of 64-bit little-endian integers
// (below 2**52, so exact as doubles: `keysAsFloats`).
// Returns each position's one double, position after position, then the records as 32-bit integers,
// as the bytes of one Float64Array of outDoubles(size)
// (real_sweep.py `apart` takes them apart), or writes them into `into`, the engine's own array, where
// Pyodide hands one (then returns null).
//
// Speed: V8 runs these typed-array loops about a fifth slower in a worker where any ArrayBuffer has
// ever been detached (every access then checks for it), and Pyodide detaches one each time its heap
// grows. Measured in Node, one thread, Europe from Greenland 12 and North Africa 8 + 6: 6.6 s alone,
// 7.9 s once a WebAssembly memory has grown (or any buffer was transferred), the same with Pyodide's
// heap grown. So the engine's own thread sweeps slower than the pool's (sweep-worker.js loads no
// Pyodide); the pool's layers balance that by themselves (each thread takes the next block).

const POW = Array.from({ length: 60 }, (_, i) => 2 ** i);
const F64 = new Float64Array(1);
const I32 = new Int32Array(F64.buffer);

/** The doubles of a sweep's output for `size` positions (real_space.py out_doubles): one per position,
 *  then the records, two 32-bit integers to a double. */
export function outDoubles(size) {
  return size + Math.floor((size + 1) / 2);
}

/** The records (Int32Array of `size`) inside a sweep's output `out` (outDoubles(size) doubles). */
function recordsOf(out, size) {
  return new Int32Array(out.buffer, out.byteOffset + 8 * size, size);
}

/** A position's value from its one double g (real_sweep.py value_of): g itself where its sign bit is
 *  clear, else 1 less the chance of failing -g (-0: a certain success). */
function valueOf(g) {
  return g > 0 || (g === 0 && 1 / g > 0) ? g : 1.0 - -g;
}

/** A position's chance of failing from its one double g (real_sweep.py fail_of). */
function failOf(g) {
  return g > 0 || (g === 0 && 1 / g > 0) ? 1.0 - g : -g;
}

/** The attacks recorded for a position (real_sweep.py `candidates_mask`, the same test on the same
 *  doubles): its `count` attacks, their bits and sums. */
function candidatesMask(best, least, bits, totals, fails, count, high, tiny, relative) {
  let mask = 0;
  if (best > high) {
    const ceiling = least < tiny ? tiny : least * (1 + relative);
    for (let k = 0; k < count; k++) if (fails[k] <= ceiling) mask |= 1 << bits[k];
  } else if (best >= tiny) {
    const floor = best * (1 - relative);
    for (let k = 0; k < count; k++) if (totals[k] >= floor) mask |= 1 << bits[k];
  }
  return mask;
}

/** The keys whose bytes u8 holds (64-bit little-endian integers below 2**52, as the engine keeps them:
 *  real_space.py Space.keys) as doubles, exactly, in a Float64Array over buffer(bytes): each the high
 *  32-bit word times 2**32 plus the low one. Python hands its integers' bytes as they are; the
 *  conversion is one pass here. */
export function keysAsFloats(u8, buffer = (n) => new ArrayBuffer(n)) {
  const n = u8.length / 8;
  const words = u8.byteOffset % 4 === 0 ? new Uint32Array(u8.buffer, u8.byteOffset, 2 * n)
    : new Uint32Array(Uint8Array.from(u8).buffer);
  const out = new Float64Array(buffer(8 * n));
  for (let i = 0; i < n; i++) out[i] = words[2 * i + 1] * 4294967296 + words[2 * i];
  return out;
}

/** An open-addressing table of `count` keys (integers below 2**53, as doubles) from keys[start], to
 *  their indexes: each slot a 32-bit index (-1 where empty), the key itself read from `keys` (a
 *  quarter of the memory of key and index side by side in doubles, for one more read per key found;
 *  algorithms/real_sweep_numba.py keeps its tables alike). Where every key the block can write fits
 *  31 bits (small), the hash is an integer one. `slots`: the table already made (keyTables), shared by
 *  the sweep's threads; else it is made here. Returns find(key) -> index. */
function keyIndex(keys, start, count, small, slots = null) {
  const bits = tableBits(count), mask = (1 << bits) - 1;
  const hash = hashing(bits, small);
  const table = slots || fillTable(emptySlots(count, (n) => new ArrayBuffer(n)), keys, start, count, small);
  return (key) => {
    let h = hash(key);
    for (;;) {
      const i = table[h];
      if (i === -1) throw new Error("real-sweep: a position outside the numbering");
      if (keys[start + i] === key) return i;
      h = (h + 1) & mask;
    }
  };
}

/** The bits of a block's table: at most 3/4 full (a quarter less memory than half full; on the bench's
 *  Africa and Europe the sweep took 1 % longer in Node, 2.90-2.94 s against 2.87 s, within noise). */
function tableBits(count) {
  let bits = 4;
  while (3 * (1 << bits) < 4 * count) bits++;
  return bits;
}

/** hash(key): a key's first slot in a table of 2**bits. */
function hashing(bits, small) {
  const mask = (1 << bits) - 1;
  return small
    ? (key) => Math.imul(key | 0, 0x9e3779b1) >>> (32 - bits)
    : (key) => {        // the double's two 32-bit halves, mixed
      F64[0] = key;
      return (Math.imul(I32[0] ^ Math.imul(I32[1], 0x9e3779b1), 0x85ebca6b) >>> (32 - bits)) & mask;
    };
}

/** The empty slots of a table of `count` keys, over buffer(bytes). */
function emptySlots(count, buffer) {
  return new Int32Array(buffer(4 << tableBits(count))).fill(-1);
}

function fillTable(slots, keys, start, count, small) {
  const bits = tableBits(count), mask = (1 << bits) - 1;
  const hash = hashing(bits, small);
  for (let i = 0; i < count; i++) {
    let h = hash(keys[start + i]);
    while (slots[h] !== -1) h = (h + 1) & mask;
    slots[h] = i;
  }
  return slots;
}

function smallKeys(block, intKeyBits) {
  return block.widths.reduce((sum, w) => sum + w, 0) <= intKeyBits;
}

/** Every block's key table, made once in memory the sweep's threads share (`buffer(bytes)`, a
 *  SharedArrayBuffer's): sweepShare's `tables`, so that no thread makes its own. */
export function keyTables(spec, keys, buffer) {
  const intKeyBits = spec.intKeyBits ?? 31;
  return spec.blocks.map((block) => {
    const small = smallKeys(block, intKeyBits);
    return fillTable(emptySlots(block.nkeys, buffer), keys, block.keyStart, block.nkeys, small);
  });
}

/** One block's key arithmetic: the canonical form of a vector (below 2 as 0, each group decreasing),
 *  its key, its index. */
function blockTools(block, keys, intKeyBits, slots) {
  const L = block.live.length;
  const find = keyIndex(keys, block.keyStart, block.nkeys, smallKeys(block, intKeyBits), slots);
  const shifts = block.shifts.map((s) => POW[s]);
  const widths = block.widths.map((w) => POW[w]);
  const groups = block.groups.filter(([a, b]) => b - a > 1);
  const decode = (key, out) => {
    for (let p = 0; p < L; p++) out[p] = Math.floor(key / shifts[p]) % widths[p];
  };
  const lookup = (vals) => {
    for (let p = 0; p < L; p++) if (vals[p] < 2) vals[p] = 0;
    for (let g = 0; g < groups.length; g++) {
      const a = groups[g][0], b = groups[g][1];
      for (let i = a + 1; i < b; i++) { // insertion sort, decreasing
        const v = vals[i];
        let j = i - 1;
        while (j >= a && vals[j] < v) { vals[j + 1] = vals[j]; j--; }
        vals[j + 1] = v;
      }
    }
    let key = 0;
    for (let p = 0; p < L; p++) key += vals[p] * shifts[p];
    return find(key);
  };
  return { L, decode, lookup, find, shifts, groups };
}

/** The round tables flat: per target y, per nd (1..), per n (1..), the outcomes' al, dl (Int32Array)
 *  and p (Float64Array) between first[y][nd][n] and first[y][nd][n + 1]. */
function flatRounds(rounds) {
  const al = [], dl = [], pr = [];
  const first = rounds.map((byNd) => byNd.map((row) => {
    if (!row) return null;
    const starts = [0];
    for (let n = 1; n < row.length; n++) {
      starts.push(al.length);
      const t = row[n];
      for (let o = 0; o < t.length; o += 3) { al.push(t[o]); dl.push(t[o + 1]); pr.push(t[o + 2]); }
    }
    starts.push(al.length);
    return Int32Array.from(starts);
  }));
  return { first, al: Int32Array.from(al), dl: Int32Array.from(dl), pr: Float64Array.from(pr) };
}

/** The sweep on this thread alone. check(): run before every block (Cancel, the running deadline:
 *  it may throw). */
export function sweep(specJson, keyBytes, into, check = () => {}) {
  const spec = typeof specJson === "string" ? JSON.parse(specJson) : specJson;
  const keys = keysAsFloats(keyBytes);
  // each position's one double (VF[i]: valueOf, failOf); the records after them. From Pyodide,
  // `into` is the engine's own array of outDoubles(size) doubles (a PyProxy): the sweep writes
  // straight into it, in WebAssembly's memory, with no copy either way (nothing grows that memory
  // while this runs: no Python runs meanwhile).
  const view = bufferOf(into, spec.size);
  const VF = view ? view.data : new Float64Array(outDoubles(spec.size));
  try {
    const sweeper = blockSweeper(spec, keys, VF);
    for (const layer of layersOf(spec)) for (const b of layer) { check(); sweeper(b); }
  } finally {
    VALUES = null;
    if (view) view.release();
  }
  return view ? null : new Uint8Array(VF.buffer);
}

/** The f64 view of `into` (Pyodide's PyProxy of the engine's array of outDoubles(size) doubles), or
 *  null where none was handed. */
export function bufferOf(into, size) {
  const view = into && typeof into.getBuffer === "function" ? into.getBuffer("f64") : null;
  if (view && view.data.length !== outDoubles(size)) {
    view.release();
    throw new Error("real-sweep: the array to fill does not hold a sweep's output (outDoubles)");
  }
  return view;
}

/** The blocks in sweep order, as layers: spec.layers where the engine gives them (real_sweep.py
 *  `layers`: the blocks with the same number of targets taken, the most first, each layer's largest
 *  block first), else one block at a time in index order. A block reads only its own positions and
 *  those of blocks with one more target taken, so the blocks of one layer may be swept in any order,
 *  or at once (sweep-pool.js). */
export function layersOf(spec) {
  return spec.layers || spec.blocks.map((_, b) => [b]);
}

/** sweeper(b) values every position of block b into VF, a sweep's output (the blocks it leads to
 *  already done): each block's key table made the first time it is swept or led to, or taken from
 *  `tables` (keyTables). */
export function blockSweeper(spec, keys, VF, tables = null) {
  VALUES = VF;
  const C = recordsOf(VF, spec.size);
  const tools = new Array(spec.blocks.length);
  const toolsOf = (b) => tools[b] || (tools[b] = blockTools(spec.blocks[b], keys, spec.intKeyBits ?? 31,
                                                            tables ? tables[b] : null));
  const rounds = flatRounds(spec.rounds);
  return (b) => sweepBlock(spec, toolsOf, b, keys, VF, C, rounds);
}

// The control words of a sweep shared by several threads (sweepShare): an Int32Array over a
// SharedArrayBuffer (controlWords): STOPPED, then per layer two counts, then per block a flag.
export const STOPPED = 0;                        // 0 while running; 1 stopped (Cancel, or the engine failed)
export const claimed = (layer) => 1 + 2 * layer; // the blocks of the layer handed out so far
export const finished = (layer) => 2 + 2 * layer; // ... and swept
// a block's flag: 0 until SWEPT; ABANDONED by a thread that failed in it
export const SWEPT = 1, ABANDONED = 2;
const WAIT_MS = 50;
// The engine's thread does not wait forever on a block another thread claimed. A thread that fails in
// a block (an error thrown) flags it ABANDONED, and the engine's thread sweeps it at once. A thread may
// also stall or die mid-block with no word (the browser may stop a worker it runs out of memory in, and
// no catch runs): after RESCUE_MS with no block of the layer finished, plus RESCUE_SLACK times what the
// block should take at the engine's own measured pace, the engine's thread sweeps it itself. The sums
// are the same, so were the other thread only slow, both write the same doubles.
export const RESCUE_MS = 1000;
const RESCUE_SLACK = 4;
const FIRST_MS_PER_POSITION = 0.005;              // the pace assumed before a block of its own is timed

/** The control words of a shared sweep of `spec` over buffer(bytes), all 0. */
export function controlWords(spec, buffer) {
  return new Int32Array(buffer(4 * (1 + 2 * layersOf(spec).length + spec.blocks.length)));
}

/** This thread's share of a sweep several threads make together, over shared memory (sweep-pool.js):
 *  layer after layer, it claims the layer's next block (Atomics.add), sweeps it and counts it done;
 *  when none is left it waits until every block of the layer is done, then goes on to the next. Every
 *  block is swept by one thread, with the sums `sweep` makes, so the doubles are the same. `check()`
 *  runs between blocks and waits (Cancel: it may throw). `tables`: every block's key table, shared
 *  (keyTables), else each thread makes those it needs. `rescueMs`: on the engine's thread, how long it
 *  waits on a stalled block at least before it sweeps the block itself (null on the pool's threads,
 *  which wait on the engine's). Returns false where the sweep was stopped. A thread that fails in a
 *  block flags it ABANDONED before the error goes on, for the engine's thread to sweep. */
export function sweepShare(spec, keys, VF, ctrl, check = () => {}, tables = null, rescueMs = null) {
  const sweeper = blockSweeper(spec, keys, VF, tables);
  const layers = layersOf(spec);
  const flags = ctrl.length - spec.blocks.length;   // block b's flag: ctrl[flags + b]
  const flag = (b) => Atomics.load(ctrl, flags + b);
  const positions = (b) => spec.blocks[b].nkeys * spec.blocks[b].ND;
  let ownMs = 0, ownPositions = 0;
  const swept = (b, L) => {                         // counted once, whichever thread finished it first
    if (Atomics.exchange(ctrl, flags + b, SWEPT) !== SWEPT) Atomics.add(ctrl, finished(L), 1);
    Atomics.notify(ctrl, finished(L));
  };
  const rescue = (blocks, L, which) => {            // sweeps the layer's blocks whose flag is `which`
    for (const b of blocks) {
      if (flag(b) !== which) continue;
      check();
      sweeper(b);
      swept(b, L);
    }
  };
  let current = -1, layer = -1;                     // the block this thread sweeps, and its layer
  try {
    for (let L = 0; L < layers.length; L++) {
      const blocks = layers[L];
      for (;;) {
        check();
        if (Atomics.load(ctrl, STOPPED)) return false;
        const j = Atomics.add(ctrl, claimed(L), 1);
        if (j >= blocks.length) break;
        const t0 = performance.now();
        current = blocks[j];
        layer = L;
        sweeper(current);
        current = -1;
        ownMs += performance.now() - t0;
        ownPositions += positions(blocks[j]);
        swept(blocks[j], L);
      }
      let seen = Atomics.load(ctrl, finished(L)), since = performance.now();
      while (seen < blocks.length) {
        if (Atomics.load(ctrl, STOPPED)) return false;
        Atomics.wait(ctrl, finished(L), seen, WAIT_MS);
        check();
        if (rescueMs !== null && blocks.some((b) => flag(b) === ABANDONED)) rescue(blocks, L, ABANDONED);
        const now = Atomics.load(ctrl, finished(L));
        if (now !== seen) {
          seen = now;
          since = performance.now();
        } else if (rescueMs !== null) {
          const pace = ownPositions ? ownMs / ownPositions : FIRST_MS_PER_POSITION;
          const largest = Math.max(...blocks.filter((b) => !flag(b)).map(positions), 0);
          if (performance.now() - since > rescueMs + RESCUE_SLACK * pace * largest) {
            rescue(blocks, L, 0);
            seen = Atomics.load(ctrl, finished(L));
          }
        }
      }
    }
    return true;
  } catch (err) {
    if (current >= 0 && Atomics.compareExchange(ctrl, flags + current, 0, ABANDONED) === 0) {
      Atomics.notify(ctrl, finished(layer));        // the engine's thread sweeps it
    }
    throw err;
  } finally {
    VALUES = null;
  }
}

/** Stops a shared sweep (Cancel, or the engine's thread failed) and wakes every thread waiting on it. */
export function stopShare(ctrl) {
  Atomics.compareExchange(ctrl, STOPPED, 0, 1);
  for (let i = 1; i < ctrl.length; i++) Atomics.notify(ctrl, i);
}

function sweepBlock(spec, toolsOf, b, keys, VF, C, rounds) {
  const choose = spec.choose, byDice = spec.minMove === "dice", mostDice = spec.mostDice;
  const high = spec.high, tiny = spec.tiny, relative = spec.relative;
  const block = spec.blocks[b];
  const { L, decode, lookup } = toolsOf(b);
  const { ND, offset } = block;
  const H = block.held.length;
  const strides = Int32Array.from(block.strides), fixed = Int32Array.from(block.fixed);
  // per di, per held target: its defenders (dtab), and whether its digit is not 0 (other): no division
  // in the loops below
  const dtab = new Int32Array(ND * Math.max(H, 1)), other = new Uint8Array(Math.max(H, 1) * ND);
  for (let di = 0; di < ND; di++) {
    for (let h = 0; h < H; h++) {
      const dv = strides[h] ? (((di / strides[h]) | 0) % fixed[h]) + 1 : fixed[h];
      dtab[di * H + h] = dv;
      other[h * ND + di] = strides[h] && dv !== 1 ? 1 : 0;
    }
  }
  // the attacks as pairs (position, held target), and per pair what a conquest leads to
  const pp = [], ph = [];
  for (let p = 0; p < L; p++) for (const h of block.attacks[p]) { pp.push(p); ph.push(h); }
  const P = pp.length;
  const pairP = Int32Array.from(pp), pairH = Int32Array.from(ph);
  const records = P * mostDice <= spec.maskBits;        // the block's attacks fit a record's bits
  // per attack of a position: its bit in the record, its value and its chance of failing
  const bits = new Int32Array(spec.maskBits);
  const totals = new Float64Array(spec.maskBits), fails = new Float64Array(spec.maskBits);
  const conquer = pp.map((p, i) => conquestPlan(spec, toolsOf, block, p, ph[i]));
  const firsts = ph.map((h) => rounds.first[block.held[h]]);
  const AL = rounds.al, DL = rounds.dl, PR = rounds.pr;
  const vals = new Int32Array(L), work = new Int32Array(L);
  const { find, shifts, groups } = toolsOf(b);      // groups: those of more than one position
  const alone = Int8Array.from({ length: L }, (_, p) => (groups.some(([a, b]) => a <= p && p < b) ? 0 : 1));
  const downs = new Int32Array(L * 4);
  let most = 2;
  for (const c of block.caps || []) most = Math.max(most, c + 1);
  const lines = pp.map(() => new Int32Array(most + 1));
  const cache = new Float64Array(P * ND * 4);  // per pair, di without y, least move: the conquest's value
  const cachef = new Float64Array(P * ND * 4); // ... and its chance of failing
  const lastRead = conquer.map((plan) => new Int32Array(plan.reads.length).fill(-1)); // per pair: what its cache was made from
  for (let ai = 0; ai < block.nkeys; ai++) {
    const key = keys[block.keyStart + ai];
    decode(key, vals);
    for (let p = 0; p < L; p++) {
      const v = vals[p];
      if (v < 2) continue;
      for (let al = 1; al < 4; al++) {
        if (alone[p]) {         // no group to sort: the key less the armies lost
          downs[p * 4 + al] = find(key - (v - al >= 2 ? al : v) * shifts[p]);
          continue;
        }
        for (let q = 0; q < L; q++) work[q] = vals[q];
        work[p] -= al;
        downs[p * 4 + al] = lookup(work);
      }
    }
    for (let i = 0; i < P; i++) {   // every conquest's value, per di without y and least move
      const v = vals[pairP[i]];
      if (v < 2) continue;
      const plan = conquer[i], ln = lines[i];
      if (sameAsLast(plan.reads, vals, lastRead[i])) continue;   // its lines and cache as they are
      plan.line(vals, v, ln);
      plan.values(ln, v, other, pairH[i] * ND, cache, cachef, i * ND * 4);
    }
    for (let di = 0; di < ND; di++) {
      let best = 0.0, least = 1.0, count = 0;
      for (let i = 0; i < P; i++) {
        const p = pairP[i], h = pairH[i];
        const v = vals[p];
        if (v < 2) continue;
        const dy = dtab[di * H + h];
        const byNd = firsts[i];
        const starts = byNd[dy < byNd.length ? dy : byNd.length - 1];
        const top = Math.min(starts.length - 2, v - 1);
        const stride = strides[h];
        const low = choose ? 1 : top;
        for (let n = top; n >= low; n--) {
          let total = 0.0, fail = 0.0;
          for (let o = starts[n], end = starts[n + 1]; o < end; o++) {
            const al = AL[o], dl = DL[o];
            let c, f;
            if (dl < dy) {
              const g = VF[offset + (al ? downs[p * 4 + al] : ai) * ND + di - dl * stride];
              c = valueOf(g);
              f = failOf(g);
            } else {
              const a2 = v - al;
              const diwo = di - (dy - 1) * stride;
              const lo = byDice ? (n < a2 ? n : a2 - 1) : 1;
              if (a2 < 2) { c = 0.0; f = 1.0; }
              else if (al === 0 && lo < 4) { c = cache[(i * ND + diwo) * 4 + lo]; f = cachef[(i * ND + diwo) * 4 + lo]; }
              else {
                const ln = new Int32Array(a2 + 1);
                conquer[i].line(vals, a2, ln);
                c = conquer[i].value(ln, a2, diwo, lo, false);
                f = conquer[i].value(ln, a2, diwo, lo, true);
              }
            }
            total += PR[o] * c;
            fail += PR[o] * f;
          }
          if (total > best) best = total;
          if (fail < least) least = fail;
          if (records) {
            bits[count] = i * mostDice + n - 1;
            totals[count] = total;
            fails[count++] = fail;
          }
        }
      }
      VF[offset + ai * ND + di] = best <= high ? best : -least;    // real_sweep.py one_double
      if (records) {
        C[offset + ai * ND + di] = candidatesMask(best, least, bits, totals, fails, count, high, tiny, relative);
      }
    }
  }
}

/** Whether the armies of `places` in `vals` are those of the last call for this pair (`last`); if
 *  not, they become the last. A conquest's lines and cache read only the attacker's armies and those
 *  of the places that stay in play (conquestPlan `reads`): army vectors that agree there, one after
 *  the other, share them, and the sweep keeps them instead of looking them up again. */
function sameAsLast(places, vals, last) {
  let same = true;
  for (let r = 0; r < places.length; r++) {
    const v = vals[places[r]];
    if (last[r] !== v) { same = false; last[r] = v; }
  }
  return same;
}

/** What a conquest of held target h by position p of `block` leads to (real_sweep.py move_suffix):
 *  line(vals, a, out) writes into out[m] the index, in the next block, of the army vector after moving
 *  m = 1 .. a - 1 armies in; value(line, a, di, lo, V) is the best value moving at least lo; reads: the
 *  positions of `block` whose armies the lines and values depend on (p's, and those staying in play). */
function conquestPlan(spec, toolsOf, block, p, h) {
  const next = block.next[h];
  if (next < 0) {
    const worth = next === -1 ? 1.0 : 0.0;
    return {
      reads: Int32Array.of(p),
      line: () => {},
      value: (ln, a, di, lo, failing) => (failing ? 1.0 - worth : worth),
      values: (ln, a, skip, skipAt, out, outf, at) => { out.fill(worth, at, at + block.ND * 4); outf.fill(1.0 - worth, at, at + block.ND * 4); },
    };
  }
  const choose = spec.choose;
  const nb = spec.blocks[next];
  const { lookup } = toolsOf(next);
  const x = block.live[p], y = block.held[h];
  const from = Int32Array.from(nb.live.map((s) => (s === x ? -1 : s === y ? -2 : block.live.indexOf(s))));
  const reads = Int32Array.from([p, ...from.filter((f) => f >= 0)]);
  const xLive = from.includes(-1), yLive = from.includes(-2);
  // di in the next block from di in this one (the y digit 0)
  const ditrans = new Int32Array(block.ND);
  for (let di = 0; di < block.ND; di++) {
    let out = 0;
    for (let t = 0; t < nb.held.length; t++) {
      if (!nb.strides[t]) continue;
      const here = block.held.indexOf(nb.held[t]);
      const dv = block.strides[here] ? (Math.floor(di / block.strides[here]) % block.fixed[here]) + 1 : block.fixed[here];
      out += (dv - 1) * nb.strides[t];
    }
    ditrans[di] = out;
  }
  const work = new Int32Array(nb.live.length);
  const place = (vals, a, m) => {
    for (let q = 0; q < from.length; q++) {
      const f = from[q];
      work[q] = f === -1 ? a - m : f === -2 ? m : vals[f];
    }
    return lookup(work);
  };
  // where x and y sit alone in their groups there, the other positions' part of the key is the same
  // for every move: the key of moving m is that part plus x's and y's values, with no sorting
  const { find, shifts: nshift, groups: ngroups } = toolsOf(next);
  const qx = from.indexOf(-1), qy = from.indexOf(-2);
  const alone = (q) => q < 0 || !ngroups.some(([a, b]) => a <= q && q < b);
  const fast = alone(qx) && alone(qy);
  const Sx = qx < 0 ? 0 : nshift[qx], Sy = qy < 0 ? 0 : nshift[qy];
  const rest = (vals) => {        // the key of every position but x's and y's, their groups sorted
    for (let q = 0; q < from.length; q++) work[q] = from[q] < 0 ? 0 : vals[from[q]];
    for (let q = 0; q < from.length; q++) if (work[q] < 2) work[q] = 0;
    for (let g = 0; g < ngroups.length; g++) {
      const a = ngroups[g][0], b = ngroups[g][1];
      for (let i = a + 1; i < b; i++) {
        const v = work[i];
        let j = i - 1;
        while (j >= a && work[j] < v) { work[j + 1] = work[j]; j--; }
        work[j + 1] = v;
      }
    }
    let key = 0;
    for (let q = 0; q < from.length; q++) key += work[q] * nshift[q];
    return key;
  };
  // out[m] for m = 1 .. top - 1 (a armies left on the attacker)
  const someLine = fast
    ? (vals, a, out, top) => {
      const key = rest(vals);
      for (let m = 1; m < top; m++) {
        const ax = a - m;
        out[m] = find(key + (ax >= 2 ? ax : 0) * Sx + (m >= 2 ? m : 0) * Sy);
      }
    }
    : (vals, a, out, top) => { for (let m = 1; m < top; m++) out[m] = place(vals, a, m); };
  const fullLine = (vals, a, out) => someLine(vals, a, out, a);
  const base = nb.offset, ND = nb.ND;
  const bests = new Float64Array(block.ND), leasts = new Float64Array(block.ND);
  // value(line, a, di, lo, failing): the best value (with `failing`, the least chance of failing)
  // moving at least lo; values(line, a, skip, skipAt, out, outf, at): both, at lo = 1, 2, 3, for every di
  // but those with skip[skipAt + di] (the taken target's digit not 0: no such position)
  if (choose && !xLive) {        // every army it can spare goes in
    return {
      reads,
      line: (vals, a, out) => { out[a - 1] = place(vals, a, a - 1); },
      value: (ln, a, di, lo, failing) => readAs(VALUES[base + ln[a - 1] * ND + ditrans[di]], failing),
      values: (ln, a, skip, skipAt, out, outf, at) => {
        for (let di = 0; di < block.ND; di++) {
          if (skip[skipAt + di]) continue;
          const g = VALUES[base + ln[a - 1] * ND + ditrans[di]];
          const c = valueOf(g), f = failOf(g), o = at + di * 4;
          out[o] = c; out[o + 1] = c; out[o + 2] = c; out[o + 3] = c;
          outf[o] = f; outf[o + 1] = f; outf[o + 2] = f; outf[o + 3] = f;
        }
      },
    };
  }
  if (choose && !yLive) {        // the fewest go in: only m = 1 .. the most dice (the largest least move)
    const mostLo = spec.mostAttack[y];
    return {
      reads,
      line: (vals, a, out) => someLine(vals, a, out, Math.min(a, mostLo + 1)),
      value: (ln, a, di, lo, failing) => readAs(VALUES[base + ln[lo] * ND + ditrans[di]], failing),
      values: (ln, a, skip, skipAt, out, outf, at) => {
        for (let di = 0; di < block.ND; di++) {
          if (skip[skipAt + di]) continue;
          for (let lo = 1; lo < 4 && lo < a && lo <= mostLo; lo++) {
            const g = VALUES[base + ln[lo] * ND + ditrans[di]];
            out[at + di * 4 + lo] = valueOf(g);
            outf[at + di * 4 + lo] = failOf(g);
          }
        }
      },
    };
  }
  return {
    reads,
    line: fullLine,
    value: (ln, a, di, lo, failing) => {
      const dj = base + ditrans[di];
      let best = failing ? 1.0 : 0.0;
      for (let m = a - 1; m >= lo; m--) {
        const c = readAs(VALUES[dj + ln[m] * ND], failing);
        if (failing ? c < best : c > best) best = c;
      }
      return best;
    },
    values: (ln, a, skip, skipAt, out, outf, at) => {    // row by row of the next block, from a - 1 down
      const NDh = block.ND;
      for (let di = 0; di < NDh; di++) { bests[di] = skip[skipAt + di] ? -1.0 : 0.0; leasts[di] = 1.0; }
      for (let m = a - 1; m >= 1; m--) {
        const row = base + ln[m] * ND;
        for (let di = 0; di < NDh; di++) {
          const b0 = bests[di];
          if (b0 < 0) continue;
          const g = VALUES[row + ditrans[di]];
          const c = valueOf(g), f = failOf(g);
          const b1 = c > b0 ? c : b0;
          const l0 = leasts[di], l1 = f < l0 ? f : l0;
          bests[di] = b1;
          leasts[di] = l1;
          if (m < 4) { out[at + di * 4 + m] = b1; outf[at + di * 4 + m] = l1; }
        }
      }
    },
  };
}

let VALUES = null; // the positions' doubles being swept, one each (set by sweep)

/** failOf(g) with `failing`, else valueOf(g). */
function readAs(g, failing) {
  return failing ? failOf(g) : valueOf(g);
}
