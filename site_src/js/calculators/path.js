// Point to point: P(a battle from one state passes through or ends at another), exact.
import { register } from "./registry.js";
import { el } from "../dom.js";
import { parseInteger, pick, readRetreat, checkStates, staysBehind, staysBehindText } from "../validate.js";
import { readCommon, ruleParams } from "../rule-fields.js";
import { probabilityView, exactBox } from "../views/probability.js";
import { answerLine, answerPart, lead } from "../views/answer.js";

const FIELDS = [
  ["start_attackers", "From: attackers", 1],
  ["start_defenders", "From: defenders", 1],
  ["end_attackers", "To: attackers", 0],
  ["end_defenders", "To: defenders", 0],
];

function read(get) {
  const { values, errors } = readCommon(get);
  for (const [name, label, min] of FIELDS) pick(values, errors, name, parseInteger(get(name), { min, label }));
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
  const off = staysBehind(values); // counts in the convention: attacking armies + off
  if (ok("end_attackers") && values.end_attackers < off) {
    errors.end_attackers = staysBehindText(values.convention, `at least ${off}`);
  }
  if (ok("start_attackers") && values.start_attackers < 1 + off) {
    errors.start_attackers = staysBehindText(values.convention, `at least ${1 + off}`);
  }
  if (ok("start_attackers", "start_defenders")) checkStates(errors, values.start_attackers, values.start_defenders, "start_attackers");
  readRetreat(get, values, errors, "start_attackers");
  pick(values, errors, "defender_goal", parseInteger(get("defender_goal"), { optional: true, label: "Defender goal" }));
  if (ok("defender_goal", "start_defenders") && values.defender_goal !== null && values.defender_goal >= values.start_defenders) {
    errors.defender_goal = "Defender goal must be below the starting defenders.";
  }
  return { values, errors };
}

function request(v) {
  const params = { convention: v.convention, ...ruleParams(v) };
  for (const [name] of FIELDS) params[name] = v[name];
  if (v.retreat_at !== null) params.retreat_at = v.retreat_at;
  if (v.defender_goal) params.defender_goal = v.defender_goal;
  return { op: "path", params };
}

function render(r, v) {
  const states = `${v.start_attackers} v ${v.start_defenders} → ${v.end_attackers} v ${v.end_defenders}`;
  return el("div", { class: "path-result" }, lead(
    answerLine([answerPart("probability", `From ${states}:`, r.probability)]),
    r.probability.num === "0"
      ? el("p", { class: "note" }, "Probability 0: no sequence of rounds leads from the start to this state.")
      : null,
    exactBox(probabilityView(r.probability, { detail: "probability", label: `P(${states})` }), { title: "Exact value" })));
}

register({ name: "path", read, request, render });
