"""Keep going? The chance to win from every state of one battle, as a map."""
import numpy as np

from .style import INK, WIDE, Layout, figure, svg_bytes, wrap

LEVELS = (0.5, 0.9, 0.99)
ON_MAP = "#000000"   # lines across the map: dark on its light colours in either site theme (not INK)
LABEL_PATCH = "#ffffff"   # behind each contour label


def make(grid: np.ndarray, A: int, D: int, marks: list[int], layout: Layout = WIDE) -> bytes:
    """grid[a-1, d-1] = P(attacker wins) with a attacking armies against d defenders, for a = 1..A
    and d = 1..D; marks: armies lost at which the story checks the position (a dotted line at
    A - lost attacking armies left)."""
    fig, ax = figure(*((layout.width, 6.2) if layout.narrow else (6.6, 5.2)))
    sub = grid[:A, :D]
    im = ax.imshow(sub, origin="lower", cmap="viridis", vmin=0, vmax=1, aspect="auto",
                   extent=(0.5, D + 0.5, 0.5, A + 0.5), interpolation="nearest")
    # the lines and their labels dark, each label on a light patch: black on the map's yellows and
    # greens, where these levels lie, passes WCAG AA; white would not
    cs = ax.contour(np.arange(1, D + 1), np.arange(1, A + 1), sub, levels=list(LEVELS), colors=ON_MAP,
                    linewidths=1.2, linestyles=["solid", "dashed", "dotted"])
    for label in ax.clabel(cs, fmt={lv: f"{lv:.0%}" for lv in LEVELS}, fontsize=layout.small, inline_spacing=2,
                           colors=ON_MAP):
        label.set_bbox({"facecolor": LABEL_PATCH, "edgecolor": "none", "pad": 0.6, "alpha": 0.85})
    for lost in marks:
        ax.axhline(A - lost, color=ON_MAP, lw=0.9, ls=(0, (2, 2)))
        ax.text(D + 0.6, A - lost, f"lost {lost}", va="center", ha="left", fontsize=layout.small, color=INK)
    ax.grid(False)
    ax.set_xticks(range(1, D + 1))
    ax.set(xlabel="defenders still standing", ylabel="attacking armies left",
           title=wrap(f"{A} against {D}: the chance to win from each point of the battle", layout, 34))
    bar = fig.colorbar(im, ax=ax, orientation="horizontal" if layout.narrow else "vertical",
                       fraction=0.05, pad=0.12 if layout.narrow else 0.14)
    bar.set_label("P(attacker wins from here)")
    fig.tight_layout()
    lines = ", ".join(f"{lv:.0%}" for lv in LEVELS)
    return svg_bytes(fig, f"Keep going? The chance to win from every point of {A} v {D}",
                     f"A map of the attacker's chance to win from each state of a battle that started at {A} "
                     f"attacking armies against {D} defenders: attacking armies left up the side, defenders still "
                     f"standing across. Black lines mark {lines}. Almost the whole map is above 99 %; the chance "
                     f"falls below one half only in the bottom rows, with few attacking armies left against many "
                     f"defenders. Dotted lines mark the story's checks after losing {', '.join(map(str, marks))}.")
