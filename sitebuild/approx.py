"""Approximate battle odds for the moment before Python is up (contract C4).

While the runtime loads, the battle calculator may show an approximate answer, clearly marked,
read from a table the engine computes here (one source of truth): P(attacker wins) and
P(attacker loses) for A = 1..N attacking armies against D = 1..N defenders, standard rules,
fought to the end. The territory convention reads row A = T - 1.

Each probability p is stored as q = round(-log10(p) * SCALE), a uint16 (65535: below
10^-(65535/SCALE)). Both sides are stored, not 1 - p: P(lose) of 1.9e-13 next to P(win) of
0.9999999999998 keeps its digits. The step is 1/SCALE of a decade, so a decoded value is within
a factor 10^(1/(2*SCALE)) of the exact one: 0.23 % at SCALE = 512, plenty for "about".

Along a row (fixed A, D = 1..N) -log10 p is smooth, so each q is stored as its difference from a
straight-line prediction of the two before it (second-order differences, mod 2^16); gzip then takes
the 160 kB to about 21 kB. Layout of the (gzipped) file:
    uint32 LE  length H of the JSON header
    H bytes    JSON: n, scale, order, standard (the rule values the table is for), ignored (params
               that do not change P(win)/P(lose)), and how the body is laid out
    (padding to an even offset)
    uint16 LE  2 * N * N residuals: the win table, then the loss table; rows A = 1..N, columns D = 1..N
site_src/js/approx.js decodes it.
"""
import dataclasses
import gzip
import json
import math
import struct

import riskodds as ro

from . import cache

APPROX_ASSET = "approx/battle-standard.gz"
N = 200
SCALE = 512
Q_MAX = 0xFFFF
IGNORED = ("survivors", "detail")  # params that leave P(win) and P(lose) unchanged
CONVENTION = "attacking"  # the rows count attacking armies; approx.js shifts by the engine's offsets


def neg_log10(p) -> float:
    """-log10 of a Fraction in (0, 1], exactly enough for huge numerators and denominators."""
    return math.inf if p == 0 else math.log10(p.denominator) - math.log10(p.numerator)


def quantise(p) -> int:
    return min(Q_MAX, round(neg_log10(p) * SCALE))


def residuals(row: list[int]) -> list[int]:
    """Second-order differences: q[d] minus the line through q[d-1], q[d-2] (mod 2^16)."""
    out = []
    for d, q in enumerate(row):
        pred = 0 if d == 0 else row[d - 1] if d == 1 else 2 * row[d - 1] - row[d - 2]
        out.append((q - pred) & 0xFFFF)
    return out


def standard_rules() -> dict:
    """The rule values this table is for: the engine's standard rules, true-random dice."""
    return {**dataclasses.asdict(ro.STANDARD), "dice_mode": "true-random"}


def tables(n: int = N) -> tuple[list[list[int]], list[list[int]]]:
    """Quantised P(win), P(lose) for attacking armies 1..n against 1..n defenders."""
    grid = ro.answers.tables.win_grid(n, convention=CONVENTION)
    win = [[quantise(grid[a][d]) for d in range(1, n + 1)] for a in range(1, n + 1)]
    loss = [[quantise(1 - grid[a][d]) for d in range(1, n + 1)] for a in range(1, n + 1)]
    return win, loss


def encode(win, loss) -> bytes:
    n = len(win)
    header = json.dumps({"n": n, "scale": SCALE, "q_max": Q_MAX, "convention": CONVENTION,
                         "standard": standard_rules(), "ignored": list(IGNORED),
                         "body": "uint16 LE second-order residuals along D; win rows then loss rows"},
                        sort_keys=True).encode()
    head = struct.pack("<I", len(header)) + header
    head += b"\0" * (len(head) % 2)
    body = [r for table in (win, loss) for row in table for r in residuals(row)]
    return gzip.compress(head + struct.pack(f"<{len(body)}H", *body), compresslevel=9, mtime=0)


def table_gz() -> bytes:
    """The gzipped table, cached on the engine's code (sitebuild.cache) and this file."""
    return cache.cached("approx-battle", {"n": N, "scale": SCALE, "code": cache.file_digest(__file__)},
                        lambda: encode(*tables(N)))
