"""How computed numbers are written in the article, and the <span> that marks them.

The span carries the recipe key (data-computed), the exact value (data-value, when short) and
the format (data-format), so tests can recompute the value and re-render the text."""
import math
from fractions import Fraction

from markupsafe import Markup, escape

SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")
NAMES = [(1e18, "quintillion"), (1e15, "quadrillion"), (1e12, "trillion"), (1e9, "billion"), (1e6, "million")]


def exact_text(v) -> str:
    if isinstance(v, Fraction):
        return f"{v.numerator}/{v.denominator}"
    if isinstance(v, float):
        return repr(v)
    return str(int(v))


def _sig(x: float, digits: int) -> str:
    return f"{x:.{digits}g}" if x else "0"


def sci(x, digits=4) -> str:
    """1.902 × 10⁻¹³ (plain decimals between 0.001 and 10000)."""
    x = float(x)
    if x == 0 or 1e-3 <= abs(x) < 1e4:
        return _sig(x, digits)
    exp = math.floor(math.log10(abs(x)))
    mant = x / 10 ** exp
    if round(mant, digits - 1) >= 10:
        mant, exp = mant / 10, exp + 1
    return f"{mant:.{digits - 1}f} × 10{str(exp).translate(SUPERSCRIPT)}"


def tenpow(n: int) -> str:
    """10⁷ for 10_000_000; 2 × 10⁶ for 2_000_000 (run counts in prose)."""
    exp = len(str(int(n))) - 1
    mant = int(n) / 10 ** exp
    head = "" if mant == 1 else f"{mant:g} × "
    return f"{head}10{str(exp).translate(SUPERSCRIPT)}"


def big(x, digits=3) -> str:
    """5.26 trillion; below a million, a whole number to `digits` significant digits (21,300;
    167,000; 17), never more precise than the words above it; from 1000 quintillion on, powers of
    ten (1.23 × 10²⁴)."""
    x = float(x)
    if abs(x) >= 1e21:
        return sci(x, digits)
    for scale, name in NAMES:
        if abs(x) >= scale:
            return f"{_sig(x / scale, digits)} {name}"
    if x == 0:
        return "0"
    places = digits - 1 - math.floor(math.log10(abs(x)))
    r = round(round(x, places))
    return big(r, digits) if abs(r) >= NAMES[-1][0] else f"{r:,}"


MAX_EXTRA_DECIMALS = 8   # a percentage shows at most this many more decimals to avoid a carry


def pct(v, decimals: int) -> str:
    """v as a percentage to `decimals` decimals, rounded half up, never rounded up into a round
    number it is below: where rounding up carries into a last digit 0 ("50.0" for 49.9995 %), the
    decimals that make the difference are shown ("49.9995"). Exact for Fractions and floats alike."""
    x = (Fraction(repr(v)) if isinstance(v, float) else Fraction(v)) * 100   # a float as its shortest decimal
    n = decimals
    while True:
        m = math.floor(x * 10 ** n + Fraction(1, 2))
        if not (m % 10 == 0 and m > x * 10 ** n and n < decimals + MAX_EXTRA_DECIMALS):
            break
        n += 1
    sign, m = ("-", -m) if m < 0 else ("", m)
    digits = str(m).rjust(n + 1, "0")
    return sign + (f"{digits[:-n]}.{digits[-n:]}" if n else digits)


def render(v, style: str) -> str:
    """Text for value v in a named style: sciN, pctN (N decimals), pctgN (N significant digits),
    pctwN (a win chance: N decimals, "> 99.9 %" rather than a rounded 100, "< 0.1 %" rather than 0),
    decN, int, whole (rounded to the nearest whole number: a ratio a reader can check by dividing),
    frac, bigN, inv_bigN (1 in ...), offset (an integer k as "D + k", "D − k" or "D")."""
    name = style.rstrip("0123456789")
    n = int(style[len(name):] or 3)
    if name == "sci":
        return sci(v, n)
    if name == "pct":  # the sign stays on the number's line (no-break space)
        return f"{pct(v, n)}\u00a0%"
    if name == "pctw":  # never round a chance to a certainty
        step = 10.0 ** -n   # in percent
        x = float(v) * 100
        if x > 100 - step / 2:
            return f">\u00a0{100 - step:.{n}f}\u00a0%"
        if x < step / 2:
            return f"<\u00a0{step:.{n}f}\u00a0%"
        return f"{pct(v, n)}\u00a0%"
    if name == "pctg":  # a percentage to n significant digits: 0.0047 %, 6.0 %
        x = float(v) * 100
        if x <= 0:
            return f"{x:#.{n}g}\u00a0%"
        lead = int(f"{x:.{n - 1}e}".split("e")[1])   # the leading digit's exponent, after rounding
        return f"{pct(v, max(0, n - 1 - lead))}\u00a0%" if n - 1 - lead >= 0 else f"{x:#.{n}g}\u00a0%"
    if name == "dec":
        return f"{float(v):.{n}f}"
    if name == "tex":  # inside formulas: a fraction as \\frac{n}{d}
        v = Fraction(v)
        return str(v.numerator) if v.denominator == 1 else f"\\frac{{{v.numerator}}}{{{v.denominator}}}"
    if name == "plain":  # inside formulas: no thousands separators
        return str(v)
    if name == "offset":  # armies needed against D defenders, as D plus or minus k
        k = int(v)
        return "D" if k == 0 else f"D\u00a0{'+' if k > 0 else '−'}\u00a0{abs(k)}"
    if name == "int":
        return f"{int(v):,}"
    if name == "whole":
        return f"{round(Fraction(v) if not isinstance(v, float) else v):,}"
    if name == "frac":
        return f"{v.numerator:,}/{v.denominator:,}" if isinstance(v, Fraction) else str(v)
    if name == "exact":  # the whole fraction, digits unseparated (may be long)
        return exact_text(Fraction(v))
    if name == "big":
        return big(v, n)
    if name == "inv_big":
        return big(1 / Fraction(v) if not isinstance(v, float) else 1 / v, n)
    raise ValueError(f"unknown number style {style!r}")


def distinct_styles(grid, name="pctw", digits=1, most=8):
    """Styles (name + digits) for a grid of values (rows of Fractions) such that two neighbours
    (in a row or a column) with different values never read the same: both get the digits that
    tell them apart ("> 99.9 %" beside "> 99.9 %" becomes "99.93 %" beside "99.97 %")."""
    level = [[digits] * len(row) for row in grid]
    text = lambda i, j: render(grid[i][j], f"{name}{level[i][j]}")   # noqa: E731
    moved = True
    while moved:
        moved = False
        for i, row in enumerate(grid):
            for j in range(len(row)):
                for a, b in ((i, j + 1), (i + 1, j)):
                    if a >= len(grid) or b >= len(grid[a]) or grid[a][b] == grid[i][j]:
                        continue
                    while text(i, j) == text(a, b) and max(level[i][j], level[a][b]) < most:
                        level[i][j] = level[a][b] = max(level[i][j], level[a][b]) + 1
                        moved = True
    return [[f"{name}{n}" for n in row] for row in level]


MAX_VALUE_ATTR = 80  # longer exact values are left out (page weight); the text still is checked


def span(key: str, v, style: str) -> Markup:
    cls = ' class="fraction"' if style == "exact" else ""
    exact = exact_text(v)
    value = f' data-value="{escape(exact)}"' if len(exact) <= MAX_VALUE_ATTR else ""
    return Markup(f'<span data-computed="{escape(key)}"{value} '
                  f'data-format="{escape(style)}"{cls}>{escape(render(v, style))}</span>')
