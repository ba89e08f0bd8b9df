#!/usr/bin/env python3
"""The build-time Pyodide memory snapshot (sitebuild/snapshot.py), measured under Node in fresh
processes: a bare loadPyodide() against restoring the snapshot and answering 75 v 10 with the
engine it holds; its size raw and gzipped; and whether two makes give the same bytes.
Target: restore + first answer <= 0.7 x a bare load (the browser bench, bench_first_answer.py,
judges the page itself). Prints a table, writes bench/results/snapshot.json, exits 1 on a miss.
Usage: python bench/bench_snapshot.py [--runs N]
"""
import argparse
import gzip
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchlib import ROOT, Target, finish
from sitebuild import engine_pack, paths, snapshot

SCRIPT = Path(__file__).with_name("node_start.mjs")


def start(snapshot_file: Path | None) -> dict:
    cmd = ["node", str(SCRIPT), str(paths.PYODIDE_PKG)] + ([str(snapshot_file)] if snapshot_file else [])
    return json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True, timeout=300).stdout)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    engine_zip = engine_pack.engine_archive(paths.ENGINE_SRC, "main")
    first = snapshot.make(paths.PYODIDE_PKG, engine_zip)
    second = snapshot.make(paths.PYODIDE_PKG, engine_zip)
    gz = gzip.compress(first, compresslevel=9, mtime=0)
    with tempfile.TemporaryDirectory() as tmp:
        snap = Path(tmp) / "snapshot.bin"
        snap.write_bytes(first)
        bare = [start(None) for _ in range(args.runs)]
        restored = [start(snap) for _ in range(args.runs)]
    med = {"bare_start_ms": statistics.median(r["startMs"] for r in bare),
           "restore_ms": statistics.median(r["startMs"] for r in restored),
           "restore_first_answer_ms": statistics.median(r["firstAnswerMs"] for r in restored)}
    rows = [("bare loadPyodide()", med["bare_start_ms"]), ("snapshot restored", med["restore_ms"]),
            ("snapshot restored + 75 v 10 answered", med["restore_first_answer_ms"])]
    print(f"\n{'Node, fresh process each':40s} {'median ms':>10s}  x bare")
    for name, v in rows:
        print(f"{name:40s} {v:10.0f}  {v / med['bare_start_ms']:.2f}")
    print(f"snapshot: {len(first):,} bytes raw, {len(gz):,} gzipped; two makes identical: {first == second}")
    result = {"runs": args.runs, "medians_ms": med, "raw": {"bare": bare, "restored": restored},
              "snapshot_bytes": len(first), "snapshot_gz_bytes": len(gz), "reproducible": first == second}
    targets = [Target("Node: snapshot restore + first answer / bare load", med["restore_first_answer_ms"] / med["bare_start_ms"], 0.7, "x"),
               Target("two snapshot makes identical", float(first == second), 1, "", at_least=True)]
    return finish("snapshot.json", result, targets)


if __name__ == "__main__":
    sys.exit(main())
