// Plan: one stack takes a tree of territories, typed as one line that the engine reads
// ("Brazil 3 > (Venezuela 1), (Peru 2 > Argentina 2)"; its messages name the character at fault).
// The answer first (P(take them all) under the best order and moves), then the plan in the
// engine's words, what it gains over the same targets as one straight chain, and the engine's
// tables of first targets and armies to keep. Every number and sentence is the engine's.
import { register } from "./registry.js";
import { el } from "../dom.js";
import { readAttackers } from "../validate.js";
import { readCommon, ruleParams } from "../rule-fields.js";
import { conventionUnit } from "../limits.js";
import { probabilityView, exactBox } from "../views/probability.js";
import { answerLine, answerPart, lead, pointsText, valueData } from "../views/answer.js";

const OPEN_ROWS = 12; // a table this short shows open; a longer one waits for a tap

function read(get) {
  const { values, errors } = readCommon(get);
  readAttackers(get, values, errors);
  values.targets = String(get("targets") ?? "").trim(); // the engine reads it and words every error
  return { values, errors };
}

function request(v) {
  return { op: "plan", params: { attackers: v.attackers, convention: v.convention, targets: v.targets, ...ruleParams(v) } };
}

/** a − b for exact probabilities: its sign, and its size as an exact probability. */
export function gain(a, b) {
  const d = BigInt(a.num) * BigInt(b.den) - BigInt(b.num) * BigInt(a.den);
  return { sign: d > 0n ? 1 : d < 0n ? -1 : 0, size: { num: String(d < 0n ? -d : d), den: String(BigInt(a.den) * BigInt(b.den)) } };
}

/** An engine run of army counts [lo, hi] as text: "2–4", or "4" alone. */
export const span = ([lo, hi]) => (lo === hi ? String(lo) : `${lo}–${hi}`);

/** The plan against the straight chain of the targets as typed, in plain words. */
function comparison(r, all) {
  if (!r.straight) { // the engine: on the classic board, no single stack could go in the order typed
    return [el("p", { class: "verdict", "data-output": "verdict" },
      `No single stack could take ${all} in the order typed: a target does not border the one before it.`)];
  }
  const { sign, size } = gain(r.win, r.straight);
  const by = el("strong", { "data-output": "gain", ...valueData(size) }, pointsText(size)); // "0.00122 points"
  return [
    answerLine([answerPart("straight", `One straight chain (${r.targets.join(" > ")}), moving all but one:`, r.straight)], { cls: "compare" }),
    el("p", { class: "verdict", "data-output": "verdict", "data-sign": sign }, sign > 0
      ? ["Planning adds ", by, ` to the chance of taking ${all}.`]
      : sign < 0
        ? ["The straight chain adds ", by, ` to the chance of taking ${all}, but only where each target borders the one before it.`]
        : "Planning changes nothing here: the straight chain does as well."),
  ];
}

const stillToTake = (names) => (names.length ? `; still to take: ${names.join(", ")}` : "");

/** A compact table: one group of rows per entry, its runs of army counts beside it. */
function runsTable(output, title, caption, heads, groups) {
  const rows = groups.reduce((n, g) => n + g.runs.length, 0);
  return el("details", { class: "dist-table", open: rows <= OPEN_ROWS },
    el("summary", {}, `${title}: table (${rows} rows)`),
    el("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": caption },
      el("table", { class: "plan-table", "data-output": output },
        el("caption", {}, caption),
        el("thead", {}, el("tr", {}, heads.map((h) => el("th", { scope: "col" }, h)))),
        groups.map((g) => el("tbody", {}, g.runs.map(([armies, value], i) => el("tr", {},
          i ? null : el("th", { scope: "rowgroup", rowspan: g.runs.length }, g.label),
          el("td", {}, span(armies)), el("td", {}, String(value)))))))));
}

/** The engine's tables of a plan (the plan op's and the turn op's alike): which target to attack
 *  first (when there is a choice) and the armies to keep after each conquest, by army count. */
export function planTables(r) {
  const unit = conventionUnit(r.counts); // every count the plan decides by: armies on the territory
  const orders = runsTable("orders", "Which first", `Which to attack first, by ${unit}`, ["From", "Armies", "First"],
    r.orders.map((o) => ({ label: `${o.from}${stillToTake(o.targets)}`, runs: o.first.map((f) => [f.armies, f.target]) })));
  const moves = runsTable("moves", "Armies to keep", `Armies to keep after a conquest (the rest move in), by ${unit} after the battle`,
    ["Conquest", "Armies", "Keep"],
    r.moves.map((m) => ({
      label: `${m.target} from ${m.from}${stillToTake(m.still_to_take)}`,
      runs: m.keep.map((k) => [k.armies, k.keep]),
    })));
  return [r.orders.length ? orders : null, moves];
}

function render(r, v) {
  const n = r.targets.length;
  const all = n === 1 ? r.targets[0] : `all ${n}`;
  return el("div", { class: "plan-result" }, lead(
    answerLine([answerPart("win", `Take ${all}:`, r.win)]),
    el("ul", { class: "answer-more plan-words", "data-output": "words" }, r.words.map((w) => el("li", {}, w))),
    comparison(r, all),
    exactBox([probabilityView(r.win, { detail: "win", label: `P(take ${all}), ${v.attackers} ${conventionUnit(v.convention)}` }),
      r.straight ? probabilityView(r.straight, { detail: "straight", label: `P(take ${all}) as one straight chain` }) : null])),
  planTables(r));
}

/** The outline is one line that wraps: Enter calculates, as in the other fields, and adds no line. */
function mount(form) {
  form.elements.namedItem("targets").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.shiftKey) { e.preventDefault(); form.requestSubmit(); }
  });
}

register({ name: "plan", read, request, render, mount });
