"""The draw schedule: which Philox word each round of each battle uses. Defined ONLY here
(the counter layout is built by :func:`main_counter` and :func:`side_counter`, nowhere else in
Python) and mirrored in ``kernels/rk_common.cuh``.

Schedule "philox4x32-10/v1"
---------------------------
* key  = (seed mod 2**32, seed div 2**32), seed an integer in [0, 2**64).
* Run ``n`` (a 64-bit run id; results never depend on how runs are split over threads, launches,
  processes or shards) plays rounds k = 0, 1, 2, ... (k = round index within that battle).
* Main stream: round k takes word ``k mod 4`` of
  ``Philox4x32-10(counter=(n mod 2**32, n div 2**32, k div 4, 0), key)``.
  One Philox block therefore feeds four consecutive rounds.
* The word x becomes a uniform value v in [0, S), S = faces_a**na * faces_d**nd (the number of
  equally likely dice rolls of this round, at most 2**32), by Lemire's multiply-shift with
  rejection: m = x * S (64-bit), reject iff (m mod 2**32) < t where t = 2**32 mod S; else
  v = m div 2**32. Accepted values are exactly uniform.
* Rejected (probability t / 2**32, about 6e-7 for 3 v 2 six-sided dice): the round redraws
  from a side stream that cannot collide with the main one (counter word 3 != 0): for
  j = 1, 2, ...: block ``Philox4x32-10(counter=(n mod 2**32, n div 2**32, k, j), key)``, try its
  words 0, 1, 2, 3 in order with the same rule; the first accepted word is used. The next round
  still uses the main stream word for k + 1, so a rejection shifts nothing else.
* ``dice`` mode decodes v as mixed-radix digits: attacker dice first (least significant digit
  first, base faces_a), then defender dice (base faces_d); face = digit + 1. ``outcome`` mode
  maps v through the cumulative outcome counts of the engine's ``outcome_space(na, nd)``.
"""
from __future__ import annotations

import numpy as np

from .philox import MASK32, philox4x32_10, philox4x32_10_np

SCHEDULE = "philox4x32-10/v1"
TWO32 = 1 << 32


def seed_key(seed: int) -> tuple[int, int]:
    """Philox key words for a 64-bit seed."""
    seed = int(seed)
    if not 0 <= seed < 1 << 64:
        raise ValueError(f"seed must be in [0, 2**64), got {seed}")
    return seed & MASK32, seed >> 32


def lemire_threshold(space: int) -> int:
    """t = 2**32 mod S: words whose low product half is below t are rejected."""
    if not 1 <= space <= TWO32:
        raise ValueError(f"draw space must be in [1, 2**32], got {space}")
    return TWO32 % space


def main_counter(run_lo, run_hi, k: int) -> tuple:
    """Counter of the main-stream block that feeds rounds 4*(k//4) .. 4*(k//4)+3 (word k & 3).
    ``run_lo``/``run_hi``: the run id's 32-bit halves (ints or uint64 arrays)."""
    return run_lo, run_hi, k >> 2, 0


def side_counter(run_lo, run_hi, k: int, j: int) -> tuple:
    """Counter of side-stream block j >= 1 of round k (redraws after a Lemire rejection);
    word 3 = j != 0 keeps it apart from every main-stream counter."""
    return run_lo, run_hi, k, j


def round_value(seed: int, run: int, k: int, space: int) -> int:
    """Reference (scalar, slow): the uniform value in [0, space) of round ``k`` of run ``run``."""
    key = seed_key(seed)
    t = lemire_threshold(space)
    lo, hi = run & MASK32, run >> 32
    x = philox4x32_10(main_counter(lo, hi, k), key)[k & 3]
    m = x * space
    if (m & MASK32) >= t:
        return m >> 32
    j = 1
    while True:
        for x in philox4x32_10(side_counter(lo, hi, k, j), key):
            m = x * space
            if (m & MASK32) >= t:
                return m >> 32
        j += 1


def main_block_np(run_lo, run_hi, k: int, key: tuple[int, int]):
    """The main-stream Philox block of round k, vectorised: four uint64 arrays (words 0..3)."""
    return philox4x32_10_np(*main_counter(run_lo, run_hi, k), *key)


def redraw_np(run_lo, run_hi, k: int, space, thresh, key: tuple[int, int]):
    """Side-stream redraw for rejected lanes (vectorised). Returns the accepted 64-bit products
    m = x * S (uint64); v = m >> 32. All arguments except ``k``/``key`` are arrays of one length."""
    run_lo = np.asarray(run_lo, dtype=np.uint64)
    run_hi = np.asarray(run_hi, dtype=np.uint64)
    space = np.asarray(space, dtype=np.uint64)
    thresh = np.asarray(thresh, dtype=np.uint64)
    out = np.zeros(run_lo.shape, dtype=np.uint64)
    pending = np.arange(run_lo.size)
    j = 1
    while pending.size:
        words = philox4x32_10_np(*side_counter(run_lo[pending], run_hi[pending], k, j), *key)
        left = np.ones(pending.size, dtype=bool)
        s, t = space[pending], thresh[pending]
        for w in words:  # words 0..3 in order: the first accepted one wins
            m = w * s
            ok = left & ((m & np.uint64(MASK32)) >= t)
            out[pending[ok]] = m[ok]
            left &= ~ok
        pending = pending[left]
        j += 1
    return out
