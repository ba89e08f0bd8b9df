"""Monte Carlo histograms for the article: the pipeline's result files, or a NumPy fallback.

A file counts for the 75 v 10 figure if it simulates 75 attacking armies against 10 defenders
under standard rules, fought to the end. With no such file the build runs the pipeline's NumPy
twin itself (FALLBACK_RUNS battles, fixed seed, cached), and every figure and text that uses it
says so."""
import json
from dataclasses import dataclass
from pathlib import Path

from .. import cache, paths
from .fmt import tenpow

SIM_DIR = paths.ROOT / "data" / "simulations"
BENCH_DIR = paths.ROOT / "bench" / "results"
FALLBACK_RUNS = 2_000_000
FALLBACK_SEED = 20240601
STANDARD_RULES = {"attack_dice": 3, "defend_dice": 2, "attack_faces": 6, "defend_faces": 6,
                  "ties": "defender", "defender_bonus": "none"}


@dataclass(frozen=True)
class Histogram:
    label: str          # legend text: backend, runs, and "fallback" when made by the build
    backend: str        # numpy | cuda | ...
    device: str
    runs: int
    attackers_lost: tuple[int, ...]
    source: str         # file name under data/simulations/, or "build fallback"
    runs_per_s: float | None
    record: dict        # the JSON written to the downloads (deterministic fields only for fallback)


def _matches(obj: dict, A: int, D: int) -> bool:
    return (obj.get("format") == "riskodds-simulation" and obj.get("attacking_armies") == A
            and obj.get("defenders") == D and obj.get("rules") == STANDARD_RULES
            and obj.get("retreat_at") is None and obj.get("defender_goal") == 0
            and obj.get("complete", True))


def _label(backend: str, runs: int, fallback=False) -> str:
    kind = "GPU (CUDA)" if backend == "cuda" else f"CPU ({backend})"
    return f"{kind}, {tenpow(runs)} runs" + (" — build fallback" if fallback else "")


def from_files(A: int = 75, D: int = 10, sim_dir: Path = SIM_DIR) -> list[Histogram]:
    out = []
    for path in sorted(sim_dir.glob("*.json")):
        try:
            obj = json.loads(path.read_text())
        except (OSError, ValueError):
            continue
        if _matches(obj, A, D):
            out.append(Histogram(_label(obj["backend"], obj["runs"]), obj["backend"], obj.get("device", ""),
                                 int(obj["runs"]), tuple(int(x) for x in obj["attackers_lost"]),
                                 path.name, obj.get("runs_per_s"), obj))
    return out


def _run_fallback(A: int, D: int, runs: int, seed: int) -> dict:
    from gpu_pipeline.backends.numpy_backend import NumpyBackend
    from gpu_pipeline.runs.runner import simulate
    from gpu_pipeline.rounds.spec import BattleSpec

    backend = NumpyBackend()
    try:
        res = simulate(BattleSpec(A, D, "attacking", mode="dice"), runs, seed, backend, progress=False)
    finally:
        backend.close()
    rec = res.to_json()
    # wall time, date and commit vary from build to build: left out so builds are reproducible
    for k in ("wall_time_s", "runs_per_s", "created_utc", "git_commit", "kernel", "device"):
        rec.pop(k, None)
    rec["notes"] = (f"Made by build.py because data/simulations/ held no {A} v {D} result: "
                    f"the pipeline's NumPy backend, {runs} runs, seed {seed}.")
    return rec


def fallback(A: int = 75, D: int = 10, runs: int = FALLBACK_RUNS, seed: int = FALLBACK_SEED) -> Histogram:
    code = cache.tree_digest(paths.ROOT / "gpu_pipeline")
    rec = cache.cached("sim-fallback", {"A": A, "D": D, "runs": runs, "seed": seed, "code": code},
                       lambda: _run_fallback(A, D, runs, seed))
    return Histogram(_label("numpy", runs, fallback=True), "numpy", "CPU", runs,
                     tuple(rec["attackers_lost"]), "build fallback", None, rec)


def histograms(A: int = 75, D: int = 10) -> list[Histogram]:
    """Every usable result file, CPU ones first; the fallback when there is none."""
    found = from_files(A, D)
    found.sort(key=lambda h: (h.backend == "cuda", h.runs, h.source))
    return found or [fallback(A, D)]


def sim_inputs() -> dict:
    """Digests of the simulation and bench files (cache keys of the figures that read them)."""
    files = sorted(SIM_DIR.glob("*.json")) + sorted(BENCH_DIR.glob("*.json"))
    return {p.relative_to(paths.ROOT).as_posix(): cache.file_digest(p) for p in files}


def bench(name: str) -> dict | None:
    path = BENCH_DIR / name
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None
