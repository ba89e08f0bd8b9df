"""The one search of the engine: the fewest armies such that a chance reaches a target.

"Troops needed" and "defenders needed", in either dice mode, ask for the first count n whose
chance passes a test. The chance grows with n (more attackers win more often, more defenders
hold more often, and Balanced Blitz's reshaping is non-decreasing in the true-random chance),
so the answer is the first hit of a scan n = 1, 2, ... over the lines of a backward sweep
(sweep.win_lines). The scan's length is the answer itself, so it is bracketed twice:

- before it starts (`refuse_costly_search`): the answer is estimated (cost.py: a normal
  approximation of the losses, and a bound for chances very close to 1) and the sweep to that
  count must fit the budget, else the request is refused (blaming p when the same search at
  p = 1/2 would have fit);
- while it runs (`first_reaching`): a Deadline stops it past max_armies or its time.
"""
from ..facts.limits import LIMITS
from ..guards.budget import BudgetError, Deadline, check_cost
from ..guards.cost import sweep_cost


def refuse_costly_search(count, typical, length, model, budget, what, field, unit, dead=0):
    """Refuse, before it starts, a search of about `count` lines of `length` states that would
    not fit `budget`; blame p when the search at p = 1/2 (`typical` lines) would have fit.
    dead: the first lines hold zeros only (cost.sweep_cost)."""
    top = LIMITS["max_armies"]
    blame_p = sweep_cost(typical, length, model, what, dead=dead).fits(budget)
    if count > top and not budget.dry_run:
        raise BudgetError(f"{what}: the answer is beyond {top:,} (max_armies)"
                          + ("; p is too close to 1" if blame_p else ""), "p" if blame_p else field)
    check_cost(sweep_cost(min(count, top), length, model, f"{what} (about {count:,.0f} {unit} to try)", dead=dead),
               budget,
               "p" if blame_p else field, "Ask for a smaller p." if blame_p else "Try fewer armies.")


def first_reaching(values, reaches, start, budget, message):
    """The first (n, value, value at n - 1) of `values` ((n, value) pairs, n = 0, 1, ...) with
    n >= start and reaches(value); the value at n - 1 is None when n - 1 < start.
    message(n): what to say if the Deadline stops the scan at n."""
    deadline = Deadline(budget)
    previous = None
    for n, value in values:
        if n >= start and reaches(value):
            return n, value, previous if n - 1 >= start else None
        previous = value
        deadline.check(n, message(n))
