// real-sweep.js keysAsFloats: the engine's 64-bit keys (little-endian bytes, as Python's array("q")
// hands them) become the same integers as doubles, exactly, wherever the bytes lie in their buffer.
import { test } from "node:test";
import assert from "node:assert/strict";
import { keysAsFloats } from "../../site_src/js/real-sweep.js";

const KEYS = [0n, 1n, 2n ** 31n - 1n, 2n ** 31n, 2n ** 32n - 1n, 2n ** 32n, 2n ** 32n + 5n, 3n * 2n ** 40n + 7n,
  2n ** 52n - 1n];

function bytesOf(keys, offset) {
  const buf = new ArrayBuffer(offset + 8 * keys.length);
  const view = new DataView(buf);
  keys.forEach((k, i) => view.setBigInt64(offset + 8 * i, k, true));
  return new Uint8Array(buf, offset, 8 * keys.length);
}

for (const offset of [0, 4, 1, 3]) {
  test(`keys at byte offset ${offset} come back as the same integers`, () => {
    assert.deepEqual(Array.from(keysAsFloats(bytesOf(KEYS, offset))), KEYS.map(Number));
  });
}

test("the doubles go into the buffer asked for (the pool's shared memory)", () => {
  const made = [];
  const out = keysAsFloats(bytesOf(KEYS, 0), (n) => { const b = new SharedArrayBuffer(n); made.push(b); return b; });
  assert.equal(out.buffer, made[0]);
  assert.deepEqual(Array.from(out), KEYS.map(Number));
});
