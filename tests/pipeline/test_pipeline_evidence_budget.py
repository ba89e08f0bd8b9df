"""The evidence run's time budget, checked on a fake GPU and a fake clock (evidence_fakes.py):
a 9-minute call never starts a piece of work it cannot finish, the steps start in order of
value, and what is left goes on in the next call.

The oracle is the fake device's own log: every compile, launch, batch, twin run and child
process with the fake clock's time at its start and end, from the device's true costs, which
the pipeline never sees except by measuring. A unit started without room to finish would end
after the call's deadline. Nothing here reads a wall clock.
"""
import io
import json

import pytest

from evidence_fakes import FakeClock, FakeDevice, H100_LIKE
from gpu_pipeline.evidence.budget import SAFETY, estimate_s, runs_within
from gpu_pipeline.evidence.sequence import INCOMPLETE, run_evidence
from gpu_pipeline.evidence.steps import GPU, STEPS
from gpu_pipeline.records.results import SimulationResult

# The order of value, as issue 29 lists it (written here, not read from the pipeline).
VALUE_ORDER = ["environment", "bit_identity", "modes", "legacy", "long_run", "sweep",
               "sanitizer", "cupy_tests"]
CALL_S = 510            # --budget-s of a 9-minute device call (device_call.sh 540)


def one_call(out, clock, device, budget_s=CALL_S):
    """Run one call; (exit status, its record), after checking that no work the device did
    ended after the call's deadline."""
    start = clock()
    status = run_evidence(out, GPU, budget_s, device=device, clock=clock, log=io.StringIO())
    late = [w for w in device.work if w[1] >= start and w[2] > start + budget_s]
    assert not late, f"work past the deadline: {late}"
    assert clock() - start <= budget_s
    state = json.loads((out / "evidence.json").read_text())
    return status, state


def started(state, call=-1):
    return [s["step"] for s in state["calls"][call]["started"]]


def in_value_order(names):
    return names == sorted(names, key=VALUE_ORDER.index)


def test_the_steps_are_in_the_order_of_value():
    assert list(STEPS) == VALUE_ORDER


@pytest.mark.parametrize("seconds", [0.0, 0.5, 7.5, 10.0, 99.9, 540.0])
@pytest.mark.parametrize("rate,fixed", [(1e3, 0.0), (3e10, 0.0), (2e9, 20.0), (0.7, 1.0)])
def test_runs_within_is_the_largest_size_that_fits(seconds, rate, fixed):
    n = runs_within(seconds, rate, fixed)
    assert n >= 0
    if n:
        assert estimate_s(n, rate, fixed) <= seconds
    assert estimate_s(n + 1, rate, fixed) > seconds
    assert estimate_s(0, rate, fixed) == SAFETY * fixed


def test_an_h100_like_device_in_two_calls(tmp_path, engine):
    """A 9-minute call lands every step worth the most; a second, shorter call (what a
    15-minute lease leaves) finishes the rest."""
    out, clock = tmp_path / "ev", FakeClock()
    status, state = one_call(out, clock, FakeDevice(clock, H100_LIKE))
    assert status == INCOMPLETE and started(state) == VALUE_ORDER[:-1]   # as the README says
    assert all(state["steps"][n]["status"] == "done" for n in VALUE_ORDER[:-1])
    assert state["calls"][0]["waiting"][0].startswith("cupy_tests: needs")
    status, state = one_call(out, clock, FakeDevice(clock, H100_LIKE), budget_s=200)
    assert started(state) == ["cupy_tests"]
    assert status == 0 and state["complete"]
    assert {n: r["status"] for n, r in state["steps"].items()} == dict.fromkeys(VALUE_ORDER, "done")
    long = state["steps"]["long_run"]
    res = SimulationResult.load(out / long["file"])
    assert res.runs == GPU.long_runs and res.complete and long["passed"]
    units = state["steps"]["modes"]["units"]
    assert sorted(units) == ["lockstep/dice", "lockstep/outcome", "strided/dice", "strided/outcome"]
    assert all(u["runs"] == GPU.mode_runs and u["passed"] for u in units.values())
    assert state["steps"]["modes"]["kernels_agree"] == {"outcome": True, "dice": True}
    assert state["steps"]["legacy"]["units"]["lockstep/outcome"]["times_legacy"] == pytest.approx(30, rel=1e-3)


def test_a_slow_device_goes_on_call_after_call(tmp_path, engine):
    """Forty times slower, compiles of 80 s, children near the priors: the long run needs
    several calls. No call runs past its deadline, each call starts its steps in the order of
    value, the long run goes on from its checkpoint, and the whole sequence ends."""
    out, clock = tmp_path / "ev", FakeClock()
    slow = {k: v / 40 for k, v in H100_LIKE.items()}
    calls, status = 0, INCOMPLETE
    while status == INCOMPLETE:
        calls += 1
        assert calls <= 12, "the sequence does not end"
        dev = FakeDevice(clock, slow, compile_s=80.0,
                         child_s={"nvidia-smi": 1.0, "compute-sanitizer": 110.0, "pytest": 110.0})
        status, state = one_call(out, clock, dev)
        assert in_value_order(started(state))
        assert started(state), "a call that starts nothing makes no progress"
    assert status == 0
    assert sum("long_run" in started(state, i) for i in range(calls)) >= 2
    long = state["steps"]["long_run"]
    assert long["status"] == "done" and SimulationResult.load(out / long["file"]).runs == GPU.long_runs
    # the batches were sized from the measured rate: about long_batch_s seconds each
    rate = H100_LIKE["lockstep", "dice"] / 40
    assert long["max_batch"] <= rate * GPU.long_batch_s


def test_nothing_starts_when_nothing_fits(tmp_path):
    """30 s is less than any step's first unit is estimated at before anything is measured:
    nothing starts, every step says what it needs, the call asks for another."""
    out, clock = tmp_path / "ev", FakeClock()
    dev = FakeDevice(clock, H100_LIKE)
    status, state = one_call(out, clock, dev, budget_s=30)
    assert status == INCOMPLETE and dev.work == [] and state["steps"] == {}
    waiting = state["calls"][0]["waiting"]
    assert [w.split(":")[0] for w in waiting] == VALUE_ORDER
    assert waiting[0] == f"environment: needs {GPU.priors.environment_s * SAFETY:.0f} s, 30 s left"


def test_a_wrong_estimate_meets_the_running_deadline(tmp_path, engine):
    """A device that measures fast and then slows down (a throttled clock): the long run's
    batches were sized from the fast rate, and the running check after every batch stops the
    run within a batch of the deadline (a batch is about long_batch_s seconds at the measured
    rate; five times slower it takes five times as long)."""
    out, clock = tmp_path / "ev", FakeClock()
    dev = FakeDevice(clock, H100_LIKE)
    run_evidence(out, GPU, CALL_S, device=dev, clock=clock, log=io.StringIO(),
                 steps=("environment", "bit_identity", "modes"))
    throttled = FakeDevice(clock, {k: v / 5 for k, v in H100_LIKE.items()})
    throttled.sources = set(dev.sources)
    start = clock()
    budget = 60
    run_evidence(out, GPU, budget, device=throttled, clock=clock, log=io.StringIO(),
                 steps=("long_run",))
    state = json.loads((out / "evidence.json").read_text())
    assert state["steps"]["long_run"]["status"] == "partial"
    overrun = clock() - (start + budget)
    assert overrun <= 5 * SAFETY * GPU.long_batch_s
