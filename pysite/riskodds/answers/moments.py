"""Mean, variance and standard deviation of the armies a battle costs each side, defined once.

Battle, BattleSummary and BalancedBlitz provide `_moments` = ((mean, variance) of attacking
armies lost, (mean, variance) of defenders lost); this mixin names them. Exact answers compute
them from exact sums with `exact_moments`: the same for a kept distribution and a streamed one.
"""
import math


class LossMoments:
    """mean_/var_/std_ attackers_lost and defenders_lost from `self._moments`."""

    mean_attackers_lost = property(lambda self: self._moments[0][0])
    var_attackers_lost = property(lambda self: self._moments[0][1])
    mean_defenders_lost = property(lambda self: self._moments[1][0])
    var_defenders_lost = property(lambda self: self._moments[1][1])

    @property
    def std_attackers_lost(self):
        return math.sqrt(self.var_attackers_lost)

    @property
    def std_defenders_lost(self):
        return math.sqrt(self.var_defenders_lost)


def exact_moments(scale, first, second):
    """(mean, variance) as Fractions from scaled sums first = sum k P(k), second = sum k^2 P(k)."""
    return scale.fraction(first), scale.fraction(scale.subtract(second, scale.product(first, first)))
