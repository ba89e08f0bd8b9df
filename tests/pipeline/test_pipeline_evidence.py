"""``python -m gpu_pipeline evidence`` without a GPU: the whole sequence on the CPU profile (tiny
sizes, the kernels' source through the host shim, the NumPy twin), marked as such; resumable
at the time budget and from the long run's checkpoint."""
import json

import pytest

from gpu_pipeline.command_line.cli import main
from gpu_pipeline.backends.cuda_backend import cupy_or_none
from gpu_pipeline.evidence.sequence import INCOMPLETE
from gpu_pipeline.evidence.steps import CPU, SEED, STEPS, battle
from gpu_pipeline.backends.numpy_backend import simulate_range
from gpu_pipeline.records.results import SimulationResult

pytestmark = pytest.mark.skipif(cupy_or_none() is not None,
                                reason="a GPU is here: the evidence run would use it")


def evidence(out, *args):
    return main(["evidence", "--out", str(out), "--profile", "cpu", *args])


def records(out) -> dict:
    return json.loads((out / "evidence.json").read_text())


def twin_long_run():
    """The long run's histogram by the NumPy twin, in one piece (the oracle for the kernel's
    checkpointed run)."""
    return simulate_range(battle("dice"), SEED, 0, CPU.long_runs).tolist()


def test_every_step_runs_and_says_it_is_no_gpu(tmp_path, shim, engine, capsys):
    out = tmp_path / "ev"
    assert evidence(out) == 0
    state = records(out)
    steps = state["steps"]
    assert state["complete"] and state["profile"]["name"] == "cpu" and "NO GPU" in state["note"]
    assert {k: v["status"] for k, v in steps.items()} == {
        "environment": "done", "cupy_tests": "refused", "sanitizer": "refused",
        "bit_identity": "done", "sweep": "done", "modes": "done", "kernels": "done",
        "long_run": "done"}
    rows = steps["bit_identity"]["rows"]
    assert len(rows) == 2 * 2 * 2 * len(CPU.identity_shapes) and all(r["equal"] for r in rows)
    assert {r["entry"] for r in rows} >= {"risk_battles", "lockstep_battles_std", "lockstep_battles"}
    assert steps["kernels"]["twin_kernels_agree"]
    assert {r["kernel"] for r in steps["kernels"]["rows"]} == {"strided", "lockstep", "legacy"}
    assert all(m["passed"] for m in steps["modes"]["modes"].values())
    long = SimulationResult.load(out / steps["long_run"]["file"])
    assert long.counts == twin_long_run() and steps["long_run"]["passed"]
    summary = (out / "summary.md").read_text()
    assert "NO GPU" in summary and all(f"| {name} |" in summary for name in STEPS)

    capsys.readouterr()
    assert evidence(out) == 0  # resumed: every step recorded, nothing runs again
    assert records(out)["steps"] == steps and "[1/8]" not in capsys.readouterr().out


def test_budget_and_checkpoint_resume(tmp_path, shim, engine):
    out = tmp_path / "ev"
    assert evidence(out, "--steps", "environment,long_run", "--budget-s", "0") == INCOMPLETE
    assert records(out)["steps"] == {}  # stopped before the first step
    assert evidence(out, "--steps", "long_run", "--max-batches", "2") == INCOMPLETE
    partial = records(out)["steps"]["long_run"]
    assert partial["status"] == "partial" and partial["runs_done"] == 2 * CPU.long_batch
    assert (out / "long_run.checkpoint.json").exists()
    assert evidence(out, "--steps", "long_run") == 0
    done = records(out)["steps"]["long_run"]
    assert done["status"] == "done" and not (out / "long_run.checkpoint.json").exists()
    assert SimulationResult.load(out / done["file"]).counts == twin_long_run()
    assert not records(out)["complete"]  # only some steps were asked for
