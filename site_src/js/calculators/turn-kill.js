// The kill turn in the Turn calculator (issue 43): "Play to: Eliminate", the engine's op "turn" with
// goal {"eliminate": [...]} and the cards. Two ways round: your turn (eliminate the players named,
// taking their cards and trading them at once where the rules force it), or his ("Can he eliminate
// you?": the opponent's turn against every territory of yours, his new armies placed first).
//
// The fields: victims (owners as the position names them, "opponent" by default), your_cards,
// their_cards (a number, or "opponent 2, green 1" for several), sets_traded, kill_turn ("mine" or
// "his"; his new armies are opponent_reinforcements, the field "Take it and keep it" uses too). Every
// number and sentence of the answer is the engine's; this module only lays them out.
import { el } from "../dom.js";
import { parseInteger, pick } from "../validate.js";
import { probabilityView, exactBox } from "../views/probability.js";
import { answerLine, answerPart, lead } from "../views/answer.js";
import { PLAYER, OPPONENT, diceWords, listNames, readTargets } from "../board/position.js";
import { capital } from "../player-words.js";

export const KILL = "kill"; // the aim field's value

/** An owner in a sentence ("you", "the opponent", or the name as given), and at its start. */
export const ownerWords = (owner) => (owner === PLAYER ? "you" : owner === OPPONENT ? "the opponent" : owner);

/** The owners named in the victims field (a list like the targets field's). */
export const victimsOf = readTargets;

/** {owner: cards} from the their_cards field: a number for a single player, or "opponent 2, green 1". */
export function theirCards(text, victims) {
  const raw = String(text ?? "").trim();
  if (!raw) return { value: {} };
  if (/^\d+$/.test(raw)) {
    if (victims.length !== 1) return { error: `Their cards: give each player's, like “${victims.map((v, i) => `${v} ${i + 1}`).join(", ")}”.` };
    return { value: { [victims[0]]: Number(raw) } };
  }
  const out = {};
  for (const part of raw.split(",").map((s) => s.trim()).filter(Boolean)) {
    const m = /^(.+?)\s+(\d+)$/.exec(part);
    if (!m) return { error: `Their cards: “${part}” needs a player and a number, like “${OPPONENT} 2”.` };
    out[m[1]] = Number(m[2]);
  }
  return { value: out };
}

/** The kill fields read into `values` (errors by field). cards: the engine's card facts (describe()'s
 *  board.card_sets: the most cards a player holds mid-turn, the most sets traded). */
export function readKill(get, values, errors, cards) {
  values.kill_turn = get("kill_turn") === "his" ? "his" : "mine";
  values.victims = values.kill_turn === "his" ? [PLAYER] : victimsOf(get("victims"));
  if (!values.victims.length) errors.victims = "Eliminate: name the player, like “opponent”.";
  pick(values, errors, "your_cards", parseInteger(get("your_cards"), { label: "Your cards", max: cards.most_hand }));
  pick(values, errors, "sets_traded", parseInteger(get("sets_traded"), { label: "Sets traded so far", max: cards.most_sets_traded }));
  const theirs = theirCards(get("their_cards"), values.kill_turn === "his" ? [OPPONENT] : values.victims);
  if (theirs.error) errors.their_cards = theirs.error;
  else values.their_cards = theirs.value;
  if (values.kill_turn === "his") pick(values, errors, "opponent_reinforcements", parseInteger(get("opponent_reinforcements"), { label: "His reinforcements" }));
}

/** The request of the kill aim: yours (the reinforcements yours) or his (his own). */
export function killRequest(v, position) {
  const his = v.kill_turn === "his";
  const player = his ? OPPONENT : PLAYER;
  const cards = { [PLAYER]: v.your_cards, ...v.their_cards };
  return { op: "turn", params: { position, player, reinforcements: his ? v.opponent_reinforcements : v.reinforcements,
    goal: { eliminate: v.victims }, cards, sets_traded: v.sets_traded, min_move: v.min_move } };
}

/** A setup hint for the kill aim (or null): something of yours, something of each player named. */
export function killHint(holdings, get) {
  const owners = new Set(holdings.map((h) => h.owner));
  if (!owners.has(PLAYER)) return "Mark a territory of yours: tap it on the board, then You.";
  if (get("kill_turn") === "his") return owners.has(OPPONENT) ? null : "Mark the opponent's territories: tap each, then Opponent.";
  const missing = victimsOf(get("victims")).filter((v) => !owners.has(v));
  if (missing.length) return `Mark ${listNames(missing)}’s territories on the board (tap each, then Opponent), or name the player to eliminate as the position does.`;
  return null;
}

/** The kill's typical course, one sentence a battle or a kill. */
export function killLineWords(line, player) {
  const you = player === PLAYER;
  let i = 0;
  return line.map((s) => {
    if (s.move) return `Move ${s.move.armies} into ${s.move.to}.`;
    if (s.kill !== undefined && !s.from) {
      const cards = `${s.cards_taken} card${s.cards_taken === 1 ? "" : "s"}`;
      const who = s.kill === PLAYER ? "You are" : `${capital(ownerWords(s.kill))} is`;
      if (!s.cards_taken) return `${who} eliminated; he held no cards.`;
      if (!s.armies) return `${who} eliminated: ${you ? "you take" : "he takes"} his ${cards} and ${you ? "hold" : "holds"} ${s.hand}, too few to trade.`;
      const placed = s.placement.filter((p) => p.armies > 0).map((p) => `${p.armies} on ${p.territory}`);
      return `${who} eliminated: ${you ? "you take" : "he takes"} his ${cards}, ${you ? "trade" : "trades"} ${s.sets} set${s.sets === 1 ? "" : "s"} for ${s.armies} armies${placed.length ? ` and ${you ? "place" : "places"} ${listNames(placed)}` : ""}.`;
    }
    const head = `${i++ ? "Then attack" : "Attack"} ${s.to} from ${s.from} (${s.armies} against ${s.defenders}) with ${diceWords(s.dice)}`;
    return s.taken ? `${head}: it falls; move ${s.moved} in, leave ${s.left}.` : `${head} until ${s.from} has ${s.left} and ${s.to} ${s.defenders_left}.`;
  });
}

/** What the board draws of a kill: its placement and its typical course's battles. */
export const killPlan = (r) => ({ placement: r.placement,
  steps: r.line.filter((s) => s.from).map((s) => ({ from: s.from, target: s.to, move: s.taken ? s.moved : "–" })) });

function section(title, ...children) {
  return el("section", { class: "turn-part" }, el("h3", {}, title), children);
}

/** The answer of the kill aim. `playIt`: the "Play it" button or null. */
export function renderKill(r, playIt = null) {
  const his = r.player !== PLAYER;
  const names = listNames(r.victims.map(ownerWords));
  const placed = r.placement.filter((p) => p.armies > 0).map((p) => `${p.armies} on ${p.territory}`);
  const head = his ? `He eliminates you next turn:` : `Eliminate ${names}:`;
  return el("div", { class: "turn-result", "data-kind": "kill" },
    lead(
      answerLine([answerPart("win", head, r.win)]),
      el("p", { class: "turn-placement", "data-output": "placement" },
        placed.length ? `${his ? "He places" : "Place"} ${listNames(placed)}.` : his ? "He has nothing to place." : "Nothing to place."),
      el("p", { class: "hint", "data-output": "cards" }, r.words[0]),
      exactBox([probabilityView(r.win, { detail: "win", label: his ? "P(he eliminates you next turn), his best play" : `P(eliminate ${names}), the best play` }),
        ...(r.kills.length > 1 ? r.kills.map((k) => probabilityView(k.win, { detail: `kill-${k.victim}`, label: `P(eliminate ${ownerWords(k.victim)}), the same play` })) : [])]),
      playIt),
    r.kills.length > 1 ? section("Each kill",
      el("ul", { class: "answer-more", "data-output": "kills" }, r.kills.map((k) => el("li", { "data-victim": k.victim },
        answerPart(`kill-${k.victim}`, `${capital(ownerWords(k.victim))}:`, k.win)))),
      r.alone.length ? el("ul", { class: "answer-more", "data-output": "alone" }, r.alone.map((k) => el("li", {},
        answerPart(`alone-${k.victim}`, `${capital(ownerWords(k.victim))} alone:`, k.win)))) : null) : null,
    section(his ? "His play" : "The play",
      el("ul", { class: "answer-more plan-words", "data-output": "words" }, r.words.slice(1).map((w) => el("li", {}, w))),
      r.line.length ? [el("p", { class: "hint" }, "A typical course (each roll's most likely outcome):"),
        el("ol", { class: "answer-more", "data-output": "line" }, killLineWords(r.line, r.player).map((w) => el("li", {}, w)))] : null,
      el("p", { class: "hint" }, "On the board, each arrow is an attack of that course, numbered in order, with the armies moved in.")),
    section("What was searched", el("p", { "data-output": "searched", "data-complete": String(r.searched.complete) }, r.searched.words)),
    el("details", { class: "box" }, el("summary", {}, el("span", { class: "box-title" }, "How the play is worked out")),
      el("ul", { "data-output": "model" }, r.model.map((s) => el("li", {}, s)))));
}
