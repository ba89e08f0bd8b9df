"""Tables: the exact win-probability grid, troops-needed tables, and their CSV / .npy writers.

These build the site's downloads offline, so they take no time budget unless given one
(`budget`: seconds or a cost.Budget; the default UNLIMITED)."""
import struct
from fractions import Fraction

from .battle import DEFAULT_MAX_STATES, check_size
from .cost import UNLIMITED, as_budget, check, sweep_cost
from .model import as_model, scale_for
from .rules import STANDARD, CAPITAL
from .sweep import win_lines
from .validate import check_int, check_probability, offset

NEEDED_LEVELS = tuple(Fraction(k, 100) for k in (1, *range(5, 100, 5), 99))


def _grid_lines(n, rules, convention):
    """Yield (attackers in `convention`, scaled line over defenders 0..n) for attackers 1..n."""
    off = offset(convention)
    model = as_model(rules)
    scale = scale_for(model)
    for a, line in win_lines(model, scale, n, "attackers"):
        if a + off > n:
            return
        if a + off >= 1 and a >= 1:
            yield a + off, line, scale


def _check_grid(n, rules, max_states, budget, exact):
    n = check_int("n", n, 1)
    check_size(n * n, max_states, f"a {n} x {n} grid", "n")
    check(sweep_cost(n, n, as_model(rules), f"a {n:,} x {n:,} grid", cells_out=n * n, text_out=exact),
          as_budget(budget), "n", "Ask for a smaller grid.")
    return n


def win_grid(n, *, rules=STANDARD, convention="attacking", max_states=DEFAULT_MAX_STATES, budget=UNLIMITED):
    """Exact P(win) table: grid[a][d] for 0 <= a, d <= n (a in `convention`; row/column 0 are
    the trivial cases: no attackers -> 0, no defenders -> 1)."""
    n = _check_grid(n, rules, max_states, budget, True)
    off = offset(convention)
    grid = [[Fraction(0)] * (n + 1) for _ in range(n + 1)]
    for a in range(off, n + 1):
        grid[a][0] = Fraction(1) if a > off else Fraction(0)
    for a, line, scale in _grid_lines(n, rules, convention):
        grid[a] = [Fraction(1)] + [scale.fraction(v) for v in line[1:]]
    return grid


def win_grid_floats(n, *, rules=STANDARD, convention="attacking", max_states=DEFAULT_MAX_STATES,
                    budget=UNLIMITED):
    """Yield rows of float64 P(win) for attackers 1..n (in `convention`), defenders 1..n.

    Computed exactly, then each value correctly rounded to a float (0.0 below 1e-308)."""
    n = _check_grid(n, rules, max_states, budget, False)
    off = offset(convention)
    for a in range(1, off + 1):
        yield [0.0] * n
    for a, line, scale in _grid_lines(n, rules, convention):
        yield [scale.as_float(v) for v in line[1:]]


def needed_table(max_defenders=200, levels=NEEDED_LEVELS, *, rules=STANDARD, convention="territory",
                 max_states=DEFAULT_MAX_STATES):
    """{p: [fewest attackers for P(win) >= p against D, for D = 1..max_defenders]} (in `convention`).

    One backward sweep over attackers serves every D and every p at once."""
    D = check_int("max_defenders", max_defenders, 1)
    check_size(D * D, max_states, f"troops-needed tables up to {D} defenders", "max_defenders")
    levels = sorted(check_probability("levels", p) for p in levels)
    off = offset(convention)
    model = as_model(rules)
    scale = scale_for(model)
    answer = {p: [None] * D for p in levels}
    next_level = [0] * (D + 1)          # per defender count: index of the first level not yet met
    open_columns = D
    for a, line in win_lines(model, scale, D, "attackers"):
        if a == 0:
            continue
        for d in range(1, D + 1):
            k = next_level[d]
            if k == len(levels):
                continue
            num, exps = line[d]
            den = scale.den(exps)
            while k < len(levels) and num * levels[k].denominator >= levels[k].numerator * den:
                answer[levels[k]][d - 1] = a + off
                k += 1
            next_level[d] = k
            if k == len(levels):
                open_columns -= 1
        if not open_columns:
            return answer


def needed_tables(max_defenders=200, levels=NEEDED_LEVELS, convention="territory"):
    """Troops-needed tables for standard and capital defence: {"standard": table, "capital": table}."""
    return {name: needed_table(max_defenders, levels, rules=r, convention=convention)
            for name, r in (("standard", STANDARD), ("capital", CAPITAL))}


def _fraction_text(f):
    return f"{f.numerator}/{f.denominator}"


def write_win_grid_csv(path, grid, header=""):
    """CSV of an exact grid: row per attackers, column per defenders, exact fractions."""
    with open(path, "w", newline="\n") as out:
        out.write(header)
        n = len(grid) - 1
        out.write("attackers\\defenders," + ",".join(map(str, range(1, n + 1))) + "\n")
        for a in range(1, n + 1):
            out.write(f"{a}," + ",".join(_fraction_text(f) for f in grid[a][1:]) + "\n")


def write_float_grid(csv_path, npy_path, rows, n, header=""):
    """Stream float rows (attackers 1..n x defenders 1..n) to a CSV and a float64 .npy file."""
    with open(csv_path, "w", newline="\n") as csv, open(npy_path, "wb") as npy:
        csv.write(header)
        csv.write("attackers\\defenders," + ",".join(map(str, range(1, n + 1))) + "\n")
        npy.write(_npy_header((n, n)))
        for a, row in enumerate(rows, start=1):
            csv.write(f"{a}," + ",".join(repr(x) for x in row) + "\n")
            npy.write(struct.pack(f"<{len(row)}d", *row))


def _npy_header(shape):
    """NPY format 1.0 header for a C-order little-endian float64 array (no NumPy needed)."""
    text = "{'descr': '<f8', 'fortran_order': False, 'shape': (%s), }" % (
        "".join(f"{s}, " for s in shape).rstrip(" ") if len(shape) > 1 else f"{shape[0]},")
    pad = 64 - (10 + len(text) + 1) % 64
    text = text + " " * pad + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(text)) + text.encode("latin1")


def write_needed_csv(path, table, header=""):
    """CSV of a troops-needed table: row per defenders, column per probability level."""
    levels = sorted(table)
    D = len(table[levels[0]])
    with open(path, "w", newline="\n") as out:
        out.write(header)
        out.write("defenders," + ",".join(f"p>={float(p):g}" for p in levels) + "\n")
        for d in range(D):
            out.write(f"{d + 1}," + ",".join(str(table[p][d]) for p in levels) + "\n")
