// The dice rules every calculator shares, driven by the engine's RULE_FIELDS (limits.js): read
// and check them from a form, copy them into a request, and say in a few words how they differ
// from the standard game (the summary on the collapsed Rules box). The dice mode (true random or
// Balanced Blitz, the engine's dice_modes) travels with them.
import { ruleFields, engineFacts } from "./limits.js";
import { parseInteger, readConvention } from "./validate.js";

const same = (a, b) => String(a) === String(b);

/** A die's weights as typed ("2, 2, 1 1;1,1") in the engine's text form ("2,2,1,1,1,1"), or null
 *  (blank: a fair die). The engine checks them (count, range, not all 0) and words the message. */
export function weightsText(raw) {
  const parts = String(raw ?? "").split(/[\s,;]+/).filter(Boolean);
  return parts.length ? parts.join(",") : null;
}

/** Check one rule field's raw text: {value} (a number, a choice's own value, or weights text) or {error}. */
export function readRuleField(field, raw, { optional = false } = {}) {
  if (field.kind === "weights") return { value: weightsText(raw) };
  if (optional && String(raw ?? "").trim() === "") return { value: null };
  if (field.kind === "int") return parseInteger(raw, { min: field.min, max: field.max, label: field.label });
  const hit = field.choices.find(([v]) => same(v, raw));
  return hit ? { value: hit[0] } : { error: `${field.label}: choose one of ${field.choices.map(([, l]) => l).join(", ")}.` };
}

/** Read every rule field through `get(name)` into `values` (messages into `errors`). */
export function readRules(get, values, errors, fields = ruleFields()) {
  for (const f of fields) {
    const res = readRuleField(f, get(f.name));
    if (res.error) errors[f.name] = res.error; else values[f.name] = res.value;
  }
}

/** The rule fields of `values`, for a request to the engine, with the dice mode when it is not
 *  true random (the engine's default, which every op takes). */
export function ruleParams(values, fields = ruleFields()) {
  const out = Object.fromEntries(fields.map((f) => [f.name, values[f.name]]));
  if (isBalanced(values)) out.dice_mode = values.dice_mode;
  return out;
}

// ---- Dice mode: "true-random" (real dice, exact answers) or "balanced-blitz" (real numbers) ----

export const BALANCED_BLITZ = "balanced-blitz";

/** The dice mode as a choice field (the template renders it with the rule fields' select). */
export function diceModeField() {
  const modes = engineFacts().dice_modes;
  return { name: "dice_mode", label: "Dice mode", kind: "choice", default: modes[0][0], choices: modes };
}

/** "Balanced Blitz (RISK: Global Domination)": the engine's label of a dice mode. */
export function diceModeLabel(mode) {
  const hit = diceModeField().choices.find(([m]) => m === mode);
  return hit ? hit[1] : mode;
}

/** "True random dice": what a Balanced Blitz answer is compared with. */
export const trueRandomLabel = () => diceModeLabel(diceModeField().default);

export const isBalanced = (values) => values.dice_mode === BALANCED_BLITZ;

const lower = (s) => s.charAt(0).toLowerCase() + s.slice(1);

const SUMMARY_CHARS = 24; // a long value (100 weights) is cut short on a one-line summary
const short = (text) => (text.length > SUMMARY_CHARS ? `${text.slice(0, SUMMARY_CHARS - 1)}…` : text);

/** How `values` (raw form text or read values) differ from the defaults, in words: `empty`
 *  ("standard dice") when they do not, else e.g. "defender dice 3 (capital / wall) · attacker die faces 8". */
export function rulesSummary(values, fields = ruleFields(), empty = "standard dice") {
  const parts = [];
  for (const f of fields) {
    let v = values[f.name];
    if (f.kind === "weights") v = weightsText(v);
    if (v === undefined || v === null || v === "" || same(v, f.default)) continue;
    const choice = f.kind === "choice" && f.choices.find(([c]) => same(c, v));
    parts.push(`${lower(f.label)} ${short(String(choice ? choice[1] : v))}`);
  }
  return parts.length ? parts.join(" · ") : empty;
}

/** What every calculator reads first: the army convention and the dice rules. */
export function readCommon(get) {
  const values = {};
  const errors = {};
  readConvention(get, values, errors);
  readRules(get, values, errors);
  const mode = diceModeField();
  if (get(mode.name) === undefined) values.dice_mode = mode.default; // a form without the choice
  else readRules(get, values, errors, [mode]);
  return { values, errors };
}
