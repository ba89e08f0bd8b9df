// The engine client's warm-ups (engine-client.js `prepare`): when they are sent to the worker, in
// what order beside the reader's requests, and what a restart or a crash does to them. The worker is
// a stand-in that records what it is sent and answers when the test says (the real worker and its
// warm-up run in Chromium: tests/site/test_page_warm_up.py).
import test from "node:test";
import assert from "node:assert/strict";

globalThis.self = globalThis;
const workers = [];
globalThis.Worker = class {
  constructor() { this.sent = []; this.terminated = false; workers.push(this); }
  postMessage(m) { this.sent.push(m.type === "init" ? "init" : `${m.type} ${m.op}`); this.last = m; }
  terminate() { this.terminated = true; }
  // the worker's answers
  ready() { this.onmessage({ data: { type: "ready", ms: 1, phases: {}, initAt: 0 } }); }
  answer() { this.onmessage({ data: { type: "result", id: this.last.id, text: "{\"ok\": true}", ms: 1 } }); }
  prepared() { this.onmessage({ data: { type: "prepared", id: this.last.id } }); }
  crash() { this.onmessage({ data: { type: "crashed", id: this.last.id, message: "a wasm trap" } }); }
};
const { EngineClient } = await import("../../site_src/js/engine-client.js");

const fresh = () => new EngineClient({ workerURL: "w.js", pyodideURL: "p/", engineURL: "e.tgz" });

test("a warm-up does not start an idle engine; it runs once the engine is ready, with nothing else asked", () => {
  const e = fresh();
  e.prepare("turn");
  assert.equal(e.worker, null);
  assert.equal(e.state, "idle");
  e.start();
  const w = e.worker;
  assert.deepEqual(w.sent, ["init"]);
  w.ready();
  assert.deepEqual(w.sent, ["init", "prepare turn"]);
  assert.equal(e.state, "ready");            // nobody waits for a warm-up: the page stays ready
  assert.equal(e.current.warmup, true);
  w.prepared();
  assert.equal(e.current, null);
  e.prepare("turn");                          // once per op
  assert.deepEqual(w.sent, ["init", "prepare turn"]);
});

test("the reader's requests go first: those queued before it, and those asked while another runs", async () => {
  const e = fresh();
  e.start();
  const w = e.worker;
  e.prepare("turn");
  const a = e.call("battle", {});             // asked before the engine is ready
  w.ready();
  assert.deepEqual(w.sent.slice(1), ["call battle"]);
  e.prepare("hold");
  const b = e.call("turn", {});                // asked while a runs: before both warm-ups
  w.answer();
  await a.promise;
  assert.deepEqual(w.sent.slice(1), ["call battle", "call turn"]);
  w.answer();
  await b.promise;
  assert.deepEqual(w.sent.slice(1), ["call battle", "call turn", "prepare turn"]);
  const c = e.call("battle", {});             // asked while a warm-up runs: waits for it, then goes
  assert.equal(e.isRunning(c.id), false);
  w.prepared();
  assert.deepEqual(w.sent.slice(1), ["call battle", "call turn", "prepare turn", "call battle"]);
  w.answer();
  await c.promise;
  assert.equal(w.sent.at(-1), "prepare hold");
  w.prepared();
  assert.equal(e.current, null);
});

test("a restarted worker warms up again; a worker that crashes in a warm-up is not asked it again", () => {
  const e = fresh();
  e.start();
  let w = e.worker;
  w.ready();
  e.prepare("turn");
  w.prepared();
  e.restart("Cancelled: restarting the engine…");
  assert.equal(w.terminated, true);
  w = e.worker;
  w.ready();
  assert.deepEqual(w.sent, ["init", "prepare turn"]);
  w.crash();                                  // the warm-up itself failed: the engine restarts without it
  w = e.worker;
  w.ready();
  assert.deepEqual(w.sent, ["init"]);
  assert.equal(e.state, "ready");
});
