"""Philox4x32-10 (Salmon et al., SC'11; Random123), written out by hand.

NumPy's ``numpy.random.Philox`` is Philox4x64-10, a different generator, so the NumPy twin of
the CUDA kernel implements the 4x32 rounds itself. Two flavours share the constants:

* :func:`philox4x32_10` -- scalar, plain Python ints (reference, known-answer tests, rare paths).
* :func:`philox4x32_10_np` -- vectorised over NumPy ``uint64`` arrays that hold 32-bit values
  (``uint64`` so that the 32x32 -> 64-bit products of a round fit without overflow).

Counter = 4 words, key = 2 words, output = 4 words, all unsigned 32-bit.
"""
from __future__ import annotations

import numpy as np

M0 = 0xD2511F53  # multiplier applied to counter word 0
M1 = 0xCD9E8D57  # multiplier applied to counter word 2
W0 = 0x9E3779B9  # key schedule bump for key word 0 (golden ratio)
W1 = 0xBB67AE85  # key schedule bump for key word 1 (sqrt(3) - 1)
ROUNDS = 10
MASK32 = 0xFFFFFFFF

# Random123 kat_vectors, "philox4x32 10" lines: (counter[4], key[2]) -> output[4].
KAT_VECTORS = (
    ((0x00000000, 0x00000000, 0x00000000, 0x00000000), (0x00000000, 0x00000000),
     (0x6627E8D5, 0xE169C58D, 0xBC57AC4C, 0x9B00DBD8)),
    ((0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF), (0xFFFFFFFF, 0xFFFFFFFF),
     (0x408F276D, 0x41C83B0E, 0xA20BC7C6, 0x6D5451FD)),
    ((0x243F6A88, 0x85A308D3, 0x13198A2E, 0x03707344), (0xA4093822, 0x299F31D0),
     (0xD16CFE09, 0x94FDCCEB, 0x5001E420, 0x24126EA1)),
)


def philox4x32_10(ctr, key, rounds: int = ROUNDS) -> tuple[int, int, int, int]:
    """Scalar Philox4x32: ``ctr`` 4 ints, ``key`` 2 ints (each < 2**32) -> 4 output words."""
    c0, c1, c2, c3 = (int(x) & MASK32 for x in ctr)
    k0, k1 = (int(x) & MASK32 for x in key)
    for r in range(rounds):
        if r:  # the key is bumped between rounds, not before the first
            k0 = (k0 + W0) & MASK32
            k1 = (k1 + W1) & MASK32
        p0 = M0 * c0
        p1 = M1 * c2
        c0, c1, c2, c3 = ((p1 >> 32) ^ c1 ^ k0, p1 & MASK32, (p0 >> 32) ^ c3 ^ k1, p0 & MASK32)
    return c0, c1, c2, c3


_M0 = np.uint64(M0)
_M1 = np.uint64(M1)
_MASK = np.uint64(MASK32)
_S32 = np.uint64(32)


def philox4x32_10_np(c0, c1, c2, c3, k0: int, k1: int, rounds: int = ROUNDS):
    """Vectorised Philox4x32 over arrays of counters sharing one key.

    ``c0..c3``: ``uint64`` arrays (values < 2**32) or Python ints, broadcast together; ``k0``,
    ``k1``: Python ints. Returns four ``uint64`` arrays with the 32-bit output words.
    """
    c0 = np.asarray(c0, dtype=np.uint64)
    c1 = np.asarray(c1, dtype=np.uint64)
    c2 = np.asarray(c2, dtype=np.uint64)
    c3 = np.asarray(c3, dtype=np.uint64)
    shape = np.broadcast_shapes(c0.shape, c1.shape, c2.shape, c3.shape)
    for r in range(rounds):
        if r:
            k0 = (k0 + W0) & MASK32
            k1 = (k1 + W1) & MASK32
        p0 = c0 * _M0
        p1 = c2 * _M1
        n0 = p1 >> _S32
        n0 ^= c1
        n0 ^= np.uint64(k0)
        n2 = p0 >> _S32
        n2 ^= c3
        n2 ^= np.uint64(k1)
        p1 &= _MASK
        p0 &= _MASK
        c0, c1, c2, c3 = n0, p1, n2, p0
    return tuple(np.broadcast_to(c, shape) if c.shape != shape else c for c in (c0, c1, c2, c3))
