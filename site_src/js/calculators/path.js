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

/** "7 v 3", "7 v 3 and 6 v 2", "7 v 3, 6 v 2 and 8 v 4". */
const pointsList = (list) => list.map(([a, d]) => `${a} v ${d}`).join(", ").replace(/, ([^,]*)$/, " and $1");

/** Why the chance is 0, in a player's words: a stop rule ends the battle first, or the dice skip
 *  this point (each round removes one army per pair of dice compared, so most rounds take two). */
export function zeroReason(v) {
  if (v.retreat_at !== null && v.retreat_at !== undefined && v.end_attackers < v.retreat_at) {
    return `The attacker retreats at ${v.retreat_at}, so the battle stops before it gets down to ${v.end_attackers}.`;
  }
  if (v.defender_goal && v.end_defenders < v.defender_goal) {
    return `The battle stops once the defenders are down to ${v.defender_goal}, before they get down to ${v.end_defenders}.`;
  }
  return "The dice skip this point: each round removes one army per pair of dice compared, so while both sides roll two " +
    "dice or more a round takes two armies at once, and the battle jumps past this point.";
}

/** Points next to `v`'s end (one army more or fewer on one side) that the battle can reach: asked of
 *  the engine, with the same rules; [] when none or on any failure. */
async function reachableNear(v, ctx) {
  const near = [[1, 0], [0, -1], [0, 1], [-1, 0]]
    .map(([da, dd]) => [v.end_attackers + da, v.end_defenders + dd])
    .filter(([a, d]) => a >= 0 && d >= 0 && a + d > 0 && a <= v.start_attackers && d <= v.start_defenders);
  const found = [];
  for (const [a, d] of near) {
    const { params } = request({ ...v, end_attackers: a, end_defenders: d });
    try {
      const { result } = await ctx.engine.call("path", params).promise;
      if (result.ok && result.probability.num !== "0") found.push([a, d]);
    } catch { return []; } // cancelled or restarted: say nothing more
  }
  return found;
}

function render(r, v, ctx) {
  const route = `${v.start_attackers} v ${v.start_defenders} → ${v.end_attackers} v ${v.end_defenders}`;
  let why = null;
  if (r.probability.num === "0") {
    const reason = zeroReason(v);
    why = el("p", { class: "note", "data-output": "why-zero" }, `0 %: the battle never gets from ${v.start_attackers} v ${v.start_defenders} to ${v.end_attackers} v ${v.end_defenders}. ${reason}`);
    if (ctx && reason.startsWith("The dice")) {
      reachableNear(v, ctx).then((found) => {
        if (found.length && why.isConnected) why.append(` It can reach ${pointsList(found)} nearby.`);
        if (why.isConnected) why.dataset.near = found.map(([a, d]) => `${a} v ${d}`).join(", ");
      });
    }
  }
  return el("div", { class: "path-result" }, lead(
    answerLine([answerPart("probability", `From ${route}:`, r.probability)]),
    why,
    exactBox(probabilityView(r.probability, { detail: "probability", label: `P(${route})` }), { title: "Exact value" })));
}

register({ name: "path", read, request, render });
