// The board's zoom and pan (board/zoom.js) under Node: the territories a view shows (the goal, its
// borders and every territory in play, but a stack that joins them only across the board's edge),
// the rectangle around them, the size a view opens at on a phone and on a laptop (the whole board
// fits a 390 px phone; a laptop opens on the goal at the boxes' own size), the zoom's range, the
// scroll that centres a view and the one that keeps a pinch's point still. Checked against numbers
// worked out here from geometry.js, not by the module.
import test from "node:test";
import assert from "node:assert/strict";
import { python } from "./python.mjs";
import { BOX, VIEW, place } from "../../site_src/js/board/geometry.js";
import { indexBoard } from "../../site_src/js/board/facts.js";
import { MARGIN, U_MIN, U_OPEN, WHOLE, centred, clampScale, frameHeight, holds, openScale, rectAround, seen, viewTerritories, widest, zoomAround }
  from "../../site_src/js/board/zoom.js";

const BOARD = indexBoard(python(`
import json
from sitebuild.engine_facts import board_json
print(board_json({"presets": []}).decode())
`));
const AUSTRALIA = ["Indonesia", "New Guinea", "Western Australia", "Eastern Australia"];
const PHONE = 349; // the frame's width on a 390 px phone, CSS px
const LAPTOP = 909;

test("a view of the goal shows the goal, its borders and every territory in play", () => {
  const shown = viewTerritories(BOARD, AUSTRALIA, [...AUSTRALIA, "Siam"]);
  assert.deepEqual(new Set(shown), new Set([...AUSTRALIA, "Siam"]));
  // the Hold's Australia with the opponent's stack on China: China is in view too
  const china = viewTerritories(BOARD, AUSTRALIA, [...AUSTRALIA, "China"]);
  assert.ok(china.includes("China") && china.includes("Siam"));
  // a territory in play far away is in view as well
  assert.ok(viewTerritories(BOARD, AUSTRALIA, ["Iceland"]).includes("Iceland"));
});

test("a stack that joins the view only across the board's edge stays out (its arrow names it)", () => {
  const na = BOARD.continents.find((c) => c.name === "North America").territories;
  const shown = viewTerritories(BOARD, ["Alaska"], ["Kamchatka", ...na]);
  assert.ok(!shown.includes("Kamchatka"));
  assert.ok(na.every((t) => shown.includes(t)));
  // with a stack of its own beside it (Yakutsk), Kamchatka is in view
  assert.ok(viewTerritories(BOARD, ["Alaska"], ["Kamchatka", "Yakutsk"]).includes("Kamchatka"));
});

test("the rectangle around a view holds every box of it, with the margin, inside the board", () => {
  const names = viewTerritories(BOARD, AUSTRALIA, ["Siam"]);
  const r = rectAround(names);
  for (const t of names) assert.ok(holds(r, place(t)), t);
  const xs = names.map(place);
  assert.equal(r.x, Math.min(...xs.map((p) => p.x0)) - MARGIN);
  assert.equal(r.y + r.h, Math.min(VIEW.y + VIEW.h, Math.max(...xs.map((p) => p.y1)) + MARGIN));
  assert.ok(r.x >= VIEW.x && r.y >= VIEW.y && r.x + r.w <= VIEW.x + VIEW.w && r.y + r.h <= VIEW.y + VIEW.h);
  assert.deepEqual(rectAround([]), WHOLE);
});

test("the whole board fits a 390 px phone; a laptop opens on the goal at the boxes' own size", () => {
  const maxH = 0.8 * 844;
  const u = openScale(WHOLE, PHONE, maxH);
  assert.equal(u, VIEW.w / PHONE);
  assert.ok(VIEW.w / u <= PHONE + 1e-9);
  const goal = rectAround(viewTerritories(BOARD, AUSTRALIA, ["Siam"]));
  assert.equal(openScale(goal, LAPTOP, 0.8 * 900), U_OPEN); // not blown up
  const small = openScale(goal, PHONE, maxH); // the goal's width across the phone
  assert.ok(Math.abs(small - Math.max(goal.w / PHONE, U_OPEN)) < 1e-9);
  assert.ok(goal.w / small <= PHONE + 1e-9 && goal.h / small <= maxH + 1e-9);
});

test("the zoom stays between the largest (U_MIN) and the whole board across the frame", () => {
  assert.equal(widest(PHONE), VIEW.w / PHONE);
  assert.equal(clampScale(0.1, PHONE), U_MIN);
  assert.equal(clampScale(100, PHONE), VIEW.w / PHONE);
  assert.equal(clampScale(2, PHONE), 2);
  assert.equal(widest(5000), U_MIN); // a frame wider than the board at its largest
});

test("the frame is as tall as the view, at least half the most, never taller than the drawing", () => {
  const maxH = 600;
  assert.equal(frameHeight({ w: 100, h: 500 }, 1, maxH), 500);
  assert.equal(frameHeight({ w: 100, h: 100 }, 1, maxH), 300);
  assert.equal(frameHeight({ w: 100, h: 5000 }, 1, maxH), 600);
  assert.equal(frameHeight(WHOLE, 4, maxH), VIEW.h / 4);
});

test("a view opens centred; where it cannot be (the board's edge), the scroll stops at the edge", () => {
  const u = 1, fw = 300, fh = 200;
  const r = { x: 500, y: 200, w: 100, h: 100 };
  const s = centred(r, u, fw, fh);
  const look = seen(s, u, fw, fh);
  assert.ok(Math.abs(look.x + look.w / 2 - 550) < 1e-9 && Math.abs(look.y + look.h / 2 - 250) < 1e-9);
  const corner = centred({ x: VIEW.x, y: VIEW.y, w: 10, h: 10 }, u, fw, fh);
  assert.deepEqual(corner, { left: 0, top: 0 });
  const far = centred({ x: VIEW.x + VIEW.w - 10, y: VIEW.y + VIEW.h - 10, w: 10, h: 10 }, u, fw, fh);
  assert.deepEqual(far, { left: VIEW.w - fw, top: VIEW.h - fh });
});

test("a pinch keeps the point between the fingers where it was", () => {
  const scroll = { left: 120, top: 40 }, u = 2, next = 1.25, cx = 80, cy = 60;
  const s = zoomAround(scroll, u, next, cx, cy);
  const before = { x: VIEW.x + (scroll.left + cx) * u, y: VIEW.y + (scroll.top + cy) * u };
  const after = { x: VIEW.x + (s.left + cx) * next, y: VIEW.y + (s.top + cy) * next };
  assert.ok(Math.abs(before.x - after.x) < 1e-9 && Math.abs(before.y - after.y) < 1e-9);
});

test("holds: a box wholly inside a rectangle, not one across its edge", () => {
  const p = place("Siam");
  assert.ok(holds({ x: p.x0, y: p.y0, w: BOX.w, h: BOX.h }, p));
  assert.ok(!holds({ x: p.x0 + 1, y: p.y0, w: BOX.w, h: BOX.h }, p));
});
