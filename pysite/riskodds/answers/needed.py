"""Inverse questions: how many armies are needed for a given chance, in either dice mode.

Both questions scan the lines of a backward sweep of P(win) (algorithms/sweep.py) for the first
count whose chance passes the target (algorithms/search.py: one scan, bracketed before it starts
and while it runs). True random dice compare the exact chance with p; Balanced Blitz compares
its reshaped chance g(P) with p, decided exactly too (algorithms/reshape.py), and brackets the
scan at the true-random chance g maps onto p.
"""
import math
from dataclasses import dataclass
from fractions import Fraction

from ..algorithms.choice import Play
from ..algorithms.reshape import compare_win_chance, true_random_target, win_chance
from ..algorithms.search import first_reaching, refuse_costly_search
from ..algorithms.sweep import win_lines
from ..checks.battle_args import BALANCED_BLITZ, check_dice_mode
from ..checks.model import as_model, scale_for
from ..checks.rules import STANDARD
from ..checks.validate import FieldError, check_armies, check_probability, offset
from ..facts.limits import LIMITS
from ..guards.budget import as_budget, check_size, guarded
from ..guards.cost import attackers_needed_estimate, defenders_needed_estimate
from ..maths.scaled import fraction_log10
from .battle import DEFAULT_MAX_STATES
from .policy import defender_policy


@dataclass(frozen=True)
class Needed:
    """A search's answer: `needed` armies (in the call's convention); the chance there
    (`reached`) and with one army fewer (`below`, None if that is no battle): exact Fractions for
    true-random dice, Decimals for Balanced Blitz, whose exact true-random chances at the same
    counts are `true_reached` and `true_below` (for true-random dice, the same Fractions).
    Chances are P(win) for troops needed, P(hold) for defenders needed.
    Unpacks as (needed, reached, below)."""
    needed: int
    reached: object
    below: object
    true_reached: Fraction
    true_below: object
    dice_mode: str = "true-random"
    defender_policy: object = None      # a choosing defender's play at the answer, in words

    def __iter__(self):
        return iter((self.needed, self.reached, self.below))


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


FAR = LIMITS["max_dice"] ** 2 + LIMITS["max_dice"]     # armies above the dice (see _can_wear_down)


def _can_wear_down(model, side, n, goal):
    """Can `side` (0: attacker, 1: defender), with n armies, be worn down to `goal` or below by
    a big stack of the other side (which always rolls its full dice)?

    Rounds are the same for every n >= the side's dice, so far above that only the residue of n
    modulo the gcd g of the possible losses matters: every multiple of g past the Frobenius
    number of the losses (below max_dice ** 2: for two coprime losses a, b <= max_dice it is
    a b - a - b) is a sum of them, so n and n - g reach the same low counts once both are more
    than FAR above the dice.
    """
    dice = model.attack_dice if side == 0 else model.defend_dice

    def losses(k):
        key = (min(dice, k), model.defend_dice) if side == 0 else (model.attack_dice, min(dice, k))
        return {t[side] for t in model.transitions(*key) if t[side]}

    steps = losses(dice)
    if n > dice + FAR and steps:
        g = math.gcd(*steps)
        n = dice + FAR + (n - dice - FAR) % g
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


def _answer(n, at, before, mode, model, decisions, battle, off):
    """A Needed from exact chances at n and n - 1 ((num, den) pairs, or None); a choosing
    defender's decisions are described for the answer's battle (attacking armies)."""
    exact = lambda v: None if v is None else Fraction(*v)
    policy = None
    if decisions:
        A, D = battle
        play = Play({}, {s: c for s, c in decisions.items() if s[0] <= A and s[1] <= D})
        policy = defender_policy(model, play, off)
    if mode == BALANCED_BLITZ:
        shaped = lambda v: None if v is None else win_chance(*v)
        return Needed(n, shaped(at), shaped(before), exact(at), exact(before), mode, policy)
    return Needed(n, exact(at), exact(before), exact(at), exact(before), mode, policy)


@guarded
def troops_needed(defenders, p, *, convention, rules=STANDARD, dice_mode="true-random", survivors=0,
                  max_states=DEFAULT_MAX_STATES, with_values=False, budget=None):
    """Fewest attackers (in `convention`) with P(win with >= `survivors` left) >= p against
    `defenders`. survivors counts armies in `convention` (0: any conquest).
    dice_mode="balanced-blitz": the fewest with Balanced Blitz P(win) >= p (p = 1 is reachable
    there: a certain Balanced Blitz win); survivors must be 0.

    with_values=True returns a Needed: (n, P(n), P(n - 1)) when unpacked, exact Fractions for
    true-random dice (P(n - 1) is None when n - 1 is not a valid attacker count).

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
    model = as_model(rules)
    mode = check_dice_mode(dice_mode, model)
    D = check_armies("defenders", defenders)
    p = check_probability("p", p)
    off = offset(convention)
    need = max(1, check_armies("survivors", survivors, 0) - off)
    if mode == BALANCED_BLITZ and survivors not in (None, 0, "0", ""):
        raise FieldError("Balanced Blitz troops needed counts conquests only: set survivors to 0, "
                         "or use true-random dice", "survivors")
    check_size(D, max_states, f"a search against {D:,} defenders (one line of states)", "defenders")
    if not _can_wear_down(model, 1, D, 0):
        raise FieldError(f"the attacker can never conquer {D:,} defenders with these rules (its dice "
                         f"cannot kill the last ones), so P(win) = 0 for every number of attackers", None)
    decisions = {} if with_values and model.defender_choice != "most" else None
    a, at, before = _search(ATTACKERS, D, p, model, mode, as_budget(budget), need, off, decisions)
    return _answer(a + off, at, before, mode, model, decisions, (a, D), off) if with_values else a + off


@guarded
def defenders_needed(attackers, p, *, convention, rules=STANDARD, dice_mode="true-random",
                     max_states=DEFAULT_MAX_STATES, with_values=False, budget=None):
    """Fewest defenders that hold (the attacker does not conquer) with probability >= p against
    `attackers` (in `convention`). with_values=True returns a Needed: (n, P_hold(n),
    P_hold(n - 1)) when unpacked. dice_mode="balanced-blitz": the Balanced Blitz chance of
    holding, g(Q) for the true-random Q (the steps treat both sides alike).

    >>> defenders_needed(1, "0.5", convention="attacking")    # one attacker beats one with 5/12
    1
    >>> defenders_needed(2, "7/12", convention="territory")   # the same battle, counted on the territory
    1
    """
    model = as_model(rules)
    mode = check_dice_mode(dice_mode, model)
    off = offset(convention)
    A = check_armies("attackers", attackers, 1 + off) - off
    p = check_probability("p", p)
    check_size(A, max_states, f"a search against {A + off:,} attackers (one line of states)")
    if not _can_wear_down(model, 0, A, 0):
        raise FieldError(f"the defender can never beat {A + off:,} attackers with these rules (its dice "
                         f"cannot kill them all), so P(hold) = 0 for every number of defenders", None)
    decisions = {} if with_values and model.defender_choice != "most" else None
    d, at, before = _search(DEFENDERS, A, p, model, mode, as_budget(budget), 1, off, decisions)
    return _answer(d, at, before, mode, model, decisions, (A, d), off) if with_values else d


@dataclass(frozen=True)
class _Side:
    """What differs between the two searches: the side whose count is sought (0: attackers,
    1: defenders), how the sweep runs, its chance (P(win) or P(hold)) and its words."""
    index: int
    sweep: str
    estimate: object
    chance: str
    counts: str
    known: str
    certain: str


ATTACKERS = _Side(0, "attackers", lambda known, p, model, need: attackers_needed_estimate(known, p, model, need),
                  "P(win)", "attacker counts", "defenders", "the defender can always win")
DEFENDERS = _Side(1, "defenders", lambda known, p, model, need: defenders_needed_estimate(known, p, model),
                  "P(hold)", "defender counts", "attackers", "the attacker can always win")


def _search(side, known, p, model, mode, budget, need, off, decisions=None):
    """The fewest of `side` reaching chance p against `known` armies of the other side (attacking
    armies when those are the attackers): (n, (num, den) at n, at n - 1 or None)."""
    if mode != BALANCED_BLITZ and p == 1 and _never_certain(model, side.index):
        raise FieldError(f"p = 1 cannot be reached: {side.certain}, so {side.chance} < 1 "
                         f"for every number of {side.sweep}; ask for p < 1", "p")
    target = true_random_target(p) if mode == BALANCED_BLITZ else p
    shown = known + off if side is DEFENDERS else known
    what = (f"troops needed against {shown:,} defenders" if side is ATTACKERS
            else f"defenders needed against {shown:,} attackers")
    field = "survivors" if side is ATTACKERS and need > known else side.known
    refuse_costly_search(side.estimate(known, target, model, need), side.estimate(known, Fraction(1, 2), model, need),
                         known, model, budget, what, field, side.counts, dead=need - 1 if side is ATTACKERS else 0)
    scale = scale_for(model)

    def chances():                      # (n, the chance as (num, den)) for n = 0, 1, 2, ...
        for n, line in win_lines(model, scale, known, side.sweep, need, decisions):
            num, den = line[known][0], scale.den(line[known][1])
            yield n, (num, den) if side is ATTACKERS else (den - num, den)
    n, at, before = first_reaching(chances(), _test(mode, p), 1, budget, lambda n: (
        f"no {side.counts[:-1]} up to {n + (off if side is ATTACKERS else 0):,} reaches {side.chance} "
        f"= {_p_text(p)} against {shown:,}"))
    return n, at, before


def _test(mode, p):
    """reaches((num, den)): the chance num / den, reshaped in Balanced Blitz mode, is >= p. Exact."""
    if mode == BALANCED_BLITZ:
        return lambda v: compare_win_chance(*v, p) >= 0
    return lambda v: v[0] * p.denominator >= p.numerator * v[1]
