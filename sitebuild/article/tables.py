"""HTML tables of the article, generated from the engine (numbers marked as computed)."""
import re

from markupsafe import Markup, escape

from . import facts, fmt

STANDARD_ROUNDS = ["3v2", "3v1", "2v2", "2v1", "1v2", "1v1"]
CAPITAL_ROUNDS = ["3v3", "2v3", "1v3"]


def _num(key: str, style: str) -> str:
    return str(fmt.span(key, facts.value(key), style))


def outcome_table(rules: str, rounds: list[str], caption: str) -> Markup:
    """Rows: dice rolled; columns: attacker loses 0..3 (count and share of all rolls)."""
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
            cells.append(f"<td>{_num(key, 'int')}<br><small>{escape(f'defender loses {m - k}')}</small></td>")
        total = _num(f"outcome/{rules}/{r}/total", "int")
        rows.append(f"<tr><th scope=row>{r[0]} v {r[2]}</th>{''.join(cells)}<td>{total}</td></tr>")
    return Markup(f'<div class="table-wrap"><table class="outcomes"><caption>{escape(caption)}</caption>'
                  f"<thead><tr><th scope=col>dice</th>{head}<th scope=col>all rolls</th></tr></thead>"
                  f"<tbody>{''.join(rows)}</tbody></table></div>")


def end_states_table(A: int, D: int) -> Markup:
    """The ten ways of losing all A attacking armies, by defenders left."""
    rows = "".join(
        f"<tr><td>{d}</td><td>{D - d}</td><td>{_num(f'battle/{A}/{D}/attacking/std/end_0_{d}', 'sci3')}</td></tr>"
        for d in range(1, D + 1))
    total = _num(f"battle/{A}/{D}/attacking/std/loss", "sci3")
    return Markup(f'<div class="table-wrap"><table><caption>All {A} attacking armies lost, by defenders left</caption>'
                  "<thead><tr><th scope=col>defenders left</th><th scope=col>defenders killed</th>"
                  f"<th scope=col>probability</th></tr></thead><tbody>{rows}</tbody>"
                  f"<tfoot><tr><th scope=row colspan=2>all {A} lost</th><td>{total}</td></tr></tfoot></table></div>")


def needed_table(D: int, levels: list[str]) -> Markup:
    rows = []
    for p in levels:
        s = _num(f"needed/{D}/{p}/territory/std", "int")
        c = _num(f"needed/{D}/{p}/territory/cap", "int")
        rows.append(f"<tr><td>{float(p):.0%}</td><td>{s}</td><td>{c}</td></tr>")
    return Markup(f'<div class="table-wrap"><table><caption>Armies on the attacking territory needed against {D} '
                  "defenders</caption><thead><tr><th scope=col>P(win) at least</th><th scope=col>standard</th>"
                  f"<th scope=col>capital</th></tr></thead><tbody>{''.join(rows)}</tbody></table></div>")


def _powers(text: str) -> Markup:
    """'10^12' -> 10<sup>12</sup>."""
    return Markup(re.sub(r"10\^(\d+)", r"10<sup>\1</sup>", str(escape(text))))


def history_table(rows: list[dict]) -> Markup:
    """Earlier measurements (not ours, not computed): quoted from the author's notes."""
    body = "".join(
        f"<tr><td>{escape(r['what'])}</td><td data-source=history>{_powers(r['runs'])}</td>"
        f"<td data-source=history>{escape(r['time'])}</td><td data-source=history>{escape(r['max_lost'])}</td></tr>"
        for r in rows)
    return Markup('<div class="table-wrap"><table class="history"><caption>Earlier work (the author\'s first '
                  "attempts; GPU rows carry the dice bias and the over-count described below)</caption>"
                  "<thead><tr><th scope=col>how</th><th scope=col>battles</th><th scope=col>time</th>"
                  f"<th scope=col>most armies lost seen</th></tr></thead><tbody>{body}</tbody></table></div>")
