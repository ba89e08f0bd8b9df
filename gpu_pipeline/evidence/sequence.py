"""``python -m gpu_pipeline evidence --out DIR``: the whole GPU evidence sequence, most valuable
step first, in one or more device calls (the steps, their order and sizes: ``steps.py``; the
time arithmetic: ``budget.py``).

Within a time budget. ``--budget-s`` (default 510: a device call of at most 9 minutes, less
what Python's start and the archive take) is what this call may spend. A step starts only when
its first unit of work fits in what is left; a step that does not fit waits for the next call
while later, smaller ones that do fit still run; inside a step every unit is checked the same
way. Every finished step, and every partial one, is written at once to DIR/evidence.json (with
DIR/summary.md, a short table for people); a later call with the same DIR skips what is done
(``--redo`` runs some again) and goes on with what is partial (the long run from its
checkpoint, the sweep from its last row). Exit status 3: steps are left, "run the same command
again"; 0: every step has a record (done, refused: not possible here, or failed: a fault found).

Profiles: ``gpu`` when CuPy sees a GPU, else ``cpu``: the same steps on tiny sizes through the
host shim (the kernels' source built for the CPU) and the NumPy twin, marked as such in both
files; never a GPU measurement. A DIR holds one profile's run.
"""
from __future__ import annotations

import json
import math
import sys
import time
from dataclasses import asdict
from pathlib import Path

from ..records.files import refuse_unless_folder, require_regular_input, write_json_atomic, \
    write_text_atomic
from ..records.results import git_commit, now_utc
from .budget import Deadline
from .steps import CPU, GPU, STEPS, Context, Profile

FORMAT = "riskodds-gpu-evidence"
FORMAT_VERSION = 2
INCOMPLETE = 3          # exit status: steps are left, run the same command again
DEFAULT_BUDGET_S = 510.0
CPU_NOTE = ("NO GPU: the CPU profile. Tiny sizes, the .cu kernels built as host C++ (host "
            "shim) and the NumPy twin; this checks that the sequence runs. No number here is "
            "a GPU measurement.")


def choose_profile(name: str):
    """(profile, device): 'auto' = gpu when CuPy sees a GPU, else cpu."""
    from ..backends.cuda_backend import cupy_or_none
    if name == "gpu" or (name == "auto" and cupy_or_none() is not None):
        from .devices import GpuDevice
        return GPU, GpuDevice()
    if name not in ("auto", "cpu"):
        raise ValueError(f"profile must be auto, gpu or cpu, got {name!r}")
    from .devices import CpuDevice
    return CPU, CpuDevice()


def load_state(path: Path, profile: Profile) -> dict:
    if not path.exists():
        return {"format": FORMAT, "format_version": FORMAT_VERSION, "profile": profile.name,
                "sizes": {k: v for k, v in asdict(profile).items() if k != "priors"},
                "priors": asdict(profile.priors),
                "note": CPU_NOTE if profile is CPU else "GPU profile", "started_utc": now_utc(),
                "calls": [], "steps": {}, "measured": {}}
    require_regular_input(path)
    try:
        state = json.loads(path.read_text())
    except ValueError as e:
        raise ValueError(f"{path}: not a JSON file ({e})") from None
    if not isinstance(state, dict) or state.get("format") != FORMAT:
        raise ValueError(f"{path} is not an evidence record; give another --out")
    if state.get("format_version") != FORMAT_VERSION:
        raise ValueError(f"{path} is an evidence record of format version "
                         f"{state.get('format_version')!r}, this is {FORMAT_VERSION}; give "
                         f"another --out")
    if state.get("profile") != profile.name:
        raise ValueError(f"{path.parent} holds a {state.get('profile')} profile run, this is "
                         f"{profile.name}; give another --out")
    return state


def left_steps(state: dict, wanted=None) -> list[str]:
    return [n for n in (wanted or STEPS)
            if state["steps"].get(n, {}).get("status") in (None, "partial")]


def summary_md(state: dict) -> str:
    steps = state["steps"]
    env = steps.get("environment", {})
    lines = [f"# GPU evidence: {env.get('device', '(device not read yet)')}", ""]
    if state["profile"] == "cpu":
        lines += [f"**{CPU_NOTE}**", ""]
    left = left_steps(state)
    lines += [f"Profile `{state['profile']}`, git {env.get('git_commit')}, started "
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
    lines += ["", "Measured (battles/s; seconds), what later steps and calls are sized from:", ""]
    lines += [f"- `{k}`: {v:.4g}" for k, v in sorted(state.get("measured", {}).items())]
    lines += ["", "Records: `evidence.json` (every number, the profile's sizes and priors, the "
              "timers used, each call's plan)."]
    return "\n".join(lines) + "\n"


def save(out: Path, state: dict):
    write_json_atomic(out / "evidence.json", state)
    write_text_atomic(out / "summary.md", summary_md(state))


def run_evidence(out, profile="auto", budget_s: float = DEFAULT_BUDGET_S, steps=None, redo=(),
                 max_batches: int | None = None, log=None, device=None,
                 clock=time.monotonic) -> int:
    """Run, in order of value, the steps not yet recorded under ``out`` (all of ``steps``,
    default every step) within ``budget_s`` seconds of ``clock``; 0 when every step has a
    record, INCOMPLETE when some are left. ``device`` (with ``profile`` a ``Profile``): what
    the steps run on instead of the profile's own (tests: a fake device on a fake clock)."""
    deadline = Deadline(clock, budget_s)
    log = log or sys.stdout
    out = Path(out)
    refuse_unless_folder(out, "--out")
    if device is None:
        prof, device = choose_profile(profile)
    else:
        prof = profile
    try:
        out.mkdir(parents=True, exist_ok=True)
        state = load_state(out / "evidence.json", prof)
        call = {"started_utc": now_utc(), "git_commit": git_commit(), "budget_s": budget_s,
                "started": [], "waiting": []}
        state["calls"].append(call)
        ctx = Context(out, prof, device, deadline, state, max_batches, log)
        wanted = [n for n in STEPS if steps is None or n in steps]
        for i, name in enumerate(wanted, 1):
            rec = state["steps"].get(name)
            if rec and rec["status"] != "partial" and name not in redo:
                continue
            prev = rec if rec and rec["status"] == "partial" and name not in redo else None
            need = STEPS[name][0](ctx, prev)
            if not deadline.fits(need):
                why = (f"{name}: needs {'more than the budget' if math.isinf(need) else f'{need:.0f} s'}"
                       f", {deadline.left():.0f} s left")
                call["waiting"].append(why)
                log.write(f"[{i}/{len(wanted)}] waits for the next call: {why}\n")
                continue
            log.write(f"[{i}/{len(wanted)}] {name} ({prof.name} profile, estimate "
                      f"{need:.0f} s, {deadline.left():.0f} s left)\n")
            log.flush()
            call["started"].append({"step": name, "estimate_s": round(need, 3),
                                    "left_s": round(deadline.left(), 3)})
            before = prev["seconds"] if prev else 0.0
            t = clock()
            try:
                rec = STEPS[name][1](ctx, prev)
            except Exception as e:  # a fault is a finding: record it and go on
                rec = {"status": "failed", "summary": f"{type(e).__name__}: {e}"}
            rec["seconds"] = round(before + clock() - t, 3)  # over every call
            rec["finished_utc"] = now_utc()
            state["steps"][name] = rec
            save(out, state)
            log.write(f"  {rec['status']}: {rec.get('summary', '')}\n")
            log.flush()
        left = left_steps(state, wanted)
        state["complete"] = not left and wanted == list(STEPS)
        call["seconds"] = round(budget_s - deadline.left(), 3)
        save(out, state)
    finally:
        device.close()
    if left:
        log.write(f"{len(left)} step(s) left ({', '.join(left)}); run the same command again "
                  f"to go on\n")
        return INCOMPLETE
    log.write(f"every step recorded: {out / 'summary.md'}\n")
    return 0
