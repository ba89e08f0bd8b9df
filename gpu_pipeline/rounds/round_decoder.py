"""Turning a round's uniform value v in [0, S) into the attacker's losses.

Two decoders, both exact (every one of the S equally likely rolls is hit once):
* :func:`losses_from_dice` (``dice`` mode): v -> literal dice (mixed-radix digits, attacker
  first, least significant first; face = digit + 1), sort descending, add the defender bonus,
  compare pairwise, count the pairs the attacker lost.
* :func:`losses_from_outcome` (``outcome`` mode): the attacker loses j armies where j = number
  of cumulative counts cum_0..cum_2 (from the engine's ``outcome_space``) that are <= v.

The defender always loses ``min(na, nd) - attacker_losses``. Arrays are NumPy, one entry per
battle; ``na``/``nd`` (dice rolled) may differ per entry.
"""
from __future__ import annotations

import numpy as np


def _sort3_desc(x0, x1, x2):
    """Descending sorting network for three arrays (compare-exchange (0,1), (1,2), (0,1))."""
    x0, x1 = np.maximum(x0, x1), np.minimum(x0, x1)
    x1, x2 = np.maximum(x1, x2), np.minimum(x1, x2)
    x0, x1 = np.maximum(x0, x1), np.minimum(x0, x1)
    return x0, x1, x2


def decode_dice(v, na, nd, faces_a: int, faces_d: int):
    """Digits of v -> (attacker dice, defender dice), each a list of 3 int64 arrays, sorted
    descending; dice not rolled are 0 (below every real face), so they sort last."""
    v = np.asarray(v, dtype=np.int64)
    na = np.asarray(na, dtype=np.int64)
    nd = np.asarray(nd, dtype=np.int64)
    att = []
    for i in range(3):
        face = v % faces_a + 1
        att.append(np.where(na > i, face, 0))
        v = np.where(na > i, v // faces_a, v)
    dfd = []
    for j in range(3):
        face = v % faces_d + 1
        dfd.append(np.where(nd > j, face, 0))
        v = v // faces_d
    return list(_sort3_desc(*att)), list(_sort3_desc(*dfd))


def losses_from_dice(v, na, nd, faces_a: int, faces_d: int, ties_attacker: bool, bonus: int):
    """Attacker losses of the rolls encoded by v. ``bonus``: 0 none, 1 +1 on the defender's
    highest die, 2 +1 on every defender die."""
    att, dfd = decode_dice(v, na, nd, faces_a, faces_d)
    na = np.asarray(na, dtype=np.int64)
    nd = np.asarray(nd, dtype=np.int64)
    pairs = np.minimum(na, nd)
    lost = np.zeros(np.broadcast(v, na).shape, dtype=np.int64)
    for i in range(3):
        d = dfd[i] + (1 if bonus == 2 or (bonus == 1 and i == 0) else 0)
        att_loses = (att[i] < d) if ties_attacker else (att[i] <= d)
        lost += (att_loses & (pairs > i))
    return lost


def losses_from_outcome(v, cum0, cum1, cum2):
    """Attacker losses in outcome mode: #{j : cum_j <= v} (cum_j = S for j >= min(na, nd))."""
    v = np.asarray(v)
    return (v >= cum0).astype(np.int64) + (v >= cum1) + (v >= cum2)


def enumerate_round(na: int, nd: int, faces_a: int, faces_d: int, ties_attacker: bool,
                    bonus: int) -> dict:
    """{(attacker_losses, defender_losses): count} over all S values with the dice decoder --
    must equal the engine's ``outcome_space`` exactly (a test checks it)."""
    S = faces_a ** na * faces_d ** nd
    la = losses_from_dice(np.arange(S), na, nd, faces_a, faces_d, ties_attacker, bonus)
    m = min(na, nd)
    counts = np.bincount(la, minlength=m + 1)
    return {(j, m - j): int(counts[j]) for j in range(m + 1) if counts[j]}
