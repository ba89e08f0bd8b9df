// The Turn calculator's board under Node, against the engine's board (riskodds.describe(), read
// here through CPython): the drawing (board/geometry.js) places every territory once, no two boxes
// overlap, no link passes through a third box, only the Alaska-Kamchatka link crosses the edge;
// the arrow keys reach every territory and follow the links first (board/keys.js); the position
// text (board/position.js) reads what it writes, the ready-made positions as the build writes them.
import test from "node:test";
import assert from "node:assert/strict";
import { python } from "./python.mjs";
import { BOX, VIEW, WRAP, place, placed, nameAt, named } from "../../site_src/js/board/geometry.js";
import { towards } from "../../site_src/js/board/keys.js";
import { readPosition, positionText, readTargets, requestPosition, PLAYER } from "../../site_src/js/board/position.js";
import { indexBoard } from "../../site_src/js/board/facts.js";
import { engineFacts } from "../../site_src/js/limits.js";

const ENGINE = python(`
import json
from riskodds import describe
from sitebuild import turn_presets
from sitebuild.engine_facts import board_json, page_facts
print(json.dumps({"board": json.loads(board_json({"presets": turn_presets.shipped()})), "facts": page_facts(),
                  "requests": {p.name: turn_presets.request(p) for p in turn_presets.PRESETS}}))
`);
const BOARD = ENGINE.board;
engineFacts(ENGINE.facts);
const TERRITORIES = BOARD.continents.flatMap((c) => c.territories);

test("every territory of the engine's board is drawn once, and nothing else", () => {
  assert.equal(TERRITORIES.length, 42);
  assert.deepEqual([...placed()].sort(), [...TERRITORIES].sort());
  assert.deepEqual([...named()].sort(), BOARD.continents.map((c) => c.name).sort());
});

const GAP = 8; // user units between two boxes at the least

test("no two boxes overlap, and everything lies inside the drawing", () => {
  for (const a of TERRITORIES) {
    const p = place(a);
    assert.ok(p.x0 >= VIEW.x && p.x1 <= VIEW.x + VIEW.w && p.y0 >= VIEW.y && p.y1 <= VIEW.y + VIEW.h, a);
    for (const b of TERRITORIES) {
      if (a >= b) continue;
      const q = place(b);
      const apart = p.x1 + GAP <= q.x0 || q.x1 + GAP <= p.x0 || p.y1 + GAP <= q.y0 || q.y1 + GAP <= p.y0;
      assert.ok(apart, `${a} and ${b} overlap`);
    }
  }
  for (const c of named()) {
    const n = nameAt(c);
    assert.ok(n.x > VIEW.x && n.x < VIEW.x + VIEW.w && n.y > VIEW.y && n.y < VIEW.y + VIEW.h, c);
  }
});

/** Does the segment p-q pass through the rectangle r (grown by `pad`)? Liang-Barsky clipping. */
function crosses(p, q, r, pad = 2) {
  let t0 = 0, t1 = 1;
  const dx = q.x - p.x, dy = q.y - p.y;
  const edges = [[-dx, p.x - (r.x0 - pad)], [dx, r.x1 + pad - p.x], [-dy, p.y - (r.y0 - pad)], [dy, r.y1 + pad - p.y]];
  for (const [a, b] of edges) {
    if (a === 0) { if (b < 0) return false; continue; }
    const t = b / a;
    if (a < 0) t0 = Math.max(t0, t); else t1 = Math.min(t1, t);
    if (t0 > t1) return false;
  }
  return true;
}

test("the 83 links: none passes through a third territory's box; only Alaska-Kamchatka crosses the edge", () => {
  assert.equal(BOARD.links.length, 83);
  const wraps = BOARD.links.filter(([a, b]) => WRAP.includes(a) && WRAP.includes(b));
  assert.equal(wraps.length, 1);
  assert.equal(wraps[0][2], "sea");
  for (const [a, b] of BOARD.links) {
    if (WRAP.includes(a) && WRAP.includes(b)) continue;
    const p = place(a), q = place(b);
    for (const c of TERRITORIES) {
      if (c === a || c === b) continue;
      assert.ok(!crosses(p, q, place(c)), `the link ${a}-${b} passes through ${c}`);
    }
  }
});

test("a box holds its short name of at most 10 characters; codes are 2 to 3 letters", () => {
  for (const t of TERRITORIES) {
    const p = place(t);
    assert.ok(p.short.length <= 10, t);
    assert.match(p.code, /^[A-Z]{2,3}$/, t);
  }
  assert.equal(new Set(TERRITORIES.map((t) => place(t).code)).size, 42, "codes are unique");
  assert.ok(BOX.w > 0 && BOX.h > 0);
});

test("the arrow keys: a linked neighbour that way first, across the edge for Alaska and Kamchatka; every territory reachable", () => {
  const links = new Map(TERRITORIES.map((t) => [t, []]));
  for (const [a, b] of BOARD.links) { links.get(a).push(b); links.get(b).push(a); }
  const wrap = (a, b) => WRAP.includes(a) && WRAP.includes(b);
  const ctx = { territories: TERRITORIES, neighbours: (t) => links.get(t).map((n) => [n, wrap(t, n)]), centre: place, span: VIEW.w };
  const expected = [
    ["Alaska", "ArrowLeft", "Kamchatka"], ["Kamchatka", "ArrowRight", "Alaska"], ["Central America", "ArrowDown", "Venezuela"],
    ["Peru", "ArrowRight", "Brazil"], ["Brazil", "ArrowRight", "North Africa"], ["Venezuela", "ArrowLeft", "Peru"],
    ["Siam", "ArrowDown", "Indonesia"], ["Greenland", "ArrowRight", "Iceland"], ["Ural", "ArrowLeft", "Ukraine"],
  ];
  for (const [from, key, to] of expected) assert.equal(towards(from, key, ctx), to, `${from} ${key}`);
  assert.equal(towards("Alaska", "Tab", ctx), null);
  // a linked neighbour whenever one lies that way (within 60 degrees of the key's direction)
  const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  for (const t of TERRITORIES) {
    for (const [key, [dx, dy]] of Object.entries(dirs)) {
      const thatWay = links.get(t).filter((n) => {
        let x = place(n).x - place(t).x;
        if (wrap(t, n)) x -= Math.sign(x) * VIEW.w;
        const y = place(n).y - place(t).y;
        return (x * dx + y * dy) / Math.hypot(x, y) >= 0.5;
      });
      const to = towards(t, key, ctx);
      assert.notEqual(to, t);
      if (thatWay.length) assert.ok(thatWay.includes(to), `${t} ${key}: ${to}, not one of ${thatWay}`);
    }
  }
  const seen = new Set();
  const todo = ["Alaska"];
  while (todo.length) {
    const t = todo.pop();
    if (seen.has(t)) continue;
    seen.add(t);
    for (const key of ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]) { const n = towards(t, key, ctx); if (n) todo.push(n); }
  }
  assert.equal(seen.size, 42);
});

test("the position text: the ready-made positions read as the engine's requests, and written back the same", () => {
  const board = indexBoard(BOARD);
  assert.deepEqual(BOARD.presets.map((p) => p.name).sort(), Object.keys(ENGINE.requests).sort());
  for (const p of BOARD.presets) {
    const want = ENGINE.requests[p.name];
    const read = readPosition(p.fields.position);
    assert.ok(read.value, read.error);
    assert.deepEqual(requestPosition(read.value), want.position);
    assert.equal(positionText(read.value, board.territories), p.fields.position, "the build and the page write it alike");
    const goal = p.fields.goal === "targets" ? readTargets(p.fields.targets) : p.fields.goal;
    assert.deepEqual(goal, want.goal.take);
  }
});

test("the position text: owners, other names as typed, order, and what it refuses", () => {
  const board = indexBoard(BOARD);
  const read = readPosition(" red: Siam 2 ;you: Western U.S. 3, ural 1;; opponent: Southeast Asia 4 ");
  assert.deepEqual(read.value, [{ territory: "Siam", owner: "red", armies: 2 }, { territory: "Western U.S.", owner: PLAYER, armies: 3 },
    { territory: "ural", owner: PLAYER, armies: 1 }, { territory: "Southeast Asia", owner: "opponent", armies: 4 }]);
  assert.equal(board.nameOf("Western U.S."), "Western United States");
  assert.equal(board.nameOf("Southeast Asia"), "Siam");
  assert.equal(board.nameOf("Brazl"), null);
  // the player first, then the others in order of appearance, each in the board's order
  assert.equal(positionText(read.value, board.territories), "you: Western U.S. 3, ural 1; red: Siam 2; opponent: Southeast Asia 4");
  assert.equal(positionText([{ territory: "Kamchatka", owner: "opponent", armies: 1 }, { territory: "Alaska", owner: "opponent", armies: 2 }],
    board.territories), "opponent: Alaska 2, Kamchatka 1");
  const refused = {
    "": "No territory is in play: tap one on the board, or pick a ready-made position.",
    "Brazil 3": "Position: “Brazil 3” names no owner; write it like “you: Brazil 3; opponent: Peru 2”.",
    "you: Brazil": "Position: “Brazil” needs a territory and its armies, like “Brazil 3”.",
    "you: Central America": "Position: “Central America” needs a territory and its armies, like “Brazil 3”.",
    "you: Brazil 2.5": "Position: Armies on Brazil must be a whole number (no decimals).",
    "you: Brazil 2; opponent: brazil 3": "Position: brazil is given twice.",
  };
  for (const [text, error] of Object.entries(refused)) assert.equal(readPosition(text).error, error, text);
  assert.deepEqual(readTargets(" Alaska, ,Alberta "), ["Alaska", "Alberta"]);
});

test("the position text read with the board: its own short labels, codes and other names; every unknown name at once, each with its closest", () => {
  const board = indexBoard(BOARD);
  const ok = readPosition("you: S. Europe 6, Mid. East 4; opponent: N. Africa 2, Britain 3, E. Austr. 1, west us 2, Southeast Asia 1, KAM 5", board);
  assert.deepEqual(ok.value.map((h) => [h.territory, h.owner, h.armies]), [
    ["Southern Europe", PLAYER, 6], ["Middle East", PLAYER, 4], ["North Africa", "opponent", 2], ["Great Britain", "opponent", 3],
    ["Eastern Australia", "opponent", 1], ["Western United States", "opponent", 2], ["Siam", "opponent", 1], ["Kamchatka", "opponent", 5]]);
  // written back in the board's names and order
  assert.equal(positionText(ok.value, board.territories),
    "you: Southern Europe 6, Middle East 4; opponent: Western United States 2, Great Britain 3, North Africa 2, Kamchatka 5, Siam 1, Eastern Australia 1");
  // every name the board lacks, at once, each with its closest
  assert.equal(readPosition("you: Brazl 3, Siam 2; opponent: Egpyt 2, Indonesai 1, Peru 1", board).error,
    "Position: the board has no territory called “Brazl” (Brazil?), “Egpyt” (Egypt?) or “Indonesai” (Indonesia?).");
  assert.equal(readPosition("you: Siam 2; opponent: Atlantis 2", board).error, "Position: the board has no territory called “Atlantis” (Alaska?).");
  // the same territory by two names is given twice
  assert.equal(readPosition("you: Siam 2; opponent: Southeast Asia 3", board).error, "Position: Southeast Asia is given twice.");
  assert.equal(board.closest("Mid East"), "Middle East");
  assert.equal(board.closest("Grenland"), "Greenland");
});
