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
import { register } from "./registry.js";
import { planTables } from "./plan.js";
import { el } from "../dom.js";
import { changed } from "../controls.js";
import { parseInteger, pick } from "../validate.js";
import { probabilityView, exactBox } from "../views/probability.js";
import { answerLine, answerPart, averageValue, cellChance, lead, valueData } from "../views/answer.js";
import { loadBoard } from "../board/facts.js";
import { drawBoard } from "../board/draw.js";
import { territoryEditor } from "../board/editor.js";
import { PLAYER, readPosition, positionText, readTargets, requestPosition } from "../board/position.js";
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

function read(get) {
  const values = {};
  const errors = {};
  pick(values, errors, "position", readPosition(get("position")));
  pick(values, errors, "reinforcements", parseInteger(get("reinforcements"), { label: "Reinforcements" }));
  const goal = String(get("goal") ?? "");
  if (goal !== TARGETS) values.goal = { take: goal };
  else if (readTargets(get("targets")).length) values.goal = { take: readTargets(get("targets")) };
  else errors.goal = "No territory is marked as a target: pick one on the board and switch on Target, or choose a continent.";
  values.min_move = get("min_move"); // the engine's choices; it words the message for anything else
  return { values, errors };
}

function request(v) {
  return { op: "turn", params: { position: requestPosition(v.position), player: PLAYER, reinforcements: v.reinforcements,
    goal: v.goal, min_move: v.min_move } };
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

function alternatives(r) {
  if (!r.alternatives.length) return null;
  return section("Next-best plans",
    el("p", { class: "hint" }, "Other ways to split the targets: each territory, the new armies it gets (+), what it attacks."),
    el("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": "Next-best plans" },
      el("table", { class: "plan-table turn-alternatives", "data-output": "alternatives" },
        el("caption", { class: "visually-hidden" }, "Next-best plans"),
        el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Chance"), el("th", { scope: "col" }, "Plan"))),
        el("tbody", {}, r.alternatives.map((a) => el("tr", {},
          el("td", valueData(a.win), cellChance(a.win)), el("td", {}, planWords(a.entries))))))));
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
  let selected = null;
  let holdings = []; // the position as last read: [{territory, owner, armies}], names as typed

  const editor = territoryEditor({ id: `${id}-editor`, onOwner: setOwner, onArmies: setArmies, onTarget: setTarget });
  const view = drawBoard(board, { id, editorId: `${id}-editor`, helpId: `${id}-board-help`, onPick: pickTerritory });
  const presets = form.querySelector("[data-role=presets]");
  presets.setAttribute("role", "group");
  presets.setAttribute("aria-label", "Ready-made positions");
  const buttons = board.presets.map((p) => el("button", { type: "button", "data-preset": p.name }, p.label));
  presets.replaceChildren(el("span", { class: "presets-label" }, "Start from:"), ...buttons);
  const help = el("p", { class: "hint", id: `${id}-board-help` },
    "Tap a territory to set who holds it, its armies and whether it is a target. Keyboard: arrow keys move between territories, Enter picks one.");
  slot.replaceChildren(view.element, help, editor.element);

  // the card sets the engine knows, for the board's count
  const cards = field("cards");
  const ordinal = (n) => `${n}${["th", "st", "nd", "rd"][n % 10 > 3 || Math.floor(n / 10) === 1 ? 0 : n % 10]}`;
  cards.append(
    el("optgroup", { label: "Growing sets" }, board.cardSets.growing.map((a, i) => el("option", { value: a }, `${ordinal(i + 1)} set: ${a}`))),
    el("optgroup", { label: "Fixed values" }, board.cardSets.fixed.map(([name, a]) => el("option", { value: a }, `${name}: ${a}`))));
  const given = [...cards.options].find((o) => o.value === cards.dataset.value); // the template's (a form's reset goes back to it)
  if (given) given.defaultSelected = given.selected = true;

  const byName = () => new Map(holdings.map((h) => [board.nameOf(h.territory), h]).filter(([t]) => t));
  const continent = (name) => board.continents.find((c) => c.name === name);
  /** The goal's territories on the board: a continent's, or the targets marked. */
  function goalSet() {
    const goal = field("goal").value;
    if (goal !== TARGETS) return new Set(continent(goal)?.territories ?? []);
    return new Set(readTargets(field("targets").value).map(board.nameOf).filter(Boolean));
  }

  /** Read the fields and draw them (after a change by the reader, a link, a reset or a preset). */
  function refresh() {
    const pos = readPosition(field("position").value);
    if (pos.value) holdings = pos.value; // a position being typed: the board keeps the last one it could read
    const held = byName();
    const goal = goalSet();
    view.update({ holdings: held, goal, selected });
    if (selected) editor.show({ name: selected, continent: board.continentOf.get(selected).name, holding: held.get(selected), goal: goal.has(selected) });
    scheduleOffer();
  }

  /** Write holdings (and the targets and goal, when given) into the fields, as typing would. */
  function commit(next, { targets, goal } = {}) {
    holdings = next;
    field("position").value = positionText(next, board.territories);
    if (targets) field("targets").value = targets.join(", ");
    if (goal) field("goal").value = goal;
    changed(field("position")); // the live answer, and refresh() below
  }

  const without = (name) => holdings.filter((h) => board.nameOf(h.territory) !== name);
  const holding = (name) => byName().get(name);

  function setOwner(owner) {
    const h = holding(selected);
    if (!owner) {
      const targets = readTargets(field("targets").value).filter((t) => board.nameOf(t) !== selected);
      commit(without(selected), { targets });
    } else {
      commit([...without(selected), { territory: selected, owner, armies: h ? h.armies : 1 }]);
    }
  }

  function setArmies(text) {
    const h = holding(selected);
    if (h) commit([...without(selected), { territory: selected, owner: h.owner, armies: text }]);
  }

  function setTarget(on) {
    const now = [...goalSet()].filter((t) => t !== selected && (field("goal").value === TARGETS || byName().has(t)));
    commit(holdings, { targets: on ? [...now, selected] : now, goal: TARGETS });
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
    refresh();
  }
  presets.addEventListener("click", (e) => { const b = e.target.closest("button[data-preset]"); if (b) applyPreset(b.dataset.preset); });

  // ---- the reinforcements the engine counts for this position and card set ----
  let offerTimer = null;
  let offerSeq = 0;
  let offerId = null;
  function scheduleOffer() { clearTimeout(offerTimer); offerTimer = setTimeout(offer, OFFER_DELAY_MS); }
  async function offer() {
    const my = ++offerSeq;
    const pos = readPosition(field("position").value);
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

  form.addEventListener("input", (e) => { if (["position", "targets", "goal"].includes(e.target.name)) refresh(); });
  form.addEventListener("reset", () => setTimeout(() => { selected = null; editor.hide(); view.restart(); refresh(); }, 0));
  // the plan on the board follows the answer: dimmed while a new one is computed, gone with it
  new MutationObserver(() => {
    const status = form.dataset.status;
    view.stale(status === "running");
    if (status === "error" || status === "cancelled") view.plan(null);
    if (status !== "error") view.fault([]); // the territories an error named are marked until the next run
  }).observe(form, { attributes: true, attributeFilter: ["data-status"] });

  controls.set(form, { showPlan: (r) => view.plan(r), fault: (names) => view.fault(names),
    play: turnPlay({ form, ctx, nameOf: board.nameOf }) }); // "Play it": calculators/turn-play.js
  refresh();
}

/** The engine refused the request: mark on the board the territories its message names. */
function refused(err, ctx) {
  const shown = controls.get(ctx.form);
  if (shown) shown.fault(err.territories ?? []);
}

register({ name: "turn", read, request, render, mount, refused });
