// The browser's shared sweep (site_src/js/sweep-pool.js) run by Node's threads: `threads` - 1
// worker_threads and this one, each running real-sweep.js sweepShare over SharedArrayBuffers (the
// values, and every block's key table made once: keyTables), as the page's pool does. The workers
// are started and ready before the clock starts, as the pool is.
//   node shared_sweep.mjs SPEC.json KEYS.bin OUT.bin THREADS [dead | abandoned | fail]
// dead: a thread that never sweeps has claimed the first block of every layer (a worker that died
// mid-block); this thread, the engine's, must sweep those itself (rescue after 20 ms here).
// abandoned: that thread flagged those blocks ABANDONED (a worker that failed in them), and this one
// must sweep them at once: it would wait 10 minutes for a stalled block.
// fail: one worker's key tables are empty, so it throws in the first block it claims, as the page's
// worker does (sweep-worker.js); this thread must sweep that block at once (10 minutes otherwise).
// writes the sweep's output (every value and chance of failing side by side, then the records) to
// OUT.bin and prints {"ms": the sweep's wall-clock milliseconds, "failed": the threads that threw} on
// stdout. tests/engine and bench/ use it.
import fs from "node:fs";
import { Worker, isMainThread, parentPort } from "node:worker_threads";
import { sweepShare, layersOf, keyTables, keysAsFloats, controlWords, claimed, outDoubles, ABANDONED }
  from "../../site_src/js/real-sweep.js";

if (isMainThread) {
  const [specPath, keysPath, out, threads, mode] = process.argv.slice(2);
  const text = fs.readFileSync(specPath, "utf8"), spec = JSON.parse(text);
  const bytes = new Uint8Array(fs.readFileSync(keysPath));
  const others = Array.from({ length: Number(threads) - 1 }, () => new Worker(new URL(import.meta.url)));
  await Promise.all(others.map((w) => new Promise((resolve) => w.once("message", resolve))));
  const t0 = performance.now();
  const keys = keysAsFloats(bytes, (n) => new SharedArrayBuffer(n));
  const VF = new Float64Array(new SharedArrayBuffer(8 * outDoubles(spec.size)));
  const ctrl = controlWords(spec, (n) => new SharedArrayBuffer(n));
  const layers = layersOf(spec);
  if (mode === "dead" || mode === "abandoned") layers.forEach((_, L) => Atomics.add(ctrl, claimed(L), 1));
  if (mode === "abandoned") layers.forEach((blocks) => { ctrl[ctrl.length - spec.blocks.length + blocks[0]] = ABANDONED; });
  const tables = keyTables(spec, keys, (n) => new SharedArrayBuffer(n));
  let failed = 0;
  const done = others.map((w) => new Promise((resolve) => w.on("message", (m) => { failed += m === "failed"; resolve(); })));
  others.forEach((w, i) => w.postMessage({ text, keys, VF, ctrl,
    tables: mode === "fail" && i === 0 ? tables.map((t) => new t.constructor(t.length).fill(-1)) : tables }));
  const rescueMs = mode === "dead" ? 20 : 600000;
  if (!sweepShare(spec, keys, VF, ctrl, () => {}, tables, rescueMs)) throw new Error("the shared sweep stopped");
  const ms = performance.now() - t0;
  await Promise.all(done);
  for (const w of others) w.postMessage(null);
  await Promise.all(others.map((w) => new Promise((resolve) => w.on("exit", resolve))));
  fs.writeFileSync(out, new Uint8Array(VF.buffer));
  console.log(JSON.stringify({ ms, failed }));
} else {
  parentPort.on("message", (job) => {
    if (job === null) process.exit(0);
    try {
      sweepShare(JSON.parse(job.text), job.keys, job.VF, job.ctrl, () => {}, job.tables);
      parentPort.postMessage("swept");
    } catch {
      parentPort.postMessage("failed");
    }
  });
  parentPort.postMessage("ready");
}
