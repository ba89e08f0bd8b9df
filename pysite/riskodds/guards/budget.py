"""The three guards every request meets, in this order, before and while it works.

1. The size guard (`check_size`): a request visiting more (attackers x defenders) states than
   its `max_states` is refused, naming the input to shrink.
2. The cost guard (`check_cost`): the request's estimated seconds and MB (cost.py, an
   `Estimate`) against its `Budget`; what would not fit is refused with both numbers in the
   message. A dry run (`Budget(dry_run=True)`, the API's estimate_only) stops here, raising
   `Estimated` with the estimate instead of computing.
3. The running deadline: an estimate can be wrong, so once the cost guard lets a request
   start, its time budget runs. Every algorithm that can run long calls `tick()` as it goes
   (per line of a sweep, per batch of a flow, per row of the lattice, per target set of a plan,
   per tree of a turn, per value encoded); past the budget, tick raises a BudgetError that says
   the request took longer than its budget. Ticks are counted and the clock read every few,
   so a tick costs about 50 ns; the places that tick are chosen so that the clock is read at
   least every few hundredths of a second of work (bench/bench_backstop.py measures how far
   past its budget a request can run: the overshoot).

   The budget belongs to one request: `guarded` (a decorator of every public answer function,
   and api.handle) opens a request scope; the first cost guard passed inside it starts the
   clock, and calls nested inside the same request (a plan's straight chain) share it. Outside
   any scope (an algorithm called directly) tick does nothing.

   A search whose length is itself the answer (troops needed) is estimated only roughly; it
   also stops once it passes LIMITS["max_armies"] (`Deadline.check`).

Every answer function runs 1 and 2 before any work, whatever its dice mode; nothing else in
the engine refuses work for its size.

CPU time (time.process_time) is what runs out, so a loaded machine does not turn a fitting
request into a refusal.
"""
import contextlib
import contextvars
import functools
import math
import time
from dataclasses import dataclass
from decimal import Decimal

from ..checks.validate import FieldError, check_int
from ..facts.limits import IN_BROWSER, LIMITS, default_memory_budget, default_time_budget

TICKS_PER_READ = 32    # tick() reads the clock once per this many ticks (tick(n) counts n)
READ_EVERY_S = 0.002   # ... and the CPU clock at most once per this many seconds of the wall clock (Running.read)


class SizeError(FieldError):
    """A request too large to finish in reasonable time; `field` names the input to change."""


class BudgetError(FieldError):
    """A request refused: it would not fit its time or memory budget (or a search ran out)."""


class OutOfTime(BudgetError):
    """A try given part of the running deadline (`deadline_before`) ran out of it: the caller has
    time left for something cheaper."""


class Estimated(Exception):
    """Raised instead of computing when the budget is a dry run: carries the estimate."""

    def __init__(self, estimate, budget):
        super().__init__(estimate.what)
        self.estimate, self.budget = estimate, budget


@dataclass(frozen=True)
class Budget:
    """Time (seconds of this interpreter) and memory (MB) one request may use.
    `Budget()` is the default: LIMITS' CPython budget, or the browser's in Pyodide.
    dry_run=True: the cost guard raises Estimated (with the estimate) instead of letting work start."""
    seconds: float = None
    mb: float = None
    dry_run: bool = False

    def __post_init__(self):
        for name, attr, value, default, unit in (
                ("time_budget_s", "seconds", self.seconds, default_time_budget(), "seconds"),
                ("memory_budget_mb", "mb", self.mb, default_memory_budget(), "MB")):
            if value is None:
                value = default
            # finite: Infinity (JSON) or "inf" (the CLI) would switch the guard off
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < math.inf:
                raise FieldError(f"{name} must be a positive number of {unit}, got {value!r}"[:200], name)
            object.__setattr__(self, attr, value)


# No budget at all, for the engine's own offline tables only: a request cannot ask for one (Budget
# refuses infinity), so it is made without Budget's checks.
UNLIMITED = object.__new__(Budget)
UNLIMITED.__dict__.update(seconds=math.inf, mb=math.inf, dry_run=False)
DEFAULT = Budget()


def as_budget(budget):
    """None (the default), a number of seconds, or a Budget."""
    if isinstance(budget, Budget):
        return budget
    return DEFAULT if budget is None else Budget(seconds=budget)


@dataclass(frozen=True)
class Estimate:
    """Estimated CPython seconds and peak MB of a computation, and what it is (for messages).
    browser_factor: how much slower than LIMITS["pyodide_slowdown"] says this work is in Pyodide."""
    seconds: float
    mb: float
    what: str
    browser_factor: float = 1.0

    def here(self):
        """Seconds in this interpreter (Pyodide is slower than CPython)."""
        return self.in_browser() if IN_BROWSER else self.seconds

    def in_browser(self):
        """Seconds in Pyodide, the browser."""
        return self.seconds * LIMITS["pyodide_slowdown"] * self.browser_factor

    def fits(self, budget):
        return self.here() <= budget.seconds and self.mb <= budget.mb

    def __add__(self, other):
        """This computation with another's work done beside it (seconds and memory add up)."""
        return Estimate(self.seconds + other.seconds, self.mb + other.mb, self.what, self.browser_factor)


def check_size(states, max_states, what, field="attackers"):
    """The size guard: refuse work beyond max_states states, naming the input to shrink."""
    limit = check_int("max_states", max_states, 1)
    if states > limit:
        raise SizeError(f"{what} has {states:,} states, more than the limit of {limit:,} "
                        f"(max_states); it could run for hours. Try smaller numbers.", field)


def check_cost(estimate, budget, field, hint=""):
    """The cost guard: refuse, before starting, what does not fit `budget` (the message names
    the budget); a dry run stops here with the estimate. What fits starts the request's running
    deadline (the first guard passed in a request scope; module docstring)."""
    if budget.dry_run:
        raise Estimated(estimate, budget)
    seconds = estimate.here()
    over = []
    if seconds > budget.seconds:
        over.append(f"about {_seconds(seconds)} (the limit is {_plain(budget.seconds)} s, time_budget_s)")
    if estimate.mb > budget.mb:
        over.append(f"about {estimate.mb:,.0f} MB (the limit is {budget.mb:,.0f} MB, memory_budget_mb)")
    if over:
        where = " in the browser" if IN_BROWSER else ""
        raise BudgetError(f"{estimate.what} would need {' and '.join(over)}{where}. {hint}".strip(), field)
    scope = _SCOPE.get()
    if scope is not None and scope.running is None:
        scope.running = Running(budget.seconds, estimate.what, field, hint, seconds)
    elif scope is not None:     # a later stage of the same request: its progress is this estimate's
        scope.running.stage(estimate.what, seconds)


def _seconds(s):
    """Seconds for a message: whole from 10 s, tenths from 0.1 s, else two significant digits
    written out (0.000031 s, never 0.0 s or 3.1e-05 s)."""
    if s >= 10:
        return f"{s:,.0f} s"
    return f"{s:.1f} s" if s >= 0.1 else f"{_plain(float(f'{s:.2g}'))} s"


def _plain(x):
    """A number as a player writes it, to 6 significant digits: 0.5, 60, 0.000000001 (no exponent;
    below that, "under" it)."""
    if 0 < x < 1e-9:
        return "under 0.000000001"
    text = format(Decimal(f"{x:.6g}"), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


# Progress of a long request, for a host that can show it while the request runs (the browser's
# worker posts it to the page): reporter(what, seconds_done, seconds_estimated), seconds of this
# interpreter's CPU time. Called when a request estimated at REPORT_FROM_S or more starts, then at
# most every REPORT_EVERY_S as it runs (from the clock reads of tick). None: nothing is reported.
_REPORTER = None
REPORT_FROM_S = 0.5
REPORT_EVERY_S = 0.25


def set_reporter(reporter):
    """Install (or with None remove) the progress reporter of this interpreter (see above)."""
    global _REPORTER
    _REPORTER = reporter


def _report(what, done, estimated):
    """Tell the reporter; a reporter that fails never stops the request."""
    try:
        _REPORTER(what, done, estimated)
    except Exception:   # noqa: BLE001 (the host's callback: its failure is not the request's)
        pass


class Running:
    """The running deadline of one request: `at` (process_time when its budget runs out);
    `estimated` (seconds here) and `started` for the progress reporter; `inner` inside
    `deadline_before` (running out raises OutOfTime there)."""
    __slots__ = ("at", "seconds", "what", "field", "hint", "left", "estimated", "started", "reported", "doing",
                 "inner", "wall")

    def __init__(self, seconds, what, field, hint="", estimated=0.0):
        self.seconds, self.what, self.field, self.hint = seconds, what, field, hint
        self.started = time.process_time()
        self.at = self.started + seconds
        self.left = TICKS_PER_READ
        self.estimated, self.doing = estimated, what
        self.inner = False
        self.reported = self.started
        self.wall = time.perf_counter()
        if _REPORTER is not None and estimated >= REPORT_FROM_S:
            _report(what, 0.0, estimated)

    def stage(self, what, estimated):
        """A later cost guard of the same request (a turn's search, after finding its shapes): the
        progress reported from now on is of this work, estimated from the request's start."""
        self.doing, self.estimated = what, estimated + (time.process_time() - self.started)
        if _REPORTER is not None and self.estimated >= REPORT_FROM_S:
            self.reported = time.process_time()
            _report(what, self.reported - self.started, self.estimated)

    def read(self):
        """Read the clock: raise once the budget ran out (and report progress, if asked).

        The CPU clock is read at most once per READ_EVERY_S of the wall clock. Reading it asks the
        kernel for the CPU time of every thread of the process, and while other threads run (the
        compiled sweep's, CPython) a read measured 50 to 100 microseconds, not 0.3: Europe from
        Greenland 12 and North Africa 8 + 6 read it 2,500 times in the second its fixed plan is
        searched beside the sweep, 0.24 s of that thread's time. The wall clock costs 70 ns. A
        deadline is then seen at most READ_EVERY_S of the wall clock late (on n threads, n times that
        of CPU time)."""
        self.left = TICKS_PER_READ
        wall = time.perf_counter()
        if wall - self.wall < READ_EVERY_S:
            return
        self.wall = wall
        now = time.process_time()
        if _REPORTER is not None and self.estimated >= REPORT_FROM_S and now - self.reported >= REPORT_EVERY_S:
            self.reported = now
            _report(self.doing, now - self.started, self.estimated)
        if now > self.at:
            raise self.late()

    def late(self):
        """The error that says this request ran out of its time budget (or of its share of it)."""
        if self.inner:
            return OutOfTime(f"{self.what} ran out of its share of the time budget", self.field)
        where = " in the browser" if IN_BROWSER else ""
        return BudgetError(f"{self.what} took longer than its time budget of {_plain(self.seconds)} s{where} "
                           f"(time_budget_s), so it was stopped: the estimate was too low. {self.hint}".strip(),
                           self.field)


class _Scope:
    __slots__ = ("running",)

    def __init__(self):
        self.running = None


_SCOPE = contextvars.ContextVar("riskodds_request", default=None)


def guarded(function):
    """Run `function` as one request (module docstring, 3): the first cost guard passed inside it
    starts the running deadline, which ends with the call. Calls nested in a request share it."""
    @functools.wraps(function)
    def request(*args, **kwargs):
        if _SCOPE.get() is not None:
            return function(*args, **kwargs)
        token = _SCOPE.set(_Scope())
        try:
            return function(*args, **kwargs)
        finally:
            _SCOPE.reset(token)
    return request


@contextlib.contextmanager
def deadline_before(spare):
    """Within the block the running deadline comes `spare` seconds early, raising OutOfTime, so that
    `spare` seconds are left for a cheaper try after it (a turn's narrower family). Outside a running
    request it does nothing."""
    scope = _SCOPE.get()
    running = scope.running if scope is not None else None
    if running is None:
        yield
        return
    saved, inner = running.at, running.inner
    if saved - spare <= time.process_time():
        raise OutOfTime(f"{running.what}: no time left for it", running.field)
    running.at, running.inner = saved - spare, True
    try:
        yield
    finally:
        running.at, running.inner = saved, inner


def tick(count=1):
    """Count `count` units of work against the running request's deadline (module docstring);
    reads the clock every TICKS_PER_READ units. Does nothing outside a request."""
    scope = _SCOPE.get()
    if scope is not None:
        running = scope.running
        if running is not None:
            running.left -= count
            if running.left <= 0:
                running.read()


def seconds_left():
    """Seconds left before the running request's deadline (0 once passed); None outside a running
    request. For work that runs outside Python and stops itself at the deadline (the browser's sweep:
    algorithms/real_sweep.py)."""
    scope = _SCOPE.get()
    running = scope.running if scope is not None else None
    return None if running is None else max(0.0, running.at - time.process_time())


def overdue():
    """Raise what the running deadline raises once passed: work outside Python (seconds_left) stopped
    at it. Outside a running request it does nothing."""
    scope = _SCOPE.get()
    if scope is not None and scope.running is not None:
        raise scope.running.late()


class Deadline:
    """The count guard of a search: `check(count, message)` after each step stops it (a
    BudgetError on field "p") once it passed LIMITS["max_armies"] counts; its time is the running
    deadline's (tick)."""

    def __init__(self, budget):
        self.budget = budget

    def check(self, count, message):
        if count >= LIMITS["max_armies"]:
            raise BudgetError(f"{message} (max_armies)", "p")
        tick(TICKS_PER_READ)
