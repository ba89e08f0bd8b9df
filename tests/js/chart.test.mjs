// The distribution chart (views/chart.js) under Node, with a list as long as a battle of 150,000
// armies gives: no value is spread into a function's arguments (V8 overflows its stack beyond
// about 120,000 of them: "Maximum call stack size exceeded").
import test from "node:test";
import assert from "node:assert/strict";

// Just enough of a document for dom.js to build elements: tags, attributes and children.
class StandInNode {
  constructor(tag) { this.tag = tag; this.attrs = {}; this.children = []; }
  setAttribute(k, v) { this.attrs[k] = v; }
  addEventListener() {}
  append(child) { this.children.push(child); }
}
globalThis.Node = StandInNode;
globalThis.document = {
  createElement: (tag) => new StandInNode(tag),
  createElementNS: (ns, tag) => new StandInNode(tag),
  createTextNode: (text) => ({ text }),
};
const { drawChart, extent } = await import("../../site_src/js/views/chart.js");

const N = 200_000;
// P(k lost) for k = 0..N-1: a ramp, so the largest value is the last one and the smallest the first.
const total = (N * (N + 1)) / 2;
const dist = Array.from({ length: N }, (_, k) => ({ float: (k + 1) / total, log10: Math.log10((k + 1) / total) }));

test("extent: the smallest and largest finite values of a long list, skipping gaps", () => {
  const values = Array.from({ length: N }, (_, k) => (k % 7 === 3 ? null : k - 1000));
  values.push(NaN, Infinity);
  assert.deepEqual(extent(values), [-1000, N - 1001]);
  assert.equal(extent([null, NaN]), null);
});

for (const scale of ["linear", "log"]) {
  test(`a ${N.toLocaleString("en-US")}-bar chart draws every bar (${scale} scale)`, () => {
    const chart = drawChart(dist, { scale, title: "Armies lost", xLabel: "armies lost" });
    const bars = chart.children.filter((c) => c.attrs && c.attrs.class === "bar");
    assert.equal(bars.length, N);
    // The last bar is the tallest; on the linear scale it reaches the top of the plot (y = 12).
    let top = Infinity;
    for (const b of bars) top = Math.min(top, Number(b.attrs.y));
    assert.equal(Number(bars[N - 1].attrs.y), top);
    if (scale === "linear") assert.equal(bars[N - 1].attrs.y, "12.00");
  });
}
