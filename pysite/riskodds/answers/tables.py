"""Tables: win tables in either dice mode, the exact win grid, troops-needed tables, and their
CSV / .npy writers.

`win_table` answers the calculators' table (guarded by the request's budget). The grids and
needed tables build the site's downloads offline, so they take no time budget unless given one
(`budget`: seconds or a Budget; the default UNLIMITED)."""
import struct
from dataclasses import dataclass
from fractions import Fraction

from ..algorithms.reshape import win_chance_float
from ..algorithms.sweep import win_lines
from ..checks.battle_args import BALANCED_BLITZ, check_dice_mode
from ..checks.model import as_model, scale_for
from ..checks.rules import CAPITAL, STANDARD
from ..checks.validate import check_choice, check_int, check_probability, offset
from ..facts.limits import LIMITS
from ..guards.budget import UNLIMITED, as_budget, check_cost, check_size, guarded
from ..guards.cost import sweep_cost
from .battle import DEFAULT_MAX_STATES

DETAILS = ("summary", "full")


@dataclass(frozen=True)
class WinTable:
    """P(win) for attackers 1..max_attackers (rows) against defenders 1..max_defenders (columns),
    counted in `convention`, and on the diagonal of equal armies k v k (k = 1..min of both).
    Cells: exact Fractions (detail "full"), Approx values (detail "summary"), or floats of the
    Balanced Blitz chance (dice_mode "balanced-blitz", any detail: a real number, good to 1e-13)."""
    convention: str
    dice_mode: str
    rows: list
    equal_armies: list


@guarded
def win_table(max_attackers, max_defenders, *, convention, rules=STANDARD, dice_mode="true-random",
              detail="summary", max_states=DEFAULT_MAX_STATES, budget=None):
    """The calculators' win table (a WinTable): one backward sweep over attackers. A row whose
    attackers cannot attack (one army on the territory) holds zeros."""
    model = as_model(rules)
    mode = check_dice_mode(dice_mode, model)
    side = LIMITS["max_table_side"]
    n_a = check_int("max_attackers", max_attackers, 1, side)
    n_d = check_int("max_defenders", max_defenders, 1, side)
    detail = check_choice("detail", detail, DETAILS)
    off = offset(convention)
    check_size(n_a * n_d, max_states, f"a {n_a} x {n_d} table", "max_attackers")
    exact = detail == "full" and mode != BALANCED_BLITZ
    check_cost(sweep_cost(n_a, n_d, model, f"a {n_a:,} x {n_d:,} table" + (" of exact values" if exact else ""),
                          cells_out=n_a * n_d, text_out=exact), as_budget(budget),
               "max_attackers", 'Ask for detail="summary", or a smaller table.' if exact else "Ask for a smaller table.")
    scale = scale_for(model)
    if mode == BALANCED_BLITZ:
        cell = lambda v: win_chance_float(v[0], scale.den(v[1]))
    elif exact:
        cell = scale.fraction
    else:
        cell = scale.approx
    zero = cell(scale.zero)
    rows = [[zero] * n_d for _ in range(min(off, n_a))]
    equal = [zero] * min(off, n_a, n_d)      # k v k with k <= off: no attacking army
    # row of k armies (in `convention`) is line a = k - off of the sweep
    for a, line in win_lines(model, scale, n_d, "attackers"):
        if len(rows) == n_a:
            break
        if a >= 1:
            rows.append([cell(v) for v in line[1:n_d + 1]])
            if a + off <= n_d:
                equal.append(rows[-1][a + off - 1])
    return WinTable(convention, mode, rows, equal)

NEEDED_LEVELS = tuple(Fraction(k, 100) for k in (1, *range(5, 100, 5), 99))


def _grid_lines(n, model, convention):
    """Yield (attackers in `convention`, scaled line over defenders 0..n) for attackers 1..n."""
    off = offset(convention)
    scale = scale_for(model)
    for a, line in win_lines(model, scale, n, "attackers"):
        if a + off > n:
            return
        if a + off >= 1 and a >= 1:
            yield a + off, line, scale


def _check_grid(n, model, max_states, budget, exact):
    n = check_int("n", n, 1)
    check_size(n * n, max_states, f"a {n} x {n} grid", "n")
    check_cost(sweep_cost(n, n, model, f"a {n:,} x {n:,} grid", cells_out=n * n, text_out=exact),
          as_budget(budget), "n", "Ask for a smaller grid.")
    return n


@guarded
def win_grid(n, *, rules=STANDARD, convention="attacking", max_states=DEFAULT_MAX_STATES, budget=UNLIMITED):
    """Exact P(win) table: grid[a][d] for 0 <= a, d <= n (a in `convention`; row/column 0 are
    the trivial cases: no attackers -> 0, no defenders -> 1)."""
    model = as_model(rules)
    n = _check_grid(n, model, max_states, budget, True)
    off = offset(convention)
    grid = [[Fraction(0)] * (n + 1) for _ in range(n + 1)]
    for a in range(off, n + 1):
        grid[a][0] = Fraction(1) if a > off else Fraction(0)
    for a, line, scale in _grid_lines(n, model, convention):
        grid[a] = [Fraction(1)] + [scale.fraction(v) for v in line[1:]]
    return grid


@guarded
def win_grid_floats(n, *, rules=STANDARD, convention="attacking", max_states=DEFAULT_MAX_STATES,
                    budget=UNLIMITED):
    """Yield rows of float64 P(win) for attackers 1..n (in `convention`), defenders 1..n.

    Computed exactly, then each value correctly rounded to a float (0.0 below 1e-308)."""
    model = as_model(rules)
    n = _check_grid(n, model, max_states, budget, False)
    off = offset(convention)
    for a in range(1, off + 1):
        yield [0.0] * n
    for a, line, scale in _grid_lines(n, model, convention):
        yield [scale.as_float(v) for v in line[1:]]


@guarded
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
