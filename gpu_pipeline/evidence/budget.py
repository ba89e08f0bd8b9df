"""The evidence run's time arithmetic: what a piece of work will take, from what was measured.

A device call gives the run ``budget_s`` seconds. The steps run in order of value, and every
piece of work in them (a *unit*: the reference histograms, one launch set, one result file,
one batch of the long run, one sweep row, one sanitizer check, the child test run) starts only
when its estimate fits in what is left, less a margin kept for writing the records::

    start a unit  <=>  estimate <= left - MARGIN_S
    estimate = SAFETY * (fixed_s + runs / rate)

``rate`` (battles, or runs, per second) is the rate measured earlier in the same evidence
folder for the same kind of work (the same kernel and mode; the NumPy twin; a child process),
and ``fixed_s`` the measured part that does not grow with the runs (compiling a kernel source,
starting a child). An earlier, smaller launch measures a LOWER rate than a larger one (launch
latency and a partly filled device weigh more in it), so sizing a big launch from a small one
errs on the safe side. Before anything of a kind is measured, the profile's priors stand in:
pessimistic values (slow rates, long compiles), so that the first unit of each kind is
overestimated, never under.

Sizes come from the same formula solved for the runs: the runs that fit in ``s`` seconds are

    runs_within(s) = floor((s / SAFETY - fixed_s) * rate)

so a unit that can shrink (a batch of the long run, a sweep row, a timing launch) is sized to
what is left rather than refused.

SAFETY = 1.5 covers a rate that changes by up to a third between the launch that measured it
and the one it sizes (clock boost, another launch shape, the host's load). What an estimate
still gets wrong meets the running checks: the long run looks at the clock after every batch,
a child process is killed at what is left, and the device script's ``timeout`` stops the
whole command before the device call's limit so that the archive is still written.

Clocks are injected (``clock()`` returns seconds, ``time.monotonic`` by default) so that a test
can run the whole sequence against a fake device on a fake clock.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

SAFETY = 1.5        # estimates are measured (or prior) time times this
MARGIN_S = 5.0      # seconds kept free at the end of a call: the last records and the summary


def estimate_s(runs: int = 0, rate: float = math.inf, fixed_s: float = 0.0) -> float:
    """Seconds to plan for ``runs`` at ``rate`` per second after ``fixed_s`` seconds of setup."""
    if rate <= 0:
        raise ValueError(f"a rate must be positive, got {rate}")
    return SAFETY * (fixed_s + runs / rate)


def runs_within(seconds: float, rate: float, fixed_s: float = 0.0) -> int:
    """The most runs whose estimate (``estimate_s``) is at most ``seconds``; 0 when even the
    setup does not fit."""
    if rate <= 0:
        raise ValueError(f"a rate must be positive, got {rate}")
    room = seconds / SAFETY - fixed_s
    if room <= 0:
        return 0
    n = math.floor(room * rate)
    while n > 0 and estimate_s(n, rate, fixed_s) > seconds:   # float rounding at the edge
        n -= 1
    return n


@dataclass(frozen=True)
class Priors:
    """What a profile assumes before it has measured anything; pessimistic on purpose.
    Rates in battles (runs) per second, times in seconds."""
    kernel_rate: float          # a battle kernel's launches, any kernel, mode and shape
    twin_rate: float            # the NumPy twin over all the machine's cores
    compile_s: float            # compiling one kernel source (NVRTC; g++ for the host shim)
    twin_start_s: float         # starting the twin's worker processes
    validate_s: float           # checking one result file against the exact engine
    environment_s: float        # nvidia-smi twice, CuPy's device properties
    sanitizer_check_s: float    # one compute-sanitizer check: start, compile, a small launch
    cupy_tests_s: float         # the CuPy tests in a child pytest


class Measured:
    """The rates and fixed costs measured so far, kept in the evidence record
    (``state["measured"]``, so a later call sizes its work from an earlier call's numbers),
    with the profile's priors for whatever has not been measured yet.

    Keys: ``kernel/<kernel>/<mode>`` (battles/s of timed launches), ``run/<kernel>/<mode>``
    (battles/s end to end through the runner: launches, copies, bookkeeping), ``twin``
    (runs/s of the NumPy twin), and seconds ``compile_s``, ``sanitizer_check_s``,
    ``cupy_tests_s``."""

    def __init__(self, store: dict, priors: Priors):
        self.store, self.priors = store, priors

    def note(self, key: str, value: float):
        self.store[key] = float(value)

    def note_max(self, key: str, value: float):
        """Keep the largest time seen (a fixed cost is planned for at its worst)."""
        self.store[key] = max(float(value), self.store.get(key, 0.0))

    def kernel_rate(self, kernel: str, mode: str) -> float:
        return self.store.get(f"kernel/{kernel}/{mode}", self.priors.kernel_rate)

    def run_rate(self, kernel: str, mode: str) -> float:
        """End to end through the runner; before that is measured, the timed launches' rate
        (the runner adds copies and bookkeeping: its rate is the lower one) over SAFETY."""
        key = f"run/{kernel}/{mode}"
        if key in self.store:
            return self.store[key]
        return self.kernel_rate(kernel, mode) / SAFETY

    def twin_rate(self) -> float:
        return self.store.get("twin", self.priors.twin_rate)

    def seconds(self, name: str) -> float:
        """A fixed cost: measured, else the prior of that name."""
        return self.store.get(name, getattr(self.priors, name))


class Deadline:
    """The end of this call's budget on ``clock``, and whether a unit fits before it."""

    def __init__(self, clock, budget_s: float):
        self.clock = clock
        self.end = clock() + budget_s

    def left(self) -> float:
        return self.end - self.clock()

    def fits(self, seconds: float) -> bool:
        return seconds <= self.left() - MARGIN_S

    def room(self, cap_s: float = math.inf) -> float:
        """Seconds a resizable unit may plan for: what is left less the margin, at most
        ``cap_s``."""
        return max(0.0, min(cap_s, self.left() - MARGIN_S))
