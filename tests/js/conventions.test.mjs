// The army conventions come from the engine's published facts (limits.js), not from the page's
// own code: change the published offset and words, and the checks, the approximate answers and
// the words follow. The facts are the ones the build writes into every page
// (sitebuild/engine_facts.py page_facts(), from riskodds.describe()), asked of Python here.
import test from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { engineFacts, conventions, conventionOffset, conventionUnit } from "../../site_src/js/limits.js";
import { readConvention, readAttackers } from "../../site_src/js/validate.js";
import { approxFrom } from "../../site_src/js/approx.js";
import { getCalculator } from "../../site_src/js/calculators/registry.js";
import "../../site_src/js/calculators/path.js";
import "../../site_src/js/calculators/campaign.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const JS = join(ROOT, "site_src", "js");

function publishedFacts() {
  const venv = join(ROOT, ".venv", "bin", "python");
  const python = process.env.PYTHON ?? (existsSync(venv) ? venv : "python3");
  const code = "import json, sitebuild.engine_facts as f; print(json.dumps(f.page_facts()))";
  const run = spawnSync(python, ["-c", code], { cwd: ROOT, encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout);
}

const PUBLISHED = publishedFacts();

/** The published facts with the territory convention changed: two armies stay behind, new words,
 *  and a third convention the page has never heard of. */
function changedFacts() {
  const facts = structuredClone(PUBLISHED);
  const territory = facts.conventions.find((c) => c.name === "territory");
  Object.assign(territory, { offset: 2, unit: "armies in the fort", note: "two stay on the walls" });
  facts.conventions.push({ name: "garrison", offset: 3, unit: "armies in the garrison", note: "three keep watch" });
  return facts;
}

/** A form's reader: `fields` over the rule fields at their published defaults. */
function form(fields) {
  const rules = Object.fromEntries(PUBLISHED.rule_fields.map((f) => [f.name, String(f.default ?? "")]));
  return (name) => ({ ...rules, ...fields })[name];
}

function readForm(fields) {
  const values = {};
  const errors = {};
  readConvention(form(fields), values, errors);
  readAttackers(form(fields), values, errors);
  return { values, errors };
}

test("the published facts name the engine's two conventions, territory one more than attacking", () => {
  engineFacts(PUBLISHED);
  assert.deepEqual(conventions().map((c) => c.name).sort(), ["attacking", "territory"]);
  assert.equal(conventionOffset("territory") - conventionOffset("attacking"), 1);
  assert.throws(() => conventionOffset("sideways"), /no army convention named sideways/);
});

test("the least attacking stack follows the published offset", () => {
  engineFacts(PUBLISHED);
  assert.match(readForm({ convention: "territory", attackers: "1" }).errors.attackers, /stays behind: at least 2\./);
  assert.equal(readForm({ convention: "territory", attackers: "2" }).values.attackers, 2);
  assert.equal(readForm({ convention: "attacking", attackers: "1" }).values.attackers, 1);
  assert.match(readForm({ convention: "garrison", attackers: "5" }).errors.convention, /one of: attacking, territory/);

  engineFacts(changedFacts());
  assert.equal(readForm({ convention: "territory", attackers: "2" }).errors.attackers,
    "With armies in the fort, two stay on the walls: at least 3.");
  assert.equal(readForm({ convention: "territory", attackers: "3" }).values.attackers, 3);
  assert.equal(readForm({ convention: "attacking", attackers: "1" }).values.attackers, 1);
  assert.match(readForm({ convention: "garrison", attackers: "3" }).errors.attackers, /three keep watch: at least 4/);
  assert.equal(readForm({ convention: "garrison", attackers: "4" }).values.attackers, 4);
  assert.equal(conventionUnit("territory"), "armies in the fort");
});

test("point to point and campaign bounds follow the published offset", () => {
  const path = (fields) => getCalculator("path").read(form({
    start_attackers: "5", start_defenders: "3", end_attackers: "1", end_defenders: "0", ...fields })).errors;
  engineFacts(PUBLISHED);
  assert.deepEqual(path({ convention: "territory" }), {});
  assert.match(path({ convention: "territory", end_attackers: "0", end_defenders: "1" }).end_attackers, /at least 1\./);
  assert.deepEqual(path({ convention: "attacking", end_attackers: "0", end_defenders: "1" }), {});
  engineFacts(changedFacts());
  assert.match(path({ convention: "territory" }).end_attackers, /two stay on the walls: at least 2\./);
  assert.match(path({ convention: "territory", start_attackers: "2", end_attackers: "2" }).start_attackers, /at least 3\./);

  const campaign = (fields) => getCalculator("campaign").read(form({
    attackers: "10", leave: "1", territories: "2 3", ...fields })).errors;
  engineFacts(PUBLISHED);
  assert.deepEqual(campaign({ convention: "territory", retreat_at: "1" }), {});
  assert.match(campaign({ convention: "territory", retreat_at: "0" }).retreat_at, /retreat at 1 or more\./);
  engineFacts(changedFacts());
  assert.match(campaign({ convention: "territory", retreat_at: "1" }).retreat_at, /retreat at 2 or more\./);
});

test("the approximate answer reads the row the published offsets point to", () => {
  // A 3 x 3 table in attacking armies whose P(win) names its row: 10^-(row) for row 1..3.
  const n = 3;
  const win = Uint16Array.from({ length: n * n }, (_, i) => Math.floor(i / n) + 1);
  const table = { n, scale: 1, q_max: 0xffff, convention: "attacking", standard: {}, ignored: [],
    win, loss: win, row: () => {} };
  const row = (params) => -Math.log10(approxFrom(table, { defenders: 1, ...params }).win);
  engineFacts(PUBLISHED);
  assert.equal(row({ attackers: 3, convention: "attacking" }), 3);
  assert.equal(row({ attackers: 3, convention: "territory" }), 2);
  assert.equal(approxFrom(table, { attackers: 1, defenders: 1, convention: "territory" }), null);
  assert.equal(approxFrom(table, { attackers: 3, defenders: 1, convention: "garrison" }), null);
  engineFacts(changedFacts());
  assert.equal(row({ attackers: 3, convention: "territory" }), 1);
  assert.equal(row({ attackers: 4, convention: "garrison" }), 1);
  assert.equal(row({ attackers: 3, convention: "attacking" }), 3);
});

/** Every .js file under site_src/js, with its comments removed (a comment may name a convention). */
function scripts(dir = JS) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return scripts(path);
    if (!e.name.endsWith(".js")) return [];
    const code = readFileSync(path, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
    return [{ path, code }];
  });
}

test("no script types a convention's name or words: they come from the published facts", () => {
  const typed = PUBLISHED.conventions.flatMap((c) => [c.name, c.unit]);
  const found = [];
  for (const { path, code } of scripts()) {
    for (const word of typed) {
      for (const q of ["\"", "'", "`"]) if (code.includes(q + word + q)) found.push(`${path}: ${q}${word}${q}`);
    }
    if (/\.convention\s*[!=]==?/.test(code)) found.push(`${path}: compares a convention by hand`);
  }
  assert.deepEqual(found, []);
  // the check can fail: the code it forbids is found in a sample of it
  const sample = 'const minA = values.convention === "territory" ? 2 : 1;';
  assert.ok(sample.includes("\"territory\"") && /\.convention\s*[!=]==?/.test(sample));
});
