// The Hold calculator's layout of the engine's answer (calculators/hold-answer.js) under Node, against
// CPython's engine (op "hold" on the ready-made positions and a few more): the words split into the
// holder's move, his reply and the rules of thumb (checked against the words picked here by how each
// begins); the plan the board draws; the rules of thumb beside the best, their differences exactly
// Python's Fractions; the opponent's course in words; the set the fields ask for and the hints a
// position being set up gets.
import test from "node:test";
import assert from "node:assert/strict";
import { python } from "./python.mjs";
import { indexBoard } from "../../site_src/js/board/facts.js";
import { readPosition } from "../../site_src/js/board/position.js";
import { engineFacts } from "../../site_src/js/limits.js";
import { MARKED, askedSet, boardPlan, lineWords, placedText, setTerritories, setWords, setupHint, splitWords, thumbRows }
  from "../../site_src/js/calculators/hold-answer.js";

const ENGINE = python(`
import json
from fractions import Fraction
from riskodds.interfaces import api
from sitebuild import hold_presets, turn_presets
from sitebuild.engine_facts import board_json, page_facts
F = lambda p: Fraction(int(p["num"]), int(p["den"]))
reqs = [hold_presets.request(p) for p in hold_presets.PRESETS]
base = hold_presets.request(hold_presets.BY_NAME["south-america"])
reqs.append({**base, "fortify": "none"})
reqs.append({**base, "hold": ["Venezuela", "Brazil"], "reinforcements": 0})
safe = hold_presets.request(hold_presets.BY_NAME["australia"])
reqs.append({**safe, "position": {**safe["position"], "Siam": {"owner": "opponent", "armies": 1}}, "opponent_reinforcements": 0})
out = []
for q in reqs:
    r = api.handle("hold", q)
    assert r["ok"], r
    diffs = [F(r["hold"]) - F(t["hold"]) for t in r["rules_of_thumb"]]
    out.append({"answer": r, "diffs": [[str(d.numerator), str(d.denominator)] for d in diffs]})
print(json.dumps({"cases": out, "facts": page_facts(),
                  "board": json.loads(board_json({"presets": turn_presets.shipped(), "hold_presets": hold_presets.shipped()}))}))
`);
engineFacts(ENGINE.facts);
const BOARD = indexBoard(ENGINE.board);
const CASES = ENGINE.cases;
const reachable = (r) => r.searched.states > 0;

test("the cases cover a fortify move, none, and a set that holds for sure", () => {
  assert.ok(CASES.some(({ answer }) => answer.fortify));
  assert.ok(CASES.some(({ answer }) => !answer.fortify && answer.fortify_rule === "adjacent"));
  assert.ok(CASES.some(({ answer }) => answer.fortify_rule === "none"));
  assert.ok(CASES.some(({ answer }) => !reachable(answer)));
});

test("the words split into the holder's move, the chance, his reply and one per rule of thumb", () => {
  for (const { answer: r } of CASES) {
    const w = splitWords(r);
    if (!reachable(r)) {
      assert.deepEqual(w, { all: r.words });
      assert.match(r.words[0], /holds for sure/);
      continue;
    }
    const starts = (...heads) => r.words.filter((s) => heads.some((h) => s.startsWith(h)));
    assert.deepEqual(w.move, starts("Place ", "Then move ", "Do not fortify"));
    assert.deepEqual([w.keep], starts("You keep "));
    assert.deepEqual([w.reply], starts("The opponent"));
    assert.deepEqual(w.thumbs, starts("Rule of thumb "));
    assert.equal(w.thumbs.length, r.rules_of_thumb.length);
  }
});

test("the board draws the holder's placement and move, his placement and his first attack", () => {
  for (const { answer: r } of CASES) {
    const plan = boardPlan(r);
    assert.deepEqual(plan.placement, r.placement);
    assert.deepEqual(plan.theirs, r.reply.placement);
    const want = [];
    if (r.fortify) want.push({ from: r.fortify.from, target: r.fortify.to, label: `move ${r.fortify.armies}`, kind: "fortify" });
    if (r.reply.next.attack) want.push({ from: r.reply.next.attack.from, target: r.reply.next.attack.to, label: "his attack", kind: "reply" });
    // through a buffer taken, his way in goes on: each battle of his course until one takes no buffer
    const line = r.reply.line.filter((s) => s.from);
    for (let i = 1; r.reply.next.attack && i < line.length && line[i - 1].taken && r.through.includes(line[i - 1].to); i++) {
      want.push({ from: line[i].from, target: line[i].to, label: "then", kind: "reply" });
    }
    assert.deepEqual(plan.steps, want);
  }
  const buffered = CASES.find(({ answer }) => answer.through.includes("Siam")).answer;
  assert.deepEqual(boardPlan(buffered).steps.filter((s) => s.kind === "reply").map((s) => [s.from, s.target]),
    [["China", "Siam"], ["Siam", "Indonesia"]]);
});

test("the rules of thumb beside the best: the engine's chances, the differences exactly Python's", () => {
  let worse = 0, same = 0;
  for (const { answer: r, diffs } of CASES) {
    const rows = thumbRows(r);
    assert.equal(rows.length, r.rules_of_thumb.length + 1);
    assert.ok(rows[0].best && rows[0].against === "" && rows[0].hold === r.hold);
    assert.equal(rows[0].placement, placedText(r.placement, r.fortify));
    rows.slice(1).forEach((row, i) => {
      const t = r.rules_of_thumb[i];
      assert.equal(row.name, t.name);
      assert.equal(row.hold, t.hold);
      assert.equal(row.placement, placedText(t.placement, t.fortify));
      const [num, den] = diffs[i];
      assert.ok(num[0] !== "-", "a rule of thumb never beats the best");
      if (num === "0") { same++; assert.equal(row.against, "as good"); assert.ok(row.asGood); } else {
        worse++;
        assert.match(row.against, /^\S+\u00a0points worse$/);
        const shown = Number(row.against.split("\u00a0")[0].replace(/^less than /, ""));
        assert.ok(Math.abs(shown - 100 * Number(num) / Number(den)) <= 0.01 * shown, row.against); // the rounded size
      }
    });
    // chances that differ never read the same
    for (const a of rows) for (const b of rows) if (a.text === b.text) assert.equal(BigInt(a.hold.num) * BigInt(b.hold.den), BigInt(b.hold.num) * BigInt(a.hold.den));
  }
  assert.ok(worse > 0 && same > 0);
});

test("placements and moves in words", () => {
  assert.equal(placedText([{ territory: "Venezuela", armies: 4 }, { territory: "Brazil", armies: 0 }]), "4 on Venezuela");
  assert.equal(placedText([{ territory: "Venezuela", armies: 4 }, { territory: "Brazil", armies: 4 }], { from: "Peru", to: "Brazil", armies: 1 }),
    "4 on Venezuela and 4 on Brazil, then 1 from Peru to Brazil");
  assert.equal(placedText([{ territory: "Brazil", armies: 0 }]), "nothing placed");
});

test("his most likely course in words, one sentence a battle, with the engine's numbers", () => {
  for (const { answer: r } of CASES) {
    const words = lineWords(r.reply.line, setWords(r.hold_set, r.hold_name), r.through);
    const steps = r.reply.line.filter((s) => s.from);
    assert.equal(words.length, steps.length);
    steps.forEach((s, i) => {
      assert.ok(words[i].includes(`${s.to} from ${s.from} (${s.armies} against ${s.defenders}) with ${s.dice} di`), words[i]);
      const inside = r.hold_set.includes(s.to);
      assert.equal(words[i].endsWith("is broken."), s.taken && inside);
      assert.equal(words[i].endsWith(`he moves ${s.moved} in.`), s.taken && !inside);
    });
  }
  // through a buffer: Siam taken is no break; Indonesia after it is
  const buffered = CASES.find(({ answer }) => answer.through.length && answer.reply.line.length > 1);
  assert.ok(buffered, "a ready-made position with a way in, and a line through it");
  const said = lineWords(buffered.answer.reply.line, "Australia", buffered.answer.through);
  assert.ok(said[0].startsWith("He attacks Siam from China") && said[0].includes("he moves"), said[0]);
  assert.ok(said[said.length - 1].endsWith("Australia is broken."), said.at(-1));
  const one = lineWords([{ from: "Siam", to: "Indonesia", dice: 1, armies: 2, defenders: 3, rolls: 1, taken: false, left: 1, defenders_left: 3 }], "Australia");
  assert.deepEqual(one, ["He attacks Indonesia from Siam (2 against 3) with 1 die until Siam has 1 and Indonesia 3."]);
});

test("the set the fields ask to hold: a continent, the territories marked (the board's names), or as typed", () => {
  const aus = askedSet("Australia", "", BOARD);
  assert.equal(aus.name, "Australia");
  assert.deepEqual(setTerritories(aus), ["Indonesia", "New Guinea", "Western Australia", "Eastern Australia"]);
  const marked = askedSet(MARKED, "venezuela, Brazl, Brazil, Venezuela, S. Europe", BOARD);
  assert.deepEqual(marked, { territories: ["Venezuela", "Brazil", "Southern Europe"], unknown: ["Brazl"] });
  assert.deepEqual(askedSet("Atlantis", "", BOARD), { name: "Atlantis" });
  assert.equal(setWords(["Venezuela", "Brazil"]), "Venezuela and Brazil");
  assert.equal(setWords(["A", "B", "C"]), "all 3");
  assert.equal(setWords(["A", "B", "C"], "Australia"), "Australia");
});

test("a position being set up gets a plain hint; a complete one none (the engine refuses the rest)", () => {
  const hint = (position, hold = "Australia", marked = "") => setupHint({ position, hold, marked }, readPosition(position, BOARD), BOARD);
  assert.match(hint(""), /^Start with the territories you hold: tap one/);
  assert.match(hint("opponent: Siam 3"), /^Mark a territory of yours/);
  assert.match(hint("you: Siam 3", MARKED), /^Choose what to hold/);
  assert.equal(hint("you: Indonesia 1, New Guinea 1"), "Give Western Australia and Eastern Australia their armies: tap each, then You.");
  assert.equal(hint("you: Indonesia 1, New Guinea 1, Western Australia 1, Eastern Australia 1"),
    "Mark the opponent: tap a territory next to Australia (Siam), then Opponent, and type his armies.");
  assert.equal(hint("you: Indonesia 1, New Guinea 1, Western Australia 1, Eastern Australia 1; opponent: Siam 3"), null);
  // the engine's refusals, not hints: a territory to hold that is not yours, an opponent named who holds nothing
  assert.equal(hint("you: New Guinea 1, Western Australia 1, Eastern Australia 1; opponent: Indonesia 2"), null);
  assert.equal(hint("you: Venezuela 1, Brazil 2; red: Peru 2", MARKED, "Venezuela, Brazil"), null);
  assert.equal(hint("you: Venezuela 1", MARKED, "Venezuela, Brazl"), null); // the field's own message says what
  assert.equal(hint("you: Venezuela 1; opponent Brazil 2"), null); // a mistake in the text: its message says what
});
