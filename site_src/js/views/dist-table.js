// The same distribution as a table (inside a disclosure: it can have a thousand rows).
import { el } from "../dom.js";
import { cellChance } from "./answer.js";

export function distTable(dist, { caption, firstColumn }) {
  const rows = dist.map((p, k) => el("tr", {},
    el("th", { scope: "row" }, String(k)),
    el("td", {}, cellChance(p)),
    el("td", {}, p.log10 === null || p.log10 === undefined ? "−∞" : Number(p.log10).toFixed(4))));
  return el("details", { class: "dist-table" },
    el("summary", {}, `${caption}: table (${dist.length} rows)`),
    el("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": caption },
      el("table", {},
        el("caption", {}, caption),
        el("thead", {}, el("tr", {}, el("th", { scope: "col" }, firstColumn), el("th", { scope: "col" }, "Chance"), el("th", { scope: "col" }, "log₁₀"))),
        el("tbody", {}, rows))));
}
