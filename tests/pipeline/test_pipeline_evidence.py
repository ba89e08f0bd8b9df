"""``python -m gpu_pipeline evidence`` without a GPU: the whole sequence on the CPU profile (tiny
sizes, the kernels' source through the host shim, the NumPy twin), marked as such; resumable
at the time budget and from the long run's checkpoint. The result files are checked against
the NumPy twin run separately (the oracle)."""
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
    assert state["complete"] and state["profile"] == "cpu" and "NO GPU" in state["note"]
    assert {k: v["status"] for k, v in steps.items()} == {
        "environment": "done", "bit_identity": "done", "modes": "done", "legacy": "done",
        "long_run": "done", "sweep": "done", "sanitizer": "refused", "cupy_tests": "refused"}
    assert [s["step"] for s in state["calls"][0]["started"]] == list(STEPS)
    rows = steps["bit_identity"]["rows"]
    assert len(rows) == 2 * 2 * 2 * len(CPU.identity_shapes) and all(r["equal"] for r in rows)
    assert {r["entry"] for r in rows} >= {"risk_battles", "lockstep_battles_std", "lockstep_battles"}
    assert steps["modes"]["kernels_agree"] == {"outcome": True, "dice": True}
    for unit in steps["modes"]["units"].values():   # result files: the twin's histograms
        res = SimulationResult.load(out / unit["file"])
        assert res.counts == simulate_range(battle(unit["mode"]), SEED, 0, CPU.mode_runs).tolist()
        assert unit["passed"]
    assert set(steps["legacy"]["units"]) == {"strided/outcome", "strided/dice",
                                             "lockstep/outcome", "lockstep/dice", "legacy/dice"}
    long = SimulationResult.load(out / steps["long_run"]["file"])
    assert long.counts == twin_long_run() and steps["long_run"]["passed"]
    assert sorted(steps["sweep"]["files"]) == sorted(
        [f"sweep_{k}_{m}.json" for k in ("strided", "lockstep") for m in ("outcome", "dice")]
        + ["sweep_legacy_dice.json"])
    summary = (out / "summary.md").read_text()
    assert "NO GPU" in summary and all(f"| {name} |" in summary for name in STEPS)

    capsys.readouterr()
    assert evidence(out) == 0  # resumed: every step recorded, nothing runs again
    assert records(out)["steps"] == steps and "[1/8]" not in capsys.readouterr().out


def test_budget_and_checkpoint_resume(tmp_path, shim, engine):
    out = tmp_path / "ev"
    assert evidence(out, "--steps", "environment,long_run", "--budget-s", "0") == INCOMPLETE
    assert records(out)["steps"] == {}  # nothing fits in 0 s
    assert evidence(out, "--steps", "long_run", "--max-batches", "2") == INCOMPLETE
    partial = records(out)["steps"]["long_run"]
    assert partial["status"] == "partial" and partial["runs_done"] == 2 * partial["max_batch"]
    assert partial["max_batch"] <= CPU.long_batch_max
    assert (out / "long_run.checkpoint.json").exists()
    assert evidence(out, "--steps", "long_run") == 0
    done = records(out)["steps"]["long_run"]
    assert done["status"] == "done" and not (out / "long_run.checkpoint.json").exists()
    assert SimulationResult.load(out / done["file"]).counts == twin_long_run()
    assert not records(out)["complete"]  # only some steps were asked for
