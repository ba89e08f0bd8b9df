// A heat map of P(win) on a canvas (40,000 cells at 200 x 200: an SVG would be too heavy), with
// its axes, ticks and colour bar around it. Attackers run upward (1 at the bottom), defenders to
// the right, in matplotlib's viridis like the article's figures. Pointer, tap and arrow keys
// select a cell; `onSelect(a, d, {commit})` is told (commit: click, tap, Enter; else hover).
import { el, svg } from "../dom.js";
import { probFloat } from "../exact.js";
import { niceTicks } from "./chart.js";

// matplotlib's viridis at 33 evenly spaced points (tests/site/test_calc_table.py checks them
// against matplotlib); colours in between are interpolated (at most 3/255 off the full map).
export const VIRIDIS = [
  [68, 1, 84], [71, 13, 96], [72, 24, 106], [72, 35, 116], [71, 45, 123], [69, 55, 129], [66, 64, 134],
  [62, 73, 137], [59, 82, 139], [55, 91, 141], [51, 99, 141], [47, 107, 142], [44, 114, 142], [41, 122, 142],
  [38, 130, 142], [35, 137, 142], [33, 145, 140], [31, 152, 139], [31, 160, 136], [34, 167, 133],
  [40, 174, 128], [50, 182, 122], [63, 188, 115], [78, 195, 107], [94, 201, 98], [112, 207, 87],
  [132, 212, 75], [152, 216, 62], [173, 220, 48], [194, 223, 35], [216, 226, 25], [236, 229, 27], [253, 231, 37],
];

/** [r, g, b] of viridis at t in [0, 1]. */
export function viridis(t) {
  const x = Math.min(1, Math.max(0, t)) * (VIRIDIS.length - 1);
  const i = Math.min(VIRIDIS.length - 2, Math.floor(x));
  const u = x - i;
  return VIRIDIS[i].map((c, k) => Math.round(c + (VIRIDIS[i + 1][k] - c) * u));
}

export function colour(p) {
  if (!Number.isFinite(p)) return "rgb(128,128,128)";
  return `rgb(${viridis(p).join(",")})`;
}

/** Dark text on the light (yellow-green) end, white on the dark (purple) end. */
const textColour = (p) => {
  const [r, g, b] = viridis(p);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 140 ? "#111" : "#fff";
};

const cellSize = (n) => Math.max(2, Math.min(60, Math.floor(640 / n)));
const pct = (x) => `${(x * 100).toFixed(3)}%`;

/** A cell's whole-percent label: ">99%", "<1%", else rounded, but never rounded up into a round
 *  number it is below (49.6 % reads "49%", not "50%" beside a threshold of 50 %). */
export function cellLabel(p) {
  if (p >= 0.995 && p < 1) return ">99%";
  if (p > 0 && p < 0.005) return "<1%";
  const r = Math.round(p * 100);
  return `${r % 10 === 0 && r > p * 100 ? Math.floor(p * 100) : r}%`;
}

/** Tick marks along one axis as an SVG with percentage positions (no inline styles under the CSP). */
function ticks(n, { vertical }) {
  const values = niceTicks(1, n, Math.min(6, n)).filter((t) => Number.isInteger(t) && t >= 1 && t <= n);
  if (!values.includes(1)) values.unshift(1);
  const at = (v) => (v - 0.5) / n; // the middle of cell v
  return svg("svg", { class: vertical ? "hm-yticks" : "hm-xticks", "aria-hidden": "true" },
    values.map((v) => (vertical
      ? svg("text", { x: "100%", dx: "-6", y: pct(1 - at(v)), "dominant-baseline": "middle", "text-anchor": "end" }, String(v))
      : svg("text", { x: pct(at(v)), y: "1em", "text-anchor": "middle" }, String(v)))));
}

/** The colour bar: what a colour means, 0 % to 100 %. */
function legend(title) {
  const ramp = el("canvas", { class: "hm-ramp", width: 256, height: 1, "aria-hidden": "true" });
  const g = ramp.getContext("2d");
  for (let i = 0; i < 256; i++) { g.fillStyle = colour(i / 255); g.fillRect(i, 0, 1, 1); }
  const marks = [0, 0.25, 0.5, 0.75, 1];
  return el("div", { class: "hm-legend" },
    el("p", { class: "hm-legend-title" }, title),
    ramp,
    svg("svg", { class: "hm-xticks", "aria-hidden": "true" },
      marks.map((m, i) => svg("text", { x: pct(m), y: "1em", "text-anchor": i === 0 ? "start" : i === marks.length - 1 ? "end" : "middle" }, `${m * 100} %`))));
}

export function heatmap(rows, { label, onSelect, xLabel = "Defenders", yLabel = "Attackers", legendTitle = "Chance the attacker wins" }) {
  const nA = rows.length, nD = rows[0].length;
  const cw = cellSize(nD), ch = cellSize(nA);
  const canvas = el("canvas", { class: "heatmap", width: nD * cw, height: nA * ch, tabindex: "0", role: "img",
    "aria-label": `${label}. Arrow keys move the selected cell, Enter shows its exact value.`,
    "data-rows": nA, "data-cols": nD });
  const ctx = canvas.getContext("2d");
  const showText = cw >= 40 && ch >= 22;
  const top = (a) => (nA - a) * ch; // attackers upward: row 1 at the bottom
  let sel = null;

  function drawCell(a, d, selected) {
    const p = probFloat(rows[a - 1][d - 1]);
    ctx.fillStyle = colour(p);
    ctx.fillRect((d - 1) * cw, top(a), cw, ch);
    if (showText) {
      ctx.fillStyle = textColour(p);
      ctx.font = `${Math.min(14, ch - 8)}px system-ui, sans-serif`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(cellLabel(p), (d - 0.5) * cw, top(a) + ch / 2);
    }
    if (selected) {
      ctx.lineWidth = Math.max(1, Math.min(3, cw / 3));
      ctx.strokeStyle = "#000";
      ctx.strokeRect((d - 1) * cw + 0.5, top(a) + 0.5, cw - 1, ch - 1);
      ctx.strokeStyle = "#fff";
      ctx.strokeRect((d - 1) * cw - 1, top(a) - 1, cw + 2, ch + 2);
    }
  }

  function redrawAround(a, d) { // repaint a cell and its neighbours (the outline spills over)
    for (let x = Math.max(1, a - 1); x <= Math.min(nA, a + 1); x++)
      for (let y = Math.max(1, d - 1); y <= Math.min(nD, d + 1); y++) drawCell(x, y, false);
  }

  for (let a = 1; a <= nA; a++) for (let d = 1; d <= nD; d++) drawCell(a, d, false);

  function select(a, d, commit) {
    a = Math.min(nA, Math.max(1, a));
    d = Math.min(nD, Math.max(1, d));
    if (sel) redrawAround(sel[0], sel[1]);
    sel = [a, d];
    drawCell(a, d, true);
    canvas.dataset.selected = `${a},${d}`;
    onSelect(a, d, { commit });
  }

  function cellAt(ev) {
    const r = canvas.getBoundingClientRect();
    const d = Math.floor(((ev.clientX - r.left) / r.width) * nD) + 1;
    const a = nA - Math.floor(((ev.clientY - r.top) / r.height) * nA);
    return a >= 1 && a <= nA && d >= 1 && d <= nD ? [a, d] : null;
  }

  canvas.addEventListener("pointermove", (ev) => {
    if (ev.pointerType !== "mouse") return; // touch: a tap selects (no hover)
    const c = cellAt(ev);
    if (c && (!sel || c[0] !== sel[0] || c[1] !== sel[1])) select(c[0], c[1], false);
  });
  canvas.addEventListener("click", (ev) => { const c = cellAt(ev); if (c) select(c[0], c[1], true); });
  canvas.addEventListener("keydown", (ev) => {
    const [a, d] = sel ?? [1, 1];
    const moves = { ArrowUp: [1, 0], ArrowDown: [-1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[ev.key]) {
      ev.preventDefault();
      const step = ev.shiftKey ? 10 : 1;
      select(a + moves[ev.key][0] * step, d + moves[ev.key][1] * step, false);
    } else if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      select(a, d, true);
    }
  });

  const node = el("div", { class: "heatmap-box" },
    el("div", { class: "hm" },
      el("p", { class: "hm-ylabel" }, `${yLabel} ↑`),
      ticks(nA, { vertical: true }),
      el("div", { class: "hm-plot" }, canvas),
      el("span", { class: "hm-corner" }),
      el("span", { class: "hm-corner" }),
      ticks(nD, { vertical: false }),
      el("span", { class: "hm-corner" }),
      el("span", { class: "hm-corner" }),
      el("p", { class: "hm-xlabel" }, `${xLabel} →`)),
    legend(legendTitle));
  return { node, canvas, select };
}
