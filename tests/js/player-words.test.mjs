// Issue 32, row 10: the engine's messages in the page's words. Every refusal of the engine's
// bad-input matrix (tests/engine/bad_inputs.py, run through CPython's api.handle here), and the
// budget and size refusals, read through playerWords with a form's labels: no API name is left
// (snake_case names, "describe()", the interval "(0, 1]"), and the field at fault is named by its label.
import test from "node:test";
import assert from "node:assert/strict";
import { playerWords } from "../../site_src/js/player-words.js";
import { python } from "./python.mjs";

// The forms' labels for the fields they have (site_src/templates/calculators/macros.html).
const LABELS = {
  p: "Target chance", attackers: "Attackers", defenders: "Defenders", retreat_at: "Retreat at", defender_goal: "Defender goal",
  start_attackers: "From: attackers", end_attackers: "To: attackers", max_attackers: "Most attackers", territories: "Defenders, in order of attack",
  reinforcements: "Reinforcements", goal: "Goal", position: "Position", targets: "Targets", attack_faces: "Faces of the attacker's dice",
};
const labelOf = (n) => LABELS[n] ?? null;
const API_NAME = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\w+\(\)|\(0, 1\]/;

const refusals = python(`
import json, sys
sys.path.insert(0, "tests/engine")
from bad_inputs import ROWS
from riskodds.interfaces import api
out = []
for op, params, field, fragment in ROWS:
    r = api.handle(op, params)
    if not r["ok"]:
        out.append([op, r["error"]["field"], r["error"]["message"]])
# the refusals a page meets for size and time
more = [("battle", {"attackers": 20000, "defenders": 20000, "convention": "attacking"}),
        ("turn", {"position": {"Ukraine": {"owner": "you", "armies": 60}, **{t: {"owner": "red", "armies": 3} for t in
                  ["Afghanistan", "China", "India", "Irkutsk", "Japan", "Kamchatka", "Middle East", "Mongolia", "Siam", "Siberia", "Ural", "Yakutsk"]}},
                  "player": "you", "reinforcements": 10, "goal": {"take": "Asia"}, "time_budget_s": 0.01}),
        ("turn", {"position": {"Siam": {"owner": "you", "armies": 3}, "Brazl": {"owner": "red", "armies": 1}}, "player": "you",
                  "reinforcements": 1, "goal": {"take": ["Brazl"]}}),
        ("turn", {"position": {"Siam": {"owner": "you", "armies": 3}, "Qwxzt": {"owner": "red", "armies": 1}}, "player": "you",
                  "reinforcements": 1, "goal": {"take": ["Qwxzt"]}}),
        ("needed", {"defenders": 10, "p": "250", "convention": "territory"})]
for op, params in more:
    r = api.handle(op, params)
    assert not r["ok"], (op, r)
    out.append([op, r["error"]["field"], r["error"]["message"]])
print(json.dumps(out))
`);

test("every refusal of the bad-input matrix reads without API names", () => {
  assert.ok(refusals.length > 500, refusals.length);
  const before = refusals.filter(([, , m]) => API_NAME.test(m)).length;
  assert.ok(before > 100, `the matrix has API names to translate (${before})`);
  for (const [op, field, message] of refusals) {
    const shown = playerWords(message, { field, labelOf });
    assert.doesNotMatch(shown, API_NAME, `${op} ${field}: ${message}\n -> ${shown}`);
    assert.match(shown, /^[A-Z0-9“"'(]/, shown); // a sentence
    if (field && labelOf(field) && message.startsWith(`${field} `)) assert.ok(shown.startsWith(labelOf(field)), shown);
  }
});

test("the issue's examples", () => {
  const p = refusals.find(([op, f, m]) => op === "needed" && f === "p" && m.includes("'250'"));
  assert.equal(playerWords(p[2], { field: "p", labelOf }), "Target chance must be a chance above 0 and at most 100 %, got '250'");
  const size = refusals.find(([op, , m]) => op === "battle" && m.includes("max_states"));
  assert.doesNotMatch(playerWords(size[2], { field: size[1], labelOf }), /max_states|\(\)/);
  const time = refusals.find(([op, , m]) => op === "turn" && m.includes("0.01 s"));   // refused before or while running
  const timeShown = playerWords(time[2], { field: time[1], labelOf });
  assert.match(timeShown, /^A turn of 10 reinforcements against 12 targets .*0\.01 s/);
  assert.doesNotMatch(timeShown, /time_budget_s/);
  assert.equal(playerWords("retreat_at must be a whole number from 0 to 9, got 10", { field: "retreat_at", labelOf }),
    "Retreat at must be a whole number from 0 to 9, got 10");
  assert.equal(playerWords("about 12 s (the limit is 10 s, time_budget_s)", { labelOf }), "About 12 s (the limit is 10 s)");
  assert.equal(playerWords("took longer than its time budget of 10 s in the browser (time_budget_s), so it was stopped", { labelOf }),
    "Took longer than its time budget of 10 s in the browser, so it was stopped");
  assert.equal(playerWords("time_budget_s must be a positive number of seconds, got 'Infinity'", { field: "time_budget_s", labelOf }),
    "The time limit must be a positive number of seconds, got 'Infinity'");
  assert.equal(playerWords("has 4 states, more than the limit of 3 (max_states); it could run", { labelOf }), "Has 4 states, more than the limit of 3; it could run");
});
