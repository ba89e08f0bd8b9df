// The engine's published limits, rule fields and conventions (riskodds.limits.describe()), which
// the build writes into every page as <script type="application/json" id="riskodds-facts">.
// Forms read every bound from here instead of typing their own (the engine owns them).

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
