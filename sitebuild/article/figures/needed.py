"""Troops needed for a given chance of winning, against up to 200 defenders."""
from fractions import Fraction

from .style import COLORS, INK, WIDE, Layout, figure, svg_bytes, wrap

LEVELS = (Fraction(1, 2), Fraction(95, 100), Fraction(99, 100))
DASHES = {Fraction(1, 2): "-", Fraction(95, 100): "--", Fraction(99, 100): ":"}


def make(tables: dict, ratios: dict[str, float], layout: Layout = WIDE) -> bytes:
    """tables: riskodds.needed_tables output (territory convention); ratios: asymptotic A/D."""
    fig, (ax1, ax2, ax3) = figure(*((layout.width, 11.0) if layout.narrow else (7.5, 8.6)), nrows=3)
    D = len(tables["standard"][LEVELS[0]])
    ds = list(range(1, D + 1))
    for name in ("standard", "capital"):
        for p in LEVELS:
            col = tables[name][p]
            ax1.plot(ds, col, DASHES[p], color=COLORS[name], lw=1.3, label=f"{name}, p = {float(p):g}")
            ax2.plot(ds, [a / d for a, d in zip(col, ds)], DASHES[p], color=COLORS[name], lw=1.3)
        ax2.axhline(ratios[name], color=COLORS[name], lw=0.7, alpha=0.7)
        ax2.text(D, ratios[name], f" {ratios[name]:.4f}", va="center", fontsize=layout.small, color=INK)
    for p in LEVELS:
        s, c = tables["standard"][p], tables["capital"][p]
        ax3.plot(ds, [b / a for a, b in zip(s, c)], DASHES[p], color=COLORS["capital"], lw=1.3,
                 label=f"p = {float(p):g}")
    ax3.axhline(ratios["capital"] / ratios["standard"], color=INK, lw=0.7, ls=":")
    ax1.set(ylabel="armies on the territory",
            title=wrap("Troops needed for P(win) ≥ p (territory convention)", layout, 34))
    ax1.legend(fontsize=layout.small, ncol=1 if layout.narrow else 2)
    ax2.set(ylabel=wrap("troops needed / defenders", layout, 16), ylim=(0, 4),
            title=wrap("The ratio settles to the per-round loss ratio", layout, 34))
    ax3.set(xlabel="defenders", ylabel="capital / standard",
            title=wrap("A capital (3 defence dice) costs about twice the troops", layout, 34))
    ax3.legend(fontsize=layout.small)
    fig.tight_layout()
    return svg_bytes(fig, f"Troops needed against up to {D} defenders, standard and capital",
                     f"Three panels for 1 to {D} defenders: the fewest armies on the attacking territory for a "
                     "50 %, 95 % and 99 % chance of winning, standard (2 defence dice) and capital (3 dice); "
                     "that number divided by the defenders, tending to the per-round loss ratios "
                     f"{ratios['standard']:.4f} and {ratios['capital']:.4f}; and capital over standard.")
