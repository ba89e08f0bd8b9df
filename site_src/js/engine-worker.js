// The engine's module worker: loads the self-hosted Pyodide and the riskodds package, then answers
// {type: "call", id, op, params} with the JSON text of riskodds.api.call. One call at a time:
// Python blocks this thread, so Cancel comes in through the shared interrupt buffer instead.

let pyodide = null;
let api = null;
let interrupt = null;

const post = (msg) => self.postMessage(msg);

async function init({ pyodideURL, engineURL, interruptBuffer }) {
  const t0 = performance.now();
  post({ type: "state", state: "loading" });
  try {
    // Fetch the engine while Pyodide boots: the zip is small, the runtime is the long pole.
    const engineBytes = fetch(engineURL).then((r) => {
      if (!r.ok) throw new Error(`engine download failed: HTTP ${r.status}`);
      return r.arrayBuffer();
    });
    const { loadPyodide } = await import(pyodideURL + "pyodide.mjs");
    pyodide = await loadPyodide({ indexURL: pyodideURL });
    const tRuntime = performance.now();
    if (interruptBuffer) {
      interrupt = interruptBuffer;
      pyodide.setInterruptBuffer(interrupt);
    }
    pyodide.unpackArchive(await engineBytes, "zip", { extractDir: "/engine" });
    // Exact answers at 1000+ armies have more than CPython's default 4300 digits.
    pyodide.runPython("import sys\nsys.path.insert(0, '/engine')\nsys.set_int_max_str_digits(0)");
    api = pyodide.pyimport("riskodds.api");
    const tEnd = performance.now();
    post({ type: "ready", ms: tEnd - t0, runtimeMs: tRuntime - t0, engineMs: tEnd - tRuntime, interruptible: Boolean(interrupt) });
  } catch (err) {
    post({ type: "fatal", message: `The Python runtime could not start: ${err && err.message ? err.message : err}` });
  }
}

function call({ id, op, params }) {
  if (!api) {
    post({ type: "error", id, message: "The engine is not loaded yet." });
    return;
  }
  if (interrupt) Atomics.store(interrupt, 0, 0); // a stale Cancel must not hit the next call
  const t0 = performance.now();
  try {
    const text = api.call(op, JSON.stringify(params));
    post({ type: "result", id, text, ms: performance.now() - t0 });
  } catch (err) {
    if (err && err.type === "KeyboardInterrupt") {
      post({ type: "cancelled", id, ms: performance.now() - t0 });
    } else if (err && err.type) {
      // A Python exception the API did not turn into {"ok": false}: report it, keep the worker.
      post({ type: "error", id, message: `${err.type}: ${String(err.message).split("\n").slice(-2).join(" ")}` });
    } else {
      // Not a Python error (out of memory, a wasm trap): this Pyodide may be unusable; restart.
      post({ type: "crashed", id, message: String(err && err.message ? err.message : err) });
    }
  }
}

self.onmessage = (event) => {
  const msg = event.data;
  if (msg.type === "init") init(msg);
  else if (msg.type === "call") call(msg);
};
