"""The three guards every request meets, in this order, before and while it works.

1. The size guard (`check_size`): a request visiting more (attackers x defenders) states than
   its `max_states` is refused, naming the input to shrink.
2. The cost guard (`check_cost`): the request's estimated seconds and MB (cost.py, an
   `Estimate`) against its `Budget`; what would not fit is refused with both numbers in the
   message. A dry run (`Budget(dry_run=True)`, the API's estimate_only) stops here, raising
   `Estimated` with the estimate instead of computing.
3. The running deadline (`Deadline`): a search whose length is itself the answer (troops
   needed) is estimated too, but only roughly, so it also stops after RUNNING_SLACK times its
   time budget of CPU time, or once it passes LIMITS["max_armies"].

Every answer function runs 1 and 2 before any work, whatever its dice mode; nothing else in
the engine refuses work for its size.
"""
import math
import time
from dataclasses import dataclass

from ..checks.validate import FieldError, check_int
from ..facts.limits import IN_BROWSER, LIMITS, default_memory_budget, default_time_budget

RUNNING_SLACK = 2      # a search stops after RUNNING_SLACK x its time budget of computing


class SizeError(FieldError):
    """A request too large to finish in reasonable time; `field` names the input to change."""


class BudgetError(FieldError):
    """A request refused: it would not fit its time or memory budget (or a search ran out)."""


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
    """Estimated CPython seconds and peak MB of a computation, and what it is (for messages)."""
    seconds: float
    mb: float
    what: str

    def here(self):
        """Seconds in this interpreter (Pyodide is slower than CPython)."""
        return self.seconds * (LIMITS["pyodide_slowdown"] if IN_BROWSER else 1)

    def fits(self, budget):
        return self.here() <= budget.seconds and self.mb <= budget.mb

    def __add__(self, other):
        """This computation with another's work done beside it (seconds and memory add up)."""
        return Estimate(self.seconds + other.seconds, self.mb + other.mb, self.what)


def check_size(states, max_states, what, field="attackers"):
    """The size guard: refuse work beyond max_states states, naming the input to shrink."""
    limit = check_int("max_states", max_states, 1)
    if states > limit:
        raise SizeError(f"{what} has {states:,} states, more than the limit of {limit:,} "
                        f"(max_states); it could run for hours. Try smaller numbers.", field)


def check_cost(estimate, budget, field, hint=""):
    """The cost guard: refuse, before starting, what does not fit `budget` (the message names
    the budget); a dry run stops here with the estimate."""
    if budget.dry_run:
        raise Estimated(estimate, budget)
    seconds = estimate.here()
    over = []
    if seconds > budget.seconds:
        over.append(f"about {_seconds(seconds)} (the limit is {budget.seconds:g} s, time_budget_s)")
    if estimate.mb > budget.mb:
        over.append(f"about {estimate.mb:,.0f} MB (the limit is {budget.mb:,.0f} MB, memory_budget_mb)")
    if over:
        where = " in the browser" if IN_BROWSER else ""
        raise BudgetError(f"{estimate.what} would need {' and '.join(over)}{where}. {hint}".strip(), field)


def _seconds(s):
    return f"{s:,.0f} s" if s >= 10 else f"{s:.1f} s"


class Deadline:
    """The running guard of a search: `check(count, message)` after each step stops it (a
    BudgetError on field "p") once it passed LIMITS["max_armies"] counts or RUNNING_SLACK times
    its budget of CPU time (time.process_time, so a loaded machine does not turn a fitting
    search into a refusal; the cost guard already refused what should not fit)."""

    def __init__(self, budget):
        self.budget = budget
        self.at = time.process_time() + RUNNING_SLACK * budget.seconds

    def check(self, count, message):
        if count >= LIMITS["max_armies"]:
            raise BudgetError(f"{message} (max_armies)", "p")
        if time.process_time() > self.at:
            raise BudgetError(f"{message} in {RUNNING_SLACK * self.budget.seconds:g} s of computing (twice the "
                              f"time budget of {self.budget.seconds:g} s, time_budget_s; the estimate was too "
                              "low)", "p")
