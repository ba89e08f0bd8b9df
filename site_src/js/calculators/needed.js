// Troops needed: the fewest attackers with P(win) >= p against D defenders (optionally with at
// least T survivors), or, reversed, the fewest defenders that hold against A attackers with >= p.
import { register } from "./registry.js";
import { el } from "../dom.js";
import { parseInteger, readRules, MAX_ARMIES } from "../validate.js";
import { probabilityView } from "../views/probability.js";

/** "0.95", ".95", "95%", "19/20", "1" -> {value: exact text for the engine} or {error}. */
export function parseProbability(raw, label = "Target probability p") {
  const s = String(raw ?? "").trim().replace(/\s+/g, "");
  if (s === "") return { error: `${label} is required: enter a number between 0 and 1, like 0.95.` };
  let num, den;
  let m;
  if ((m = /^(\d+)\/(\d+)$/.exec(s))) { num = BigInt(m[1]); den = BigInt(m[2]); }
  else if ((m = /^(\d*)(?:\.(\d*))?(%?)$/.exec(s)) && (m[1] || m[2])) {
    const frac = m[2] ?? "";
    num = BigInt((m[1] || "0") + frac);
    den = 10n ** BigInt(frac.length) * (m[3] ? 100n : 1n);
  } else if (/^-/.test(s)) return { error: `${label} cannot be negative: it must be above 0 and at most 1.` };
  else return { error: `${label} must be a number like 0.95, 95% or 19/20.` };
  if (den === 0n) return { error: `${label}: the denominator cannot be 0.` };
  if (num === 0n) return { error: `${label} must be above 0 (every army count reaches 0).` };
  if (num > den) return { error: `${label} must be at most 1 (a probability).` };
  return { value: `${num}/${den}` };
}

function read(get) {
  const values = {};
  const errors = {};
  readRules(get, values, errors);
  const mode = get("mode") === "defenders" ? "defenders" : "attackers";
  values.mode = mode;
  const p = parseProbability(get("p"));
  if (p.error) errors.p = p.error; else values.p = p.value;
  if (mode === "attackers") {
    const d = parseInteger(get("defenders"), { min: 1, max: MAX_ARMIES, label: "Defenders" });
    if (d.error) errors.defenders = d.error; else values.defenders = d.value;
    const s = parseInteger(get("survivors"), { min: 0, max: MAX_ARMIES, optional: true, label: "Survivors" });
    if (s.error) errors.survivors = s.error; else values.survivors = s.value;
  } else {
    const minA = values.convention === "territory" ? 2 : 1;
    const a = parseInteger(get("attackers"), { min: minA, max: MAX_ARMIES, label: "Attackers" });
    if (a.error) errors.attackers = minA === 2 && /at least 2/.test(a.error) ? "With armies counted on the territory, one stays behind: at least 2." : a.error;
    else values.attackers = a.value;
  }
  return { values, errors };
}

function request(v) {
  const params = { p: v.p, convention: v.convention };
  for (const k of ["attack_dice", "defend_dice", "ties", "defender_bonus", "attack_faces", "defend_faces"]) params[k] = v[k];
  if (v.mode === "attackers") {
    params.defenders = v.defenders;
    if (v.survivors !== null) params.survivors = v.survivors;
    return { op: "needed", params };
  }
  params.attackers = v.attackers;
  return { op: "defenders_needed", params };
}

function render(r, v) {
  const unit = v.convention === "territory" ? "armies on the territory" : "attacking armies";
  const n = r.needed;
  let headline, reachedLabel, belowLabel;
  if (v.mode === "attackers") {
    const surv = v.survivors ? ` with at least ${v.survivors} left` : "";
    headline = ["Fewest attackers: ", el("strong", { class: "big-number" }, String(n)), ` ${unit}`];
    reachedLabel = `P(win${surv}) with ${n} against ${v.defenders}`;
    belowLabel = `P(win${surv}) with ${n - 1}`;
  } else {
    headline = ["Fewest defenders: ", el("strong", { class: "big-number" }, String(n))];
    reachedLabel = `P(hold) with ${n} against ${v.attackers} ${unit}`;
    belowLabel = `P(hold) with ${n - 1}`;
  }
  return el("div", { class: "needed-result" },
    el("p", { class: "needed", "data-output": "needed", "data-value": n }, headline),
    probabilityView(r.reached, { output: "reached", label: reachedLabel }),
    r.below
      ? el("details", { class: "more-probs" }, el("summary", {}, `One fewer (${n - 1}): just below the target`),
        probabilityView(r.below, { output: "below", label: belowLabel }))
      : el("p", { class: "note" }, "No smaller count is possible."));
}

function mount(form) {
  const mode = form.elements.namedItem("mode");
  const show = () => {
    const att = mode.value !== "defenders";
    for (const f of form.querySelectorAll("[data-mode]")) f.hidden = f.dataset.mode !== (att ? "attackers" : "defenders");
  };
  mode.addEventListener("change", show);
  mode.addEventListener("input", show);
  form.addEventListener("reset", () => setTimeout(show, 0));
  show();
}

register({ name: "needed", read, request, render, mount });
