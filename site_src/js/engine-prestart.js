// A classic script (not a module), first in <body> on a page that computes at once (the
// calculators page), on a visit served by the service worker: it creates the engine's worker and
// sends it "init" while the page is still being parsed. Module scripts, even async ones, run only
// about when parsing ends (measured 350-480 ms after navigation on the calculators page, against
// 150-190 ms for this script), and on a repeat visit the runtime comes from the local cache, so
// every millisecond before the worker starts is a millisecond added to the first exact answer.
// A first visit (no service worker yet) leaves the start to boot.js: there the runtime's 13 MB
// would compete for the network and the CPU with the page's own files while it is being laid out
// (Lighthouse mobile, calculators page: performance 85 with an early start against 92 without).
//
// EngineClient.start() adopts this worker (page-engine.js hands it over) with the events that
// arrived before, so nothing is lost. The init message is the one EngineClient.start() sends and
// engine-worker.js reads.
(() => {
  const d = document.body.dataset;
  const controlled = "serviceWorker" in navigator && navigator.serviceWorker.controller;
  if (d.engineStart !== "eager" || !controlled || typeof Worker === "undefined") return;
  try {
    const interrupt = self.crossOriginIsolated && typeof SharedArrayBuffer !== "undefined"
      ? new Int32Array(new SharedArrayBuffer(4)) : null;
    const urls = { workerURL: d.worker, pyodideURL: d.pyodide, engineURL: d.engine, snapshotURL: d.snapshot };
    const startedAt = performance.now();
    const worker = new Worker(urls.workerURL, { type: "module", name: "riskodds-engine" });
    const early = [];
    worker.onmessage = worker.onerror = worker.onmessageerror = (e) => { e.preventDefault(); early.push(e); };
    worker.postMessage({ type: "init", ...urls, interruptBuffer: interrupt });
    self.riskoddsPrestarted = { worker, interrupt, early, startedAt, urls };
  } catch {
    // EngineClient starts the engine itself
  }
})();
