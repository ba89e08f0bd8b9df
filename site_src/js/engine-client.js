// The page's one engine: owns the module worker, queues requests (the worker runs one at a time),
// cancels (interrupt buffer when cross-origin isolated, else terminate + restart) and restarts a
// crashed worker. Emits "state" events: loading | ready | busy | error.

export class CancelledError extends Error {
  constructor() { super("Cancelled"); this.name = "CancelledError"; }
}

export class EngineError extends Error {
  constructor(message, { crashed = false } = {}) { super(message); this.name = "EngineError"; this.crashed = crashed; }
}

const MAX_RESTARTS = 3; // in a row without a successful start: then give up with a message
const INTERRUPT_GRACE_MS = 2500; // a C-level big-int operation may not see the interrupt; then terminate

export class EngineClient extends EventTarget {
  constructor({ workerURL, pyodideURL, engineURL }) {
    super();
    this.urls = { workerURL, pyodideURL, engineURL };
    this.isolated = Boolean(self.crossOriginIsolated && typeof SharedArrayBuffer !== "undefined");
    this.queue = [];
    this.current = null;
    this.nextId = 1;
    this.state = "loading";
    this.message = "";
    this.failedStarts = 0;
    this.readyMs = null;
  }

  start() {
    this.interrupt = this.isolated ? new Int32Array(new SharedArrayBuffer(4)) : null;
    this.worker = new Worker(this.urls.workerURL, { type: "module", name: "riskodds-engine" });
    this.worker.onmessage = (e) => this.onMessage(e.data);
    this.worker.onerror = (e) => { e.preventDefault(); this.onCrash(`The engine worker failed: ${e.message || "unknown error"}`); };
    this.worker.onmessageerror = () => this.onCrash("The engine sent an unreadable message.");
    this.setState("loading", "Loading the Python runtime…");
    this.worker.postMessage({ type: "init", ...this.urls, interruptBuffer: this.interrupt });
  }

  setState(state, message = "") {
    this.state = state;
    this.message = message;
    this.dispatchEvent(new CustomEvent("state", { detail: { state, message } }));
  }

  /** Queue a call; returns {id, promise}. The promise resolves to {result, ms} or rejects. */
  call(op, params) {
    const id = this.nextId++;
    const promise = new Promise((resolve, reject) => this.queue.push({ id, op, params, resolve, reject }));
    if (this.state === "error") this.restart("Restarting the engine…");
    this.pump();
    return { id, promise };
  }

  pump() {
    if (this.current || this.state !== "ready" || this.queue.length === 0) return;
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
    if (!this.current || this.current.id !== id) return;
    if (this.interrupt) {
      Atomics.store(this.interrupt, 0, 2); // SIGINT -> KeyboardInterrupt inside Python
      clearTimeout(this.graceTimer);
      this.graceTimer = setTimeout(() => this.current && this.current.id === id && this.hardCancel(), INTERRUPT_GRACE_MS);
    } else {
      this.hardCancel();
    }
  }

  hardCancel() {
    const req = this.current;
    this.current = null;
    if (req) req.reject(new CancelledError());
    this.restart("Cancelled: restarting the engine…");
  }

  restart(message) {
    clearTimeout(this.graceTimer);
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.start();
    if (message) this.setState("loading", message);
  }

  onCrash(message) {
    const req = this.current;
    this.current = null;
    if (req) req.reject(new EngineError(`${message} The engine has been restarted; please try again.`, { crashed: true }));
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

  onMessage(msg) {
    const req = this.current;
    const mine = req && msg.id === req.id;
    switch (msg.type) {
      case "state":
        this.setState(msg.state, "Loading the Python runtime…");
        break;
      case "ready":
        this.failedStarts = 0;
        this.readyMs = msg.ms;
        this.timings = { readyMs: msg.ms, runtimeMs: msg.runtimeMs, engineMs: msg.engineMs };
        this.setState("ready");
        this.pump();
        break;
      case "fatal":
        this.onCrash(msg.message);
        break;
      case "result":
      case "cancelled":
      case "error":
        if (!mine) break;
        clearTimeout(this.graceTimer);
        this.current = null;
        if (msg.type === "result") req.resolve({ result: JSON.parse(msg.text), ms: msg.ms });
        else if (msg.type === "cancelled") req.reject(new CancelledError());
        else req.reject(new EngineError(msg.message));
        this.setState("ready");
        this.pump();
        break;
      case "crashed":
        this.onCrash(`The engine crashed (${msg.message}).`);
        break;
      default:
        break;
    }
  }
}
