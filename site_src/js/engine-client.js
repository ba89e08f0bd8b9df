// The page's one engine: owns the module worker, queues requests (the worker runs one at a time),
// cancels (interrupt buffer when cross-origin isolated, else terminate + restart) and restarts a
// worker that crashed or may be damaged. Emits "state" events:
//   idle (not started: nothing downloaded yet) | loading | ready | busy | error.
// `call()` on an idle engine starts it, so a page may start the engine lazily (app.js).
//
// After any failure the client is never left busy: a worker error, an unreadable message, an
// answer that is not JSON, or an answer reporting MemoryError/RecursionError (Python survived, but
// the heap may be damaged: the next answer could be garbage) all end the request and restart
// the worker.

export class CancelledError extends Error {
  constructor() { super("Cancelled"); this.name = "CancelledError"; }
}

export class EngineError extends Error {
  constructor(message, { crashed = false } = {}) { super(message); this.name = "EngineError"; this.crashed = crashed; }
}

/** Every status line's words while the engine loads. */
export const LOADING_TEXT = "Loading the calculators (a few seconds the first time)…";

const MAX_RESTARTS = 3; // in a row without a successful start: then give up with a message
const INTERRUPT_GRACE_MS = 2500; // a C-level big-int operation may not see the interrupt; then terminate

export class EngineClient extends EventTarget {
  constructor({ workerURL, pyodideURL, engineURL, snapshotURL = "", parts = {} }) {
    super();
    this.urls = { workerURL, pyodideURL, engineURL, snapshotURL, parts };
    this.isolated = Boolean(self.crossOriginIsolated && typeof SharedArrayBuffer !== "undefined");
    this.queue = [];
    this.current = null; // the request executing in the worker (read it through isRunning)
    this.nextId = 1;
    this.state = "idle";
    this.message = "";
    this.failedStarts = 0;
    this.readyMs = null;
    this.worker = null;
    this.prepared = new Set(); // ops to warm up for (`prepare`)
    this.warmups = []; // those this worker has not warmed up for yet
  }

  /** Start the worker (download and boot the runtime). Starting a started engine does nothing. */
  start() {
    if (this.worker) return;
    this.interrupt = this.isolated ? new Int32Array(new SharedArrayBuffer(4)) : null;
    this.startedAt = performance.now();
    this.worker = new Worker(this.urls.workerURL, { type: "module", name: "riskodds-engine" });
    this.worker.onmessage = (e) => this.onMessage(e.data);
    this.worker.onerror = (e) => { e.preventDefault(); this.onCrash(`The engine worker failed: ${e.message || "unknown error"}`); };
    this.worker.onmessageerror = () => this.onCrash("The engine sent an unreadable message.");
    this.setState("loading", LOADING_TEXT);
    this.worker.postMessage({ type: "init", ...this.urls, interruptBuffer: this.interrupt });
  }

  setState(state, message = "") {
    this.state = state;
    this.message = message;
    this.dispatchEvent(new CustomEvent("state", { detail: { state, message } }));
  }

  /** Queue a call; returns {id, promise}. The promise resolves to {result, ms} or rejects
   *  (CancelledError, EngineError). An idle engine is started; a failed one is restarted.
   *  onProgress({what, done, estimate}): a long request's progress as the engine reports it. */
  call(op, params, { onProgress = null } = {}) {
    const id = this.nextId++;
    const promise = new Promise((resolve, reject) => this.queue.push({ id, op, params, resolve, reject, onProgress }));
    if (this.state === "idle") this.start();
    else if (this.state === "error") this.restart("Restarting the engine…");
    this.pump();
    return { id, promise };
  }

  /** Warm the worker up for `op` (engine-worker.js `prepare`) while no request waits: requests go
   *  first. Once per op (again after a restart); an idle engine is not started. */
  prepare(op) {
    if (this.prepared.has(op)) return;
    this.prepared.add(op);
    this.warmups.push(op);
    this.pump();
  }

  /** True while request `id` executes in the worker (false while it waits in the queue, and after). */
  isRunning(id) {
    return this.current !== null && this.current.id === id;
  }

  pump() {
    if (this.current || this.state !== "ready") return;
    if (this.queue.length === 0) {
      if (this.warmups.length === 0) return;
      // a warm-up: nobody waits, the state stays "ready"
      const id = this.nextId++, op = this.warmups.shift();
      this.current = { id, op, warmup: true, resolve() {}, reject() {} };
      this.worker.postMessage({ type: "prepare", id, op });
      return;
    }
    this.current = this.queue.shift();
    this.setState("busy");
    const { id, op, params } = this.current;
    this.worker.postMessage({ type: "call", id, op, params });
  }

  cancel(id) {
    const queued = this.queue.findIndex((r) => r.id === id);
    if (queued >= 0) {
      this.queue.splice(queued, 1)[0].reject(new CancelledError());
      return;
    }
    if (!this.isRunning(id)) return;
    this.current.cancelled = true; // an answer that still arrives (a C-level step finishing) is not shown
    if (this.interrupt) {
      Atomics.store(this.interrupt, 0, 2); // SIGINT -> KeyboardInterrupt inside Python
      clearTimeout(this.graceTimer);
      this.graceTimer = setTimeout(() => this.isRunning(id) && this.hardCancel(), INTERRUPT_GRACE_MS);
    } else {
      this.hardCancel();
    }
  }

  hardCancel() {
    this.settle((req) => req.reject(new CancelledError()));
    this.restart("Cancelled: restarting the engine…");
  }

  /** End the current request (if any) with `how(req)`; the worker is free for the next one. */
  settle(how) {
    const req = this.current;
    this.current = null;
    clearTimeout(this.graceTimer);
    if (req) how(req);
  }

  restart(message) {
    clearTimeout(this.graceTimer);
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.warmups = [...this.prepared];
    this.start();
    if (message) this.setState("loading", message);
  }

  onCrash(message) {
    if (this.current && this.current.warmup) this.prepared.clear(); // not tried again
    this.settle((req) => req.reject(new EngineError(`${message} The engine has been restarted; please try again.`, { crashed: true })));
    this.failedStarts += 1;
    if (this.failedStarts > MAX_RESTARTS) {
      if (this.worker) this.worker.terminate();
      this.worker = null;
      for (const r of this.queue.splice(0)) r.reject(new EngineError(message));
      this.setState("error", `${message} Reload the page to try again.`);
      return;
    }
    this.restart("The engine stopped unexpectedly; restarting…");
  }

  /** A result from the worker: resolve with the parsed answer; restart if the heap may be damaged. */
  onResult(req, msg) {
    let result;
    try {
      result = JSON.parse(msg.text);
    } catch {
      this.onCrash("The engine returned an unreadable answer.");
      return;
    }
    this.settle(() => (req.cancelled ? req.reject(new CancelledError()) : req.resolve({ result, ms: msg.ms })));
    if (msg.damaged) {
      this.restart("The engine ran out of memory; restarting it…");
      return;
    }
    this.setState("ready");
    this.pump();
  }

  onMessage(msg) {
    const req = this.current;
    const mine = Boolean(req && msg && msg.id === req.id);
    switch (msg && msg.type) {
      case "state":
        this.setState(msg.state, LOADING_TEXT);
        break;
      case "ready":
        this.failedStarts = 0;
        this.readyMs = msg.ms;
        // initAtMs: when the worker began "init", on this page's clock (startedAt is when it was made)
        this.timings = { readyMs: msg.ms, runtimeMs: msg.runtimeMs, engineMs: msg.engineMs, snapshot: Boolean(msg.snapshot),
                         initAtMs: msg.initAt - performance.timeOrigin, ...msg.phases };
        this.setState("ready");
        this.pump();
        break;
      case "fatal":
        this.onCrash(msg.message);
        break;
      case "result":
        if (mine) this.onResult(req, msg);
        break;
      case "prepared":
        if (!mine) break;
        this.settle(() => {});
        this.pump();
        break;
      case "progress":
        if (mine && req.onProgress && !req.cancelled) req.onProgress({ what: msg.what, done: msg.done, estimate: msg.estimate });
        break;
      case "cancelled":
      case "error":
        if (!mine) break;
        this.settle((r) => r.reject(msg.type === "cancelled" ? new CancelledError() : new EngineError(msg.message)));
        if (msg.damaged) {
          this.restart("The engine ran out of memory; restarting it…");
          break;
        }
        this.setState("ready");
        this.pump();
        break;
      case "crashed":
        this.onCrash(`The engine crashed (${msg.message}).`);
        break;
      default:
        if (req) this.onCrash("The engine sent an unexpected message.");
        break;
    }
  }
}
