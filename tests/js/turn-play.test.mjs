// "Play it" (calculators/turn-play-state.js) under Node: the steps applied to a position (placing,
// an attack's outcome, a conquest's move), checked against positions written out by hand; the
// outcomes that cannot follow refused in words; the play's text in the address read back as written;
// the mid-turn request the engine is sent.
import test from "node:test";
import assert from "node:assert/strict";
import { adviceWords, applyAttack, applyMove, applyPlacement, changeOf, fixedMove, isRealPlay, lineEnd, midRequest, nextWords, playKey,
  playScene, playText, readPlay, replay, takenIn, won } from "../../site_src/js/calculators/turn-play-state.js";
import { python } from "./python.mjs";

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
  // issue 44: whatever family answered the opening (a narrower search a refusal offered), each step
  // asks for the best real play again ("auto", the engine's default)
  assert.equal("search" in midRequest({ ...params, search: "chains" }, replay(START, PLAY)), false);
});

test("the advice from here is said: every way to play, roll by roll, or the plan fixed in advance", () => {
  assert.equal(isRealPlay({ searched: { family: "real" } }), true);
  assert.equal(isRealPlay({ keep: {}, searched: { family: "keep" } }), true);
  assert.equal(isRealPlay({ searched: { family: "all" } }), false);
  assert.equal(adviceWords({ searched: { family: "real" } }), "From here: every way to play, roll by roll.");
  assert.match(adviceWords({ searched: { family: "chains" } }), /^From here: the best plan fixed in advance/);
});

test("after a conquest, a plan fixed in advance moves what its table keeps (the engine's plan, read back)", () => {
  // North Africa 13 takes Brazil, then Argentina, Peru and Venezuela in a line: the engine's fixed plan
  const plan = python(`
import json
from riskodds.interfaces import api
h = lambda o, a: {"owner": o, "armies": a}
pos = {"North Africa": h("you", 13), "Central America": h("you", 3), "Venezuela": h("opponent", 2),
       "Brazil": h("opponent", 2), "Peru": h("opponent", 1), "Argentina": h("opponent", 2)}
print(json.dumps(api.handle("turn", {"position": pos, "player": "you", "reinforcements": 0,
                                     "goal": {"take": "South America"}, "search": "all"})))`);
  assert.equal(plan.searched.family, "all");
  assert.deepEqual(plan.next, { attack: { from: "North Africa", to: "Brazil", dice: 3 } }); // its first attack, the most dice
  const first = plan.steps[0];
  const moving = { from: "North Africa", to: "Brazil", dice: 3 };
  assert.deepEqual(fixedMove(plan, moving, first.expect), { move: { from: "North Africa", to: "Brazil", armies: first.move } });
  for (let armies = 4; armies <= 13; armies++) { // the printed rule: at least the dice (3), one stays
    const m = fixedMove(plan, moving, armies).move.armies;
    assert.ok(m >= 3 && m <= armies - 1, `${armies}: ${m}`);
  }
  assert.equal(fixedMove(plan, moving, 14), null); // North Africa never holds 14: no row (issue 44: ranges only over armies that can be there)
  assert.equal(fixedMove(plan, { from: "Central America", to: "Venezuela", dice: 3 }, 3), null);
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

// ---- issue 44: the words of a play, the board's scene, the end of the most likely course ----

const PLACED = [{ place: [["Central America", 6]] }];
const VENEZUELA = { from: "Central America", to: "Venezuela", dice: 3 };
const BRAZIL = { from: "North Africa", to: "Brazil", dice: 3 };

test("the next action in a player's words", () => {
  assert.equal(nextWords({ attack: VENEZUELA }), "Attack Venezuela from Central America with 3 dice.");
  assert.equal(nextWords({ attack: { ...VENEZUELA, dice: 1 } }), "Attack Venezuela from Central America with 1 die.");
  assert.equal(nextWords({ move: { from: "Central America", to: "Venezuela", armies: 8 } }), "Venezuela is taken. Move 8 in now, from Central America.");
  assert.equal(nextWords({ stop: true }), "Stop here. No attack helps now.");
});

test("a change of attack is said with its reason, and the attack given up named", () => {
  const steps = [...PLACED, { attack: VENEZUELA, left: 9, defenders: 0 }, { move: 8 }];
  // North Africa down to 1: the play turns to Brazil from Venezuela
  const down = [...steps, { attack: BRAZIL, left: 1, defenders: 2 }];
  assert.deepEqual(changeOf(START, down, { attack: { from: "Venezuela", to: "Brazil", dice: 3 } }),
    { words: "North Africa is down to 1. Now Brazil from Venezuela.", dropped: { from: "North Africa", to: "Brazil" } });
  // the defenders fewer: "Brazil is down to 1"
  const fewer = [...steps, { attack: BRAZIL, left: 3, defenders: 1 }];
  assert.equal(changeOf(START, fewer, { attack: { from: "Venezuela", to: "Argentina", dice: 3 } })?.words,
    "Brazil is down to 1. Now Argentina from Venezuela.");
  // only the attacker fewer
  const lost = [...steps, { attack: BRAZIL, left: 2, defenders: 2 }];
  assert.equal(changeOf(START, lost, { stop: true })?.words, "North Africa is down to 2.");
  // the same attack goes on, a conquest, a move pending: nothing to say
  assert.equal(changeOf(START, fewer, { attack: BRAZIL }), null);
  assert.equal(changeOf(START, [...PLACED, { attack: VENEZUELA, left: 9, defenders: 0 }], { move: { from: "Central America", to: "Venezuela", armies: 8 } }), null);
  assert.equal(changeOf(START, steps, { attack: BRAZIL }), null);
  assert.equal(changeOf(START, PLACED, { attack: VENEZUELA }), null);
});

test("the board's scene: the position now, the territories taken, the next action's arrow and the one given up", () => {
  const now = replay(START, [...PLACED, { attack: VENEZUELA, left: 9, defenders: 0 }]);
  assert.deepEqual(takenIn(START, now.position), ["Venezuela"]);
  const move = playScene(START, now, { move: { from: "Central America", to: "Venezuela", armies: 8 } });
  assert.deepEqual([...move.holdings.entries()], Object.entries(now.position));
  assert.deepEqual(move.taken, ["Venezuela"]);
  assert.deepEqual(move.steps, [{ from: "Central America", target: "Venezuela", label: "move 8", kind: "next" }]);
  const turned = playScene(START, now, { attack: { from: "Venezuela", to: "Brazil", dice: 2 } }, { from: "North Africa", to: "Brazil" });
  assert.deepEqual(turned.steps, [{ from: "North Africa", target: "Brazil", label: "stop", kind: "dropped" },
    { from: "Venezuela", target: "Brazil", label: "2 dice", kind: "next" }]);
  assert.deepEqual(playScene(START, replay(START, [])).steps, []);
});

test("the end of the most likely course: the placement, each battle's armies left and moved; null where it does not take the goal", () => {
  const line = [
    { from: "Central America", to: "Venezuela", dice: 3, taken: true, left: 1, moved: 8, defenders_left: 0 },
    { from: "North Africa", to: "Brazil", dice: 3, taken: true, left: 1, moved: 3, defenders_left: 0 },
    { from: "Venezuela", to: "Peru", dice: 3, taken: true, left: 1, moved: 7, defenders_left: 0 },
    { from: "Peru", to: "Argentina", dice: 3, taken: true, left: 1, moved: 6, defenders_left: 0 },
  ];
  const placement = [{ territory: "Central America", armies: 6 }, { territory: "North Africa", armies: 0 }];
  assert.deepEqual(lineEnd(START, placement, line, GOAL), {
    "North Africa": you(1), "Central America": you(1), Venezuela: you(1), Brazil: you(3), Peru: you(1), Argentina: you(6) });
  assert.equal(lineEnd(START, placement, line.slice(0, 3), GOAL), null); // Argentina still his
  const stuck = [{ from: "Central America", to: "Venezuela", dice: 3, taken: false, left: 1, defenders_left: 1 }];
  assert.equal(lineEnd(START, placement, stuck, GOAL), null);
  assert.equal(lineEnd(START, placement, [{ ...line[0], moved: 20 }], GOAL), null); // cannot follow: no throw
});
