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

export function drawChart(dist, { scale = "linear", title, xLabel, xStart = 0 }) {
  const W = chartWidth();
  const n = dist.length;
  const vals = dist.map((p) => (scale === "log" ? logOf(p) : probFloat(p)));
  const present = vals.filter((v) => v !== null && Number.isFinite(v));
  let yLo, yHi;
  if (scale === "log") {
    yLo = Math.floor(Math.min(...present, 0));
    yHi = 0;
    if (yLo === yHi) yLo = -1;
  } else {
    yLo = 0;
    yHi = Math.max(...present, 1e-300);
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
  const yTicks = niceTicks(yLo, yHi, 5).map((v) => svg("g", { class: "tick" },
    svg("line", { x1: M.l - 4, x2: W - M.r, y1: y(v).toFixed(1), y2: y(v).toFixed(1) }),
    svg("text", { x: M.l - 6, y: (y(v) + 4).toFixed(1), "text-anchor": "end" }, scale === "log" ? `1e${v}` : String(v))));
  // xStart: the value of the first bar (0 for "armies lost"; negative for a campaign's score)
  const xTicks = niceTicks(xStart, xStart + n - 1, Math.min(W > 500 ? 8 : 5, n)).filter((v) => Number.isInteger(v)).map((v) => svg("text", { class: "tick", x: x(v - xStart).toFixed(1), y: H - M.b + 16, "text-anchor": "middle" }, String(v)));
  const id = `chart-${Math.random().toString(36).slice(2, 9)}`;
  return svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", role: "img", "aria-labelledby": `${id}-t`, "data-scale": scale },
    svg("title", { id: `${id}-t` }, `${title} (${scale} scale)`),
    ...yTicks, ...bars, ...xTicks,
    svg("text", { class: "axis-label", x: (M.l + W - M.r) / 2, y: H - 4, "text-anchor": "middle" }, xLabel),
  );
}

/** A figure holding the chart and its linear/log toggle. */
export function chartFigure(dist, { title, xLabel, scale = "linear", xStart = 0 }) {
  const holder = el("div", { class: "chart-holder" });
  const buttons = ["linear", "log"].map((s) => el("button", { type: "button", "data-scale": s, "aria-pressed": String(s === scale) }, s === "linear" ? "Linear" : "Log"));
  const draw = (s) => {
    holder.replaceChildren(drawChart(dist, { scale: s, title, xLabel, xStart }));
    buttons.forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.scale === s)));
  };
  buttons.forEach((b) => b.addEventListener("click", () => draw(b.dataset.scale)));
  draw(scale);
  return el("figure", { class: "chart-figure" },
    el("div", { class: "toggle", role: "group", "aria-label": "Chart scale" }, buttons),
    holder,
    el("figcaption", {}, title));
}
