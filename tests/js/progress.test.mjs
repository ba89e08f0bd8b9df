// A long request's progress in words (progress.js): what is worked out and how far.
import test from "node:test";
import assert from "node:assert/strict";
import { progressText, progressShare } from "../../site_src/js/progress.js";

test("progress says what is worked out and how far, in the engine's estimate", () => {
  const what = "a turn of 6 reinforcements against 6 targets (chains)";
  assert.equal(progressText({ what, done: 0, estimate: 5 }), `Working out ${what}: 0.0 s of about 5.0 s (0 %)`);
  assert.equal(progressText({ what, done: 2.1, estimate: 5 }), `Working out ${what}: 2.1 s of about 5.0 s (42 %)`);
  assert.equal(progressText({ what, done: 4.999, estimate: 5 }), `Working out ${what}: 5.0 s of about 5.0 s (99 %)`);
  assert.equal(progressText({ what, done: 12.4, estimate: 8 }), `Working out ${what}: 12 s, longer than the 8.0 s estimated`);
  assert.equal(progressShare({ done: 1, estimate: 4 }), 0.25);
  assert.equal(progressShare({ done: 9, estimate: 4 }), 1);
});
