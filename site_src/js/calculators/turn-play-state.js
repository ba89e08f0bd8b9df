// Playing a turn step by step ("Play it", calculators/turn-play.js): the state and what each step
// does to the position. No DOM here: Node tests it (tests/js/turn-play.test.mjs).
//
// A position is the engine's: {"<territory>": {owner, armies}}, armies ON the territory (the
// board's count), territory names the board's. A play is the position the answer was for, then its
// steps in order:
//   {place: [[territory, armies], ...]}                      the reinforcements placed (first)
//   {attack: {from, to, dice}, left, defenders}               after a roll (or several): the armies
//                                                            left on `from` and on `to`; defenders 0:
//                                                            taken, `to` is the player's with 0
//                                                            armies until the move
//   {move: armies}                                           the armies moved in after a conquest
// Replaying them gives the position now and the pending move ({from, to, dice}: the engine's
// `moving`), which is what a mid-turn request sends (reinforcements 0).
//
// In the address the play is one text, the `play` field: the start's key (a hash of the request it
// was started from: a play never outlives a change of the position or the goal), then the steps,
// separated by "|":  "k1a2b3c4d|p:Central America 6|a:Central America>Venezuela x3 9-0|m:8".
import { PLAYER } from "../board/position.js";

const SEP = "|";

/** A short key of a request's parameters (FNV-1a, 32 bits, as 8 hex digits). */
export function playKey(params) {
  const text = JSON.stringify(params);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

function stepText(s) {
  if (s.place) return `p:${s.place.map(([t, n]) => `${t} ${n}`).join(",")}`;
  if (s.attack) return `a:${s.attack.from}>${s.attack.to} x${s.attack.dice} ${s.left}-${s.defenders}`;
  return `m:${s.move}`;
}

/** The play as the `play` field's text. */
export const playText = ({ key, steps }) => [`k${key}`, ...steps.map(stepText)].join(SEP);

/** The `play` field read: {key, steps}, or null for an empty or garbled text (no play). */
export function readPlay(text) {
  const parts = String(text ?? "").split(SEP);
  const head = /^k([0-9a-f]{8})$/.exec(parts[0]);
  if (!head) return null;
  const steps = [];
  for (const part of parts.slice(1)) {
    let m;
    if ((m = /^p:(.*)$/.exec(part))) {
      const place = [];
      for (const item of m[1].split(",").filter(Boolean)) {
        const one = /^(.+) (\d+)$/.exec(item);
        if (!one) return null;
        place.push([one[1], Number(one[2])]);
      }
      steps.push({ place });
    } else if ((m = /^a:(.+)>(.+) x(\d+) (\d+)-(\d+)$/.exec(part))) {
      steps.push({ attack: { from: m[1], to: m[2], dice: Number(m[3]) }, left: Number(m[4]), defenders: Number(m[5]) });
    } else if ((m = /^m:(\d+)$/.exec(part))) {
      steps.push({ move: Number(m[1]) });
    } else {
      return null;
    }
  }
  return { key: head[1], steps };
}

/** A copy of the position. */
const copy = (position) => Object.fromEntries(Object.entries(position).map(([t, h]) => [t, { ...h }]));

function held(position, name) {
  const h = position[name];
  if (!h) throw new Error(`${name} is not in the position.`);
  return h;
}

/** The position with the reinforcements placed: [[territory, armies], ...] on the player's territories. */
export function applyPlacement(position, place) {
  const next = copy(position);
  for (const [t, n] of place) {
    const h = held(next, t);
    if (h.owner !== PLAYER) throw new Error(`${t} is not yours: no armies can be placed on it.`);
    if (!Number.isInteger(n) || n < 0) throw new Error(`The armies placed on ${t} must be a whole number, 0 or more.`);
    h.armies += n;
  }
  return next;
}

/** After attacking `attack.to` from `attack.from` with `attack.dice` dice: `left` armies on the
 *  attacking territory, `defenders` on the target. Returns {position, moving}: moving is the
 *  pending move ({from, to, dice}) when the target was taken (defenders 0), else null.
 *  Throws, in a player's words, for an outcome that cannot follow from the position. */
export function applyAttack(position, attack, left, defenders) {
  const { from, to, dice } = attack;
  const a = held(position, from), d = held(position, to);
  if (a.owner !== PLAYER) throw new Error(`${from} is not yours.`);
  if (d.owner === PLAYER) throw new Error(`${to} is already yours.`);
  if (!Number.isInteger(left) || left < 1 || left > a.armies) {
    throw new Error(`The armies left on ${from} must be a whole number from 1 to ${a.armies} (at least one always stays).`);
  }
  if (!Number.isInteger(defenders) || defenders < 0 || defenders > d.armies) {
    throw new Error(`The armies left on ${to} must be a whole number from 0 to ${d.armies}.`);
  }
  if (left === a.armies && defenders === d.armies) throw new Error("Nothing changed: enter the armies left on both sides after the roll.");
  const next = copy(position);
  next[from].armies = left;
  if (defenders > 0) {
    next[to].armies = defenders;
    return { position: next, moving: null };
  }
  next[to] = { ...next[to], owner: PLAYER, armies: 0 };
  return { position: next, moving: { from, to, dice } };
}

/** After a conquest: `armies` moved from moving.from into moving.to (at least 1, all but one at most;
 *  the engine holds the rule's own minimum). */
export function applyMove(position, moving, armies) {
  const a = held(position, moving.from);
  if (!Number.isInteger(armies) || armies < 1 || armies > a.armies - 1) {
    throw new Error(`Move a whole number of armies from 1 to ${a.armies - 1} into ${moving.to} (one stays on ${moving.from}).`);
  }
  const next = copy(position);
  next[moving.from].armies -= armies;
  next[moving.to].armies += armies;
  return next;
}

/** The steps replayed from `start`: {position, moving}. Throws for steps that cannot follow. */
export function replay(start, steps) {
  let position = copy(start);
  let moving = null;
  for (const s of steps) {
    if (s.place) {
      if (moving) throw new Error("Armies are placed before the first attack.");
      position = applyPlacement(position, s.place);
    } else if (s.attack) {
      if (moving) throw new Error(`First move armies into ${moving.to}.`);
      ({ position, moving } = applyAttack(position, s.attack, s.left, s.defenders));
    } else {
      if (!moving) throw new Error("No territory was just taken: there is nothing to move.");
      position = applyMove(position, moving, s.move);
      moving = null;
    }
  }
  return { position, moving };
}

/** The mid-turn request from `params` (the answer's request) and the replayed state. */
export function midRequest(params, { position, moving }) {
  const out = { ...params, position, reinforcements: 0 };
  if (moving) out.moving = moving;
  else delete out.moving;
  return out;
}

/** Whether every goal territory is the player's, with no move pending: the turn is won. */
export const won = ({ position, moving }, goal) => !moving && goal.every((t) => position[t]?.owner === PLAYER);
