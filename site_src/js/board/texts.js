// The board's own texts, laid out for the size it is drawn at (every text is 12 CSS px at any zoom):
// each box's name above its armies where both fit (its short name, else its code, else none), each
// continent's name and bonus where it fits across its boxes, the edge's labels ("to Alaska") beside
// their territory; then no text over another: a text that would cover one placed before it is left
// out (the boxes' own first, then the edge's labels, then the continents' names), and so is an edge's
// label or a continent's name that would cover a box or run past the board's frame (on a phone's
// whole board, where no box has room for its name, "Asia: bonus 7" sat on Siberia and off the top).
//
// declutter() is pure (tests/js/board-texts.test.mjs); layoutTexts() measures and sets the SVG texts.
import { BOX, VIEW, WRAP, place } from "./geometry.js";
import { overlap } from "./shapes.js";

export const PAD = 9; // a continent's shape around its boxes (user units)
const SLACK = 0.25; // user units two texts may share at an edge (a rounding, not an overlap)

/** Which of `candidates` ([{x, y, width, height}] in order of importance) to show: each one unless
 *  it covers one of `fixed` or a candidate shown before it. Returns one boolean a candidate. */
export function declutter(candidates, fixed = []) {
  const kept = [...fixed];
  return candidates.map((r) => {
    const clear = kept.every((k) => overlap(shrunk(r), k) === 0);
    if (clear) kept.push(r);
    return clear;
  });
}

/** Whether rectangle r lies inside `view` ({x, y, w, h}), but for SLACK. */
export function inside(r, view) {
  return r.x >= view.x - SLACK && r.y >= view.y - SLACK && r.x + r.width <= view.x + view.w + SLACK
    && r.y + r.height <= view.y + view.h + SLACK;
}

const shrunk = (r) => ({ x: r.x + SLACK, y: r.y + SLACK, width: Math.max(0, r.width - 2 * SLACK), height: Math.max(0, r.height - 2 * SLACK) });

/** The widest a continent's name may be: across its boxes and a little beyond. */
export function nameSpan(continent) {
  const ps = continent.territories.map(place);
  return Math.max(...ps.map((p) => p.x1)) - Math.min(...ps.map((p) => p.x0)) + 2 * PAD + 60;
}

const shown = (t) => !t.hasAttribute("hidden") && t.textContent.trim();

/**
 * Lay out the texts at text size fs (user units). nodes: Map territory -> {name, armies} (SVG texts);
 * names: the continents' name texts (data-continent); wrapLabels: [west's, east's]; board: facts.js's
 * index; gone(label): whether an edge label gives way to an attack drawn there. Returns the boxes
 * of every text shown, for the plan's labels to keep clear of.
 */
export function layoutTexts({ nodes, names, wrapLabels, board, fs, gone = () => false }) {
  const two = 2.3 * fs <= BOX.h; // a name above the armies
  for (const [t, n] of nodes) {
    const p = place(t);
    n.name.textContent = p.short;
    n.name.removeAttribute("hidden"); // measured as drawn
    let on = two;
    if (on && n.name.getComputedTextLength() > BOX.w - 6) n.name.textContent = p.code;
    if (on && n.name.getComputedTextLength() > BOX.w - 6) on = false;
    n.name.toggleAttribute("hidden", !on);
    n.name.setAttribute("y", (p.y - 0.56 * fs).toFixed(1));
    n.armies.setAttribute("y", (on ? p.y + 0.62 * fs : p.y).toFixed(1));
  }
  const [west, east] = WRAP.map(place);
  wrapLabels[0].setAttribute("x", (VIEW.x + 6).toFixed(1));
  wrapLabels[1].setAttribute("x", (VIEW.x + VIEW.w - 6).toFixed(1));
  wrapLabels[0].setAttribute("y", (west.y0 - 0.5 * fs).toFixed(1));
  wrapLabels[1].setAttribute("y", (east.y0 - 0.5 * fs).toFixed(1));
  const boxTexts = [...nodes.values()].flatMap((n) => [n.name, n.armies]).filter(shown).map((t) => t.getBBox());
  // the edge's labels where they fit beside their territory, then the continents' names where they fit across theirs
  const optional = [];
  for (const label of wrapLabels) {
    label.removeAttribute("hidden");
    if (gone(label) || label.getComputedTextLength() > 2.2 * BOX.w) label.setAttribute("hidden", "");
    else optional.push(label);
  }
  for (const text of names) {
    text.removeAttribute("hidden");
    const c = board.continents.find((x) => x.name === text.dataset.continent);
    if (text.getComputedTextLength() > nameSpan(c)) text.setAttribute("hidden", "");
    else optional.push(text);
  }
  const boxes = [...nodes.keys()].map(place).map((p) => ({ x: p.x0, y: p.y0, width: p.x1 - p.x0, height: p.y1 - p.y0 }));
  const framed = optional.map((t) => inside(t.getBBox(), VIEW));
  const kept = declutter(optional.filter((_, i) => framed[i]).map((t) => t.getBBox()), [...boxTexts, ...boxes]);
  const keep = framed.map((f, i) => f && kept[framed.slice(0, i).filter(Boolean).length]);
  optional.forEach((t, i) => t.toggleAttribute("hidden", !keep[i]));
  return [...boxTexts, ...optional.filter((_, i) => keep[i]).map((t) => t.getBBox())];
}
