"""Importance sampling against the exact answer, from about 3e-3 down to 6.5e-302 (the
pipeline's rare_event_scaling.json: one run per event; the last estimate of each, after 10**5
battles): how far each estimate lies from the engine's value, with its 95 % interval.

Probabilities this small are handled as log10 values; matplotlib gets floats, which reach down
to about 1e-308, far enough for the rarest event (about 6.5e-302)."""
import math

from ..fmt import sci
from .style import COLORS, INK, WIDE, Layout, figure, log_ticks, svg_bytes, wrap

IS_COLOR = COLORS["cpu"]


def make(events: list[dict], exact_log10: dict, layout: Layout = WIDE) -> bytes:
    """events: the scaling file's events (attacking armies, standard rules), from likely to rare;
    exact_log10[(A, D, event)]: the engine's log10 p of each event. One panel: estimate against
    exact, in per cent, with each estimate's 95 % interval, over the exact probability."""
    fig, ax = figure(*((layout.width, 4.6) if layout.narrow else (7.4, 3.9)))
    runs = events[0]["points"][-1]["runs"]
    ps, worst = [], 0.0
    for e in events:
        pt = e["points"][-1]
        lx = exact_log10[e["attackers"], e["defenders"], e["event"]]
        dev = [100 * (10 ** (pt[k] - lx) - 1) for k in ("log10_estimate", "log10_ci95_low", "log10_ci95_high")]
        ps.append(10 ** lx)
        worst = max(worst, abs(dev[0]))
        ax.errorbar([ps[-1]], [dev[0]], yerr=[[dev[0] - dev[1]], [dev[2] - dev[0]]], fmt="o", ms=4,
                    color=IS_COLOR, elinewidth=1, capsize=2)
    ax.axhline(0, color=COLORS["exact"], lw=1.2)
    ax.set(xscale="log", xlim=(max(ps) * 30, min(ps) / 30), ylim=(-3.5, 3.5), xlabel="exact probability of the event",
           ylabel="estimate against exact (%)",
           title=wrap(f"Weighted simulation, {runs:,} battles per event: error and 95 % interval", layout, 36))
    step = 100 if layout.narrow else 50
    ax.set_xticks([10.0 ** -k for k in range(0, 301, step)])
    log_ticks(ax, layout, "x")
    ax.text(10 ** (0.4 * math.log10(min(ps))), -3.0, "red line: the exact value", fontsize=layout.small, color=INK,
            va="center", ha="center")
    fig.tight_layout()
    hi, lo = sci(max(e["exact"] for e in events), 2), sci(min(e["exact"] for e in events), 2)
    return svg_bytes(fig, f"Importance sampling against the exact answer, from {hi} down to {lo}",
                     f"Each dot is one of {len(events)} events, placed by its exact probability, from {hi} on the "
                     f"left down to {lo} on the right, and by how far the weighted simulation's estimate after "
                     f"{runs:,} battles lies from it, in per cent, with a 95 % interval. Across {len(events)} events "
                     f"every estimate is within {worst:.1f} % of the exact value.")
