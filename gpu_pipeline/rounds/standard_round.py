"""The standard rules' full round, compiled into the lockstep kernel as constants
(``kernels/lockstep_battle.cu``, entry ``lockstep_battles_std``), and the exact test on the raw
32-bit word that spares outcome mode its multiply-high.

Thresholds on the raw word
--------------------------
Round k's main word x is uniform on [0, 2**32). Lemire's method (``schedule.py``) accepts x
unless (x S mod 2**32) < t and then plays v = floor(x S / 2**32), uniform on [0, S). In outcome
mode the attacker loses #{j : v >= c_j}, where c_j counts the rolls in which he loses at most j.
For a whole number c >= 0 and S >= 1:

    floor(x S / 2**32) >= c  <=>  x S / 2**32 >= c          (floor(y) >= c <=> y >= c, c whole)
                             <=>  x >= c 2**32 / S            (S > 0)
                             <=>  x >= ceil(c 2**32 / S)      (x whole)

So v >= c_j exactly when x >= X_j = ceil(c_j 2**32 / S): one 32-bit comparison of the word
itself, the same answer bit for bit (the rejection test, (x S mod 2**32) < t, still comes
first and needs only the low product). X_j fits in 32 bits whenever c_j < S: then
c_j 2**32 / S <= 2**32 - 2**32 / S <= 2**32 - 1 for S <= 2**32, and the ceiling of a number
at most 2**32 - 1 is at most 2**32 - 1. Columns with c_j = S (j >= min(na, nd): the attacker
cannot lose more) would need X_j = 2**32, "never"; the kernel leaves them out (RK_STD_PAIRS).
A rejected word is redrawn from the side stream and compared as v with c_j, as in every kernel.

The same identity holds for any word width w in place of 32; the tests check it exhaustively
at w = 8 and on the edge values at w = 32.
"""
from __future__ import annotations

from .spec import BONUS_CODES, BattleSpec, RoundRules, pack_tables, table_key

CUM_COLUMNS = 3      # c_0, c_1, c_2 in every table row (spec.TABLE_WIDTH = 2 + CUM_COLUMNS)


def word_threshold(c: int, space: int, bits: int = 32) -> int:
    """X = ceil(c 2**bits / S): floor(x S / 2**bits) >= c  <=>  x >= X (module docstring)."""
    if not 1 <= space <= 1 << bits or not 0 <= c <= space:
        raise ValueError(f"need 1 <= S <= 2**{bits} and 0 <= c <= S, got c = {c}, S = {space}")
    return -(-(c << bits) // space)


def is_standard(rules: RoundRules) -> bool:
    """True for the rules whose full round the lockstep kernel has compiled in."""
    return rules == RoundRules()


def standard_round_defines() -> dict[str, str]:
    """-D options of the standard rules' full round (attack_dice v defend_dice), from the
    engine's outcome counts: dice, faces, ties, bonus, S, t, c_j and X_j (32-bit words; X_j
    only for j < RK_STD_PAIRS, the others 0 and never read)."""
    rules = RoundRules()
    na, nd = rules.attack_dice, rules.defend_dice
    row = [int(v) for v in pack_tables(BattleSpec(na, nd, "attacking", rules, mode="outcome"))
           [table_key(na, nd)]]
    S, t, cum = row[0], row[1], row[2:2 + CUM_COLUMNS]
    pairs = min(na, nd)
    if not all(c < S for c in cum[:pairs]):
        raise ValueError("a standard round's threshold would not fit 32 bits")
    words = {"RK_STD_S": S, "RK_STD_T": t}
    for j, c in enumerate(cum):
        words[f"RK_STD_C{j}"] = c
        words[f"RK_STD_X{j}"] = word_threshold(c, S) if j < pairs else 0
    return {"RK_STD_ATTACK_DICE": str(na), "RK_STD_DEFEND_DICE": str(nd),
            "RK_STD_FACES_A": str(rules.attack_faces), "RK_STD_FACES_D": str(rules.defend_faces),
            "RK_STD_TIES_ATTACKER": str(int(rules.ties == "attacker")),
            "RK_STD_BONUS": str(BONUS_CODES[rules.defender_bonus]), "RK_STD_PAIRS": str(pairs),
            **{name: f"{v}u" for name, v in words.items()}}
