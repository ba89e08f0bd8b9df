// The Hold calculator's fields and answer as plain data, without a DOM (calculators/hold.js draws
// what these return; tests/js/hold-answer.test.mjs runs them under Node): the set the fields ask to
// hold, what a position still lacks before there is anything to hold, the engine's words split into
// the holder's move, his reply and the rest, the plan the board draws, the opponent's most likely
// course in words, and the rules of thumb as rows beside the best.
//
// Every chance is the engine's (op "hold"): a row's difference from the best is the exact difference
// of two of its fractions. Army counts are armies on the territory (the board's count).
import { PLAYER, diceWords, listNames, readTargets } from "../board/position.js";
import { gain } from "./plan.js";
import { distinctTexts, pointsText, sameChance } from "../views/answer.js";

export const MARKED = "marked"; // the hold field's value for "the territories marked to hold"

/** The set the fields ask to hold: {continent, name} (a continent of `board`), {territories: [the
 *  board's names], unknown: [names typed that the board lacks]} (the territories marked), or {name}
 *  (anything else: the engine words the refusal). board: board/facts.js's index. */
export function askedSet(hold, marked, board) {
  const value = String(hold ?? "");
  if (value !== MARKED) {
    const continent = board.continents.find((c) => c.name === value);
    return continent ? { continent, name: value } : { name: value };
  }
  const typed = readTargets(marked);
  return { territories: [...new Set(typed.map(board.nameOf).filter(Boolean))], unknown: typed.filter((t) => !board.nameOf(t)) };
}

/** The set's territories: a continent's, or those marked (none for anything else). */
export const setTerritories = (set) => (set.continent ? set.continent.territories : set.territories ?? []);

/** The set in words: "Australia", "Venezuela and Brazil", "all 5". */
export function setWords(names, continent = null) {
  if (continent) return continent;
  return names.length < 3 ? listNames(names) : `all ${names.length}`;
}

/**
 * What the position still lacks before there is anything to hold, in a player's words (a plain
 * hint beside the board, not an error), or null. fields: {position, hold, marked}; pos: the
 * position's text read (board/position.js readPosition: {value} or {error}). Only what the board
 * shows is checked; the engine checks the rest (a territory to hold that is not yours, an opponent
 * who holds nothing, a search too large) and words its refusal.
 */
export function setupHint(fields, pos, board) {
  if (!String(fields.position ?? "").trim()) return "Start with the territories you hold: tap one on the board, then You, then type its armies.";
  if (pos.error) return null; // a mistake in the text: the message beside it says what
  const held = new Map(pos.value.map((h) => [h.territory, h]));
  if (!pos.value.some((h) => h.owner === PLAYER)) return "Mark a territory of yours: tap it on the board, then You.";
  const set = askedSet(fields.hold, fields.marked, board);
  if (set.unknown?.length || (!set.continent && !set.territories)) return null;
  const want = setTerritories(set);
  if (!want.length) return "Choose what to hold: a continent in Hold, or tap a territory of yours, then Hold.";
  const missing = want.filter((t) => !held.has(t));
  if (missing.length) {
    const some = missing.length > 3 ? `${missing.slice(0, 3).join(", ")} and ${missing.length - 3} more` : listNames(missing);
    return `Give ${some} ${missing.length === 1 ? "its" : "their"} armies: tap ${missing.length === 1 ? "it" : "each"}, then You.`;
  }
  if (!pos.value.some((h) => h.owner !== PLAYER)) {
    const next = [...new Set(want.flatMap((t) => board.neighbours.get(t).map(([n]) => n)))]
      .filter((n) => !want.includes(n) && held.get(n)?.owner !== PLAYER); // his to mark: not the player's own
    const some = next.length ? ` (${listNames(next.slice(0, 4))}${next.length > 4 ? ", …" : ""})` : "";
    return `Mark the opponent: tap a territory next to ${setWords(want, set.continent?.name)}${some}, then Opponent, and type his armies.`;
  }
  return null;
}

/**
 * The engine's words (answers/hold.py `_words`) in their parts: {move: [where to place, what to
 * fortify], keep, reply, thumbs: [one per rule of thumb]}; or {all: words} when the opponent
 * cannot attack (one sentence saying why the set holds for sure). The words are, in order: the
 * holder's move (0 to 2 sentences), the chance to keep, his reply, then one per rule of thumb.
 */
export function splitWords(r) {
  const n = r.rules_of_thumb.length;
  if (r.words.length < n + 2) return { all: r.words };
  const thumbs = r.words.slice(r.words.length - n);
  const [keep, reply] = r.words.slice(r.words.length - n - 2, r.words.length - n);
  return { move: r.words.slice(0, r.words.length - n - 2), keep, reply, thumbs };
}

/** What the board draws of an answer: the holder's placement, the fortify move as an arrow
 *  ("move n"), the opponent's placement (`theirs`) and his way in as arrows: his first attack ("his
 *  attack"), and where it takes a buffer (the engine's `through`), the attacks of his most likely
 *  course on from there ("then"), up to the first on the set or the first that takes nothing. */
export function boardPlan(r) {
  const steps = [];
  if (r.fortify) steps.push({ from: r.fortify.from, target: r.fortify.to, label: `move ${r.fortify.armies}`, kind: "fortify" });
  const attack = r.reply.next?.attack;
  if (attack) steps.push(...wayIn(r).map((s, i) => ({ from: s.from, target: s.to, label: i ? "then" : "his attack", kind: "reply" })));
  return { placement: r.placement, theirs: r.reply.placement, steps };
}

/** His most likely course's battles through buffers (`reply.line` from its first battle): each battle
 *  until one is not a buffer taken. */
export function wayIn(r) {
  const through = r.through ?? [];
  const out = [];
  for (const s of r.reply.line.filter((step) => step.from)) {
    out.push(s);
    if (!s.taken || !through.includes(s.to)) break;
  }
  return out;
}

/** A placement and fortify move in words: "4 on Venezuela and 4 on Brazil, then 1 from Peru to
 *  Brazil"; "nothing placed" when every count is 0. */
export function placedText(placement, fortify = null) {
  const placed = placement.filter((p) => p.armies > 0).map((p) => `${p.armies} on ${p.territory}`);
  const move = fortify ? `, then ${fortify.armies} from ${fortify.from} to ${fortify.to}` : "";
  return `${placed.length ? listNames(placed) : "nothing placed"}${move}`;
}

const rolls = (n) => `${n} roll${n === 1 ? "" : "s"}`;

/** The opponent's most likely course (the engine's `reply.line`: each battle followed through its
 *  most likely rolls) in words, one sentence a battle; `name`: the set's; `through`: his ways in
 *  (the engine's `through`), territories of yours outside the set that he takes and attacks on from. */
export function lineWords(line, name, through = []) {
  return line.filter((s) => s.from).map((s, i) => {
    const head = `${i ? "Then he attacks" : "He attacks"} ${s.to} from ${s.from} (${s.armies} against ${s.defenders}) with ${diceWords(s.dice)}`;
    if (!s.taken) return `${head} until ${s.from} has ${s.left} and ${s.to} ${s.defenders_left}.`;
    const falls = `${head}: on the most likely rolls it falls after ${rolls(s.rolls)}`;
    return through.includes(s.to) ? `${falls}, and he moves ${s.moved} in.` : `${falls}, and ${name} is broken.`;
  });
}

/** The rules of thumb beside the best (answers/hold.py `rules_of_thumb`): [{name, placement (words),
 *  hold (the engine's chance), text (the chance, with the digits that tell it from the others), against
 *  ("as good", or how many percentage points worse), asGood, best}], the best first. */
export function thumbRows(r) {
  const rows = [{ name: "The best (this answer)", placement: r.placement, fortify: r.fortify, hold: r.hold, best: true },
    ...r.rules_of_thumb.map((t) => ({ ...t, best: false }))];
  // chances told apart from their neighbours in order of size, each then back in its row
  const order = rows.map((_, i) => i).sort((i, j) => gain(rows[j].hold, rows[i].hold).sign || i - j);
  const texts = distinctTexts(order.map((i) => rows[i].hold));
  const text = new Map(order.map((i, k) => [i, texts[k]]));
  return rows.map((row, i) => {
    const asGood = sameChance(row.hold, r.hold);
    const { sign, size } = gain(r.hold, row.hold);
    const against = row.best ? "" : asGood ? "as good" : `${pointsText(size)} ${sign > 0 ? "worse" : "better"}`;
    return { name: row.name, placement: placedText(row.placement, row.fortify), hold: row.hold, text: text.get(i), against, asGood, best: row.best };
  });
}
