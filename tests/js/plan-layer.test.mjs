// The plan's layer (board/plan-layer.js) and its label places (board/shapes.js placeOnArrow, along,
// touches) under Node: a badge sits on its arrow where that is clear (the "4 · 19" under East
// Africa instead of on South Africa -> Madagascar), clear of every text and of the other badges, in
// view; where the arrow is crowded it goes beside, clear, and says it is not on the arrow (a line
// then joins them); an attack across the edge from a box out of view names its stack.
import test from "node:test";
import assert from "node:assert/strict";
import { VIEW, place } from "../../site_src/js/board/geometry.js";
import { along, arrow, overlap, placeOnArrow, touches } from "../../site_src/js/board/shapes.js";
import { layoutSteps } from "../../site_src/js/board/plan-layer.js";

const WHOLE = { x: VIEW.x, y: VIEW.y, w: VIEW.w, h: VIEW.h };
const rect = (v) => ({ x: v.x, y: v.y, width: v.w, height: v.h });
const inside = (b, v) => overlap(b, rect(v)) >= b.width * b.height - 1e-6;
const shapeOf = (from, to, u = 1) => arrow(from, to, place(from), place(to), { head: 11 * u, gap: 3 });
const boxText = (t) => { const p = place(t); return { x: p.x - 20, y: p.y - 8, width: 40, height: 16 }; };

test("along: points from where the arrow's last segment starts to its point", () => {
  const s = shapeOf("South Africa", "Madagascar");
  const [a, m, b] = along(s, [0, 0.5, 1]);
  assert.deepEqual(a, [s.parts.at(-1).x1, s.parts.at(-1).y1]);
  assert.deepEqual(b, s.head[0]);
  assert.ok(Math.abs(m[0] - (a[0] + b[0]) / 2) < 1e-9 && Math.abs(m[1] - (a[1] + b[1]) / 2) < 1e-9);
});

test("touches: a rectangle across, beside or far from a segment", () => {
  const seg = { x1: 0, y1: 0, x2: 100, y2: 0 };
  assert.ok(touches({ x: 40, y: -5, width: 10, height: 10 }, seg));
  assert.ok(!touches({ x: 40, y: 5, width: 10, height: 10 }, seg));
  assert.ok(touches({ x: 40, y: 5, width: 10, height: 10 }, seg, 5));
  assert.ok(!touches({ x: 120, y: -5, width: 10, height: 10 }, seg));
  assert.ok(touches({ x: 0, y: -5, width: 10, height: 10 }, { x1: 5, y1: -50, x2: 5, y2: 50 }));
});

test("a badge sits on its arrow where that is clear: South Africa -> Madagascar", () => {
  const shape = shapeOf("South Africa", "Madagascar");
  const taken = ["South Africa", "Madagascar", "East Africa", "Congo"].map(boxText);
  const before = taken.length;
  const l = placeOnArrow(shape, place("Madagascar"), "4 · 19", 12, taken, rect(WHOLE));
  assert.ok(l.on);
  assert.ok(touches(l.box, shape.parts.at(-1)) || touches(l.box, { x1: shape.parts.at(-1).x2, y1: shape.parts.at(-1).y2, x2: shape.head[0][0], y2: shape.head[0][1] }));
  assert.equal(taken.length, before + 1);
  for (const t of taken.slice(0, before)) assert.equal(overlap(l.box, t), 0);
});

test("where the arrow is covered, the badge goes beside it, clear of everything, and says so", () => {
  const shape = shapeOf("Siam", "Indonesia");
  const [m] = along(shape, [0.5]);
  const block = { x: m[0] - 60, y: m[1] - 60, width: 120, height: 120 }; // over the whole arrow
  const taken = [block];
  const l = placeOnArrow(shape, place("Indonesia"), "2 · 5", 12, taken, rect(WHOLE));
  assert.equal(l.on, touches(l.box, shape.parts.at(-1)));
  assert.equal(overlap(l.box, block), 0);
});

test("layoutSteps: every badge clear of every text and of each other, in view, and on its arrow for the Africa plan", () => {
  const steps = [["Brazil", "North Africa", 10], ["North Africa", "Congo", 9], ["Southern Europe", "Egypt", 10],
    ["Egypt", "East Africa", 9], ["Congo", "South Africa", 8], ["East Africa", "Madagascar", 3]]
    .map(([from, target, move]) => ({ from, target, move }));
  const names = [...new Set(steps.flatMap((s) => [s.from, s.target]))];
  const texts = names.map(boxText);
  for (const u of [1, 1.6]) {
    const view = { x: 200, y: 100, w: 700, h: 500 };
    const laid = layoutSteps(steps, { u, view, taken: [...texts] });
    assert.deepEqual(laid.map((l) => l.words), steps.map((s, i) => `${i + 1} · ${s.move}`));
    for (const [i, l] of laid.entries()) {
      assert.ok(inside(l.label.box, view), `${u} ${l.words}`);
      for (const t of texts) assert.equal(overlap(l.label.box, t), 0, `${u} ${l.words}`);
      for (const o of laid.slice(i + 1)) assert.equal(overlap(l.label.box, o.label.box), 0, `${u} ${l.words} ${o.words}`);
    }
    assert.ok(laid.filter((l) => l.on).length >= steps.length - 1, `${u}: ${laid.map((l) => l.on)}`);
  }
});

test("layoutSteps: an attack across the edge from a box out of view says where it comes from", () => {
  const view = { x: -100, y: -50, w: 500, h: 400 }; // North America's side: Kamchatka is out of view
  const [l] = layoutSteps([{ from: "Kamchatka", target: "Alaska", label: "his attack", kind: "reply" }],
    { u: 1, view, taken: [], inView: (t) => t !== "Kamchatka" });
  assert.ok(["from Kamchatka", "Kamchatka"].includes(l.words));
  assert.equal(l.kind, "reply");
  assert.ok(inside(l.label.box, view));
  const [plain] = layoutSteps([{ from: "Kamchatka", target: "Alaska", label: "his attack", kind: "reply" }],
    { u: 1, view: WHOLE, taken: [], inView: () => true });
  assert.equal(plain.words, "his attack");
});

test("layoutSteps: where no place on the board is clear, the arrow goes without its label", () => {
  const all = [{ x: VIEW.x, y: VIEW.y, width: VIEW.w, height: VIEW.h }]; // every place taken
  const [l] = layoutSteps([{ from: "Siam", target: "Indonesia", move: 5 }], { u: 1, view: WHOLE, taken: all });
  assert.equal(l.label, null);
  assert.equal(l.on, false);
  assert.equal(all.length, 1); // nothing added
});
