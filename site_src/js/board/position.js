// A position as the Turn form keeps it, in its `position` field and so in a shared link: one line,
//   "you: North Africa 4, Central America 3; opponent: Venezuela 2, Brazil 2, Peru 1, Argentina 2"
// each owner, then its territories with their armies (on the territory, the board's count), the
// player ("you") first, territories in the board's order. sitebuild/turn_presets.py writes the
// ready-made positions the same way. Names stay as typed: the engine reads them (other names,
// misspellings) and words every message about them.
import { parseInteger } from "../validate.js";

export const PLAYER = "you";
export const OPPONENT = "opponent";

/** A name folded for matching: lower case, letters only ("Western U.S." -> "westernus"). */
export const fold = (name) => String(name).normalize("NFKD").toLowerCase().replace(/[^a-z]/g, "");

/** The position's text read: {value: [{territory, owner, armies}]} or {error}. With `board`
 *  (facts.js's index), each name is read as the board's own (other names, the drawing's short labels
 *  and codes too: "S. Europe", "Britain", "MEA") and every name the board lacks is reported at once,
 *  each with the closest it knows; without, names stay as typed. */
export function readPosition(text, board = null) {
  const out = [];
  const seen = new Set();
  const unknown = [];
  for (const part of String(text ?? "").split(";")) {
    if (!part.trim()) continue;
    const colon = part.indexOf(":");
    if (colon < 0) return { error: `Position: “${part.trim()}” names no owner; write it like “you: Brazil 3; opponent: Peru 2”.` };
    const owner = part.slice(0, colon).trim();
    for (const item of part.slice(colon + 1).split(",")) {
      if (!item.trim()) continue;
      const m = /^(.*\S)\s+(\S*\d\S*)$/.exec(item.trim()); // the last word holds a digit: the armies
      if (!m) return { error: `Position: “${item.trim()}” needs a territory and its armies, like “Brazil 3”.` };
      const armies = parseInteger(m[2], { label: `Armies on ${m[1]}` });
      if (armies.error) return { error: `Position: ${armies.error}` };
      const territory = board ? board.nameOf(m[1]) : m[1];
      if (!territory) { unknown.push(m[1]); continue; }
      if (seen.has(fold(territory))) return { error: `Position: ${m[1]} is given twice.` };
      seen.add(fold(territory));
      out.push({ territory, owner, armies: armies.value });
    }
  }
  if (unknown.length) return { error: `Position: ${unknownWords(unknown, board)}` };
  if (!out.length) return { error: "No territory is in play: tap one on the board, or pick a ready-made position." };
  return { value: out };
}

/** "no territory is called “Brazl” (Brazil?)", every name in `unknown` with the board's closest. */
export function unknownWords(unknown, board) {
  const each = unknown.map((n) => { const c = board.closest(n); return c ? `“${n}” (${c}?)` : `“${n}”`; });
  return `the board has no territory called ${each.length < 2 ? each[0] : `${each.slice(0, -1).join(", ")} or ${each.at(-1)}`}.`;
}

/** The edits that turn a into b, counted one letter at a time (Levenshtein). */
export function distance(a, b) {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}

/** The text of `holdings` ([{territory, owner, armies}]): the player's first, then each other owner's
 *  in order of appearance; territories in `order` (the board's), names it lacks last. */
export function positionText(holdings, order) {
  const rank = (t) => { const i = order.indexOf(t); return i < 0 ? order.length : i; };
  const owners = [PLAYER, ...new Set(holdings.map((h) => h.owner).filter((o) => o !== PLAYER))];
  return owners
    .map((o) => [o, holdings.filter((h) => h.owner === o).sort((a, b) => rank(a.territory) - rank(b.territory))])
    .filter(([, held]) => held.length)
    .map(([o, held]) => `${o}: ${held.map((h) => `${h.territory} ${h.armies}`).join(", ")}`)
    .join("; ");
}

/** "Alaska", "Alaska and Alberta", "Alaska, Alberta and Ontario". */
/** "1 die", "3 dice". */
export const diceWords = (n) => `${n} ${n === 1 ? "die" : "dice"}`;

export const listNames = (names) => (names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`);

/** The targets field read (and the Hold's marked territories): the names, as typed, in order. */
export const readTargets = (text) => String(text ?? "").split(",").map((s) => s.trim()).filter(Boolean);

/** The request's position: {"<territory>": {owner, armies}}. */
export const requestPosition = (holdings) =>
  Object.fromEntries(holdings.map((h) => [h.territory, { owner: h.owner, armies: h.armies }]));
