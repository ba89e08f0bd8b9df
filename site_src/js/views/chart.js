// The distribution of armies lost as a hand-drawn SVG bar chart with a linear/log toggle
// (no chart library: libraries that inject <style> would break the CSP).
import { el, svg } from "../dom.js";
import { probFloat } from "../exact.js";

const H = 260, M = { l: 56, r: 12, t: 12, b: 40 };

/** A narrower drawing on a phone, so that its 12 px labels stay about 12 px on the screen. */
export function chartWidth() {
  return globalThis.matchMedia && matchMedia("(max-width: 30rem)").matches ? 400 : 640;
}

function logOf(p) {
  if (p.log10 !== undefined && p.log10 !== null) return p.log10;
  const f = probFloat(p);
  return f > 0 ? Math.log10(f) : null;
}

export function niceTicks(lo, hi, count) {
  const span = hi - lo || 1;
  const step0 = span / count;
  const mag = 10 ** Math.floor(Math.log10(step0));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= step0) || step0;
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) out.push(Number(v.toPrecision(12)));
  return out;
}

/** [smallest, largest] of the finite numbers in `values`, or null if there are none. A loop: spread
 *  into Math.min's arguments, a list of 130,000 values overflows the stack. */
export function extent(values) {
  let lo = Infinity, hi = -Infinity;
  for (const v of values) {
    if (v === null || !Number.isFinite(v)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return lo <= hi ? [lo, hi] : null;
}

/** A distribution (a list of probabilities) or a list of series [{name, short?, values}]. */
function asSeries(data) {
  return data.length && data[0] && Array.isArray(data[0].values) ? data : [{ name: "Chance", values: data }];
}

const DOTS_UP_TO = 60; // points: beyond, the line alone is easier to read

/** The second series as a line over the first one's bars: a path broken where a value is
 *  missing (a zero on the log scale), with dots while there are few points. */
function seriesLine(vals, x, y, scale) {
  let d = "";
  let pen = false;
  const dots = [];
  vals.forEach((v, i) => {
    if (v === null || !Number.isFinite(v)) { pen = false; return; }
    d += `${pen ? "L" : "M"}${x(i).toFixed(2)},${y(v).toFixed(2)}`;
    pen = true;
    if (vals.length <= DOTS_UP_TO && !(scale === "linear" && v <= 0)) dots.push(svg("circle", { class: "dot series-2", cx: x(i).toFixed(2), cy: y(v).toFixed(2), r: 3 }));
  });
  return [svg("path", { class: "line series-2", d }), ...dots];
}

/** A bar chart of one distribution; with a second series (Balanced Blitz beside true random
 *  dice) that one is a line over the bars, so the two differ in shape, not only in colour. */
export function drawChart(data, { scale = "linear", title, xLabel, xStart = 0 }) {
  const series = asSeries(data);
  const W = chartWidth();
  const n = Math.max(...series.map((s) => s.values.length));
  const valsOf = (dist) => dist.map((p) => (scale === "log" ? logOf(p) : probFloat(p)));
  const all = series.map((s) => valsOf(s.values));
  const vals = all[0];
  const [lo, hi] = extent(all.flat()) ?? [0, 0];
  let yLo, yHi;
  if (scale === "log") {
    yLo = Math.floor(Math.min(lo, 0));
    yHi = 0;
    if (yLo === yHi) yLo = -1;
  } else {
    yLo = 0;
    yHi = Math.max(hi, 1e-300);
  }
  const x = (i) => M.l + ((i + 0.5) / n) * (W - M.l - M.r);
  const y = (v) => M.t + (1 - (v - yLo) / (yHi - yLo)) * (H - M.t - M.b);
  const bw = Math.max(((W - M.l - M.r) / n) * 0.8, 0.5);
  const bars = [];
  vals.forEach((v, i) => {
    if (v === null || !Number.isFinite(v) || (scale === "linear" && v <= 0)) return;
    const top = y(v);
    bars.push(svg("rect", { class: "bar", x: (x(i) - bw / 2).toFixed(2), y: top.toFixed(2), width: bw.toFixed(2), height: Math.max(H - M.b - top, 0.5).toFixed(2) }));
  });
  const lines = all.slice(1).flatMap((v) => seriesLine(v, x, y, scale));
  const yTicks = niceTicks(yLo, yHi, 5).map((v) => svg("g", { class: "tick" },
    svg("line", { x1: M.l - 4, x2: W - M.r, y1: y(v).toFixed(1), y2: y(v).toFixed(1) }),
    svg("text", { x: M.l - 6, y: (y(v) + 4).toFixed(1), "text-anchor": "end" }, scale === "log" ? `1e${v}` : String(v))));
  // xStart: the value of the first bar (0 for "armies lost"; negative for a campaign's score)
  const xTicks = niceTicks(xStart, xStart + n - 1, Math.min(W > 500 ? 8 : 5, n)).filter((v) => Number.isInteger(v)).map((v) => svg("text", { class: "tick", x: x(v - xStart).toFixed(1), y: H - M.b + 16, "text-anchor": "middle" }, String(v)));
  const id = `chart-${Math.random().toString(36).slice(2, 9)}`;
  const desc = series.length > 1 ? svg("desc", { id: `${id}-d` }, series.map((s, i) => `${i ? "Line" : "Bars"}: ${s.name}.`).join(" ")) : null;
  return svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", role: "img", "aria-labelledby": `${id}-t`,
    "aria-describedby": desc ? `${id}-d` : null, "data-scale": scale, "data-series": series.length },
    svg("title", { id: `${id}-t` }, `${title} (${scale} scale)`), desc,
    yTicks, bars, lines, xTicks, // lists, not spread: a bar a value, and there may be 100,000s
    svg("text", { class: "axis-label", x: (M.l + W - M.r) / 2, y: H - 4, "text-anchor": "middle" }, xLabel),
  );
}

/** The key to a chart of two or more series: a bar swatch, then line swatches. */
function legend(series) {
  if (series.length < 2) return null;
  return el("ul", { class: "chart-legend" }, series.map((s, i) =>
    el("li", { "data-series": i }, el("span", { class: `swatch ${i ? "swatch-line" : "swatch-bar"}`, "aria-hidden": "true" }), s.name)));
}

/** A figure holding the chart, its key (two series) and its linear/log toggle. */
export function chartFigure(data, { title, xLabel, scale = "linear", xStart = 0 }) {
  const series = asSeries(data);
  const holder = el("div", { class: "chart-holder" });
  const buttons = ["linear", "log"].map((s) => el("button", { type: "button", "data-scale": s, "aria-pressed": String(s === scale) }, s === "linear" ? "Linear" : "Log"));
  const draw = (s) => {
    holder.replaceChildren(drawChart(series, { scale: s, title, xLabel, xStart }));
    buttons.forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.scale === s)));
  };
  buttons.forEach((b) => b.addEventListener("click", () => draw(b.dataset.scale)));
  draw(scale);
  return el("figure", { class: "chart-figure" },
    el("div", { class: "toggle", role: "group", "aria-label": "Chart scale" }, buttons),
    legend(series),
    holder,
    el("figcaption", {}, title));
}
