// Wires one <form data-calculator> to its definition and the page's engine: live answers as the
// reader types (debounced; a newer input cancels the older request), a pre-filled form that
// computes on its own once it nears the viewport, messages printed once next to their field,
// data-status, the elapsed-time counter, Cancel, Copy link and the URL state.
import { CancelledError, LOADING_TEXT } from "./engine-client.js";
import { readState, writeState, stateURL } from "./url-state.js";
import { enhanceControls, reveal } from "./controls.js";
import { copyText } from "./clipboard.js";
import { playerWords, formLabel } from "./player-words.js";
import { progressText } from "./progress.js";

const LIVE_DELAY_MS = 300; // after the last keystroke
// As it scrolls in: the engine answers in milliseconds, and each answer laid out costs a phone tens
// of ms. app.js mounts a form at the same distance (scrolling runs off the main thread).
export const NEAR_VIEWPORT = "25% 0px";
// Without cross-origin isolation a cancel terminates the worker and restarts Pyodide (seconds):
// a request a newer input replaced gets this long to finish on its own first.
const SOFT_CANCEL_MS = 1500;

// Status lines: no timings (the footer's [data-role=answer-timing] and data-elapsed-ms have them).
const STATUS_TEXT = {
  idle: "The answer appears here as soon as the calculator is in view.",
  loading: LOADING_TEXT,
  ready: "Ready.",
};

export function mountCalculator(form, def, engine) {
  form.dataset.mounted = ""; // app.js mounts forms as they near the viewport
  const statusEl = form.querySelector("[data-role=status]");
  const cancelBtn = form.querySelector("[data-action=cancel]");
  const submitBtn = form.querySelector("button[type=submit]");
  const linkBtn = form.querySelector("[data-action=copy-link]");
  const resultEl = form.querySelector("[data-role=result]");
  const leadEl = form.querySelector("[data-role=lead]"); // the answer's first lines, next to the inputs
  const announceEl = form.querySelector("[data-role=announce]"); // screen readers hear the answer line only
  let seq = 0; // only the latest run may touch the page
  let runningId = null;
  let timer = null;
  let liveTimer = null;
  let started = false; // a run has been asked for (by the reader, a link or the viewport)
  let lastKey = null; // the inputs of the latest run: an edit that changes nothing computes nothing

  const field = (name) => form.elements.namedItem(name);
  const get = (name) => { const f = field(name); return f ? f.value : undefined; };
  const setStatus = (status, text) => {
    form.dataset.status = status;
    if (text !== undefined) statusEl.textContent = text;
  };
  const sync = enhanceControls(form);
  const outputs = [leadEl, resultEl];
  const clearResult = () => { outputs.forEach((o) => o.replaceChildren()); if (announceEl) announceEl.textContent = ""; };
  /** The answer's lead ([data-part=lead]) goes next to the inputs, the rest below the options. */
  function show(node) {
    const lead = node.querySelector("[data-part=lead]");
    leadEl.replaceChildren(...(lead ? [lead] : []));
    resultEl.replaceChildren(...(node.childElementCount ? [node] : []));
    // the answer line, after the dice mode it is for ("Balanced Blitz (…): Attacker wins …")
    if (announceEl) announceEl.textContent = [".mode-label", ".answer"].map((q) => leadEl.querySelector(q)?.textContent).filter(Boolean).join(": ");
  }

  // ---- messages: one per field, next to it; the field's box opens if it was collapsed ----
  function clearMessages() {
    for (const m of form.querySelectorAll("[data-error-for]")) { m.textContent = ""; delete m.dataset.message; }
    for (const f of form.querySelectorAll("[aria-invalid]")) f.removeAttribute("aria-invalid");
  }

  function showErrors(errors, { focus }) {
    const shown = new Set();
    let first = null;
    for (const [name, raw] of Object.entries(errors)) {
      const message = playerWords(raw, { field: name, labelOf: (n) => formLabel(form, n) }); // the page's labels, not the API's names
      const target = form.querySelector(`[data-error-for="${CSS.escape(name)}"]`) ?? form.querySelector('[data-error-for="_form"]');
      if (!shown.has(message)) { // the same words twice say nothing new
        target.textContent = message;
        target.dataset.message = raw; // the message as the engine (or the page's check) wrote it, for the tests
        reveal(target);
      }
      shown.add(message);
      const f = field(name);
      if (f && f.setAttribute) { f.setAttribute("aria-invalid", "true"); first = first ?? f; }
    }
    if (focus && first) first.focus();
  }

  // ---- the elapsed-time counter: at most one, stopped by whichever run comes next ----
  let progress = null; // the running request's latest progress report (engine), or null
  function startTimer() {
    stopTimer();
    progress = null;
    const t0 = performance.now();
    const tick = () => {
      if (progress) { statusEl.textContent = `${progressText(progress)}…`; return; } // what is worked out, how far
      const waiting = engine.state === "loading" || engine.state === "idle" ? `${LOADING_TEXT} ` : "Computing… ";
      statusEl.textContent = `${waiting}${((performance.now() - t0) / 1000).toFixed(1)} s`;
    };
    tick();
    timer = setInterval(tick, 100);
    return t0;
  }

  function stopTimer() { clearInterval(timer); timer = null; }

  /** The inputs a link needs: named fields, without the switches that mirror a rule field. */
  function stateValues() {
    const out = {};
    for (const f of form.elements) {
      if (!f.name || f.name === "calc" || f.dataset.mirror !== undefined || f.dataset.derived !== undefined) continue;
      if ((f.type === "radio" || f.type === "checkbox") && !f.checked) continue;
      out[f.name] = f.value.trim();
    }
    return out;
  }

  /** A request a newer one replaced: drop it if queued; stop it if running (gently without isolation). */
  function retire(id) {
    if (engine.isolated || !engine.isRunning(id)) engine.cancel(id);
    else setTimeout(() => engine.cancel(id), SOFT_CANCEL_MS); // a no-op once it has finished
  }

  async function run({ user = false, focusErrors = false } = {}) {
    clearTimeout(liveTimer);
    started = true;
    const my = ++seq;
    stopTimer();
    if (runningId !== null) retire(runningId);
    runningId = null;
    clearMessages();
    delete form.dataset.finishedAt;
    delete form.dataset.elapsedMs;
    delete form.dataset.approxAt;
    lastKey = JSON.stringify(stateValues());
    const { values, errors, waiting } = def.read(get);
    if (waiting && !Object.keys(errors).length) { // not ready yet (a position being set up): a plain hint, no error
      clearResult();
      cancelBtn.disabled = true;
      setStatus("waiting", waiting);
      if (user) writeState(form.id, stateValues());
      if (def.refused) def.refused({}, ctx);
      return;
    }
    if (Object.keys(errors).length) {
      clearResult();
      cancelBtn.disabled = true;
      setStatus("error", Object.keys(errors).length > 1 ? "Please fix the highlighted fields." : "Please fix the highlighted field.");
      showErrors(errors, { focus: focusErrors });
      if (def.refused) def.refused({}, ctx); // nothing the engine named is still marked
      return;
    }
    if (user) writeState(form.id, stateValues());
    const { op, params } = def.request(values);
    setStatus("running");
    for (const o of outputs) { o.classList.add("stale"); o.setAttribute("aria-busy", "true"); } // the last answer stays, dimmed
    cancelBtn.disabled = false;
    const t0 = startTimer();
    const onProgress = (p) => { // a long request: say what it works out and how far (kept in data- for the tests)
      if (my !== seq) return;
      progress = p;
      form.dataset.progress = p.what;
      statusEl.textContent = `${progressText(p)}…`;
    };
    delete form.dataset.progress;
    const { id, promise } = engine.call(op, params, { onProgress });
    runningId = id;
    if (def.approximate && engine.state !== "ready" && engine.state !== "busy") showApproximate(def, values, my);
    try {
      const { result, ms } = await promise;
      if (my !== seq) return;
      if (!result.ok) {
        const err = result.error || {};
        clearResult();
        showErrors({ [err.field && field(err.field) ? err.field : "_form"]: err.message || "The engine refused these inputs." }, { focus: focusErrors });
        if (def.refused) def.refused(err, ctx); // e.g. the board marks the territories the message names
        setStatus("error", "Not computed: see the message above.");
        return;
      }
      show(def.render(result, values, ctx));
      const total = (performance.now() - t0) / 1000;
      setStatus("done", "Done.");
      const took = `The last answer took ${(ms / 1000).toFixed(2)} s in the engine, ${total.toFixed(2)} s in all.`;
      document.querySelectorAll("[data-role=answer-timing]").forEach((t) => { t.textContent = took; });
      form.dataset.finishedAt = String(performance.now());
      form.dataset.elapsedMs = String(Math.round(total * 1000)); // input -> rendered result (the bench reads it)
    } catch (err) {
      if (my !== seq) return;
      clearResult();
      if (err instanceof CancelledError) setStatus("cancelled", "Cancelled. Change the inputs or press Calculate to try again.");
      else {
        setStatus("error", "Not computed: see the message above.");
        showErrors({ _form: err.message || String(err) }, { focus: false });
      }
    } finally {
      if (my === seq) {
        stopTimer();
        runningId = null;
        cancelBtn.disabled = true;
        for (const o of outputs) { o.classList.remove("stale"); o.removeAttribute("aria-busy"); }
        if (form.dataset.status !== "error" && document.activeElement === cancelBtn) submitBtn.focus();
      }
    }
  }

  /** While the runtime loads: an approximate answer, marked as such, until the exact one arrives. */
  async function showApproximate(d, values, my) {
    let node = null;
    try { node = await d.approximate(values); } catch { node = null; }
    if (!node || my !== seq || form.dataset.status !== "running") return;
    show(node);
    for (const o of outputs) o.classList.remove("stale"); // marked as approximate instead of dimmed
    form.dataset.approxAt = String(performance.now());
  }

  /** Set fields (by name) as if the reader typed them, then compute: e.g. "continue from here". */
  function fill(values) {
    for (const [k, v] of Object.entries(values)) { const f = field(k); if (f) f.value = String(v); }
    sync();
    run({ user: true });
  }
  /** Write the fields into the address now (a field a calculator set itself, e.g. the Turn's play). */
  const save = () => writeState(form.id, stateValues());
  const ctx = { engine, form, fill, save }; // def.mount and def.render get it

  // ---- live: every change to a named field computes again, a moment after the last one ----
  const isField = (t) => t && t.name && t.form === form && t.name !== "calc";
  const unchanged = () => JSON.stringify(stateValues()) === lastKey && ["running", "done"].includes(form.dataset.status);
  const onEdit = (e) => {
    if (!isField(e.target)) return;
    clearTimeout(liveTimer);
    liveTimer = setTimeout(() => { if (!unchanged()) run({ user: true }); }, LIVE_DELAY_MS);
  };
  // "input" only: "change" follows it on blur (a second, identical request) and on selects,
  // radios and checkboxes "input" fires too.
  form.addEventListener("input", onEdit);
  form.addEventListener("submit", (e) => { e.preventDefault(); run({ user: true, focusErrors: true }); });
  form.addEventListener("reset", () => clearTimeout(liveTimer));
  cancelBtn.addEventListener("click", () => { clearTimeout(liveTimer); if (runningId !== null) engine.cancel(runningId); });
  if (linkBtn) linkBtn.addEventListener("click", () => copyText(stateURL(form.id, stateValues()), linkBtn, "Link copied"));

  const showEngineState = (state, message) => {
    if (state === "error") { if (runningId === null) setStatus("error", message); return; }
    if (!["loading", "ready", "idle"].includes(form.dataset.status)) return; // a run's own status wins
    const s = state === "busy" ? "ready" : state;
    setStatus(s, s === "loading" && message ? message : STATUS_TEXT[s] ?? "");
  };
  engine.addEventListener("state", (e) => showEngineState(e.detail.state, e.detail.message));
  showEngineState(engine.state, engine.message);
  if (def.mount) def.mount(form, ctx);

  // A shared link (or a form submitted before this script ran): refill the fields and run at once.
  const state = readState(form.id);
  if (state) {
    restore(state);
    run();
    return;
  }
  // warm the engine up while the reader fills the form in (a run above needs no warm-up)
  if (def.prepare) engine.prepare(def.prepare);
  // A pre-filled form computes its answer on its own as it nears the viewport.
  if ("IntersectionObserver" in self) {
    const io = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      io.disconnect();
      if (!started) run();
    }, { rootMargin: NEAR_VIEWPORT });
    io.observe(form);
  } else {
    run();
  }

  function restore(values) {
    const mirrored = Object.entries(values).filter(([k]) => field(k)?.dataset?.mirror !== undefined);
    // Two passes with input events: a field may add others (the campaign's rows from `territories`).
    for (let pass = 0; pass < 2; pass++) {
      for (const [k, v] of Object.entries(values)) {
        const f = field(k);
        if (!f || f.dataset?.mirror !== undefined || !("value" in f) || f.value === v) continue;
        f.value = v;
        (f instanceof RadioNodeList ? f[0] : f).dispatchEvent(new Event("input", { bubbles: true }));
      }
    }
    // A switch sent by a form submitted before the scripts ran ("capital=on") wins over its field.
    for (const [k] of mirrored) { const box = field(k); box.checked = true; box.dispatchEvent(new Event("input", { bubbles: true })); }
    clearTimeout(liveTimer); // the restore's own input events must not write the URL again
    sync();
  }
}
