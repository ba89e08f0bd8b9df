"""Argument checks shared by every public function: clear ValueErrors that name the argument.

Numbers arrive from JSON, URLs, the command line and outlines as ints or text. What a whole
number is, everywhere alike: the ASCII digits 0-9 with an optional sign, nothing around them
(str.isdigit and int() also accept superscripts and other scripts' digits, int() reads "1_000"
and " 10\n"; none of these is a number here), at most LIMITS["max_input_chars"] characters
(int() of a million digits takes seconds). Messages quote the input shortened, never whole.
"""
import math
import re
from fractions import Fraction

from ..facts.limits import CONVENTION_NAMES as CONVENTIONS, LIMITS

WHOLE = re.compile(r"[+-]?[0-9]+")        # with fullmatch: no spaces, no "_", ASCII digits only
# decimals ("0.95", ".5", "5e-1") and fractions ("19/20"), ASCII only
DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE](?P<exp>[+-]?[0-9]+))?")
FRACTION = re.compile(r"[+-]?[0-9]+/[0-9]+")
SHOWN = 40          # characters of a bad input quoted in a message


class FieldError(ValueError):
    """A bad argument; `field` names it, so a form can show the message next to that input, and
    `territories` names the board territories at fault, if any, so a map can mark them."""

    def __init__(self, message, field, territories=()):
        super().__init__(message)
        self.field = field
        self.territories = tuple(territories)


def show(value):
    """A bad input for a message: its repr, shortened to SHOWN characters."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"a number of about {int(value.bit_length() * 0.30103) + 1:,} digits"
    text = repr(value[:SHOWN + 1] if isinstance(value, str) else value)
    return text if len(text) <= SHOWN else text[:SHOWN] + "..."


def listing(items, empty="nothing"):
    """Names in a sentence: 'A', 'A and B', 'A, B and C'; none as `empty`. The one way every message
    and answer lists things (answers' sentences, the article's too)."""
    items = list(items)
    if not items:
        return empty
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _text(name, value, strip=True):
    """A text input, refused when longer than LIMITS["max_input_chars"]; stripped unless strip=False."""
    top = LIMITS["max_input_chars"]
    if len(value) > top:
        raise FieldError(f"{name} is too long: {len(value):,} characters (at most {top:,})", name)
    return value.strip() if strip else value


def check_int(name, value, lo=None, hi=None):
    """Return `value` as an int, or raise FieldError naming `name` and the allowed range.

    Accepts ints and text of a whole number (the module docstring: ASCII digits, an optional
    sign, nothing around them); rejects bools, floats, None and everything else.
    """
    if value is None:
        raise FieldError(f"{name} is required: a whole number{_range_text(lo, hi)}", name)
    if isinstance(value, str):
        text = _text(name, value, strip=False)
        if not WHOLE.fullmatch(text):
            raise FieldError(f"{name} must be a whole number{_range_text(lo, hi)} in the digits 0-9, with no "
                             f"spaces or other marks, got {show(value)}", name)
        value = int(text)
    if isinstance(value, bool) or not isinstance(value, int):
        raise FieldError(f"{name} must be a whole number{_range_text(lo, hi)}, got {show(value)}", name)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise FieldError(f"{name} must be a whole number{_range_text(lo, hi)}, got {show(value)}", name)
    return value


def _range_text(lo, hi):
    if lo is not None and hi is not None:
        return f" from {lo:,} to {hi:,}"
    if lo is not None:
        return f" >= {lo:,}"
    if hi is not None:
        return f" <= {hi:,}"
    return ""


def check_weights(name, value, faces, faces_name, top):
    """Relative weights of a die's faces 1..faces: None (fair), or a list/tuple of whole numbers
    0..top (ints or digit text), or text "2,2,1,1,1,1"; not all 0. Returns None for fair dice
    (all weights equal), else the tuple divided by its gcd (the same probabilities)."""
    if value is None:
        return None
    if isinstance(value, str):
        text = _text(name, value)
        value = [w.strip() for w in text.split(",")] if text else []
    if not isinstance(value, (list, tuple)):
        raise FieldError(f"{name} must be a list of whole numbers, one per face (or null for a fair die), "
                         f"got {show(value)}", name)
    weights = []
    for w in value[:faces + 1]:
        try:
            weights.append(check_int(name, w, 0, top))
        except FieldError:
            raise FieldError(f"{name}: each weight must be a whole number from 0 to {top:,}, got {show(w)}",
                             name) from None
    if len(value) != faces:
        raise FieldError(f"{name} must give one weight per face: {faces} weights for {faces_name} = {faces}, "
                         f"got {len(value):,}", name)
    if not any(weights):
        raise FieldError(f"{name}: at least one face needs a weight above 0", name)
    g = math.gcd(*weights)
    if all(w == weights[0] for w in weights):
        return None
    return tuple(w // g for w in weights)


def check_choice(name, value, choices):
    # by type too: True == 1 and 1.0 == 1, but neither is the choice 1
    if any(type(value) is type(c) and value == c for c in choices):
        return value
    raise FieldError(f"{name} must be one of {', '.join(map(repr, choices))}, got {show(value)}", name)


def check_convention(convention):
    return check_choice("convention", convention, CONVENTIONS)


def offset(convention):
    """Armies to subtract from a count in `convention` to get attacking armies (T = A + 1)."""
    return 1 if check_convention(convention) == "territory" else 0


def check_armies(name, value, lo=1):
    """An army count from lo to LIMITS["max_armies"]."""
    return check_int(name, value, lo, LIMITS["max_armies"])


def to_attacking(name, armies, convention, lo=1):
    """Attacking armies from a count given in `convention`; `lo` is the least attacking armies."""
    off = offset(convention)
    return check_armies(name, armies, lo + off) - off


def check_probability(name, p):
    """A probability target in (0, 1] as an exact Fraction.

    Text (forms, URLs, JSON) may be a percentage: a number then "%" ("90 %", "90%"), or a bare
    number above 1 ("90"), since no probability is above 1. A bare number up to 1 ("0.9", "1",
    "5e-1") or a fraction ("19/20") is the probability itself. So "90", "90 %", "90%" and "0.9"
    all mean 9/10; above 100 % is refused. Other values (int, float, Fraction) are probabilities
    as given: 2 is refused, not read as 2 %. Floats are read by their repr (0.95 -> 19/20). Text
    is ASCII; a decimal exponent may not exceed max_input_chars (10**-1e9 would take for ever).
    """
    like = "like 0.95, 95 % or 19/20"
    if p is None:
        raise FieldError(f"{name} is required: a probability in (0, 1] or a percentage, {like}", name)
    text_given = isinstance(p, str)
    if isinstance(p, float):
        p = repr(p)
    value = None
    if isinstance(p, str):
        text = _text(name, p)
        percent = re.fullmatch(r"(?P<number>.*?)\s*%", text)   # a number, then "%"
        number = percent["number"] if percent else text
        match = DECIMAL.fullmatch(number)
        if match and match["exp"] and abs(int(match["exp"])) > LIMITS["max_input_chars"]:
            raise FieldError(f"{name}: the exponent of {show(text)} is too large "
                             f"(at most {LIMITS['max_input_chars']:,})", name)
        if match:
            value = Fraction(number)
            if percent or (text_given and value > 1):
                value /= 100
        elif not percent and FRACTION.fullmatch(text) and int(text.split("/")[1]):
            value = Fraction(text)
    elif isinstance(p, (int, Fraction)) and not isinstance(p, bool):
        value = Fraction(p)
    if value is None:
        raise FieldError(f"{name} must be a probability in (0, 1] or a percentage, {like}, got {show(p)}", name)
    if not 0 < value <= 1:
        raise FieldError(f"{name} must be a probability in (0, 1]: above 0 and at most 1 (100 %), got {show(p)}",
                         name)
    return value
