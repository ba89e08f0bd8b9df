// Make a Pyodide memory snapshot with the engine already imported (run by sitebuild/snapshot.py).
//   node make_snapshot.mjs <pyodide dir> <engine archive (.tgz)> <out file>
// The snapshot is the WebAssembly heap after start-up; restoring it skips Python's own start-up
// and the engine's imports. Two builds must write the same bytes, so while it is made the world
// is deterministic: a fixed hash seed (PYTHONHASHSEED=0; Python's str hashes live in the heap),
// seeded randomness for everything that asks for entropy (mimalloc and the hash secret would
// otherwise fill the heap with fresh bytes), a fixed wall clock and a counting monotonic clock
// (timestamps in import caches), and a fixed argv (else sys.argv holds this script's path).
// None of it leaks into the browser: there the snapshot is restored, then used as is.
import fs from "node:fs";
import crypto from "node:crypto";
import path from "node:path";
import zlib from "node:zlib";
import { pathToFileURL } from "node:url";

const [pyodideDir, zipPath, outPath] = process.argv.slice(2);

let seed = 0x9e3779b9;
const next = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0); // LCG: any fixed stream will do
const fill = (view) => {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) bytes[i] = next() >>> 24;
  return view;
};
crypto.randomFillSync = fill;
globalThis.crypto.getRandomValues = fill;
Math.random = () => next() / 2 ** 32;
Date.now = () => 1_700_000_000_000;
let tick = 0;
performance.now = () => (tick += 1);
process.argv = [process.argv[0], "/riskodds"];

const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + "/", _makeSnapshot: true, env: { PYTHONHASHSEED: "0" } });
// the files written from JavaScript (untar.js): Python's tarfile and gzip stay out of the heap
const { writeFiles } = await import(new URL("../site_src/js/untar.js", import.meta.url).href);
writeFiles(py.FS, "/engine", new Uint8Array(zlib.gunzipSync(fs.readFileSync(zipPath))));
// Every engine module (not the command line), and the same settings the worker applies.
py.runPython(`
import importlib, pkgutil, sys
sys.path.insert(0, "/engine")
sys.set_int_max_str_digits(0)
import riskodds
for m in pkgutil.walk_packages(riskodds.__path__, "riskodds."):
    if m.name not in ("riskodds.__main__", "riskodds.interfaces.cli"):
        importlib.import_module(m.name)
import riskodds.interfaces.api
`);
fs.writeFileSync(outPath, py.makeMemorySnapshot());
