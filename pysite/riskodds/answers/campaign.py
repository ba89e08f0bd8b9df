"""Chain campaigns: one stack attacks a sequence of territories in order, never branching."""
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

from ..algorithms import flow
from ..algorithms.choice import defender_play
from ..checks.battle_args import refuse_balanced
from ..checks.model import RoundModel, as_models, scale_for
from ..checks.rules import STANDARD, Rules
from ..checks.validate import FieldError, check_armies, check_int, offset, show, to_attacking
from ..facts.limits import LIMITS
from ..guards.budget import as_budget, check_cost, check_size, guarded
from ..guards.cost import campaign_cost
from ..maths.scaled import Scale
from .battle import DEFAULT_MAX_STATES


@dataclass(frozen=True)
class Campaign:
    """Exact outcome of a chain campaign. Attackers are counted in the call's convention.

    end_states: {(territories_conquered, attackers_left, defenders_left): P}. attackers_left is
    the moving stack (attacking armies; territory convention adds the one army that stayed in the
    territory the last attack came from, so a one-territory campaign is exactly a battle).
    defenders_left: defenders still in the territory where the campaign stopped (0 when it
    stopped after a conquest, for lack of armies to go on, or when all were conquered).
    """
    attackers: int
    territories: tuple
    convention: str
    leave: int
    raw_ends: dict = field(repr=False)
    scale: Scale = field(repr=False)

    @cached_property
    def end_states(self):
        off = offset(self.convention)
        return {(k, a + off, d): self.scale.fraction(v) for (k, a, d), v in sorted(self.raw_ends.items())}

    def _p(self, keep):
        return self.scale.fraction(self.scale.total(v for s, v in self.raw_ends.items() if keep(*s)))

    @cached_property
    def territory_win(self):
        """territory_win[i] = P(territory i is conquered), i.e. at least i + 1 conquered."""
        return [self._p(lambda k, a, d, i=i: k > i) for i in range(len(self.territories))]

    @property
    def win(self):
        """P(every territory conquered)."""
        return self.territory_win[-1]

    @cached_property
    def reach(self):
        """reach[j] = P(the stack attacks territory j), j = 0..n-1 (reach[0] = 1).

        The stack attacks j when it conquered more than j territories, or stopped in j with
        defenders still standing there (end state (j, a, d) with d > 0)."""
        return [self._p(lambda k, a, d, j=j: k > j or (k == j and d > 0))
                for j in range(len(self.territories))]

    @cached_property
    def conquered_exactly(self):
        """conquered_exactly[k] = P(exactly k territories conquered), k = 0..n (sums to 1)."""
        return [self._p(lambda k, a, d, i=i: k == i) for i in range(len(self.territories) + 1)]

    def score(self, state):
        """Score of an end state (conquered, attackers_left, defenders_left) in the call's
        convention: the attackers left when every territory fell, else minus every defender
        still standing: those left in the territory where the stack stopped, and every
        untouched territory counted whole. A stack that conquered k territories and was too
        small to go on never touched territory k, so all of territory k's garrison counts.
        """
        k, a, d = state
        n = len(self.territories)
        if k == n:
            return a
        return -(d + sum(self.territories[k + 1 if d else k:]))

    @cached_property
    def scores(self):
        """{score: P} over every end state's score (see `score`), ascending by score."""
        by_score = {}
        off = offset(self.convention)
        for (k, a, d), v in self.raw_ends.items():
            s = self.score((k, a + off, d))
            by_score.setdefault(s, []).append(v)
        return {s: self.scale.fraction(self.scale.total(vs)) for s, vs in sorted(by_score.items())}

    @cached_property
    def expected_survivors(self):
        """E[attackers left] over all outcomes (call's convention)."""
        return sum((p * a for (k, a, d), p in self.end_states.items()), Fraction(0))

    @cached_property
    def mean_survivors(self):
        """E[attackers left | every territory conquered] (call's convention); 0 if never."""
        n = len(self.territories)
        won = {a: p for (k, a, d), p in self.end_states.items() if k == n}
        total = sum(won.values(), Fraction(0))
        return sum((p * a for a, p in won.items()), Fraction(0)) / total if total else Fraction(0)


@guarded
def campaign(attackers, territories, *, convention, leave=1, rules=STANDARD, dice_mode="true-random",
             retreat_at=None, max_states=DEFAULT_MAX_STATES, budget=None):
    """Exact distribution of a chain campaign.

    attackers: the stack, in `convention` ("territory": armies on the starting territory, one
        stays behind; "attacking": armies that attack).
    territories: defenders of each territory, in order of attack (at least one).
    leave: armies left in each conquered territory before the stack moves on (>= 1).
    rules: one Rules (or RoundModel) for all, or a list with one per territory.
    retreat_at: the stack stops attacking when it has this many armies or fewer (in `convention`).
    dice_mode: "true-random" only (Balanced Blitz reshapes single battles; refused by name).
    budget: seconds, or a Budget (None: LIMITS' default): refused before it starts if larger.

    The chain of Norvig's notebook: 72 armies on the territory against 14 territories.

    >>> c = campaign(72, [22, 8, 2, 2, 2, 7, 1, 1, 3, 1, 2, 3, 5, 1], convention="territory")
    >>> round(float(c.win), 7), c.win == c.conquered_exactly[-1], sum(c.scores.values())
    (0.8105486, True, Fraction(1, 1))

    Five territories fell, and the stack (2 on the territory: 1 attacking army) stopped: the
    sixth territory's 7 defenders and all after them still stand.

    >>> c.score((5, 2, 0))
    -24

    A one-territory campaign is exactly the battle:

    >>> from riskodds import battle
    >>> campaign(4, [2], convention="territory").win == battle(4, 2, convention="territory").win
    True
    """
    refuse_balanced(dice_mode, "a chain campaign")
    off = offset(convention)
    A = to_attacking("attackers", attackers, convention)
    if isinstance(territories, (str, bytes)) or not hasattr(territories, "__len__"):
        raise FieldError(f"territories must be a list of defender counts, got {show(territories)}", "territories")
    if len(territories) == 0:
        raise FieldError("territories must list at least one territory's defenders", "territories")
    if len(territories) > LIMITS["max_territories"]:
        raise FieldError(f"territories: at most {LIMITS['max_territories']} territories (the whole "
                         f"board), got {len(territories)}", "territories")
    defenders = tuple(_territory(i, d) for i, d in enumerate(territories))
    rules_list = list(rules) if isinstance(rules, (list, tuple)) else [rules] * len(defenders)
    if len(rules_list) != len(defenders):
        raise ValueError(f"rules: give one Rules or one per territory ({len(defenders)}), got {len(rules_list)}")
    bad = next((i for i, r in enumerate(rules_list) if not isinstance(r, (Rules, RoundModel))), None)
    if bad is not None:
        raise ValueError(f"rules[{bad}]: rules must be a Rules or a RoundModel, got {show(rules_list[bad])}")
    # the request's rules compiled once (checks/model.py); a plan's straight order passes its models
    models = rules_list if all(isinstance(r, RoundModel) for r in rules_list) else as_models(rules_list)
    leave = check_armies("leave", leave, 1)
    retreat = 0 if retreat_at is None else check_int("retreat_at", retreat_at, off, A + off - 1) - off
    what = f"a campaign of {A + off:,} against {sum(defenders):,} defenders"
    check_size(A * sum(defenders), max_states, what)
    check_cost(campaign_cost(A, defenders, models, what), as_budget(budget), "attackers", "Try fewer armies.")

    scale = scale_for(*models)
    ends = {}
    stacks = {A: scale.one}                 # attacking armies about to attack territory i
    for i, (D, r) in enumerate(zip(defenders, models)):
        play = defender_play(r, scale, max(stacks), D, retreat)       # None unless the defender chooses
        arrived = flow.flow(flow.by_total({(a, D): v for a, v in stacks.items()}), r, retreat, 0, scale,
                            rounds=play and play.rounds)
        stacks = {}
        for (a, d), v in arrived:
            if not v[0]:
                continue
            if d == 0:                       # conquered with a survivors; they move in
                nxt = a - leave
                if i + 1 < len(defenders) and nxt > retreat:
                    stacks[nxt] = scale.add(stacks.get(nxt, scale.zero), v)
                else:
                    _add(ends, (i + 1, a, 0), v, scale)
            elif a <= retreat:               # beaten, or stopped at the threshold
                _add(ends, (i, a, d), v, scale)
        if not stacks:
            break
    return Campaign(A + off, defenders, convention, leave, ends, scale)


def _territory(i, defenders):
    try:
        return check_armies(f"territories[{i}]", defenders, 1)
    except FieldError as e:
        raise FieldError(str(e), "territories") from None


def _add(table, key, value, scale):
    table[key] = scale.add(table.get(key, scale.zero), value)
