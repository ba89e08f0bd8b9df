"""Speeds and earlier work the article compares: our result files and benches, then history.json."""
import json

from .. import paths
from . import simdata
from .fmt import tenpow

HISTORY = paths.SITE_SRC / "content" / "article" / "history.json"


def history() -> dict:
    return json.loads(HISTORY.read_text())


def throughput_rows() -> list[dict]:
    """Battles per second: our measured speeds first (result files, then benches), then earlier work."""
    rows = []
    for h in simdata.from_files(75, 10):
        if h.runs_per_s:
            kind = "gpu" if h.backend == "cuda" else "cpu"
            rows.append({"label": f"ours: {h.backend}, {h.record.get('mode')} mode, {tenpow(h.runs)} runs ({h.device})",
                         "runs_per_s": h.runs_per_s, "kind": kind})
    bench = simdata.bench("bench_pipeline_numpy.json") or {"rows": []}
    for r in bench["rows"]:
        if r.get("processes") == 1 and r.get("wall_s"):
            rows.append({"label": f"ours: {r['backend']}, {r['mode']} mode, 1 core (bench)",
                         "runs_per_s": r["runs"] / r["wall_s"], "kind": "cpu"})
    for r in history()["throughput"]:
        rows.append({"label": f"earlier: {r['label']}", "runs_per_s": r["runs"] / r["seconds"], "kind": "history"})
    return rows
