// The dice rules every calculator shares, driven by the engine's RULE_FIELDS (limits.js): read
// and check them from a form, copy them into a request, and say in a few words how they differ
// from the standard game (the summary on the collapsed Rules box).
import { ruleFields } from "./limits.js";
import { parseInteger, readConvention } from "./validate.js";

const same = (a, b) => String(a) === String(b);

/** Check one rule field's raw text: {value} (a number or a choice's own value) or {error}. */
export function readRuleField(field, raw, { optional = false } = {}) {
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

/** The rule fields of `values`, for a request to the engine. */
export function ruleParams(values, fields = ruleFields()) {
  return Object.fromEntries(fields.map((f) => [f.name, values[f.name]]));
}

const lower = (s) => s.charAt(0).toLowerCase() + s.slice(1);

/** How `values` (raw form text or read values) differ from the defaults, in words:
 *  "standard dice", or e.g. "defender dice 3 (capital / wall) · attacker die faces 8". */
export function rulesSummary(values, fields = ruleFields()) {
  const parts = [];
  for (const f of fields) {
    const v = values[f.name];
    if (v === undefined || v === null || v === "" || same(v, f.default)) continue;
    const choice = f.kind === "choice" && f.choices.find(([c]) => same(c, v));
    parts.push(`${lower(f.label)} ${choice ? choice[1] : v}`);
  }
  return parts.length ? parts.join(" · ") : "standard dice";
}

/** What every calculator reads first: the army convention and the dice rules. */
export function readCommon(get) {
  const values = {};
  const errors = {};
  readConvention(get, values, errors);
  readRules(get, values, errors);
  return { values, errors };
}
