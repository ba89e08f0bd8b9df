// Turn: a position on the classic board, set by tapping territories, and the engine's best turn
// for it (op "turn"): P(take the goal) exactly, where to place the reinforcements, the attacks drawn
// on the board as numbered arrows with the armies moved in, the plan in the engine's words, the
// other starts and the next-best plans with their chances, the armies expected on the goal's
// border, and what was searched. The reinforcements field offers the count the engine gives for
// the position and a card set (op "reinforcements"). Every number and sentence is the engine's.
//
// The form's state is its named fields, which a link carries: position (board/position.js's text),
// goal (a continent, or "targets"), targets, reinforcements, min_move, cards, and play (the hidden
// field of "Play it": calculators/turn-play.js). The board and the territory editor write into them. Loaded on demand (calculators/index.js), with the board's
// code, geometry, facts and styles.
//
// Setting up: a first visit opens on an empty board ("Clear the board" gets one back); a position not
// yet complete (nothing of yours, no target, a goal territory without armies, nothing of yours next
// to the goal) is a plain hint beside the board and the form waits (read() returns `waiting`), no
// error; the goal is what the fields ask, said under the board. Fast entry: a territory newly in play
// gets the armies typed last and the armies field takes the next key; "Take <continent>" gives the
// opponent a whole continent. Undo (a button, and Back) restores the fields before the last edits.
import { register } from "./registry.js";
import { planTables } from "./plan.js";
import { el } from "../dom.js";
import { changed } from "../controls.js";
import { parseInteger, pick } from "../validate.js";
import { probabilityView, exactBox } from "../views/probability.js";
import { answerLine, answerPart, averageValue, lead, nextBestTexts, sameChance, valueData } from "../views/answer.js";
import { loadBoard } from "../board/facts.js";
import { drawBoard } from "../board/draw.js";
import { territoryEditor, selectOnFocus } from "../board/editor.js";
import { PLAYER, OPPONENT, readPosition, positionText, readTargets, requestPosition, unknownWords } from "../board/position.js";
import { turnPlay } from "./turn-play.js";

const STYLE_URL = new URL("../../css/board.css", import.meta.url);
const TARGETS = "targets"; // the goal field's value for "the territories marked as targets"
const OFFER_DELAY_MS = 250; // after the last change of the position or the cards

/** The board's style sheet, linked once; resolves when it applies (the board is drawn after). */
function loadStyle(href) {
  const have = [...document.querySelectorAll("link[rel=stylesheet]")].find((l) => l.href === href.href);
  if (have) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const link = el("link", { rel: "stylesheet", href: href.href });
    link.addEventListener("load", resolve);
    link.addEventListener("error", () => reject(new Error("the board's styles could not be loaded")));
    document.head.append(link);
  });
}

const [board] = await Promise.all([loadBoard(), loadStyle(STYLE_URL)]);
const controls = new WeakMap(); // form -> its board, for render()

// ---- the request ----

let lastText = null;
let lastRead = null;
/** The position's text read with the board's names (board/position.js), once per text: the form's
 *  reading, the board's drawing and the count offered share it. */
function parsed(text) {
  const t = String(text ?? "");
  if (t !== lastText) { lastText = t; lastRead = readPosition(t, board); }
  return lastRead;
}

const listNames = (names) => (names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`);

/** The goal the fields ask for: {continent} or {targets: [board names]}, {unknown: [names typed]}. */
function askedGoal(get) {
  const goal = String(get("goal") ?? "");
  if (goal !== TARGETS) return { continent: board.continents.find((c) => c.name === goal) ?? null, name: goal };
  const typed = readTargets(get("targets"));
  return { targets: [...new Set(typed.map(board.nameOf).filter(Boolean))], unknown: typed.filter((t) => !board.nameOf(t)) };
}

/** What the position still lacks before there is a turn to plan, in a player's words (a plain hint
 *  beside the board, not an error), or null. Only what the board shows is checked; the engine checks
 *  the rest. */
function setupHint(get) {
  if (!String(get("position") ?? "").trim()) return "Start with a territory of yours: tap it on the board, then You, then type its armies.";
  const pos = parsed(get("position"));
  if (pos.error) return null; // a mistake in the text: the message beside it says what
  const held = new Map(pos.value.map((h) => [h.territory, h]));
  const yours = pos.value.filter((h) => h.owner === PLAYER).map((h) => h.territory);
  if (!yours.length) return "Mark a territory of yours: tap it on the board, then You.";
  const goal = askedGoal(get);
  if (goal.unknown?.length) return null;
  const want = goal.continent ? goal.continent.territories : goal.targets ?? [];
  if (!want.length) return "Mark at least one target: tap a territory to take, then Opponent, its armies and Target; or choose a continent as the goal.";
  const missing = want.filter((t) => !held.has(t));
  if (missing.length) {
    const some = missing.length > 3 ? `${missing.slice(0, 3).join(", ")} and ${missing.length - 3} more` : listNames(missing);
    return `Give ${some} ${missing.length === 1 ? "its" : "their"} armies: tap ${missing.length === 1 ? "it" : "each"}, then Opponent.`;
  }
  const aim = want.filter((t) => held.get(t).owner !== PLAYER);
  const borders = yours.some((t) => board.neighbours.get(t).some(([n]) => aim.includes(n)));
  if (aim.length && !borders) {
    const next = [...new Set(aim.flatMap((t) => board.neighbours.get(t).map(([n]) => n)))].filter((n) => !want.includes(n));
    return `None of your territories borders the goal: mark one that does (${listNames(next.slice(0, 4))}${next.length > 4 ? ", …" : ""}) as yours.`;
  }
  return null;
}

function read(get) {
  const values = {};
  const errors = {};
  const waiting = setupHint(get);
  pick(values, errors, "position", parsed(get("position")));
  if (waiting) delete errors.position; // an empty board is not a mistake
  pick(values, errors, "reinforcements", parseInteger(get("reinforcements"), { label: "Reinforcements" }));
  const goal = askedGoal(get);
  if (goal.unknown?.length) errors.targets = `Targets: ${unknownWords(goal.unknown, board)}`;
  else values.goal = { take: goal.continent ? goal.name : goal.targets };
  if (!goal.continent && goal.targets === undefined) values.goal = { take: goal.name };
  values.min_move = get("min_move"); // the engine's choices; it words the message for anything else
  values.search = get("search") || "auto"; // "auto", or the narrower search a refusal offered (below)
  return { values, errors, waiting };
}

function request(v) {
  return { op: "turn", params: { position: requestPosition(v.position), player: PLAYER, reinforcements: v.reinforcements,
    goal: v.goal, min_move: v.min_move, ...(v.search && v.search !== "auto" ? { search: v.search } : {}) } };
}

// ---- the answer ----

const listed = (names) => (names.length < 3 ? names.join(" and ") : `all ${names.length}`);

/** "South America", "Alaska", "Alaska and Alberta", "all 4". */
const goalWords = (r) => r.goal_name ?? listed(r.goal);

function section(title, ...children) {
  return el("section", { class: "turn-part" }, el("h3", {}, title), children);
}

/** A plan of the engine's as words: "North Africa (+3): Brazil, Argentina; Central America (+3): Venezuela". */
const planWords = (entries) => entries.map((e) => `${e.territory}${e.placed ? ` (+${e.placed})` : ""}: ${e.targets.join(", ")}`).join("; ");

// ---- the answer's numbers (ux): next-best plans told apart from the best, ties called "as good" ----

function alternatives(r) {
  if (!r.alternatives.length) return null;
  const ties = r.alternatives.some((a) => sameChance(a.win, r.win));
  const cells = nextBestTexts(r.win, r.alternatives.map((a) => a.win));
  return section("Next-best plans",
    el("p", { class: "hint" }, "Other ways to split the targets: each territory, the new armies it gets (+), what it attacks.",
      ties ? " A plan marked “as good” has exactly the best plan’s chance." : ""),
    el("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": "Next-best plans" },
      el("table", { class: "plan-table turn-alternatives", "data-output": "alternatives" },
        el("caption", { class: "visually-hidden" }, "Next-best plans"),
        el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Chance"), el("th", { scope: "col" }, "Plan"))),
        el("tbody", {}, r.alternatives.map((a, i) => el("tr", {},
          el("td", { ...valueData(a.win), "data-as-good": String(sameChance(a.win, r.win)) }, cells[i]), el("td", {}, planWords(a.entries))))))));
}

function alone(r) {
  if (r.alone.length < 2) return null;
  return section("From one territory",
    el("ul", { class: "answer-more" }, r.alone.map((a) => el("li", { "data-entry": a.territory },
      answerPart("alone", `Every new army on ${a.territory}, attacking from there only:`, a.win)))));
}

function borders(r) {
  if (!r.borders.length) return null;
  const goal = goalWords(r);
  return section("Holding it",
    el("p", {}, `Armies expected on each border territory once ${r.goal_name ? goal : "the goal"} is taken (the territories it can be attacked from):`),
    el("ul", { class: "answer-more", "data-output": "borders" }, r.borders.map((b) => el("li", { "data-border": b.territory },
      `${b.territory}: `, averageValue(b.expected_armies, "border")))));
}

// ---- the best real play (issue 33): its chance first, the fixed plan's beside it, its line drawn ----

const isReal = (r) => r.searched.family === "real";

/** What the board draws: the real play's most likely course (its attacks, with the armies moved in
 *  after each conquest), else the fixed plan's steps. */
function boardPlan(r) {
  if (!isReal(r)) return r;
  const steps = (r.line ?? []).filter((s) => s.from).map((s) => ({ from: s.from, target: s.to, move: s.taken ? s.moved : "–" }));
  return { placement: r.placement, steps };
}

/** The answer's words: [the placement line or null, the rest]. The real play's words have a
 *  placement line only when armies are placed; the fixed plan's always do. */
function splitWords(r) {
  if (isReal(r) && !r.placement.some((p) => p.armies > 0)) return [null, r.words];
  return [r.words[0], r.words.slice(1)];
}

function fixedPart(r) {
  if (isReal(r) && r.fixed) return answerPart("fixed", "a plan fixed in advance:", r.fixed.win);
  if (!isReal(r)) return el("span", { class: "answer-part", "data-output": "fixed-note" }, "the best plan fixed in advance (playing each roll as it comes may do better)");
  return null;
}

function render(r, v, ctx) {
  const shown = controls.get(ctx.form);
  if (shown) shown.showPlan(boardPlan(r));
  const goal = goalWords(r);
  const [placement, attacks] = splitWords(r);
  const playIt = shown ? shown.play.answered(r, request(v).params) : null;
  return el("div", { class: "turn-result" },
    lead(
      answerLine([answerPart("win", `Take ${goal}:`, r.win), fixedPart(r)]),
      placement ? el("p", { class: "turn-placement", "data-output": "placement" }, placement) : null,
      exactBox([probabilityView(r.win, { detail: "win", label: `P(take ${goal}), ${isReal(r) ? "the best play" : "the best plan"}` }),
        ...(isReal(r) && r.fixed ? [probabilityView(r.fixed.win, { detail: "fixed", label: `P(take ${goal}), the best plan fixed in advance` })] : [])]),
      playIt),
    section(isReal(r) ? "The play" : "The attacks",
      el("ul", { class: "answer-more plan-words", "data-output": "words" }, attacks.map((w) => el("li", {}, w))),
      el("p", { class: "hint" }, isReal(r)
        ? "On the board, each arrow is an attack of the most likely course, numbered in this order, with the armies moved in after the conquest."
        : "On the board, each arrow is an attack, numbered in this order, with the armies moved in after the conquest.")),
    isReal(r) && r.fixed ? section("A plan fixed in advance",
      el("p", { class: "hint" }, "The best plan that fixes every attack before the first roll, for comparison:"),
      el("ul", { class: "answer-more plan-words", "data-output": "fixed-words" }, r.fixed.words.map((w) => el("li", {}, w)))) : null,
    alone(r), alternatives(r), borders(r),
    planTables(r),
    section("What was searched", el("p", { "data-output": "searched", "data-complete": String(r.searched.complete) }, r.searched.words)),
    el("details", { class: "box" }, el("summary", {}, el("span", { class: "box-title" }, "How the plan is worked out")),
      el("ul", { "data-output": "model" }, r.model.map((s) => el("li", {}, s)))));
}

// ---- the board, the territory editor, the ready-made positions, the reinforcements offered ----

function mount(form, ctx) {
  const id = form.id;
  const field = (name) => form.elements.namedItem(name);
  const slot = form.querySelector("[data-role=board]");
  const offerEl = form.querySelector(`#${CSS.escape(id)}-reinforcements-hint`);
  const offerDefault = offerEl ? offerEl.textContent : "";
  const get = (name) => field(name)?.value;
  let selected = null;
  let holdings = []; // the position as last read: [{territory, owner, armies}], the board's names
  let lastArmies = 1; // the armies typed last: a territory newly in play gets as many

  const editor = territoryEditor({ id: `${id}-editor`, onOwner: setOwner, onArmies: setArmies, onTarget: setTarget, onContinent: wholeContinent });
  const view = drawBoard(board, { id, editorId: `${id}-editor`, helpId: `${id}-board-help`, onPick: pickTerritory });
  const presets = form.querySelector("[data-role=presets]");
  presets.setAttribute("role", "group");
  presets.setAttribute("aria-label", "Ready-made positions");
  const buttons = board.presets.map((p) => el("button", { type: "button", "data-preset": p.name }, p.label));
  presets.replaceChildren(el("span", { class: "presets-label" }, "Start from:"), ...buttons);
  const help = el("p", { class: "hint", id: `${id}-board-help` },
    "Tap a territory to set who holds it (then type its armies) and whether it is a target; on an opponent's territory, “Take …” gives the opponent its whole continent. Keyboard: arrow keys move between territories, Enter picks one.");
  // beside the board: the goal as the fields ask it, and what the position still lacks
  const goalNow = el("p", { class: "goal-now", id: `${id}-goal-now`, "aria-live": "polite" });
  const setupEl = el("p", { class: "hint", "data-role": "setup-hint", "aria-live": "polite" });
  const undo = el("button", { type: "button", "data-action": "undo", disabled: true }, "Undo");
  const clear = el("button", { type: "button", "data-action": "clear" }, "Clear the board");
  const note = el("div", { class: "board-note" }, goalNow, setupEl, el("div", { class: "board-tools" }, undo, clear));
  slot.replaceChildren(view.element, editor.element, note, help); // the editor next after the board, for the keyboard too
  selectOnFocus(field("reinforcements"));

  // the card sets the engine knows, for the board's count
  const cards = field("cards");
  const ordinal = (n) => `${n}${["th", "st", "nd", "rd"][n % 10 > 3 || Math.floor(n / 10) === 1 ? 0 : n % 10]}`;
  cards.append(
    el("optgroup", { label: "Growing sets" }, board.cardSets.growing.map((a, i) => el("option", { value: a }, `${ordinal(i + 1)} set: ${a}`))),
    el("optgroup", { label: "Fixed values" }, board.cardSets.fixed.map(([name, a]) => el("option", { value: a }, `${name}: ${a}`))));
  const given = [...cards.options].find((o) => o.value === cards.dataset.value); // the template's (a form's reset goes back to it)
  if (given) given.defaultSelected = given.selected = true;

  const byName = () => new Map(holdings.map((h) => [h.territory, h]));
  /** The goal's territories on the board: a continent's, or the targets marked. */
  function goalSet() {
    const goal = askedGoal(get);
    return new Set(goal.continent ? goal.continent.territories : goal.targets ?? []);
  }

  /** "Goal: take Africa (bonus 3)." or the targets marked, or none yet: where the player looks. */
  function goalWords() {
    const goal = askedGoal(get);
    if (goal.continent) return `Goal: take ${goal.continent.name} (bonus ${goal.continent.bonus}).`;
    if (goal.targets?.length) return `Goal: take ${listNames(goal.targets)}, the territor${goal.targets.length === 1 ? "y" : "ies"} marked as target${goal.targets.length === 1 ? "" : "s"}.`;
    return "Goal: none yet.";
  }

  /** Read the fields and draw them (after a change by the reader, a link, a reset or a preset). */
  function refresh() {
    const text = String(get("position") ?? "");
    const pos = parsed(text);
    if (pos.value) holdings = pos.value; // a position being typed: the board keeps the last one it could read
    else if (!text.trim()) holdings = [];
    const held = byName();
    const goal = goalSet();
    view.update({ holdings: held, goal, selected });
    if (selected) editor.show({ name: selected, continent: board.continentOf.get(selected).name, holding: held.get(selected), goal: goal.has(selected) });
    goalNow.textContent = goalWords();
    setupEl.textContent = setupHint(get) ?? "";
    scheduleOffer();
  }

  // ---- Undo (the button, and the browser's Back): the fields as they were before each edit ----
  const KEPT = ["position", "targets", "goal", "reinforcements"];
  const snapshot = () => Object.fromEntries(KEPT.map((k) => [k, String(get(k) ?? "")]));
  const past = []; // [{fields, kind}], the oldest first
  let now = snapshot();
  let restoring = false;
  const UNDO_KEY = `undo:${id}`; // in history.state: how many edits the entry's page had
  let editKind = null; // what the next recorded change is: "armies:Egypt" (typing more digits is one edit), "field:reinforcements"
  /** A change of the fields: the fields before it go on the Undo list (a burst of the same kind is one edit). */
  function record(kind) {
    const next = snapshot();
    if (restoring || KEPT.every((k) => next[k] === now[k])) return;
    const last = past.at(-1);
    if (!(last && kind && last.kind === kind && kind === editKind)) {
      past.push({ fields: now, kind });
      if (past.length > 50) past.shift();
      if (past.length === 1) history.replaceState({ ...(history.state ?? {}), [UNDO_KEY]: 0 }, "", location.href);
      history.pushState({ ...(history.state ?? {}), [UNDO_KEY]: past.length }, "", location.href);
    }
    editKind = kind;
    now = next;
    undo.disabled = !past.length;
  }
  function undoOne() {
    const last = past.pop();
    if (!last) return;
    restoring = true;
    for (const [k, v] of Object.entries(last.fields)) field(k).value = v;
    now = last.fields;
    editKind = null;
    undo.disabled = !past.length;
    changed(field("position"));
    restoring = false;
  }
  undo.addEventListener("click", () => {
    if (history.state?.[UNDO_KEY] === past.length) history.back(); // popstate below undoes it
    else undoOne();
  });
  addEventListener("popstate", (e) => { // Back to an entry an edit of this form left: the edits after it undone
    const n = e.state?.[UNDO_KEY];
    if (Number.isInteger(n)) while (past.length > n) undoOne();
  });

  /** Write holdings (and the targets and goal, when given) into the fields, as typing would. */
  function commit(next, { targets, goal, kind = null } = {}) {
    holdings = next;
    field("position").value = positionText(next, board.territories);
    if (targets) field("targets").value = targets.join(", ");
    if (goal) field("goal").value = goal;
    record(kind);
    changed(field("position")); // the live answer, and refresh() below
  }

  const without = (name) => holdings.filter((h) => h.territory !== name);
  const holding = (name) => byName().get(name);

  function setOwner(owner) {
    const h = holding(selected);
    if (!owner) {
      const targets = readTargets(get("targets")).filter((t) => board.nameOf(t) !== selected);
      commit(without(selected), { targets });
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

  /** Target on: the goal becomes the territories marked as targets, this one among them; never one
   *  the player did not mark (a continent's goal gives way to this one alone). Off: the others the
   *  board shows as targets stay. */
  function setTarget(on) {
    const asked = askedGoal(get);
    const shown = [...goalSet()].filter((t) => t !== selected && (asked.targets || (holding(t) && holding(t).owner !== PLAYER)));
    const targets = on ? (asked.targets ? [...shown, selected] : [selected]) : shown;
    commit(holdings, { targets, goal: TARGETS });
  }

  /** The picked territory's continent, all of it the opponent's (but the player's own territories)
   *  with as many armies on each as on this one, and the goal. */
  function wholeContinent() {
    const h = holding(selected);
    if (!h) return;
    const c = board.continentOf.get(selected);
    const mine = new Set(holdings.filter((x) => x.owner === PLAYER).map((x) => x.territory));
    const rest = holdings.filter((x) => !c.territories.includes(x.territory) || mine.has(x.territory));
    const theirs = c.territories.filter((t) => !mine.has(t)).map((t) => ({ territory: t, owner: OPPONENT, armies: h.armies }));
    if (/^\d+$/.test(String(h.armies))) lastArmies = Number(h.armies);
    field("targets").value = "";
    commit([...rest, ...theirs], { goal: c.name });
  }

  function pickTerritory(name) {
    if (selected === name && !editor.element.hidden) { editor.first().focus(); return; }
    selected = name;
    refresh();
    if (editor.element.getBoundingClientRect().bottom > innerHeight) editor.element.scrollIntoView({ block: "nearest" });
  }

  function applyPreset(name) {
    const p = board.presets.find((x) => x.name === name);
    selected = null;
    editor.hide();
    view.restart();
    ctx.fill({ ...p.fields, cards: "0" });
    record(null);
    refresh();
  }
  presets.addEventListener("click", (e) => { const b = e.target.closest("button[data-preset]"); if (b) applyPreset(b.dataset.preset); });

  /** An empty board: nothing in play, no goal yet, no reinforcements. */
  clear.addEventListener("click", () => {
    selected = null;
    editor.hide();
    view.restart();
    field("targets").value = "";
    field("goal").value = TARGETS;
    field("reinforcements").value = "0";
    commit([], {});
  });

  // ---- the reinforcements the engine counts for this position and card set ----
  let offerTimer = null;
  let offerSeq = 0;
  let offerId = null;
  function scheduleOffer() { clearTimeout(offerTimer); offerTimer = setTimeout(offer, OFFER_DELAY_MS); }
  async function offer() {
    const my = ++offerSeq;
    const pos = parsed(field("position").value);
    if (offerId !== null && !ctx.engine.isRunning(offerId)) ctx.engine.cancel(offerId);
    if (pos.error || !offerEl) { if (offerEl) offerEl.textContent = offerDefault; return; }
    const call = ctx.engine.call("reinforcements", { position: requestPosition(pos.value), player: PLAYER, cards: Number(cards.value) });
    offerId = call.id;
    let result;
    try { ({ result } = await call.promise); } catch { return; } // cancelled by a newer one, or the engine restarted
    if (my !== offerSeq) return;
    if (!result.ok) { offerEl.textContent = offerDefault; return; }
    const parts = [`${result.from_territories} for ${result.territories} territor${result.territories === 1 ? "y" : "ies"}`,
      ...result.continents.map((c) => `${c.bonus} for ${c.name}`), ...(result.cards ? [`${result.cards} for the cards`] : [])];
    const use = el("button", { type: "button", class: "use-count", "data-offer": result.reinforcements },
      `Use ${result.reinforcements}`);
    use.addEventListener("click", () => { field("reinforcements").value = String(result.reinforcements); changed(field("reinforcements")); });
    offerEl.replaceChildren(`The board gives you ${result.reinforcements}: ${parts.join(", ")}. `, use);
  }
  // a card set changes the count offered, not the answer: the form does not compute again for it
  cards.addEventListener("input", (e) => { e.stopPropagation(); scheduleOffer(); });

  form.addEventListener("input", (e) => {
    if (KEPT.includes(e.target.name)) record(`field:${e.target.name}`); // typed in a field (a commit has recorded its own)
    if (["position", "targets", "goal"].includes(e.target.name)) refresh();
  });
  form.addEventListener("reset", () => setTimeout(() => { selected = null; editor.hide(); view.restart(); now = snapshot(); refresh(); }, 0));
  // the plan on the board follows the answer: dimmed while a new one is computed, gone with it
  new MutationObserver(() => {
    const status = form.dataset.status;
    view.stale(status === "running");
    if (status === "error" || status === "cancelled" || status === "waiting") view.plan(null);
    if (status !== "error") view.fault([]); // the territories an error named are marked until the next run
  }).observe(form, { attributes: true, attributeFilter: ["data-status"] });

  controls.set(form, { showPlan: (r) => view.plan(r), fault: (names) => view.fault(names),
    play: turnPlay({ form, ctx, nameOf: board.nameOf }) }); // "Play it": calculators/turn-play.js
  widenAgain(form);
  refresh();
}

/** The engine refused the request: mark on the board the territories its message names; and a
 *  turn that ran past its time offers the narrower search the engine estimated to fit. */
function refused(err, ctx) {
  const shown = controls.get(ctx.form);
  if (shown) shown.fault(err.territories ?? []);
  offerNarrower(err, ctx);
}

// ---- progress and refusals (ux): a refused turn offers the narrower search it can finish ----

function offerNarrower(err, ctx) {
  if (!err.narrower) return;
  const form = ctx.form;
  const at = form.querySelector(`[data-error-for="${CSS.escape(err.field ?? "_form")}"]`) ?? form.querySelector('[data-error-for="_form"]');
  const button = el("button", { type: "button", class: "offer", "data-offer-search": err.narrower.search },
    `Search ${err.narrower.words} instead`);
  button.addEventListener("click", () => ctx.fill({ search: err.narrower.search }));
  at.append(" ", el("span", { class: "offer-line" }, "A narrower search can finish in time: ", button));
}

/** A change to the position or the goal asks for the widest search that fits again. */
function widenAgain(form) {
  form.addEventListener("input", (e) => {
    if (["position", "targets", "goal", "reinforcements", "min_move"].includes(e.target.name)) form.elements.namedItem("search").value = "auto";
  });
  form.addEventListener("reset", () => { form.elements.namedItem("search").value = "auto"; });
}

register({ name: "turn", read, request, render, mount, refused });
