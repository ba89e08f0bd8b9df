// One start of Pyodide under Node, timed (bench/bench_snapshot.py runs it in fresh processes):
//   node node_start.mjs <pyodide dir> [snapshot file]  -> JSON {startMs, firstAnswerMs}
// With a snapshot: restore it, then answer 75 v 10 with the engine it holds; without: a bare
// loadPyodide() (no engine), the baseline.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, snapshotPath] = process.argv.slice(2);
const t0 = performance.now();
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const options = { indexURL: pyodideDir + "/" };
if (snapshotPath) options._loadSnapshot = new Uint8Array(fs.readFileSync(snapshotPath));
const py = await loadPyodide(options);
const t1 = performance.now();
let answer = null;
if (snapshotPath) {
  const text = py.pyimport("riskodds.interfaces.api").call("battle", JSON.stringify({ attackers: 75, defenders: 10, convention: "attacking" }));
  answer = JSON.parse(text).loss;
} else {
  py.runPython("1 + 1");
}
console.log(JSON.stringify({ startMs: t1 - t0, firstAnswerMs: performance.now() - t0, loss: answer }));
