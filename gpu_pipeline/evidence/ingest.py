"""``python -m gpu_pipeline ingest gpu-evidence.tgz``: after the lease, on the CPU, turn the
archive the device calls returned into the committed files, then rebuild the site.

What goes where (paths under ``--root``, the repository by default):

* ``data/simulations/75v10_attacking_<mode>_<runs>_<backend>.json``: each complete result file
  of the ``modes`` and ``long_run`` steps that passes the engine check again here (the two
  kernels of a mode give the same histogram; the faster one's file is copied);
* ``bench/results/gpu-<device>/``: ``evidence.json``, ``summary.md`` and every ``sweep_*.json``
  (``<device>`` the GPU's name in lower case, runs of other characters as one '-': an "NVIDIA
  H100 80GB HBM3" gives ``gpu-nvidia-h100-80gb-hbm3``);
* ``bench/results/sweep_cuda.json``, the sweep the article's speed figure reads: the fastest
  bit-identical kernel's outcome-mode sweep;
* then ``python build.py`` in the root (``--no-build`` leaves it out).

An archive of the CPU profile holds no GPU measurement: refused unless ``--cpu-profile`` (then
the folder is ``bench/results/cpu-profile/``), which exists to check this command.

The archive is read, never extracted: only regular files directly under ``gpu-evidence/``, with
plain names, at most 16 MiB each and 64 MiB in all (the device tool's own limits); a link, a
device or a path that climbs out is refused. Every destination is checked before anything is
written, and written atomically (``records.files``): a destination that is a link, FIFO,
device or folder refuses the whole ingest, and nothing is written.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
import tarfile
from pathlib import Path

from ..records.files import (refuse_unless_folder, refuse_unless_regular, require_regular_input,
                             write_bytes_atomic)
from ..records.results import SimulationResult
from ..runs.check_against_engine import check_against_engine
from .devices import ROOT
from .sequence import FORMAT, FORMAT_VERSION
from .steps import STEPS, label

TOP = "gpu-evidence"
MAX_FILE = 16 << 20
MAX_TOTAL = 64 << 20
NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9._-]*\Z")


def read_archive(path) -> dict[str, bytes]:
    """{file name: bytes} of the regular files under ``gpu-evidence/`` in a .tgz; ValueError
    for anything else in it (a link, a device, a deeper or climbing path, an odd name, a file
    over the size limits)."""
    require_regular_input(path)
    files, total = {}, 0
    try:
        with tarfile.open(path, "r:gz") as tar:
            for m in tar:
                parts = m.name.rstrip("/").split("/")
                if parts[0] == ".":
                    parts = parts[1:]
                if parts == [TOP] and m.isdir():
                    continue
                if len(parts) != 2 or parts[0] != TOP or not NAME.match(parts[1]):
                    raise ValueError(f"{path}: unexpected member {m.name!r} (only files "
                                     f"directly under {TOP}/)")
                if not m.isfile():
                    raise ValueError(f"{path}: member {m.name!r} is not a regular file")
                total += m.size
                if m.size > MAX_FILE or total > MAX_TOTAL:
                    raise ValueError(f"{path}: member {m.name!r} makes the archive too large")
                files[parts[1]] = tar.extractfile(m).read()
    except (tarfile.TarError, EOFError, OSError) as e:
        if isinstance(e, FileNotFoundError):
            raise
        raise ValueError(f"{path}: not a readable .tgz archive ({e})") from None
    if "evidence.json" not in files:
        raise ValueError(f"{path}: no {TOP}/evidence.json in the archive")
    return files


def device_folder(state: dict) -> str:
    """'gpu-<device>' for the GPU profile, 'cpu-profile' for the CPU's."""
    if state["profile"] == "cpu":
        return "cpu-profile"
    device = state["steps"].get("environment", {}).get("device")
    if not device:
        raise ValueError("the archive's evidence has no environment record: which device?")
    return "gpu-" + re.sub(r"[^a-z0-9]+", "-", device.lower()).strip("-")


def chosen_results(state: dict, files: dict) -> dict[str, tuple[str, SimulationResult]]:
    """{destination name: (archive name, record)}: per (mode, runs) the fastest kernel's
    complete result file from ``modes`` and ``long_run`` that passes the engine check here."""
    steps = state["steps"]
    candidates = [u for u in steps.get("modes", {}).get("units", {}).values()]
    if steps.get("long_run", {}).get("file"):
        candidates.append(steps["long_run"])
    best: dict[str, tuple[float, str, SimulationResult]] = {}
    for c in candidates:
        name = c["file"]
        if name not in files:
            raise ValueError(f"the evidence names {name}, which is not in the archive")
        res = SimulationResult.from_json(json.loads(files[name]))
        if not res.complete or not check_against_engine(res).passed:
            continue
        dest = f"75v10_attacking_{res.spec.mode}_{label(res.runs)}_{res.backend}.json"
        speed = res.runs / max(res.wall_time_s, 1e-9)
        if dest not in best or speed > best[dest][0]:
            best[dest] = (speed, name, res)
    return {dest: (name, res) for dest, (_, name, res) in best.items()}


def chosen_sweep(files: dict) -> str | None:
    """The outcome-mode sweep of the bit-identical kernel with the fastest best row."""
    rows = []
    for name in files:
        if re.fullmatch(r"sweep_(strided|lockstep)_outcome\.json", name):
            rows.append((json.loads(files[name])["best"]["battles_per_s"], name))
    return max(rows)[1] if rows else None


def plan_writes(archive, root: Path, cpu_profile: bool) -> tuple[dict, list[tuple[Path, bytes]]]:
    files = read_archive(archive)
    try:
        state = json.loads(files["evidence.json"])
    except ValueError as e:
        raise ValueError(f"{archive}: evidence.json is not JSON ({e})") from None
    if not isinstance(state, dict) or state.get("format") != FORMAT \
            or state.get("format_version") != FORMAT_VERSION:
        raise ValueError(f"{archive}: evidence.json is not an evidence record of format "
                         f"{FORMAT} v{FORMAT_VERSION}")
    if state["profile"] == "cpu" and not cpu_profile:
        raise ValueError(f"{archive} holds the CPU profile's run: no GPU measured anything in "
                         f"it; --cpu-profile ingests it anyway (to check this command)")
    folder = root / "bench" / "results" / device_folder(state)
    writes = [(root / "data" / "simulations" / dest, files[name])
              for dest, (name, _) in sorted(chosen_results(state, files).items())]
    writes += [(folder / name, files[name]) for name in sorted(files)
               if name in ("evidence.json", "summary.md") or name.startswith("sweep_")]
    sweep = chosen_sweep(files)
    if sweep:
        writes.append((root / "bench" / "results" / "sweep_cuda.json", files[sweep]))
    return state, writes


def ingest(archive, root=ROOT, cpu_profile: bool = False, build: bool = True,
           log=None) -> list[Path]:
    """Write the archive's results under ``root`` (module docstring) and rebuild; the paths
    written. Every destination is checked before the first write."""
    log = log or sys.stdout
    root = Path(root)
    state, writes = plan_writes(archive, root, cpu_profile)
    for folder in sorted({p.parent for p, _ in writes}):
        for up in [folder, *folder.parents]:        # no folder of ours is a link to elsewhere
            if up == root or root not in up.parents:
                break
            refuse_unless_folder(up)
    for path, _ in writes:
        refuse_unless_regular(path)
    for path, data in writes:
        write_bytes_atomic(path, data)
        log.write(f"wrote {path.relative_to(root)}\n")
    left = [n for n, r in state["steps"].items() if r.get("status") == "partial"]
    left += [n for n in STEPS if n not in state["steps"]]
    if left:
        log.write(f"note: the evidence is not complete ({', '.join(left)} left)\n")
    if build:
        log.write("rebuilding the site: python build.py\n")
        log.flush()
        r = subprocess.run([sys.executable, "build.py"], cwd=root)
        if r.returncode:
            raise RuntimeError(f"build.py failed with exit status {r.returncode}")
    device = state["steps"].get("environment", {}).get("device", "?")
    log.write(f"done; commit with the device's name, e.g. git commit -m \"GPU evidence on "
              f"{device}\"\n")
    return [p for p, _ in writes]
