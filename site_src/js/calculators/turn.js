// Turn: a position on the classic board, set by tapping territories, and the engine's best turn
// for it (op "turn"): P(take the goal) exactly, where to place the reinforcements, the attacks drawn
// on the board as numbered arrows with the armies moved in, the plan in the engine's words, the
// other starts and the next-best plans with their chances, the armies expected on the goal's
// border, and what was searched. The reinforcements field offers the count the engine gives for
// the position and a card set (op "reinforcements"). Every number and sentence is the engine's.
//
// The form's state is its named fields, which a link carries: position (board/position.js's text),
// goal (a continent, or "targets"), targets, reinforcements, min_move, cards, and play (the hidden
// field of "Play it": calculators/turn-play.js). The board and the territory editor write into them
// (board/entry.js, shared with the Hold calculator). Loaded on demand (calculators/index.js), with
// the board's code, geometry, facts and styles.
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
import { parseInteger, pick } from "../validate.js";
import { probabilityView, exactBox } from "../views/probability.js";
import { answerLine, answerPart, averageValue, lead, nextBestTexts, sameChance, valueData } from "../views/answer.js";
import { loadBoard } from "../board/facts.js";
import { BOARD_STYLE, boardEntry, giveContinent, loadStyle, positionReader } from "../board/entry.js";
import { PLAYER, OPPONENT, diceWords, listNames, readTargets, requestPosition, unknownWords } from "../board/position.js";
import { turnPlay } from "./turn-play.js";
import { lineEnd, listed } from "./turn-play-state.js";
import { keepLink } from "./keep-link.js";
import { selectOnFocus } from "../board/editor.js";
import { KILL, killHint, killPlan, killRequest, readKill, renderKill, victimsOf } from "./turn-kill.js";

const TARGETS = "targets"; // the goal field's value for "the territories marked as targets"

const [board] = await Promise.all([loadBoard(), loadStyle(BOARD_STYLE)]);
const controls = new WeakMap(); // form -> its board, for render()

// ---- the request ----

const parsed = positionReader(board);

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
  if (get("aim") === KILL) return killHint(pos.value, get); // eliminating: no goal territories to check
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
  const longer = Number(get("time_budget_s")); // the longer budget an answer offered for the real play
  if (values.search === "real" && Number.isFinite(longer) && longer > 0) values.time_budget_s = longer;
  values.aim = ["keep", KILL].includes(get("aim")) ? get("aim") : "take";
  if (values.aim === "keep") pick(values, errors, "opponent_reinforcements", parseInteger(get("opponent_reinforcements"), { label: "His reinforcements" }));
  if (values.aim === KILL) { // the goal fields do not take part
    delete errors.targets;
    readKill(get, values, errors, board.cardSets);
  }
  return { values, errors, waiting };
}

function request(v) {
  if (v.aim === KILL) return killRequest(v, requestPosition(v.position)); // op "turn", goal eliminate
  if (v.aim === "keep") { // op "keep": the play that takes the goal and keeps it through his next turn
    return { op: "keep", params: { position: requestPosition(v.position), player: PLAYER, reinforcements: v.reinforcements,
      goal: v.goal, opponent: OPPONENT, opponent_reinforcements: v.opponent_reinforcements, min_move: v.min_move } };
  }
  return { op: "turn", params: { position: requestPosition(v.position), player: PLAYER, reinforcements: v.reinforcements,
    goal: v.goal, min_move: v.min_move, ...(v.search && v.search !== "auto" ? { search: v.search } : {}),
    ...(v.time_budget_s ? { time_budget_s: v.time_budget_s } : {}) } };
}

// ---- the answer ----

/** "South America", "Alaska", "Alaska and Alberta", "all 4". */
const goalWords = (r) => r.goal_name ?? listed(r.goal);

function section(title, ...children) {
  return el("section", { class: "turn-part" }, el("h3", {}, title), children);
}

/** A plan of the engine's as words: "North Africa (+3): Brazil, Argentina; Central America (+3): Venezuela". */
const planWords = (entries) => entries.map((e) => `${e.territory}${e.placed ? ` (+${e.placed})` : ""}: ${e.targets.join(", ")}`).join("; ");

// ---- the answer's numbers (ux): next-best plans told apart from the best, ties called "as good" ----

/** The next-best plans: a fixed plan's own, or beside the real play the fixed plan's (the real play
 *  has no other plans), said to be plans fixed in advance and told apart from that plan's chance. */
function alternatives(r) {
  const plan = isReal(r) ? r.fixed : r;
  if (!plan?.alternatives?.length) return null;
  const title = isReal(r) ? "Next-best plans fixed in advance" : "Next-best plans";
  const ties = plan.alternatives.some((a) => sameChance(a.win, plan.win));
  const cells = nextBestTexts(plan.win, plan.alternatives.map((a) => a.win));
  return section(title,
    el("p", { class: "hint" }, "Other ways to split the targets: each territory, the new armies it gets (+), what it attacks.",
      isReal(r) ? " Each is fixed before the first roll, so they compare with the best plan fixed in advance, not with the play above." : "",
      ties ? ` A plan marked “as good” has exactly the best ${isReal(r) ? "fixed " : ""}plan’s chance.` : ""),
    el("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": title },
      el("table", { class: "plan-table turn-alternatives", "data-output": "alternatives" },
        el("caption", { class: "visually-hidden" }, title),
        el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Chance"), el("th", { scope: "col" }, "Plan"))),
        el("tbody", {}, plan.alternatives.map((a, i) => el("tr", {},
          el("td", { ...valueData(a.win), "data-as-good": String(sameChance(a.win, plan.win)) }, cells[i]), el("td", {}, planWords(a.entries))))))));
}

/** The best chance from each territory alone: a fixed plan's (beside the real play, the fixed plan's,
 *  said so). */
function alone(r) {
  const list = isReal(r) ? r.fixed?.alone ?? [] : r.alone;
  if (list.length < 2) return null;
  return section(isReal(r) ? "From one territory, with a plan fixed in advance" : "From one territory",
    el("ul", { class: "answer-more" }, list.map((a) => el("li", { "data-entry": a.territory },
      answerPart("alone", `Every new army on ${a.territory}, attacking from there only:`, a.win)))));
}

/** Holding it: a fixed plan's expected armies on each border territory once the goal is taken; the
 *  real play's are the armies its typical course leaves there (the engine's `borders`, where that
 *  course takes the goal), the same as the board and "Will I keep it?" show. */
function borders(r) {
  if (!r.borders.length) return null;
  const goal = r.goal_name ? goalWords(r) : "the goal";
  if (isReal(r)) {
    return section("Holding it",
      el("p", {}, `Armies on each border territory where the typical course ends, ${goal} taken (the territories it can be attacked from):`),
      el("ul", { class: "answer-more", "data-output": "borders" }, r.borders.map((b) => el("li", { "data-border": b.territory },
        `${b.territory}: `, el("strong", { "data-output": "border", "data-armies": String(b.armies) }, String(b.armies))))));
  }
  return section("Holding it",
    el("p", {}, `Armies expected on each border territory once ${goal} is taken (the territories it can be attacked from):`),
    el("ul", { class: "answer-more", "data-output": "borders" }, r.borders.map((b) => el("li", { "data-border": b.territory },
      `${b.territory}: `, averageValue(b.expected_armies, "border")))));
}

// ---- the best real play (issue 33): its chance first, the fixed plan's beside it, its line drawn ----

const isReal = (r) => r.searched.family === "real";

/** What the board draws: the real play's typical course (each roll's most likely outcome in turn:
 *  its attacks, with the armies moved in after each conquest), else the fixed plan's steps. */
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
  // too big to play roll by roll: the engine's interval, the fixed plan below and no play above
  if (!isReal(r) && r.bounds) return el("span", { class: "answer-part", "data-output": "bounds" }, r.bounds.words);  // its "why" below
  if (!isReal(r)) return el("span", { class: "answer-part", "data-output": "fixed-note" }, "the best plan fixed in advance (playing each roll as it comes may do better)");
  return null;
}

/** "Will I keep it?" (calculators/keep-link.js): the Hold calculator on the position the best play's
 *  typical course ends in, where that course takes the goal. */
function keepIt(r, params, ctx) {
  if (!isReal(r)) return null;
  const start = Object.fromEntries(Object.entries(params.position).map(([t, h]) => [board.nameOf(t) ?? t, { ...h }]));
  const end = lineEnd(start, r.placement, r.line ?? [], r.goal);
  if (!end) return null;
  return keepLink({ engine: ctx.engine, position: end, goal: r.goal, goalName: r.goal_name ?? null, order: board.territories,
    words: "Hold works out your chance to keep it through his next turn, from where a typical course of this turn ends." });
}

/** The keeping play's typical course (the engine's `line`: each roll's most likely outcome in turn),
 *  one sentence a battle. */
export function keepLineWords(line) {
  return line.filter((s) => s.from).map((s, i) => {
    const head = `${i ? "Then attack" : "Attack"} ${s.to} from ${s.from} (${s.armies} against ${s.defenders}) with ${diceWords(s.dice)}`;
    return s.taken
      ? `${head}: on the most likely rolls it falls after ${s.rolls} roll${s.rolls === 1 ? "" : "s"}; move ${s.moved} in, leave ${s.left}.`
      : `${head} until ${s.from} has ${s.left} and ${s.to} ${s.defenders_left}.`;
  });
}

/** The answer of op "keep": both chances first, "Play it" (each step asks op keep from there), then
 *  the play, what playing only to take keeps, and what was searched. */
function renderKeep(r, v, ctx) {
  const shown = controls.get(ctx.form);
  const params = request(v).params;
  let playIt = null;
  if (shown) {
    shown.showPlan(boardPlan(r)); // the keeping play's most likely course, as the real play's
    playIt = shown.play.answered(r, params); // "Play it" for keeping: each step asks op keep from there
  }
  const goal = goalWords(r);
  const placed = r.placement.filter((p) => p.armies > 0).map((p) => `${p.armies} on ${p.territory}`);
  const greedy = r.greedy && !sameChance(r.greedy.keep, r.keep) ? r.greedy : null;
  return el("div", { class: "turn-result" },
    lead(
      answerLine([answerPart("keep", `Take and keep ${goal}:`, r.keep), answerPart("take", "take it:", r.take)]),
      el("p", { class: "turn-placement", "data-output": "placement" }, placed.length ? `Place ${listNames(placed)}.` : "Nothing to place."),
      exactBox([probabilityView(r.keep, { detail: "keep", label: `P(${goal} still yours after his turn), the best play` }),
        probabilityView(r.take, { detail: "take", label: `P(take ${goal}), the same play` }),
        ...(greedy ? [probabilityView(greedy.keep, { detail: "greedy-keep", label: `P(${goal} still yours), playing only to take` })] : [])]),
      playIt),
    section("The play",
      el("ul", { class: "answer-more plan-words", "data-output": "words" }, r.words.map((w) => el("li", {}, w))),
      r.line.length ? [el("p", { class: "hint" }, "A typical course (each roll going its most likely way):"),
        el("ol", { class: "answer-more", "data-output": "line" }, keepLineWords(r.line).map((w) => el("li", {}, w)))] : null,
      r.fortify ? el("p", { "data-output": "fortify" }, `Then fortify: move ${r.fortify.armies} from ${r.fortify.from} to ${r.fortify.to}.`) : null,
      el("p", { class: "hint" }, "On the board, each arrow is an attack of a typical course (each roll going its most likely way), numbered in this order, with the armies moved in after the conquest.")),
    greedy ? section("Playing only to take",
      el("p", { "data-output": "greedy" }, "The best play for taking alone takes ", answerPart("greedy-take", "", greedy.take),
        " and keeps ", answerPart("greedy-keep", "", greedy.keep), ".")) : null,
    section("What was searched", el("p", { "data-output": "searched", "data-complete": String(r.searched.complete) }, r.searched.words)),
    el("details", { class: "box" }, el("summary", {}, el("span", { class: "box-title" }, "How the play is worked out")),
      el("ul", { "data-output": "model" }, r.model.map((s) => el("li", {}, s)))));
}

function render(r, v, ctx) {
  if (r.keep !== undefined) return renderKeep(r, v, ctx);
  if (r.kind === "kill") {
    const shown = controls.get(ctx.form);
    if (shown) shown.showPlan(killPlan(r));
    return renderKill(r, shown && r.player === PLAYER ? shown.play.answered(r, request(v).params) : null);
  }
  const shown = controls.get(ctx.form);
  if (shown) shown.showPlan(boardPlan(r));
  const goal = goalWords(r);
  const [placement, attacks] = splitWords(r);
  const params = request(v).params;
  const playIt = shown ? shown.play.answered(r, params) : null;
  return el("div", { class: "turn-result" },
    lead(
      answerLine([answerPart("win", `Take ${goal}:`, r.win), fixedPart(r)]),
      !isReal(r) && r.bounds ? el("p", { class: "hint", "data-output": "bounds-why" }, r.bounds.why) : null,
      longerOffer(r, ctx),
      placement ? el("p", { class: "turn-placement", "data-output": "placement" }, placement) : null,
      exactBox([probabilityView(r.win, { detail: "win", label: `P(take ${goal}), ${isReal(r) ? "the best play" : "the best plan"}` }),
        ...(isReal(r) && r.fixed ? [probabilityView(r.fixed.win, { detail: "fixed", label: `P(take ${goal}), the best plan fixed in advance` })] : []),
        ...(!isReal(r) && r.bounds ? [probabilityView(r.bounds.high, { detail: "bound", label: `the most any play takes ${goal} with` })] : [])]),
      playIt, keepIt(r, params, ctx)),
    section(isReal(r) ? "The play" : "The attacks",
      el("ul", { class: "answer-more plan-words", "data-output": "words" }, attacks.map((w) => el("li", {}, w))),
      el("p", { class: "hint" }, isReal(r)
        ? "On the board, each arrow is an attack of a typical course (each roll going its most likely way), numbered in this order, with the armies moved in after the conquest."
        : "On the board, each arrow is an attack, numbered in this order, with the armies moved in after the conquest.")),
    borders(r),
    isReal(r) && r.fixed ? section("A plan fixed in advance",
      el("p", { class: "hint" }, "The best plan that fixes every attack before the first roll, for comparison (its numbers are that plan’s, not the play above):"),
      el("ul", { class: "answer-more plan-words", "data-output": "fixed-words" }, r.fixed.words.map((w) => el("li", {}, w))),
      el("div", { "data-output": "fixed-tables" }, planTables({ ...r.fixed, counts: r.counts }))) : null,
    alone(r), alternatives(r),
    isReal(r) ? null : planTables(r),
    section("What was searched", el("p", { "data-output": "searched", "data-complete": String(r.searched.complete) }, r.searched.words)),
    el("details", { class: "box" }, el("summary", {}, el("span", { class: "box-title" }, "How the plan is worked out")),
      el("ul", { "data-output": "model" }, r.model.map((s) => el("li", {}, s)))));
}

// ---- the board, the territory editor, the ready-made positions, the reinforcements offered ----

function mount(form, ctx) {
  const id = form.id;
  const get = (name) => form.elements.namedItem(name)?.value;
  const offerEl = form.querySelector(`#${CSS.escape(id)}-reinforcements-hint`);

  // the card sets the engine knows, for the board's count
  const cards = form.elements.namedItem("cards");
  const ordinal = (n) => `${n}${["th", "st", "nd", "rd"][n % 10 > 3 || Math.floor(n / 10) === 1 ? 0 : n % 10]}`;
  cards.append(
    el("optgroup", { label: "Growing sets" }, board.cardSets.growing.map((a, i) => el("option", { value: a }, `${ordinal(i + 1)} set: ${a}`))),
    el("optgroup", { label: "Fixed values" }, board.cardSets.fixed.map(([name, a]) => el("option", { value: a }, `${name}: ${a}`))));
  const given = [...cards.options].find((o) => o.value === cards.dataset.value); // the template's (a form's reset goes back to it)
  if (given) given.defaultSelected = given.selected = true;

  /** The goal's territories on the board: a continent's, or the targets marked. */
  function goalSet() {
    if (get("aim") === KILL) { // every territory of the players named
      const who = get("kill_turn") === "his" ? [PLAYER] : victimsOf(get("victims"));
      const pos = parsed(get("position"));
      return new Set((pos.value ?? []).filter((h) => who.includes(h.owner)).map((h) => h.territory));
    }
    const goal = askedGoal(get);
    return new Set(goal.continent ? goal.continent.territories : goal.targets ?? []);
  }

  /** "Goal: take Africa (bonus 3)." or the targets marked, or none yet: where the player looks. */
  function goalWords() {
    if (get("aim") === KILL) {
      return get("kill_turn") === "his" ? "Goal: his turn, to eliminate you (every territory of yours)."
        : `Goal: eliminate ${listNames(victimsOf(get("victims")))} (every territory of theirs).`;
    }
    const goal = askedGoal(get);
    if (goal.continent) return `Goal: take ${goal.continent.name} (bonus ${goal.continent.bonus}).`;
    if (goal.targets?.length) return `Goal: take ${listNames(goal.targets)}, the territor${goal.targets.length === 1 ? "y" : "ies"} marked as target${goal.targets.length === 1 ? "" : "s"}.`;
    return "Goal: none yet.";
  }

  /** Target on: the goal becomes the territories marked as targets, this one among them; never one
   *  the player did not mark (a continent's goal gives way to this one alone). Off: the others the
   *  board shows as targets stay. */
  function setTarget(on, entry) {
    const { selected, holding } = entry;
    const asked = askedGoal(get);
    const shown = [...goalSet()].filter((t) => t !== selected && (asked.targets || (holding(t) && holding(t).owner !== PLAYER)));
    const targets = on ? (asked.targets ? [...shown, selected] : [selected]) : shown;
    entry.commit(entry.holdings(), { fields: { targets: targets.join(", "), goal: TARGETS } });
  }

  /** "Take …": the picked territory's continent, all of it the opponent's (but the player's own
   *  territories), with as many armies on each as on this one, and the goal. */
  const wholeContinent = (entry) => giveContinent(entry, board, OPPONENT, (name) => ({ targets: "", goal: name }));

  const entry = boardEntry(form, ctx, board, parsed, {
    presets: board.presets,
    presetFields: (p) => ({ ...p.fields, cards: "0" }),
    kept: ["position", "targets", "goal", "reinforcements"],
    watched: ["position", "targets", "goal", "aim", "victims", "kill_turn"],
    goalSet, goalWords, setupHint: () => setupHint(get),
    markLabel: "Target", onMark: setTarget, onWhole: wholeContinent,
    /** a territory out of play is no target either */
    onRemove: (name) => ({ targets: readTargets(get("targets")).filter((t) => board.nameOf(t) !== name).join(", ") }),
    cleared: { targets: "", goal: TARGETS, reinforcements: "0" },
    help: "Tap a territory to set who holds it (then type its armies) and whether it is a target; on an opponent's territory, “Take …” gives the opponent its whole continent. Keyboard: arrow keys move between territories, Enter picks one.",
    offer: offerEl,
  });
  const view = entry.view;
  controls.set(form, { showPlan: (r) => view.plan(r), fault: (names) => view.fault(names),
    play: turnPlay({ form, ctx, nameOf: board.nameOf, view, order: board.territories }) }); // "Play it": calculators/turn-play.js
  widenAgain(form);
  // "Take it and keep it" asks for his reinforcements
  const keepFields = form.querySelector("[data-role=keep-fields]");
  const killFields = form.querySelector("[data-role=kill-fields]");
  const showAim = () => {
    const aim = form.elements.namedItem("aim")?.value;
    const his = get("kill_turn") === "his";
    keepFields.hidden = !(aim === "keep" || (aim === KILL && his));
    killFields.hidden = aim !== KILL;
    form.elements.namedItem("victims").closest(".field").hidden = his;
    const theirs = form.querySelector(`label[for="${CSS.escape(form.id)}-their_cards"]`);
    if (theirs) theirs.textContent = his ? "His cards" : "Their cards"; // his turn: the opponent's hand
    form.elements.namedItem("goal").closest(".field").hidden = aim === KILL; // a kill's goal is the players named
  };
  form.addEventListener("input", (e) => { if (["aim", "kill_turn"].includes(e.target.name)) showAim(); });
  form.addEventListener("reset", () => setTimeout(showAim, 0));
  showAim();
  for (const name of ["opponent_reinforcements", "your_cards", "their_cards", "sets_traded"]) {
    selectOnFocus(form.elements.namedItem(name)); // a tap selects the number: a key replaces it
  }
  entry.refresh();
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

/** Where "auto" answered with a plan fixed in advance for lack of time, the engine's offer of the
 *  longer time budget that lets it play roll by roll (searched.longer): a button that asks again. */
function longerOffer(r, ctx) {
  const offer = r.searched.longer;
  if (!offer) return null;
  const button = el("button", { type: "button", class: "offer", "data-offer-longer": String(offer.time_budget_s) },
    `Find the best play, roll by roll (${offer.words})`);
  button.addEventListener("click", () => ctx.fill({ search: offer.search, time_budget_s: offer.time_budget_s }));
  return el("p", { class: "offer-line", "data-output": "longer" }, button);
}

/** A change to the position or the goal asks for the widest search that fits, in the usual time, again. */
function widenAgain(form) {
  const usual = () => {
    form.elements.namedItem("search").value = "auto";
    form.elements.namedItem("time_budget_s").value = "";
  };
  form.addEventListener("input", (e) => {
    if (["position", "targets", "goal", "reinforcements", "min_move"].includes(e.target.name)) usual();
  });
  form.addEventListener("reset", usual);
}

register({ name: "turn", read, request, render, mount, refused, prepare: "turn" });
