// Point to point: P(a battle from one state passes through or ends at another), exact.
import { register } from "./registry.js";
import { el } from "../dom.js";
import { parseInteger, readRules, MAX_ARMIES, MAX_STATES } from "../validate.js";
import { probabilityView } from "../views/probability.js";

const FIELDS = [
  ["start_attackers", "Start attackers", 1],
  ["start_defenders", "Start defenders", 1],
  ["end_attackers", "End attackers", 0],
  ["end_defenders", "End defenders", 0],
];

function read(get) {
  const values = {};
  const errors = {};
  readRules(get, values, errors);
  for (const [name, label, min] of FIELDS) {
    const res = parseInteger(get(name), { min, max: MAX_ARMIES, label });
    if (res.error) errors[name] = res.error; else values[name] = res.value;
  }
  const ok = (...names) => names.every((n) => !errors[n]);
  if (ok("start_attackers", "end_attackers") && values.end_attackers > values.start_attackers) {
    errors.end_attackers = "Armies are never gained in a battle: the end cannot have more attackers than the start.";
  }
  if (ok("start_defenders", "end_defenders") && values.end_defenders > values.start_defenders) {
    errors.end_defenders = "Armies are never gained in a battle: the end cannot have more defenders than the start.";
  }
  if (ok("end_attackers", "end_defenders") && values.end_attackers === 0 && values.end_defenders === 0) {
    errors.end_defenders = "Impossible end state: the battle stops as soon as one side has no armies left.";
  }
  if (ok("end_attackers", "convention") && values.convention === "territory" && values.end_attackers < 1) {
    errors.end_attackers = "With armies counted on the territory, at least 1 always stays behind.";
  }
  if (ok("start_attackers", "convention") && values.convention === "territory" && values.start_attackers < 2) {
    errors.start_attackers = "With armies counted on the territory, one stays behind: at least 2.";
  }
  if (ok("start_attackers", "start_defenders") && values.start_attackers * values.start_defenders > MAX_STATES) {
    errors.start_attackers = `Attackers × defenders is over ${MAX_STATES.toLocaleString("en-US")} states: too large for a browser tab.`;
  }
  for (const [name, label] of [["retreat_at", "Retreat at"], ["defender_goal", "Defender goal"]]) {
    const res = parseInteger(get(name), { min: 0, max: MAX_ARMIES, optional: true, label });
    if (res.error) errors[name] = res.error; else values[name] = res.value;
  }
  if (ok("retreat_at", "start_attackers") && values.retreat_at !== null && values.retreat_at >= values.start_attackers) {
    errors.retreat_at = "Retreat threshold must be below the starting attackers.";
  }
  if (ok("defender_goal", "start_defenders") && values.defender_goal !== null && values.defender_goal >= values.start_defenders) {
    errors.defender_goal = "Defender goal must be below the starting defenders.";
  }
  return { values, errors };
}

function request(v) {
  const params = { convention: v.convention };
  if (v.retreat_at !== null) params.retreat_at = v.retreat_at;
  if (v.defender_goal) params.defender_goal = v.defender_goal;
  for (const k of ["start_attackers", "start_defenders", "end_attackers", "end_defenders", "attack_dice", "defend_dice", "ties", "defender_bonus", "attack_faces", "defend_faces"]) params[k] = v[k];
  return { op: "path", params };
}

function render(r, v) {
  const label = `P(${v.start_attackers} v ${v.start_defenders} → ${v.end_attackers} v ${v.end_defenders})`;
  const view = probabilityView(r.probability, { output: "probability", label });
  const zero = r.probability.num === "0"
    ? el("p", { class: "note" }, "Probability 0: no sequence of rounds leads from the start to this state.")
    : null;
  return el("div", { class: "path-result" }, view, zero);
}

register({ name: "path", read, request, render });
