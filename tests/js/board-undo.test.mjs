// Undo for a board form (board/undo.js) under Node, with a stand-in for the browser's history: each
// edit is one step back, a burst of one kind is one edit, the history gets an entry an edit marked
// with the edits so far (so Back undoes), the list keeps the newest `most`, a restore records nothing.
import test from "node:test";
import assert from "node:assert/strict";
import { undoList } from "../../site_src/js/board/undo.js";

function fakeHistory() {
  const h = { entries: [null], at: 0, backs: 0 };
  h.pushState = (s) => { h.entries = h.entries.slice(0, h.at + 1).concat([s]); h.at++; };
  h.replaceState = (s) => { h.entries[h.at] = s; };
  h.back = () => { h.backs++; h.at--; };
  Object.defineProperty(h, "state", { get: () => h.entries[h.at] });
  return h;
}

function form(fields, history = fakeHistory(), most = 50) {
  const f = { ...fields };
  const counts = [];
  const list = undoList({ key: "undo:t", snapshot: () => ({ ...f }), restore: (v) => Object.assign(f, v),
    onChange: (n) => counts.push(n), most, history, href: () => "/x" });
  return { f, list, history, counts };
}

test("each edit is taken back in turn, newest first", () => {
  const { f, list, counts } = form({ position: "a", reinforcements: "3" });
  f.position = "b"; list.record();
  f.reinforcements = "5"; list.record("field:reinforcements");
  assert.equal(list.size, 2);
  list.undo();
  assert.deepEqual(f, { position: "b", reinforcements: "3" });
  list.undo();
  assert.deepEqual(f, { position: "a", reinforcements: "3" });
  list.undo(); // nothing left: no change
  assert.deepEqual(f, { position: "a", reinforcements: "3" });
  assert.deepEqual(counts, [1, 2, 1, 0]);
});

test("a burst of edits of one kind is one edit; an unchanged field records nothing", () => {
  const { f, list } = form({ position: "Egypt 1" });
  for (const n of ["1", "12", "123"]) { f.position = `Egypt ${n}`; list.record("armies:Egypt"); }
  list.record("armies:Egypt"); // nothing changed
  assert.equal(list.size, 1);
  list.undo();
  assert.equal(f.position, "Egypt 1");
});

test("each edit leaves a history entry marked with the edits so far; Back to it undoes the rest", () => {
  const { f, list, history } = form({ position: "a" });
  f.position = "b"; list.record();
  f.position = "c"; list.record();
  assert.deepEqual(history.entries.map((s) => s?.["undo:t"]), [0, 1, 2]);
  list.back(); // in step with the history: Back, which the page's popstate turns into popped()
  assert.equal(history.backs, 1);
  list.popped(history.state);
  assert.equal(f.position, "b");
  list.popped({ "undo:t": 0 });
  assert.equal(f.position, "a");
  list.popped({ other: 1 }); // another form's entry: nothing
  assert.equal(f.position, "a");
});

test("out of step with the history (a reload), the button undoes directly", () => {
  const history = fakeHistory();
  const { f, list } = form({ position: "a" }, history);
  f.position = "b"; list.record();
  history.entries[history.at] = null;
  list.back();
  assert.equal(history.backs, 0);
  assert.equal(f.position, "a");
});

test("a restore records nothing, and the list keeps the newest `most` edits", () => {
  const { f, list } = form({ position: "0" }, fakeHistory(), 3);
  for (let i = 1; i <= 5; i++) { f.position = String(i); list.record(); }
  assert.equal(list.size, 3);
  list.undo(); list.undo(); list.undo();
  assert.equal(f.position, "2");
  assert.equal(list.size, 0);
});

test("reset: the fields now are the start", () => {
  const { f, list } = form({ position: "a" });
  f.position = "z";
  list.reset();
  list.record();
  assert.equal(list.size, 0);
});
