// Page entry: make the page's engine, mount every calculator form, register the service worker.
// Pages without calculators make no engine. When the engine starts is the page's choice
// (body[data-engine-start], from sitebuild/pages.py):
//   "eager" (the calculators page): at once, from boot.js as soon as <body> opens, so Pyodide's
//     download and start-up overlap the parsing of the page and everything after;
//   "lazy" (the article): only when a calculator comes near the viewport or is touched, so a
//     reader who never reaches one downloads no runtime. A calculation asked for earlier starts it too
//     (EngineClient.call on an idle engine).
import { pageEngine } from "./page-engine.js";
import { registerServiceWorker } from "./offline.js";
import { readState } from "./url-state.js";

const ENGINE_AHEAD = "100% 0px"; // a screen ahead: the runtime is up by the time the reader arrives

/** Start the engine once any form nears the viewport, gets focus or a pointer. */
function startWhenNear(forms, engine) {
  const io = "IntersectionObserver" in self ? new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) start();
  }, { rootMargin: ENGINE_AHEAD }) : null;
  const touched = () => start();
  function start() {
    if (io) io.disconnect();
    for (const form of forms) {
      form.removeEventListener("focusin", touched);
      form.removeEventListener("pointerdown", touched);
    }
    engine.start();
  }
  if (!io) return start();
  for (const form of forms) {
    io.observe(form);
    form.addEventListener("focusin", touched);
    form.addEventListener("pointerdown", touched);
  }
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
// What a reader does to a form not yet mounted: mounting in the capture phase lets the form's own
// listeners, added by the mount, see this same event.
const TOUCH_EVENTS = ["focusin", "pointerdown", "input", "submit"];

/** Mount the calculators: at once the one a shared link fills in, then those near the viewport
 *  (one task each, so input is never blocked for long), the rest as they come near or are
 *  touched. A page of five calculators would otherwise lay out and wire up all of them while the
 *  first answer is loading, on a phone a few hundred ms of blocked main thread. */
function mountAll(forms, engine, { mountCalculator, NEAR_VIEWPORT: mountAhead }, { getCalculator, loadCalculator }) {
  const pending = new Set();
  const mount = (form) => {
    if (!pending.delete(form)) return;
    for (const type of TOUCH_EVENTS) form.removeEventListener(type, touched, true);
    if (io) io.unobserve(form);
    const name = form.dataset.calculator;
    const def = getCalculator(name);
    if (def) return mountCalculator(form, def, engine);
    // a calculator whose code loads on demand (the Turn calculator): mounted once it is here
    loadCalculator(name).then((d) => (d ? mountCalculator(form, d, engine) : console.warn(`no calculator registered for ${name}`)),
      (err) => {
        form.dataset.status = "error";
        form.querySelector("[data-role=status]").textContent = `This calculator could not be loaded (${err.message}). Reload the page to try again.`;
      });
  };
  function touched(e) { mount(e.currentTarget); }
  let queue = Promise.resolve();
  const mountSoon = (form) => { queue = queue.then(nextTask).then(() => mount(form)); };
  const io = "IntersectionObserver" in self ? new IntersectionObserver((entries) => {
    for (const e of entries) if (e.isIntersecting) mountSoon(e.target);
  }, { rootMargin: mountAhead }) : null;
  for (const form of forms) {
    pending.add(form);
    for (const type of TOUCH_EVENTS) form.addEventListener(type, touched, true);
  }
  const linked = forms.find((f) => readState(f.id));
  if (linked) mount(linked);
  for (const form of forms) {
    if (!pending.has(form)) continue;
    if (io) io.observe(form);
    else mountSoon(form);
  }
}

async function main() {
  const forms = [...document.querySelectorAll("form[data-calculator]")];
  const engine = forms.length ? pageEngine() : null; // an eager page's boot.js has started it already
  registerServiceWorker(); // every page: one visit anywhere makes the calculators work offline
  if (!engine) return;
  const [calculatorForm, calculators] = await Promise.all([
    import("./calculator-form.js"), import("./calculators/index.js")]);
  mountAll(forms, engine, calculatorForm, calculators);
  if (engine.state === "idle") startWhenNear(forms, engine); // lazy pages (and an eager one whose boot.js failed)
}

main();
