// Hold: a position on the classic board, set by tapping territories (the Turn calculator's board and
// entry, board/entry.js), and the engine's best way to keep a set of territories through the
// opponent's next turn (op "hold"): P(hold) exactly and first, where to place the reinforcements and
// what to fortify (drawn on the board: the armies placed, an arrow for the move), the opponent's best
// reply beside it (his armies placed and his first attack drawn in his colour, his most likely course
// in words), and the forum's rules of thumb priced in a small table against the best. Every chance
// and sentence is the engine's; calculators/hold-answer.js lays them out.
//
// The form's state is its named fields, which a link carries: position (board/position.js's text),
// hold (a continent, or "marked"), marked (the territories to hold), reinforcements,
// opponent_reinforcements, fortify ("adjacent" | "none"), opponent (the owner who attacks next),
// dice (his: "choose" any number before each roll, or "most"; his move-in rule cannot change a hold,
// his first conquest already breaks it) and when ("start": the start of the holder's turn, he places
// his reinforcements; "after": right after his attacks, he has none, and the board's count is not
// offered; the Turn calculator's "Will I keep it?" opens it so, calculators/keep-link.js). Loaded on
// demand (calculators/index.js), with the board.
//
// Setting up: a first visit opens on an empty board; a position not yet complete (nothing of yours,
// nothing to hold, a territory to hold without armies, no opponent) is a plain hint beside the board
// and the form waits, no error. The engine refuses the rest in its words, which the page puts in a
// player's (player-words.js): a territory to hold that is not yours (marked on the board), an
// opponent who holds nothing, a search too large for the browser's time (priced before any work).
import { register } from "./registry.js";
import { el } from "../dom.js";
import { parseInteger, pick } from "../validate.js";
import { probabilityView, exactBox } from "../views/probability.js";
import { answerLine, answerPart, lead, valueData } from "../views/answer.js";
import { loadBoard } from "../board/facts.js";
import { BOARD_STYLE, boardEntry, giveContinent, loadStyle, positionReader } from "../board/entry.js";
import { selectOnFocus } from "../board/editor.js";
import { capital } from "../player-words.js";
import { PLAYER, listNames, readTargets, requestPosition, unknownWords } from "../board/position.js";
import { MARKED, askedSet, boardPlan, lineWords, setTerritories, setWords, setupHint, splitWords, thumbRows } from "./hold-answer.js";

const [board] = await Promise.all([loadBoard(), loadStyle(BOARD_STYLE)]);
const views = new WeakMap(); // form -> its board, for render() and refused()
const parsed = positionReader(board);

const fieldsOf = (get) => ({ position: get("position"), hold: get("hold"), marked: get("marked") });
const AFTER = "after"; // the "when" field: right after the holder's attacks, no new armies
const afterAttacks = (get) => get("when") === AFTER;
const hint = (get) => setupHint(fieldsOf(get), parsed(get("position")), board);

// ---- the request ----

function read(get) {
  const values = {};
  const errors = {};
  const waiting = hint(get);
  pick(values, errors, "position", parsed(get("position")));
  if (waiting) delete errors.position; // an empty board is not a mistake
  if (afterAttacks(get)) values.reinforcements = 0; // right after his attacks the holder places nothing
  else pick(values, errors, "reinforcements", parseInteger(get("reinforcements"), { label: "Your reinforcements" }));
  pick(values, errors, "opponent_reinforcements", parseInteger(get("opponent_reinforcements"), { label: "Opponent's reinforcements" }));
  const set = askedSet(get("hold"), get("marked"), board);
  if (set.unknown?.length) errors.marked = `Territories to hold: ${unknownWords(set.unknown, board)}`;
  else values.hold = set.territories ?? set.name; // a continent's name, the territories marked, or what was asked (the engine words it)
  values.opponent = String(get("opponent") ?? "").trim();
  values.fortify = get("fortify"); // the engine's choices; it words the message for anything else
  values.dice = get("dice");
  return { values, errors, waiting };
}

function request(v) {
  return { op: "hold", params: { position: requestPosition(v.position), player: PLAYER, reinforcements: v.reinforcements,
    hold: v.hold, opponent: v.opponent, opponent_reinforcements: v.opponent_reinforcements, fortify: v.fortify, dice: v.dice } };
}

// ---- the answer ----

function section(title, ...children) {
  return el("section", { class: "turn-part" }, el("h3", {}, title), children);
}

const list = (tag, output, items) => el(tag, { class: "answer-more plan-words", "data-output": output }, items.map((w) => el("li", {}, w)));

function thumbsTable(r, name) {
  const rows = thumbRows(r);
  return section("Rules of thumb",
    el("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": "Rules of thumb" },
      el("table", { class: "plan-table hold-thumbs", "data-output": "thumbs" },
        el("caption", { class: "visually-hidden" }, `Rules of thumb against the best way to keep ${name}`),
        el("thead", {}, el("tr", {}, ["Rule and placement", "Holds", "Against the best"].map((h) => el("th", { scope: "col" }, h)))),
        el("tbody", {}, rows.map((row) => el("tr", { ...(row.best ? { "data-best": "" } : {}) },
          el("th", { scope: "row" }, el("span", { class: "thumb-name" }, capital(row.name)), " ",
            el("span", { class: "thumb-placement", "data-output": "thumb-placement" }, row.placement)),
          el("td", { ...valueData(row.hold), "data-output": "thumb-hold" }, row.text),
          el("td", { "data-as-good": String(row.asGood) }, row.against)))))),
    el("p", { class: "hint", "data-output": "front" }, frontWords(r, name), " Each rule places its armies ",
      "there, then makes the best fortify move into them from outside."));
}

/** Which territories his turn can touch, in words: those of the set next to him, and his ways in
 *  through territories of yours outside it (the engine's `through`). */
function frontWords(r, name) {
  const through = r.through ?? [];
  if (!through.length) return `Only the territories of ${name} next to his count: ${listNames(r.front)}.`;
  const inside = r.front.filter((t) => !through.includes(t));
  return `He can come in through ${listNames(through)}, yours but outside ${name}. Only these count: ${listNames(through)}, `
    + `and ${listNames(inside)} of ${name}, which he can reach.`;
}

function render(r, v, ctx) {
  const view = views.get(ctx.form);
  if (view) view.plan(boardPlan(r));
  const name = setWords(r.hold_set, r.hold_name);
  const w = splitWords(r);
  const exact = exactBox([probabilityView(r.hold, { detail: "hold", label: `P(keep ${name})` }),
    probabilityView(r.reply.win, { detail: "reply-win", label: `P(he breaks ${name})` })]);
  if (w.all) { // he cannot attack: it holds for sure
    return el("div", { class: "hold-result" },
      lead(answerLine([answerPart("hold", `Keep ${name}:`, r.hold)]), list("ul", "move", w.all), exact),
      section("What was searched", el("p", { "data-output": "searched", "data-complete": String(r.searched.complete) }, r.searched.words)));
  }
  return el("div", { class: "hold-result" },
    lead(
      answerLine([answerPart("hold", `Keep ${name}:`, r.hold)]),
      w.move.length ? list("ul", "move", w.move) : null,
      exact),
    section("His best reply",
      el("p", { "data-output": "reply" }, w.reply),
      r.reply.line.length ? [el("p", { class: "hint" }, "His most likely course:"), list("ol", "line", lineWords(r.reply.line, name, r.through ?? []))] : null,
      el("p", { class: "hint" }, "On the board, your armies placed and your move are in your colour; his armies placed and his way in (his first attack, then on from each buffer he takes) in his.")),
    thumbsTable(r, name),
    section("What was searched", el("p", { "data-output": "searched", "data-complete": String(r.searched.complete) }, r.searched.words)),
    el("details", { class: "box" }, el("summary", {}, el("span", { class: "box-title" }, "How it is worked out")),
      el("ul", { "data-output": "model" }, r.model.map((s) => el("li", {}, s)))));
}

// ---- the board, the territory editor, the ready-made positions, the reinforcements offered ----

function mount(form, ctx) {
  const id = form.id;
  const get = (name) => form.elements.namedItem(name)?.value;
  const asked = () => askedSet(get("hold"), get("marked"), board);
  const goalSet = () => new Set(setTerritories(asked()));

  /** "To hold: Australia (bonus 2)." or the territories marked, or none yet. */
  function goalWords() {
    const set = asked();
    if (set.continent) return `To hold: ${set.continent.name} (bonus ${set.continent.bonus}).`;
    if (set.territories?.length) return `To hold: ${listNames(set.territories)}, the territor${set.territories.length === 1 ? "y" : "ies"} marked.`;
    return "To hold: nothing yet.";
  }

  /** Hold on: the set becomes the territories marked, this one among them (a continent's gives its
   *  territories of yours). Off: the others stay. */
  function setHold(on, entry) {
    const { selected } = entry;
    const set = asked();
    const mine = (t) => entry.holding(t)?.owner === PLAYER;
    const shown = setTerritories(set).filter((t) => t !== selected && (set.territories || mine(t)));
    entry.commit(entry.holdings(), { fields: { marked: (on ? [...shown, selected] : shown).join(", "), hold: MARKED } });
  }

  /** On a territory of yours: its whole continent yours (the opponent's territories in it too), with
   *  as many armies on each newly yours as on this one, and the continent the set to hold. */
  function wholeWords({ continent, holding }) {
    if (!holding || holding.owner !== PLAYER) return null;
    const n = holding.armies;
    return `Hold ${continent}: all of it yours, ${n} ${Number(n) === 1 ? "army" : "armies"} on each territory not yet yours`;
  }
  const holdContinent = (entry) => giveContinent(entry, board, PLAYER, (name) => ({ marked: "", hold: name }));

  const entry = boardEntry(form, ctx, board, parsed, {
    presets: board.holdPresets,
    kept: ["position", "hold", "marked", "reinforcements", "opponent_reinforcements"],
    watched: ["position", "hold", "marked"],
    goalMark: "hold", goalView: "Set and borders",
    legend: [["sw-move", "Your placement and move"], ["sw-reply", "His reply"]],
    goalSet, goalWords, setupHint: () => hint(get),
    markLabel: "Hold", onMark: setHold, onWhole: holdContinent, wholeWords,
    /** a territory out of play is not held either */
    onRemove: (name) => ({ marked: readTargets(get("marked")).filter((t) => board.nameOf(t) !== name).join(", ") }),
    cleared: { marked: "", hold: MARKED, reinforcements: "0", opponent_reinforcements: "0" },
    help: "Tap a territory to set who holds it (then type its armies) and whether it is one to hold; on a territory of yours, “Hold …” makes its whole continent yours and the set to hold. Keyboard: arrow keys move between territories, Enter picks one.",
    offer: form.querySelector(`#${CSS.escape(id)}-reinforcements-hint`),
    offerOff: () => (afterAttacks(get) ? "None: right after your attacks you place no new armies." : null),
  });
  // right after the attacks: the reinforcements field shows 0 and takes none; the count is not offered
  const reinforcements = form.elements.namedItem("reinforcements");
  const steppers = form.querySelectorAll('button.step[data-for="reinforcements"]');
  function showWhen() {
    const after = afterAttacks(get);
    if (after && reinforcements.value !== "0") reinforcements.value = "0";
    for (const c of [reinforcements, ...steppers]) c.disabled = after;
    entry.scheduleOffer();
  }
  form.addEventListener("input", (e) => { if (e.target.name === "when") showWhen(); });
  form.addEventListener("reset", () => setTimeout(showWhen, 0));
  showWhen();
  selectOnFocus(form.elements.namedItem("opponent_reinforcements")); // a tap selects the number: a key replaces it
  views.set(form, entry.view);
  entry.refresh();
}

/** The engine refused the request: mark on the board the territories its message names. */
function refused(err, ctx) {
  const view = views.get(ctx.form);
  if (view) view.fault(err.territories ?? []);
}

register({ name: "hold", read, request, render, mount, refused, prepare: "hold" });
