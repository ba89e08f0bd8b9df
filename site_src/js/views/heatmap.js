// A heat map of P(win) drawn on a canvas (40,000 cells at 200 x 200: an SVG would be too heavy).
// Rows are attackers (top = 1), columns defenders (left = 1). Pointer, tap and arrow keys select
// a cell; `onSelect(a, d, {commit})` is told (commit: click, tap, Enter; else hover).
import { el } from "../dom.js";
import { probFloat } from "../exact.js";

// Colour ramp: defender favoured (blue) -> even (pale) -> attacker favoured (red).
const STOPS = [[0, [33, 76, 145]], [0.5, [246, 241, 232]], [1, [157, 28, 28]]];

export function colour(p) {
  if (!Number.isFinite(p)) return "rgb(128,128,128)";
  const t = Math.min(1, Math.max(0, p));
  let i = 0;
  while (i < STOPS.length - 2 && t > STOPS[i + 1][0]) i++;
  const [t0, c0] = STOPS[i], [t1, c1] = STOPS[i + 1];
  const u = (t - t0) / (t1 - t0);
  const c = c0.map((v, k) => Math.round(v + (c1[k] - v) * u));
  return `rgb(${c[0]},${c[1]},${c[2]})`;
}

const cellSize = (n) => Math.max(2, Math.min(60, Math.floor(640 / n)));

export function heatmap(rows, { label, onSelect }) {
  const nA = rows.length, nD = rows[0].length;
  const cw = cellSize(nD), ch = cellSize(nA);
  const canvas = el("canvas", { class: "heatmap", width: nD * cw, height: nA * ch, tabindex: "0", role: "img",
    "aria-label": `${label}. Arrow keys move the selected cell, Enter shows its exact value.`,
    "data-rows": nA, "data-cols": nD });
  const ctx = canvas.getContext("2d");
  const showText = cw >= 40 && ch >= 22;
  let sel = null;

  function drawCell(a, d, selected) {
    const p = probFloat(rows[a - 1][d - 1]);
    ctx.fillStyle = colour(p);
    ctx.fillRect((d - 1) * cw, (a - 1) * ch, cw, ch);
    if (showText) {
      ctx.fillStyle = p > 0.25 && p < 0.75 ? "#1d1d1f" : "#ffffff";
      ctx.font = `${Math.min(14, ch - 8)}px system-ui, sans-serif`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(p >= 0.995 && p < 1 ? ">99%" : `${(p * 100).toFixed(0)}%`, (d - 0.5) * cw, (a - 0.5) * ch);
    }
    if (selected) {
      ctx.lineWidth = Math.max(1, Math.min(3, cw / 3));
      ctx.strokeStyle = "#000";
      ctx.strokeRect((d - 1) * cw + 0.5, (a - 1) * ch + 0.5, cw - 1, ch - 1);
      ctx.strokeStyle = "#fff";
      ctx.strokeRect((d - 1) * cw - 1, (a - 1) * ch - 1, cw + 2, ch + 2);
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
    const a = Math.floor(((ev.clientY - r.top) / r.height) * nA) + 1;
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
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[ev.key]) {
      ev.preventDefault();
      const step = ev.shiftKey ? 10 : 1;
      select(a + moves[ev.key][0] * step, d + moves[ev.key][1] * step, false);
    } else if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      select(a, d, true);
    }
  });

  const legend = el("div", { class: "heat-legend", "aria-hidden": "true" },
    el("span", {}, "0 (defender)"), el("span", { class: "ramp" }), el("span", {}, "1 (attacker)"));
  const node = el("div", { class: "heatmap-box" },
    el("p", { class: "axis-top" }, `Defenders 1 → ${nD}`),
    el("div", { class: "heatmap-row" }, el("p", { class: "axis-left" }, `Attackers 1 → ${nA}`), el("div", { class: "heatmap-scroll" }, canvas)),
    legend);
  return { node, canvas, select };
}
