"""The earlier GPU kernel's dice, written down as round tables, so the engine can compute
exactly what that kernel was really simulating (the article's "what the earlier kernel really
computed").

Its round logic had two defects that change the odds (``risk-reference.md``, section 5):

* biased faces: each die was ``((r >> k) & 7) % 6`` + 1 for a 3-bit field of a random word;
  the eight field values 0..7 give faces 1, 2, 3, 4, 5, 6, 1, 2, so faces 1 and 2 come up with
  weight 2/8 and faces 3..6 with 1/8;
* unsorted comparisons: only its 3 v 2 fast path sorted the dice; every other round compared
  the i-th attacking die with the i-th defending die as rolled, for i < min(dice), so 3 v 1
  was a plain duel of the first dice and 2 v 2 two independent duels.

(Its third defect, a 32-bit index that wrapped past 2**31 - 1 battles, and the over-count of
whole launches, spoil its totals, not its dice.)

:func:`round_tables` enumerates every combination of 3-bit fields (or of fair faces) by brute
force and returns exact integer counts, in the engine's round-table form
{(attack dice, defence dice): {(attacker losses, defender losses): weight}}. Four models
separate the two defects: fair dice sorted everywhere (the real game; equals the engine's
``outcome_space``), biased faces only, unsorted rounds only, and both (the kernel as it ran).
Ties go to the defender in all of them, as in the kernel.
"""
from __future__ import annotations

from collections import Counter
from itertools import product

FAIR_FACES = (1, 2, 3, 4, 5, 6)                     # one entry per equally likely outcome
FIELD_FACES = tuple(v % 6 + 1 for v in range(8))    # 3-bit field v -> face: 1,2,3,4,5,6,1,2
FAST_PATH = (3, 2)                                  # the only round the kernel sorted
DEFENDER_FIELD = 3      # in the re-created kernel: attacker dice are fields 0..2, defender's 3, 4
MAX_BINS = 128          # the re-created kernel's per-thread bins: attacking armies lost 0..127


def kernel_defines() -> dict[str, int]:
    """-D options of the re-created kernel (kernels/legacy_round.cuh, legacy_battle.cu)."""
    return {"RK_LEGACY_FAST_A": FAST_PATH[0], "RK_LEGACY_FAST_D": FAST_PATH[1],
            "RK_LEGACY_DEFENDER_FIELD": DEFENDER_FIELD, "RK_LEGACY_BINS": MAX_BINS}

MODELS = {  # name: (equally likely outcomes of one die, rounds whose dice are sorted)
    "fair": (FAIR_FACES, "all"),
    "biased-faces": (FIELD_FACES, "all"),
    "unsorted-rounds": (FAIR_FACES, "fast-path"),
    "legacy-kernel": (FIELD_FACES, "fast-path"),
}


def round_counts(na: int, nd: int, die=FIELD_FACES, sort: bool = False) -> dict:
    """{(attacker losses, defender losses): count} over all len(die)**(na + nd) equally likely
    rolls. Pair i compares attacking die i with defending die i (after sorting both sides
    descending when ``sort``); the attacker loses a pair on a tie."""
    m = min(na, nd)
    out = Counter()
    for roll in product(die, repeat=na + nd):
        att, dfd = roll[:na], roll[na:]
        if sort:
            att, dfd = sorted(att, reverse=True), sorted(dfd, reverse=True)
        lost = sum(a <= d for a, d in zip(att[:m], dfd[:m]))
        out[lost, m - lost] += 1
    return dict(out)


def round_tables(model: str = "legacy-kernel", attack_dice: int = 3, defend_dice: int = 2) -> dict:
    """Round tables of one of ``MODELS`` for every dice pair up to attack_dice v defend_dice."""
    if model not in MODELS:
        raise ValueError(f"model must be one of {', '.join(MODELS)}, got {model!r}")
    die, sorting = MODELS[model]
    return {(na, nd): round_counts(na, nd, die, sorting == "all" or (na, nd) == FAST_PATH)
            for na in range(1, attack_dice + 1) for nd in range(1, defend_dice + 1)}
