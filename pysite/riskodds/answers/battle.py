"""One battle: the exact distribution over every end state, and what follows from it.

`battle` answers in either dice mode (true random: a `Battle`, exact; Balanced Blitz: a
`BalancedBlitz` reshaped from the exact battle); `probability` and `passage_value` answer for
one state. Each checks its arguments, then the size and cost guards, before any work.
"""
from dataclasses import dataclass, field
from functools import cached_property

from ..algorithms import flow
from ..algorithms.choice import defender_play
from ..checks.battle_args import BALANCED_BLITZ, BattleArgs, battle_args, refuse_balanced
from ..checks.model import scale_for
from ..checks.rules import STANDARD
from ..checks.validate import FieldError, check_int
from ..facts.limits import LIMITS
from ..guards.budget import as_budget, check_cost, check_size, guarded, tick
from ..guards.cost import balanced_cost, battle_cost, path_cost
from ..maths.scaled import Scale
from .balanced import blitz, kept_outcomes
from .moments import LossMoments, exact_moments
from .policy import defender_policy

DEFAULT_MAX_STATES = LIMITS["max_states"]


def guard_battle(args, max_states, budget, detail, hint="Try fewer armies."):
    """The size and cost guards of one battle (`detail` as in cost.battle_cost), before any work."""
    check_size(args.A * args.D, max_states, args.what)
    what = args.what + {"ends": " with every end state exact", "full": " with every end state exact"}.get(detail, "")
    if args.dice_mode == BALANCED_BLITZ:         # a fight to the end: no retreat, no goal
        estimate = balanced_cost(args.A, args.D, args.model, detail, what)
    else:
        estimate = battle_cost(args.A, args.D, args.model, detail, what, args.retreat, args.goal)
    check_cost(estimate, as_budget(budget), args.bigger_side, hint)


@dataclass(frozen=True)
class Battle(LossMoments):
    """Exact outcome of a battle. Army counts are in the call's convention.

    `attackers`, `defenders`: the start. `end_states`: {(attackers_left, defenders_left): P}.
    A battle is won when defenders_left <= defender_goal (0: conquest), lost when every attacking
    army died, stopped when the attacker retreated at its threshold. Losses (attackers_lost[k] =
    P(k armies lost)) are the same in both conventions.
    """
    setup: BattleArgs
    raw_ends: dict = field(repr=False)     # {(a, d) in attacking armies: (num, exps)}
    scale: Scale = field(repr=False)
    play: object = field(default=None, repr=False)    # a choosing defender's play (choice.Play)

    @cached_property
    def defender_policy(self):
        """A choosing defender's play in words (answers/policy.py), or None."""
        return self.play and defender_policy(self.setup.model, self.play, self.setup.offset)

    @property
    def attackers(self):
        return self.setup.A + self.setup.offset

    @property
    def defenders(self):
        return self.setup.D

    @property
    def convention(self):
        return self.setup.convention

    @cached_property
    def end_states(self):
        off = self.setup.offset
        return {(a + off, d): self._fraction(v) for (a, d), v in sorted(self.raw_ends.items())}

    def _fraction(self, value):
        """A scaled value as a Fraction, counted against the running deadline (a long battle
        has thousands of end states, each a reduction of thousands of digits)."""
        tick(4)
        return self.scale.fraction(value)

    def _sum(self, keep):
        return self._fraction(self.scale.total(v for s, v in self.raw_ends.items() if keep(*s)))

    @cached_property
    def win(self):
        return self._sum(lambda a, d: d <= self.setup.goal)

    @cached_property
    def loss(self):
        """P(every attacking army dies) (territory convention: down to the one left behind)."""
        return self._sum(lambda a, d: a == 0 and d > self.setup.goal)

    @cached_property
    def stopped(self):
        """P(the attacker stopped at its retreat threshold with armies left)."""
        return self._sum(lambda a, d: 0 < a and d > self.setup.goal)

    def win_with_at_least(self, survivors):
        """P(win with at least `survivors` attackers left, counted in the call's convention)."""
        need = check_int("survivors", survivors, 0) - self.setup.offset
        return self._sum(lambda a, d: d <= self.setup.goal and a >= need)

    def _loss_groups(self, side):
        """End states grouped by armies lost on `side` (0: attacker, 1: defender)."""
        start = self.setup.A if side == 0 else self.setup.D
        groups = [[] for _ in range(start + 1)]
        for s in self.raw_ends:
            groups[start - s[side]].append(s)
        return groups

    def lost_scaled(self, side):
        """P(k armies lost) for k = 0..start on `side` (0: attacker, 1: defender), as scaled
        values (num, exps) of `self.scale`: for callers that want floats or log10 of long
        distributions without building Fractions. Computed once per side."""
        return self._lost_values[side]

    @cached_property
    def _lost_values(self):
        ends, total = self.raw_ends, self.scale.total
        return [[ends[g[0]] if len(g) == 1 else total(ends[s] for s in g) if g else self.scale.zero
                 for g in self._loss_groups(side)] for side in (0, 1)]

    def _lost_fractions(self, side):
        off, ends = self.setup.offset, self.end_states
        return [ends[g[0][0] + off, g[0][1]] if len(g) == 1 else self._fraction(self.scale.total(
            self.raw_ends[s] for s in g)) for g in self._loss_groups(side)]

    @cached_property
    def attackers_lost(self):
        """attackers_lost[k] = P(k attacking armies lost), k = 0..attacking armies."""
        return self._lost_fractions(0)

    @cached_property
    def defenders_lost(self):
        """defenders_lost[k] = P(k defenders lost), k = 0..defenders."""
        return self._lost_fractions(1)

    @cached_property
    def _moments(self):
        """((mean, variance) of attacking armies lost, same for defenders): exact Fractions."""
        sc = self.scale
        out = []
        for side in (0, 1):
            lost = self.lost_scaled(side)
            first = sc.total((k * n, e) for k, (n, e) in enumerate(lost))
            second = sc.total((k * k * n, e) for k, (n, e) in enumerate(lost))
            out.append(exact_moments(sc, first, second))
        return tuple(out)


@guarded
def battle(attackers, defenders, *, convention, rules=STANDARD, dice_mode="true-random", retreat_at=None,
           defender_goal=0, max_states=DEFAULT_MAX_STATES, closed_form=True, budget=None, as_text=False):
    """Exact distribution of a battle's end states (a Battle); in Balanced Blitz mode, a
    BalancedBlitz reshaped from it.

    attackers: attacking armies ("attacking": all may die) or armies on the attacking territory
        ("territory": one stays behind, T = A + 1), as `convention` says.
    defenders: armies on the defending territory.
    retreat_at: the attacker stops as soon as it has this many armies or fewer (in `convention`);
        None fights to the end. defender_goal: the attacker stops once defenders <= this.
    max_states: refuse battles with more than this many (attackers x defenders) states.
    rules: a Rules (dice, faces, weights, bonuses, ties) or a RoundModel (model.py: round tables).
    dice_mode: "true-random" (real dice, exact) or "balanced-blitz" (RISK: Global Domination's
        Balanced Blitz: a fight to the end, so retreat_at and defender_goal are refused; its
        `true_random` is this exact Battle).
    closed_form: False forces the plain dynamic program (for cross-checks).
    budget: seconds, or a Budget (None: LIMITS' default); a battle estimated to need more
        time or memory is refused before it starts (BudgetError, a ValueError).
    as_text: the caller will print every end state as an exact decimal (the JSON API's "full"
        detail): the cost guard counts that too.

    Three attacking armies against two defenders (reference values):

    >>> b = battle(3, 2, convention="attacking")
    >>> b.win
    Fraction(6610505, 10077696)
    >>> b.end_states[2, 0], b.end_states[1, 0]      # won with 2 (resp. 1) attackers left
    (Fraction(326375, 1679616), Fraction(906815, 10077696))
    >>> b.win + b.loss == 1                         # no retreat: win or lose, exactly
    True

    The same battle counted on the territory (one army stays behind, T = A + 1):

    >>> battle(4, 2, convention="territory").win == b.win
    True
    >>> battle(1, 1, convention="attacking").win     # one die each: P(attacker's die is higher)
    Fraction(5, 12)

    The article's battle: 75 attacking armies all die against 10 defenders about once in 5 trillion.

    >>> b = battle(75, 10, convention="attacking")
    >>> f"{float(b.loss):.15e}", b.attackers_lost[75] == b.loss
    ('1.902116797727363e-13', True)
    """
    args = battle_args(attackers, defenders, convention, rules, retreat_at, defender_goal, dice_mode)
    guard_battle(args, max_states, budget, "full" if as_text else "ends",
                 'Ask for detail="summary" (exact totals, approximate lists), or fewer armies.' if as_text
                 else "Try fewer armies.")
    b = exact_battle(args, closed_form)
    if args.dice_mode != BALANCED_BLITZ:
        return b
    return blitz(b, lambda prec: kept_outcomes(args.A, args.D, b.scale, b.raw_ends.items(), prec), (b.win, b.loss))


def exact_battle(args, closed_form=True):
    """The Battle of checked arguments (BattleArgs), with no guard: callers guard first."""
    scale = scale_for(args.model)
    play = defender_play(args.model, scale, args.A, args.D, args.retreat, args.goal)
    return Battle(args, flow.end_states(args.A, args.D, args.model, args.retreat, args.goal, scale, closed_form,
                                        play), scale, play)


@guarded
def probability(start, end, *, convention, rules=STANDARD, dice_mode="true-random", retreat_at=None,
                defender_goal=0, max_states=DEFAULT_MAX_STATES, closed_form=True, budget=None):
    """P(a battle from `start` passes through or ends at `end`); states are (attackers, defenders)
    in `convention`. A state past a stop rule (fewer attackers than the battle can reach before
    it stops at retreat_at, fewer defenders than it can reach before defender_goal stops it), or
    with more armies than the start, is an error (FieldError naming the end coordinate).

    >>> probability((3, 2), (2, 0), convention="attacking")        # reference value
    Fraction(326375, 1679616)
    >>> probability((10, 5), (2, 2), convention="attacking", retreat_at=5)
    Traceback (most recent call last):
    ...
    riskodds.checks.validate.FieldError: end attackers must be at least 4: the attacker stops at retreat_at = 5, and one round costs it at most 2
    """
    value, scale = passage_value(start, end, convention=convention, rules=rules, dice_mode=dice_mode,
                                 retreat_at=retreat_at, defender_goal=defender_goal, max_states=max_states,
                                 closed_form=closed_form, budget=budget)
    return scale.fraction(value)


@guarded
def passage_value(start, end, *, convention, rules=STANDARD, dice_mode="true-random", retreat_at=None,
                  defender_goal=0, max_states=DEFAULT_MAX_STATES, closed_form=True, budget=None):
    """`probability` as (value, scale): the scaled value (num, exps) and its Scale, for callers
    that want floats or log10 too (scale.as_float(value), scale.log10(value)). A path is a
    question about real dice: dice_mode "balanced-blitz" is refused."""
    refuse_balanced(dice_mode, "the path between two states")
    for name, state in (("start", start), ("end", end)):
        if not (isinstance(state, (tuple, list)) and len(state) == 2):
            raise FieldError(f"{name} must be a pair (attackers, defenders), got {state!r}", name)
    s = battle_args(start[0], start[1], convention, rules, retreat_at, defender_goal)
    check_size(s.A * s.D, max_states, s.what)
    off = s.offset
    a = check_int("end attackers", end[0], off, s.A + off) - off
    d = check_int("end defenders", end[1], 0, s.D)
    if a == 0 and d == 0:
        raise FieldError("end state cannot have no attackers and no defenders: a battle stops "
                         "when either side is gone", "end")
    # past a stop rule: the battle stops at the first state with a <= retreat (or d <= goal),
    # reached by one round from above it
    lowest, cost = _lowest_past_stop(s.model, 0, s.retreat)
    if s.retreat and a < lowest:
        raise FieldError(f"end attackers must be at least {lowest + off}: the attacker "
                         f"stops at retreat_at = {s.retreat + off}, and one round costs it at most {cost}",
                         "end attackers")
    lowest, cost = _lowest_past_stop(s.model, 1, s.goal)
    if s.goal and d < lowest:
        raise FieldError(f"end defenders must be at least {lowest}: the attacker stops at "
                         f"defender_goal = {s.goal}, and one round costs the defender at most {cost}",
                         "end defenders")
    check_cost(path_cost(s.A, s.D, a, d, s.model, f"the path from {s.A + off:,} v {s.D:,}", s.retreat, s.goal,
                         closed_form), as_budget(budget), s.bigger_side, "Try fewer armies.")
    scale = scale_for(s.model)
    return flow.passage(s.A, s.D, a, d, s.model, s.retreat, s.goal, scale, closed_form), scale


def _lowest_past_stop(model, side, stop):
    """(fewest armies `side` (0: attacker, 1: defender) can be left with when a round takes it
    from above `stop` to `stop` or below, most armies that round costs it). A side with x armies
    throws min(dice, x) dice; past x = stop + dice every round is the same, so x - loss grows."""
    dice = model.attack_dice if side == 0 else model.defend_dice
    lows = [(x - model.most_lost(side, min(dice, x)), x) for x in range(stop + 1, stop + dice + 1)]
    lowest, x = min(lows)
    return lowest, stop + 1 - lowest
