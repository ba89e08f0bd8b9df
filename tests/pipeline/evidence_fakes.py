"""A fake GPU on a fake clock, for checking the evidence run's time arithmetic on the CPU.

Every piece of work the steps hand the device (a compile, a launch, a runner batch, the NumPy
twin's reference, a child process) moves the fake clock by what this device "really" takes,
from its own true rates and costs, written here and independent of the pipeline's estimates.
The pipeline only sees what it measures through the device, exactly as on a GPU. The device
logs every piece of work with its start and end, so a test can check that none ended after the
call's deadline: a unit the pipeline started that could not finish would show as one.

Histograms: multinomial draws from the exact engine's end-state probabilities, seeded by the
battle and the run range (the same function for the "kernels" and the "twin", so the
bit-identity step sees equal histograms, and the result files pass the engine check). The legacy kernel's counts all land in bin 0 (only their sum is ever checked).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from gpu_pipeline.evidence.steps import identity_specs
from gpu_pipeline.rounds.spec import KERNEL_SCALARS, BattleSpec, kernel_args


class FakeClock:
    def __init__(self, t: float = 1000.0):
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float):
        assert seconds >= 0
        self.t += seconds


@lru_cache(maxsize=None)
def end_state_probs(spec: BattleSpec) -> tuple:
    import riskodds
    b = riskodds.battle(spec.attackers, spec.defenders, convention=spec.convention,
                        rules=spec.rules.to_engine(), retreat_at=spec.retreat_at,
                        defender_goal=spec.defender_goal)
    exact = {(a - spec.offset, d): p for (a, d), p in b.end_states.items()}
    return tuple(float(exact.get(s, 0)) for s in spec.end_states)


def sample_counts(spec: BattleSpec, start: int, n: int) -> np.ndarray:
    """A multinomial draw of ``n`` battles from the exact end-state probabilities, seeded by
    the battle and the run range: the same counts for the same runs, whoever asks."""
    p = np.array(end_state_probs(spec))
    seed = hash((spec_key(spec), start, n)) & (2 ** 63 - 1)
    return np.random.default_rng(seed).multinomial(n, p / p.sum()).astype(np.int64)


def scalar_key(scalars) -> tuple:
    """What identifies a battle in a launch's arguments (not its run range or launch shape)."""
    d = dict(zip((name for name, _ in KERNEL_SCALARS), (int(v) for v in scalars)))
    return tuple(d[k] for k in ("A0", "D0", "stop_a", "stop_d", "attack_dice", "defend_dice",
                                "mode", "faces_a", "faces_d", "ties_attacker", "bonus"))


def spec_key(spec: BattleSpec) -> tuple:
    return scalar_key(kernel_args(spec, 1, 0, 1, use_shared=False, runs_per_thread=1))


BY_KEY = {spec_key(s): s for s in identity_specs()}    # every battle the steps launch


@dataclass
class FakeDevice:
    """True costs of a made-up GPU. Rates: battles/s of a launch by (kernel, mode); the runner
    adds ``batch_s`` per batch (copies, bookkeeping); times in seconds."""
    clock: FakeClock
    rates: dict
    name: str = "Fake GPU (tests)"
    compile_s: float = 20.0
    launch_s: float = 2e-5
    batch_s: float = 0.01
    twin_rate: float = 1.5e7
    twin_start_s: float = 3.0
    child_s: dict = field(default_factory=lambda: {"nvidia-smi": 0.2, "compute-sanitizer": 70.0,
                                                    "pytest": 60.0})
    gpu: bool = True
    timer: str = "the fake clock"
    work: list = field(default_factory=list)        # (what, start, end)
    sources: set = field(default_factory=set)

    def spend(self, what: str, seconds: float):
        start = self.clock()
        self.clock.advance(seconds)
        self.work.append((what, start, self.clock()))

    # --- the device interface (gpu_pipeline/evidence/devices.py)
    def compiled(self, source) -> bool:
        return source in self.sources

    def execute(self, plan, timed: bool = False):
        if plan.source not in self.sources:
            self.spend(f"compile {plan.source.name}", self.compile_s)
            self.sources.add(plan.source)
        if plan.kernel == "legacy":
            mode = "dice"
            counts = np.zeros(plan.counters, np.int64)
            counts[0] = plan.played
        else:
            spec = BY_KEY[scalar_key(plan.launches[0][1])]
            mode = spec.mode
            d = dict(zip((k for k, _ in KERNEL_SCALARS), plan.launches[0][1]))
            counts = sample_counts(spec, int(d["run_start"]), plan.played)
        seconds = len(plan.launches) * self.launch_s + plan.played / self.rates[plan.kernel, mode]
        self.spend(f"launch {plan.kernel} {mode} {plan.played}", seconds)
        return counts, (seconds if timed else None)

    def registers(self, plan) -> int:
        return 32

    def backend(self, kernel: str, block: int, rpt: int):
        return FakeBackend(self, kernel, block, rpt)

    def twin(self):
        self.spend("twin start", self.twin_start_s)
        return FakeTwin(self)

    def which(self, program: str):
        return f"/fake/bin/{program}"

    def run_child(self, cmd, timeout):
        program = next(k for k in self.child_s if any(k in str(c) for c in cmd))
        need = self.child_s[program]
        if need > timeout:
            self.spend(f"child {program} (killed)", timeout)
            return {"returncode": None, "timeout_s": round(timeout), "output_tail": ""}
        self.spend(f"child {program}", need)
        tail = {"compute-sanitizer": "========= ERROR SUMMARY: 0 errors",
                "pytest": "7 passed in 58.0s"}.get(program, "fake output")
        return {"returncode": 0, "output_tail": tail}

    def describe(self) -> dict:
        return {"device": self.name, "multiprocessors": 132}

    def close(self):
        pass


class FakeBackend:
    """The runner's backend on the fake device: a launch per batch plus ``batch_s``."""
    name = "cuda"

    def __init__(self, dev: FakeDevice, kernel: str, block: int, rpt: int):
        self.dev, self.kernel, self.block, self.rpt = dev, kernel, block, rpt
        self.device = dev.name

    def config(self) -> dict:
        return {"kernel": self.kernel, "block": self.block, "runs_per_thread": self.rpt}

    def preferred_batch(self) -> int:
        return self.block * self.rpt * 4096

    def run(self, spec, seed, start, count, table):
        from gpu_pipeline.backends.kernel_source import BATTLE_KERNEL, LOCKSTEP_KERNEL
        source = LOCKSTEP_KERNEL if self.kernel == "lockstep" else BATTLE_KERNEL
        if source not in self.dev.sources:
            self.dev.spend(f"compile {source.name}", self.dev.compile_s)
            self.dev.sources.add(source)
        self.dev.spend(f"batch {self.kernel} {spec.mode} {count}",
                       self.dev.batch_s + count / self.dev.rates[self.kernel, spec.mode])
        return sample_counts(spec, start, count)

    def close(self):
        pass


class FakeTwin:
    def __init__(self, dev: FakeDevice):
        self.dev = dev

    def run(self, spec, seed, start, count, table):
        self.dev.spend(f"twin {spec.mode} {count}", count / self.dev.twin_rate)
        return sample_counts(spec, start, count)

    def close(self):
        pass


H100_LIKE = {("lockstep", "outcome"): 6e10, ("lockstep", "dice"): 3e10,
             ("strided", "outcome"): 4e10, ("strided", "dice"): 2e10, ("legacy", "dice"): 2e9}
