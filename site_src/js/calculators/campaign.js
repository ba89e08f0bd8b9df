// Chain campaign: one stack attacks a list of territories in order (never branching), leaving
// `leave` armies in each conquered one. Rows (one per territory, each with its own rules) are kept
// in sync with the `territories` field (comma-separated defender counts), the source of truth.
import { register } from "./registry.js";
import { el } from "../dom.js";
import { parseInteger, readAttackers, readRules, MAX_ARMIES, MAX_STATES } from "../validate.js";
import { probabilityView } from "../views/probability.js";
import { chartFigure } from "../views/chart.js";
import { decimal, approxText, log10 } from "../exact.js";
import * as bf from "../bigfrac.js";

export const MAX_TERRITORIES = 42; // the whole board
const ROW_RULES = [
  // [suffix, label, options or null for a text field]
  ["defend_dice", "Defender dice", [["", "as above"], ["3", "3 (capital / wall)"], ["2", "2"], ["1", "1"]]],
  ["defender_bonus", "Defender bonus", [["", "as above"], ["none", "none"], ["highest", "bunker (+1 highest)"], ["both", "fortification (+1 both)"]]],
  ["defend_faces", "Defender die faces", null],
];
const blankRow = () => ({ defenders: "", defend_dice: "", defender_bonus: "", defend_faces: "" });

export function splitTerritories(text) {
  return String(text ?? "").split(/[,;\s]+/).filter(Boolean);
}

// ---- rows <-> territories ------------------------------------------------------------------

function mount(form) {
  const rowsEl = form.querySelector("[data-role=rows]");
  const addBtn = form.querySelector("[data-action=add-row]");
  const territories = form.elements.namedItem("territories");

  const rowField = (i, suffix) => form.elements.namedItem(`t${i}_${suffix}`);
  const readRows = () => [...rowsEl.querySelectorAll("[data-row]")].map((_, i) => {
    const r = blankRow();
    for (const k of Object.keys(r)) { const f = rowField(i, k); if (f) r[k] = f.value; }
    return r;
  });
  const syncTerritories = () => { territories.value = readRows().map((r) => r.defenders.trim()).join(","); };

  function makeRow(r, i) {
    const id = (s) => `${form.id}-t${i}-${s}`;
    const msg = (s) => el("p", { class: "field-msg", id: id(s) + "-msg", "data-error-for": `t${i}_${s}` });
    const defenders = el("div", { class: "field" },
      el("label", { for: id("defenders") }, "Defenders"),
      el("input", { id: id("defenders"), name: `t${i}_defenders`, type: "text", inputmode: "numeric", autocomplete: "off",
        spellcheck: "false", value: r.defenders, "data-field": "defenders", "aria-describedby": id("defenders") + "-msg" }),
      msg("defenders"));
    const rules = ROW_RULES.map(([suffix, label, options]) => el("div", { class: "field" },
      el("label", { for: id(suffix) }, label),
      options
        ? el("select", { id: id(suffix), name: `t${i}_${suffix}`, "aria-describedby": id(suffix) + "-msg" },
          options.map(([v, text]) => el("option", { value: v, selected: v === r[suffix] }, text)))
        : el("input", { id: id(suffix), name: `t${i}_${suffix}`, type: "text", inputmode: "numeric", autocomplete: "off",
          placeholder: "as above", value: r[suffix], "aria-describedby": id(suffix) + "-msg" }),
      msg(suffix)));
    const remove = el("button", { type: "button", class: "remove-row", "data-action": "remove-row", "data-index": i,
      "aria-label": `Remove territory ${i + 1}` }, "Remove");
    return el("fieldset", { class: "territory-row", "data-row": i },
      el("legend", {}, `Territory ${i + 1}`),
      el("div", { class: "row-grid" }, defenders, rules, el("div", { class: "field row-remove" }, remove)));
  }

  function rebuild(rows) {
    rowsEl.replaceChildren(...rows.map(makeRow));
    addBtn.disabled = rows.length >= MAX_TERRITORIES;
    rowsEl.querySelectorAll("[data-action=remove-row]").forEach((b) => { b.disabled = rows.length <= 1; });
  }

  function fromTerritories() {
    const current = readRows();
    const tokens = splitTerritories(territories.value).slice(0, MAX_TERRITORIES);
    rebuild(tokens.map((t, i) => ({ ...(current[i] ?? blankRow()), defenders: t })));
  }

  territories.addEventListener("input", fromTerritories);
  rowsEl.addEventListener("input", (e) => { if (e.target.dataset.field === "defenders") syncTerritories(); });
  rowsEl.addEventListener("click", (e) => {
    const b = e.target.closest("[data-action=remove-row]");
    if (!b) return;
    const rows = readRows();
    const i = Number(b.dataset.index);
    rows.splice(i, 1);
    rebuild(rows);
    syncTerritories();
    const next = rowsEl.querySelectorAll("[data-action=remove-row]")[Math.min(i, rows.length - 1)];
    (next && !next.disabled ? next : addBtn).focus();
  });
  addBtn.addEventListener("click", () => {
    const rows = readRows();
    if (rows.length >= MAX_TERRITORIES) return;
    rows.push({ ...blankRow(), defenders: "3" });
    rebuild(rows);
    syncTerritories();
    rowField(rows.length - 1, "defenders").focus();
  });
  form.addEventListener("reset", () => setTimeout(() => rebuild(splitTerritories(territories.defaultValue).map((t) => ({ ...blankRow(), defenders: t }))), 0));
  fromTerritories();
}

// ---- validation and request ----------------------------------------------------------------

function read(get) {
  const values = {};
  const errors = {};
  readRules(get, values, errors);
  readAttackers(get, values, errors);
  const leave = parseInteger(get("leave"), { min: 1, max: MAX_ARMIES, label: "Armies left behind" });
  if (leave.error) errors.leave = leave.error; else values.leave = leave.value;
  const r = parseInteger(get("retreat_at"), { min: 0, max: MAX_ARMIES, optional: true, label: "Retreat at" });
  if (r.error) errors.retreat_at = r.error; else values.retreat_at = r.value;

  const tokens = splitTerritories(get("territories"));
  values.territories = [];
  if (tokens.length === 0) errors.territories = "Enter at least one territory's defenders, like 3,2,5.";
  else if (tokens.length > MAX_TERRITORIES) errors.territories = `At most ${MAX_TERRITORIES} territories (the whole board).`;
  else {
    tokens.forEach((t, i) => {
      const d = parseInteger(t, { min: 1, max: MAX_ARMIES, label: `Territory ${i + 1}'s defenders` });
      if (d.error) { errors.territories = errors.territories ?? d.error; errors[`t${i}_defenders`] = d.error; return; }
      const terr = { defenders: d.value };
      const dice = get(`t${i}_defend_dice`);
      if (dice) terr.defend_dice = Number(dice);
      const bonus = get(`t${i}_defender_bonus`);
      if (bonus) { if (["none", "highest", "both"].includes(bonus)) terr.defender_bonus = bonus; else errors[`t${i}_defender_bonus`] = "Choose a defender bonus."; }
      const faces = parseInteger(get(`t${i}_defend_faces`), { min: 2, max: 100, optional: true, label: "Defender die faces" });
      if (faces.error) errors[`t${i}_defend_faces`] = faces.error; else if (faces.value !== null) terr.defend_faces = faces.value;
      values.territories.push(terr);
    });
  }
  const total = values.territories.reduce((s, t) => s + t.defenders, 0);
  if (!errors.attackers && !errors.territories && values.attackers * total > MAX_STATES) {
    errors.attackers = `Attackers × defenders is over ${MAX_STATES.toLocaleString("en-US")} states: too large for a browser tab.`;
  }
  if (!errors.retreat_at && !errors.attackers && values.retreat_at !== null && values.retreat_at >= values.attackers) {
    errors.retreat_at = "Retreat threshold must be below the number of attackers.";
  }
  if (!errors.retreat_at && values.retreat_at !== null && values.convention === "territory" && values.retreat_at < 1) {
    errors.retreat_at = "With armies counted on the territory, at least 1 always stays behind: retreat at 1 or more.";
  }
  return { values, errors };
}

function request(v) {
  const custom = v.territories.some((t) => Object.keys(t).length > 1);
  const params = {
    attackers: v.attackers, convention: v.convention, leave: v.leave,
    territories: custom ? v.territories : v.territories.map((t) => t.defenders),
    attack_dice: v.attack_dice, defend_dice: v.defend_dice, ties: v.ties, defender_bonus: v.defender_bonus,
    attack_faces: v.attack_faces, defend_faces: v.defend_faces,
  };
  if (v.retreat_at !== null) params.retreat_at = v.retreat_at;
  return { op: "campaign", params };
}

// ---- results -------------------------------------------------------------------------------

/** Score of an end state: survivors if every territory fell, else minus the defenders still standing. */
export function score(end, defenders) {
  const n = defenders.length;
  if (end.conquered === n) return end.attackers;
  const untouched = defenders.slice(end.defenders > 0 ? end.conquered + 1 : end.conquered).reduce((s, d) => s + d, 0);
  return -(end.defenders + untouched);
}

function logAdd(a, b) { // log10(10^a + 10^b), either may be null (zero)
  if (a === null) return b;
  if (b === null) return a;
  const hi = Math.max(a, b), lo = Math.min(a, b);
  return hi + Math.log10(1 + 10 ** (lo - hi));
}

/** Short text for a table cell: a plain decimal when readable, else scientific. */
function shortText(p) {
  if (p.num === "0") return "0";
  if (p.num === p.den) return "1";
  return (p.log10 ?? log10(p.num, p.den)) >= -4 ? decimal(p.num, p.den, 6) : approxText(p, 5);
}

function exactCell(p, output) {
  return el("td", { "data-output": output, "data-num": p.num, "data-den": p.den }, shortText(p));
}

function render(r, v) {
  const n = v.territories.length;
  const defenders = v.territories.map((t) => t.defenders);
  const ends = r.end_states;
  const unit = v.convention === "territory" ? "armies on the territory" : "attacking armies";

  // P(reach territory j): the stack attacked it (ended at or beyond it, or stopped in it).
  const sumWhere = bf.subsetSummer(ends.map((e) => e.p));
  const reach = defenders.map((_, j) => bf.toProb(sumWhere((i) => ends[i].conquered > j || (ends[i].conquered === j && ends[i].defenders > 0)), log10));
  const conqueredExactly = Array.from({ length: n + 1 }, (_, k) => bf.toProb(sumWhere((i) => ends[i].conquered === k), log10));

  const territoryTable = el("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": "Each territory" },
    el("table", { class: "territories" },
      el("caption", {}, "Each territory, in order of attack"),
      el("thead", {}, el("tr", {}, ["#", "Defenders", "P(reach it)", "P(conquer it)"].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, defenders.map((d, j) => el("tr", {},
        el("th", { scope: "row" }, String(j + 1)),
        el("td", {}, String(d), v.territories[j].defend_dice === 3 ? " (capital)" : ""),
        exactCell(reach[j], `reach-${j}`),
        exactCell(r.territory_win[j], `conquer-${j}`))))));

  const mean = (p, output, label) => el("div", { class: "stat" },
    el("dt", {}, label),
    el("dd", { "data-output": output, "data-num": p.num, "data-den": p.den }, p.num === "0" ? "0" : decimal(p.num, p.den, 8)));
  const survivors = el("dl", { class: "stats" },
    mean(r.expected_survivors, "expected_survivors", `Expected survivors (${unit}, every outcome)`),
    mean(r.mean_survivors, "mean_survivors", `Expected survivors if every territory falls`));

  const countTable = el("details", { class: "dist-table" },
    el("summary", {}, `Territories conquered: table (${n + 1} rows)`),
    el("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": "Territories conquered" },
      el("table", {},
        el("caption", {}, "P(exactly k territories conquered)"),
        el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "k"), el("th", { scope: "col" }, "Probability"))),
        el("tbody", {}, conqueredExactly.map((p, k) => el("tr", {}, el("th", { scope: "row" }, String(k)), exactCell(p, `conquered-${k}`)))))));

  // Distribution of the final score, as {float, log10} per integer score.
  const byScore = new Map();
  for (const e of ends) {
    const s = score(e, defenders);
    const lg = e.p.log10 ?? null;
    byScore.set(s, logAdd(byScore.get(s) ?? null, lg));
  }
  const scores = [...byScore.keys()];
  const lo = Math.min(...scores), hi = Math.max(...scores);
  const dist = [];
  for (let s = lo; s <= hi; s++) {
    const lg = byScore.get(s) ?? null;
    dist.push({ float: lg === null ? 0 : 10 ** lg, log10: lg });
  }
  const chart = scores.length ? chartFigure(dist, {
    xStart: lo, xLabel: "score: survivors if every territory falls, else minus the defenders left",
    title: `Final score, ${v.attackers} ${unit} against ${defenders.join(", ")}`,
  }) : null;

  return el("div", { class: "campaign-result" },
    probabilityView(r.win, { output: "win", label: `P(conquer all ${n})` }),
    territoryTable, survivors, chart, countTable);
}

register({ name: "campaign", read, request, render, mount });
