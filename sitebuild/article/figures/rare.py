"""Importance sampling against the exact answer, from 1e-3 down to 1e-301 (the pipeline's
rare_event_scaling.json: one run per event, estimates after 10**3, 10**4 and 10**5 battles).

Probabilities this small are handled as log10 values; matplotlib gets floats, which reach down
to about 1e-308, far enough for the rarest event (about 6.5e-302)."""
import math

from ..fmt import SUPERSCRIPT
from .style import COLORS, INK, WIDE, Layout, figure, log_ticks, svg_bytes, wrap

IS_COLOR, PLAIN_COLOR = COLORS["cpu"], COLORS["gpu"]


def _interval(point: dict) -> tuple[float, float, float]:
    """(estimate, lower error, upper error) of a ladder point, as floats for an error bar."""
    est = 10 ** point["log10_estimate"]
    return est, est - 10 ** point["log10_ci95_low"], 10 ** point["log10_ci95_high"] - est


def _bars(ax, xs, points, **kw):
    est, lo, hi = zip(*(_interval(p) for p in points))
    ax.errorbar(xs, est, yerr=[lo, hi], fmt="o", ms=4, color=IS_COLOR, elinewidth=1, capsize=2, **kw)


def make(events: list[dict], tail: list[float], loss_curve: list[tuple[int, float]],
         exact_log10: dict, layout: Layout = WIDE) -> bytes:
    """events: the scaling file's events (attacking armies, standard rules), from likely to rare;
    tail[n] = P(n or more attacking armies lost), 75 v 10 (exact, from the engine);
    loss_curve: (A, P(all A attacking armies lost against 10)) for many A (exact);
    exact_log10[(A, D, event)]: the engine's log10 p of each event.
    Four panels: two by two on a desktop, one above the other on a phone."""
    if layout.narrow:
        fig, (ax_tail, ax_loss, ax_ratio, ax_err) = figure(layout.width, 14.5, nrows=4)
    else:
        fig, ((ax_tail, ax_loss), (ax_ratio, ax_err)) = figure(8.0, 7.6, nrows=2, ncols=2)
    runs = events[0]["points"][-1]["runs"]
    last = [e["points"][-1] for e in events]

    # (a) 75 v 10, losing at least n: the exact tail and the estimates of "at least K"
    ks = [i for i, e in enumerate(events) if (e["attackers"], e["defenders"]) == (75, 10)]
    ns = list(range(len(tail)))
    ax_tail.plot(ns, tail, drawstyle="steps-post", color=COLORS["exact"], lw=1.5, label="exact (engine)")
    _bars(ax_tail, [events[i]["lost_at_least"] for i in ks], [last[i] for i in ks],
          label="importance sampling")
    ax_tail.axhline(1 / runs, color=PLAIN_COLOR, lw=0.9, ls=":")
    ax_tail.text(len(tail) - 1, 1.8 / runs, f"plain Monte Carlo,\n{runs:,} battles,\nsees nothing below",
                 fontsize=layout.small, color=INK, va="bottom", ha="right")
    ax_tail.set(yscale="log", ylim=(1e-14, 3), xlabel="attacking armies lost, n",
                title=wrap("75 v 10: P(lose at least n armies)", layout, 34))
    ax_tail.legend(loc="lower left", fontsize=layout.small, handlelength=1.2)

    # (b) all A attacking armies lost against 10 defenders, A up to about 1200
    ls = [i for i, e in enumerate(events) if e["event"] == "loss" and e["defenders"] == 10]
    ax_loss.plot([a for a, _ in loss_curve], [p for _, p in loss_curve], color=COLORS["exact"], lw=1.5)
    _bars(ax_loss, [events[i]["attackers"] for i in ls], [last[i] for i in ls])
    ax_loss.set(yscale="log", xlabel="attacking armies, A",
                title=wrap("P(all A attacking armies die against 10)", layout, 34))

    # (c) estimate / exact - 1, with its 95 % interval: the estimates hold to about 1 %
    ps = [10 ** exact_log10[e["attackers"], e["defenders"], e["event"]] for e in events]
    for p, e, pt in zip(ps, events, last):
        lx = exact_log10[e["attackers"], e["defenders"], e["event"]]
        dev = [100 * (10 ** (pt[k] - lx) - 1) for k in ("log10_estimate", "log10_ci95_low", "log10_ci95_high")]
        ax_ratio.errorbar([p], [dev[0]], yerr=[[dev[0] - dev[1]], [dev[2] - dev[0]]], fmt="o", ms=4,
                          color=IS_COLOR, elinewidth=1, capsize=2)
    ax_ratio.axhspan(-1, 1, color=IS_COLOR, alpha=0.12, lw=0)
    ax_ratio.axhline(0, color=COLORS["exact"], lw=1.2)
    ax_ratio.set(xscale="log", xlim=(max(ps) * 30, min(ps) / 30), ylim=(-3.5, 3.5), xlabel="exact probability p",
                 ylabel="estimate vs exact (%)",
                 title=wrap(f"Error of each estimate, {runs:,} battles, 95 % interval", layout, 34))

    # (d) relative standard error after the same battles: importance sampling v plain Monte Carlo
    ax_err.plot(ps, [pt["plain_mc_relative_error"] for pt in last], "-", color=PLAIN_COLOR, lw=1.5,
                label="plain Monte Carlo")
    ax_err.plot(ps, [pt["relative_std_error"] for pt in last], "o", ms=4, color=IS_COLOR,
                label="importance sampling")
    ax_err.set(xscale="log", yscale="log", xlim=ax_ratio.get_xlim(), xlabel="exact probability p",
               ylabel="relative standard error",
               title=wrap(f"Relative error after {runs:,} battles", layout, 34))
    ax_err.axhline(0.01, color=IS_COLOR, lw=0.8, ls=":")
    ax_err.text(ps[-1], 0.03, "1 %", fontsize=layout.small, color=INK, ha="right", va="bottom")
    ax_err.legend(loc="upper left", fontsize=layout.small)
    # decades every 50 (desktop) or 100 (phone): matplotlib's own choice lands on odd steps
    step = 100 if layout.narrow else 50
    ax_loss.set_yticks([10.0 ** -k for k in range(0, 301, step)])
    ax_loss.set_ylim(10.0 ** (min(exact_log10.values()) - 8), 10)
    for ax in (ax_ratio, ax_err):
        ax.set_xticks([10.0 ** -k for k in range(0, 301, step)])
    top = math.ceil(math.log10(max(pt["plain_mc_relative_error"] for pt in last)))
    ax_err.set_yticks([10.0 ** k for k in range(0, top + 1, step)])
    ax_err.set_ylim(1e-3, 10.0 ** (top + 5))
    for ax in (ax_tail, ax_loss, ax_err):
        log_ticks(ax, layout)
    for ax in (ax_ratio, ax_err):
        log_ticks(ax, layout, "x")
    fig.tight_layout()
    lo_p, hi_p = min(exact_log10.values()), max(exact_log10.values())
    sup = lambda x: str(round(x)).translate(SUPERSCRIPT)  # noqa: E731
    worst = max(abs(10 ** (pt["log10_estimate"] - exact_log10[e["attackers"], e["defenders"], e["event"]]) - 1)
                for e, pt in zip(events, last))
    plain = max(pt["plain_mc_relative_error"] for pt in last)
    return svg_bytes(fig, f"Importance sampling against the exact answer, from 10{sup(hi_p)} down to 10{sup(lo_p)}",
                     f"Four panels. Importance-sampling estimates after {runs:,} battles, with 95 % intervals, "
                     "lie on the exact curves: losing at least n armies in 75 v 10, and losing all of A "
                     f"attacking armies against 10 for A up to {loss_curve[-1][0]}. Across {len(events)} events "
                     f"from about 10{sup(hi_p)} down to 10{sup(lo_p)} every estimate is within "
                     f"{100 * worst:.1f} % of the exact value, while plain Monte Carlo's relative error at the "
                     f"same number of battles grows to 10^{math.floor(math.log10(plain))}.")
