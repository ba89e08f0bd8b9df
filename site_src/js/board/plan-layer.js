// The plan drawn over the board: each step an arrow from the attacking box into the target's, with
// its label (a badge) on the arrow where that is clear of every other text, else beside the target
// with a thin line to the arrow. A step is {from, target, move} (an attack of the Turn's plan,
// numbered in order: "n · armies moved in") or {from, target, label, kind} (its own words; `kind`
// its class: "fortify" the holder's move, "reply" the opponent's attack, "next" the next action of
// a play, "dropped" an attack the play gave up).
//
// layoutSteps() is pure (tests/js/plan-layer.test.mjs); drawSteps() makes the SVG.
import { svg } from "../dom.js";
import { VIEW, place, wraps } from "./geometry.js";
import { arrow, along, overlap, placeLabel, placeOnArrow } from "./shapes.js";

const WHOLE = { x: VIEW.x, y: VIEW.y, w: VIEW.w, h: VIEW.h };
const rect = (v) => ({ x: v.x, y: v.y, width: v.w, height: v.h });

/**
 * The steps laid out at u user units a CSS px (texts of 12 px: fs = 12 u), in view `view` ({x, y,
 * w, h}: labels stay inside it), clear of `taken` (the boxes of the texts already drawn; the labels
 * placed are added to it). inView(territory): whether its box is in the view; measure(words): a
 * label's text width in user units (null: shapes.js estimates it). Returns, a step each:
 * {step, kind, shape (shapes.js arrow), words, label ({x, y, box}, or null where no place on the
 * board is clear: the arrow goes without), on (the label lies on the arrow), to ([x, y]: the arrow's
 * middle, for a line from a label that is not on it)}.
 */
export function layoutSteps(steps, { u, view, taken, inView = () => true, measure = () => null }) {
  const fs = 12 * u;
  const shown = rect(view);
  return steps.map((s, i) => {
    const a = place(s.from), b = place(s.target);
    const shape = arrow(s.from, s.target, a, b, { head: 11 * u, gap: Math.min(3 * u, 3) }); // close boxes keep a shaft
    let words = s.label ?? `${i + 1} · ${s.move}`;
    if (s.label && wraps(s.from, s.target) && !inView(s.from)) {
      // a step with a label of its own that comes across the board's edge from a box out of view says
      // where it comes from instead (its colour says whose it is): "from Kamchatka" where that is
      // clear of every text and in view, else the name alone
      const trial = placeLabel(b, shape.start.x, shape.start.y, `from ${s.from}`, fs, [...taken], along(shape, [0.5]), shown, measure(`from ${s.from}`));
      const clear = taken.every((t) => overlap(trial.box, t) === 0) &&
        overlap(trial.box, shown) >= trial.box.width * trial.box.height - 1e-6;
      words = clear ? `from ${s.from}` : s.from;
    }
    // in view where it can be clear there, else clear anywhere on the board (the player pans to it)
    const width = measure(words);
    let placed = placeOnArrow(shape, b, words, fs, [...taken], shown, width);
    if (!placed.clear) placed = placeOnArrow(shape, b, words, fs, [...taken], rect(WHOLE), width);
    const { on, clear, ...label } = placed;
    // nowhere clear (the whole board on a phone, its labels as large as its boxes): the arrow alone,
    // its colour saying whose it is; the player zooms in for its words
    if (!clear) return { step: s, kind: s.kind ?? "", shape, words, label: null, on: false, to: along(shape, [0.5])[0] };
    taken.push(label.box);
    return { step: s, kind: s.kind ?? "", shape, words, label, on, to: along(shape, [0.5])[0] };
  });
}

/** The nearest point of rectangle r to (x, y). */
const nearest = (r, [x, y]) => [Math.max(r.x, Math.min(x, r.x + r.width)), Math.max(r.y, Math.min(y, r.y + r.height))];

/** The SVG of laid-out steps: every arrow first, then every label over them. */
export function drawSteps(laid, u) {
  const line = (g) => ({ x1: g.x1, y1: g.y1, x2: g.x2, y2: g.y2 });
  const arrows = laid.map(({ step: s, kind, shape, label }) => svg("g", { class: `attack${kind ? ` ${kind}` : ""}`, "data-from": s.from, "data-to": s.target,
    "data-label": label ? null : "none" },
    shape.parts.map((g) => svg("line", { class: "halo", ...line(g), "stroke-width": 7 * u })),
    shape.parts.map((g) => svg("line", { class: "shaft", ...line(g), "stroke-width": 3 * u })),
    svg("polygon", { class: "head", points: shape.head.map((pt) => pt.map((v) => v.toFixed(1)).join(",")).join(" ") })));
  const labels = laid.filter((l) => l.label).map(({ step: s, kind, words, label, on, to }) => {
    const [x, y] = nearest(label.box, to);
    return svg("g", { class: `step-label${kind ? ` ${kind}` : ""}`, "data-from": s.from, "data-to": s.target, "data-on": String(on) },
      on ? null : svg("line", { class: "leader", x1: x.toFixed(1), y1: y.toFixed(1), x2: to[0].toFixed(1), y2: to[1].toFixed(1), "stroke-width": 1.5 * u }),
      svg("rect", { ...label.box, rx: label.box.height / 2 }),
      svg("text", { x: label.x, y: label.y, "text-anchor": "middle", "dominant-baseline": "central" }, words));
  });
  return [...arrows, ...labels];
}
