"""HTML tables of the article, generated from the engine (numbers marked as computed).

Every table fits a 390 px phone: narrow ones as they are (their headings wrap), and the few with
too many columns for that (`stacked`) turn into one card per row on a phone, each value under its
column's name (data-label; the table keeps its roles, so a screen reader still reads a table).
Each sits in a region (`wrap`) that scrolls sideways should a table still not fit (a larger font),
so the region is focusable and named by the table's caption (the pattern of Adrian Roselli's
"Under-Engineered Responsive Tables")."""
import re

from markupsafe import Markup, escape

from . import facts, fmt

NBSP = "\u00a0"
STANDARD_ROUNDS = ["3v2", "3v1", "2v2", "2v1", "1v2", "1v1"]
CAPITAL_ROUNDS = ["3v3", "2v3", "1v3"]


def _num(key: str, style: str) -> str:
    return str(fmt.span(key, facts.value(key), style))


def stacked(head: list[str], rows: list[tuple[str, list[str]]]) -> str:
    """thead and tbody of a table that becomes cards on a phone: `head` the column names (the first
    names the row headers' column), `rows` (row header HTML, [cell HTML]). Every cell carries its
    column's name (data-label) and every element its table role, which CSS display would drop."""
    names = [re.sub(r"<[^>]+>", "", re.sub(r"<sup>(\d+)</sup>", lambda m: m.group(1).translate(fmt.SUPERSCRIPT), h))
             for h in head]
    ths = "".join(f'<th scope=col role="columnheader">{h}</th>' for h in head)
    body = "".join(
        f'<tr role="row"><th scope=row role="rowheader">{row}</th>'
        + "".join(f'<td role="cell" data-label="{escape(name)}">{cell}</td>' for name, cell in zip(names[1:], cells))
        + "</tr>" for row, cells in rows)
    return f'<thead role="rowgroup"><tr role="row">{ths}</tr></thead><tbody role="rowgroup">{body}</tbody>'


def wrap(table_id: str, caption: str, inner: str, cls: str = "") -> Markup:
    """A <table> (thead, tbody... as `inner`) in a focusable scroll region, under its caption.

    The caption is a <figcaption> outside the region, so it keeps the column's width while the
    table scrolls; the region and the table are both named by it."""
    cap = f"{table_id}-caption"
    klass = f' class="{cls}"' if cls else ""
    role = ' role="table"' if 'role="rowgroup"' in inner else ""
    return Markup(f'<figure class="article-table" id="{table_id}"><figcaption id="{cap}">{escape(caption)}</figcaption>'
                  f'<div class="table-wrap" role="region" tabindex="0" aria-labelledby="{cap}">'
                  f'<table{klass}{role} aria-labelledby="{cap}">{inner}</table></div></figure>')


def outcome_table(rules: str, rounds: list[str], caption: str) -> Markup:
    """Rows: dice rolled (with the number of all rolls); columns: attacker loses 0..3 (the rolls
    that do it, and what the defender loses)."""
    width = max(min(int(r[0]), int(r[2])) for r in rounds)
    head = "".join(f"<th scope=col>attacker loses {k}</th>" for k in range(width + 1))
    rows = []
    for r in rounds:
        m = min(int(r[0]), int(r[2]))
        cells = []
        for k in range(width + 1):
            if k > m:
                cells.append("<td>—</td>")
                continue
            key = f"outcome/{rules}/{r}/{k}"
            cells.append(f"<td>{_num(key, 'int')}<small>{escape(f'defender loses {m - k}')}</small></td>")
        total = _num(f"outcome/{rules}/{r}/total", "int")
        rows.append(f"<tr><th scope=row>{r[0]} v {r[2]}<small>{total} rolls</small></th>{''.join(cells)}</tr>")
    return wrap(f"table-outcomes-{rules}", caption,
                f"<thead><tr><th scope=col>dice</th>{head}</tr></thead>"
                f"<tbody>{''.join(rows)}</tbody>", "outcomes")


def end_states_table(A: int, D: int) -> Markup:
    """The ten ways of losing all A attacking armies, by defenders left."""
    rows = "".join(
        f"<tr><td>{d}</td><td>{D - d}</td><td>{_num(f'battle/{A}/{D}/attacking/std/end_0_{d}', 'sci3')}</td></tr>"
        for d in range(1, D + 1))
    total = _num(f"battle/{A}/{D}/attacking/std/loss", "sci3")
    return wrap(f"table-end-states-{A}v{D}", f"All {A} attacking armies lost, by defenders left",
                "<thead><tr><th scope=col>defenders left</th><th scope=col>defenders killed</th>"
                f"<th scope=col>probability</th></tr></thead><tbody>{rows}</tbody>"
                f"<tfoot><tr><th scope=row colspan=2>all {A} lost</th><td>{total}</td></tr></tfoot>")


def needed_table(D: int, levels: list[str]) -> Markup:
    rows = []
    for p in levels:
        s = _num(f"needed/{D}/{p}/territory/std", "int")
        c = _num(f"needed/{D}/{p}/territory/cap", "int")
        rows.append(f"<tr><td>{float(p):.0%}</td><td>{s}</td><td>{c}</td></tr>")
    return wrap(f"table-needed-{D}", f"Armies on the attacking territory needed against {D} defenders",
                "<thead><tr><th scope=col>P(win) at least</th><th scope=col>standard</th>"
                f"<th scope=col>capital</th></tr></thead><tbody>{''.join(rows)}</tbody>")


def _powers(text: str) -> Markup:
    """'10^12' -> 10<sup>12</sup>."""
    return Markup(re.sub(r"10\^(\d+)", r"10<sup>\1</sup>", str(escape(text))))


def history_table(rows: list[dict]) -> Markup:
    """Earlier measurements (not ours, not computed): quoted from the author's notes."""
    body = "".join(
        f"<tr><td>{escape(r['what'])}</td><td data-source=history>{_powers(r['runs'])}</td>"
        f"<td data-source=history>{escape(r['time'])}</td><td data-source=history>{escape(r['max_lost'])}</td></tr>"
        for r in rows)
    return wrap("table-history", "Earlier work (the author's first attempts; the GPU rows carry the kernel's "
                "defects described below)",
                "<thead><tr><th scope=col>how</th><th scope=col>battles</th><th scope=col>time</th>"
                f"<th scope=col>most armies lost seen</th></tr></thead><tbody>{body}</tbody>", "history")


# The earlier GPU kernel's dice, one defect at a time (gpu_pipeline/rounds/legacy_model.py)
KERNEL_MODELS = [("fair", "fair dice (the game)"), ("biased-faces", "biased faces only"),
                 ("unsorted-rounds", "unsorted rounds only"), ("legacy-kernel", "both (the kernel as it ran)")]


def kernel_rounds_table(rounds: list[str]) -> Markup:
    """Rows: dice rolled; columns: dice models; cells: how often the attacker loses every pair."""
    head = "".join(f"<th scope=col>{escape(label)}</th>" for _, label in KERNEL_MODELS)
    rows = []
    for r in rounds:
        m = min(int(r[0]), int(r[2]))
        cells = "".join(f"<td>{_num(f'share/{model}/{r}/{m}', 'pct1')}</td>" for model, _ in KERNEL_MODELS)
        rows.append(f"<tr><th scope=row>{r[0]} v {r[2]}</th>{cells}</tr>")
    return wrap("table-kernel-rounds", "One round under each dice model: how often the attacker loses every pair "
                "(both armies when both sides roll two dice or more, else its one army)",
                f"<thead><tr><th scope=col>dice</th>{head}</tr></thead><tbody>{''.join(rows)}</tbody>", "kernel")


def kernel_table(A: int, D: int, runs: str, k: int) -> Markup:
    """Rows: dice models; columns: P(all A attacking armies lost against D), times the fair value,
    expected total losses in `runs` battles, P(k or more of them) and its '1 run in N'."""
    fair = f"battle/{A}/{D}/attacking/std/loss"
    rows = []
    for model, label in KERNEL_MODELS:
        loss = f"battle/{A}/{D}/attacking/{model}/loss"
        ge = f"mc/{loss}/{runs}/ge_{k}"
        rows.append((escape(label), [_num(loss, "sci4"), _num(f"div/{loss}/by/{fair}", "dec2"),
                                     _num(f"mc/{loss}/{runs}/expected", "dec3"), _num(ge, "pctg2"), _num(ge, "inv_big3")]))
    n = _powers(runs.replace("1e", "10^"))
    head = ["dice", f"P(all {A} lost)", "times fair", f"expected in {n} battles", f"P({k} or more in {n})", "one run in"]
    return wrap("table-kernel", f"All {A} attacking armies lost against {D}, under each dice model",
                stacked(head, rows), "kernel stack")


def keep_going_table(A: int, D: int, lost: list[int], standing: list[int]) -> Markup:
    """P(attacker wins) from the states of an A v D battle (attacking armies) after losing each
    of `lost` armies (a column each), with each of `standing` defenders still standing (a row each)."""
    head = "".join(f"<th scope=col>lost {n}, {A - n} left</th>" for n in lost)
    keys = [[f"battle/{A - n}/{d}/attacking/std/win" for n in lost] for d in standing]
    styles = fmt.distinct_styles([[facts.value(k) for k in row] for row in keys])   # neighbours told apart
    rows = "".join(
        f"<tr><th scope=row>{d}</th>" + "".join(f"<td>{_num(k, st)}</td>" for k, st in zip(row, srow)) + "</tr>"
        for d, row, srow in zip(standing, keys, styles))
    return wrap(f"table-keep-going-{A}v{D}", f"{A} attacking armies against {D}: the chance to win from here",
                f"<thead><tr><th scope=col>defenders standing</th>{head}</tr></thead><tbody>{rows}</tbody>", "keep-going")


def _pct_label(p: str) -> str:
    from fractions import Fraction
    return f"{float(Fraction(p)) * 100:g} %"


def thumb_table(bands: list[tuple[int, int]], levels: list[str]) -> Markup:
    """Rules of thumb: for each band of defenders D, the armies on the territory needed for each
    chance, "D + fewest to D + most" over the band (standard rules)."""
    def cell(p, lo, hi):
        key = f"margin/{p}/territory/std/{lo}/{hi}"
        least, most = facts.value(f"{key}/min"), facts.value(f"{key}/max")
        text = _num(f"{key}/min", "offset")
        # a range of armies wraps after "to" in a narrow column, never inside "D + 3"
        return f"<td>{text if least == most else text + NBSP + 'to ' + _num(f'{key}/max', 'offset')}</td>"
    head = "".join(f"<th scope=col>{escape(_pct_label(p))}</th>" for p in levels)
    rows = "".join(f"<tr><th scope=row>{lo} to {hi}</th>{''.join(cell(p, lo, hi) for p in levels)}</tr>"
                   for lo, hi in bands)
    return wrap("table-thumbs", "Armies on the attacking territory for a chance to win, against D defenders",
                f"<thead><tr><th scope=col>defenders D</th>{head}</tr></thead><tbody>{rows}</tbody>", "thumbs")


def needed_full_table(max_d: int, levels: list[str]) -> Markup:
    """Armies on the attacking territory needed against D = 1..max_d, standard rules, one column
    per chance: the exact table behind the rules of thumb."""
    head = "".join(f"<th scope=col>{escape(_pct_label(p))}</th>" for p in levels)
    rows = "".join(f"<tr><th scope=row>{d}</th>"
                   + "".join(f"<td>{_num(f'needed/{d}/{p}/territory/std', 'int')}</td>" for p in levels) + "</tr>"
                   for d in range(1, max_d + 1))
    return wrap(f"table-needed-1-{max_d}", f"Armies on the attacking territory needed against 1 to {max_d} defenders",
                f"<thead><tr><th scope=col>defenders</th>{head}</tr></thead><tbody>{rows}</tbody>")


def continents_table(defenders: list[int], levels: list[str]) -> Markup:
    """For each continent, its cheapest entry (decisions.continent_needed) and the armies on it that
    take the whole continent with each chance, when every territory holds d armies (one column group
    per d). A card per continent on a phone. The numbers are the best real play's where the build
    searched it, else the best fixed plan's (decisions.continent_needed_real, which the build keeps
    in the facts under the same keys); the article says which, row by row."""
    from riskodds.facts import board

    from . import decisions
    head = ["continent"] + [f"{d} on each, {escape(_pct_label(p))}" for d in defenders for p in levels]
    rows = []
    for name in board.MEMBERS:
        entry = decisions.continent_needed(name, defenders[0])["entry"]
        cells = []
        for d in defenders:
            found = decisions.continent_needed(name, d)
            if found["entry"] != entry:
                raise ValueError(f"{name}: the cheapest entry differs with {d} on each; the table has one column of entries")
            cells += [_num(f"turn/needed/{name}/{entry}/{d}/{p}", "int") for p in levels]
        rows.append((f"{escape(name)} ({board.BONUS[name]}), from {escape(entry)}", cells))
    # what each row counts (roll by roll, or a plan fixed in advance) is said continent by continent
    # under the table's lead (context.continent_rows)
    return wrap("table-continents", "Armies on the territory you attack from, to take a whole continent this turn, "
                "by the armies on each of its territories and the chance", stacked(head, rows), "continents stack")


def details(summary: str, inner: Markup) -> Markup:
    """`inner` folded away under a one-line summary the reader clicks to open."""
    return Markup(f"<details><summary>{escape(summary)}</summary>{inner}</details>")
