// A probability curve as a hand-drawn SVG line (e.g. P(win) for equal armies n v n).
import { el, svg } from "../dom.js";
import { probFloat } from "../exact.js";
import { niceTicks, chartWidth } from "./chart.js";

const H = 240, M = { l: 48, r: 12, t: 12, b: 40 };

export function curveFigure(values, { title, xLabel, xStart = 1, output }) {
  const W = chartWidth();
  const n = values.length;
  const ys = values.map(probFloat);
  const x = (i) => M.l + (n === 1 ? 0.5 : i / (n - 1)) * (W - M.l - M.r);
  const y = (v) => M.t + (1 - v) * (H - M.t - M.b);
  const points = ys.map((v, i) => `${x(i).toFixed(1)},${y(Number.isFinite(v) ? v : 0).toFixed(1)}`).join(" ");
  const yTicks = [0, 0.25, 0.5, 0.75, 1].map((v) => svg("g", { class: "tick" },
    svg("line", { x1: M.l - 4, x2: W - M.r, y1: y(v).toFixed(1), y2: y(v).toFixed(1) }),
    svg("text", { x: M.l - 6, y: (y(v) + 4).toFixed(1), "text-anchor": "end" }, String(v))));
  const xTicks = niceTicks(xStart, xStart + n - 1, Math.min(8, n)).filter(Number.isInteger).map((v) =>
    svg("text", { class: "tick", x: x(v - xStart).toFixed(1), y: H - M.b + 16, "text-anchor": "middle" }, String(v)));
  const id = `curve-${Math.random().toString(36).slice(2, 9)}`;
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart curve", role: "img", "aria-labelledby": `${id}-t` },
    svg("title", { id: `${id}-t` }, title),
    ...yTicks,
    n > 1 ? svg("polyline", { class: "line", points }) : null,
    ...ys.map((v, i) => (n <= 60 ? svg("circle", { class: "dot", cx: x(i).toFixed(1), cy: y(Number.isFinite(v) ? v : 0).toFixed(1), r: 3 }) : null)),
    ...xTicks,
    svg("text", { class: "axis-label", x: (M.l + W - M.r) / 2, y: H - 4, "text-anchor": "middle" }, xLabel));
  return el("figure", { class: "chart-figure", "data-output": output, "data-points": n }, chart, el("figcaption", {}, title));
}
