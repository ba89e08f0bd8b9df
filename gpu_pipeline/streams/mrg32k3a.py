"""MRG32k3a (L'Ecuyer 1999), the generator the earlier GPU kernel drew from through cuRAND, for
the legacy re-creation (``kernels/legacy_battle.cu``): the recurrence's constants (passed to
the kernel as -D options, so they are written down once, here) and the skip-ahead tables by
which ``curand_init(seed, subsequence, 0, &state)`` moves each thread to its own stream.

The generator: two components, each a three-term linear recurrence modulo a prime,

    x1[n] = (a12 x1[n-2] - a13n x1[n-3]) mod m1,    x2[n] = (a21 x2[n-1] - a23n x2[n-3]) mod m2,

each with state (x[n-3], x[n-2], x[n-1]); the output word is ((x1[n] - x2[n]) mod m1) scaled
to 32 bits (the kernel does it as cuRAND does, through a double). One step maps the state
(a column) to A times it (mod m) for the companion matrix A of the component, so n steps are
A^n: a skip costs matrix products, not steps.

cuRAND starts thread ``s`` (its subsequence) 2**76 s steps into the stream: the state is
multiplied by A^(2**76 s). With the octal digits r_i of s (s = sum r_i 8**i),

    A^(2**76 s) = prod_i (A^(2**76 8**i))^(r_i),

so from a table T_i = A^(2**76 8**i) (computed once, here, by repeated squaring) a thread
raises T_i to its digit r_i <= 7 by square-and-multiply and multiplies its state, once per
nonzero digit: per-thread matrix work modelled on cuRAND's curand_init, the cost that the
reference (section 5) calls slow.
"""
from __future__ import annotations

import numpy as np

M1, M2 = 4294967087, 4294944443          # the two prime moduli
A12, A13N = 1403580, 810728              # component 1: x1[n] = a12 x1[n-2] - a13n x1[n-3]
A21, A23N = 527612, 1370589              # component 2: x2[n] = a21 x2[n-1] - a23n x2[n-3]
SUBSEQUENCE_LOG2 = 76                    # cuRAND: subsequences are 2**76 steps apart
SKIP_LEVELS = 22                         # octal digits of a 64-bit subsequence (3 * 22 >= 64)


def companion(component: int) -> list[list[int]]:
    """A with (x[n-2], x[n-1], x[n]) = A (x[n-3], x[n-2], x[n-1]) mod m, component 1 or 2."""
    if component == 1:
        return [[0, 1, 0], [0, 0, 1], [M1 - A13N, A12, 0]]
    return [[0, 1, 0], [0, 0, 1], [M2 - A23N, 0, A21]]


def mat_mul(a, b, m: int) -> list[list[int]]:
    return [[sum(a[i][k] * b[k][j] for k in range(3)) % m for j in range(3)] for i in range(3)]


def mat_pow(a, e: int, m: int) -> list[list[int]]:
    """a**e mod m by square-and-multiply (e >= 0)."""
    out = [[int(i == j) for j in range(3)] for i in range(3)]
    while e:
        if e & 1:
            out = mat_mul(out, a, m)
        a = mat_mul(a, a, m)
        e >>= 1
    return out


def skip_tables(stride_log2: int = SUBSEQUENCE_LOG2, levels: int = SKIP_LEVELS):
    """(T1, T2): uint32 arrays of ``levels`` row-major 3x3 matrices, T_i = A^(2**stride_log2 *
    8**i) mod m for each component. The kernel's argument; tests pass small strides."""
    out = []
    for component, m in ((1, M1), (2, M2)):
        t = mat_pow(companion(component), 1 << stride_log2, m)
        rows = []
        for _ in range(levels):
            rows.append([v for row in t for v in row])
            t = mat_pow(t, 8, m)
        out.append(np.array(rows, dtype=np.uint32).reshape(-1))
    return out[0], out[1]


def defines() -> dict[str, str]:
    """The constants as -D options of the legacy kernel."""
    return {"RK_MRG_M1": f"{M1}ull", "RK_MRG_M2": f"{M2}ull", "RK_MRG_A12": f"{A12}ull",
            "RK_MRG_A13N": f"{A13N}ull", "RK_MRG_A21": f"{A21}ull", "RK_MRG_A23N": f"{A23N}ull",
            "RK_MRG_NORM": repr(1.0 / (M1 + 1)), "RK_MRG_SKIP_LEVELS": str(SKIP_LEVELS)}
