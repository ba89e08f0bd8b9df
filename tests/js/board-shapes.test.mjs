// The plan's geometry on the board (board/shapes.js), under Node without a DOM: the segment between
// two boxes ends outside both, a label's patch is centred where asked and wide enough, a label
// goes beside its box clear of the texts already there, an arrow points into its target (across the
// board's edge for Alaska-Kamchatka). Checked against rectangles worked out here, not by the module.
import test from "node:test";
import assert from "node:assert/strict";
import { BOX, VIEW, place } from "../../site_src/js/board/geometry.js";
import { overlap, clipped, pill, placeLabel, arrow } from "../../site_src/js/board/shapes.js";

const inside = (pt, b, pad = 0) => pt.x > b.x0 - pad && pt.x < b.x1 + pad && pt.y > b.y0 - pad && pt.y < b.y1 + pad;
const rectOf = (b) => ({ x: b.x0, y: b.y0, width: b.x1 - b.x0, height: b.y1 - b.y0 });

test("overlap: the shared area of two rectangles, 0 when apart or touching", () => {
  const r = { x: 0, y: 0, width: 10, height: 10 };
  assert.equal(overlap(r, { x: 5, y: 5, width: 10, height: 10 }), 25);
  assert.equal(overlap(r, { x: 10, y: 0, width: 5, height: 5 }), 0);
  assert.equal(overlap(r, { x: 20, y: 20, width: 5, height: 5 }), 0);
  assert.equal(overlap(r, { x: 2, y: 2, width: 2, height: 3 }), 6);
});

test("clipped: a segment between two boxes starts and ends `gap` outside them, on the line between the centres", () => {
  const pairs = [["Brazil", "North Africa"], ["Peru", "Argentina"], ["Siam", "Indonesia"], ["Greenland", "Iceland"], ["Ukraine", "Ural"]];
  for (const [a, b] of pairs) {
    const p = place(a), q = place(b);
    for (const gap of [0, 3, 5]) {
      const s = clipped(p, q, gap);
      const start = { x: s.x1, y: s.y1 }, end = { x: s.x2, y: s.y2 };
      assert.ok(!inside(start, p, gap - 1e-9) && inside(start, p, gap + 1e-6), `${a} ${gap}`);
      assert.ok(!inside(end, q, gap - 1e-9) && inside(end, q, gap + 1e-6), `${b} ${gap}`);
      // collinear with the centres, and pointing from a to b
      const cross = (q.x - p.x) * (s.y2 - s.y1) - (q.y - p.y) * (s.x2 - s.x1);
      assert.ok(Math.abs(cross) < 1e-6 * Math.hypot(q.x - p.x, q.y - p.y) ** 2);
      assert.ok((q.x - p.x) * (s.x2 - s.x1) + (q.y - p.y) * (s.y2 - s.y1) > 0);
    }
  }
  // straight across or straight down: the gap is exact
  const s = clipped({ x: 0, y: 0 }, { x: 300, y: 0 }, 4);
  assert.deepEqual(s, { x1: BOX.w / 2 + 4, y1: 0, x2: 300 - BOX.w / 2 - 4, y2: 0 });
});

test("pill: centred on the point asked, 1.3 em tall, wider than the text's characters", () => {
  for (const [text, fs] of [["1 · 3", 12], ["12 · 40", 27.6], ["3 · 5", 19]]) {
    const l = pill(100, 50, text, fs);
    assert.equal(l.x, 100);
    assert.equal(l.y, 50);
    assert.ok(Math.abs(l.box.x + l.box.width / 2 - 100) < 1e-9 && Math.abs(l.box.y + l.box.height / 2 - 50) < 1e-9);
    assert.ok(Math.abs(l.box.height - 1.3 * fs) < 1e-9);
    // a bold digit is at most 0.6 em wide, a space or a middle dot 0.34 em; and some room either side
    const widest = [...text].reduce((sum, c) => sum + (/\d/.test(c) ? 0.6 : 0.34), 0);
    assert.ok(l.box.width >= (widest + 0.5) * fs, text);
  }
});

test("placeLabel: beside its box, never on it; at the corner nearest the arrow when that is clear; clear of what is taken", () => {
  const b = place("Egypt");
  const fs = 19;
  // nothing taken: the corner nearest the point, outside the box
  const from = place("Southern Europe"); // north of Egypt
  const taken = [];
  const l = placeLabel(b, from.x, from.y, "1 · 5", fs, taken);
  assert.equal(overlap(l.box, rectOf(b)), 0, "not on its own box");
  assert.ok(l.y < b.y0, "above: the arrow comes from the north");
  assert.deepEqual(taken, [l.box], "added to the taken");
  // the same place taken: another place, still off the box, and clear of both
  const second = placeLabel(b, from.x, from.y, "2 · 3", fs, taken);
  assert.equal(overlap(second.box, l.box), 0);
  assert.equal(overlap(second.box, rectOf(b)), 0);
  // labels one after another: each clear of all before it while a clear place is left (the four
  // corners and the left and right sides at least), then the one that covers least, never the box
  const around = [];
  let clear = 0;
  for (let i = 0; i < 10; i++) {
    const before = around.slice();
    const next = placeLabel(b, from.x, from.y, "9 · 9", fs, around);
    assert.equal(overlap(next.box, rectOf(b)), 0);
    if (before.every((r) => overlap(next.box, r) === 0)) clear += 1;
    else {
      const others = [[b.x0, b.y0], [b.x1, b.y1]].map(([x, y]) => placeLabel(b, x, y, "9 · 9", fs, before.slice()));
      const covered = (l) => before.reduce((sum, r) => sum + overlap(l.box, r), 0);
      assert.ok(others.every((o) => covered(next) <= covered(o) + 1e-9), "the least covered");
    }
  }
  assert.ok(clear >= 6, `${clear} clear places`);
});

test("placeLabel within a view: a place inside it first, even when the arrow comes from outside it", () => {
  const b = place("Alaska");
  const fs = 19;
  const from = { x: VIEW.x + VIEW.w, y: b.y }; // an attack from Kamchatka comes in across the board's left edge
  const free = placeLabel(b, VIEW.x, b.y, "his attack", fs, []);
  const within = { x: b.x0 - 22, y: b.y0 - 60, width: 700, height: 600 }; // a view that starts just left of Alaska
  assert.ok(free.box.x < within.x, "without the view: beside the edge the arrow comes from, out of this view");
  const l = placeLabel(b, VIEW.x, b.y, "his attack", fs, [], [], within);
  assert.ok(Math.abs(overlap(l.box, within) - l.box.width * l.box.height) < 1e-6, "wholly in view");
  assert.equal(overlap(l.box, rectOf(b)), 0);
  assert.ok(from.x > l.x);
});

test("arrow: from box a into box b, the head's point on the target's gap, the shaft ending at the head's base", () => {
  const a = place("Siam"), b = place("Indonesia");
  const head = 11, gap = 3;
  const s = arrow("Siam", "Indonesia", a, b, { head, gap });
  assert.equal(s.parts.length, 1);
  const tip = { x: s.head[0][0], y: s.head[0][1] };
  assert.ok(!inside(tip, b, gap - 1e-9) && inside(tip, b, gap + 1e-6), "the point stops `gap` before the target");
  const shaft = s.parts[0];
  assert.ok(Math.abs(Math.hypot(tip.x - shaft.x2, tip.y - shaft.y2) - head) < 1e-9, "the head is `head` long");
  assert.deepEqual(s.start, { x: shaft.x1, y: shaft.y1 });
  // the wings: symmetric about the shaft, at the base
  const [w1, w2] = [s.head[1], s.head[2]];
  assert.ok(Math.abs((w1[0] + w2[0]) / 2 - shaft.x2) < 1e-9 && Math.abs((w1[1] + w2[1]) / 2 - shaft.y2) < 1e-9);
});

test("arrow: Kamchatka to Alaska leaves at the drawing's right edge and comes in at its left", () => {
  const k = place("Kamchatka"), al = place("Alaska");
  const s = arrow("Kamchatka", "Alaska", k, al, { head: 11, gap: 3 });
  assert.equal(s.parts.length, 2);
  const [tail, shaft] = s.parts;
  assert.equal(tail.x1, k.x1 + 3);
  assert.equal(tail.x2, VIEW.x + VIEW.w);
  assert.equal(shaft.x1, VIEW.x);
  assert.ok(s.head[0][0] === al.x0 - 3 && s.head[0][1] === al.y);
  const back = arrow("Alaska", "Kamchatka", al, k, { head: 11, gap: 3 });
  assert.equal(back.parts[0].x2, VIEW.x);
  assert.equal(back.parts[1].x1, VIEW.x + VIEW.w);
  assert.equal(back.head[0][0], k.x1 + 3);
});
