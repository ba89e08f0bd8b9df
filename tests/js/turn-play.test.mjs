// "Play it" (calculators/turn-play-state.js) under Node: the steps applied to a position (placing,
// an attack's outcome, a conquest's move), checked against positions written out by hand; the
// outcomes that cannot follow refused in words; the play's text in the address read back as written;
// the mid-turn request the engine is sent.
import test from "node:test";
import assert from "node:assert/strict";
import { applyAttack, applyMove, applyPlacement, midRequest, playKey, playText, readPlay, replay, won }
  from "../../site_src/js/calculators/turn-play-state.js";

const you = (armies) => ({ owner: "you", armies });
const them = (armies) => ({ owner: "opponent", armies });
// the article's position (South America from North Africa and Central America)
const START = { "North Africa": you(4), "Central America": you(3), Venezuela: them(2), Brazil: them(2), Peru: them(1), Argentina: them(1) };
const GOAL = ["Venezuela", "Peru", "Brazil", "Argentina"];

test("placing adds the armies to the player's territories, and leaves the start as it was", () => {
  const p = applyPlacement(START, [["Central America", 6]]);
  assert.deepEqual(p, { ...START, "Central America": you(9) });
  assert.deepEqual(START["Central America"], you(3));
  assert.throws(() => applyPlacement(START, [["Brazil", 1]]), /Brazil is not yours/);
  assert.throws(() => applyPlacement(START, [["Iceland", 1]]), /Iceland is not in the position/);
});

test("an attack's outcome sets the armies left on both sides; taken: the target is the player's with 0 and a move pends", () => {
  const placed = applyPlacement(START, [["Central America", 6]]);
  const attack = { from: "Central America", to: "Venezuela", dice: 3 };
  const lost = applyAttack(placed, attack, 7, 2);
  assert.deepEqual(lost, { position: { ...placed, "Central America": you(7) }, moving: null });
  const half = applyAttack(placed, attack, 8, 1);
  assert.deepEqual(half.position, { ...placed, "Central America": you(8), Venezuela: them(1) });
  const taken = applyAttack(placed, attack, 9, 0);
  assert.deepEqual(taken, { position: { ...placed, Venezuela: you(0) }, moving: attack });
  assert.deepEqual(applyMove(taken.position, taken.moving, 8), { ...placed, "Central America": you(1), Venezuela: you(8) });
});

test("outcomes that cannot follow are refused in words", () => {
  const attack = { from: "North Africa", to: "Brazil", dice: 3 };
  assert.throws(() => applyAttack(START, attack, 0, 1), /from 1 to 4 \(at least one always stays\)/);
  assert.throws(() => applyAttack(START, attack, 5, 1), /from 1 to 4/);
  assert.throws(() => applyAttack(START, attack, 3, 3), /Brazil must be a whole number from 0 to 2/);
  assert.throws(() => applyAttack(START, attack, 4, 2), /Nothing changed/);
  assert.throws(() => applyAttack(START, attack, 2.5, 1), /whole number/);
  assert.throws(() => applyAttack(START, { from: "Brazil", to: "Peru", dice: 1 }, 1, 1), /Brazil is not yours/);
  assert.throws(() => applyAttack(START, { from: "North Africa", to: "Central America", dice: 1 }, 3, 3), /already yours/);
  assert.throws(() => applyMove(START, { from: "North Africa", to: "Brazil" }, 4), /from 1 to 3 into Brazil/);
  assert.throws(() => applyMove(START, { from: "North Africa", to: "Brazil" }, 0), /from 1 to 3/);
});

const PLAY = [
  { place: [["Central America", 6]] },
  { attack: { from: "Central America", to: "Venezuela", dice: 3 }, left: 9, defenders: 0 },
  { move: 8 },
  { attack: { from: "North Africa", to: "Brazil", dice: 3 }, left: 3, defenders: 1 },
  { attack: { from: "North Africa", to: "Brazil", dice: 2 }, left: 3, defenders: 0 },
];

test("replaying the steps gives the position now and the pending move", () => {
  const now = replay(START, PLAY);
  assert.deepEqual(now, {
    position: { "North Africa": you(3), "Central America": you(1), Venezuela: you(8), Brazil: you(0), Peru: them(1), Argentina: them(1) },
    moving: { from: "North Africa", to: "Brazil", dice: 2 },
  });
  assert.equal(won(now, GOAL), false);
  assert.throws(() => replay(START, [PLAY[0], PLAY[1], PLAY[3]]), /First move armies into Venezuela/);
  assert.throws(() => replay(START, [PLAY[0], { move: 1 }]), /nothing to move/);
  const all = replay(START, [...PLAY, { move: 2 },
    { attack: { from: "Venezuela", to: "Peru", dice: 3 }, left: 8, defenders: 0 }, { move: 7 },
    { attack: { from: "Peru", to: "Argentina", dice: 3 }, left: 7, defenders: 0 }]);
  assert.equal(won(all, GOAL), false); // Argentina taken, its move still to make
  assert.equal(won(replay(START, [...PLAY, { move: 2 },
    { attack: { from: "Venezuela", to: "Peru", dice: 3 }, left: 8, defenders: 0 }, { move: 7 },
    { attack: { from: "Peru", to: "Argentina", dice: 3 }, left: 7, defenders: 0 }, { move: 6 }]), GOAL), true);
});

test("the mid-turn request: the position now, 0 reinforcements, moving only right after a conquest", () => {
  const params = { position: START, player: "you", reinforcements: 6, goal: { take: "South America" }, min_move: "dice" };
  const after = midRequest(params, replay(START, PLAY));
  assert.equal(after.reinforcements, 0);
  assert.deepEqual(after.moving, { from: "North Africa", to: "Brazil", dice: 2 });
  assert.deepEqual(after.goal, params.goal);
  const before = midRequest({ ...params, moving: { from: "x", to: "y", dice: 1 } }, replay(START, PLAY.slice(0, 1)));
  assert.equal("moving" in before, false);
  assert.deepEqual(before.position["Central America"], you(9));
});

test("the play's text in the address reads back as written; garbled text is no play", () => {
  const key = playKey({ a: 1 });
  assert.match(key, /^[0-9a-f]{8}$/);
  assert.notEqual(key, playKey({ a: 2 }));
  const text = playText({ key, steps: PLAY });
  assert.equal(text, `k${key}|p:Central America 6|a:Central America>Venezuela x3 9-0|m:8|a:North Africa>Brazil x3 3-1|a:North Africa>Brazil x2 3-0`);
  assert.deepEqual(readPlay(text), { key, steps: PLAY });
  assert.deepEqual(readPlay(`k${key}`), { key, steps: [] });
  for (const bad of ["", "kzz", `k${key}|x:1`, `k${key}|a:Brazil x3 1-0`, `k${key}|p:Brazil`]) assert.equal(readPlay(bad), null, bad);
});
