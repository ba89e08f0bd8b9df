// The page's engine client, one per page, shared by boot.js (which may start it before the page is
// parsed) and app.js (which mounts the calculators on it).
import { EngineClient } from "./engine-client.js";
import { keepRuntime, wantRuntime } from "./offline.js";

let theEngine = null;

/** The page's one engine, made on first use (boot.js or app.js, whichever asks first). */
export function pageEngine() {
  if (!theEngine) theEngine = makeEngine();
  return theEngine;
}

function makeEngine() {
  const { worker, pyodide, engine: engineURL, snapshot, engineParts } = document.body.dataset;
  const engine = new EngineClient({ workerURL: worker, pyodideURL: pyodide, engineURL, snapshotURL: snapshot,
                                    parts: JSON.parse(engineParts || "{}") });
  const show = (state, message) => {
    document.body.dataset.engineState = state;
    if (state === "ready" && engine.timings) document.body.dataset.engineTimings = JSON.stringify(engine.timings);
    const text = state === "ready" || state === "busy"
      // the same words in every browser: where Cancel must restart the worker (no SharedArrayBuffer,
      // as in WebKit) the reader has nothing to do about it
      ? "Ready."
      : state === "idle" ? "The calculators load when one comes into view." : message || state;
    if (state === "ready" && engine.readyMs) {
      document.querySelectorAll("[data-role=engine-timing]").forEach((t) => {
        t.textContent = `The engine started in ${(engine.readyMs / 1000).toFixed(1)} s.`;
      });
    }
    // looked up each time: boot.js makes the engine before the rest of the page is parsed
    document.querySelectorAll("[data-role=engine-state]").forEach((s) => { s.textContent = text; });
  };
  engine.addEventListener("state", (e) => {
    show(e.detail.state, e.detail.message);
    // Offline use needs the runtime: once it is here (in the HTTP cache), the service worker keeps a copy.
    if (e.detail.state === "loading") wantRuntime();
    if (e.detail.state === "ready") keepRuntime();
  });
  show(engine.state, engine.message);
  document.addEventListener("DOMContentLoaded", () => show(engine.state, engine.message), { once: true });
  globalThis.riskoddsEngine = engine; // a handle for the console, the tests and the bench
  return engine;
}

