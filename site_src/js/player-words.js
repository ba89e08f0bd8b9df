// The engine's messages in the page's own words (issue 32, row 10). The engine names its inputs as
// the API does ("p", "retreat_at", "time_budget_s", "max_states") and writes the API's notation
// ("a probability in (0, 1]", "describe() lists them"); a page shows the labels of its own fields
// ("Target chance", "Retreat at") and plain words. The message's facts stay the engine's.

/** Engine inputs no form has, in words ("" drops the name, and the brackets around it). */
const ENGINE_WORDS = {
  time_budget_s: "", // the messages say "the limit is 10 s", "time budget of 10 s" already
  browser_time_budget_s: "",
  memory_budget_mb: "",
  browser_memory_budget_mb: "",
  max_states: "",
  max_armies: "",
  max_input_chars: "",
  max_request_chars: "",
  max_turn_targets: "",
  max_choice_pairs: "",
  max_table_side: "",
  max_territories: "",
};

/** The API's notation a player never types, in words. Order matters: the longest first. */
const NOTATION = [
  [/a probability in \(0, 1\]: above 0 and at most 1 \(100 %\)/g, "a chance above 0 and at most 100 %"],
  [/a probability in \(0, 1\] or a percentage/g, "a chance"],
  [/a probability in \(0, 1\]/g, "a chance above 0 and at most 100 %"],
  [/\(0, 1\]/g, "above 0 and at most 1"],
  [/:\s*describe\(\) lists them/g, ""],
  [/\s*\(describe\(\)[^)]*\)/g, ""],
  [/\bdescribe\(\)(\["\w+"\])*/g, "the engine's facts"],
];

/** The same as a sentence's subject ("time_budget_s must be a positive number …"). */
const SUBJECT = { time_budget_s: "the time limit", memory_budget_mb: "the memory limit" };

// An API name: lower case words joined by "_" (retreat_at), optionally indexed (territories[1]).
const SNAKE = /\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b/g;
const INDEXED = /\b([a-z][a-z0-9_]*)\[(\d+)\]/g;

/** The text with its first letter a capital (a sentence's start). */
export const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * `message` (an engine error about `field`) with the page's labels for the engine's names.
 * labelOf(name): the form's label for a field name, or null where the form has no such field.
 * The field the error is about, named first ("p must be …"), becomes its label ("Target chance
 * must be …"); any other API name becomes its label, its words ("the time limit"), or is dropped
 * where it only named a limit ("(max_states)").
 */
export function playerWords(message, { field = null, labelOf = () => null } = {}) {
  let s = String(message ?? "");
  for (const [re, words] of NOTATION) s = s.replace(re, words);
  const name = (n) => labelOf(n) ?? (n in ENGINE_WORDS ? ENGINE_WORDS[n] : n.replace(/_/g, " "));
  // "territories[1]" -> "Defenders, in order of attack, number 2"
  s = s.replace(INDEXED, (_, n, i) => `${name(n) || n.replace(/_/g, " ")} (number ${Number(i) + 1})`);
  // the field the message is about, first: "p must be", "goal: ..."
  if (field) {
    const label = labelOf(field);
    const head = new RegExp(`^${field.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=[\\s:.,]|$)`);
    if (label && head.test(s)) s = s.replace(head, label);
  }
  // an API name as the sentence's subject: its label, or words
  s = s.replace(/^([a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?=[\s:.,])/, (n) => labelOf(n) ?? SUBJECT[n] ?? n.replace(/_/g, " "));
  // names only there to name a limit: "(max_states)", "(the limit is 10 s, time_budget_s)"
  s = s.replace(/\s*\(([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\)/g, (all, n) => (name(n) ? ` (${name(n)})` : ""));
  s = s.replace(/,\s*([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\)/g, (all, n) => (name(n) ? `, ${name(n)})` : ")"));
  s = s.replace(SNAKE, (n) => name(n));
  s = s.replace(/\s{2,}/g, " ").replace(/\s+([.,;:])/g, "$1").trim();
  return capital(s);
}

/** The label a form shows for its field `name` (a label's own text, a group's legend), or null. */
export function formLabel(form, name) {
  const f = form.elements.namedItem(name);
  if (!f) return null;
  const one = f instanceof RadioNodeList ? f[0] : f;
  const group = one.closest && one.closest("fieldset");
  if (f instanceof RadioNodeList || one.type === "radio") return group?.querySelector("legend")?.textContent.trim() || null;
  const label = one.id ? form.querySelector(`label[for="${CSS.escape(one.id)}"]`) : null;
  if (!label) return null;
  const own = [...label.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join("").trim();
  return own || label.textContent.trim() || null;
}
