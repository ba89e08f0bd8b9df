// The plan's geometry on the board, without a DOM (board/draw.js draws what these return; Node tests
// reach them, tests/js/board-shapes.test.mjs): the segment between two boxes, a label's patch, where
// a label goes so that it covers no other text, and an attack's arrow.
//
// Units: the SVG's user units throughout. A box is {x0, y0, x1, y1} (board/geometry.js place()); a
// rectangle (a text's or a label's extent) is {x, y, width, height}; fs is the text size in user
// units (12 CSS px times the user units per CSS pixel).
import { BOX, VIEW, WRAP, wraps } from "./geometry.js";

/** Two rectangles' shared area (0: apart or touching). */
export function overlap(r, q) {
  return Math.max(0, Math.min(r.x + r.width, q.x + q.width) - Math.max(r.x, q.x))
    * Math.max(0, Math.min(r.y + r.height, q.y + q.height) - Math.max(r.y, q.y));
}

/** A segment from the box centred on p to the one centred on q (both BOX-sized), ending `gap`
 *  outside each box: {x1, y1, x2, y2}. */
export function clipped(p, q, gap) {
  const dx = q.x - p.x, dy = q.y - p.y;
  const t = Math.min(dx ? (BOX.w / 2 + gap) / Math.abs(dx) : Infinity, dy ? (BOX.h / 2 + gap) / Math.abs(dy) : Infinity);
  return { x1: p.x + dx * t, y1: p.y + dy * t, x2: q.x - dx * t, y2: q.y - dy * t };
}

/** A label's rounded patch centred on (x, y): {x, y, box}. Its width is the text's as measured
 *  (`width`, user units), else an estimate of the bold text's (0.62 em a digit, 0.75 em a letter,
 *  0.36 em a space or the middle dot), plus 0.7 em of padding; its height 1.3 em. */
export function pill(x, y, text, fs, width = null) {
  const chars = [...String(text)];
  const narrow = chars.filter((c) => c === " " || c === "·").length;
  const digits = chars.filter((c) => c >= "0" && c <= "9").length;
  const estimate = (0.62 * digits + 0.75 * (chars.length - narrow - digits) + 0.36 * narrow) * fs;
  const w = (width ?? estimate) + 0.7 * fs, h = 1.3 * fs;
  return { x, y, box: { x: x - w / 2, y: y - h / 2, width: w, height: h } };
}

/** Where a label for box b goes: just outside b (clear of the box's own words), at the corner nearest
 *  (x, y) if no rectangle in `taken` lies there, else at the first clear one of: the other corners,
 *  the points in `also` ([[x, y]], e.g. the middle of the arrow), the sides' middles, the corners
 *  one label further out; if none is clear, the one that covers least. With `within` (a rectangle:
 *  the part of the drawing in view), a place inside it first. The chosen patch is added to `taken`.
 *  Returns pill()'s {x, y, box}. */
export function placeLabel(b, x, y, text, fs, taken, also = [], within = null, width = null) {
  const probe = pill(0, 0, text, fs, width).box;
  const gap = 0.15 * fs;
  const up = b.y0 - probe.height / 2 - gap, down = b.y1 + probe.height / 2 + gap;
  const left = b.x0 - probe.width / 2 - gap, right = b.x1 + probe.width / 2 + gap;
  const cx = (b.x0 + b.x1) / 2, cy = (b.y0 + b.y1) / 2;
  const corners = [[b.x0, up], [b.x1, up], [b.x0, down], [b.x1, down]]
    .sort((p, q) => Math.hypot(p[0] - x, p[1] - y) - Math.hypot(q[0] - x, q[1] - y));
  const sides = [[cx, up], [cx, down], [left, cy], [right, cy]]
    .sort((p, q) => Math.hypot(p[0] - x, p[1] - y) - Math.hypot(q[0] - x, q[1] - y));
  const further = [[left, up], [right, up], [left, down], [right, down]]
    .sort((p, q) => Math.hypot(p[0] - x, p[1] - y) - Math.hypot(q[0] - x, q[1] - y));
  const outside = (l) => (within && overlap(l.box, within) < l.box.width * l.box.height - 1e-6 ? l.box.width * l.box.height * 1e3 : 0);
  const covered = (l) => taken.reduce((sum, t) => sum + overlap(l.box, t), 0) + outside(l);
  let best = null, least = Infinity;
  for (const [px, py] of [...corners, ...also, ...sides, ...further]) {
    const l = pill(px, py, text, fs, width);
    const c = covered(l);
    if (c < least) { best = l; least = c; }
    if (c === 0) break;
  }
  taken.push(best.box);
  return best;
}


/** An attack's arrow from box a (place(from)) into box b (place(target)): {parts: [segments], head:
 *  [[x, y] x 3] (its point first), start: {x, y}} where the shaft leaves a. `head` and `gap` are the
 *  arrowhead's length and the space left outside the boxes. An attack across the board's edge
 *  (Alaska-Kamchatka) leaves a at one edge of the drawing (VIEW) and comes in at the other. */
export function arrow(from, target, a, b, { head, gap }) {
  let seg, tail = null;
  if (wraps(from, target)) {
    const westward = from === WRAP[0];
    tail = { x1: westward ? a.x0 - gap : a.x1 + gap, y1: a.y, x2: westward ? VIEW.x : VIEW.x + VIEW.w, y2: a.y };
    seg = { x1: westward ? VIEW.x + VIEW.w : VIEW.x, y1: b.y, x2: westward ? b.x1 + gap : b.x0 - gap, y2: b.y };
  } else {
    seg = clipped(a, b, gap);
  }
  const len = Math.hypot(seg.x2 - seg.x1, seg.y2 - seg.y1) || 1;
  const ux = (seg.x2 - seg.x1) / len, uy = (seg.y2 - seg.y1) / len;
  const bx = seg.x2 - ux * head, by = seg.y2 - uy * head; // the arrowhead's base
  const wing = (sign) => [bx + sign * uy * head * 0.55, by - sign * ux * head * 0.55];
  return {
    parts: [tail, { ...seg, x2: bx, y2: by }].filter(Boolean),
    head: [[seg.x2, seg.y2], wing(-1), wing(1)],
    start: { x: seg.x1, y: seg.y1 },
  };
}

/** Points along an arrow's last segment (where it comes into its target), from where it starts
 *  (fraction 0) to its point (1), at each of `fractions`: [[x, y]]. */
export function along(shape, fractions) {
  const s = shape.parts.at(-1), [tx, ty] = shape.head[0];
  return fractions.map((f) => [s.x1 + (tx - s.x1) * f, s.y1 + (ty - s.y1) * f]);
}

/** Whether rectangle r comes within `slack` of the segment {x1, y1, x2, y2}. */
export function touches(r, seg, slack = 0) {
  const x0 = r.x - slack, y0 = r.y - slack, x1 = r.x + r.width + slack, y1 = r.y + r.height + slack;
  // clip the segment to the rectangle (Liang-Barsky): it touches where something is left
  let t0 = 0, t1 = 1;
  const dx = seg.x2 - seg.x1, dy = seg.y2 - seg.y1;
  for (const [p, q] of [[-dx, seg.x1 - x0], [dx, x1 - seg.x1], [-dy, seg.y1 - y0], [dy, y1 - seg.y1]]) {
    if (p === 0) { if (q < 0) return false; continue; }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t); else t1 = Math.min(t1, t);
    if (t0 > t1) return false;
  }
  return true;
}

/** Where an arrow's label goes: on the arrow (its middle, else a little towards either end) where
 *  that is clear of every rectangle in `taken` and inside `within`; else beside its target's box
 *  as placeLabel() places it, where that is clear; else the clear place nearest the arrow's middle,
 *  on rings around it (a line then joins label and arrow); else placeLabel()'s, covering least.
 *  The chosen patch is added to `taken`. Returns pill()'s {x, y, box}, `on`: whether the patch
 *  lies on the arrow, and `clear`: whether it covers nothing in `taken` and lies inside `within`. */
export function placeOnArrow(shape, b, text, fs, taken, within = null, width = null) {
  const inside = (l) => !within || overlap(l.box, within) >= l.box.width * l.box.height - 1e-6;
  const clear = (l) => inside(l) && taken.every((t) => overlap(l.box, t) === 0);
  const take = (l, on) => { const c = clear(l); taken.push(l.box); return { ...l, on, clear: c }; };
  for (const [x, y] of along(shape, [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8])) {
    const l = pill(x, y, text, fs, width);
    if (clear(l)) return take(l, true);
  }
  const [middle] = along(shape, [0.5]);
  const beside = placeLabel(b, shape.start.x, shape.start.y, text, fs, [...taken], [middle], within, width);
  if (!clear(beside)) {
    const h = beside.box.height;
    for (let ring = 1; ring <= 10; ring++) {
      for (let k = 0; k < 12; k++) {
        const a = (k * Math.PI) / 6;
        const l = pill(middle[0] + Math.cos(a) * ring * h, middle[1] + Math.sin(a) * ring * h, text, fs, width);
        if (clear(l)) return take(l, onArrow(l.box, shape));
      }
    }
  }
  return take(beside, onArrow(beside.box, shape));
}

/** Whether a rectangle touches an arrow (its shaft or its point). */
function onArrow(r, shape) {
  const last = shape.parts.at(-1);
  return shape.parts.some((p) => touches(r, p)) || touches(r, { x1: last.x2, y1: last.y2, x2: shape.head[0][0], y2: shape.head[0][1] });
}
