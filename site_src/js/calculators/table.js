// Win-table explorer: a heat map of P(win) for 1..A attackers x 1..D defenders (up to 200 x 200),
// hover or tap for the value and the exact fraction (a `battle` call for that one cell), CSV export,
// and the equal-armies curve. The table itself comes as floats/log10 (the engine's summary detail).
// In Balanced Blitz every cell is the reshaped chance (a real number), and a picked cell shows it
// to 15 digits beside true random dice's exact value.
import { register } from "./registry.js";
import { el } from "../dom.js";
import { parseInteger } from "../validate.js";
import { readCommon, ruleParams, isBalanced, trueRandomLabel } from "../rule-fields.js";
import { probabilityView, exactBox, realView, realBox } from "../views/probability.js";
import { heatmap } from "../views/heatmap.js";
import { curveFigure } from "../views/curve.js";
import { approxText, floatText } from "../exact.js";
import { answerLine, answerPart, lead, modeLead } from "../views/answer.js";
import { conventionOffset, conventionUnit } from "../limits.js";

// The page's own cap (the engine allows max_table_side): beyond 200 the cells are under 4 px
// wide on a desktop and the 40,000 floats already weigh a few hundred kB.
export const MAX_SIDE = 200;
const HOVER_DELAY_MS = 250;

function read(get) {
  const { values, errors } = readCommon(get);
  for (const [name, label] of [["max_attackers", "Attackers up to"], ["max_defenders", "Defenders up to"]]) {
    const r = parseInteger(get(name), { min: 1, max: MAX_SIDE, label });
    if (r.error) errors[name] = /too large/.test(r.error) ? `${label}: at most ${MAX_SIDE} here (the heat map would be unreadable beyond).` : r.error;
    else values[name] = r.value;
  }
  return { values, errors };
}

function request(v) {
  const params = { max_attackers: v.max_attackers, max_defenders: v.max_defenders, convention: v.convention, ...ruleParams(v) };
  return { op: "table", params };
}

function csvText(rows, v) {
  const nD = rows[0].length;
  const head = [`attackers (${v.convention}) \\ defenders`, ...Array.from({ length: nD }, (_, j) => j + 1)].join(",");
  return [head, ...rows.map((row, i) => [i + 1, ...row.map(floatText)].join(","))].join("\n") + "\n";
}

function download(text, filename) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv" }));
  const a = el("a", { href: url, download: filename, class: "visually-hidden" });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

function render(r, v, ctx) {
  const rows = r.rows;
  const unit = conventionUnit(v.convention);
  const balanced = isBalanced(v);
  const readout = el("div", { class: "cell-readout", "aria-live": "polite" },
    el("p", { class: "hint" }, `Tap a cell (or hover, or use the arrow keys): its ${balanced ? "value to 15 digits" : "exact value"} appears here.`));
  let seq = 0;
  let pending = null;
  let hoverTimer = null;

  function dropPending() {
    // A queued exact call is dropped; one already running finishes (a hard cancel would restart the engine).
    if (pending !== null && !ctx.engine.isRunning(pending)) ctx.engine.cancel(pending);
    pending = null;
  }

  async function fetchExact(a, d, my) {
    const box = (state, ...children) => el("div", { class: "cell-exact", "data-attackers": a, "data-defenders": d, "data-state": state }, children);
    const label = `P(win), ${a} v ${d}`;
    const words = `${a} ${unit} v ${d} defenders: attacker wins`;
    const exact = (p, tr) => box("exact",
      answerLine([answerPart("cell", words, p)]),
      tr ? answerLine([answerPart("true_cell", `${trueRandomLabel()}: wins`, tr)], { cls: "compare" }) : null,
      balanced ? realBox(realView(p, { detail: "cell", label: `${label}, Balanced Blitz` }))
        : exactBox(probabilityView(p, { detail: "cell", label }), { title: "Exact value" }));
    if (a - conventionOffset(v.convention) < 1) { // no attacking army (one on the territory stays behind)
      const zero = { num: "0", den: "1", float: 0, log10: null };
      readout.replaceChildren(exact(balanced ? { float: 0, log10: null } : zero, balanced ? zero : null));
      return;
    }
    dropPending();
    const params = { attackers: a, defenders: d, convention: v.convention, detail: "summary", ...ruleParams(v) };
    const { id, promise } = ctx.engine.call("battle", params);
    pending = id;
    try {
      const { result } = await promise;
      if (my !== seq) return;
      readout.replaceChildren(result.ok
        ? exact(result.win, result.true_random?.win)
        : box("error", el("p", { class: "field-msg" }, result.error.message)));
    } catch (err) {
      if (my === seq && err.name !== "CancelledError") readout.replaceChildren(box("error", el("p", { class: "field-msg" }, String(err.message || err))));
    } finally {
      if (pending === id) pending = null;
    }
  }

  function onSelect(a, d, { commit }) {
    const my = ++seq;
    clearTimeout(hoverTimer);
    readout.replaceChildren(el("div", { class: "cell-exact", "data-attackers": a, "data-defenders": d, "data-state": "approx" },
      el("p", { class: "cell-approx" }, `${a} ${unit} v ${d} defenders: P(win) ≈ `, el("strong", {}, approxText(rows[a - 1][d - 1], 6))),
      el("p", { class: "hint" }, balanced ? "Value to 15 digits: computing…" : "Exact fraction: computing…")));
    if (commit) fetchExact(a, d, my);
    else hoverTimer = setTimeout(() => fetchExact(a, d, my), HOVER_DELAY_MS);
  }

  const mode = balanced ? ", Balanced Blitz" : "";
  const title = `P(attacker wins)${mode}, ${unit} 1–${v.max_attackers} against defenders 1–${v.max_defenders}`;
  const map = heatmap(rows, { label: title, onSelect, legendTitle: `Chance the attacker wins${balanced ? " (Balanced Blitz)" : ""}` });
  const csvButton = el("button", { type: "button", "data-action": "csv" }, "Download CSV");
  csvButton.addEventListener("click", () => download(csvText(rows, v), `risk-win-table-${v.max_attackers}x${v.max_defenders}-${v.convention}${balanced ? `-${v.dice_mode}` : ""}.csv`));
  const equal = r.equal_armies.length
    ? curveFigure(r.equal_armies, { title: `Equal armies: P(win)${mode} for n ${unit} against n defenders`, xLabel: "n", output: "equal_armies" })
    : null;
  return el("div", { class: "table-result", "data-output": "table", "data-rows": rows.length, "data-cols": rows[0].length, "data-dice-mode": v.dice_mode },
    modeLead(v.dice_mode, balanced, el("h3", {}, title), map.node, readout, el("div", { class: "actions" }, csvButton)),
    equal);
}

register({ name: "table", read, request, render });
