"""Equal armies when the defender chooses its dice after the attacker's roll."""
import numpy as np

from .style import COLORS, INK, WIDE, Layout, figure, svg_bytes, wrap


def make_equal_choice(standard: list[float], after: list[float], rule: list[float], k: int,
                      layout: Layout = WIDE) -> bytes:
    """Each list: P(win) at j v j on the board, j = 1..n (j = 1 cannot attack: 0). standard: the
    defender rolls the most dice it may; after: it chooses after the roll, best play; rule: it
    rolls one die when the attacker's second-highest die is k or more."""
    n = len(standard)
    js = np.arange(2, n + 1)
    fig, ax = figure(*((layout.width, 4.4) if layout.narrow else (7.0, 3.8)))
    ax.plot(js, standard[1:], color=COLORS["standard"], lw=1.6, label="most dice (standard)")
    ax.plot(js, after[1:], color=COLORS["exact"], lw=2.6, label="best choice after the roll")
    ax.plot(js, rule[1:], color=COLORS["gpu"], lw=1.2, ls=(0, (3, 2)), label=f"one die on a {k} or more")
    ax.axhline(0.5, color=INK, lw=0.7, ls=":")
    ax.set(xlim=(0, n), ylim=(0, 1), xlabel=wrap("armies on each side, counted on the board", layout, 36),
           ylabel="P(attacker wins)",
           title=wrap("Equal armies when the defender picks its dice", layout, 34))
    ax.legend(loc="lower right", fontsize=layout.small)
    fig.tight_layout()
    even = next((j for j, p in zip(js, standard[1:]) if p >= 0.5), None)
    top = max(after)
    where = "stays below one half" if top < 0.5 else "also passes one half"
    gap = max(r - a for r, a in zip(rule, after)) * 100
    return svg_bytes(fig, "Equal armies with a choosing defender",
                     f"P(attacker wins) when both territories hold j armies, j from 2 to {n}, three curves. "
                     f"When the defender always rolls the most dice it may, the chance passes one half at {even} "
                     f"against {even} and reaches {standard[-1]:.0%} at {n}. When the defender chooses after "
                     f"seeing the attacker's roll, it {where}, {top:.1%} at most. A defender that rolls one die "
                     f"whenever the attacker's second-highest die is {k} or more gives the attacker at most "
                     f"{gap:.1f} points more than its best choice.")
