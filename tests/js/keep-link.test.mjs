// "Will I keep it?" (calculators/keep-link.js) under Node: the Hold form's fields for a turn's end
// (the position as the form's text, the same set to keep, no new armies for the holder, the owner
// who attacks next, his count once known) and the address that carries them, read back here.
import test from "node:test";
import assert from "node:assert/strict";
import { holdFields, holdURL, opponentOf } from "../../site_src/js/calculators/keep-link.js";
import { readPosition } from "../../site_src/js/board/position.js";
import { engineFacts } from "../../site_src/js/limits.js";
import { python } from "./python.mjs";

engineFacts(python(`
import json
from sitebuild.engine_facts import page_facts
print(json.dumps(page_facts()))
`)); // the limits the position's reader checks armies against

const ORDER = ["Central America", "Venezuela", "Peru", "Brazil", "Argentina", "North Africa"];
const END = { Argentina: { owner: "you", armies: 6 }, "Central America": { owner: "red", armies: 4 }, Venezuela: { owner: "you", armies: 1 },
  Peru: { owner: "you", armies: 1 }, Brazil: { owner: "you", armies: 3 }, "North Africa": { owner: "you", armies: 1 } };

test("a continent kept: the position in the board's order, no new armies, the owner who attacks next", () => {
  const f = holdFields({ position: END, goal: ["Venezuela", "Peru", "Brazil", "Argentina"], goalName: "South America", order: ORDER });
  assert.deepEqual(f, { position: "you: Venezuela 1, Peru 1, Brazil 3, Argentina 6, North Africa 1; red: Central America 4",
    hold: "South America", marked: "", when: "after", reinforcements: "0", opponent: "red" });
  const back = readPosition(f.position).value;
  assert.deepEqual(Object.fromEntries(back.map((h) => [h.territory, { owner: h.owner, armies: h.armies }])), END);
});

test("territories kept (no continent): marked; his count once the engine has it", () => {
  const f = holdFields({ position: END, goal: ["Venezuela", "Brazil"], order: ORDER, theirs: 3 });
  assert.equal(f.hold, "marked");
  assert.equal(f.marked, "Venezuela, Brazil");
  assert.equal(f.opponent_reinforcements, "3");
});

test("no one else in the position: the board's Opponent", () => {
  assert.equal(opponentOf({ Peru: { owner: "you", armies: 1 } }), "opponent");
});

test("the address: the calculators page, the Hold form's fields, its anchor", () => {
  const f = holdFields({ position: END, goal: ["Venezuela"], order: ORDER, theirs: 5 });
  const url = new URL(holdURL(f), "https://example.org");
  assert.equal(url.pathname, "/calculators/");
  assert.equal(url.hash, "#hold");
  assert.equal(url.searchParams.get("calc"), "hold");
  for (const [k, v] of Object.entries(f)) assert.equal(url.searchParams.get(k), v, k);
});
