// Page entry: start the engine worker at once (so it is warm before the first click), then mount
// every calculator form on the page. Pages without calculators start no worker.
// Only the engine client is imported up front: the worker (and Pyodide's download and compile)
// starts before the rest of the page's modules are fetched, which are loaded meanwhile.
import { EngineClient } from "./engine-client.js";
import { registerServiceWorker } from "./offline.js";

function startEngine() {
  const { worker, pyodide, engine: engineURL } = document.body.dataset;
  const engine = new EngineClient({ workerURL: worker, pyodideURL: pyodide, engineURL });
  const stateEls = document.querySelectorAll("[data-role=engine-state]");
  engine.addEventListener("state", (e) => {
    const { state, message } = e.detail;
    document.body.dataset.engineState = state;
    if (state === "ready" && engine.timings) document.body.dataset.engineTimings = JSON.stringify(engine.timings);
    const text = state === "ready" || state === "busy"
      ? `Engine ready${engine.readyMs ? ` (started in ${(engine.readyMs / 1000).toFixed(1)} s)` : ""}${engine.isolated ? "" : "; Cancel restarts it"}.`
      : message || state;
    stateEls.forEach((s) => { s.textContent = text; });
  });
  engine.start();
  globalThis.riskoddsEngine = engine; // a handle for the console, the tests and the bench
  return engine;
}

async function main() {
  const forms = [...document.querySelectorAll("form[data-calculator]")];
  const engine = forms.length ? startEngine() : null;
  registerServiceWorker(); // every page: one visit anywhere makes the calculators work offline
  if (!engine) return;
  const [{ mountCalculator }, { getCalculator }] = await Promise.all([
    import("./calculator-form.js"), import("./calculators/index.js")]);
  for (const form of forms) {
    const def = getCalculator(form.dataset.calculator);
    if (!def) {
      console.warn(`no calculator registered for ${form.dataset.calculator}`);
      continue;
    }
    mountCalculator(form, def, engine);
  }
}

main();
