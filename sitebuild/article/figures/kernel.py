"""The earlier GPU kernel's dice against fair dice, one round type at a time."""
import numpy as np

from .style import COLORS, INK, WIDE, Layout, figure, svg_bytes, wrap


def make(rounds: list[str], shares: dict, labels: dict, layout: Layout = WIDE) -> bytes:
    """rounds: round types ("3v2", ...); shares[model][round]: P(the attacker loses every pair of
    dice compared) as floats; labels[model]: legend text. Grouped bars, one group per round type."""
    models = list(shares)
    colors = [COLORS["standard"], COLORS["gpu"], COLORS["accent"], COLORS["capital"]]
    fig, ax = figure(*((layout.width, 4.4) if layout.narrow else (7.2, 3.6)))
    xs = np.arange(len(rounds))
    width = 0.8 / len(models)
    for i, m in enumerate(models):
        vals = [shares[m][r] for r in rounds]
        bars = ax.bar(xs + (i - (len(models) - 1) / 2) * width, vals, width * 0.95, color=colors[i], label=labels[m])
        if not layout.narrow:
            for b, v in zip(bars, vals):
                ax.text(b.get_x() + b.get_width() / 2, v + 0.01, f"{v:.0%}", ha="center", va="bottom",
                        fontsize=layout.small, color=INK)
    ax.set_xticks(xs, [r.replace("v", " v ") for r in rounds])
    ax.set(ylim=(0, 1), xlabel="dice rolled, attacker v defender",
           ylabel=wrap("attacker loses every pair", layout, 26),
           title=wrap("One round: how often the attacker loses every pair of dice", layout, 34))
    ax.grid(axis="x", visible=False)
    ax.legend(fontsize=layout.small, loc="upper left")
    fig.tight_layout()
    parts = "; ".join(f"{r.replace('v', ' v ')}: " + ", ".join(f"{labels[m]} {shares[m][r]:.0%}" for m in models)
                      for r in rounds)
    return svg_bytes(fig, "Fair dice against the earlier kernel's dice, round by round",
                     "Grouped bars of how often the attacker loses every pair of dice in one round, for each "
                     f"kind of round. {parts}. The two nearly agree on 3 v 2 and 1 v 1. With the kernel's dice the "
                     "attacker loses far more often in 3 v 1 and 2 v 1, where only its first die counted, and "
                     "less often in 1 v 2 and 2 v 2.")
