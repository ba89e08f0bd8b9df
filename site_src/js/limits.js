// The engine's published limits, rule fields and conventions (riskodds.describe(), as
// sitebuild/engine_facts.py ships it), which the build writes into every page as
// <script type="application/json" id="riskodds-facts">. Forms read every bound, and every army
// convention's offset and words, from here instead of typing their own (the engine owns them).

let facts = null;

/** The whole describe() object; `source` is for tests (a plain object instead of the page's). */
export function engineFacts(source) {
  if (source) facts = source;
  if (!facts) {
    const node = globalThis.document && document.getElementById("riskodds-facts");
    if (!node) throw new Error("this page has no #riskodds-facts (the build writes it into base.html)");
    facts = JSON.parse(node.textContent);
  }
  return facts;
}

/** One limit by name, e.g. limit("max_armies"). */
export function limit(name) {
  const value = engineFacts().limits[name];
  if (value === undefined) throw new Error(`the engine publishes no limit named ${name}`);
  return value;
}

/** The rule fields, in form order: {name, label, kind: "int" | "choice", min, max, default, choices}. */
export function ruleFields() { return engineFacts().rule_fields; }

/** The army conventions, in the engine's order: [{name, offset, unit, note}], e.g. {name: "territory",
 *  offset: 1, unit: "armies on the territory", note: "one stays behind"}. `offset`: armies to subtract
 *  from a count in this convention to get attacking armies (the armies that fight; all may die). */
export function conventions() { return engineFacts().conventions; }

/** The convention named `name`, or null when the engine publishes none by that name. */
export function findConvention(name) {
  return conventions().find((c) => c.name === name) ?? null;
}

function known(name) {
  const c = findConvention(name);
  if (!c) throw new Error(`the engine publishes no army convention named ${name}`);
  return c;
}

/** Armies to subtract from a count in convention `name` to get attacking armies. */
export function conventionOffset(name) { return known(name).offset; }

/** The words after a count in convention `name`: "attacking armies", "armies on the territory". */
export function conventionUnit(name) { return known(name).unit; }

/** What convention `name` means for the count, in a few words: "one stays behind". */
export function conventionNote(name) { return known(name).note; }
