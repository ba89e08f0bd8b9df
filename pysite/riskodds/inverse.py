"""Inverse questions: how many armies are needed for a given chance."""
from fractions import Fraction

from . import balanced      # BLITZ hook (issue 10): dice_mode "balanced-blitz"
from .battle import DEFAULT_MAX_STATES, SizeError, check_size
from .rules import STANDARD, Rules
from .rounds import round_table
from .scaled import Scale, fraction_log10
from .sweep import win_lines
from .validate import FieldError, check_int, check_probability, offset


def _reaches(value, scale, p):
    """value >= p, exactly, without building a Fraction."""
    num, exps = value
    return num * p.denominator >= p.numerator * scale.den(exps)


def _never_certain(rules, side):
    """True when every round can cost `side` (0: attacker, 1: defender) an army, so that side
    can always lose everything and a probability of 1 is never reached."""
    return all(any(t[side] > 0 for t in trans) for trans, _ in round_table(rules, Scale(
        [rules.attack_faces, rules.defend_faces])).values())


def _p_text(p):
    """p for a message: the fraction if short, else a decimal (as 1 - x when close to 1)."""
    text = str(p)
    if len(text) <= 24:
        return text
    if p > Fraction(99, 100):
        return f"1 - 10^{fraction_log10(1 - p):.1f}"
    return f"{float(p):.6g}"


def _search_limit(n):
    """Longest search line count: 50x the other side plus slack; beyond it p is too close to 1."""
    return 50 * (n + 20)


def _check_rules(rules):
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Rules, got {rules!r}")


def troops_needed(defenders, p, *, convention, rules=STANDARD, survivors=0,
                  max_states=DEFAULT_MAX_STATES, with_values=False, dice_mode="true-random"):
    """Fewest attackers (in `convention`) with P(win with >= `survivors` left) >= p against
    `defenders`. survivors counts armies in `convention` (0: any conquest).

    with_values=True returns (n, P(n), P(n - 1)) with exact Fractions (P(n - 1) is None when
    n - 1 is not a valid attacker count).
    dice_mode="balanced-blitz": balanced.troops_needed (with_values gives a balanced.Needed).

    Against 10 defenders, armies on the territory (reference values):

    >>> [troops_needed(10, p, convention="territory") for p in ("0.99", "0.95", "0.5", "0.01")]
    [24, 19, 11, 4]
    >>> troops_needed(10, "19/20", convention="attacking")        # one fewer: none stays behind
    18
    >>> n, reached, below = troops_needed(10, "0.95", convention="territory", with_values=True)
    >>> n, reached >= Fraction(95, 100) > below
    (19, True)
    >>> troops_needed(1, "5/12", convention="attacking"), troops_needed(1, "0.42", convention="attacking")
    (1, 2)

    (one army against one wins with 5/12 ~ 0.4167 exactly; 0.42 needs a second army.)
    """
    if balanced.check_dice_mode(dice_mode) == "balanced-blitz":     # BLITZ hook (issue 10)
        return balanced.troops_needed(defenders, p, convention=convention, rules=rules, survivors=survivors,
                                      max_states=max_states, with_values=with_values)
    _check_rules(rules)
    D = check_int("defenders", defenders, 1)
    p = check_probability("p", p)
    off = offset(convention)
    need = max(1, check_int("survivors", survivors, 0) - off)
    check_size(D, max_states, f"a search against {D} defenders (one line of states)", "defenders")
    if p == 1 and _never_certain(rules, 0):
        raise FieldError("p = 1 cannot be reached: the defender can always win, so P(win) < 1 "
                         "for every number of attackers; ask for p < 1", "p")
    scale = Scale([rules.attack_faces, rules.defend_faces])
    previous = None
    for a, line in win_lines(rules, scale, D, "attackers", need):
        value = line[D]
        if a >= 1 and _reaches(value, scale, p):
            n = a + off
            if not with_values:
                return n
            below = scale.fraction(previous) if a - 1 >= 1 else None
            return n, scale.fraction(value), below
        previous = value
        _guard(a * D, a > _search_limit(D), max_states,
               f"no attacker count up to {a + off} reaches p = {_p_text(p)} against {D}", "p")


def defenders_needed(attackers, p, *, convention, rules=STANDARD, max_states=DEFAULT_MAX_STATES,
                     with_values=False, dice_mode="true-random"):
    """Fewest defenders that hold (the attacker does not conquer) with probability >= p against
    `attackers` (in `convention`). with_values=True returns (n, P_hold(n), P_hold(n - 1)).
    dice_mode="balanced-blitz": balanced.defenders_needed (with_values gives a balanced.Needed)."""
    if balanced.check_dice_mode(dice_mode) == "balanced-blitz":     # BLITZ hook (issue 10)
        return balanced.defenders_needed(attackers, p, convention=convention, rules=rules,
                                         max_states=max_states, with_values=with_values)
    _check_rules(rules)
    off = offset(convention)
    A = check_int("attackers", attackers, 1 + off) - off
    p = check_probability("p", p)
    check_size(A, max_states, f"a search against {attackers} attackers (one line of states)")
    if p == 1 and _never_certain(rules, 1):
        raise FieldError("p = 1 cannot be reached: the attacker can always win, so P(hold) < 1 "
                         "for every number of defenders; ask for p < 1", "p")
    scale = Scale([rules.attack_faces, rules.defend_faces])
    q = 1 - p                      # hold >= p  <=>  win <= 1 - p
    previous = None
    for d, line in win_lines(rules, scale, A, "defenders"):
        value = line[A]
        num, exps = value
        if d >= 1 and num * q.denominator <= q.numerator * scale.den(exps):
            if not with_values:
                return d
            hold = 1 - scale.fraction(value)
            below = 1 - scale.fraction(previous) if d - 1 >= 1 else None
            return d, hold, below
        previous = value
        _guard(d * A, d > _search_limit(A), max_states,
               f"no defender count up to {d} holds with p = {_p_text(p)} against {attackers}", "p")


def _guard(states, too_long, max_states, message, field):
    if too_long:
        raise SizeError(message + "; p is too close to 1 for an answer in reasonable time", field)
    try:
        check_size(states, max_states, "the search")
    except SizeError:
        raise SizeError(message + f" within max_states={max_states:,}", field) from None
