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
//   {trade: {victim, armies, hand, sets}}                    a kill (the Eliminate aim): the victim's
//                                                            last territory taken and moved into, his
//                                                            cards taken and the forced trade made
//                                                            (the engine's `trade`): `armies` to place
//                                                            now (a {place} step next), the hand and
//                                                            the sets traded after it
// Replaying them gives the position now and the pending move ({from, to, dice}: the engine's
// `moving`), which is what a mid-turn request sends (reinforcements 0).
//
// In the address the play is one text, the `play` field: the start's key (a hash of the request it
// was started from: a play never outlives a change of the position or the goal), then the steps,
// separated by "|":  "k1a2b3c4d|p:Central America 6|a:Central America>Venezuela x3 9-0|m:8".
import { PLAYER, diceWords } from "../board/position.js";

const SEP = "|";

/** A goal's territories or the players to eliminate, short: "Peru", "Peru and Brazil", "all 4". */
export const listed = (names) => (names.length < 3 ? names.join(" and ") : `all ${names.length}`);

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
  if (s.trade) return `t:${s.trade.armies} ${s.trade.hand} ${s.trade.sets} ${s.trade.victim}`;
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
    } else if ((m = /^t:(\d+) (\d+) (\d+) (.+)$/.exec(part))) {
      steps.push({ trade: { armies: Number(m[1]), hand: Number(m[2]), sets: Number(m[3]), victim: m[4] } });
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
    if (s.trade) {
      if (moving) throw new Error(`First move armies into ${moving.to}.`);
      continue; // the position is unchanged: its armies arrive with the {place} step after it
    }
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

/** The mid-turn request from `params` (the answer's request) and the replayed state. It asks for the
 *  best real play again (the engine's "auto": every way to play, roll by roll, where it fits the
 *  budget from here, else the best plan fixed in advance), whatever family answered the opening:
 *  a position mid-turn is smaller than the opening's. */
export function midRequest(params, { position, moving }) {
  const out = { ...params, position, reinforcements: 0 };
  delete out.search;
  if (moving) out.moving = moving;
  else delete out.moving;
  return out;
}

/** Whether a mid-turn answer is the real play (every way to play, roll by roll) or, for op keep,
 *  its own play; else it is a plan fixed in advance. */
export const isRealPlay = (result) => result.keep !== undefined || result.searched?.family === "real";

/** What the advice from here is, in a player's words. */
export const adviceWords = (result) => (isRealPlay(result)
  ? "From here: every way to play, roll by roll."
  : "From here: the best plan fixed in advance (every way to play, roll by roll, is too big to work out from here).");

/** The move after the conquest `moving` by the plan fixed in advance `plan` (a mid-turn answer whose
 *  next attack was that battle), `armies` on moving.from after the battle: the plan's table of armies
 *  to keep (its `moves`, the row of that conquest with the targets its first step still had to take),
 *  as a `next` ({move: {from, to, armies}}); null where the table has no row for it. */
export function fixedMove(plan, moving, armies) {
  const rows = (plan?.moves ?? []).filter((m) => m.from === moving.from && m.target === moving.to);
  const step = (plan?.steps ?? []).find((s) => s.from === moving.from && s.target === moving.to);
  const same = (a, b) => a.length === b.length && a.every((x) => b.includes(x));
  const row = (step && rows.find((m) => same(m.still_to_take, step.still_to_take))) ?? rows[0];
  const run = row?.keep.find((k) => k.armies[0] <= armies && armies <= k.armies[1]);
  return run ? { move: { from: moving.from, to: moving.to, armies: armies - run.keep } } : null;
}

// ---- the Eliminate aim (issue 43): the cards and the kills so far ----

/** The kill state after `steps` from the answer's request `params` (op turn, goal eliminate): the
 *  player's hand, the sets traded in the game, the armies a trade brought still to place, and the
 *  players eliminated so far (a {trade} step each). */
export function killState(params, steps) {
  let hand = params.cards?.[params.player] ?? 0, sets = params.sets_traded ?? 0, pending = 0;
  const dead = [];
  for (const s of steps) {
    if (s.trade) {
      ({ hand, sets } = s.trade);
      pending = s.trade.armies;
      dead.push(s.trade.victim);
    } else if (s.place && dead.length) {
      pending = 0;
    }
  }
  return { hand, sets, pending, dead };
}

/** The mid-turn request of a kill play: the position now, the move pending, the armies a trade
 *  brought to place, the players still to eliminate (the one whose last territory was just taken
 *  stays named until the move: the engine then answers the trade) with their cards, the hand now. */
export function killMidRequest(params, now, state) {
  const victims = params.goal.eliminate.filter((v) => !state.dead.includes(v));
  const cards = { [params.player]: state.hand };
  for (const v of victims) if (params.cards?.[v] !== undefined) cards[v] = params.cards[v];
  const out = { ...params, position: now.position, reinforcements: state.pending, goal: { ...params.goal, eliminate: victims },
    cards, sets_traded: state.sets };
  if (now.moving) out.moving = now.moving;
  else delete out.moving;
  return out;
}

/** Whether every territory of every player named is the player's, no move pending: the kill is done. */
export const killWon = ({ position, moving }, victims) => !moving
  && !Object.values(position).some((h) => victims.includes(h.owner));

/** Whether every goal territory is the player's, with no move pending: the turn is won. */
export const won = ({ position, moving }, goal) => !moving && goal.every((t) => position[t]?.owner === PLAYER);

// ---- what the board and the panel say of a play (no DOM: the words and the scene) ----


/** The engine's next action (`next`) in a player's words. */
export function nextWords(next) {
  if (next.attack) return `Attack ${next.attack.to} from ${next.attack.from} with ${diceWords(next.attack.dice)}.`;
  if (next.move) return `${next.move.to} is taken. Move ${next.move.armies} in now, from ${next.move.from}.`;
  return "Stop here. No attack helps now.";
}

/** Where the play leaves the attack it was making, in words, with the attack given up ({from, to}):
 *  after a roll that took nothing, the next action is another attack or a stop. "North Africa is
 *  down to 1. Now Brazil from Venezuela." The reason is the side that changed: the attacker down
 *  to 1, else the defenders fewer, else the attacker fewer. Null where the play goes on as it was. */
export function changeOf(start, steps, next) {
  const last = steps.at(-1);
  if (!last?.attack || last.defenders === 0 || !next || next.move) return null;
  const { from, to } = last.attack;
  if (next.attack && next.attack.from === from && next.attack.to === to) return null;
  const before = replay(start, steps.slice(0, -1)).position;
  const reason = last.left === 1 ? `${from} is down to 1.`
    : last.defenders < before[to].armies ? `${to} is down to ${last.defenders}.` : `${from} is down to ${last.left}.`;
  return { words: next.attack ? `${reason} Now ${next.attack.to} from ${next.attack.from}.` : reason, dropped: { from, to } };
}

/** The territories the player took in the play: his now, not his at the start. */
export const takenIn = (start, position) => Object.keys(position).filter((t) => position[t].owner === PLAYER && start[t]?.owner !== PLAYER);

/** What the board shows of a play (board/draw.js scene()): the position now, the territories taken,
 *  and its arrows: the attack given up (dropped: {from, to} or null, "stop") and the next action
 *  ("3 dice", "move 8"), in the player's colour. */
export function playScene(start, now, next = null, dropped = null) {
  const steps = [];
  if (dropped) steps.push({ from: dropped.from, target: dropped.to, label: "stop", kind: "dropped" });
  if (next?.attack) steps.push({ from: next.attack.from, target: next.attack.to, label: diceWords(next.attack.dice), kind: "next" });
  if (next?.move) steps.push({ from: next.move.from, target: next.move.to, label: `move ${next.move.armies}`, kind: "next" });
  return { holdings: new Map(Object.entries(now.position)), taken: takenIn(start, now.position), steps };
}

/** The position at the end of a turn's most likely course: the start, the placement
 *  ([{territory, armies}]), then each battle of the engine's `line` ({from, to, dice, taken, left,
 *  moved, defenders_left}: `left` counted after the move). Null where the line cannot be followed or
 *  does not take every territory of `goal`. */
export function lineEnd(start, placement, line, goal) {
  try {
    let position = applyPlacement(start, placement.filter((p) => p.armies > 0).map((p) => [p.territory, p.armies]));
    for (const s of line.filter((x) => x.from)) {
      const attack = { from: s.from, to: s.to, dice: s.dice };
      if (s.taken) {
        const after = applyAttack(position, attack, s.left + s.moved, 0);
        position = applyMove(after.position, after.moving, s.moved);
      } else {
        position = applyAttack(position, attack, s.left, s.defenders_left).position;
      }
    }
    return won({ position, moving: null }, goal) ? position : null;
  } catch {
    return null;
  }
}
