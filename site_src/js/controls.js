// Form controls that need a little script: number steppers (the − and + buttons, and the arrow
// keys inside the field; step() for a stepper built by script), switches that mirror a rule field
// (Capital: defender dice 3; Zombies: ties go to the attacker), and the one-line summaries on
// collapsed <details> boxes.
import { rulesSummary } from "./rule-fields.js";

/** Tell the form a field changed, the way typing would (live answers and summaries listen). */
export function changed(field) {
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

export function step(input, by) {
  const min = Number(input.dataset.min ?? 0);
  const n = Number.parseInt(input.value.replace(/[,_\s]/g, ""), 10);
  const next = Number.isFinite(n) ? Math.max(min, n + by) : Math.max(min, Number(input.defaultValue) || min);
  if (String(next) !== input.value) { input.value = String(next); changed(input); }
}

/** Wire a form's controls; returns sync(), to call after the form's values were set by script. */
export function enhanceControls(form) {
  const field = (name) => form.elements.namedItem(name);

  form.addEventListener("click", (e) => {
    const b = e.target.closest("button[data-step]");
    if (!b || !form.contains(b)) return;
    const input = field(b.dataset.for);
    if (input) step(input, Number(b.dataset.step));
  });
  form.addEventListener("keydown", (e) => {
    if (!e.target.matches("input[data-stepper]") || (e.key !== "ArrowUp" && e.key !== "ArrowDown")) return;
    e.preventDefault();
    step(e.target, (e.key === "ArrowUp" ? 1 : -1) * (e.shiftKey ? 10 : 1));
  });
  // A switch sets its rule field; the field (changed in the Rules box or by a link) sets the switch.
  // On "input" (which comes before "change"), so sync() below never sees the two disagree.
  form.addEventListener("input", (e) => {
    const box = e.target;
    if (!box.matches("input[type=checkbox][data-mirror]")) return;
    const target = field(box.dataset.mirror);
    target.value = box.checked ? box.dataset.on : box.dataset.off;
    changed(target);
  });

  function sync() {
    for (const box of form.querySelectorAll("input[type=checkbox][data-mirror]")) {
      const target = field(box.dataset.mirror);
      if (target) box.checked = target.value === box.dataset.on;
    }
    for (const d of form.querySelectorAll("details[data-summary]")) {
      const out = d.querySelector("[data-role=summary]");
      if (!out) continue;
      if (d.dataset.summary === "rules" || d.dataset.summary === "dice") { // rule fields: words for what differs
        const raw = {};
        for (const f of d.querySelectorAll("[name]")) raw[f.name] = f.value;
        out.textContent = rulesSummary(raw, undefined, d.dataset.empty);
      } else {
        const parts = [...d.querySelectorAll("[name][data-short]")]
          .filter((f) => f.value.trim() !== "")
          .map((f) => `${f.dataset.short} ${f.value.trim()}`);
        out.textContent = parts.length ? parts.join(" · ") : d.dataset.empty;
      }
    }
  }
  // Once per burst of input events (a shared link restores a dozen fields; the campaign's rows add
  // more): the summaries are rewritten before anything is drawn, and only once.
  let queued = false;
  const syncSoon = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => { queued = false; sync(); });
  };
  form.addEventListener("input", (e) => { if (!e.target.matches("input[type=checkbox][data-mirror]")) syncSoon(); });
  form.addEventListener("reset", () => setTimeout(sync, 0));
  sync();
  return sync;
}

/** Open every collapsed box that holds `el`, so a message next to it can be seen. */
export function reveal(el) {
  for (let d = el.closest("details"); d; d = d.parentElement.closest("details")) d.open = true;
}
