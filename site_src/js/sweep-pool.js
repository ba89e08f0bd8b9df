// The real turn's float sweep on several cores (issue 41). The engine's worker starts the pool once
// (startPool) and hands Pyodide poolSweep(...) as globalThis.riskoddsSweep: the same call as
// real-sweep.js `sweep`, the same doubles. The blocks with the same number of targets taken do not
// read each other (real-sweep.js layersOf), so the engine's thread and the pool's threads sweep them
// at once, one layer after the other, over memory they share (real-sweep.js sweepShare). That needs
// SharedArrayBuffer, which the browser gives only to a cross-origin isolated page (netlify.toml sets
// the headers, and so does the build's server); elsewhere, or with one core, the sweep runs alone.
import { sweep, sweepShare, stopShare, bufferOf, keyTables, keysAsFloats, controlWords, outDoubles, RESCUE_MS }
  from "./real-sweep.js";

const READY_MS = 3000;       // how long a first turn waits for the pool to load before it goes alone

/** Whether this worker may share memory with others (a cross-origin isolated page). */
export function canShare() {
  return typeof SharedArrayBuffer === "function" && self.crossOriginIsolated === true;
}

/** The pool's workers: navigator.hardwareConcurrency threads in all, counting the engine's own, at
 *  most `most` (the engine's limit browser_sweep_threads); none where memory cannot be shared.
 *  Resolves with those that loaded within READY_MS; the array is live: a worker that loads later
 *  joins it for the next sweep. */
export async function startPool(most) {
  if (!canShare()) return [];
  const count = Math.min(navigator.hardwareConcurrency || 1, most) - 1;
  const ready = [];
  const starting = Array.from({ length: count }, () => new Promise((resolve) => {
    try {
      const w = new Worker(new URL("./sweep-worker.js", import.meta.url), { type: "module" });
      // loaded, then one message each way: Chromium held a new worker's first job until the engine's
      // thread, blocked in Python meanwhile, came back to its event loop (measured: no block claimed)
      w.onmessage = ({ data }) => {
        if (data === "ready") w.postMessage("ping");
        else if (data === "pong") { ready.push(w); resolve(); }
      };
      w.onerror = () => {   // failed to load, or died later (a sweep's engine thread rescues its block)
        if (ready.includes(w)) ready.splice(ready.indexOf(w), 1);
        resolve();
      };
    } catch {
      resolve();      // no worker from a worker here: the engine's thread sweeps alone
    }
  }));
  await Promise.race([Promise.all(starting), new Promise((r) => setTimeout(r, READY_MS))]);
  return ready;       // the engine's thread never waits on a worker that is not in it yet
}

/** riskoddsSweep for the engine's worker, which calls it from `pyodide` (real-sweep.js `sweep`'s
 *  arguments): its pool started (at most the engine's limit browser_sweep_threads), Cancel read
 *  through Pyodide's interrupt buffer. The threads start before Python blocks the worker's thread. */
export async function engineSweep(pyodide) {
  const most = pyodide.runPython("from riskodds.facts.limits import LIMITS; LIMITS['browser_sweep_threads']");
  return poolSweep(await startPool(most), () => pyodide.checkInterrupt());
}

/** Thrown by a sweep's check once the request's running deadline has passed. */
class Late extends Error {}

/** riskoddsSweep for the engine: real-sweep.js `sweep` shared with `workers` (at most the spec's
 *  `threads` less the engine's own; alone where the spec has no `layers`). check(): run between
 *  blocks and while the engine's thread waits (Pyodide's checkInterrupt: Cancel throws from there
 *  and stops every thread). `threads`: how many threads sweep (the engine prices the sweep by it).
 *  In two halves, so that Python can work while the pool sweeps (algorithms/real_sweep.py `sweep`,
 *  `meanwhile`): begin(specJson, keyBytes) hands the sweep to the pool and returns at once (null
 *  where the pool cannot take it), end(job, into, leftMs) joins it on the engine's thread and fills
 *  `into`, stop(job) drops it (Cancel, or Python failed meanwhile). run(specJson, keyBytes, into,
 *  leftMs) is both. leftMs: the milliseconds left of the request's time budget (none: no limit);
 *  past them every thread stops, and end and run return "late" (the engine then says so). */
export function poolSweep(workers, check) {
  const guard = (leftMs) => {
    const until = leftMs === undefined || leftMs === null ? Infinity : performance.now() + leftMs;
    return () => {
      check();
      if (performance.now() >= until) throw new Late();
    };
  };
  const alone = (specJson, keyBytes, into, late) => {
    try {
      return sweep(specJson, keyBytes, into, late);
    } catch (err) {
      if (err instanceof Late) return "late";
      throw err;
    }
  };
  const begin = (specJson, keyBytes) => {
    const spec = JSON.parse(specJson);
    const helpers = workers.slice(0, (spec.threads || 1) - 1);    // the engine chose how many (memory)
    if (!helpers.length || !spec.layers) return null;
    const keys = keysAsFloats(keyBytes, (bytes) => new SharedArrayBuffer(bytes));
    const VF = new Float64Array(new SharedArrayBuffer(8 * outDoubles(spec.size)));
    const ctrl = controlWords(spec, (bytes) => new SharedArrayBuffer(bytes));
    const tables = keyTables(spec, keys, (bytes) => new SharedArrayBuffer(bytes));   // one copy for all
    for (const w of helpers) w.postMessage({ spec: specJson, keys, VF, ctrl, tables });
    return { spec, keys, VF, ctrl, tables };
  };
  const stop = (job) => stopShare(job.ctrl);
  const end = ({ spec, keys, VF, ctrl, tables }, into, leftMs) => {
    const late = guard(leftMs);
    try {
      if (!sweepShare(spec, keys, VF, ctrl, late, tables, RESCUE_MS)) throw new Error("the shared sweep was stopped");
    } catch (err) {
      stopShare(ctrl);
      if (err instanceof Late) return "late";
      throw err;
    }
    const view = bufferOf(into, spec.size);
    if (!view) return new Uint8Array(VF.slice().buffer);
    try {
      view.data.set(VF);
    } finally {
      view.release();
    }
    return null;
  };
  const run = (specJson, keyBytes, into, leftMs) => {
    const job = begin(specJson, keyBytes);
    return job ? end(job, into, leftMs) : alone(specJson, keyBytes, into, guard(leftMs));
  };
  Object.assign(run, { begin, end, stop });
  Object.defineProperty(run, "threads", { get: () => 1 + workers.length });   // the engine reads it per request
  return run;
}
