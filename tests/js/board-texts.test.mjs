// The board's texts (board/texts.js) under Node: declutter() keeps a text only where it covers none
// kept before it or fixed; a continent's name may run across its boxes and a little beyond.
import test from "node:test";
import assert from "node:assert/strict";
import { declutter, inside, nameSpan } from "../../site_src/js/board/texts.js";
import { place, VIEW } from "../../site_src/js/board/geometry.js";

const r = (x, y, width, height) => ({ x, y, width, height });

test("declutter keeps texts in order of importance, each only where it covers nothing kept", () => {
  const fixed = [r(0, 0, 10, 10)];
  const keep = declutter([r(5, 5, 10, 10), r(20, 0, 10, 10), r(25, 5, 10, 10), r(40, 0, 5, 5)], fixed);
  assert.deepEqual(keep, [false, true, false, true]);
});

test("texts that only touch at an edge are both kept (a rounding, not an overlap)", () => {
  assert.deepEqual(declutter([r(10, 0, 10, 10), r(19.9, 0, 10, 10)], [r(0, 0, 10, 10)]), [true, true]);
});

test("the 'Asia: bonus 7' case: a continent's name over the edge's label gives way", () => {
  // the edge's label first (it says where the link goes), then the continent's name
  const wrap = r(1160, -60, 205, 45), asia = r(953, -80, 326, 45);
  assert.deepEqual(declutter([wrap, asia]), [true, false]);
});

test("a continent's name may be as wide as its boxes, its shape's padding and 60 more", () => {
  const australia = { territories: ["Indonesia", "New Guinea", "Western Australia", "Eastern Australia"] };
  const ps = australia.territories.map(place);
  assert.equal(nameSpan(australia), Math.max(...ps.map((p) => p.x1)) - Math.min(...ps.map((p) => p.x0)) + 18 + 60);
});

test("a text past the board's frame is out: 'Asia: bonus 7' above the top on a phone's whole board", () => {
  assert.equal(inside(r(953, -80, 326, 45), VIEW), false);            // the frame's top is at y = -72
  assert.equal(inside(r(953, -70, 326, 45), VIEW), true);
  assert.equal(inside(r(VIEW.x + VIEW.w - 100, 0, 100.2, 10), VIEW), true);   // an edge's rounding
  assert.equal(inside(r(VIEW.x + VIEW.w - 100, 0, 101, 10), VIEW), false);
});

test("a continent's name over a box gives way even where the box shows no text", () => {
  const p = place("Siberia");
  const siberia = r(p.x0, p.y0, p.x1 - p.x0, p.y1 - p.y0);
  assert.deepEqual(declutter([r(p.x0 - 40, p.y0 - 20, 326, 45), r(p.x0, p.y0 - 60, 100, 40)], [siberia]), [false, true]);
});
