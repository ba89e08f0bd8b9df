// The same distribution as a table (inside a disclosure: it can have a thousand rows). One series
// gets a chance and a log10 column; two or more (Balanced Blitz beside true random) a chance each.
import { el } from "../dom.js";
import { cellChance } from "./answer.js";

const log10Text = (p) => (p.log10 === null || p.log10 === undefined ? "−∞" : Number(p.log10).toFixed(4));

/** `series`: a list of probabilities, or [{name, short?, values}] (the chart's series). */
export function distTable(series, { caption, firstColumn }) {
  const list = Array.isArray(series[0]?.values) ? series : [{ name: "Chance", values: series }];
  const one = list.length === 1;
  const heads = one ? ["Chance", "log₁₀"] : list.map((s) => s.short ?? s.name);
  const n = Math.max(...list.map((s) => s.values.length));
  const rows = Array.from({ length: n }, (_, k) => el("tr", {},
    el("th", { scope: "row" }, String(k)),
    one ? [el("td", {}, cellChance(list[0].values[k])), el("td", {}, log10Text(list[0].values[k]))]
      : list.map((s) => el("td", {}, s.values[k] ? cellChance(s.values[k]) : ""))));
  return el("details", { class: "dist-table" },
    el("summary", {}, `${caption}: table (${n} rows)`),
    el("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": caption },
      el("table", {},
        el("caption", {}, caption),
        el("thead", {}, el("tr", {}, el("th", { scope: "col" }, firstColumn), heads.map((h) => el("th", { scope: "col" }, h)))),
        el("tbody", {}, rows))));
}
