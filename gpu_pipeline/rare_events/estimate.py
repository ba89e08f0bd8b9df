"""The importance-sampling estimate from per-battle log weights: exact sums, standard error,
95 % interval, kept in log space so that events far below 1e-308 still have an answer.

With Y_i = L_i 1_E(omega_i) for N battles (L_i the likelihood ratio), the estimate is the
sample mean p_hat = (1/N) sum Y_i, its variance is estimated by s^2 / N with
s^2 = (sum Y_i^2 - N p_hat^2) / (N - 1), and the 95 % interval is p_hat +- 1.959964 s / sqrt(N)
(normal approximation: fine once the event has been seen a few hundred times). The effective
sample size (sum w)^2 / sum w^2 says how many of the hits really carry the estimate; far
below the hits, a few huge weights dominate and the interval is not to be trusted.

Weights are stored as w_i = exp(log L_i - shift), with a ``shift`` fixed before the run (from
the pilot), so that they are ordinary floats whatever the event's size. The sums of w_i and
w_i^2 are EXACT (:class:`ExactSum` adds the floats as integers), so the estimate does not
depend on batch sizes, on the order of batches or on the backend: NumPy, the host shim and
CUDA, given the same per-battle log weights, report the same bits.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

Z95 = 1.959963984540054     # standard normal 97.5 % quantile
LOG10_E = math.log10(math.e)


class ExactSum:
    """Exact sum of non-negative finite float64 values, as an integer multiple of 2**-1126.

    Each float is m * 2**e with a 53-bit integer m (``np.frexp``); the mantissas are split
    into 27 + 26 bits so that NumPy can add up to 2**26 of them per exponent without
    rounding (each partial sum < 2**53), and Python integers do the rest."""
    EXP0 = -1126                # below the smallest subnormal's last bit

    def __init__(self):
        self.total = 0          # integer numerator over 2**-EXP0

    def add(self, values: np.ndarray):
        v = np.asarray(values, dtype=np.float64).ravel()
        if v.size == 0:
            return
        if not np.isfinite(v).all() or (v < 0).any():
            raise ValueError("weights must be finite and >= 0 (an overflowing weight means the "
                             "tilt or its shift is far off)")
        frac, exp = np.frexp(v)                  # v = frac * 2**exp, 0.5 <= frac < 1
        mant = np.ldexp(frac, 53).astype(np.int64)   # exact: 53-bit integers
        hi, lo = mant >> 26, mant & ((1 << 26) - 1)
        exps, inv = np.unique(exp, return_inverse=True)
        for start in range(0, v.size, 1 << 26):
            part = slice(start, start + (1 << 26))
            sum_hi = np.bincount(inv[part], weights=hi[part], minlength=exps.size)
            sum_lo = np.bincount(inv[part], weights=lo[part], minlength=exps.size)
            for e, h, l in zip(exps.tolist(), sum_hi.tolist(), sum_lo.tolist()):
                self.total += ((int(h) << 26) + int(l)) << (e - 53 - self.EXP0)

    def fraction(self) -> Fraction:
        return Fraction(self.total, 1 << -self.EXP0)


def log_of_fraction(f: Fraction) -> float:
    """Natural log of a non-negative Fraction of any size (math.log takes big ints whole);
    -inf for 0."""
    return math.log(f.numerator) - math.log(f.denominator) if f > 0 else -math.inf


@dataclass(frozen=True)
class Estimate:
    """p_hat with its standard error and 95 % interval, as floats (0.0 where a value is below
    the float range) and as natural logs (``log_*``; -inf for 0)."""
    runs: int
    hits: int
    log_estimate: float
    log_std_error: float
    shift: float
    effective_sample_size: float = 0.0   # (sum w)**2 / sum w**2: hits that carry the weight

    @property
    def estimate(self) -> float:
        return _exp(self.log_estimate)

    @property
    def std_error(self) -> float:
        return _exp(self.log_std_error)

    @property
    def relative_std_error(self) -> float:
        if self.log_estimate == -math.inf:
            return math.inf
        return math.exp(self.log_std_error - self.log_estimate)

    @property
    def ci95(self) -> tuple[float, float]:
        r = Z95 * self.relative_std_error
        return self.estimate * max(0.0, 1 - r), self.estimate * (1 + r)

    @property
    def log10_ci95(self) -> tuple[float | None, float | None]:
        r = Z95 * self.relative_std_error
        lo = self.log_estimate + math.log(1 - r) if r < 1 else -math.inf
        return _log10(lo), _log10(self.log_estimate + math.log1p(r) if r < math.inf else math.inf)

    def to_json(self) -> dict:
        lo, hi = self.ci95
        lo10, hi10 = self.log10_ci95
        return {"estimate": self.estimate, "std_error": self.std_error, "ci95_low": lo,
                "ci95_high": hi, "relative_std_error": self.relative_std_error,
                "ci95_half_width_relative": Z95 * self.relative_std_error,
                "log10_estimate": _log10(self.log_estimate),
                "log10_std_error": _log10(self.log_std_error),
                "log10_ci95_low": lo10, "log10_ci95_high": hi10,
                "runs": self.runs, "hits": self.hits,
                "effective_sample_size": self.effective_sample_size, "log_weight_shift": self.shift}


def _exp(x: float) -> float:
    return math.exp(x) if x > -745 else 0.0


def _log10(x: float) -> float | None:
    return None if x == -math.inf else x * LOG10_E


def estimate(runs: int, hits: int, sum_w: Fraction, sum_w2: Fraction, shift: float) -> Estimate:
    """The estimate from N = ``runs`` battles, ``hits`` of them in the event, the exact sums of
    w = exp(log L - shift) and of w**2 over the hits."""
    if runs < 2:
        raise ValueError("an estimate with a standard error needs at least 2 runs")
    mean = sum_w / runs
    var = (sum_w2 - runs * mean * mean) / (runs - 1)         # exact, >= 0
    log_mean = log_of_fraction(mean) + shift
    log_se = 0.5 * log_of_fraction(var / runs) + shift if var > 0 else -math.inf
    ess = float(sum_w * sum_w / sum_w2) if sum_w2 else 0.0
    return Estimate(runs, hits, log_mean, log_se, shift, ess)
