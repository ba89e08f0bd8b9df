"""Exact probabilities as integer numerators over products of powers of a few bases.

A value is a tuple (num, exps) meaning num / prod(b**e for b, e in zip(bases, exps)). Every
probability in a battle is a sum of products of round weights over the rounds' total weights
(faces**dice for fair dice), so with `bases` chosen such that every round's total is a product
of their powers, this form is exact, and adding two values needs only multiplications by cached
powers, never a gcd: `math.gcd` of 10,000-digit integers costs milliseconds, and Fraction
arithmetic does one per step. Reduction to lowest terms strips the bases' few primes from the
numerator instead.

The bases: a coprime basis of the round totals (`coprime_basis`): pairwise coprime numbers of
which every total is a product of powers. Standard dice have totals 6**2 .. 6**5: the basis is
just 6, one exponent per value. d6 against d8 gives 2 and 3; weighted dice give the factors of
a die's total weight; the earlier kernel's tables (totals 8**k) give 8.
"""
import math
from fractions import Fraction
from functools import lru_cache
from math import prod
from operator import add

from .approx import ZERO, from_float, from_log2


SUBNORMAL_SHIFT = 1100   # bits: values near the float range's bottom are divided scaled up by this
SHORT_SUM = 8     # sums of at most this many values align every term to the largest denominator
SMALL_POWER = 512  # powers b**e with e up to this stay cached (alignment steps, small denominators)
POWER_CACHE_BITS = 2 ** 28   # 32 MB of larger cached powers at most


class Scale:
    """Arithmetic on (num, exps) values for the dice faces of one computation."""

    def __init__(self, totals):
        """totals: the round totals (denominators) values will be divided by, in any number."""
        self.bases, self._base_factors, self._factored, self.primes = _basis(tuple(sorted(set(totals))))
        self._powers = {}
        self._last = {}                 # per base: the last large power computed, (e, b ** e)
        self._cached_bits = 0
        self._log2 = tuple(math.log2(b) for b in self.bases)
        self.zero = (0, (0,) * len(self.bases))
        self.one = (1, (0,) * len(self.bases))
        self._steps = {}
        self._prime_exps = {}

    def power(self, b, e):
        """b ** e, cached per base. A long battle asks for a different power per state, and
        keeping them all grows memory quadratically (30000 v 1: a GB), so past POWER_CACHE_BITS
        the cache keeps only the small powers and starts again."""
        try:
            return self._powers[b][e]  # the hot path: a few hundred hits per small battle
        except KeyError:
            pass
        table = self._powers.setdefault(b, {})
        near = self._last.get(b)           # flows ask for growing exponents: step from the last one
        if near is not None and 0 < e - near[0] <= SMALL_POWER and e > SMALL_POWER:
            v = near[1] * self.power(b, e - near[0])
        else:
            v = b ** e
        table[e] = v
        if e > SMALL_POWER:
            self._last[b] = (e, v)
        self._cached_bits += v.bit_length()
        if self._cached_bits > POWER_CACHE_BITS:
            for t in self._powers.values():
                for k in [k for k in t if k > SMALL_POWER]:
                    del t[k]
            self._cached_bits = 0
        return v

    def exponents(self, n):
        """exps with den(exps) == n, for n a product of powers of the bases."""
        exps = self._steps.get(n)
        if exps is None:
            e, rest = [], n
            for b in self.bases:
                k = 0
                while rest % b == 0:
                    rest //= b
                    k += 1
                e.append(k)
            if rest != 1:
                raise ValueError(f"{n} is not a product of powers of the bases {self.bases}")
            exps = self._steps[n] = tuple(e)
        return exps

    def log2_den(self, exps):
        """log2 of the denominator, as a float."""
        return sum(e * lg for e, lg in zip(exps, self._log2))

    def den(self, exps):
        d = 1
        for b, e in zip(self.bases, exps):
            if e:
                d *= self.power(b, e)
        return d

    def align(self, value, exps):
        """Numerator of `value` over the denominator `exps` (each exponent at least value's)."""
        num, own = value
        if own == exps:
            return num
        for b, e, o in zip(self.bases, exps, own):
            if e != o:
                num *= self.power(b, e - o)
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

        A few values are aligned straight to the largest denominator. Long sums go in order of
        growing denominators, so each step scales the running sum by a small power: aligning
        thousands of values to the largest denominator at once costs big multiplications.
        """
        values = [v for v in values if v[0]]
        if len(values) <= SHORT_SUM:
            if not values:
                return self.zero
            if len(values) == 1:
                return values[0]
            if len(self.bases) == 1:        # one base (the printed dice): one exponent each
                num, top = self.total_one_base([(n, e) for n, (e,) in values])
                return num, (top,)
            exps = tuple(map(max, *(v[1] for v in values)))
            return sum(self.align(v, exps) for v in values), exps
        values.sort(key=lambda v: sum(v[1]))
        acc = self.zero
        for v in values:
            acc = self.add(acc, v)
        return acc

    def total_one_base(self, terms):
        """With one base (standard dice: 6), the exact sum of a few terms (num, e), each num / base**e:
        (num, e) of the sum over the largest e, every term aligned by one cached power. The hot
        path of sums of a roll's outcomes (algorithms/hold.py's exact phase), where a value's
        exponents are carried as one int."""
        base, power = self.bases[0], self.power
        top = max(e for _, e in terms)
        num = 0
        for n, e in terms:
            num += n if e == top else n * power(base, top - e)
        return num, top

    def subtract(self, x, y):
        return self.add(x, (-y[0], y[1]))

    def product(self, x, y):
        return x[0] * y[0], tuple(map(add, x[1], y[1]))

    def fraction(self, value):
        """The value as a reduced Fraction, reduced by stripping the primes (no gcd)."""
        num, exps = value
        if not self._factored:
            return Fraction(num, self.den(exps))
        prime_exps = self._prime_exps.get(exps)
        if prime_exps is None:
            prime_exps = self._prime_exps[exps] = [
                sum(f.get(p, 0) * e for f, e in zip(self._base_factors, exps)) for p in self.primes]
        return reduced_fraction(num, self.primes, prime_exps, self.power)

    def as_float(self, value):
        """float(value), correctly rounded; 0.0 below the float range (use log10 there)."""
        num, exps = value
        if not num or num.bit_length() - self.log2_den(exps) < -1080:    # underflows: skip den
            return 0.0
        return num / self.den(exps)

    def approx(self, value):
        """The value as an Approx: its correctly rounded float where one exists (the same on every
        platform), else, below the float range, from logarithms (relative error about 1e-11 for
        the longest battles)."""
        num, exps = value
        if not num:
            return ZERO
        shift = max(0, num.bit_length() - 64)
        log2 = math.log2(num >> shift) + shift - self.log2_den(exps)
        if log2 > -1020:            # a normal double: correctly rounded
            return from_float(num / self.den(exps))
        if log2 > -1100:            # near and below the subnormals: all 53 bits, scaled up first
            return from_float((num << SUBNORMAL_SHIFT) / self.den(exps), -SUBNORMAL_SHIFT)
        return from_log2(log2)

    def log10(self, value):
        """log10(value) from the integers (works far below 1e-308); None for 0."""
        num, exps = value
        if not num:
            return None
        return ilog10(num) - sum(e * math.log10(b) for b, e in zip(self.bases, exps))


@lru_cache(maxsize=256)
def _basis(totals):
    """(bases, their prime factors, whether fully factored, the primes) for sorted totals."""
    bases = coprime_basis(totals)
    factored = [_prime_factors(b) for b in bases]
    factors = [f for f, _ in factored]
    # a base too big to factor by trial division leaves a cofactor: Scale.fraction uses a gcd then
    complete = all(c for _, c in factored)
    return bases, factors, complete, tuple(sorted({p for f in factors for p in f}))


SMALL_BITS = 500       # below this, C gcd is faster than stripping primes (measured)


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


FACTOR_BOUND = 10 ** 5    # trial division stops here (dice give bases far below FACTOR_BOUND**2)


def _prime_factors(n):
    """({prime: exponent}, complete) of n by trial division up to FACTOR_BOUND; when a cofactor
    that may be composite is left, it appears as one key and complete is False."""
    factors, p = {}, 2
    while p * p <= n:
        if p >= FACTOR_BOUND:
            factors[n] = 1
            return factors, False
        while n % p == 0:
            factors[p] = factors.get(p, 0) + 1
            n //= p
        p += 1
    if n > 1:
        factors[n] = factors.get(n, 0) + 1
    return factors, True


def coprime_basis(numbers):
    """Pairwise coprime integers > 1 such that every number given is a product of their powers.

    Replace any two with a common factor g by g, a / g and b / g (dropping ones) until none
    share a factor: every number stays a product of the list, whose product shrinks each time.

    >>> coprime_basis([36, 216, 1296, 7776]), coprime_basis([48, 288, 384]), coprime_basis([64, 512])
    ((6,), (2, 3), (8,))
    """
    basis = sorted({n for n in numbers if n > 1})
    while True:
        pair = next(((a, b) for i, a in enumerate(basis) for b in basis[i + 1:] if math.gcd(a, b) > 1), None)
        if pair is None:
            return tuple(basis)
        a, b = pair
        g = math.gcd(a, b)
        basis = sorted({n for n in basis if n not in pair} | {n for n in (g, a // g, b // g) if n > 1})


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
