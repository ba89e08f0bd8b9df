// Wires one <form data-calculator> to its definition and the page's engine: validation messages,
// data-status, the elapsed-time counter, Cancel, URL state, and engine errors next to their field.
import { CancelledError } from "./engine-client.js";
import { readState, writeState } from "./url-state.js";

const STATUS_TEXT = {
  loading: "Loading the Python runtime…",
  ready: "Ready.",
};

export function mountCalculator(form, def, engine) {
  const statusEl = form.querySelector("[data-role=status]");
  const cancelBtn = form.querySelector("[data-action=cancel]");
  const submitBtn = form.querySelector("button[type=submit]");
  const resultEl = form.querySelector("[data-role=result]");
  let seq = 0; // only the latest run may touch the page
  let runningId = null;
  let timer = null;
  const ctx = { engine, form }; // optional hooks: def.mount(form, ctx) sets up dynamic parts; render gets ctx

  const setStatus = (status, text) => {
    form.dataset.status = status;
    if (text !== undefined) statusEl.textContent = text;
  };
  const field = (name) => form.elements.namedItem(name);
  const get = (name) => { const f = field(name); return f ? f.value : undefined; };

  function clearMessages() {
    for (const m of form.querySelectorAll("[data-error-for]")) m.textContent = "";
    for (const f of form.querySelectorAll("[aria-invalid]")) f.removeAttribute("aria-invalid");
  }

  function showErrors(errors) {
    let first = null;
    for (const [name, message] of Object.entries(errors)) {
      const target = form.querySelector(`[data-error-for="${CSS.escape(name)}"]`) ?? form.querySelector('[data-error-for="_form"]');
      target.textContent = message;
      const f = field(name);
      if (f && f.setAttribute) { f.setAttribute("aria-invalid", "true"); first = first ?? f; }
    }
    if (first) first.focus();
  }

  function startTimer(prefix) {
    const t0 = performance.now();
    const tick = () => {
      const waiting = engine.state === "loading" ? "Waiting for the Python runtime… " : "Computing… ";
      statusEl.textContent = `${prefix ?? waiting}${((performance.now() - t0) / 1000).toFixed(1)} s`;
    };
    tick();
    timer = setInterval(tick, 100);
    return t0;
  }

  function stopTimer() { clearInterval(timer); timer = null; }

  function rawValues() {
    const out = {};
    for (const f of form.elements) if (f.name) out[f.name] = f.value.trim();
    return out;
  }

  async function run() {
    const my = ++seq;
    if (runningId !== null) engine.cancel(runningId);
    clearMessages();
    resultEl.replaceChildren();
    delete form.dataset.finishedAt;
    delete form.dataset.elapsedMs;
    const { values, errors } = def.read(get);
    if (Object.keys(errors).length) {
      setStatus("error", "Please fix the highlighted fields.");
      showErrors(errors);
      return;
    }
    writeState(form.id, rawValues());
    const { op, params } = def.request(values);
    setStatus("running");
    cancelBtn.disabled = false;
    const t0 = startTimer();
    const { id, promise } = engine.call(op, params);
    runningId = id;
    try {
      const { result, ms } = await promise;
      if (my !== seq) return;
      if (!result.ok) {
        const err = result.error || {};
        showErrors({ [err.field && field(err.field) ? err.field : "_form"]: err.message || "The engine refused these inputs." });
        setStatus("error", "The engine could not compute this.");
        return;
      }
      resultEl.replaceChildren(def.render(result, values, ctx));
      const total = (performance.now() - t0) / 1000;
      setStatus("done", `Done in ${total.toFixed(2)} s (engine ${(ms / 1000).toFixed(2)} s).`);
      form.dataset.finishedAt = String(performance.now());
      form.dataset.elapsedMs = String(Math.round(total * 1000)); // submit -> rendered result (the bench reads it)
    } catch (err) {
      if (my !== seq) return;
      if (err instanceof CancelledError) setStatus("cancelled", "Cancelled. Change the inputs and calculate again.");
      else {
        setStatus("error", "Something went wrong.");
        showErrors({ _form: err.message || String(err) });
      }
    } finally {
      if (my === seq) {
        stopTimer();
        runningId = null;
        cancelBtn.disabled = true;
        if (form.dataset.status !== "error" && document.activeElement === cancelBtn) submitBtn.focus();
      }
    }
  }

  form.addEventListener("submit", (e) => { e.preventDefault(); run(); });
  cancelBtn.addEventListener("click", () => { if (runningId !== null) engine.cancel(runningId); });

  engine.addEventListener("state", (e) => {
    const { state, message } = e.detail;
    if (form.dataset.status === "loading" && state === "ready") setStatus("ready", STATUS_TEXT.ready);
    if (state === "error" && runningId === null) setStatus("error", message);
  });
  if (engine.state === "ready") setStatus("ready", STATUS_TEXT.ready);
  if (def.mount) def.mount(form, ctx);

  // A shared link: refill the fields and run as soon as the engine is up (the call waits in the queue).
  const state = readState(form.id);
  if (state) {
    // Two passes with input events: a field may add others (the campaign's rows from `territories`).
    for (let pass = 0; pass < 2; pass++) {
      for (const [k, v] of Object.entries(state)) {
        const f = field(k);
        if (f && "value" in f && f.value !== v) { f.value = v; f.dispatchEvent(new Event("input", { bubbles: true })); }
      }
    }
    run();
  }
}
