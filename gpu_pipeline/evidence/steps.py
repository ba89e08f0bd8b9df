"""The steps of the GPU evidence run, in order of value (``sequence.py`` drives them), and the
sizes they run at.

ORDER, most valuable first, so that whatever a lease allows lands the evidence that matters:

1. ``environment``: nvidia-smi, CuPy, the CUDA driver and runtime, the device.
2. ``bit_identity``: the kernels' histograms equal the NumPy twin's, runs across run id 2**32;
   one launch shape, then the others as time allows.
3. ``modes``: 75 v 10 at 10**10 battles in both modes with the lockstep and strided kernels at
   the default shape, result files checked against the exact engine (and the two kernels'
   histograms equal: the same seed and run ids).
4. ``legacy``: the re-creation of the earlier kernel timed on the same device, beside the two
   kernels timed the same way.
5. ``long_run``: 10**12 dice-mode battles in checkpointed batches, checked against the engine.
6. ``sweep``: block size x runs per thread for every kernel and mode.
7. ``sanitizer``: compute-sanitizer memcheck (every kernel) and racecheck (shared memory).
8. ``cupy_tests``: tests/pipeline/test_pipeline_cupy.py in a child pytest.

Each step is a pair: ``need(ctx, prev)``, the seconds its first unit of work is estimated to
take (the driver starts the step only if that fits), and ``run(ctx, prev)``, which does its
units one by one, each only if its estimate fits in what is left (``budget.py``), sized from
what earlier units and steps measured. ``prev`` is the step's partial record from an earlier
call (units already done are kept, not redone) or None.

A step's record: ``status`` ("done"; "refused": it cannot run here, with the reason;
"failed": it ran and found a fault; "partial": units left for the next call), a one-line
``summary``, its data. Files a step writes go under ``ctx.out``.

Two profiles. ``gpu``: the sizes of the issue, through CuPy, launches timed by CUDA events.
``cpu``: the same sequence on tiny sizes through the host shim and the NumPy twin: a check that
the sequence runs, never a measurement of a GPU. Battles: 75 v 10 attacking armies, standard
rules, unless a step says otherwise; identity also plays a capital battle with stop rules.
"""
from __future__ import annotations

import math
import os
import platform
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..backends.kernel_source import BATTLE_KERNEL, LEGACY_KERNEL, LOCKSTEP_KERNEL
from ..backends.kernel_variants import (KERNELS, MAX_GRID, SHARED_LIMIT, TWIN_KERNELS,
                                        fits_shared, plan)
from ..backends.lane_efficiency import predict
from ..records.files import write_json_atomic
from ..records.results import SimulationResult, git_commit
from ..rounds.spec import BattleSpec, RoundRules, pack_tables
from ..runs.check_against_engine import check_against_engine
from ..runs.launch_sweep import BLOCKS, RUNS_PER_THREAD, sweep_report, time_config, warmup_runs
from ..runs.runner import simulate
from .budget import SAFETY, Deadline, Measured, Priors, estimate_s, runs_within
from .devices import ROOT

SEED = 2026
IDENTITY_SEED = 7
MODES = ("outcome", "dice")
SOURCES = {"strided": BATTLE_KERNEL, "lockstep": LOCKSTEP_KERNEL, "legacy": LEGACY_KERNEL}


@dataclass(frozen=True)
class Profile:
    """Sizes of one evidence run. Runs are battles; shapes are (block, runs per thread)."""
    name: str
    identity_start: int         # first run id of the identity check (crosses 2**32)
    identity_runs: int
    identity_shapes: tuple      # the first must be there; the others if time allows
    default_shape: tuple        # modes, legacy, long run, sanitizer
    mode_runs: int              # per (kernel, mode) result file
    kernel_runs: int            # legacy step: the most battles timed per kernel
    kernel_s: float             # ... and the most seconds its timed launch may take
    long_runs: int
    long_batch_s: float         # seconds per batch of the long run (a checkpoint after each)
    long_batch_max: int         # the most runs per batch
    sweep_runs: int             # the most battles timed per sweep row
    sweep_row_s: float          # the most seconds a row's timed launch may take
    sweep_blocks: tuple
    sweep_rpts: tuple
    legacy_sweep_blocks: tuple
    legacy_sweep_rpts: tuple
    sanitizer_runs: int
    priors: Priors


GPU = Profile("gpu", 2 ** 32 - 10 ** 6, 3 * 10 ** 6, ((256, 64), (128, 1), (1024, 7)), (256, 64),
              10 ** 10, 10 ** 10, 5.0, 10 ** 12, 10.0, 25 * 10 ** 10, 2 * 10 ** 9, 1.0,
              BLOCKS, RUNS_PER_THREAD, (128, 256, 512), (16, 64, 256), 10 ** 6,
              Priors(kernel_rate=2e8, twin_rate=1e6, compile_s=90, twin_start_s=15,
                     validate_s=10, environment_s=30, sanitizer_check_s=120, cupy_tests_s=120))
CPU = Profile("cpu", 2 ** 32 - 1000, 3000, ((1, 64), (1, 1), (1, 7)), (1, 16),
              2 * 10 ** 4, 2 * 10 ** 4, 2.0, 10 ** 5, 2.0, 2 * 10 ** 4, 2 * 10 ** 4, 2.0,
              (1,), (1, 16), (1,), (16, 64), 10 ** 4,
              Priors(kernel_rate=1e5, twin_rate=1e5, compile_s=60, twin_start_s=2,
                     validate_s=5, environment_s=10, sanitizer_check_s=30, cupy_tests_s=60))


class StopForNow(Exception):
    """The time budget (or --max-batches) ran out inside a step; its checkpoint is kept."""


@dataclass
class Context:
    out: Path
    profile: Profile
    device: object            # devices.GpuDevice, devices.CpuDevice, or a test's fake
    deadline: Deadline
    state: dict               # the whole record: "steps" (so far) and "measured"
    max_batches: int | None = None
    log: object = sys.stdout

    @property
    def clock(self):
        return self.deadline.clock

    @property
    def steps(self) -> dict:
        return self.state["steps"]

    @property
    def measured(self) -> Measured:
        return Measured(self.state.setdefault("measured", {}), self.profile.priors)

    def fits(self, seconds: float) -> bool:
        return self.deadline.fits(seconds)

    def say(self, text: str):
        self.log.write(f"  {text}\n")
        self.log.flush()

    def compile_s(self, *kernels: str) -> float:
        """Seconds to plan for compiling the sources of ``kernels`` not compiled yet in this
        process (the measured compile time of one source, else the prior, each)."""
        todo = {SOURCES[k] for k in kernels if not self.device.compiled(SOURCES[k])}
        return len(todo) * self.measured.seconds("compile_s")

    def launch(self, p, timed: bool = True):
        """Execute a launch plan; a first launch of a source measures its compile time (wall
        clock around the launch less the launch's own seconds)."""
        first = not self.device.compiled(p.source)
        t = self.clock()
        counts, seconds = self.device.execute(p, timed=timed)
        if first:
            self.measured.note_max("compile_s", self.clock() - t - (seconds or 0.0))
        return counts, seconds


def battle(mode: str = "dice", **kw) -> BattleSpec:
    return BattleSpec(75, 10, "attacking", mode=mode, **kw)


def label(n: int) -> str:
    """10**10 -> '1e10', 2 * 10**4 -> '2e4' (exact for the sizes used here)."""
    e = len(str(n)) - 1
    m, r = divmod(n, 10 ** e)
    return f"{m}e{e}" if not r else str(n)


def result_name(mode: str, runs: int, backend: str, kernel: str) -> str:
    return f"75v10_attacking_{mode}_{label(runs)}_{backend}_{kernel}.json"


def unit_done(prev: dict | None, key: str):
    return (prev or {}).get("units", {}).get(key)


def partial_or(status_when_complete: str, units: dict, wanted: list) -> str:
    return status_when_complete if all(k in units for k in wanted) else "partial"


# --- 1. environment ---------------------------------------------------------------------------

def environment_need(ctx: Context, prev) -> float:
    return SAFETY * ctx.measured.seconds("environment_s")


def environment(ctx: Context, prev) -> dict:
    """nvidia-smi, CuPy, CUDA runtime and driver versions, the device; Python and NumPy."""
    rec = {"python": platform.python_version(), "numpy": np.__version__,
           "machine": platform.machine(), "cpu_count": os.cpu_count(), "git_commit": git_commit()}
    smi = ctx.device.which("nvidia-smi")
    if smi:
        rec["nvidia_smi"] = ctx.device.run_child([smi], min(30.0, ctx.deadline.room()))["output_tail"]
        rec["nvidia_smi_query"] = ctx.device.run_child(
            [smi, "--query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem",
             "--format=csv"], min(30.0, ctx.deadline.room()))["output_tail"]
    else:
        rec["nvidia_smi"] = "not on PATH"
    try:
        import cupy
        rec["cupy"] = cupy.__version__
    except Exception as e:  # no CuPy here: the CPU profile
        rec["cupy"] = f"not importable ({type(e).__name__})"
    rec.update(ctx.device.describe())
    if ctx.device.gpu:
        rec["summary"] = (f"{rec['device']}: CUDA driver {rec.get('cuda_driver')}, runtime "
                          f"{rec.get('cuda_runtime')}, CuPy {rec['cupy']}, "
                          f"{rec.get('multiprocessors')} SMs")
    else:
        rec["summary"] = (f"no GPU (nvidia-smi: {'found' if smi else 'absent'}; CuPy: "
                          f"{rec['cupy']}): CPU profile through the host shim")
    return dict(rec, status="done")


# --- 2. bit identity --------------------------------------------------------------------------

def identity_specs() -> list[BattleSpec]:
    return [battle(m) for m in MODES] + [
        BattleSpec(30, 30, "territory", RoundRules(defend_dice=3), retreat_at=6,
                   defender_goal=3, mode=m) for m in MODES]


def identity_launches_s(ctx: Context) -> float:
    """One shape: every twin kernel on every identity battle, at the slowest measured rate."""
    m, P = ctx.measured, ctx.profile
    slowest = min(m.kernel_rate(k, mode) for k in TWIN_KERNELS for mode in MODES)
    runs = len(TWIN_KERNELS) * len(identity_specs()) * P.identity_runs
    return estimate_s(runs, slowest, ctx.compile_s(*TWIN_KERNELS))


def reference_s(ctx: Context) -> float:
    m = ctx.measured
    return estimate_s(len(identity_specs()) * ctx.profile.identity_runs, m.twin_rate(),
                      m.seconds("twin_start_s"))


def bit_identity_need(ctx: Context, prev) -> float:
    return identity_launches_s(ctx) if (prev or {}).get("reference") else reference_s(ctx)


def bit_identity(ctx: Context, prev) -> dict:
    """Histograms of every bit-identical kernel equal the NumPy twin's, for runs crossing run
    id 2**32, both modes; 75 v 10 and a capital battle with stop rules. The twin's reference
    histograms are computed once and kept; then one launch shape (the profile's first), and
    the others while time allows."""
    P, specs = ctx.profile, identity_specs()
    rec = {"reference": (prev or {}).get("reference"), "rows": list((prev or {}).get("rows", [])),
           "run_ids": [P.identity_start, P.identity_start + P.identity_runs]}
    if rec["reference"] is None:
        twin, t = ctx.device.twin(), ctx.clock()
        try:
            rec["reference"] = [twin.run(s, IDENTITY_SEED, P.identity_start, P.identity_runs,
                                         pack_tables(s)).tolist() for s in specs]
        finally:
            twin.close()
        ctx.measured.note("twin", len(specs) * P.identity_runs / max(ctx.clock() - t, 1e-9))
    done = {(r["block"], r["runs_per_thread"]) for r in rec["rows"]}
    for block, rpt in P.identity_shapes:
        if (block, rpt) in done:
            continue
        if not ctx.fits(identity_launches_s(ctx)):
            break
        for kernel in TWIN_KERNELS:
            for spec, ref in zip(specs, rec["reference"]):
                p = plan(kernel, spec, IDENTITY_SEED, P.identity_start, P.identity_runs,
                         block=block, runs_per_thread=rpt, max_grid=MAX_GRID,
                         table=pack_tables(spec), use_shared=fits_shared(spec, SHARED_LIMIT))
                got, seconds = ctx.launch(p)
                if spec.attackers == 75 and seconds:
                    ctx.measured.note(f"kernel/{kernel}/{spec.mode}", p.played / seconds)
                rec["rows"].append({
                    "battle": f"{spec.attackers} v {spec.defenders} {spec.convention}"
                              f"{'' if spec.rules == RoundRules() else ' capital'}",
                    "mode": spec.mode, "kernel": kernel, "entry": p.entry, "block": block,
                    "runs_per_thread": rpt, "equal": got.tolist() == ref})
    shapes = sorted({(r["block"], r["runs_per_thread"]) for r in rec["rows"]})
    equal = sum(r["equal"] for r in rec["rows"])
    rec["status"] = ("failed" if equal < len(rec["rows"]) else
                     "done" if len(shapes) == len(P.identity_shapes) else "partial")
    rec["summary"] = (f"{equal} of {len(rec['rows'])} (battle, mode, kernel, shape) histograms "
                      f"equal the NumPy twin's at {len(shapes)} of {len(P.identity_shapes)} "
                      f"launch shapes, {P.identity_runs:,} runs from 2**32 - "
                      f"{2 ** 32 - P.identity_start:,}")
    return rec


# --- 3. both modes, both kernels, 10**10 battles each ------------------------------------------

MODE_UNITS = [(k, m) for k in ("lockstep", "strided") for m in MODES]


def mode_unit_s(ctx: Context, kernel: str, mode: str) -> float:
    m = ctx.measured
    return estimate_s(ctx.profile.mode_runs, m.run_rate(kernel, mode),
                      ctx.compile_s(kernel) + m.seconds("validate_s"))


def modes_need(ctx: Context, prev) -> float:
    left = [u for u in MODE_UNITS if not unit_done(prev, "/".join(u))]
    return mode_unit_s(ctx, *left[0]) if left else 0.0


def run_to_end(ctx: Context, spec, runs, kernel, **kw):
    """The runner on ``kernel`` at the default shape, on the context's clock; stops (StopForNow)
    once past the deadline: the backstop for an estimate that was wrong."""
    def on_batch(done):
        if ctx.deadline.left() <= 0:
            raise StopForNow
        if kw.get("on_batch"):
            kw["on_batch"](done)
    backend = ctx.device.backend(kernel, *ctx.profile.default_shape)
    try:
        return simulate(spec, runs, SEED, backend, progress=False, clock=ctx.clock,
                        on_batch=on_batch, **{k: v for k, v in kw.items() if k != "on_batch"})
    finally:
        backend.close()


def modes(ctx: Context, prev) -> dict:
    """75 v 10 in both modes at ``mode_runs`` battles, with each bit-identical kernel at the
    default shape, through the runner: saved as result files, each checked against the exact
    engine; the kernels' histograms of one mode must be equal (same seed, same run ids)."""
    units = dict((prev or {}).get("units", {}))
    for kernel, mode in MODE_UNITS:
        key = f"{kernel}/{mode}"
        if key in units:
            continue
        if not ctx.fits(mode_unit_s(ctx, kernel, mode)):
            break
        compiles = not ctx.device.compiled(SOURCES[kernel])
        try:
            res = run_to_end(ctx, battle(mode), ctx.profile.mode_runs, kernel)
        except StopForNow:
            ctx.say(f"{key}: stopped at the deadline (the estimate was short); redone next call")
            break
        if not (compiles and f"run/{kernel}/{mode}" in ctx.measured.store):  # a compile is no rate
            ctx.measured.note(f"run/{kernel}/{mode}", res.runs / max(res.wall_time_s, 1e-9))
        name = result_name(mode, res.runs, res.backend, kernel)
        res.notes = f"gpu_pipeline evidence ({ctx.profile.name} profile), kernel {kernel}"
        res.save(ctx.out / name)
        rep = check_against_engine(res)
        units[key] = {"file": name, "kernel": kernel, "mode": mode, "runs": res.runs,
                      "wall_s": res.wall_time_s, "runs_per_s": res.runs / max(res.wall_time_s, 1e-9),
                      "passed": rep.passed, "p_value": rep.p_value, "max_abs_z": rep.max_abs_z,
                      "failures": rep.failures}
        ctx.say(f"{key}: {res.runs:,} runs, {units[key]['runs_per_s']:.3g}/s end to end, "
                f"{'PASS' if rep.passed else 'FAIL'} against the engine")
    agree = {}
    for mode in MODES:
        files = [units[k]["file"] for k in units if units[k]["mode"] == mode]
        if len(files) == len(TWIN_KERNELS):
            agree[mode] = len({tuple(SimulationResult.load(ctx.out / f).counts)
                               for f in files}) == 1
    ok = all(u["passed"] for u in units.values()) and all(agree.values())
    status = "failed" if not ok else partial_or("done", units, ["/".join(u) for u in MODE_UNITS])
    return {"status": status, "units": units, "kernels_agree": agree,
            "summary": "; ".join(f"{k} {u['runs']:,} runs {u['runs_per_s']:.3g}/s end to end, "
                                 f"{'passes' if u['passed'] else 'FAILS'} the engine check"
                                 for k, u in units.items())
                       + "; kernels' histograms " + (", ".join(
                           f"{m} {'equal' if a else 'DIFFER'}" for m, a in agree.items())
                           or "not compared yet")}


# --- 4. the legacy re-creation, timed beside the two kernels ------------------------------------

LEGACY_UNITS = [(k, m) for k in TWIN_KERNELS for m in MODES] + [("legacy", "dice")]


def warmup_s(ctx: Context, kernel: str, mode: str, runs: int, block: int, rpt: int) -> float:
    return estimate_s(warmup_runs(runs, block, rpt), ctx.measured.kernel_rate(kernel, mode),
                      ctx.compile_s(kernel))


def sized(ctx: Context, cap_s: float, cap_runs: int):
    """``time_config``'s size: the timed launch from the warm-up's measured rate, at most
    ``cap_runs`` and what fits in ``cap_s`` seconds (or what is left)."""
    def size(played: int, seconds: float) -> int:
        return min(cap_runs, runs_within(ctx.deadline.room(cap_s), played / seconds))
    return size


def time_unit(ctx: Context, kernel: str, mode: str, block: int, rpt: int, runs: int,
              cap_s: float) -> dict | None:
    """A warm-up launch (if its estimate fits), then a timed launch sized to fit: its row, or
    None when something did not fit. Notes the kernel's rate."""
    if not ctx.fits(warmup_s(ctx, kernel, mode, runs, block, rpt)):
        return None
    spec = battle(mode)
    t = ctx.clock()
    first = not ctx.device.compiled(SOURCES[kernel])
    row = time_config(ctx.device, kernel, spec, runs, SEED, block, rpt,
                      pack_tables(spec) if kernel != "legacy" else None,
                      fits_shared(spec, SHARED_LIMIT), size=sized(ctx, cap_s, runs))
    if first:   # the compile happened in the warm-up: wall clock less both launches
        spent = row["kernel_s"] if row else 0.0
        ctx.measured.note_max("compile_s", max(0.0, ctx.clock() - t - spent))
    if row:
        ctx.measured.note(f"kernel/{kernel}/{mode}", row["battles_per_s"])
    return row


def legacy_need(ctx: Context, prev) -> float:
    left = [u for u in LEGACY_UNITS if not unit_done(prev, "/".join(u))]
    if not left:
        return 0.0
    block, rpt = ctx.profile.default_shape
    return warmup_s(ctx, *left[0], ctx.profile.kernel_runs, block, rpt)


def legacy(ctx: Context, prev) -> dict:
    """The re-created legacy kernel timed around its launches on this device, and both
    bit-identical kernels in both modes timed the same way (warm-up, then up to
    ``kernel_runs`` battles, sized to fit ``kernel_s`` seconds), at the default shape;
    lane efficiency predicted beside."""
    P = ctx.profile
    units = dict((prev or {}).get("units", {}))
    for kernel, mode in LEGACY_UNITS:
        key = f"{kernel}/{mode}"
        if key in units:
            continue
        row = time_unit(ctx, kernel, mode, *P.default_shape, P.kernel_runs, P.kernel_s)
        if row is None:
            break
        units[key] = dict(row, kernel=kernel, mode=mode)
        ctx.say(f"{key}: {row['battles_per_s']:.3g} battles/s ({row['played']:,} timed)")
    leg = units.get("legacy/dice", {}).get("battles_per_s")
    for u in units.values():
        if leg:
            u["times_legacy"] = u["battles_per_s"] / leg
    pred = predict(battle())
    return {"status": partial_or("done", units, ["/".join(u) for u in LEGACY_UNITS]),
            "units": units, "timer": ctx.device.timer,
            "predicted_lane_efficiency": {"strided": pred["strided_efficiency"],
                                          "lockstep": pred["lockstep_efficiency"],
                                          "mean_rounds": pred["mean_rounds"],
                                          "mean_longest_of_warp": pred["mean_longest_of_warp"]},
            "summary": "; ".join(f"{k} {u['battles_per_s']:.3g}/s"
                                 + (f" (x{u['times_legacy']:.3g} legacy)" if leg and k != "legacy/dice" else "")
                                 for k, u in units.items())}


# --- 5. the long run -----------------------------------------------------------------------------

def long_kernel(ctx: Context, prev) -> str:
    """The kernel an unfinished long run started with, else the faster one end to end in dice
    mode by the modes step (lockstep on a tie or before any measurement)."""
    if prev and prev.get("kernel"):
        return prev["kernel"]
    m = ctx.measured
    return max(TWIN_KERNELS, key=lambda k: (m.run_rate(k, "dice"), k == "lockstep"))


def long_done(ctx: Context) -> int:
    cp = ctx.out / "long_run.checkpoint.json"
    return SimulationResult.load(cp).runs if cp.exists() else 0


def long_batch(ctx: Context, kernel: str) -> tuple[int, float]:
    """(runs, seconds): the batch size of the long run in this call and the first batch's
    estimate. As many runs as fit in ``long_batch_s`` seconds (or what is left of the budget)
    at the measured rate, at most ``long_batch_max`` and what remains of the run; the first
    batch carries the kernel's compile when it is not compiled yet, the last one the engine
    check."""
    P, m = ctx.profile, ctx.measured
    remaining = P.long_runs - long_done(ctx)
    rate, fixed = m.run_rate(kernel, "dice"), ctx.compile_s(kernel)
    room = ctx.deadline.room(estimate_s(0, rate, fixed) + P.long_batch_s)  # batch_s of runs
    n = min(P.long_batch_max, remaining, runs_within(room, rate, fixed))
    if n == remaining:          # the last batch: the engine check must fit after it
        fixed += m.seconds("validate_s")
        n = min(n, runs_within(room, rate, fixed))
        if n < remaining:
            fixed -= m.seconds("validate_s")
    return n, estimate_s(n, rate, fixed)


def long_run_need(ctx: Context, prev) -> float:
    """The first batch's estimate, or infinity when the batch that fits is too small to be
    worth a start (under a ten-thousandth of the run and not its end)."""
    n, seconds = long_batch(ctx, long_kernel(ctx, prev))
    remaining = ctx.profile.long_runs - long_done(ctx)
    return seconds if n >= min(remaining, max(1, ctx.profile.long_runs // 10 ** 4)) else math.inf


def long_run(ctx: Context, prev) -> dict:
    """75 v 10 dice mode, ``long_runs`` battles in batches sized from the measured rate (about
    ``long_batch_s`` seconds each, a checkpoint after every one), resumable across calls; no
    batch starts unless it fits before the deadline; when complete, saved and checked against
    the engine."""
    P, m = ctx.profile, ctx.measured
    mode, kernel = "dice", long_kernel(ctx, prev)
    checkpoint = ctx.out / "long_run.checkpoint.json"
    validate = m.seconds("validate_s")
    max_batch = max(1, long_batch(ctx, kernel)[0])
    batches, mark = [0], []

    def on_batch(done):
        # The rate of this call's batches after its first (the first may carry a compile).
        batches[0] += 1
        if not mark:
            mark.append((ctx.clock(), done))
            now_rate = m.run_rate(kernel, mode)
        else:
            now_rate = (done - mark[0][1]) / max(ctx.clock() - mark[0][0], 1e-9)
            m.note(f"run/{kernel}/{mode}", now_rate)
        nxt = min(max_batch, P.long_runs - done)
        if ctx.max_batches and batches[0] >= ctx.max_batches:
            raise StopForNow
        if nxt and not ctx.fits(estimate_s(nxt, now_rate,
                                           validate if nxt == P.long_runs - done else 0.0)):
            raise StopForNow

    try:
        res = run_to_end(ctx, battle(mode), P.long_runs, kernel, checkpoint=str(checkpoint),
                         checkpoint_every=0.0, on_batch=on_batch, max_batch=max_batch,
                         target_batch_s=P.long_batch_s)
    except StopForNow:
        done = long_done(ctx)
        return {"status": "partial", "runs_done": done, "runs": P.long_runs, "kernel": kernel,
                "max_batch": max_batch,
                "summary": f"{done:,} of {P.long_runs:,} runs done (checkpoint "
                           f"{checkpoint.name}); the next call goes on"}
    name = result_name(mode, res.runs, res.backend, kernel)
    res.notes = f"gpu_pipeline evidence ({P.name} profile), kernel {kernel}, checkpointed"
    res.save(ctx.out / name)
    checkpoint.unlink(missing_ok=True)
    rep = check_against_engine(res)
    lost_all = res.attackers_lost()[res.spec.A0]
    rate = res.runs / max(res.wall_time_s, 1e-9)
    return {"status": "done" if rep.passed else "failed", "file": name, "kernel": kernel,
            "block": P.default_shape[0], "runs_per_thread": P.default_shape[1], "runs": res.runs,
            "max_batch": max_batch, "wall_s": res.wall_time_s, "runs_per_s": rate,
            "all_75_lost": lost_all, "passed": rep.passed, "p_value": rep.p_value,
            "failures": rep.failures,
            "summary": f"{res.runs:,} dice-mode runs in {res.wall_time_s:.3g} s end to end over "
                       f"every call ({rate:.3g}/s), all 75 lost {lost_all} times; "
                       f"{'passes' if rep.passed else 'FAILS'} the engine check "
                       f"(p = {rep.p_value:.3g})"}


# --- 6. the sweep --------------------------------------------------------------------------------

def sweep_jobs(P: Profile) -> list[tuple[str, str, list]]:
    """(kernel, mode, shapes) of every sweep, in order."""
    twin = [(b, r) for b in P.sweep_blocks for r in P.sweep_rpts]
    old = [(b, r) for b in P.legacy_sweep_blocks for r in P.legacy_sweep_rpts]
    return [(k, m, twin) for k in TWIN_KERNELS for m in MODES] + [("legacy", "dice", old)]


def sweep_left(P: Profile, rows: dict):
    for kernel, mode, shapes in sweep_jobs(P):
        done = {(r["block"], r["runs_per_thread"]) for r in rows.get(f"{kernel}/{mode}", [])}
        for shape in shapes:
            if shape not in done:
                yield kernel, mode, shape


def sweep_need(ctx: Context, prev) -> float:
    nxt = next(sweep_left(ctx.profile, (prev or {}).get("rows", {})), None)
    if nxt is None:
        return 0.0
    kernel, mode, (block, rpt) = nxt
    return warmup_s(ctx, kernel, mode, ctx.profile.sweep_runs, block, rpt)


def sweep(ctx: Context, prev) -> dict:
    """Block size x runs per thread for every kernel and mode (legacy: its only game), each row
    a warm-up and then up to ``sweep_runs`` battles sized to ``sweep_row_s`` seconds, timed
    around the launches alone; rows done are kept across calls; one JSON per finished sweep."""
    P = ctx.profile
    rows = {k: list(v) for k, v in (prev or {}).get("rows", {}).items()}
    for kernel, mode, (block, rpt) in list(sweep_left(P, rows)):
        row = time_unit(ctx, kernel, mode, block, rpt, P.sweep_runs, P.sweep_row_s)
        if row is None:
            break
        rows.setdefault(f"{kernel}/{mode}", []).append(row)
    best, files = {}, []
    for kernel, mode, shapes in sweep_jobs(P):
        got = rows.get(f"{kernel}/{mode}", [])
        if len(got) < len(shapes):
            continue
        report = sweep_report(battle(mode), kernel, P.sweep_runs, SEED, got, ctx.device.name,
                              ctx.device.timer)
        path = ctx.out / f"sweep_{kernel}_{mode}.json"
        write_json_atomic(path, report)
        files.append(path.name)
        best[f"{kernel}/{mode}"] = {k: report["best"][k] for k in
                                    ("block", "runs_per_thread", "battles_per_s", "kernel_s")}
    done = len(files) == len(sweep_jobs(P))
    line = "; ".join(f"{k} {v['battles_per_s']:.3g}/s ({v['block']} x {v['runs_per_thread']})"
                     for k, v in best.items())
    n_rows = sum(len(v) for v in rows.values())
    return {"status": "done" if done else "partial", "rows": rows, "best": best, "files": files,
            "timer": ctx.device.timer,
            "summary": f"{n_rows} rows timed; best battles/s: {line or '(no sweep complete yet)'}"}


# --- 7. compute-sanitizer ------------------------------------------------------------------------

def sanitizer_checks() -> list[tuple[str, str]]:
    return [(k, "memcheck") for k in KERNELS] + [(k, "racecheck") for k in TWIN_KERNELS]


def sanitizer_refusal(ctx: Context) -> str | None:
    if not ctx.device.gpu:
        return "no GPU"
    if ctx.device.which("compute-sanitizer") is None:
        return "compute-sanitizer not on PATH"
    return None


def sanitizer_need(ctx: Context, prev) -> float:
    return 0.0 if sanitizer_refusal(ctx) else SAFETY * ctx.measured.seconds("sanitizer_check_s")


def sanitizer(ctx: Context, prev) -> dict:
    """compute-sanitizer memcheck (every kernel) and racecheck (the shared-memory kernels) on a
    launch of ``sanitizer_runs`` battles, through the sweep command in a child process. Each
    check starts only if the longest check so far (or the prior) fits, and is killed at what is
    left; checks run are kept across calls."""
    why = sanitizer_refusal(ctx)
    if why:
        return {"status": "refused", "summary": f"not run: {why}"}
    tool = ctx.device.which("compute-sanitizer")
    units = dict((prev or {}).get("units", {}))
    block, rpt = ctx.profile.default_shape
    for kernel, check in sanitizer_checks():
        key = f"{kernel}/{check}"
        if key in units:
            continue
        if not ctx.fits(SAFETY * ctx.measured.seconds("sanitizer_check_s")):
            break
        scratch = ctx.out / f".sanitizer_{kernel}.json"
        t = ctx.clock()
        r = ctx.device.run_child([tool, "--tool", check, "--error-exitcode", "9", sys.executable,
                                  "-m", "gpu_pipeline", "sweep", "-a", "75", "-d", "10", "--mode",
                                  "dice", "--kernel", kernel, "--runs",
                                  str(ctx.profile.sanitizer_runs), "--blocks", str(block),
                                  "--runs-per-thread", str(rpt), "--out", str(scratch)],
                                 ctx.deadline.room())
        scratch.unlink(missing_ok=True)
        ctx.measured.note_max("sanitizer_check_s", ctx.clock() - t)
        if r.get("timeout_s") is not None:
            ctx.say(f"{check} {kernel}: stopped at the deadline; run again next call")
            break
        found = re.findall(r"=+ ERROR SUMMARY: .*", r["output_tail"])
        units[key] = dict(r, kernel=kernel, tool=check, error_summary=found[-1] if found else None)
        ctx.say(f"{check} {kernel}: exit {r['returncode']} {units[key]['error_summary'] or ''}")
    clean = sum(u.get("returncode") == 0 for u in units.values())
    bad = sum(u.get("returncode") == 9 for u in units.values())
    total = len(sanitizer_checks())
    status = ("failed" if bad else "partial" if len(units) < total else
              "done" if clean else "refused")
    return {"status": status, "units": units,
            "summary": f"{clean} of {total} checks clean, {bad} found errors, "
                       f"{len(units) - clean - bad} refused, {total - len(units)} left "
                       f"for the next call (memcheck: {', '.join(KERNELS)}; racecheck: "
                       f"{', '.join(TWIN_KERNELS)})"}


# --- 8. the CuPy tests ---------------------------------------------------------------------------

def cupy_tests_need(ctx: Context, prev) -> float:
    return SAFETY * ctx.measured.seconds("cupy_tests_s")


def cupy_tests(ctx: Context, prev) -> dict:
    """tests/pipeline/test_pipeline_cupy.py in a child pytest (they skip without a GPU),
    killed at what is left of the budget."""
    path = ROOT / "tests" / "pipeline" / "test_pipeline_cupy.py"
    if not path.exists():
        return {"status": "refused", "summary": f"{path} not found (not a source checkout)"}
    t = ctx.clock()
    r = ctx.device.run_child([sys.executable, "-m", "pytest", str(path), "-q", "-rs", "-p",
                              "no:cacheprovider"], ctx.deadline.room())
    ctx.measured.note_max("cupy_tests_s", ctx.clock() - t)
    if r.get("timeout_s") is not None:
        return dict(r, status="partial", summary="stopped at the deadline; run again next call")
    last = [ln for ln in r["output_tail"].splitlines()
            if re.search(r"\d+ (passed|skipped|failed)", ln)]
    tally = last[-1].strip("= ") if last else "no summary line"
    if r["returncode"] == 0 and "passed" in tally:
        status = "done"
    elif r["returncode"] == 0 and "skipped" in tally:
        status = "refused"  # no GPU here: every test skipped itself
    else:
        status = "failed"
    return dict(r, status=status, summary=f"pytest {path.name}: {tally}")


# name -> (need, run), in order of value
STEPS = {"environment": (environment_need, environment),
         "bit_identity": (bit_identity_need, bit_identity),
         "modes": (modes_need, modes),
         "legacy": (legacy_need, legacy),
         "long_run": (long_run_need, long_run),
         "sweep": (sweep_need, sweep),
         "sanitizer": (sanitizer_need, sanitizer),
         "cupy_tests": (cupy_tests_need, cupy_tests)}
