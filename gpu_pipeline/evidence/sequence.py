"""``python -m gpu_pipeline evidence --out DIR``: the whole GPU evidence sequence in one
resumable command (the steps and their sizes: ``steps.py``).

Order: environment (nvidia-smi, CuPy, driver), the CuPy tests, compute-sanitizer, bit identity
with the NumPy twin, the block x runs-per-thread sweep, both modes of 75 v 10, every kernel
(strided, lockstep, legacy re-creation), and last the 10**12-battle dice-mode run.

Resumable within a time budget. Every finished step is written at once to DIR/evidence.json
(with DIR/summary.md, a short table for people); a later call with the same DIR skips the steps
already there (``--redo`` runs some again) and resumes a partial one (the long run keeps a
checkpoint). A step starts only when the budget left (``--budget-s``, default 540 s: one device
call of 10 minutes with a margin) covers what it may need; otherwise the call ends with exit
status 3, "run the same command again". Exit 0: every step has a record (done, refused: not
possible here, or failed: a fault found, all stated in the records).

Profiles: ``gpu`` when CuPy sees a GPU, else ``cpu``: the same steps on tiny sizes through the
host shim (the kernels' source built for the CPU) and the NumPy twin, marked as such in both
files; never a GPU measurement. A DIR holds one profile's run.
"""
from __future__ import annotations

import sys
import time
from dataclasses import asdict
from pathlib import Path

from .steps import CPU, GPU, STEPS, Context
from ..records.files import refuse_unless_folder, write_json_atomic, write_text_atomic
from ..records.results import git_commit, now_utc

FORMAT = "riskodds-gpu-evidence"
FORMAT_VERSION = 1
INCOMPLETE = 3          # exit status: the budget ran out, run the same command again
CPU_NOTE = ("NO GPU: the CPU profile. Tiny sizes, the .cu kernels built as host C++ (host "
            "shim) and the NumPy twin; this checks that the sequence runs. No number here is "
            "a GPU measurement.")


def choose_profile(name: str):
    """(profile, executor): 'auto' = gpu when CuPy sees a GPU, else cpu."""
    from ..backends.cuda_backend import cupy_or_none
    if name == "gpu" or (name == "auto" and cupy_or_none() is not None):
        from ..backends.cuda_backend import CudaKernels
        return GPU, CudaKernels()
    if name not in ("auto", "cpu"):
        raise ValueError(f"profile must be auto, gpu or cpu, got {name!r}")
    from ..backends.host_shim import HostShim
    return CPU, HostShim()


def load_state(path: Path, profile) -> dict:
    import json
    if not path.exists():
        return {"format": FORMAT, "format_version": FORMAT_VERSION, "profile": asdict(profile),
                "note": CPU_NOTE if profile is CPU else "GPU profile", "started_utc": now_utc(),
                "calls": [], "steps": {}}
    try:
        state = json.loads(path.read_text())
    except ValueError as e:
        raise ValueError(f"{path}: not a JSON file ({e})") from None
    if not isinstance(state, dict) or state.get("format") != FORMAT:
        raise ValueError(f"{path} is not an evidence record; give another --out")
    if state.get("profile", {}).get("name") != profile.name:
        raise ValueError(f"{path.parent} holds a {state.get('profile', {}).get('name')} "
                         f"profile run, this is {profile.name}; give another --out")
    return state


def summary_md(state: dict) -> str:
    steps = state["steps"]
    env = steps.get("environment", {})
    lines = [f"# GPU evidence: {env.get('device', '(device not read yet)')}", ""]
    if state["profile"]["name"] == "cpu":
        lines += [f"**{CPU_NOTE}**", ""]
    left = [n for n in STEPS if steps.get(n, {}).get("status") in (None, "partial")]
    lines += [f"Profile `{state['profile']['name']}`, git {env.get('git_commit')}, started "
              f"{state['started_utc']}, {len(state['calls'])} call(s). "
              + ("Complete." if not left else f"Not complete: {', '.join(left)} left; run the "
                 "same command again."), "",
              "| step | status | seconds | result |", "|---|---|---|---|"]
    for name in STEPS:
        r = steps.get(name)
        if r is None:
            lines.append(f"| {name} | not run yet | | |")
        else:
            text = str(r.get("summary", "")).replace("|", "/")
            lines.append(f"| {name} | {r['status']} | {r.get('seconds', 0):.1f} | {text} |")
    lines += ["", "Records: `evidence.json` (every number, the profile's sizes, the timers used)."]
    return "\n".join(lines) + "\n"


def save(out: Path, state: dict):
    write_json_atomic(out / "evidence.json", state)
    write_text_atomic(out / "summary.md", summary_md(state))


def run_evidence(out, profile: str = "auto", budget_s: float = 540.0, steps=None, redo=(),
                 max_batches: int | None = None, log=None) -> int:
    """Run the steps not yet recorded under ``out`` (all of ``steps``, default every step) within
    ``budget_s`` seconds; 0 when every step has a record, INCOMPLETE when some are left."""
    t0 = time.monotonic()
    log = log or sys.stdout
    out = Path(out)
    refuse_unless_folder(out, "--out")
    out.mkdir(parents=True, exist_ok=True)
    prof, executor = choose_profile(profile)
    state = load_state(out / "evidence.json", prof)
    state["calls"].append({"started_utc": now_utc(), "git_commit": git_commit(),
                           "budget_s": budget_s})
    ctx = Context(out, prof, executor, t0 + budget_s, state["steps"], max_batches, log)
    wanted = [n for n in STEPS if steps is None or n in steps]
    stopped = None
    for i, name in enumerate(wanted, 1):
        rec = state["steps"].get(name)
        if rec and rec["status"] != "partial" and name not in redo:
            continue
        need = prof.min_start_s.get(name, 0)
        if ctx.remaining() < need:
            stopped = f"{ctx.remaining():.0f} s of the budget left, {name} needs {need} s to start"
            break
        log.write(f"[{i}/{len(wanted)}] {name} ({prof.name} profile)\n")
        log.flush()
        before = rec["seconds"] if rec and rec["status"] == "partial" else 0.0
        t = time.monotonic()
        try:
            rec = STEPS[name](ctx)
        except Exception as e:  # a fault is a finding: record it and go on
            rec = {"status": "failed", "summary": f"{type(e).__name__}: {e}"}
        rec["seconds"] = round(before + time.monotonic() - t, 3)  # over every call
        rec["finished_utc"] = now_utc()
        state["steps"][name] = rec
        save(out, state)
        log.write(f"  {rec['status']}: {rec.get('summary', '')}\n")
        log.flush()
        if rec["status"] == "partial":
            stopped = f"{name} stopped at the time budget"
            break
    left = [n for n in wanted if state["steps"].get(n, {}).get("status") in (None, "partial")]
    state["complete"] = not left and wanted == list(STEPS)
    save(out, state)
    if left:
        log.write(f"{stopped or 'stopped'}: {len(left)} step(s) left ({', '.join(left)}); run "
                  f"the same command again to resume\n")
        return INCOMPLETE
    log.write(f"every step recorded: {out / 'summary.md'}\n")
    return 0
