"""A chain campaign's score distribution (scored by the engine), and single battles with attackers = defenders + delta."""
import numpy as np

from .style import COLORS, CYCLE, INK, WIDE, Layout, figure, log_ticks, svg_bytes, wrap


def make_scores(scores: dict, T: int, territories: list[int], p_win, layout: Layout = WIDE) -> bytes:
    """scores: riskodds Campaign.scores, {score: P} (the engine scores every end state; the
    figure only draws). Each bar's SVG id is score_<score>, so a test can read the bars back."""
    fig, ax = figure(*((layout.width, 4.4) if layout.narrow else (7.5, 3.8)))
    xs = sorted(scores)
    bars = ax.bar(xs, [float(scores[x]) for x in xs], width=0.85,
                  color=[COLORS["accent"] if x > 0 else COLORS["exact"] for x in xs])
    for bar, x in zip(bars, xs):
        bar.set_gid(f"score_{x}")
    ax.set_yscale("log")
    log_ticks(ax, layout)
    ax.set_ylim(1e-12, 0.2)
    ax.axvline(0, color=INK, lw=0.7)
    ax.set(xlabel=wrap("score: armies left after the last conquest (> 0), or minus the defenders left standing (< 0)",
                       layout, 38),
           ylabel="probability (log scale)",
           title=wrap(f"{T} armies through {len(territories)} territories: P(all taken) = {float(p_win):.4f}", layout, 34))
    fig.tight_layout()
    return svg_bytes(fig, "Score distribution of a chain campaign",
                     f"Bar chart, log scale, of the final score of a chain campaign: {T} armies (territory "
                     f"convention) attack {len(territories)} territories holding {', '.join(map(str, territories))} "
                     "defenders in turn, leaving one army in each. Wins (positive scores) form one smooth hump; "
                     "losses zigzag, since the count of defenders left jumps by whole garrisons between "
                     "territories, with spikes where a battle stalls on a big garrison.")


def make_delta_lines(grid: np.ndarray, deltas=(-3, 0, 3, 6, 10), dmax: int = 200, layout: Layout = WIDE) -> bytes:
    """grid[t-1, d-1] = P(win), t armies on the attacking territory against d defenders."""
    fig, ax = figure(*((layout.width, 4.6) if layout.narrow else (7.0, 3.8)))
    for i, delta in enumerate(deltas):
        ds = np.array([d for d in range(1, dmax + 1) if 1 <= d + delta <= grid.shape[0]])
        ax.plot(ds, grid[ds + delta - 1, ds - 1], color=CYCLE[i % len(CYCLE)], lw=1.5,
                label=f"on the territory: defenders {'+' if delta >= 0 else '−'} {abs(delta)}")
    ax.axhline(0.5, color=INK, lw=0.7, ls=":")
    ax.set(xlabel="defenders", ylabel="P(attacker wins)", ylim=(0, 1),
           title=wrap("A fixed head start matters less as armies grow", layout, 34))
    ax.legend(fontsize=layout.small, loc="lower right")
    fig.tight_layout()
    return svg_bytes(fig, "Win probability when attackers = defenders + delta",
                     f"Lines of P(attacker wins) against 1 to {dmax} defenders, one line per head start "
                     f"({', '.join(map(str, deltas))} armies more on the attacking territory than defenders). Every line tends "
                     "upwards, since the attacker's per-round edge accumulates, while a fixed head start counts for "
                     "less as the armies grow.")
