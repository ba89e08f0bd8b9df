"""P(attacker wins) over a grid of army sizes, and along the diagonal of equal armies."""
import numpy as np

from .style import COLORS, INK, figure, svg_bytes


def make_heatmap(grid: np.ndarray, n: int = 60) -> bytes:
    """grid[a-1, d-1] = P(win) with a attacking armies against d defenders."""
    fig, ax = figure(6.4, 5.4)
    sub = grid[:n, :n]
    im = ax.imshow(sub, origin="lower", cmap="viridis", vmin=0, vmax=1, extent=(0.5, n + 0.5, 0.5, n + 0.5),
                   interpolation="nearest")
    ax.contour(np.arange(1, n + 1), np.arange(1, n + 1), sub, levels=[0.5], colors="white", linewidths=1.4)
    ax.plot([1, n], [1, n], color=INK, lw=0.8, ls=":")
    ax.grid(False)
    ax.set(xlabel="defenders", ylabel="attacking armies", title="P(attacker wins); white line: 50 %")
    fig.colorbar(im, ax=ax, shrink=0.85)
    fig.tight_layout()
    return svg_bytes(fig, f"Win probability heat map, up to {n} x {n}",
                     f"Heat map of the attacker's exact probability of winning for 1 to {n} attacking armies "
                     f"against 1 to {n} defenders. A white contour marks 50 %; it runs below the dotted diagonal "
                     "of equal armies, so an equal fight favours the attacker.")


def make_equal(diag: np.ndarray, marks: dict) -> bytes:
    """diag[k-1] = P(win) for k attacking armies against k defenders; marks: {k: p} labelled."""
    fig, ax = figure(7.0, 3.8)
    ks = np.arange(1, len(diag) + 1)
    ax.plot(ks, diag, color=COLORS["standard"], lw=1.6)
    ax.set_xscale("log")
    for k, p in sorted(marks.items()):
        ax.plot([k], [p], "o", color=COLORS["exact"], ms=4)
        ax.annotate(f"{k}: {p:.3f}", (k, p), textcoords="offset points", xytext=(4, -12), fontsize=8, color=INK)
    ax.axhline(0.5, color=INK, lw=0.7, ls=":")
    ax.set(xlabel="armies on each side (attacking convention, log scale)", ylabel="P(attacker wins)",
           title="Equal armies: the attacker's edge grows with size", ylim=(0, 1))
    fig.tight_layout()
    return svg_bytes(fig, "Win probability with equal armies",
                     f"P(attacker wins) when both sides have k armies, k from 1 to {len(diag)} on a log axis. "
                     "It starts below one half for tiny battles and rises steadily: the 3 v 2 round favours the attacker.")
