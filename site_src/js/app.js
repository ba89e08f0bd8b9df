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

const NEAR_VIEWPORT = "100% 0px"; // a screen ahead: the runtime is up by the time the reader arrives

/** Start the engine once any form nears the viewport, gets focus or a pointer. */
function startWhenNear(forms, engine) {
  const io = "IntersectionObserver" in self ? new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) start();
  }, { rootMargin: NEAR_VIEWPORT }) : null;
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

async function main() {
  const forms = [...document.querySelectorAll("form[data-calculator]")];
  const engine = forms.length ? pageEngine() : null; // an eager page's boot.js has started it already
  registerServiceWorker(); // every page: one visit anywhere makes the calculators work offline
  if (!engine) return;
  const [{ mountCalculator }, { getCalculator }] = await Promise.all([
    import("./calculator-form.js"), import("./calculators/index.js")]);
  for (const [i, form] of forms.entries()) {
    const def = getCalculator(form.dataset.calculator);
    if (!def) {
      console.warn(`no calculator registered for ${form.dataset.calculator}`);
      continue;
    }
    if (i > 0) await nextTask(); // one task per calculator, so input is never blocked for long
    mountCalculator(form, def, engine);
  }
  if (engine.state === "idle") startWhenNear(forms, engine); // lazy pages (and an eager one whose boot.js failed)
}

main();
