// The Plan calculator's own arithmetic (calculators/plan.js) under Node, against CPython's engine:
// what planning gains over the straight chain, exactly, for plans whose answers Python computes here;
// the runs of army counts the tables show; and the request that carries the outline as typed.
import test from "node:test";
import assert from "node:assert/strict";
import { python } from "./python.mjs";
import { engineFacts } from "../../site_src/js/limits.js";
import { getCalculator } from "../../site_src/js/calculators/registry.js";
import { gain, span } from "../../site_src/js/calculators/plan.js";

const OUTLINES = ["Brazil 3 > (Venezuela 1), (Peru 2 > Argentina 2)", "Home 3 > (Zurich 2 > Tokyo 2), (Kitts 1)", "A 1, B 5", "A 3 > B 2 > C 1", "5 > (1), (1), (1)"];
const CASES = python(`
import json
from fractions import Fraction
from riskodds.interfaces import api
import sitebuild.engine_facts as facts
out = []
for t in ${JSON.stringify(OUTLINES)}:
    for a in (6, 12, 20):
        r = api.handle("plan", {"attackers": a, "convention": "territory", "targets": t})
        d = Fraction(int(r["win"]["num"]), int(r["win"]["den"])) - Fraction(int(r["straight"]["num"]), int(r["straight"]["den"]))
        out.append({"answer": r, "diff": [str(d.numerator), str(d.denominator)]})
print(json.dumps({"cases": out, "facts": facts.page_facts()}))
`);

test("gain: win minus straight, exactly as Python's Fractions, with its sign", () => {
  let signs = new Set();
  for (const { answer, diff } of CASES.cases) {
    const { sign, size } = gain(answer.win, answer.straight);
    const [num, den] = diff.map(BigInt);
    signs.add(sign);
    assert.equal(sign, num > 0n ? 1 : num < 0n ? -1 : 0);
    assert.equal(BigInt(size.num) * den, (num < 0n ? -num : num) * BigInt(size.den), answer.targets.join(" "));
  }
  assert.deepEqual([...signs].sort(), [-1, 0, 1]); // the cases cover planning better, worse and equal
});

test("span: a run of army counts", () => {
  assert.equal(span([2, 4]), "2–4");
  assert.equal(span([7, 7]), "7");
  for (const { answer } of CASES.cases) {
    for (const m of answer.moves) for (const k of m.keep) assert.match(span(k.armies), /^\d+(–\d+)?$/);
  }
});

test("the outline goes to the engine as typed (trimmed), with the attackers and rules", () => {
  engineFacts(CASES.facts);
  const plan = getCalculator("plan");
  const rules = Object.fromEntries(CASES.facts.rule_fields.map((f) => [f.name, String(f.default ?? "")]));
  const get = (fields) => (name) => ({ ...rules, convention: "territory", attackers: "12", ...fields })[name];
  const { values, errors } = plan.read(get({ targets: "  Brazil 3 > (Peru  " }));
  assert.deepEqual(errors, {}); // the engine reads the outline and words its errors
  const { op, params } = plan.request(values);
  assert.equal(op, "plan");
  assert.equal(params.targets, "Brazil 3 > (Peru");
  assert.equal(params.attackers, 12);
  assert.equal(params.defender_choice, "most");
  assert.match(plan.read(get({ attackers: "1" })).errors.attackers, /at least 2/);
});
