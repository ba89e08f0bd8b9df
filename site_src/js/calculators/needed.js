// Troops needed: the fewest attackers with P(win) >= p against D defenders (optionally with at
// least T survivors), or, reversed, the fewest defenders that hold against A attackers with >= p.
// In Balanced Blitz the chances are real numbers, shown beside true random dice's for that count.
import { register } from "./registry.js";
import { el } from "../dom.js";
import { parseInteger, pick, readAttackers } from "../validate.js";
import { readCommon, ruleParams, isBalanced, trueRandomLabel } from "../rule-fields.js";
import { probabilityView, exactBox, realView, realBox } from "../views/probability.js";
import { answerLine, answerPart, distinctTexts, modeLead, policyView } from "../views/answer.js";
import { limit, conventionUnit } from "../limits.js";

/** The chance as typed: the engine reads it ("95 %", "95", "0.95", "19/20": check_probability) and
 *  words any refusal; only empty and too long are caught here. */
export function readProbability(raw, label = "Target chance") {
  const s = String(raw ?? "").trim();
  if (s === "") return { error: `${label} is required: enter a chance like 95 %, 95 or 0.95.` };
  if (s.length > limit("max_input_chars")) return { error: `${label} is too long: at most ${limit("max_input_chars")} characters.` };
  return { value: s };
}

function read(get) {
  const { values, errors } = readCommon(get);
  const mode = get("mode") === "defenders" ? "defenders" : "attackers";
  values.mode = mode;
  pick(values, errors, "p", readProbability(get("p")));
  if (mode === "attackers") {
    pick(values, errors, "defenders", parseInteger(get("defenders"), { min: 1, label: "Defenders" }));
    pick(values, errors, "survivors", parseInteger(get("survivors"), { optional: true, label: "Survivors" }));
  } else {
    readAttackers(get, values, errors);
  }
  return { values, errors };
}

function request(v) {
  const params = { p: v.p, convention: v.convention, ...ruleParams(v) };
  if (v.mode === "attackers") {
    params.defenders = v.defenders;
    if (v.survivors !== null) params.survivors = v.survivors;
    return { op: "needed", params };
  }
  params.attackers = v.attackers;
  return { op: "defenders_needed", params };
}

function render(r, v) {
  const n = r.needed;
  const att = v.mode === "attackers";
  const balanced = isBalanced(v);
  const tr = balanced ? r.true_random : null; // Balanced Blitz: the same counts with true random dice (the exact chances it reshapes)
  const surv = att && v.survivors ? ` with at least ${v.survivors} left` : "";
  const count = att
    ? el("span", { class: "answer-part", "data-output": "needed", "data-value": n },
      "Attackers needed: ", el("strong", { class: "big-number" }, String(n)), ` ${conventionUnit(v.convention)}`)
    : el("span", { class: "answer-part", "data-output": "needed", "data-value": n },
      "Defenders needed: ", el("strong", { class: "big-number" }, String(n)));
  const verb = att ? `win${surv}` : "hold";
  const reachedLabel = att ? `P(win${surv}) with ${n} against ${v.defenders}` : `P(hold) with ${n} against ${v.attackers} ${conventionUnit(v.convention)}`;
  const view = balanced ? realView : probabilityView;
  const views = [
    view(r.reached, { detail: "reached", label: reachedLabel }),
    r.below ? view(r.below, { detail: "below", label: `P(${verb}) with ${n - 1}` }) : null,
  ];
  // n and n - 1 side by side, with the chance asked for between them (r.p, as the engine read it):
  // the digits that tell each from it (never "> 99.99 %" twice, never n - 1 shown at the target)
  const sides = (hi, lo) => (lo ? (r.p && !balanced ? distinctTexts([hi, r.p, lo]).filter((_, i) => i !== 1) : distinctTexts([hi, lo])) : [null]);
  const [reached, below] = sides(r.reached, r.below);
  const [trReached, trBelow] = tr && tr.below ? sides(tr.reached, tr.below) : [null];
  return el("div", { class: "needed-result", "data-dice-mode": v.dice_mode }, modeLead(v.dice_mode, balanced,
    answerLine([count, answerPart("reached", `they ${verb}`, r.reached, { text: reached }),
      r.below ? answerPart("below", `${n - 1} ${verb}`, r.below, { text: below }) : null]),
    tr ? answerLine([answerPart("true_reached", `${trueRandomLabel()}: ${n} ${verb}`, tr.reached, { text: trReached }),
      tr.below ? answerPart("true_below", `${n - 1} ${verb}`, tr.below, { text: trBelow }) : null], { cls: "compare" }) : null,
    r.below ? null : el("p", { class: "note" }, "No smaller count is possible."),
    policyView(r.defender_policy),
    balanced
      ? realBox(views) : exactBox(views)));
}

function mount(form) {
  const mode = form.elements.namedItem("mode");
  const show = () => {
    const which = mode.value === "defenders" ? "defenders" : "attackers";
    for (const f of form.querySelectorAll("[data-mode]")) f.hidden = f.dataset.mode !== which;
  };
  form.addEventListener("input", (e) => { if (e.target.name === "mode") show(); });
  form.addEventListener("reset", () => setTimeout(show, 0));
  show();
}

register({ name: "needed", read, request, render, mount });
