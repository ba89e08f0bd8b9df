"""A battle in Balanced Blitz mode (RISK: Global Domination's default), as an answer record.

algorithms/reshape.py has the four steps and why they are computed as they are. Here the true-
random outcomes of a fight to the end are gathered as they stream out of the engine's flow (every
answer function does this through answers/battle.py and answers/summary.py, with their own
guards), kept to a few hundred bits each, and reshaped.
"""
from dataclasses import dataclass, field
from decimal import Decimal, localcontext
from functools import cached_property

from ..algorithms.reshape import KEPT_PRECISION, MAX_PRECISION, PRECISION, Kept, context, mean_var, reshape
from ..checks.validate import check_int, offset
from ..facts.limits import DICE_MODES
from .moments import LossMoments

NAME = dict(DICE_MODES)["balanced-blitz"]        # how results are labelled


@dataclass(frozen=True)
class BalancedBlitz(LossMoments):
    """A battle in Balanced Blitz mode. Army counts are in the call's `convention`.

    `win`, `loss`: floats. `attackers_lost[k]` (k = 0..attacking armies) and `defenders_lost[j]`
    (j = 0..defenders): floats indexed by armies lost, as in `Battle`; the last entry of each is
    the other side's win. `end_states`: {(attackers_left, defenders_left): float}. The same as
    Decimals with `precision` digits (no underflow): `attacker_losses`, `defender_losses`.
    mean_/var_/std_attackers_lost (and defenders): floats.
    `true_random`: the true-random answer it was computed from (fought to the end): the exact
    `Battle` (from `battle`), or its `BattleSummary` (from `battle_summary`).
    """
    true_random: object = field(repr=False)
    attacker_losses: tuple = field(repr=False)   # Decimal, index = attacking armies lost
    defender_losses: tuple = field(repr=False)   # Decimal, index = defenders lost
    precision: int = PRECISION

    attackers = property(lambda self: self.true_random.attackers)        # the same battle, in its convention
    defenders = property(lambda self: self.true_random.defenders)
    convention = property(lambda self: self.true_random.convention)
    win = property(lambda self: float(self.defender_losses[-1]))          # every defender lost
    loss = property(lambda self: float(self.attacker_losses[-1]))         # every attacking army lost

    @cached_property
    def attackers_lost(self):
        return [float(x) for x in self.attacker_losses]

    @cached_property
    def defenders_lost(self):
        return [float(x) for x in self.defender_losses]

    @cached_property
    def end_states(self):
        """{(attackers_left, defenders_left): float}, sorted like Battle.end_states."""
        return {state: float(x) for state, x in self.end_state_decimals}

    @cached_property
    def end_state_decimals(self):
        """[((attackers_left, defenders_left), Decimal)], sorted by state, in the call's convention."""
        A, D, off = len(self.attacker_losses) - 1, len(self.defender_losses) - 1, offset(self.convention)
        ends = [((off, D - j), x) for j, x in enumerate(self.defender_losses[:-1])]
        ends += [((A - i + off, 0), x) for i, x in enumerate(self.attacker_losses[:-1])]
        return sorted(ends)

    def win_with_at_least(self, survivors, as_decimal=False):
        """P(win with at least `survivors` attackers left, counted in the call's convention):
        a float, or a Decimal with as_decimal=True."""
        need = check_int("survivors", survivors, 0) - offset(self.convention)
        A = len(self.attacker_losses) - 1
        with localcontext(context(self.precision)):
            p = sum(x for i, x in enumerate(self.attacker_losses[:-1]) if A - i >= need)
        return Decimal(p) if as_decimal else float(p)

    @cached_property
    def decimal_moments(self):
        """((mean, variance) of attacking armies lost, same for defenders), as Decimals."""
        with localcontext(context(self.precision)):
            return tuple(mean_var(values) for values in (self.attacker_losses, self.defender_losses))

    @cached_property
    def _moments(self):
        return tuple((float(m), float(v)) for m, v in self.decimal_moments)


class OutcomeKeeper:
    """Collects the end states of a fight to the end as they stream out of the flow (attacking
    armies, scaled values), kept for `prec` digits: A - a armies lost in a win, D - d in a loss."""

    def __init__(self, A, D, scale, prec=KEPT_PRECISION):
        self.scale, self.prec = scale, prec
        zero = Kept(0, 1, 0)
        self.wins, self.losses = [zero] * A, [zero] * D
        self.A, self.D = A, D

    def __call__(self, state, value):
        a, d = state
        num, exps = value
        if not num:
            return
        kept = Kept.of(num, self.scale.den(exps), self.prec)
        if d == 0:
            self.wins[self.A - a] = kept
        else:
            self.losses[self.D - d] = kept


def kept_outcomes(A, D, scale, ends, prec=KEPT_PRECISION):
    """An OutcomeKeeper holding `ends`, (state, value) pairs of a fight to the end."""
    keeper = OutcomeKeeper(A, D, scale, prec)
    for state, value in ends:
        keeper(state, value)
    return keeper


def blitz(true_random, outcomes, totals):
    """The BalancedBlitz of a fight to the end whose true-random answer is `true_random` (a Battle
    or BattleSummary). outcomes(prec): its outcomes kept for `prec` digits, an OutcomeKeeper
    (asked for KEPT_PRECISION, and for MAX_PRECISION only if step 3 needs it); totals: exact
    (P(win), P(loss))."""
    first = outcomes(KEPT_PRECISION)

    def sharper():
        k = outcomes(MAX_PRECISION)
        return k.wins, k.losses
    attacker, defender, prec = reshape(first.wins, first.losses, totals, sharper)
    return BalancedBlitz(true_random, attacker, defender, prec)
