"""75 v 10: the chance of losing at least n attacking armies, exact against our simulations."""
import math

from ..fmt import sci
from .style import COLORS, INK, WIDE, Layout, figure, log_ticks, svg_bytes, wrap

SIM_COLORS = [COLORS["cpu"], COLORS["cpu2"], COLORS["gpu"], COLORS["capital"]]
Z95 = 1.959963984540054


def tail(p):
    """P(lost >= n) for each n, summed from the top so tiny tails keep their precision."""
    out, acc = [0.0] * len(p), 0.0
    for n in range(len(p) - 1, -1, -1):
        acc += p[n]
        out[n] = acc
    return out


def _poisson_cdf(k: int, mu: float) -> float:
    """P(X <= k) for X Poisson with mean mu (summed in log space; k small)."""
    if mu == 0:
        return 1.0
    return sum(math.exp(i * math.log(mu) - mu - math.lgamma(i + 1)) for i in range(k + 1))


def _solve(f, lo: float, hi: float) -> float:
    """The root of f on [lo, hi], where f(lo) and f(hi) have opposite signs, by bisection."""
    below = f(lo) < 0
    for _ in range(100):
        mid = (lo + hi) / 2
        if (f(mid) < 0) == below:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def poisson95(k: int) -> tuple[float, float]:
    """A 95 % interval for the mean of a Poisson count k: exact (Garwood: P(X >= k) = 0.025 at
    the lower end, P(X <= k) = 0.025 at the upper) up to k = 100, k +- 1.96 sqrt(k) above."""
    if k > 100:
        return k - Z95 * math.sqrt(k), k + Z95 * math.sqrt(k)
    upper = _solve(lambda mu: _poisson_cdf(k, mu) - 0.025, float(k), k + 20 + 10 * math.sqrt(k + 1))
    lower = 0.0 if k == 0 else _solve(lambda mu: (1 - _poisson_cdf(k - 1, mu)) - 0.025, 0.0, float(k))
    return lower, upper


def make(exact: list[float], sims: list, A: int, D: int, layout: Layout = WIDE) -> bytes:
    """exact[n] = P(n attacking armies lost); sims: simdata.Histogram list. One log-scale panel of
    P(lost >= n): the engine's curve, each simulation's share of battles with 95 % intervals, and
    one over its number of battles (dotted), below which a simulation sees nothing."""
    fig, ax = figure(*((layout.width, 5.0) if layout.narrow else (7.6, 4.4)))
    ns = list(range(len(exact)))
    ax.plot(ns, tail(exact), drawstyle="steps-post", color=COLORS["exact"], lw=1.8, label="exact (engine)")
    for i, h in enumerate(sims):
        c, N = SIM_COLORS[i % len(SIM_COLORS)], h.runs
        counts = list(h.attackers_lost) + [0] * (len(exact) - len(h.attackers_lost))
        at_least = tail([float(x) for x in counts])
        seen = [n for n in ns if at_least[n]]
        share = [at_least[n] / N for n in seen]
        bands = [poisson95(round(at_least[n])) for n in seen]
        lo = [s - b[0] / N for s, b in zip(share, bands)]
        hi = [b[1] / N - s for s, b in zip(share, bands)]
        ax.errorbar(seen, share, yerr=[lo, hi], fmt="o", ms=2.8, color=c, elinewidth=0.8, capsize=1.5,
                    label=f"simulation: {h.label}")
        ax.axhline(1 / N, color=c, lw=0.8, ls=":")
    p_all = exact[A]
    ax.annotate(f"all {A} lost:\n{sci(p_all, 2)}", xy=(A, p_all), xytext=(A - 22, 1e-4), color=INK,
                fontsize=layout.small, arrowprops={"arrowstyle": "->", "color": INK, "lw": 0.8})
    ax.set(yscale="log", ylim=(1e-16, 2), xlim=(0, A + 2), xlabel="attacking armies lost, n",
           ylabel="P(lose at least n)",
           title=wrap(f"{A} attacking armies against {D}: the chance of losing at least n", layout, 36)
           + "\n" + wrap("dotted: one over the number of battles simulated", layout, 36))
    log_ticks(ax, layout)
    ax.legend(loc="lower left", fontsize=layout.small)   # under the curve, left of the simulations' floor
    fig.tight_layout()
    runs = "; ".join(h.label for h in sims)
    return svg_bytes(fig, f"Losing at least n armies, {A} v {D}: exact against simulation",
                     f"A log-scale chart of the chance of losing at least n of {A} attacking armies against {D} "
                     f"defenders, for n from 0 to {A}. The exact curve falls steadily from 1 to about {sci(p_all, 2)} "
                     f"at all {A} lost. Our simulations ({runs}) follow it closely, with 95 % intervals, until "
                     "the share of battles reaches one over the number simulated; below that line they see nothing.")
