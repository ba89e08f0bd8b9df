"""Approximate non-negative numbers that do not underflow: mantissa * 2**exponent.

Probabilities of long battles fall far below the smallest double (1e-308): a 30,000-army
battle has end states near 10**-60000. An `Approx` keeps a float mantissa in [0.5, 1) and an int
exponent, so sums and logarithms stay right at any size. It is the engine's one approximate
number type: summaries (answers/summary.py) and tables send Approx values, and the JSON
encoder (interfaces/encoding.py) turns any of them into {"float", "log10"}.
"""
import math
from dataclasses import dataclass

LOG10_2 = math.log10(2)


@dataclass(frozen=True)
class Approx:
    """A non-negative number as mantissa * 2**exponent (mantissa 0 or in [0.5, 1))."""
    mantissa: float
    exponent: int

    def __add__(self, other):
        if not self.mantissa:
            return other
        if not other.mantissa:
            return self
        hi, lo = (self, other) if self.exponent >= other.exponent else (other, self)
        m, e = math.frexp(hi.mantissa + math.ldexp(lo.mantissa, lo.exponent - hi.exponent))
        return Approx(m, hi.exponent + e)

    @property
    def float(self):
        """The value as a float (0.0 below the float range)."""
        try:
            return math.ldexp(self.mantissa, self.exponent)
        except OverflowError:        # not a probability; cannot happen for one
            return math.inf

    @property
    def log10(self):
        """log10 of the value (None for 0)."""
        return math.log10(self.mantissa) + self.exponent * LOG10_2 if self.mantissa else None


ZERO = Approx(0.0, 0)


def from_log2(log2):
    """The Approx whose value is 2**log2."""
    e = math.floor(log2) + 1
    return Approx(2.0 ** (log2 - e), e)


def from_float(x, exponent=0):
    """x * 2**exponent as an Approx, for a float x >= 0."""
    m, e = math.frexp(x)
    return Approx(m, e + exponent) if m else ZERO
