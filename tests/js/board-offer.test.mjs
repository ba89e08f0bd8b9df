// The reinforcements offered beside the field (board/offer.js) under Node: the engine's count
// (op "reinforcements", computed here by CPython) in words, every part of it named.
import test from "node:test";
import assert from "node:assert/strict";
import { python } from "./python.mjs";
import { offerWords } from "../../site_src/js/board/offer.js";

const [sa, cards] = python(`
import json
from riskodds.interfaces import api
mine = {t: {"owner": "you", "armies": 1} for t in ["Venezuela", "Peru", "Brazil", "Argentina", "Egypt"]}
print(json.dumps([api.handle("reinforcements", {"position": mine, "player": "you"}),
                  api.handle("reinforcements", {"position": {"Egypt": {"owner": "you", "armies": 1}}, "player": "you", "cards": 6})]))
`);

test("the count in words: for the territories, each continent, the cards", () => {
  assert.ok(sa.ok && cards.ok);
  assert.deepEqual(offerWords(sa), { count: sa.reinforcements,
    text: `The board gives you ${sa.reinforcements}: ${sa.from_territories} for 5 territories, 2 for South America.` });
  assert.deepEqual(offerWords(cards), { count: cards.reinforcements,
    text: `The board gives you ${cards.reinforcements}: ${cards.from_territories} for 1 territory, 6 for the cards.` });
});
