"""Part 2's table of a turn's placements: for each way to split the new armies between the two
territories that attack, the best real play's chance (every way to play, roll by roll) and the
best plan fixed in advance's (decisions.placed_turn), each number computed by the engine at build
time through its recipe key (facts.py: turn/NAME/placed/TERRITORY/N/FAMILY)."""
from markupsafe import Markup, escape

from . import decisions
from .tables import _num, stacked, wrap


def placements_table(name: str) -> Markup:
    """One row per placement of TURNS[name]'s new armies (n on the first territory, the rest on the
    other): the armies placed on each, the best play's chance, the best fixed plan's."""
    mine, _, R, goal = decisions.TURNS[name]
    first, other = list(mine)
    head = [f"new armies on {escape(first)} + {escape(other)}", "best play, roll by roll", "best plan fixed in advance"]
    rows = []
    for territory, n in decisions.placements(name):
        label = f"{n} + {R - n}"
        rows.append((label, [_num(f"turn/{name}/placed/{territory}/{n}/{family}", "pct1")
                             for family in ("real", "fixed")]))
    return wrap(f"table-placements-{name}", f"The chance to take {goal}, for each way to place the {R} new armies",
                stacked(head, rows), "placements stack")
