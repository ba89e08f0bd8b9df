// Chain campaign: one stack attacks a list of territories in order (never branching), leaving
// `leave` armies in each conquered one. The list ("22 8 2 2 2 …") is the source of truth; the
// rows in the "Each territory" box follow it and hold per-territory rules (a capital, a bunker).
// Every number shown comes from the engine (win, reach, conquered_exactly, scores: contract C2).
import { register } from "./registry.js";
import { el } from "../dom.js";
import { changed } from "../controls.js";
import { parseInteger, pick, readAttackers, readRetreat, checkStates, staysBehind, staysBehindText } from "../validate.js";
import { readCommon, readRuleField, ruleParams, rulesSummary } from "../rule-fields.js";
import { ruleFields, limit, conventionUnit, conventionOffset } from "../limits.js";
import { probabilityView, exactBox } from "../views/probability.js";
import { answerLine, answerPart, averageValue, cellChance, lead } from "../views/answer.js";
import { chartFigure } from "../views/chart.js";

// The rules a single territory may change (the defender's side); labels and choices from the engine.
const ROW_FIELDS = ["defend_dice", "defender_bonus", "defend_faces"];
const rowFields = () => ruleFields().filter((f) => ROW_FIELDS.includes(f.name));

// Rows are narrow: "Dice" for "Defender dice" (every row field is the defender's), and an
// option's short name ("3 capital", "bunker") for "3 (capital / wall)", "+1 on highest die (bunker)".
const rowLabel = (label) => label.replace(/^Defender /, "").replace(/^./, (c) => c.toUpperCase());
export function shortChoice(value, text) {
  const inner = /\(([^)]*)\)\s*$/.exec(text);
  if (!inner) return text;
  const name = inner[1].split(" / ")[0];
  if (!text.startsWith(String(value))) return name;
  return name === "standard" ? String(value) : `${value} ${name}`;
}

export function splitTerritories(text) {
  return String(text ?? "").split(/[,;\s]+/).filter(Boolean);
}

// ---- rows <-> the list ---------------------------------------------------------------------

function mount(form) {
  const box = form.querySelector("[data-role=rows-box]");
  const rowsEl = form.querySelector("[data-role=rows]");
  const summaryEl = form.querySelector("[data-role=rows-summary]");
  const addBtn = form.querySelector("[data-action=add-row]");
  const territories = form.elements.namedItem("territories");
  const field = (name) => form.elements.namedItem(name);

  const blankRow = () => Object.fromEntries([["defenders", ""], ...ROW_FIELDS.map((k) => [k, ""])]);
  const readRows = () => [...rowsEl.querySelectorAll("[data-row]")].map((_, i) => {
    const r = blankRow();
    for (const k of Object.keys(r)) { const f = field(`t${i}_${k}`); if (f) r[k] = f.value; }
    return r;
  });
  const sep = () => (territories.value.includes(",") ? "," : " "); // keep the reader's own separator
  const syncList = () => { territories.value = readRows().map((r) => r.defenders.trim()).join(sep()); };

  function summarize() {
    const changed = readRows().map((r, i) => {
      const set = Object.fromEntries(ROW_FIELDS.filter((k) => r[k] !== "").map((k) => [k, r[k]]));
      return Object.keys(set).length ? `#${i + 1}: ${rulesSummary(set, rowFields())}` : null;
    }).filter(Boolean);
    summaryEl.textContent = changed.length ? changed.join(" · ") : "same rules everywhere";
  }

  function makeRow(r, i) {
    const id = (s) => `${form.id}-t${i}-${s}`;
    const name = (s) => `t${i}_${s}`;
    const msg = (s) => el("p", { class: "field-msg", id: `${id(s)}-msg`, "data-error-for": name(s) });
    const cell = (s, label, control) => el("div", { class: `tcell tcell-${s}` },
      el("label", { class: "tlabel", for: id(s) }, label), control, msg(s));
    const defenders = el("input", { id: id("defenders"), name: name("defenders"), type: "text", inputmode: "numeric",
      autocomplete: "off", spellcheck: "false", value: r.defenders, "data-field": "defenders", "data-derived": "",
      "aria-describedby": `${id("defenders")}-msg` });
    const rules = rowFields().map((f) => cell(f.name, rowLabel(f.label), f.kind === "choice"
      ? el("select", { id: id(f.name), name: name(f.name), "aria-describedby": `${id(f.name)}-msg` },
        el("option", { value: "", selected: r[f.name] === "" }, "same"),
        f.choices.map(([v, text]) => el("option", { value: v, selected: String(v) === r[f.name] }, shortChoice(v, text))))
      : el("input", { id: id(f.name), name: name(f.name), type: "text", inputmode: "numeric", autocomplete: "off",
        placeholder: "same", value: r[f.name], "aria-describedby": `${id(f.name)}-msg` })));
    const remove = el("button", { type: "button", class: "remove-row", "data-action": "remove-row", "data-index": i,
      "aria-label": `Remove territory ${i + 1}` }, "×");
    return el("fieldset", { class: "trow", "data-row": i },
      el("legend", {}, `#${i + 1}`),
      cell("defenders", "Defenders", defenders), rules, remove);
  }

  function rebuild(rows) {
    rowsEl.replaceChildren(...rows.map(makeRow));
    addBtn.disabled = rows.length >= limit("max_territories");
    rowsEl.querySelectorAll("[data-action=remove-row]").forEach((b) => { b.disabled = rows.length <= 1; });
    summarize();
  }

  function fromList() {
    const current = readRows();
    const tokens = splitTerritories(territories.value).slice(0, limit("max_territories"));
    rebuild(tokens.map((t, i) => ({ ...(current[i] ?? blankRow()), defenders: t })));
  }

  territories.addEventListener("input", fromList);
  rowsEl.addEventListener("input", (e) => {
    if (e.target.dataset.field === "defenders") syncList();
    summarize();
  });
  rowsEl.addEventListener("click", (e) => {
    const b = e.target.closest("[data-action=remove-row]");
    if (!b) return;
    const rows = readRows();
    const i = Number(b.dataset.index);
    rows.splice(i, 1);
    rebuild(rows);
    syncList();
    changed(territories); // the answer follows
    const next = rowsEl.querySelectorAll("[data-action=remove-row]")[Math.min(i, rows.length - 1)];
    (next && !next.disabled ? next : addBtn).focus();
  });
  addBtn.addEventListener("click", () => {
    const rows = readRows();
    if (rows.length >= limit("max_territories")) return;
    rows.push({ ...blankRow(), defenders: "3" });
    rebuild(rows);
    syncList();
    changed(territories);
    field(`t${rows.length - 1}_defenders`).focus();
  });
  form.addEventListener("reset", () => setTimeout(() => rebuild(splitTerritories(territories.defaultValue).map((t) => ({ ...blankRow(), defenders: t }))), 0));
  box.addEventListener("toggle", summarize);
  fromList();
}

// ---- validation and request ----------------------------------------------------------------

function read(get) {
  const { values, errors } = readCommon(get);
  readAttackers(get, values, errors);
  pick(values, errors, "leave", parseInteger(get("leave"), { min: 1, label: "Armies left in each territory" }));
  readRetreat(get, values, errors);

  const tokens = splitTerritories(get("territories"));
  const most = limit("max_territories");
  values.territories = [];
  if (tokens.length === 0) errors.territories = "Enter at least one territory's defenders, like 3 2 5.";
  else if (tokens.length > most) errors.territories = `At most ${most} territories (the whole board).`;
  else {
    tokens.forEach((t, i) => {
      const d = parseInteger(t, { min: 1, label: `Territory ${i + 1}'s defenders` });
      if (d.error) { errors.territories = errors.territories ?? d.error; return; }
      const terr = { defenders: d.value };
      for (const f of rowFields()) {
        const res = readRuleField(f, get(`t${i}_${f.name}`), { optional: true });
        if (res.error) errors[`t${i}_${f.name}`] = res.error;
        else if (res.value !== null) terr[f.name] = res.value;
      }
      values.territories.push(terr);
    });
  }
  const total = values.territories.reduce((s, t) => s + t.defenders, 0);
  if (!errors.attackers && !errors.territories) checkStates(errors, values.attackers, total);
  const off = staysBehind(values);
  if (!errors.retreat_at && values.retreat_at !== null && values.retreat_at < off) {
    errors.retreat_at = staysBehindText(values.convention, `retreat at ${off} or more`);
  }
  return { values, errors };
}

function request(v) {
  const custom = v.territories.some((t) => Object.keys(t).length > 1);
  const params = {
    attackers: v.attackers, convention: v.convention, leave: v.leave, ...ruleParams(v),
    territories: custom ? v.territories : v.territories.map((t) => t.defenders),
  };
  if (v.retreat_at !== null) params.retreat_at = v.retreat_at;
  return { op: "campaign", params };
}

// ---- results -------------------------------------------------------------------------------

const exactCell = (p, output) => el("td", { "data-output": output, "data-num": p.num, "data-den": p.den }, cellChance(p));
const scrollBox = (label, table) => el("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": label }, table);

function render(r, v) {
  const n = v.territories.length;
  const unit = conventionUnit(v.convention);
  const capital = (t) => (t.defend_dice ?? v.defend_dice) === 3;

  const territoryTable = scrollBox(`Each territory, ${v.attackers} attacking the chain`, el("table", { class: "territories" },
    el("caption", {}, "Each territory, in order of attack"),
    el("thead", {}, el("tr", {}, ["#", "Defenders", "Reached", "Taken"].map((h) => el("th", { scope: "col" }, h)))),
    el("tbody", {}, v.territories.map((t, j) => el("tr", {},
      el("th", { scope: "row" }, String(j + 1)),
      el("td", {}, String(t.defenders), capital(t) ? el("span", { class: "tag" }, " capital") : null),
      exactCell(r.reach[j], `reach-${j}`),
      exactCell(r.territory_win[j], `conquer-${j}`))))));

  const countTable = scrollBox(`Territories conquered, ${v.attackers} attacking the chain`, el("table", {},
    el("caption", {}, "Exactly k territories conquered"),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "k"), el("th", { scope: "col" }, "Chance"))),
    el("tbody", {}, r.conquered_exactly.map((p, k) => el("tr", {}, el("th", { scope: "row" }, String(k)), exactCell(p, `conquered-${k}`))))));

  // The score of every end state (the engine's): armies left when all fell, else minus every defender standing.
  const lo = r.scores[0].score;
  const hi = r.scores[r.scores.length - 1].score;
  const byScore = new Map(r.scores.map((s) => [s.score, s.p]));
  const dist = Array.from({ length: hi - lo + 1 }, (_, i) => byScore.get(lo + i) ?? { num: "0", den: "1", float: 0, log10: null });
  const chart = chartFigure(dist, {
    xStart: lo, xLabel: "final score",
    title: `Final score, ${v.attackers} ${unit} against ${v.territories.map((t) => t.defenders).join(" ")}: `
      + "the armies left if every territory falls, else minus every defender still standing",
  });
  const scoreTable = el("details", { class: "dist-table" },
    el("summary", {}, `Final score: table (${r.scores.length} rows)`),
    scrollBox(`Final score, ${v.attackers} attacking the chain`, el("table", {},
      el("caption", {}, "Final score"),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Score"), el("th", { scope: "col" }, "Chance"))),
      el("tbody", {}, r.scores.map((s) => el("tr", {}, el("th", { scope: "row" }, String(s.score)), exactCell(s.p, `score-${s.score}`)))))));

  return el("div", { class: "campaign-result" }, lead(
    answerLine([answerPart("win", `Conquers all ${n}:`, r.win)]),
    el("ul", { class: "answer-more" },
      el("li", {}, ...(conventionOffset(v.convention)
        ? ["If every territory falls, the stack ends with ", averageValue(r.mean_survivors, "mean_survivors"), " armies on the last one, on average."]
        : ["If every territory falls, ", averageValue(r.mean_survivors, "mean_survivors"), ` of the ${unit} survive, on average.`])),
      el("li", {}, "Over every outcome, won or lost, ",
        averageValue(r.expected_survivors, "expected_survivors"), " on average.")),
    exactBox(probabilityView(r.win, { detail: "win", label: `P(conquer all ${n})` }), { title: "Exact value" })),
    territoryTable, chart, scoreTable,
    el("details", { class: "dist-table" }, el("summary", {}, `Territories conquered: table (${n + 1} rows)`), countTable));
}

register({ name: "campaign", read, request, render, mount });
