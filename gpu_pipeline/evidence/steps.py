"""The steps of the GPU evidence run (``sequence.py`` drives them) and the sizes they run at.

Each step takes a :class:`Context` and returns its record: a dict with ``status`` ("done",
"refused": it cannot run here, with the reason, "failed": it ran and found a fault, or
"partial": stopped at the time budget, resumed next time), a one-line ``summary`` and its data.
Files a step writes (result files, sweeps, a checkpoint) go under ``Context.out``.

Two profiles. ``gpu``: the sizes of the issue (10**6-battle sanitizer launches, 3 * 10**6 runs
across run id 2**32, 10**10 battles per mode and kernel, 10**12 dice-mode battles), launched
through CuPy and timed by CUDA events. ``cpu``: the same sequence on tiny sizes, the kernels'
own source through the host shim (one thread per block) and the NumPy twin: a check that
the sequence runs, never a measurement of a GPU. Battles: 75 v 10 attacking armies, standard
rules, unless a step says otherwise; identity also plays a capital battle with stop rules.
"""
from __future__ import annotations

import os
import platform
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..runs.check_against_engine import check_against_engine
from ..backends.kernel_variants import KERNELS, MAX_GRID, SHARED_LIMIT, TWIN_KERNELS, fits_shared, plan
from ..backends.lane_efficiency import predict
from ..runs.launch_sweep import BLOCKS, RUNS_PER_THREAD, launch_sweep
from ..records.results import git_commit
from ..runs.runner import simulate
from ..rounds.spec import BattleSpec, RoundRules, pack_tables

ROOT = Path(__file__).resolve().parents[2]  # the repository
SEED = 2026
IDENTITY_SEED = 7
MODES = ("outcome", "dice")


@dataclass(frozen=True)
class Profile:
    """Sizes of one evidence run (runs are battles; shapes are (block, runs per thread))."""
    name: str
    identity_start: int
    identity_runs: int
    identity_shapes: tuple
    sanitizer_runs: int
    sweep_runs: int
    sweep_blocks: tuple
    sweep_rpts: tuple
    legacy_sweep_runs: int
    legacy_sweep_blocks: tuple
    legacy_sweep_rpts: tuple
    mode_runs: int
    kernel_runs: int
    long_runs: int
    long_batch: int
    min_start_s: dict          # step -> seconds of budget it needs to start


GPU = Profile("gpu", 2 ** 32 - 10 ** 6, 3 * 10 ** 6, ((256, 64), (128, 1), (1024, 7)), 10 ** 6,
              2 * 10 ** 9, BLOCKS, RUNS_PER_THREAD, 10 ** 9, (128, 256, 512), (16, 64, 256),
              10 ** 10, 10 ** 10, 10 ** 12, 5 * 10 ** 10,
              {"environment": 5, "cupy_tests": 120, "sanitizer": 150, "bit_identity": 90,
               "sweep": 180, "modes": 60, "kernels": 90, "long_run": 30})
CPU = Profile("cpu", 2 ** 32 - 1000, 3000, ((1, 64), (1, 1), (1, 7)), 10 ** 4, 2 * 10 ** 4,
              (1,), (1, 16), 2 * 10 ** 4, (1,), (16, 64), 2 * 10 ** 4, 2 * 10 ** 4, 10 ** 5,
              2 * 10 ** 4, {})


class StopForNow(Exception):
    """The time budget (or --max-batches) ran out inside a step; its checkpoint is kept."""


@dataclass
class Context:
    out: Path
    profile: Profile
    executor: object          # cuda_backend.CudaKernels or host_shim.HostShim
    deadline: float           # time.monotonic() by which the call must end
    state: dict               # the records so far (steps read earlier steps' results)
    max_batches: int | None = None
    log: object = sys.stdout

    @property
    def gpu(self) -> bool:
        return self.profile.name == "gpu"

    def remaining(self) -> float:
        return self.deadline - time.monotonic()

    def say(self, text: str):
        self.log.write(f"  {text}\n")
        self.log.flush()

    def backend(self, kernel: str, block: int, rpt: int):
        """The runner's backend for ``kernel`` (strided or lockstep) at this shape."""
        if self.gpu:
            from ..backends.cuda_backend import CudaBackend
            return CudaBackend(block=block, runs_per_thread=rpt, kernel=kernel)
        from ..backends.host_shim import HostShimBackend
        return HostShimBackend(runs_per_thread=rpt, kernel=kernel)

    def best(self, kernel: str, mode: str) -> tuple[int, int]:
        """(block, runs per thread) of the sweep's fastest row, else the defaults."""
        row = self.state.get("sweep", {}).get("best", {}).get(f"{kernel}/{mode}")
        if row:
            return row["block"], row["runs_per_thread"]
        return (256, 64) if self.gpu else (1, 16)

    def best_twin_kernel(self, mode: str) -> str:
        """The faster bit-identical kernel by the sweep (lockstep before any sweep)."""
        rows = self.state.get("sweep", {}).get("best", {})
        speed = {k: rows.get(f"{k}/{mode}", {}).get("battles_per_s", 0) for k in TWIN_KERNELS}
        return max(TWIN_KERNELS, key=lambda k: (speed[k], k == "lockstep"))


def battle(mode: str = "dice", **kw) -> BattleSpec:
    return BattleSpec(75, 10, "attacking", mode=mode, **kw)


def label(n: int) -> str:
    """10**10 -> '1e10', 2 * 10**4 -> '2e4' (exact for the sizes used here)."""
    e = len(str(n)) - 1
    m, r = divmod(n, 10 ** e)
    return f"{m}e{e}" if not r else str(n)


def python_env() -> dict:
    """PYTHONPATH for child processes: the engine (pysite) and this package."""
    paths = [str(ROOT / "pysite"), str(ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    return dict(os.environ, PYTHONPATH=os.pathsep.join(paths), PYTHONUNBUFFERED="1")


def run_child(cmd: list[str], timeout: float) -> dict:
    """Run ``cmd``; its exit status and the tail of its output (never raises on failure)."""
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=max(timeout, 1),
                           cwd=ROOT, env=python_env())
        return {"returncode": p.returncode, "output_tail": (p.stdout + p.stderr)[-3000:]}
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"") + (e.stderr or b"")
        out = out.decode(errors="replace") if isinstance(out, bytes) else out
        return {"returncode": None, "timeout_s": round(timeout), "output_tail": out[-3000:]}
    except OSError as e:
        return {"returncode": None, "error": str(e), "output_tail": ""}


# ---------------------------------------------------------------------------------------------

def environment(ctx: Context) -> dict:
    """nvidia-smi, CuPy, CUDA runtime and driver versions, the device; Python and NumPy."""
    rec = {"python": platform.python_version(), "numpy": np.__version__,
           "machine": platform.machine(), "cpu_count": os.cpu_count(), "git_commit": git_commit()}
    smi = shutil.which("nvidia-smi")
    if smi:
        rec["nvidia_smi"] = run_child([smi], 30)["output_tail"]
        rec["nvidia_smi_query"] = run_child([smi, "--query-gpu=name,driver_version,memory.total,"
                                             "clocks.max.sm,clocks.max.mem", "--format=csv"],
                                            30)["output_tail"]
    else:
        rec["nvidia_smi"] = "not on PATH"
    try:
        import cupy
        rec["cupy"] = cupy.__version__
    except Exception as e:  # no CuPy here: the CPU profile
        rec["cupy"] = f"not importable ({type(e).__name__})"
    if ctx.gpu:
        cp = ctx.executor.cp
        props = cp.cuda.runtime.getDeviceProperties(0)
        rec.update(device=ctx.executor.device,
                   cuda_runtime=cp.cuda.runtime.runtimeGetVersion(),
                   cuda_driver=cp.cuda.runtime.driverGetVersion(),
                   nvrtc=".".join(map(str, cp.cuda.nvrtc.getVersion())),
                   multiprocessors=props["multiProcessorCount"],
                   l2_bytes=props["l2CacheSize"], memory_bytes=props["totalGlobalMem"],
                   compute_capability=f"{props['major']}.{props['minor']}")
        rec["summary"] = (f"{rec['device']}: CUDA driver {rec['cuda_driver']}, runtime "
                          f"{rec['cuda_runtime']}, CuPy {rec['cupy']}, {rec['multiprocessors']} SMs")
    else:
        rec["device"] = ctx.executor.device
        rec["summary"] = (f"no GPU (nvidia-smi: {'found' if smi else 'absent'}; CuPy: "
                          f"{rec['cupy']}): CPU profile through the host shim")
    return dict(rec, status="done")


def cupy_tests(ctx: Context) -> dict:
    """tests/pipeline/test_pipeline_cupy.py in a child pytest (they skip without a GPU)."""
    path = ROOT / "tests" / "pipeline" / "test_pipeline_cupy.py"
    if not path.exists():
        return {"status": "refused", "summary": f"{path} not found (not a source checkout)"}
    r = run_child([sys.executable, "-m", "pytest", str(path), "-q", "-rs", "-p",
                   "no:cacheprovider"], min(ctx.remaining(), 400))
    last = [ln for ln in r["output_tail"].splitlines() if re.search(r"\d+ (passed|skipped|failed)", ln)]
    tally = last[-1].strip("= ") if last else "no summary line"
    if r["returncode"] == 0 and "passed" in tally:
        status = "done"
    elif r["returncode"] == 0 and "skipped" in tally:
        status = "refused"  # no GPU here: every test skipped itself
    else:
        status = "failed"
    return dict(r, status=status, summary=f"pytest {path.name}: {tally}")


def sanitizer(ctx: Context) -> dict:
    """compute-sanitizer memcheck (every kernel) and racecheck (the shared-memory kernels) on
    a launch of ``sanitizer_runs`` battles, through the sweep command. A check the budget left
    out is run on the next call; the ones already run are kept."""
    tool = shutil.which("compute-sanitizer")
    if not ctx.gpu or tool is None:
        why = "no GPU" if not ctx.gpu else "compute-sanitizer not on PATH"
        return {"status": "refused", "summary": f"not run: {why}"}
    checks = [(k, "memcheck") for k in KERNELS] + [(k, "racecheck") for k in TWIN_KERNELS]
    earlier = {(r["kernel"], r["tool"]): r for r in ctx.state.get("sanitizer", {}).get("runs", [])
               if "not_run" not in r}
    runs = []
    for kernel, check in checks:
        if (kernel, check) in earlier:
            runs.append(earlier[kernel, check])
            continue
        if ctx.remaining() < 90:
            runs.append({"kernel": kernel, "tool": check, "not_run": "time budget"})
            continue
        scratch = ctx.out / f".sanitizer_{kernel}.json"
        r = run_child([tool, "--tool", check, "--error-exitcode", "9", sys.executable, "-m",
                       "gpu_pipeline", "sweep", "-a", "75", "-d", "10", "--mode", "dice",
                       "--kernel", kernel, "--runs", str(ctx.profile.sanitizer_runs),
                       "--blocks", "256", "--runs-per-thread", "64", "--out", str(scratch)],
                      min(ctx.remaining() - 60, 180))
        scratch.unlink(missing_ok=True)
        found = re.findall(r"=+ ERROR SUMMARY: .*", r["output_tail"])
        r.update(kernel=kernel, tool=check, error_summary=found[-1] if found else None)
        runs.append(r)
        ctx.say(f"{check} {kernel}: exit {r['returncode']} {r['error_summary'] or ''}")
    clean = sum(r.get("returncode") == 0 for r in runs)
    bad = sum(r.get("returncode") == 9 for r in runs)
    left = sum("not_run" in r for r in runs)
    status = ("failed" if bad else "partial" if left else "done" if clean else "refused")
    return {"status": status, "runs": runs,
            "summary": f"{clean} of {len(checks)} checks clean, {bad} found errors, "
                       f"{len(checks) - clean - bad - left} refused or timed out, {left} left "
                       f"for the next call (memcheck: {', '.join(KERNELS)}; racecheck: "
                       f"{', '.join(TWIN_KERNELS)})"}


def bit_identity(ctx: Context) -> dict:
    """Histograms of every bit-identical kernel at three launch shapes equal the NumPy twin's,
    for runs crossing run id 2**32, both modes; 75 v 10 and a capital battle with stop rules."""
    from ..backends.numpy_backend import NumpyBackend
    P = ctx.profile
    twin = NumpyBackend(workers=os.cpu_count() if ctx.gpu else 1)
    specs = [battle(m) for m in MODES] + [
        BattleSpec(30, 30, "territory", RoundRules(defend_dice=3), retreat_at=6,
                   defender_goal=3, mode=m) for m in MODES]
    rows = []
    try:
        for spec in specs:
            table = pack_tables(spec)
            ref = twin.run(spec, IDENTITY_SEED, P.identity_start, P.identity_runs, table)
            for kernel in TWIN_KERNELS:
                for block, rpt in P.identity_shapes:
                    p = plan(kernel, spec, IDENTITY_SEED, P.identity_start, P.identity_runs,
                             block=block, runs_per_thread=rpt, max_grid=MAX_GRID, table=table,
                             use_shared=fits_shared(spec, SHARED_LIMIT))
                    got, _ = ctx.executor.execute(p)
                    rows.append({"battle": f"{spec.attackers} v {spec.defenders} {spec.convention}"
                                           f"{'' if spec.rules == RoundRules() else ' capital'}",
                                 "mode": spec.mode, "kernel": kernel, "entry": p.entry,
                                 "block": block, "runs_per_thread": rpt,
                                 "equal": got.tolist() == ref.tolist()})
    finally:
        twin.close()
    equal = sum(r["equal"] for r in rows)
    return {"status": "done" if equal == len(rows) else "failed", "rows": rows,
            "run_ids": [P.identity_start, P.identity_start + P.identity_runs],
            "summary": f"{equal} of {len(rows)} (battle, mode, kernel, shape) histograms equal "
                       f"the NumPy twin's, {P.identity_runs:,} runs from 2**32 - "
                       f"{2 ** 32 - P.identity_start:,}"}


def sweep(ctx: Context) -> dict:
    """Block size x runs per thread for every kernel and mode (legacy: its only game), timed
    around the kernel launches alone; one JSON per sweep under ``out``."""
    P = ctx.profile
    best, files = {}, []
    jobs = [(k, m) for k in TWIN_KERNELS for m in MODES] + [("legacy", "dice")]
    for kernel, mode in jobs:
        legacy = kernel == "legacy"
        path = ctx.out / f"sweep_{kernel}_{mode}.json"
        report = launch_sweep(battle(mode), P.legacy_sweep_runs if legacy else P.sweep_runs,
                              SEED, blocks=P.legacy_sweep_blocks if legacy else P.sweep_blocks,
                              rpts=P.legacy_sweep_rpts if legacy else P.sweep_rpts,
                              out=str(path), stream=ctx.log, kernel=kernel,
                              executor=ctx.executor)
        best[f"{kernel}/{mode}"] = {k: report["best"][k] for k in
                                    ("block", "runs_per_thread", "battles_per_s", "kernel_s")}
        files.append(path.name)
    line = "; ".join(f"{k} {v['battles_per_s']:.3g}/s ({v['block']} x {v['runs_per_thread']})"
                     for k, v in best.items())
    return {"status": "done", "best": best, "files": files, "timer": ctx.executor.timer,
            "summary": f"best battles/s: {line}"}


def modes(ctx: Context) -> dict:
    """75 v 10 in both modes at ``mode_runs`` battles through the runner, saved as result
    files and checked against the exact engine."""
    out = {}
    for mode in MODES:
        kernel = ctx.best_twin_kernel(mode)
        backend = ctx.backend(kernel, *ctx.best(kernel, mode))
        try:
            res = simulate(battle(mode), ctx.profile.mode_runs, SEED, backend, progress=False)
        finally:
            backend.close()
        name = f"75v10_attacking_{mode}_{label(res.runs)}_{res.backend}.json"
        res.notes = f"gpu_pipeline evidence ({ctx.profile.name} profile), kernel {kernel}"
        res.save(ctx.out / name)
        rep = check_against_engine(res)
        out[mode] = {"file": name, "kernel": kernel, "runs": res.runs,
                     "wall_s": res.wall_time_s, "runs_per_s": res.runs / max(res.wall_time_s, 1e-9),
                     "passed": rep.passed, "p_value": rep.p_value, "max_abs_z": rep.max_abs_z,
                     "failures": rep.failures}
        ctx.say(f"{mode}: {res.runs:,} runs, {out[mode]['runs_per_s']:.3g}/s end to end, "
                f"{'PASS' if rep.passed else 'FAIL'} against the engine")
    ok = all(v["passed"] for v in out.values())
    return {"status": "done" if ok else "failed", "modes": out,
            "summary": "; ".join(f"{m} {v['runs']:,} runs {v['runs_per_s']:.3g}/s end to end, "
                                 f"{'passes' if v['passed'] else 'FAILS'} the engine check "
                                 f"(p = {v['p_value']:.3g})" for m, v in out.items())}


def kernels(ctx: Context) -> dict:
    """Every kernel at its best shape, ``kernel_runs`` battles, timed around the launches; the
    two bit-identical kernels must give the same histogram; lane efficiency predicted beside."""
    rows, hists = [], {}
    for kernel, mode in [(k, m) for k in TWIN_KERNELS for m in MODES] + [("legacy", "dice")]:
        block, rpt = ctx.best(kernel, mode)
        spec = battle(mode)

        def make(count):
            return plan(kernel, spec, SEED, 0, count, block=block, runs_per_thread=rpt,
                        max_grid=MAX_GRID, use_shared=fits_shared(spec, SHARED_LIMIT))
        ctx.executor.execute(make(min(ctx.profile.kernel_runs, block * rpt * 64)))  # warm-up
        p = make(ctx.profile.kernel_runs)
        counts, seconds = ctx.executor.execute(p, timed=True)
        if kernel != "legacy":
            hists.setdefault(mode, []).append(counts.tolist())
        rows.append({"kernel": kernel, "mode": mode, "entry": p.entry, "block": block,
                     "runs_per_thread": rpt, "played": p.played, "kernel_s": seconds,
                     "battles_per_s": p.played / max(seconds, 1e-12),
                     "registers_per_thread": ctx.executor.registers(p)})
        ctx.say(f"{kernel} {mode}: {rows[-1]['battles_per_s']:.3g} battles/s")
    legacy = rows[-1]["battles_per_s"]
    for r in rows:
        r["times_legacy"] = r["battles_per_s"] / legacy
    same = all(len({tuple(h) for h in hs}) == 1 for hs in hists.values())
    pred = predict(battle())
    return {"status": "done" if same else "failed", "rows": rows,
            "twin_kernels_agree": same, "timer": ctx.executor.timer,
            "predicted_lane_efficiency": {"strided": pred["strided_efficiency"],
                                          "lockstep": pred["lockstep_efficiency"],
                                          "mean_rounds": pred["mean_rounds"],
                                          "mean_longest_of_warp": pred["mean_longest_of_warp"]},
            "summary": "; ".join(f"{r['kernel']} {r['mode']} {r['battles_per_s']:.3g}/s "
                                 f"(x{r['times_legacy']:.3g} legacy)" for r in rows[:-1])
                       + f"; legacy {legacy:.3g}/s; strided and lockstep histograms "
                       + ("identical" if same else "DIFFER")}


def long_run(ctx: Context) -> dict:
    """75 v 10 dice mode, ``long_runs`` battles in checkpointed batches, resumable across calls;
    when complete, saved and checked against the engine."""
    P = ctx.profile
    mode = "dice"
    kernel = ctx.best_twin_kernel(mode)
    block, rpt = ctx.best(kernel, mode)
    checkpoint = ctx.out / "long_run.checkpoint.json"
    batches = [0]

    def on_batch(done):
        batches[0] += 1
        if (ctx.max_batches and batches[0] >= ctx.max_batches) or ctx.remaining() < 20:
            raise StopForNow

    backend = ctx.backend(kernel, block, rpt)
    try:
        res = simulate(battle(mode), P.long_runs, SEED, backend, checkpoint=str(checkpoint),
                       checkpoint_every=30.0, progress=False, on_batch=on_batch,
                       max_batch=P.long_batch)
    except StopForNow:
        from ..records.results import SimulationResult
        done = SimulationResult.load(checkpoint).runs
        return {"status": "partial", "runs_done": done, "runs": P.long_runs, "kernel": kernel,
                "summary": f"{done:,} of {P.long_runs:,} runs done (checkpoint "
                           f"{checkpoint.name}); run the same command again"}
    finally:
        backend.close()
    name = f"75v10_attacking_{mode}_{label(res.runs)}_{res.backend}.json"
    res.notes = f"gpu_pipeline evidence ({P.name} profile), kernel {kernel}, checkpointed"
    res.save(ctx.out / name)
    checkpoint.unlink(missing_ok=True)
    rep = check_against_engine(res)
    lost_all = res.attackers_lost()[res.spec.A0]
    return {"status": "done" if rep.passed else "failed", "file": name, "kernel": kernel,
            "block": block, "runs_per_thread": rpt, "runs": res.runs,
            "wall_s": res.wall_time_s, "runs_per_s": res.runs / max(res.wall_time_s, 1e-9),
            "all_75_lost": lost_all, "passed": rep.passed, "p_value": rep.p_value,
            "failures": rep.failures,
            "summary": f"{res.runs:,} dice-mode runs in {res.wall_time_s:.3g} s end to end over "
                       f"every call ({res.runs / max(res.wall_time_s, 1e-9):.3g}/s), all 75 lost "
                       f"{lost_all} times; {'passes' if rep.passed else 'FAILS'} the engine "
                       f"check (p = {rep.p_value:.3g})"}


STEPS = {"environment": environment, "cupy_tests": cupy_tests, "sanitizer": sanitizer,
         "bit_identity": bit_identity, "sweep": sweep, "modes": modes, "kernels": kernels,
         "long_run": long_run}

