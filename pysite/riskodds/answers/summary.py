"""A battle's summary: exact totals and moments, approximate distributions, in linear memory.

`battle()` keeps every end state exactly, and a long battle has many end states with many
digits each: 30,000 attacking armies against 1 defender end in 30,001 states whose exact
probabilities have up to ~60,000 digits (hundreds of MB in all). A summary streams the end
states out of the flow one at a time and keeps only
- exact sums (P(win), P(loss), P(stopped), P(win with survivors), and the first two moments
  of the armies lost on each side): a handful of numbers;
- every end state and every "k armies lost" as an approximation (maths/approx.py, `Approx`),
  correctly rounded where it is one state or one of the exact sums (all lost, the win).
So memory grows with the number of end states, not with their digits. In Balanced Blitz mode
the same stream also keeps each outcome to a few hundred bits, which is all the reshaping reads.
"""
from dataclasses import dataclass
from fractions import Fraction

from ..algorithms import flow
from ..algorithms.choice import defender_play
from ..checks.battle_args import BALANCED_BLITZ, battle_args
from ..checks.model import scale_for
from ..checks.rules import STANDARD
from ..checks.validate import check_armies
from ..guards.budget import guarded
from ..maths.approx import ZERO
from .balanced import OutcomeKeeper, blitz, kept_outcomes
from .battle import DEFAULT_MAX_STATES, guard_battle
from .moments import LossMoments, exact_moments
from .policy import defender_policy


@dataclass(frozen=True)
class BattleSummary(LossMoments):
    """Exact totals and approximate distributions of a battle (counts in the call's convention).

    win, loss, stopped, win_with_survivors (None unless asked), mean_/var_attackers_lost,
    mean_/var_defenders_lost: exact Fractions, as on Battle.
    attackers_lost[k], defenders_lost[k]: Approx of P(k armies lost).
    end_states: [((attackers_left, defenders_left), Approx)], sorted by state.
    """
    attackers: int
    defenders: int
    convention: str
    win: Fraction
    loss: Fraction
    stopped: Fraction
    win_with_survivors: object
    _moments: tuple
    attackers_lost: list
    defenders_lost: list
    end_states: list
    defender_policy: object = None      # a choosing defender's play in words (answers/policy.py)


@guarded
def battle_summary(attackers, defenders, *, convention, rules=STANDARD, dice_mode="true-random", retreat_at=None,
                   defender_goal=0, survivors=None, max_states=DEFAULT_MAX_STATES, budget=None):
    """Summary of `battle(attackers, defenders, ...)` (same arguments; `survivors` in the call's
    convention also gives P(win with at least that many left)). See BattleSummary. In Balanced
    Blitz mode, a BalancedBlitz whose `true_random` is this summary.

    >>> s = battle_summary(3, 2, convention="attacking", survivors=2)
    >>> s.win                                  # a reference value
    Fraction(6610505, 10077696)
    >>> s.win - s.win_with_survivors           # won with exactly 1 left: another one
    Fraction(906815, 10077696)
    >>> round(s.attackers_lost[0].float, 6), s.end_states[-1]
    (0.371656, ((3, 0), Approx(mantissa=0.7433127572016461, exponent=-1)))
    """
    args = battle_args(attackers, defenders, convention, rules, retreat_at, defender_goal, dice_mode)
    need = None if survivors is None else check_armies("survivors", survivors, 0) - args.offset
    guard_battle(args, max_states, budget, "summary")
    if args.dice_mode != BALANCED_BLITZ:
        return _summary(args, need)
    scale = scale_for(args.model)
    first = OutcomeKeeper(args.A, args.D, scale)
    s = _summary(args, need, first, scale)

    def outcomes(prec):        # more digits than the first pass kept take a second pass (rare)
        if prec == first.prec:
            return first
        return kept_outcomes(args.A, args.D, scale, flow.stops(args.A, args.D, args.model, 0, 0, scale), prec)
    return blitz(s, outcomes, (s.win, s.loss))


def _summary(args, need, watch=None, scale=None):
    """The BattleSummary of checked arguments; watch(state, value) sees every end state."""
    scale = scale or scale_for(args.model)
    play = defender_play(args.model, scale, args.A, args.D, args.retreat, args.goal)
    zero, add = scale.zero, scale.add
    win = loss = stopped = kept = zero
    moments = [[zero, zero], [zero, zero]]         # per side: sum k * P, sum k * k * P
    lost = [[ZERO] * (args.A + 1), [ZERO] * (args.D + 1)]
    ends = []
    for (a, d), v in flow.stops(args.A, args.D, args.model, args.retreat, args.goal, scale, play=play):
        if watch:
            watch((a, d), v)
        if d <= args.goal:
            win = add(win, v)
            if need is not None and a >= need:
                kept = add(kept, v)
        elif a == 0:
            loss = add(loss, v)
        else:
            stopped = add(stopped, v)
        near = scale.approx(v)
        ends.append(((a + args.offset, d), near))
        num, exps = v
        for side, k in ((0, args.A - a), (1, args.D - d)):
            lost[side][k] += near
            if k:
                first, second = moments[side]
                moments[side] = [add(first, (k * num, exps)), add(second, (k * k * num, exps))]
    # the two entries that gather many end states are sums known exactly: round them once
    lost[0][args.A] = scale.approx(loss)                # every attacking army lost: the losses
    if args.goal == 0:
        lost[1][args.D] = scale.approx(win)             # every defender lost: the wins
    ends.sort(key=lambda e: e[0])
    return BattleSummary(args.A + args.offset, args.D, args.convention, scale.fraction(win), scale.fraction(loss),
                         scale.fraction(stopped), None if need is None else scale.fraction(kept),
                         tuple(exact_moments(scale, *m) for m in moments), lost[0], lost[1], ends,
                         play and defender_policy(args.model, play, args.offset))
