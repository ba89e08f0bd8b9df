"""75 v 10: attacking armies lost, exact against simulated, on four scales."""
import math

from .style import COLORS, INK, WIDE, Layout, figure, log_ticks, svg_bytes

SIM_COLORS = [COLORS["cpu"], COLORS["cpu2"], COLORS["gpu"], COLORS["capital"]]


def tail(p):
    """P(lost >= n) for each n, summed from the top so tiny tails keep their precision."""
    out, acc = [0.0] * len(p), 0.0
    for n in range(len(p) - 1, -1, -1):
        acc += p[n]
        out[n] = acc
    return out


def make(exact: list[float], sims: list, A: int, D: int, layout: Layout = WIDE) -> bytes:
    """exact[n] = P(n attacking armies lost); sims: simdata.Histogram list.
    Four panels: two by two on a desktop, one above the other on a phone."""
    if layout.narrow:
        fig, (ax_pmf, ax_cdf, ax_log, ax_tail) = figure(layout.width, 12.4, nrows=4)
    else:
        fig, ((ax_pmf, ax_cdf), (ax_log, ax_tail)) = figure(8.0, 7.2, nrows=2, ncols=2)
    ns = list(range(len(exact)))
    cdf, acc = [], 0.0
    for x in exact:
        acc += x
        cdf.append(acc)
    for ax in (ax_pmf, ax_log):
        ax.plot(ns, exact, drawstyle="steps-mid", color=COLORS["exact"], lw=1.6, label="exact (engine)")
    ax_cdf.plot(ns, cdf, drawstyle="steps-post", color=COLORS["exact"], lw=1.6, label="exact (engine)")
    ax_tail.plot(ns, tail(exact), drawstyle="steps-post", color=COLORS["exact"], lw=1.6, label="exact (engine)")
    for i, h in enumerate(sims):
        c, N = SIM_COLORS[i % len(SIM_COLORS)], h.runs
        counts = list(h.attackers_lost) + [0] * (len(exact) - len(h.attackers_lost))
        seen = [n for n in ns if counts[n]]
        f = [counts[n] / N for n in seen]
        ax_pmf.plot(seen, f, "o", ms=3, color=c, label=h.label)
        sc, acc = [], 0
        for n in ns:
            acc += counts[n]
            sc.append(acc / N)
        ax_cdf.plot(ns, sc, "o", ms=2.5, color=c, label=h.label)
        # Poisson error bars: sqrt(k) counts; the lower end clipped inside the log axis
        lo = [min(x, x - max(counts[n] - math.sqrt(counts[n]), 0.0) / N) if counts[n] > 1 else x * 0.9
              for n, x in zip(seen, f)]
        hi = [math.sqrt(counts[n]) / N for n in seen]
        ax_log.errorbar(seen, f, yerr=[lo, hi], fmt="o", ms=3, color=c, elinewidth=0.8, capsize=1.5, label=h.label)
        tail_counts = tail([float(x) for x in counts])
        ts = [n for n in ns if tail_counts[n]]
        tv = [tail_counts[n] / N for n in ts]
        tlo = [min(v, v - max(tail_counts[n] - math.sqrt(tail_counts[n]), 0.0) / N) if tail_counts[n] > 1 else v * 0.9
               for n, v in zip(ts, tv)]
        thi = [math.sqrt(tail_counts[n]) / N for n in ts]
        ax_tail.errorbar(ts, tv, yerr=[tlo, thi], fmt="o", ms=2.5, color=c, elinewidth=0.8, capsize=1.5, label=h.label)
        ax_tail.axhline(1 / N, color=c, lw=0.8, ls=":")
    ax_pmf.set(title="Normalized: P(lost = n)", xlabel="attacking armies lost, n", ylabel="probability")
    ax_cdf.set(title="Cumulative: P(lost ≤ n)", xlabel="attacking armies lost, n", ylabel="probability")
    ax_log.set(title="Log scale: P(lost = n)", xlabel="attacking armies lost, n", yscale="log", ylim=(1e-16, 1))
    ax_tail.set(title="Log scale: P(lost ≥ n)\ndotted: 1 / runs" if layout.narrow else
                "Log scale: P(lost ≥ n); dotted: 1 / runs", xlabel="attacking armies lost, n",
                yscale="log", ylim=(1e-16, 1))
    for ax in (ax_pmf, ax_cdf):
        ax.set_xlim(0, 40)
    for ax in (ax_log, ax_tail):
        log_ticks(ax, layout)
    p_all = exact[A]
    ax_log.annotate(f"all {A} lost\n{p_all:.3g}", xy=(A, p_all), xytext=(A - 30, 1e-14),
                    color=INK, fontsize=layout.small, arrowprops={"arrowstyle": "->", "color": INK, "lw": 0.8})
    ax_cdf.legend(loc="lower right", fontsize=layout.small)
    fig.suptitle(f"{A} attacking v {D} defenders:\narmies lost" if layout.narrow else
                 f"{A} attacking armies against {D} defenders: armies lost", color=INK)
    fig.tight_layout()
    return svg_bytes(fig, f"Attacking armies lost, {A} v {D}: exact against simulation",
                     f"Four panels comparing the exact distribution of attacking armies lost in a {A} v {D} "
                     f"battle with Monte Carlo histograms ({'; '.join(h.label for h in sims)}). "
                     "On linear scales they agree; on log scales the simulations stop near 1 / runs, "
                     f"while the exact curve continues down to the spike at {A} lost, about {p_all:.2g}.")
