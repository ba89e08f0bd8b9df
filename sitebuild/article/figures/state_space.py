"""The battle as a grid of states (a, d): where the round rules change, and where it ends."""
from .style import COLORS, INK, WIDE, Layout, figure, svg_bytes, wrap


def make(A: int = 12, D: int = 7, layout: Layout = WIDE) -> bytes:
    """The legend sits beside the grid on a desktop, under it on a phone."""
    fig, ax = figure(*((layout.width, 6.2) if layout.narrow else (7.0, 4.6)))
    groups = {"full": [], "edge": [], "end_loss": [], "end_win": []}
    for a in range(A + 1):
        for d in range(D + 1):
            if a == 0 and d == 0:
                continue
            if a == 0:
                groups["end_loss"].append((a, d))
            elif d == 0:
                groups["end_win"].append((a, d))
            elif a >= 3 and d >= 2:
                groups["full"].append((a, d))
            else:
                groups["edge"].append((a, d))
    style = {
        "full": (COLORS["standard"], "o", "3 v 2 region: every round the same (closed form)"),
        "edge": (COLORS["gpu"], "s", "edges: fewer dice (small dynamic program)"),
        "end_loss": (COLORS["exact"], "X", "attacker wiped out (a = 0)"),
        "end_win": (COLORS["accent"], "D", "territory taken (d = 0)"),
    }
    for key, pts in groups.items():
        c, m, label = style[key]
        ax.scatter([p[1] for p in pts], [p[0] for p in pts], c=c, marker=m, s=26, label=label, zorder=3)
    ax.add_patch(__import__("matplotlib.patches", fromlist=["Rectangle"]).Rectangle(
        (1.5, 2.5), D - 1.2, A - 1.7, fill=False, ec=COLORS["standard"], lw=1.2, ls="--"))
    # the three moves of a 3 v 2 round from one state
    a0, d0 = A - 3, D - 2
    for da, dd, txt in ((0, 2, "2890"), (1, 1, "2611"), (2, 0, "2275")):
        ax.annotate("", xy=(d0 - dd, a0 - da), xytext=(d0, a0),
                    arrowprops={"arrowstyle": "->", "color": INK, "lw": 1.1})
        ax.text(d0 - dd - 0.15, a0 - da - 0.55, txt, fontsize=layout.small, color=INK, ha="center")
    ax.set(xlabel="defenders d", ylabel="attacking armies a", xlim=(-0.6, D + 0.6), ylim=(-0.8, A + 0.8),
           title=wrap(f"States of a battle from ({A}, {D}): each round moves down-left", layout, 34))
    ax.set_xticks(range(D + 1))
    ax.set_yticks(range(0, A + 1, 2))
    if layout.narrow:
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.16), fontsize=layout.small, handletextpad=0.3,
                  labels=[wrap(style[k][2], layout, 34) for k in groups])
    else:
        ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=layout.small)
    fig.tight_layout()
    return svg_bytes(fig, "The state space of a battle",
                     f"A grid of states, attacking armies 0 to {A} against defenders 0 to {D}. States with at "
                     "least 3 attackers and 2 defenders form the full-dice region, where every round has "
                     "the same three outcomes (counts 2890, 2611 and 2275 out of 7776); the rows a = 1, 2 "
                     "and the column d = 1 roll fewer dice; the battle ends on the axes a = 0 or d = 0.")
