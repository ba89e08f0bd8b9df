"""Data files linked from the article, each opening with a header that states its conventions
and how it was computed. Returned as {asset path: bytes} for the hashed asset pipeline."""
import io
import json
import tempfile
from pathlib import Path

from riskodds.answers import tables

from .. import cache
from . import data as article_data

GRID_HEADER = """\
# Risk battle odds: P(attacker wins), exact values rounded to the nearest float64.
# Rows: attacking armies a = 1..{n} (ATTACKING convention: armies that fight, all may die;
#   armies on the territory = a + 1). Columns: defenders d = 1..{n}.
# Rules: attacker rolls up to 3 dice, defender up to 2, six-sided, ties to the defender,
#   fought to the end. Values below 1e-308 are written as 0.0.
# Computed by build.py with riskodds.win_grid_floats({n}) (exact rational sweep).
# The .npy twin holds the same {n} x {n} float64 array, [a-1, d-1].
"""

NEEDED_HEADER = """\
# Risk battle odds: troops needed, in the territory convention: the fewest armies ON THE
#   ATTACKING TERRITORY (one stays behind, so a territory of T armies attacks with T - 1) for
#   P(attacker takes the territory) >= p, against d = 1..{d} defenders.
# Rules: {rules}. Six-sided dice, ties to the defender, fought to the end.
# Computed exactly by build.py with riskodds.needed_tables({d}) (rational arithmetic).
"""

SIM_README = ("Monte Carlo histograms of 75 attacking armies (attacking convention: all may die) "
              "against 10 defenders, standard rules. attackers_lost[n] = battles in which n "
              "attacking armies were lost; the counts sum to runs exactly. Format: "
              "gpu_pipeline/records/results.py (riskodds-simulation v1). A record whose source is "
              "'build fallback' was simulated by build.py with the pipeline's NumPy backend because "
              "no result file was present.")


def _write_grid(n: int) -> tuple[bytes, bytes]:
    grid = article_data.win_grid(n)
    with tempfile.TemporaryDirectory() as tmp:
        csv, npy = Path(tmp) / "g.csv", Path(tmp) / "g.npy"
        tables.write_float_grid(csv, npy, (list(map(float, row)) for row in grid), n, GRID_HEADER.format(n=n))
        return csv.read_bytes(), npy.read_bytes()


def _write_needed(d: int, name: str) -> bytes:
    table = article_data.needed(d)[name]
    rules = "standard defence, up to 2 defence dice" if name == "standard" else "capital defence, up to 3 defence dice"
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "n.csv"
        tables.write_needed_csv(path, table, NEEDED_HEADER.format(d=d, rules=rules))
        return path.read_bytes()


def sim_json(hists) -> bytes:
    doc = {"readme": SIM_README,
           "histograms": [{"source": h.source, "label": h.label, **h.record} for h in hists]}
    return (json.dumps(doc, indent=1, sort_keys=True) + "\n").encode()


# name -> (asset path, description) in the order the article lists them
FILES = {
    "grid_csv": ("data/win-probability-{n}x{n}.csv", "win-probability grid, CSV"),
    "grid_npy": ("data/win-probability-{n}x{n}.npy", "the same grid as a NumPy .npy array"),
    "needed_standard": ("data/troops-needed-standard-d{d}.csv", "troops needed, standard defence"),
    "needed_capital": ("data/troops-needed-capital-d{d}.csv", "troops needed, capital defence"),
    "simulations": ("data/simulations-75v10.json", "simulation histograms, 75 v 10"),
}


def build(hists, n: int = article_data.GRID_N, d: int = article_data.NEEDED_D) -> dict[str, bytes]:
    """{asset path: bytes} for every download."""
    code = cache.file_digest(Path(__file__))
    csv, npy = cache.cached("dl-grid", {"n": n, "code": code}, lambda: _write_grid(n))
    out = {
        FILES["grid_csv"][0].format(n=n): csv,
        FILES["grid_npy"][0].format(n=n): npy,
        FILES["needed_standard"][0].format(d=d): _write_needed(d, "standard"),
        FILES["needed_capital"][0].format(d=d): _write_needed(d, "capital"),
        FILES["simulations"][0]: sim_json(hists),
    }
    return out


def path_of(name: str, n: int = article_data.GRID_N, d: int = article_data.NEEDED_D) -> str:
    return FILES[name][0].format(n=n, d=d)
