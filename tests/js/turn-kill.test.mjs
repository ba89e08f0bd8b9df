// The kill aim's pure parts (site_src/js/calculators/turn-kill.js): the cards field read, the players
// named, the request sent (yours or his), and the typical course's sentences.
import test from "node:test";
import assert from "node:assert/strict";
import { killLineWords, killRequest, theirCards, victimsOf } from "../../site_src/js/calculators/turn-kill.js";

test("their cards: a number for one player, pairs for several, a clear message otherwise", () => {
  assert.deepEqual(theirCards("2", ["opponent"]).value, { opponent: 2 });
  assert.deepEqual(theirCards("opponent 2, green 1", ["opponent", "green"]).value, { opponent: 2, green: 1 });
  assert.match(theirCards("2", ["opponent", "green"]).error, /each player/);
  assert.match(theirCards("opponent two", ["opponent"]).error, /needs a player and a number/);
  assert.deepEqual(victimsOf(" opponent , green ,"), ["opponent", "green"]);
});

test("the request: yours eliminates the players named with your reinforcements; his eliminates you with his", () => {
  const v = { kill_turn: "mine", victims: ["opponent"], your_cards: 4, their_cards: { opponent: 2 }, sets_traded: 5,
    reinforcements: 3, opponent_reinforcements: 7, min_move: "dice" };
  const mine = killRequest(v, { Brazil: { owner: "you", armies: 6 } });
  assert.equal(mine.op, "turn");
  assert.deepEqual(mine.params.goal, { eliminate: ["opponent"] });
  assert.equal(mine.params.player, "you");
  assert.equal(mine.params.reinforcements, 3);
  assert.deepEqual(mine.params.cards, { you: 4, opponent: 2 });
  const his = killRequest({ ...v, kill_turn: "his", victims: ["you"] }, {});
  assert.equal(his.params.player, "opponent");
  assert.equal(his.params.reinforcements, 7);
  assert.deepEqual(his.params.goal, { eliminate: ["you"] });
});

test("the typical course: battles, then the kill with its trade and where its armies go", () => {
  const line = [
    { from: "Brazil", to: "Argentina", dice: 3, armies: 6, defenders: 2, rolls: 1, taken: true, left: 1, moved: 5, defenders_left: 0 },
    { kill: "red", cards_taken: 2, sets: 1, armies: 15, hand: 3, sets_traded: 6, placement: [{ territory: "North Africa", armies: 15 }] },
    { from: "North Africa", to: "Congo", dice: 3, armies: 16, defenders: 2, rolls: 1, taken: true, left: 1, moved: 15, defenders_left: 0 },
    { kill: "green", cards_taken: 0, sets: 0, armies: 0, hand: 3, sets_traded: 6, placement: [] },
  ];
  const words = killLineWords(line, "you");
  assert.equal(words.length, 4);
  assert.match(words[0], /^Attack Argentina from Brazil \(6 against 2\) with 3 dice: it falls; move 5 in, leave 1\.$/);
  assert.equal(words[1], "Red is eliminated: you take his 2 cards, trade 1 set for 15 armies and place 15 on North Africa.");
  assert.match(words[2], /^Then attack Congo/);
  assert.equal(words[3], "Green is eliminated; he held no cards.");
  assert.match(killLineWords(line, "opponent")[1], /he takes his 2 cards, trades 1 set/);
});

test("a kill play: the trade step in the address, the hand and the sets after it, the request from there", async () => {
  const { killMidRequest, killState, killWon, playText, readPlay, replay } = await import("../../site_src/js/calculators/turn-play-state.js");
  const params = { position: {}, player: "you", reinforcements: 0, goal: { eliminate: ["red", "green"] },
    cards: { you: 4, red: 2, green: 1 }, sets_traded: 5, min_move: "dice" };
  const start = { Brazil: { owner: "you", armies: 6 }, "North Africa": { owner: "you", armies: 1 },
    Peru: { owner: "red", armies: 1 }, Congo: { owner: "green", armies: 2 } };
  const steps = [
    { attack: { from: "Brazil", to: "Peru", dice: 3 }, left: 6, defenders: 0 },
    { move: 3 },
    { trade: { victim: "red", armies: 15, hand: 3, sets: 6 } },
  ];
  const text = playText({ key: "0123abcd", steps });
  assert.deepEqual(readPlay(text).steps, steps);
  // mid-move: red still named (his last territory just fell), the hand as it was
  const moving = replay(start, steps.slice(0, 1));
  assert.deepEqual(moving.moving, { from: "Brazil", to: "Peru", dice: 3 });
  const before = killMidRequest(params, moving, killState(params, steps.slice(0, 1)));
  assert.deepEqual(before.goal.eliminate, ["red", "green"]);
  assert.deepEqual(before.cards, { you: 4, red: 2, green: 1 });
  assert.equal(before.reinforcements, 0);
  // after the trade: 15 to place, red gone from the goal and the cards, the hand 3, 6 sets traded
  const now = replay(start, steps);
  const state = killState(params, steps);
  assert.deepEqual(state, { hand: 3, sets: 6, pending: 15, dead: ["red"] });
  const after = killMidRequest(params, now, state);
  assert.deepEqual(after.goal.eliminate, ["green"]);
  assert.deepEqual(after.cards, { you: 3, green: 1 });
  assert.equal(after.sets_traded, 6);
  assert.equal(after.reinforcements, 15);
  assert.equal(after.moving, undefined);
  // placed: nothing left to place
  const placed = [...steps, { place: [["North Africa", 15]] }];
  assert.equal(killState(params, placed).pending, 0);
  assert.equal(replay(start, placed).position["North Africa"].armies, 16);
  assert.equal(killWon(replay(start, placed), ["red"]), true);
  assert.equal(killWon(replay(start, placed), ["red", "green"]), false);
});

test("the kill fields: limits the engine publishes, his turn names you as the player to eliminate", async () => {
  const { readKill } = await import("../../site_src/js/calculators/turn-kill.js");
  const { engineFacts } = await import("../../site_src/js/limits.js");
  // the engine's own facts, as the build writes them into a page (riskodds.describe())
  const { execFileSync } = await import("node:child_process");
  const { existsSync } = await import("node:fs");
  const root = new URL("../..", import.meta.url).pathname;
  const python = existsSync(`${root}.venv/bin/python`) ? `${root}.venv/bin/python` : "python3";
  const facts = JSON.parse(execFileSync(python, ["-c", "import json; from riskodds import describe; print(json.dumps(describe()))"],
    { env: { ...process.env, PYTHONPATH: `${root}pysite` } }).toString());
  engineFacts(facts);
  const cards = facts.board.card_sets;
  assert.equal(cards.most_hand, 5);
  const read = (fields) => {
    const values = {}, errors = {};
    readKill((name) => fields[name], values, errors, cards);
    return { values, errors };
  };
  const mine = read({ kill_turn: "mine", victims: "opponent, green", your_cards: "4", their_cards: "opponent 2, green 1", sets_traded: "5" });
  assert.deepEqual(mine.errors, {});
  assert.deepEqual(mine.values.victims, ["opponent", "green"]);
  assert.deepEqual(mine.values.their_cards, { opponent: 2, green: 1 });
  assert.ok(read({ kill_turn: "mine", victims: "opponent", your_cards: "6", their_cards: "2", sets_traded: "0" }).errors.your_cards);
  assert.ok(read({ kill_turn: "mine", victims: "opponent", your_cards: "1", their_cards: "2", sets_traded: "201" }).errors.sets_traded);
  const his = read({ kill_turn: "his", victims: "green", your_cards: "3", their_cards: "4", sets_traded: "2", opponent_reinforcements: "5" });
  assert.deepEqual(his.values.victims, ["you"]);
  assert.deepEqual(his.values.their_cards, { opponent: 4 });
  assert.equal(his.values.opponent_reinforcements, 5);
});
