"""How the answers write a chance in their sentences: one rule for every answer (a list of names:
checks/validate.py `listing`).

A chance in words follows the rule the site prints its numbers by (site_src/js/exact.js `percent`),
so that a sentence and the number beside it never disagree ("this plan wins 93.96 %" next to a
headline of 93.96 %, not "94.0 %"): tests/engine/test_engine_words.py holds the two equal.

The rule, for an exact chance p (a Fraction, 0 <= p <= 1), as a percentage x = 100 p:
- exactly 0 is "0 %" and exactly 1 is "100 %"; nothing else is.
- At or above one half, enough decimals that the distance to 100 % shows: as many as the place of
  the leading digit of 100 - x (at least 1): 99.61 % has 0.39 left, so one decimal; 99.96 % has
  0.04, so two. Below one half, `sig` significant digits (at least one decimal, at most 13),
  trailing zeros dropped but one: 46.4 %, 0.195 %, 5.0 %, 0.000000000002 %.
- Rounded half up, but never up into a round number the chance is below: where rounding up ends in
  a 0 (94.0 % for 93.96 %, 50.0 % for 49.9995 %), one more decimal is shown, until it does not
  ("93.96 %"), so a chance below a threshold never reads as reaching it.
- Past 13 decimals a percentage is a wall of 9s or 0s: "> 99.9999999999999 %" (less than
  10**-13 % from 100 %) and "< 0.0000000000001 %" (less than 10**-13 %) say how close it is instead.
The space before % is a no-break space (the sign stays beside its number).

Every step is integer arithmetic on p's numerator and denominator: no float rounds the decision.
"""
from fractions import Fraction

MAX_DECIMALS = 13       # site_src/js/exact.js MAX_PERCENT_DECIMALS
NBSP = "\u00a0"
LOG10_2 = 0.30102999566398120


def percent(p, sig=3):
    """The chance p (a Fraction or int, 0 <= p <= 1) in words by the rule of the module docstring:
    "93.96 %", "46.4 %", "100 %". A float (an approximation already: a course's chance of a branch)
    is read as its shortest decimal, within [0, 1] (0.35 is 35.0 %, not 34.99999999999999 %)."""
    if isinstance(p, float):
        p = Fraction(repr(min(max(p, 0.0), 1.0)))
    p = Fraction(p)
    if not 0 <= p <= 1:
        raise ValueError(f"a chance is between 0 and 1, not {p}")
    if p == 0:
        return f"0{NBSP}%"
    if p == 1:
        return f"100{NBSP}%"
    x = 100 * p                                 # the percentage, exact
    high = 2 * p >= 1
    dec = max(1, -_lead(100 - x)) if high else max(1, sig - 1 - _lead(x))
    if not high and dec > MAX_DECIMALS:         # fewer digits than `sig` fit in the decimals shown
        if x < Fraction(1, 10 ** MAX_DECIMALS):
            return f"<{NBSP}0.{'0' * (MAX_DECIMALS - 1)}1{NBSP}%"
        dec = MAX_DECIMALS
    m = _rounded(x, dec) if dec <= MAX_DECIMALS else 0
    carried = False
    while dec <= MAX_DECIMALS and m % 10 == 0 and Fraction(m, 10 ** dec) > x:   # rounded up into a 0
        carried = True
        dec += 1
        if dec <= MAX_DECIMALS:
            m = _rounded(x, dec)
    if carried and dec > MAX_DECIMALS:          # a carry even at the last decimal shown: cut instead
        dec = MAX_DECIMALS
        m = x.numerator * 10 ** dec // x.denominator
    if dec > MAX_DECIMALS:                      # above one half only: nearer 100 % than the decimals show
        return f">{NBSP}{_decimals(10 ** (MAX_DECIMALS + 2) - 1, MAX_DECIMALS)}{NBSP}%"
    text = _decimals(m, dec)
    if not high:                                # "0.19 %", not "0.190 %"; one decimal kept
        text = text.rstrip("0")
        text = text + "0" if text.endswith(".") else text
    return f"{text}{NBSP}%"


def _lead(x):
    """e with 10**e <= x < 10**(e + 1), for a positive Fraction x (from the bit lengths, then
    corrected: a decimal string of a numerator thousands of digits long is slow, and capped)."""
    e = int((x.numerator.bit_length() - x.denominator.bit_length()) * LOG10_2)
    while Fraction(10) ** e > x:
        e -= 1
    while Fraction(10) ** (e + 1) <= x:
        e += 1
    return e


def _rounded(x, dec):
    """x rounded half up to dec decimals, as an integer count of 10**-dec."""
    n, d = x.numerator * 10 ** dec, x.denominator
    return (2 * n + d) // (2 * d)


def _decimals(m, dec):
    """The integer m (a count of 10**-dec) written with dec decimals."""
    s = str(m).rjust(dec + 1, "0")
    return f"{s[:-dec]}.{s[-dec:]}"
