// The engine's module worker: loads the self-hosted Pyodide and the riskodds package, then answers
// {type: "call", id, op, params} with the JSON text of riskodds.interfaces.api.call, and
// {type: "prepare", id, op} by warming up for op (`prepare`). One message at a time: Python blocks
// this thread, so Cancel comes in through the shared interrupt buffer instead.

let pyodide = null;
let api = null;
let interrupt = null;
let parts = {}; // the engine's other parts, {name: {url, ops}}: fetched the first time one of their ops is asked
const loadedParts = new Set();

const post = (msg) => self.postMessage(msg);

async function bytesOf(url, what) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${what} download failed: HTTP ${r.status}`);
  return r;
}

/** The build's heap snapshot (sitebuild/snapshot.py), gzipped: inflated as it downloads, unless
 *  the service worker's copy says (X-Riskodds-Inflated) that it is kept inflated. */
async function snapshotBytes(url) {
  const r = await bytesOf(url, "snapshot");
  // read as a Blob, in one piece rather than as a stream of chunks handled on this thread
  if (r.headers.has("X-Riskodds-Inflated")) return new Uint8Array(await (await r.blob()).arrayBuffer());
  return new Uint8Array(await new Response(r.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
}

// What a fresh Python runs to become the engine; the snapshot was taken just after the same steps
// (sitebuild/make_snapshot.mjs). Exact answers at 1000+ armies have more than CPython's default
// 4300 digits.
const BOOT = "import sys\nsys.path.insert(0, '/engine')\nsys.set_int_max_str_digits(0)\nimport riskodds.interfaces.api";

/** Python with the engine imported: the snapshot restored (its heap has the engine's modules, so
 *  nothing else is fetched), else a fresh start that unpacks the engine zip and imports it. */
async function startPython({ pyodideURL, engineURL, snapshotURL }, mark) {
  const snapshot = snapshotURL && "DecompressionStream" in self ? snapshotBytes(snapshotURL) : null;
  if (snapshot) snapshot.then(() => mark("snapshotMs"), () => {}); // failures are handled below
  const { loadPyodide } = await import(pyodideURL + "pyodide.mjs");
  mark("importMs");
  if (snapshot) {
    try {
      return { py: await loadPyodide({ indexURL: pyodideURL, _loadSnapshot: snapshot }), snapshot: true };
    } catch (err) {
      console.warn("the Pyodide snapshot could not be restored; starting Python afresh:", err);
    }
  }
  const engineBytes = bytesOf(engineURL, "engine").then((r) => r.arrayBuffer());
  engineBytes.catch(() => {});
  const py = await loadPyodide({ indexURL: pyodideURL });
  await unpack(py, await engineBytes);
  py.runPython(BOOT);
  return { py, snapshot: false };
}

async function init(msg) {
  const t0 = performance.now();
  const phases = {}; // ms since init, for the bench (body[data-engine-timings])
  const mark = (name) => { phases[name] = Math.round(performance.now() - t0); };
  post({ type: "state", state: "loading" });
  try {
    const started = await startPython(msg, mark);
    pyodide = started.py;
    parts = msg.parts || {};
    const tRuntime = performance.now();
    if (msg.interruptBuffer) {
      interrupt = msg.interruptBuffer;
      pyodide.setInterruptBuffer(interrupt);
    }
    api = pyodide.pyimport("riskodds.interfaces.api");
    reportProgress(pyodide);
    const tEnd = performance.now();
    post({ type: "ready", ms: tEnd - t0, runtimeMs: tRuntime - t0, engineMs: tEnd - tRuntime, phases,
           initAt: performance.timeOrigin + t0, // epoch ms: the page places it on its own clock
           snapshot: started.snapshot, interruptible: Boolean(interrupt) });
  } catch (err) {
    post({ type: "fatal", message: `The Python runtime could not start: ${err && err.message ? err.message : err}` });
  }
}

// Python errors after which this interpreter may be unsafe to reuse: an allocation or the C stack
// failed somewhere inside, and the heap may be left inconsistent. The API reports them as an
// {"ok": false} answer that names the exception; the client restarts the worker after it.
const DAMAGING = /\b(MemoryError|RecursionError)\b/;
const SHORT_ANSWER = 64 * 1024; // error answers are short; a long answer is a result, never scanned

function damagedBy(text) {
  if (text.length > SHORT_ANSWER || !/^\{\s*"ok"\s*:\s*false/.test(text)) return false;
  try {
    const { error } = JSON.parse(text);
    return DAMAGING.test(String(error && error.message));
  } catch {
    return false; // not JSON at all: the client says so and restarts anyway
  }
}

/** Unpack an engine archive (a gzipped tar, sitebuild/engine_pack.py) into /engine: inflated and read
 *  here where the browser can inflate, else by Python. */
async function unpack(py, bytes) {
  if (!("DecompressionStream" in self)) {
    py.unpackArchive(bytes, "gztar", { extractDir: "/engine" });
    return;
  }
  const { gunzip, writeFiles } = await import("./untar.js"); // only on this path: a restored snapshot never needs it
  writeFiles(py.FS, "/engine", await gunzip(new Uint8Array(bytes)));
}

/** Unpack the engine part that holds `op` (once), beside the main part in /engine. */
async function ensurePart(op) {
  const name = partOf(op);
  if (!name || loadedParts.has(name)) return;
  const bytes = await (await bytesOf(parts[name].url, `the engine's ${name} part`)).arrayBuffer();
  await unpack(pyodide, bytes);
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  loadedParts.add(name);
}

/** The name of the engine part that holds `op` (undefined: the main part's). */
function partOf(op) {
  return Object.keys(parts).find((n) => parts[n].ops.includes(op));
}

/** Unpack op's part and start the sweep's pool where op needs them: null, or why they could not load. */
async function load(op) {
  try {
    await ensurePart(op);
    await ensureSweep(op);
    return null;
  } catch (err) {
    return err && err.message ? err.message : String(err);
  }
}

/** globalThis.riskoddsSweep, the real turn's sweep on the page's cores (sweep-pool.js): loaded, and
 *  its threads started, the first time an op of the engine's turn part is asked. */
async function ensureSweep(op) {
  if (self.riskoddsSweep || !(parts.turn ? parts.turn.ops.includes(op) : op === "turn" || op === "hold")) return;
  self.riskoddsSweep = await (await /* on demand */ import("./sweep-pool.js")).engineSweep(pyodide);
}

let callId = null; // the call Python is running, for its progress messages

/** A long request's progress, as the engine reports it (guards/budget.set_reporter): posted to the
 *  page while Python runs ({type: "progress", id, what, done, estimate}: CPU seconds). */
function reportProgress(py) {
  const guard = py.pyimport("riskodds.guards.budget");
  if (typeof guard.set_reporter !== "function") return; // an engine without it: no progress shown
  guard.set_reporter((what, done, estimate) => post({ type: "progress", id: callId, what: String(what), done: Number(done), estimate: Number(estimate) }));
}

async function call({ id, op, params }) {
  if (!api) {
    post({ type: "error", id, message: "The engine is not loaded yet." });
    return;
  }
  const failed = await load(op);
  if (failed !== null) {
    post({ type: "result", id, ms: 0, damaged: false, text: JSON.stringify({ ok: false, error: {
      field: null, message: `This calculator's part of the engine could not be loaded (${failed}). Check the connection and try again.` } }) });
    return;
  }
  if (interrupt) Atomics.store(interrupt, 0, 0); // a stale Cancel must not hit the next call
  const t0 = performance.now();
  callId = id;
  try {
    const text = api.call(op, JSON.stringify(params));
    post({ type: "result", id, text, ms: performance.now() - t0, damaged: typeof text !== "string" || damagedBy(text) });
  } catch (err) {
    if (err && err.type === "KeyboardInterrupt") {
      post({ type: "cancelled", id, ms: performance.now() - t0 });
    } else if (err && err.type) {
      // A Python exception the API did not turn into {"ok": false}: report it; restart after the
      // ones that may have damaged the heap.
      const type = String(err.type);
      post({ type: "error", id, damaged: DAMAGING.test(type), message: `${type}: ${String(err.message).split("\n").slice(-2).join(" ")}` });
    } else {
      // Not a Python error (out of memory, a wasm trap): this Pyodide may be unusable; restart.
      post({ type: "crashed", id, message: String(err && err.message ? err.message : err) });
    }
  }
}

const warmed = new Set(); // the parts whose warm-up request has run in this worker

/** {type: "prepare", id, op}: make this worker ready for `op` while nobody waits for it (the page
 *  shows a form that asks it: EngineClient.prepare). The op's part is unpacked, the sweep's pool
 *  started, and the part's warm-up request asked once (riskodds.interfaces.api.warm: its modules
 *  imported, the sweep's JavaScript compiled on every thread), its answer dropped. Answers
 *  {type: "prepared", id}; a part that cannot load now is loaded, or reported, by the first call
 *  that needs it. A warm-up request that fails (it never should: a bug, or the heap out of memory
 *  and maybe damaged) answers "crashed": the page restarts the worker and warms up no more. */
async function prepare({ id, op }) {
  const name = partOf(op);
  const failed = api ? await load(op) : "the engine is not loaded";
  if (failed !== null) console.warn(`the engine could not prepare for ${op}: ${failed}`);
  if (failed !== null || !name || warmed.has(name)) {
    post({ type: "prepared", id });
    return;
  }
  warmed.add(name);
  if (interrupt) Atomics.store(interrupt, 0, 0);
  callId = id;
  let answered = false;
  try {
    answered = api.warm(name) === true;
  } catch (err) {
    console.warn(`the engine's warm-up for ${op} failed:`, err);
  } finally {
    callId = null;
  }
  post(answered ? { type: "prepared", id } : { type: "crashed", id, message: `the warm-up for ${op} failed` });
}

self.onmessage = (event) => {
  const msg = event.data;
  if (msg.type === "init") init(msg);
  else if (msg.type === "call") call(msg);
  else if (msg.type === "prepare") prepare(msg);
};
