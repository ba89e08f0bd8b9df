"""Argument checks shared by every public function: clear ValueErrors that name the argument."""
from fractions import Fraction

from .limits import CONVENTION_NAMES as CONVENTIONS, LIMITS


class FieldError(ValueError):
    """A bad argument; `field` names it, so a form can show the message next to that input."""

    def __init__(self, message, field):
        super().__init__(message)
        self.field = field


def check_int(name, value, lo=None, hi=None):
    """Return `value` as an int, or raise ValueError naming `name` and the allowed range.

    Accepts ints and decimal strings of ints (from JSON/URLs); rejects bools, floats, None.
    """
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int):
        raise FieldError(f"{name} must be a whole number{_range_text(lo, hi)}, got {value!r}", name)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise FieldError(f"{name} must be a whole number{_range_text(lo, hi)}, got {value}", name)
    return value


def _range_text(lo, hi):
    if lo is not None and hi is not None:
        return f" from {lo} to {hi}"
    if lo is not None:
        return f" >= {lo}"
    if hi is not None:
        return f" <= {hi}"
    return ""


def check_choice(name, value, choices):
    if value not in choices:
        raise FieldError(f"{name} must be one of {', '.join(map(repr, choices))}, got {value!r}", name)
    return value


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
    """A probability target in (0, 1] as an exact Fraction; accepts Fraction, int, '0.95', '19/20'.

    Floats are taken by their decimal repr (0.95 -> 19/20), not their binary value.
    """
    if isinstance(p, bool):
        raise FieldError(f"{name} must be a probability in (0, 1], got {p!r}", name)
    try:
        if isinstance(p, float):
            p = repr(p)
        value = Fraction(p.strip() if isinstance(p, str) else p)
    except (ValueError, TypeError, ZeroDivisionError):
        raise FieldError(f"{name} must be a probability in (0, 1], like 0.95 or 19/20, got {p!r}", name) from None
    if not 0 < value <= 1:
        raise FieldError(f"{name} must be a probability in (0, 1], got {p}", name)
    return value
