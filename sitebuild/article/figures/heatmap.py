"""P(attacker wins) over a grid of army sizes, and along the diagonal of equal armies."""
import numpy as np

from .style import COLORS, INK, WIDE, Layout, figure, log_ticks, svg_bytes, wrap


ROWS = "armies on the attacking territory"


def make_heatmap(grid: np.ndarray, n: int = 60, layout: Layout = WIDE) -> bytes:
    """grid[t-1, d-1] = P(win) with t armies on the attacking territory against d defenders.
    The colour bar stands beside the map on a desktop, under it on a phone."""
    fig, ax = figure(*((layout.width, 5.0) if layout.narrow else (6.4, 5.4)))
    sub = grid[:n, :n]
    im = ax.imshow(sub, origin="lower", cmap="viridis", vmin=0, vmax=1, extent=(0.5, n + 0.5, 0.5, n + 0.5),
                   interpolation="nearest")
    ax.contour(np.arange(1, n + 1), np.arange(1, n + 1), sub, levels=[0.5], colors="white", linewidths=1.4)
    ax.plot([1, n], [1, n], color=INK, lw=0.8, ls=":")
    ax.grid(False)
    ax.set(xlabel="defenders", ylabel=ROWS,
           title="P(attacker wins)\nwhite line: 50 %" if layout.narrow else "P(attacker wins); white line: 50 %")
    if layout.narrow:
        fig.colorbar(im, ax=ax, orientation="horizontal", fraction=0.05, pad=0.14, aspect=30)
    else:
        fig.colorbar(im, ax=ax, shrink=0.85)
    fig.tight_layout()
    even = next(k for k in range(1, n + 1) if sub[k - 1, k - 1] >= 0.5)
    return svg_bytes(fig, f"Win probability heat map, up to {n} x {n}",
                     f"Heat map of the attacker's chance of winning for 1 to {n} armies on the attacking territory "
                     f"against 1 to {n} defenders. A white contour marks 50 %. It crosses the dotted diagonal of "
                     f"equal armies at {even} v {even}: a smaller equal fight on the board goes to the defender, a "
                     "larger one to the attacker.")


def make_equal(diag: np.ndarray, marks: dict, layout: Layout = WIDE) -> bytes:
    """diag[k-1] = P(win) for k armies on the attacking territory against k defenders; marks:
    {k: p} labelled."""
    fig, ax = figure(*((layout.width, 4.4) if layout.narrow else (7.0, 3.8)))
    ks = np.arange(1, len(diag) + 1)
    ax.plot(ks, diag, color=COLORS["standard"], lw=1.6)
    ax.set_xscale("log")
    log_ticks(ax, layout, "x")
    # the marked values as a small table in the empty lower right (labels beside the points
    # would collide where 10, 20, 30 and 40 crowd together on the log axis)
    ks = sorted(marks)
    ax.plot(ks, [marks[k] for k in ks], "o", color=COLORS["exact"], ms=4)
    table = dict(xy=(0.98, 0.03), xycoords="axes fraction", textcoords="offset points", fontsize=layout.small,
                 color=INK, va="bottom", ha="right", linespacing=1.2)
    ax.annotate("k\n" + "\n".join(map(str, ks)), xytext=(-4.2 * layout.small, 0), **table)
    ax.annotate("P(win)\n" + "\n".join(f"{marks[k]:.3f}" for k in ks), xytext=(0, 0), **table)
    ax.axhline(0.5, color=INK, lw=0.7, ls=":")
    ax.set(xlabel=wrap("armies on each side, counted on the board (log scale)", layout, 36),
           ylabel="P(attacker wins)", ylim=(0, 1),
           title=wrap("Equal armies: the attacker's edge grows with size", layout, 34))
    fig.tight_layout()
    return svg_bytes(fig, "Win probability with equal armies",
                     f"P(attacker wins) when the attacking territory and the defending one both hold k armies, k "
                     f"from 1 to {len(diag)} on a log axis. It starts below one half for small battles, since one "
                     "attacking army must stay behind, and rises steadily past it, since the 3 v 2 round favours "
                     "the attacker.")
