// Offline use: register the service worker (dist/sw.js, built by sitebuild/offline.py). Once it
// controls the page, everything the calculators need is in its cache: body[data-offline=ready].
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !self.isSecureContext) return;
  const sw = navigator.serviceWorker;
  const mark = () => { if (sw.controller) document.body.dataset.offline = "ready"; };
  sw.addEventListener("controllerchange", mark);
  sw.register("/sw.js", { scope: "/" })
    .then(() => sw.ready)
    .then(mark)
    .catch((err) => { document.body.dataset.offline = "unavailable"; console.warn("offline use unavailable:", err); });
}
