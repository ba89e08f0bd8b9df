// The headline's words (views/answer.js) and the rules' summary (rule-fields.js), under Node.
import test from "node:test";
import assert from "node:assert/strict";
import { chance, approxChance } from "../../site_src/js/views/answer.js";
import { rulesSummary, readRuleField, weightsText } from "../../site_src/js/rule-fields.js";

const NB = "\u00a0";
const prob = (num, den) => ({ num: String(num), den: String(den) });

test("chance: percentages to the digits a player uses, scientific below 0.01 %, and 1 in N for the unlikely side", () => {
  const den = 10n ** 27n;
  const loss = 190211679772736n;
  // within 0.01 % of certain: the other side's "1 in N" says how near (the exact box has every digit)
  assert.deepEqual(chance(prob(den - loss, den)), { main: `>${NB}99.99${NB}%`, note: null });
  assert.deepEqual(chance(prob(99989, 100000)), { main: `99.99${NB}%`, note: null });   // just under the line
  assert.deepEqual(chance(prob(loss, den)), { main: "1.90 × 10⁻¹³", note: "1 in 5.26 trillion" });   // rounded, zeros kept
  assert.deepEqual(chance(prob(1, 28)), { main: `3.57${NB}%`, note: "1 in 28" });
  assert.deepEqual(chance(prob(2, 3)), { main: `66.7${NB}%`, note: null });
  assert.deepEqual(chance(prob(0, 1)), { main: `0${NB}%`, note: "never" });
});

test("approximate chances say so", () => {
  assert.equal(approxChance(0.5).main, `≈ 50.0${NB}%`);
  assert.equal(approxChance(1.902e-13).main, "≈ 1.90 × 10⁻¹³");
  assert.match(approxChance(0.9999).main, /^≈ 99\.99/);
});

// A stand-in for the engine's RULE_FIELDS (riskodds.facts.limits): the same shape.
const FIELDS = [
  { name: "defend_dice", label: "Defender dice", kind: "choice", default: 2, choices: [[2, "2 (standard)"], [3, "3 (capital / wall)"], [1, "1"]] },
  { name: "ties", label: "Ties go to", kind: "choice", default: "defender", choices: [["defender", "the defender (standard)"], ["attacker", "the attacker (zombies)"]] },
  { name: "attack_faces", label: "Attacker die faces", kind: "int", default: 6, min: 2, max: 20 },
  { name: "attack_weights", label: "Attacker die weights", kind: "weights", default: null, faces_field: "attack_faces", min: 0, max: 1000000 },
];

test("rules summary: standard dice, or what differs", () => {
  assert.equal(rulesSummary({ defend_dice: "2", ties: "defender", attack_faces: "6" }, FIELDS), "standard dice");
  assert.equal(rulesSummary({ defend_dice: "3", ties: "attacker", attack_faces: "8" }, FIELDS),
    "defender dice 3 (capital / wall) · ties go to the attacker (zombies) · attacker die faces 8");
});

test("weights: typed with commas, spaces or semicolons; blank is a fair die; the engine checks the rest", () => {
  assert.equal(weightsText(" 2, 2 1;1,,1 1 "), "2,2,1,1,1,1");
  assert.equal(weightsText("   "), null);
  assert.equal(weightsText("-1,1.5,x"), "-1,1.5,x"); // the engine words the message, next to the field
  assert.deepEqual(readRuleField(FIELDS[3], "2 2 1 1 1 1"), { value: "2,2,1,1,1,1" });
  assert.deepEqual(readRuleField(FIELDS[3], ""), { value: null });
  assert.equal(rulesSummary({ attack_faces: "6", attack_weights: "" }, FIELDS), "standard dice");
  assert.equal(rulesSummary({ attack_faces: "6", attack_weights: "2 2 1 1 1 1" }, FIELDS, "fair"), "attacker die weights 2,2,1,1,1,1");
  assert.equal(rulesSummary({ attack_weights: Array(100).fill(1).join(",") }, FIELDS).length, "attacker die weights ".length + 24);
  assert.equal(rulesSummary({}, FIELDS, "standard rules"), "standard rules");
});

test("rule fields read from the form's text", () => {
  assert.deepEqual(readRuleField(FIELDS[0], "3"), { value: 3 });
  assert.match(readRuleField(FIELDS[0], "4").error, /choose one of/);
  assert.deepEqual(readRuleField(FIELDS[0], "", { optional: true }), { value: null });
});

test("campaign rows name each choice briefly", async () => {
  const { shortChoice } = await import("../../site_src/js/calculators/campaign.js");
  assert.equal(shortChoice(3, "3 (capital / wall)"), "3 capital");
  assert.equal(shortChoice(2, "2 (standard)"), "2");
  assert.equal(shortChoice(1, "1"), "1");
  assert.equal(shortChoice("highest", "+1 on highest die (bunker)"), "bunker");
  assert.equal(shortChoice("none", "none"), "none");
});

test("table cells: short, and exact where the value is", async () => {
  const { cellChance } = await import("../../site_src/js/views/answer.js");
  assert.equal(cellChance(prob(1, 3)), `33.3${NB}%`);
  assert.equal(cellChance(prob(99999, 100000)), `>${NB}99.99${NB}%`);
  assert.equal(cellChance(prob(1, 10n ** 20n)), "1 × 10⁻²⁰");
  assert.equal(cellChance({ float: 0.0767313, log10: Math.log10(0.0767313) }), `7.67${NB}%`);
  assert.equal(cellChance({ float: 0, log10: -470.3 }), "5.01 × 10⁻⁴⁷¹");
  assert.equal(cellChance({ float: 0, log10: null }), "0");
});
