"""Inverse questions: how many armies are needed for a given chance.

Both searches sweep lines of P(win) (sweep.py) until the target is met. The count they look
for is the answer, so their cost is estimated from a normal approximation of the losses (and a
bound for p very close to 1) before they start (cost.py), and they also stop at the time budget.
"""
import math
import time
from fractions import Fraction

from . import balanced      # dice_mode "balanced-blitz"
from .battle import DEFAULT_MAX_STATES, check_size
from .cost import (RUNNING_SLACK, BudgetError, as_budget, attackers_needed_estimate, check, defenders_needed_estimate,
                   sweep_cost)
from .limits import LIMITS
from .model import as_model, scale_for
from .rules import STANDARD
from .scaled import fraction_log10
from .sweep import win_lines
from .validate import FieldError, check_armies, check_probability, offset


def _reaches(value, scale, p):
    """value >= p, exactly, without building a Fraction."""
    num, exps = value
    return num * p.denominator >= p.numerator * scale.den(exps)


def _never_certain(model, side):
    """True when every round can cost `side` (0: attacker, 1: defender) an army, so that side
    can always lose everything and a probability of 1 is never reached."""
    return all(any(t[side] > 0 for t in model.transitions(na, nd))
               for na in range(1, model.attack_dice + 1) for nd in range(1, model.defend_dice + 1))


def can_conquer(rules, D, goal=0):
    """True when enough attackers beat D defenders (down to `goal`) with positive probability.

    A big stack always rolls rules.attack_dice dice, so it wins exactly when rounds in which
    the defender loses armies lead from D to `goal` or below; with its few dice the defender's
    last armies may be impossible to kill (two-faced attack dice against a bunker: never).
    rules: a Rules or a RoundModel.
    """
    return _can_wear_down(as_model(rules), 1, D, goal)


def can_hold(rules, A):
    """True when enough defenders beat A attacking armies with positive probability: the same
    question with the sides swapped (a loaded attacker with a bonus may never lose a pair)."""
    return _can_wear_down(as_model(rules), 0, A, 0)


def _can_wear_down(model, side, n, goal):
    """Can `side` (0: attacker, 1: defender), with n armies, be worn down to `goal` or below by
    a big stack of the other side (which always rolls its full dice)?

    Rounds are the same for every n >= the side's dice, so far above that only the residue of n
    modulo the gcd of the possible losses matters (all larger multiples are sums).
    """
    dice = model.attack_dice if side == 0 else model.defend_dice

    def losses(k):
        key = (min(dice, k), model.defend_dice) if side == 0 else (model.attack_dice, min(dice, k))
        return {t[side] for t in model.transitions(*key) if t[side]}

    steps = losses(dice)
    if n > dice + 12 and steps:
        g = math.gcd(*steps)
        n = dice + 12 + (n - dice - 12) % g
    reach = {n}
    for k in range(n, goal, -1):
        if k in reach:
            reach.update(k - lost for lost in losses(k))
    return any(k <= goal for k in reach)


def _p_text(p):
    """p for a message: the fraction if short, else a decimal (as 1 - x when close to 1)."""
    text = str(p)
    if len(text) <= 24:
        return text
    if p > Fraction(99, 100):
        return f"1 - 10^{fraction_log10(1 - p):.1f}"
    return f"{float(p):.6g}"


def _fits(estimate, budget):
    return estimate.here() <= budget.seconds and estimate.mb <= budget.mb


def _check_search(count, typical, length, rules, budget, what, field, unit):
    """Refuse a search of about `count` lines before it starts if it will not fit the budget;
    blame p when the search at p = 1/2 (`typical` lines) would have fit."""
    top = LIMITS["max_armies"]
    blame_p = _fits(sweep_cost(typical, length, rules, what), budget)
    if count > top:
        raise BudgetError(f"{what}: the answer is beyond {top:,} (max_armies)"
                          + ("; p is too close to 1" if blame_p else ""), "p" if blame_p else field)
    check(sweep_cost(count, length, rules, f"{what} (about {count:,.0f} {unit} to try)"), budget,
          "p" if blame_p else field, "Ask for a smaller p." if blame_p else "Try fewer armies.")


def refuse_costly_troops_search(D, p, rules, need, budget):
    """Refuse, before it starts, a search for the fewest attackers (with `need` attacking armies
    left) reaching the true-random P(win) >= p against D that would not fit `budget`.
    Balanced Blitz passes the true-random p its own target is equivalent to."""
    _check_search(attackers_needed_estimate(D, p, rules, need),
                  attackers_needed_estimate(D, Fraction(1, 2), rules, need), D, rules, budget,
                  f"troops needed against {D:,} defenders", "survivors" if need > D else "defenders",
                  "attacker counts")


def refuse_costly_defenders_search(A, p, rules, budget, off=0):
    """The same for the fewest defenders holding with true-random P(hold) >= p against A
    attacking armies (`off`: the call's convention offset, for the message)."""
    _check_search(defenders_needed_estimate(A, p, rules), defenders_needed_estimate(A, Fraction(1, 2), rules),
                  A, rules, budget, f"defenders needed against {A + off:,} attackers", "attackers",
                  "defender counts")


def _out_of_time(deadline, budget, message):
    if time.process_time() > deadline:
        raise BudgetError(f"{message} in {RUNNING_SLACK * budget.seconds:g} s of computing (twice the time "
                          f"budget of {budget.seconds:g} s, time_budget_s; the estimate was too low)", "p")


def give_up_if_hopeless(count, deadline, budget, message):
    """Stop a running search (these and Balanced Blitz's) once it passes max_armies lines or its time."""
    if count >= LIMITS["max_armies"]:
        raise BudgetError(f"{message} (max_armies)", "p")
    _out_of_time(deadline, budget, message)


def troops_needed(defenders, p, *, convention, rules=STANDARD, survivors=0,
                  max_states=DEFAULT_MAX_STATES, with_values=False, budget=None, dice_mode="true-random"):
    """Fewest attackers (in `convention`) with P(win with >= `survivors` left) >= p against
    `defenders`. survivors counts armies in `convention` (0: any conquest).

    with_values=True returns (n, P(n), P(n - 1)) with exact Fractions (P(n - 1) is None when
    n - 1 is not a valid attacker count).
    dice_mode="balanced-blitz": balanced.troops_needed (with_values gives a balanced.Needed).

    Against 10 defenders, armies on the territory (reference values):

    >>> [troops_needed(10, p, convention="territory") for p in ("0.99", "0.95", "0.5", "0.01")]
    [24, 19, 11, 4]
    >>> troops_needed(10, "19/20", convention="attacking")        # one fewer: none stays behind
    18
    >>> n, reached, below = troops_needed(10, "0.95", convention="territory", with_values=True)
    >>> n, reached >= Fraction(95, 100) > below
    (19, True)
    >>> troops_needed(1, "5/12", convention="attacking"), troops_needed(1, "0.42", convention="attacking")
    (1, 2)

    (one army against one wins with 5/12 ~ 0.4167 exactly; 0.42 needs a second army.)
    """
    if balanced.check_dice_mode(dice_mode) == "balanced-blitz":     # g(P) >= p searched on the true-random P
        return balanced.troops_needed(defenders, p, convention=convention, rules=rules, survivors=survivors,
                                      max_states=max_states, with_values=with_values)
    model = as_model(rules)
    D = check_armies("defenders", defenders)
    p = check_probability("p", p)
    off = offset(convention)
    need = max(1, check_armies("survivors", survivors, 0) - off)
    budget = as_budget(budget)
    check_size(D, max_states, f"a search against {D:,} defenders (one line of states)", "defenders")
    if not can_conquer(model, D):
        raise FieldError(f"the attacker can never conquer {D:,} defenders with these rules (its dice "
                         f"cannot kill the last ones), so P(win) = 0 for every number of attackers", None)
    if p == 1 and _never_certain(model, 0):
        raise FieldError("p = 1 cannot be reached: the defender can always win, so P(win) < 1 "
                         "for every number of attackers; ask for p < 1", "p")
    refuse_costly_troops_search(D, p, model, need, budget)
    deadline = budget.deadline()
    scale = scale_for(model)
    previous = None
    for a, line in win_lines(model, scale, D, "attackers", need):
        value = line[D]
        if a >= 1 and _reaches(value, scale, p):
            n = a + off
            if not with_values:
                return n
            below = scale.fraction(previous) if a - 1 >= 1 else None
            return n, scale.fraction(value), below
        previous = value
        give_up_if_hopeless(a, deadline, budget, f"no attacker count up to {a + off:,} reaches p = "
                                                 f"{_p_text(p)} against {D:,}")


def defenders_needed(attackers, p, *, convention, rules=STANDARD, max_states=DEFAULT_MAX_STATES,
                     with_values=False, budget=None, dice_mode="true-random"):
    """Fewest defenders that hold (the attacker does not conquer) with probability >= p against
    `attackers` (in `convention`). with_values=True returns (n, P_hold(n), P_hold(n - 1)).
    dice_mode="balanced-blitz": balanced.defenders_needed (with_values gives a balanced.Needed).

    >>> defenders_needed(1, "0.5", convention="attacking")    # one attacker beats one with 5/12
    1
    >>> defenders_needed(2, "7/12", convention="territory")   # the same battle, counted on the territory
    1
    """
    if balanced.check_dice_mode(dice_mode) == "balanced-blitz":     # likewise for the defender
        return balanced.defenders_needed(attackers, p, convention=convention, rules=rules,
                                         max_states=max_states, with_values=with_values)
    model = as_model(rules)
    off = offset(convention)
    A = check_armies("attackers", attackers, 1 + off) - off
    p = check_probability("p", p)
    budget = as_budget(budget)
    check_size(A, max_states, f"a search against {attackers} attackers (one line of states)")
    if not can_hold(model, A):
        raise FieldError(f"the defender can never beat {A + off:,} attackers with these rules (its dice "
                         f"cannot kill them all), so P(hold) = 0 for every number of defenders", None)
    if p == 1 and _never_certain(model, 1):
        raise FieldError("p = 1 cannot be reached: the attacker can always win, so P(hold) < 1 "
                         "for every number of defenders; ask for p < 1", "p")
    refuse_costly_defenders_search(A, p, model, budget, off)
    deadline = budget.deadline()
    scale = scale_for(model)
    q = 1 - p                      # hold >= p  <=>  win <= 1 - p
    previous = None
    for d, line in win_lines(model, scale, A, "defenders"):
        value = line[A]
        num, exps = value
        if d >= 1 and num * q.denominator <= q.numerator * scale.den(exps):
            if not with_values:
                return d
            hold = 1 - scale.fraction(value)
            below = 1 - scale.fraction(previous) if d - 1 >= 1 else None
            return d, hold, below
        previous = value
        give_up_if_hopeless(d, deadline, budget, f"no defender count up to {d:,} holds with p = {_p_text(p)} "
                                                 f"against {A + off:,}")
