// Approximate battle odds while the Python runtime loads (contract C4). The table is computed by the
// engine at build time (sitebuild/approx.py, which describes the format): P(attacker wins) and
// P(attacker loses), standard rules, fought to the end, 1..200 attacking armies v 1..200 defenders,
// each to within about 0.23 %. Floats, for display marked as approximate; the exact answer replaces them.
//
//   approxBattle({attackers, defenders, convention, ...ruleFields}) -> Promise<{win, loss} | null>
//
// null: outside the table (armies, rules, a retreat or defender goal, Balanced Blitz), or the table
// could not be loaded. Values may be numbers or the strings of form fields.
import { findConvention } from "./limits.js";

const TABLE_URL = new URL("../approx/battle-standard.gz", import.meta.url);

let table = null; // Promise<decoded table | null>, fetched once

async function fetchTable() {
  const r = await fetch(TABLE_URL);
  if (!r.ok) throw new Error(`HTTP ${r.status}`);
  return new Response(r.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
}

/** Undo the second-order residuals of row `row` of a table (n rows of n), in place, mod 2^16.
 *  Rows are independent, so each is decoded when first asked for: decoding all 2 x 200 rows at
 *  once held a phone's main thread for about 50 ms while the page was loading. */
function integrateRow(q, n, row) {
  const o = row * n;
  for (let d = 0; d < n; d++) {
    const pred = d === 0 ? 0 : d === 1 ? q[o] : 2 * q[o + d - 1] - q[o + d - 2];
    q[o + d] = (q[o + d] + pred) & 0xffff;
  }
}

/** The table's header and its two quantised tables; `row(i)` decodes row i of both once. */
export function decodeTable(buf) {
  const view = new DataView(buf);
  const len = view.getUint32(0, true);
  const header = JSON.parse(new TextDecoder().decode(new Uint8Array(buf, 4, len)));
  const start = 4 + len + ((4 + len) % 2);
  const n = header.n;
  const body = new Uint16Array(buf.slice(start, start + 4 * n * n)); // little-endian, as every browser is
  const win = body.subarray(0, n * n);
  const loss = body.subarray(n * n);
  const decoded = new Uint8Array(n);
  const row = (i) => {
    if (!decoded[i]) { integrateRow(win, n, i); integrateRow(loss, n, i); decoded[i] = 1; }
  };
  return { ...header, win, loss, row };
}

/** Fetch and decode the table once (a page that computes at once starts this early, from boot.js). */
export function loadTable() {
  if (!table) {
    table = (typeof DecompressionStream === "undefined" ? Promise.resolve(null) : fetchTable().then(decodeTable))
      .catch((err) => { console.warn("approximate answers unavailable:", err); return null; });
  }
  return table;
}

const blank = (v) => v === undefined || v === null || v === "";

/** True when `params` asks for exactly what the table holds (rules as the table's header says). */
function standard(params, t) {
  const known = new Set(["attackers", "defenders", "convention", ...t.ignored]);
  for (const [key, value] of Object.entries(params)) {
    if (known.has(key) || blank(value)) continue;
    if (!(key in t.standard) || String(value) !== String(t.standard[key] ?? "")) return false;
  }
  return true;
}

function armies(value) {
  const n = typeof value === "number" ? value : /^\s*\d+\s*$/.test(String(value)) ? Number(value) : NaN;
  return Number.isSafeInteger(n) ? n : NaN;
}

const prob = (q, t) => (q >= t.q_max ? 0 : 10 ** (-q / t.scale));

export async function approxBattle(params) {
  return approxFrom(await loadTable(), params);
}

/** approxBattle's answer from a decoded table `t` (null: no table, or not in it). The table's rows
 *  count attackers in its own convention (t.convention); the request's convention (the engine's
 *  published ones, limits.js) shifts them by the difference of the two offsets. */
export function approxFrom(t, params) {
  if (!t || !params || !standard(params, t)) return null;
  const from = findConvention(params.convention ?? t.convention);
  const to = findConvention(t.convention);
  if (!from || !to) return null;
  const a = armies(params.attackers) - from.offset + to.offset;
  const d = armies(params.defenders);
  if (!(a >= 1 && a <= t.n && d >= 1 && d <= t.n)) return null;
  t.row(a - 1);
  const i = (a - 1) * t.n + (d - 1);
  return { win: prob(t.win[i], t), loss: prob(t.loss[i], t) };
}
