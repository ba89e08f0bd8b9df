"""Round models: what one round of a battle does, as exact tables. Every rule set compiles to one.

A round model gives, for every pair of dice counts thrown (na = 1..attack_dice attacking dice
against nd = 1..defend_dice defending dice), the relative weights of the round's outcomes

    {(na, nd): {(attacker_losses, defender_losses): weight}},

an outcome's probability being its weight over the round's total weight. The dynamic programs
of the engine (flow.py, sweep.py) read nothing else, so any dice that can be written as such
tables are computed exactly:

- every `Rules` (fair or weighted dice, bonuses, tie rules) compiles to one (`as_model`): its
  tables count weighted rolls (dice.py), total W_a**na * W_d**nd, W = a die's total weight
  (its faces, for fair dice);
- `RoundModel.from_tables` takes tables directly, for dice that are no rule set, e.g. the
  earlier GPU kernel's rounds, which compared unsorted dice outside 3 v 2
  (gpu_pipeline/rounds/legacy_model.round_tables("legacy-kernel")).

A battle in state (a, d) plays the table (min(attack_dice, a), min(defend_dice, d)), so a
round never costs a side more armies than it threw dice (checked). Weights may be ints or
Fractions of any denominator: each table is multiplied by the least common multiple of its
weights' denominators (probabilities unchanged). A round in which no army dies changes
nothing, so its weight is dropped and the others renormalised: the battle goes on as if that
roll had been thrown again. Every table needs an outcome that removes an army.

The fast lattice path (flow.py) needs the full round (attack_dice v defend_dice) to remove the
same number of armies in every outcome, as dice rounds do; other tables take the plain dynamic
program, exact all the same (`full_round_armies` says which).
"""
from fractions import Fraction
from functools import lru_cache
from math import lcm

from ..maths import dice
from ..facts.limits import LIMITS
from .rules import Rules
from ..maths.scaled import Scale
from .validate import FieldError, show

DEFENDER_BONUS = {"none": dice.NONE, "highest": dice.HIGHEST, "both": dice.ALL}   # Rules' names


class RoundModel:
    """Exact round tables (module docstring). Build one with `RoundModel.from_tables(tables)`
    or `as_model(rules)`; pass either a Rules or a RoundModel as `rules=` to the engine.

    attack_dice, defend_dice: the most dice each side throws. rules: the Rules it compiles, or
    None. name: how messages and repr call it.
    """
    __slots__ = ("attack_dice", "defend_dice", "rules", "name", "_totals", "_tables", "_hash")

    def __init__(self, attack_dice, defend_dice, totals, tables=None, rules=None, name=""):
        self.attack_dice, self.defend_dice = attack_dice, defend_dice
        self.rules, self.name = rules, name
        self._totals = totals            # {(na, nd): int}
        self._tables = tables or {}      # {(na, nd): ((al, dl, weight), ...)}; Rules: filled lazily
        self._hash = None

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_tables(cls, tables, name="round tables"):
        """A model from {(na, nd): {(attacker_losses, defender_losses): weight}}, covering every
        na = 1..A, nd = 1..D (A, D <= max_dice). Weights: non-negative ints or Fractions.

        >>> m = RoundModel.from_tables({(1, 1): {(1, 0): 7, (0, 1): 5}})    # one duel, 7 : 5
        >>> m.attack_dice, m.defend_dice, m.probabilities(1, 1)
        (1, 1, {(0, 1): Fraction(5, 12), (1, 0): Fraction(7, 12)})
        """
        if not isinstance(tables, dict) or not tables:
            raise FieldError(f"round tables must be a non-empty dict {{(na, nd): {{(al, dl): weight}}}}, "
                             f"got {show(tables)}", "rules")
        for key in tables:
            if not (isinstance(key, tuple) and len(key) == 2 and all(_small_int(k) for k in key)):
                raise FieldError(f"round tables: a key must be (attack dice, defend dice) with 1 to "
                                 f"{LIMITS['max_dice']} dice each (max_dice), got {show(key)}", "rules")
        A, D = max(k[0] for k in tables), max(k[1] for k in tables)
        missing = [(na, nd) for na in range(1, A + 1) for nd in range(1, D + 1) if (na, nd) not in tables]
        if missing:
            raise FieldError(f"round tables: every dice pair up to {A} v {D} needs a table; missing "
                             f"{', '.join(map(str, missing[:4]))}", "rules")
        clean = {key: _table(key, tables[key]) for key in sorted(tables)}
        return cls(A, D, {k: sum(w for _, _, w in t) for k, t in clean.items()}, clean, None, str(name))

    # ------------------------------------------------------------------ what the engine reads
    def total(self, na, nd):
        """The round's total weight (the denominator of its probabilities)."""
        return self._totals[na, nd]

    def totals(self):
        """Every round's total weight (a Scale is built from these)."""
        return tuple(self._totals.values())

    def transitions(self, na, nd):
        """((attacker_losses, defender_losses, weight), ...): the outcomes of positive weight."""
        t = self._tables.get((na, nd))
        if t is None:
            t = self._tables[na, nd] = compile_round(self.rules, na, nd)
        return t

    @property
    def compiled(self):
        """True once every table exists (a Rules' tables are counted on first use)."""
        return len(self._tables) == len(self._totals)

    def table(self, na, nd):
        """{(attacker_losses, defender_losses): weight} of one round (positive weights only)."""
        return {(al, dl): w for al, dl, w in self.transitions(na, nd)}

    def tables(self):
        """{(na, nd): table} for every round: from_tables(m.tables()) == m."""
        return {key: self.table(*key) for key in self._totals}

    def lookup(self, scale):
        """{(na, nd): (transitions, exponents of the round's total in `scale`)} for every dice
        count: the per-state table of the dynamic programs, built once per computation."""
        return {key: (self.transitions(*key), scale.exponents(total)) for key, total in self._totals.items()}

    def probabilities(self, na, nd):
        """{(attacker_losses, defender_losses): Fraction} of one round."""
        total = self.total(na, nd)
        return {(al, dl): Fraction(w, total) for al, dl, w in self.transitions(na, nd)}

    def armies(self, na, nd):
        """Fewest armies an outcome of this round removes (a Rules round: always min(na, nd))."""
        if self.rules is not None:
            return min(na, nd)
        return min(al + dl for al, dl, _ in self.transitions(na, nd))

    def most_lost(self, side, dice_count):
        """Most armies `side` (0: attacker, 1: defender) loses in one round when it throws
        `dice_count` dice, whatever the other side throws (for Rules: the pairs at stake, a bound
        that bonuses or weights may make unreachable)."""
        if self.rules is not None:
            return min(dice_count, self.defend_dice if side == 0 else self.attack_dice)
        keys = [k for k in self._totals if k[side] == dice_count]
        return max(t[side] for k in keys for t in self.transitions(*k))

    @property
    def full_round_armies(self):
        """m when every outcome of the full round (attack_dice v defend_dice) removes exactly m
        armies (the lattice path of flow.py applies), else None."""
        full = self.transitions(self.attack_dice, self.defend_dice)
        removed = {al + dl for al, dl, _ in full}
        return removed.pop() if len(removed) == 1 else None

    @property
    def defender_choice(self):
        """How the defender picks its dice: "most" (always), "before-roll" or "after-roll"
        (Rules.defender_choice; round tables given directly are "most")."""
        return self.rules.defender_choice if self.rules is not None else "most"

    @property
    def has_lattice(self):
        """True when the full-dice rectangle can be crossed by the lattice (flow.py): every
        outcome of the full round removes the same number of armies, and every state plays the
        same round (a choosing defender's round depends on the state)."""
        return self.full_round_armies is not None and self.defender_choice == "most"

    def full_region(self, retreat=0, goal=0):
        """Least (a, d), in attacking armies, of the rectangle where both sides roll their full
        dice and a battle with these stop rules goes on."""
        return max(self.attack_dice, retreat + 1), max(self.defend_dice, goal + 1)

    # ------------------------------------------------------------------ identity
    def __eq__(self, other):
        """Equal tables (weights as given, scaled to integers), however the models were made."""
        if not isinstance(other, RoundModel):
            return NotImplemented
        return self is other or (self.rules is not None and self.rules == other.rules) or self._key() == other._key()

    def __hash__(self):
        if self._hash is None:
            self._hash = hash(self._key())
        return self._hash

    def _key(self):
        return tuple(sorted((k, self.transitions(*k)) for k in self._totals))

    def __repr__(self):
        if self.rules is not None:
            return f"RoundModel({self.rules!r})"
        return f"RoundModel.from_tables(<{self.attack_dice} v {self.defend_dice} tables>, name={self.name!r})"


def _small_int(k):
    return isinstance(k, int) and not isinstance(k, bool) and 1 <= k <= LIMITS["max_dice"]


def _table(key, table):
    """One round's outcomes as ((al, dl, int weight), ...), validated, scaled to integers, with
    no-loss outcomes folded away (module docstring)."""
    na, nd = key
    where = f"round tables[{key}]"
    if not isinstance(table, dict):
        raise FieldError(f"{where} must be a dict {{(al, dl): weight}}, got {show(table)}", "rules")
    weights = {}
    for outcome, w in table.items():
        if not (isinstance(outcome, tuple) and len(outcome) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in outcome)
                and 0 <= outcome[0] <= na and 0 <= outcome[1] <= nd):
            raise FieldError(f"{where}: an outcome is (attacker losses 0..{na}, defender losses "
                             f"0..{nd}), got {show(outcome)}", "rules")
        if isinstance(w, bool) or not isinstance(w, (int, Fraction)):
            raise FieldError(f"{where}[{outcome}]: weights are exact, an int or a Fraction, got "
                             f"{show(w)}", "rules")
        if w < 0:
            raise FieldError(f"{where}[{outcome}]: weights are non-negative, got {show(w)}", "rules")
        weights[outcome] = Fraction(w)
    scale = lcm(*(w.denominator for w in weights.values())) if weights else 1
    out = tuple((al, dl, int(w * scale)) for (al, dl), w in sorted(weights.items()) if w and (al or dl))
    if not out:
        raise FieldError(f"{where}: no outcome of positive weight removes an army, so that round "
                         "would never end", "rules")
    return out


def _die_weights(rules, side):
    """(weights of faces 1..f, their total) of one side's die."""
    faces = rules.attack_faces if side == 0 else rules.defend_faces
    weights = (rules.attack_weights if side == 0 else rules.defend_weights) or (1,) * faces
    return weights, sum(weights)


@lru_cache(maxsize=1024)
def compile_round(rules, na, nd):
    """((al, dl, count), ...) of na v nd dice under `rules` (any dice counts 1..max_dice)."""
    wa, _ = _die_weights(rules, 0)
    wd, _ = _die_weights(rules, 1)
    counts = dice.round_counts(na, nd, wa, wd, rules.attacker_bonus, DEFENDER_BONUS[rules.defender_bonus],
                               rules.ties == "attacker")
    return tuple((al, dl, c) for (al, dl), c in counts.items())


def round_total(rules, na, nd):
    """Total weight of na v nd dice under `rules`: W_a**na * W_d**nd (faces**dice if fair)."""
    return _die_weights(rules, 0)[1] ** na * _die_weights(rules, 1)[1] ** nd


@lru_cache(maxsize=256)
def _from_rules(rules):
    totals = {(na, nd): round_total(rules, na, nd)
              for na in range(1, rules.attack_dice + 1) for nd in range(1, rules.defend_dice + 1)}
    return RoundModel(rules.attack_dice, rules.defend_dice, totals, None, rules, "rules")


def as_model(rules):
    """The RoundModel of `rules` (a Rules, compiled once and cached, or a RoundModel as is).

    The edge of the engine: a request turns its rules into a model here, once (or once for all
    its rule sets with `as_models`); the guards and the algorithms take the model."""
    return _convert(rules)


def as_models(rules_list):
    """[RoundModel per item of `rules_list`]: a request's several rule sets (one per territory)
    compiled in one step, each distinct rule set once, so equal rules share one model."""
    seen = {}
    out = []
    for rules in rules_list:
        key = rules if isinstance(rules, Rules) else id(rules)
        if key not in seen:
            seen[key] = _convert(rules)
        out.append(seen[key])
    return out


def _convert(rules):
    if isinstance(rules, RoundModel):
        return rules
    if isinstance(rules, Rules):
        return _from_rules(rules)
    raise ValueError(f"rules must be a Rules or a RoundModel, got {show(rules)}")


def scale_for(*models):
    """A Scale whose bases express every round total of `models` (just 6 for standard dice)."""
    return Scale([t for m in models for t in m.totals()])
