// Offline use: register the service worker (dist/sw.js, built by sitebuild/offline.py). It caches
// the pages and the site's code when it installs; the Python runtime only when a page has started
// its engine (`wantRuntime()`, then `keepRuntime()` once it is up), so reading the article costs
// no runtime download.
// body[data-offline=ready]: everything this page needs is cached and the service worker controls
// the page (on a page with calculators: the runtime too).
const sw = "serviceWorker" in navigator && self.isSecureContext ? navigator.serviceWorker : null;
let runtimeWanted = false;
let runtimeCached = false;
let asked = false;

function mark() {
  if (sw && sw.controller && (!runtimeWanted || runtimeCached)) document.body.dataset.offline = "ready";
}

export function registerServiceWorker() {
  if (!sw) return;
  sw.addEventListener("controllerchange", mark);
  sw.addEventListener("message", (e) => {
    if (e.data && e.data.type === "runtime-cached") { runtimeCached = true; mark(); }
    else if (e.data && e.data.type === "runtime-failed") console.warn("offline calculators unavailable:", e.data.message);
  });
  sw.register("/sw.js", { scope: "/" })
    .then(() => sw.ready)
    .then(mark)
    .catch((err) => { document.body.dataset.offline = "unavailable"; console.warn("offline use unavailable:", err); });
}

/** This page is starting its engine: it is ready for offline use only once the runtime is cached. */
export function wantRuntime() {
  runtimeWanted = true;
  if (!runtimeCached) delete document.body.dataset.offline;
}

/** The runtime is here (in the HTTP cache): ask the service worker to keep a copy. */
export function keepRuntime() {
  wantRuntime();
  if (!sw || asked) return;
  asked = true;
  sw.ready.then((reg) => reg.active && reg.active.postMessage({ type: "cache-runtime" }));
}
