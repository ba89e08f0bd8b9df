"""A chain campaign's score distribution, and single battles with attackers = defenders + delta."""
import numpy as np

from .style import COLORS, CYCLE, INK, WIDE, Layout, figure, svg_bytes, wrap


def scores(end_states: dict, territories: list[int]) -> dict[int, float]:
    """Score: attackers left when every territory fell, else minus the defenders still standing."""
    n = len(territories)
    out: dict[int, float] = {}
    for (conquered, att, dfd), p in end_states.items():
        s = att if conquered == n else -(dfd + sum(territories[conquered + 1:]))
        out[s] = out.get(s, 0.0) + float(p)
    return out


def make_scores(dist: dict[int, float], T: int, territories: list[int], p_win: float, layout: Layout = WIDE) -> bytes:
    fig, ax = figure(*((layout.width, 4.4) if layout.narrow else (7.5, 3.8)))
    xs = sorted(dist)
    ax.bar(xs, [dist[x] for x in xs], width=0.85,
           color=[COLORS["accent"] if x > 0 else COLORS["exact"] for x in xs])
    ax.set_yscale("log")
    ax.set_ylim(1e-12, 0.2)
    ax.axvline(0, color=INK, lw=0.7)
    ax.set(xlabel=wrap("score: armies left after the last conquest (> 0), or minus the defenders left standing (< 0)",
                       layout, 38),
           ylabel="probability (log scale)",
           title=wrap(f"{T} armies through {len(territories)} territories: P(all taken) = {p_win:.4f}", layout, 34))
    fig.tight_layout()
    return svg_bytes(fig, "Score distribution of a chain campaign",
                     f"Bar chart, log scale, of the final score of a chain campaign: {T} armies (territory "
                     f"convention) attack {len(territories)} territories holding {', '.join(map(str, territories))} "
                     "defenders in turn, leaving one army in each. Wins (positive scores) form one smooth hump; "
                     "losses leave gaps where whole territories' garrisons jump the count of defenders left, "
                     "and spikes where a battle stalls on a big garrison.")


def make_delta_lines(grid: np.ndarray, deltas=(-3, 0, 3, 6, 10), dmax: int = 200, layout: Layout = WIDE) -> bytes:
    """grid[a-1, d-1] = P(win), attacking convention."""
    fig, ax = figure(*((layout.width, 4.6) if layout.narrow else (7.0, 3.8)))
    for i, delta in enumerate(deltas):
        ds = np.array([d for d in range(1, dmax + 1) if 1 <= d + delta <= grid.shape[0]])
        ax.plot(ds, grid[ds + delta - 1, ds - 1], color=CYCLE[i % len(CYCLE)], lw=1.5,
                label=f"attackers = defenders {'+' if delta >= 0 else '−'} {abs(delta)}")
    ax.axhline(0.5, color=INK, lw=0.7, ls=":")
    ax.set(xlabel="defenders", ylabel="P(attacker wins)", ylim=(0, 1),
           title=wrap("A fixed head start matters less as armies grow", layout, 34))
    ax.legend(fontsize=layout.small, loc="lower right")
    fig.tight_layout()
    return svg_bytes(fig, "Win probability when attackers = defenders + delta",
                     f"Lines of P(attacker wins) against 1 to {dmax} defenders, one line per head start "
                     f"({', '.join(map(str, deltas))} attacking armies more than defenders). Every line tends "
                     "upwards, since the attacker's per-round edge accumulates, while a fixed head start counts for "
                     "less as the armies grow.")
