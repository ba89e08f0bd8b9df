// A position entered on the board, for a calculator form that has one (the Turn and Hold
// calculators): the board drawn (board/draw.js), the territory editor under it (board/editor.js),
// the ready-made positions, the set the form asks about (the Turn's goal, the Hold's set) marked
// and said beside the board with what the position still lacks, Undo (a button, and Back:
// board/undo.js), "Clear the board", and the reinforcements the engine counts for the player
// (board/offer.js).
//
// The form's state stays its named fields, which a link carries: the board and the editor write
// into the `position` field (board/position.js's text) and into the fields the calculator names.
// What differs between calculators comes in as options (boardEntry's doc): the set's marks, its
// words, the editor's switch ("Target", "Hold") and its whole-continent button.
import { el } from "../dom.js";
import { changed } from "../controls.js";
import { drawBoard } from "./draw.js";
import { territoryEditor, selectOnFocus } from "./editor.js";
import { PLAYER, readPosition, positionText, requestPosition } from "./position.js";
import { undoList } from "./undo.js";
import { reinforcementsOffer } from "./offer.js";

export { BOARD_STYLE, loadStyle } from "./style.js";

const MOST_UNDO = 50;

/** A reader of the position's text with the board's names (board/position.js), once per text:
 *  the form's reading, the board's drawing and the count offered share it. */
export function positionReader(board) {
  let lastText = null;
  let lastRead = null;
  return (text) => {
    const t = String(text ?? "");
    if (t !== lastText) { lastText = t; lastRead = readPosition(t, board); }
    return lastRead;
  };
}

/** "Take …" / "Hold …" on the board: the selected territory's continent given to `owner` (the
 *  player's own territories in it kept), with as many armies on each as on the selected one; the
 *  form's `fields(continentName)` go with it. */
export function giveContinent(entry, board, owner, fields) {
  const h = entry.holding(entry.selected);
  if (!h) return;
  const c = board.continentOf.get(entry.selected);
  const holdings = entry.holdings();
  const mine = new Set(holdings.filter((x) => x.owner === PLAYER).map((x) => x.territory));
  const rest = holdings.filter((x) => !c.territories.includes(x.territory) || mine.has(x.territory));
  const more = c.territories.filter((t) => !mine.has(t)).map((t) => ({ territory: t, owner, armies: h.armies }));
  entry.armiesTyped(h.armies);
  entry.commit([...rest, ...more], { fields: fields(c.name) });
}

/**
 * The board and its entry in `form` (its [data-role=board] and [data-role=presets] slots).
 * board: board/facts.js's index; parsed: positionReader(board). Options:
 *   presets: [{name, label, fields}] (the buttons; fields by name, filled as typed), presetFields(p)
 *     the fields a button fills (default p.fields);
 *   kept: the field names Undo restores; watched: the field names whose change redraws the board;
 *   goalSet(): the set of territories the form asks about, marked on the board (goalMark "target":
 *     the opponent's as targets, or "hold": each as a territory to hold); goalWords(): it in words;
 *     setupHint(): what the position still lacks, or null;
 *   markLabel, onMark(on, entry): the editor's switch for the picked territory (entry.selected);
 *   wholeWords({continent, holding}) -> text | null, onWhole(entry): the editor's continent button;
 *   cleared: the fields "Clear the board" sets (besides the position); help: the board's help line;
 *   goalView: the zoom's name for the set and its borders; legend: [[swatch class, words]] added;
 *   offer: the hint element (or null) where the board's count of the player's reinforcements goes;
 *     offerOff(): null to offer it, or the words to show there instead;
 *   onRefresh(entry): after the fields are drawn again.
 * Returns the entry: {view, editor, field, get, holdings(), holding(name), selected, commit(next,
 *   {fields, kind}), refresh()}.
 */
export function boardEntry(form, ctx, board, parsed, options) {
  const o = { presetFields: (p) => p.fields, goalMark: "target", legend: [], onRefresh: () => {}, ...options };
  const id = form.id;
  const field = (name) => form.elements.namedItem(name);
  const get = (name) => field(name)?.value;
  const slot = form.querySelector("[data-role=board]");
  let holdings = []; // the position as last read: [{territory, owner, armies}], the board's names
  let lastArmies = 1; // the armies typed last: a territory newly in play gets as many

  const editor = territoryEditor({ id: `${id}-editor`, onOwner: setOwner, onArmies: setArmies, onTarget: (on) => o.onMark(on, entry),
    onContinent: () => o.onWhole(entry), markLabel: o.markLabel, wholeWords: o.wholeWords });
  const view = drawBoard(board, { id, editorId: `${id}-editor`, helpId: `${id}-board-help`, onPick: pickTerritory,
    goalMark: o.goalMark, goalView: o.goalView, legend: o.legend });
  const presets = form.querySelector("[data-role=presets]");
  presets.setAttribute("role", "group");
  presets.setAttribute("aria-label", "Ready-made positions");
  const buttons = o.presets.map((p) => el("button", { type: "button", "data-preset": p.name }, p.label));
  presets.replaceChildren(el("span", { class: "presets-label" }, "Start from:"), ...buttons);
  const help = el("p", { class: "hint", id: `${id}-board-help` }, o.help);
  // beside the board: the set as the fields ask it, and what the position still lacks
  const goalNow = el("p", { class: "goal-now", id: `${id}-goal-now`, "aria-live": "polite" });
  const setupEl = el("p", { class: "hint", "data-role": "setup-hint", "aria-live": "polite" });
  const undo = el("button", { type: "button", "data-action": "undo", disabled: true }, "Undo");
  const clear = el("button", { type: "button", "data-action": "clear" }, "Clear the board");
  const note = el("div", { class: "board-note" }, goalNow, setupEl, el("div", { class: "board-tools" }, undo, clear));
  slot.replaceChildren(view.element, editor.element, note, help); // the editor next after the board, for the keyboard too
  selectOnFocus(field("reinforcements"));

  const byName = () => new Map(holdings.map((h) => [h.territory, h]));
  const holding = (name) => byName().get(name);
  const entry = {
    view, editor, field, get, holding, commit, refresh,
    holdings: () => holdings,
    get selected() { return selected; },
  };
  let selected = null;

  /** Read the fields and draw them (after a change by the reader, a link, a reset or a preset). */
  function refresh() {
    const text = String(get("position") ?? "");
    const pos = parsed(text);
    if (pos.value) holdings = pos.value; // a position being typed: the board keeps the last one it could read
    else if (!text.trim()) holdings = [];
    const held = byName();
    const goal = o.goalSet();
    view.update({ holdings: held, goal, selected });
    if (selected) editor.show({ name: selected, continent: board.continentOf.get(selected).name, holding: held.get(selected), goal: goal.has(selected) });
    goalNow.textContent = o.goalWords();
    setupEl.textContent = o.setupHint() ?? "";
    o.onRefresh(entry);
    scheduleOffer();
  }

  // ---- Undo (the button, and the browser's Back): board/undo.js ----
  const snapshot = () => Object.fromEntries(o.kept.map((k) => [k, String(get(k) ?? "")]));
  const edits = undoList({
    key: `undo:${id}`, snapshot, most: MOST_UNDO,
    restore: (fields) => { for (const [k, v] of Object.entries(fields)) field(k).value = v; changed(field("position")); },
    onChange: (n) => { undo.disabled = !n; },
  });
  const record = (kind) => edits.record(kind);
  undo.addEventListener("click", () => edits.back());
  addEventListener("popstate", (e) => edits.popped(e.state)); // Back to an entry an edit of this form left

  /** Write holdings (and other fields, by name) into the fields, as typing would. */
  function commit(next, { fields = {}, kind = null } = {}) {
    holdings = next;
    field("position").value = positionText(next, board.territories);
    for (const [k, v] of Object.entries(fields)) field(k).value = v;
    record(kind);
    changed(field("position")); // the live answer, and refresh() below
  }

  const without = (name) => holdings.filter((h) => h.territory !== name);

  function setOwner(owner) {
    const h = holding(selected);
    if (!owner) {
      commit(without(selected), { fields: o.onRemove ? o.onRemove(selected, entry) : {} });
      return;
    }
    commit([...without(selected), { territory: selected, owner, armies: h ? h.armies : lastArmies }]);
    editor.typeArmies(); // its armies next: a key replaces them
  }

  function setArmies(text) {
    const h = holding(selected);
    if (!h) return;
    if (/^\d+$/.test(text)) lastArmies = Number(text);
    commit([...without(selected), { territory: selected, owner: h.owner, armies: text }], { kind: `armies:${selected}` });
  }
  /** The reinforcements offered asked again (a form's switch changed what it offers). */
  entry.scheduleOffer = () => scheduleOffer();
  /** The armies typed last become `n` (a whole continent given at once: the next territory gets as many). */
  entry.armiesTyped = (n) => { if (/^\d+$/.test(String(n))) lastArmies = Number(n); };

  function pickTerritory(name) {
    if (selected === name && !editor.element.hidden) { editor.first().focus(); return; }
    selected = name;
    refresh();
    if (editor.element.getBoundingClientRect().bottom > innerHeight) editor.element.scrollIntoView({ block: "nearest" });
  }

  function applyPreset(name) {
    const p = o.presets.find((x) => x.name === name);
    selected = null;
    editor.hide();
    view.restart();
    ctx.fill(o.presetFields(p));
    record(null);
    refresh();
  }
  presets.addEventListener("click", (e) => { const b = e.target.closest("button[data-preset]"); if (b) applyPreset(b.dataset.preset); });

  /** An empty board: nothing in play, nothing asked yet, no reinforcements. */
  clear.addEventListener("click", () => {
    selected = null;
    editor.hide();
    view.restart();
    commit([], { fields: o.cleared });
  });

  // ---- the reinforcements the engine counts for this position (and the card set, where the form has one): board/offer.js ----
  const cards = field("cards");
  const offer = o.offer ? reinforcementsOffer({
    engine: ctx.engine, hint: o.offer, player: PLAYER,
    position: () => { const pos = parsed(field("position").value); return pos.error ? null : requestPosition(pos.value); },
    cards: () => (cards ? Number(cards.value) : 0),
    use: (n) => { field("reinforcements").value = String(n); changed(field("reinforcements")); },
    off: o.offerOff ?? (() => null),
  }) : null;
  function scheduleOffer() { if (offer) offer.schedule(); }
  // a card set changes the count offered, not the answer: the form does not compute again for it
  if (cards) cards.addEventListener("input", (e) => { e.stopPropagation(); scheduleOffer(); });

  form.addEventListener("input", (e) => {
    if (o.kept.includes(e.target.name)) record(`field:${e.target.name}`); // typed in a field (a commit has recorded its own)
    if (o.watched.includes(e.target.name)) refresh();
  });
  form.addEventListener("reset", () => setTimeout(() => { selected = null; editor.hide(); view.restart(); edits.reset(); refresh(); }, 0));
  // the answer on the board follows the form: dimmed while a new one is computed, gone with it
  new MutationObserver(() => {
    const status = form.dataset.status;
    view.stale(status === "running");
    if (status === "error" || status === "cancelled" || status === "waiting") view.plan(null);
    if (status !== "error") view.fault([]); // the territories an error named are marked until the next run
  }).observe(form, { attributes: true, attributeFilter: ["data-status"] });

  return entry;
}
