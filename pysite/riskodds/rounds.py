"""One round of dice, by exhaustive enumeration with exact integer counts."""
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial, prod
from collections import Counter

from .limits import LIMITS
from .rules import Rules
from .validate import check_int


def outcome_space(attack_dice, defend_dice, rules=Rules()):
    """{(attacker_losses, defender_losses): count} for one round with these dice rolled.

    Counts are exact and sum to attack_faces**attack_dice * defend_faces**defend_dice.
    The dice rolled here are the dice actually thrown (1..3 each), not the rule maxima.

    >>> outcome_space(3, 2)           # out of 6**5 = 7776
    {(0, 2): 2890, (1, 1): 2611, (2, 0): 2275}
    >>> outcome_space(1, 1)           # out of 36: ties go to the defender
    {(0, 1): 15, (1, 0): 21}
    >>> outcome_space(1, 3)           # capital: one attack die against three
    {(0, 1): 225, (1, 0): 1071}

    With ties to the attacker (zombies), 2 v 2 is the standard 2 v 2 with the sides swapped:

    >>> outcome_space(2, 2), outcome_space(2, 2, Rules(ties="attacker"))
    ({(0, 2): 295, (1, 1): 420, (2, 0): 581}, {(0, 2): 581, (1, 1): 420, (2, 0): 295})
    """
    check_int("attack_dice", attack_dice, LIMITS["min_dice"], LIMITS["max_dice"])
    check_int("defend_dice", defend_dice, LIMITS["min_dice"], LIMITS["max_dice"])
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Rules, got {rules!r}")
    return dict(_outcomes(attack_dice, defend_dice, rules))


@lru_cache(maxsize=None)
def _outcomes(na, nd, rules):
    """Tuple of ((attacker_losses, defender_losses), count), sorted by attacker losses."""
    m = min(na, nd)
    attack = _top_dice(na, rules.attack_faces, m)
    defend = _top_dice(nd, rules.defend_faces, m)
    bonus = {"none": (0,) * m, "highest": (1,) + (0,) * (m - 1), "both": (1,) * m}[rules.defender_bonus]
    attacker_wins_ties = rules.ties == "attacker"
    counts = Counter()
    for att, wa in attack.items():
        for dfn, wd in defend.items():
            attacker_losses = 0
            for x, y, b in zip(att, dfn, bonus):
                y += b
                if x < y or (x == y and not attacker_wins_ties):
                    attacker_losses += 1
            counts[attacker_losses, m - attacker_losses] += wa * wd
    return tuple(sorted(counts.items()))


def _top_dice(n, faces, m):
    """{highest m dice, sorted descending: number of the faces**n ordered rolls giving them}."""
    tops = Counter()
    for roll in combinations_with_replacement(range(faces, 0, -1), n):
        # ordered rolls that sort to this multiset: the multinomial coefficient
        ways = factorial(n) // prod(factorial(c) for c in Counter(roll).values())
        tops[roll[:m]] += ways
    return tops


@lru_cache(maxsize=None)
def transitions(rules, na, nd):
    """((attacker_losses, defender_losses, count), ...) and the round's dice (na, nd), non-zero counts only."""
    return tuple((al, dl, c) for (al, dl), c in _outcomes(na, nd, rules) if c)


def round_table(rules, scale):
    """{(na, nd): (transitions, denominator exponents)} for every dice count: the per-state
    lookups of the dynamic programs, built once (hashing a Rules per state is slow)."""
    return {(na, nd): (transitions(rules, na, nd), scale.step(rules, na, nd))
            for na in range(1, rules.attack_dice + 1) for nd in range(1, rules.defend_dice + 1)}
