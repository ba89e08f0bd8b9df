"""Exact probabilities as integer numerators over products of prime powers.

A value is a tuple (num, exps) meaning num / prod(p**e for p, e in zip(primes, exps)), where
`primes` are the prime factors of the dice faces in play (2 and 3 for six-sided dice). Every
probability in a battle is a sum of products of round counts over faces**dice, so this form is
exact, and adding two values needs only multiplications by cached prime powers, never a gcd:
`math.gcd` of 10,000-digit integers costs milliseconds, and Fraction arithmetic does one per step.
Reduction to lowest terms strips the few primes from the numerator instead.
"""
import math
from math import prod
from operator import add
from fractions import Fraction
from functools import lru_cache


class Scale:
    """Arithmetic on (num, exps) values for the dice faces of one computation."""

    def __init__(self, faces):
        self.primes = tuple(sorted({p for f in faces for p in _prime_factors(f)}))
        self._powers = {p: [1] for p in self.primes}
        self.zero = (0, (0,) * len(self.primes))
        self.one = (1, (0,) * len(self.primes))

    def power(self, p, e):
        """p ** e, cached."""
        table = self._powers[p]
        if e < len(table):
            return table[e]
        while len(table) <= e:
            table.append(table[-1] * p)
        return table[e]

    def exponents(self, n):
        """Exponent tuple of a faces-product n (every prime of n must be in this scale)."""
        factors = _prime_factors(n)
        if set(factors) - set(self.primes):
            raise ValueError(f"{n} has a prime factor outside {self.primes}")
        return tuple(factors.get(p, 0) for p in self.primes)

    def step(self, rules, na, nd):
        """Exponents of the denominator of one round: attack_faces**na * defend_faces**nd."""
        return _step(self, rules.attack_faces, rules.defend_faces, na, nd)

    def den(self, exps):
        d = 1
        for p, e in zip(self.primes, exps):
            if e:
                d *= self.power(p, e)
        return d

    def align(self, value, exps):
        """Numerator of `value` over the denominator `exps` (each exponent at least value's)."""
        num, own = value
        if own == exps:
            return num
        for p, e, o in zip(self.primes, exps, own):
            if e != o:
                num *= self.power(p, e - o) if p != 2 else 1 << (e - o)
        return num

    def add(self, x, y):
        if not x[0]:
            return y
        if not y[0]:
            return x
        if x[1] == y[1]:
            return x[0] + y[0], x[1]
        exps = tuple(map(max, x[1], y[1]))
        return self.align(x, exps) + self.align(y, exps), exps

    def total(self, values):
        """Exact sum of many values.

        Summed in order of growing denominators, so each step scales the running sum by a small
        power; aligning every value to the largest denominator at once costs big multiplications.
        """
        values = sorted((v for v in values if v[0]), key=lambda v: sum(v[1]))
        acc = self.zero
        for v in values:
            acc = self.add(acc, v)
        return acc

    def subtract(self, x, y):
        return self.add(x, (-y[0], y[1]))

    def product(self, x, y):
        return x[0] * y[0], tuple(map(add, x[1], y[1]))

    def fraction(self, value):
        """The value as a reduced Fraction, reduced by stripping the primes (no gcd)."""
        num, exps = value
        return reduced_fraction(num, self.primes, exps, self.power)

    def as_float(self, value):
        """float(value), correctly rounded; 0.0 below the float range (use log10 there)."""
        num, exps = value
        return num / self.den(exps) if num else 0.0

    def log10(self, value):
        """log10(value) from the integers (works far below 1e-308); None for 0."""
        num, exps = value
        if not num:
            return None
        return ilog10(num) - sum(e * math.log10(p) for p, e in zip(self.primes, exps))


@lru_cache(maxsize=None)
def _step(scale, fa, fd, na, nd):
    return tuple(a + b for a, b in zip(scale.exponents(fa ** na), scale.exponents(fd ** nd)))


SMALL_BITS = 4000      # below this, C gcd is faster than stripping primes


def reduced_fraction(num, primes, exps, power=pow):
    """Fraction(num, prod(p**e)) in lowest terms, found by dividing out the primes."""
    if not num:
        return Fraction(0)
    if num.bit_length() < SMALL_BITS:
        return Fraction(num, prod(power(p, e) for p, e in zip(primes, exps)))
    den = 1
    for p, e in zip(primes, exps):
        num, e = _strip(num, p, e, power)
        if e:
            den *= power(p, e)
    return coprime_fraction(num, den)


def _strip(num, p, e, power=pow):
    """Divide num by p as often as it divides, at most e times; return (num, e left).

    Valuations run to hundreds here, so divide by p**k with k doubling, then halving.
    """
    if not e:
        return num, 0
    if p == 2:
        k = min((num & -num).bit_length() - 1, e)
        return num >> k, e - k
    k = 1
    while k <= e:
        q, r = divmod(num, power(p, k))
        if r:
            break
        num, e, k = q, e - k, 2 * k
    while k > 1:
        k //= 2
        if k <= e:
            q, r = divmod(num, power(p, k))
            if not r:
                num, e = q, e - k
    return num, e


def _prime_factors(n):
    factors, p = {}, 2
    while n > 1:
        while n % p == 0:
            factors[p] = factors.get(p, 0) + 1
            n //= p
        p += 1
    return factors


def ilog10(n):
    """log10 of a positive int of any size, to double precision."""
    bits = n.bit_length()
    if bits <= 1000:
        return math.log10(n)
    shift = bits - 64
    return math.log10(n >> shift) + shift * math.log10(2)


def fraction_log10(f):
    """log10 of a positive Fraction of any size; None for 0."""
    return ilog10(f.numerator) - ilog10(f.denominator) if f else None


def coprime_fraction(num, den):
    """Fraction(num, den) for num, den already coprime (den > 0), skipping the gcd."""
    make = getattr(Fraction, "_from_coprime_ints", None)   # CPython 3.12+ and Pyodide
    if make is not None:
        return make(num, den)
    try:
        return Fraction(num, den, _normalize=False)         # CPython 3.11
    except TypeError:
        return Fraction(num, den)
