"""Balanced Blitz against true random dice: win chances by army size, the reshaping of the win
chance, and one battle's losses both ways. The numbers come from the engine (sitebuild/article/
blitz.py); these functions only draw."""
from .style import COLORS, INK, WIDE, Layout, figure, svg_bytes, wrap

TRUE, BLITZ = COLORS["standard"], COLORS["gpu"]     # true random: blue; Balanced Blitz: orange
BLITZ_LABEL = "Balanced Blitz"


def _both(ax, xs, true, blitz, layout, **kw):
    ax.plot(xs, true, color=TRUE, lw=1.6, label="true random", **kw)
    ax.plot(xs, blitz, color=BLITZ, lw=1.8, label=BLITZ_LABEL, **kw)


def _certain_from(ax, x, layout, text):
    ax.axvline(x, color=INK, lw=0.8, ls=":")
    ax.annotate(text, xy=(x, 0.5), xytext=(4, 0), textcoords="offset points", ha="left", va="center",
                fontsize=layout.small, color=INK)


def make_win_chance(equal: dict, row: dict, D: int, certain: tuple[int, int], layout: Layout = WIDE) -> bytes:
    """equal: {"n": [...], "true": [...], "blitz": [...]} P(attacker wins) for n v n;
    row: the same for n armies on the attacking territory against D defenders;
    certain: (n, T) from which each panel's Balanced Blitz win is certain (the engine's exact answer).
    Every count is of armies on the territory, as on the board."""
    if layout.narrow:
        fig, (ax1, ax2) = figure(layout.width, 8.4, nrows=2)
    else:
        fig, (ax1, ax2) = figure(8.0, 3.8, ncols=2)
    _both(ax1, equal["n"], equal["true"], equal["blitz"], layout)
    _both(ax2, row["n"], row["true"], row["blitz"], layout, marker="o", ms=2.5)
    _certain_from(ax1, certain[0], layout, f"certain\nfrom {certain[0]} v {certain[0]}")
    _certain_from(ax2, certain[1], layout, f"certain\nfrom {certain[1]}")
    for ax in (ax1, ax2):
        ax.set(ylim=(-0.02, 1.02), ylabel="P(attacker wins)")
    ax1.set(xlabel="armies on each side (on the board)", title=wrap("Equal armies, n v n", layout, 34))
    ax2.set(xlabel="armies on the attacking territory", title=wrap(f"Against {D} defenders", layout, 34))
    ax1.legend(fontsize=layout.small, loc="lower right")
    fig.tight_layout()
    return svg_bytes(fig, "Win chance, true random dice against Balanced Blitz",
                     f"Two panels of P(attacker wins), true random dice and Balanced Blitz: for equal armies "
                     f"from 1 to {equal['n'][-1]} on each side, and for 1 to {row['n'][-1]} armies on the "
                     f"attacking territory against {D} defenders. Balanced Blitz pulls every win chance away from one half: the "
                     f"favourite's chance grows faster and reaches exactly 1 (from {certain[0]} v {certain[0]}, "
                     f"and from {certain[1]} on the territory against {D}) while true random dice stay below it; an "
                     "underdog's falls to exactly 0.")


def make_reshape(curve: dict, zero: float, certain: float, layout: Layout = WIDE) -> bytes:
    """curve: {"p": true-random P(win) values, "g": Balanced Blitz P(win) of each};
    zero, certain: the true-random chances at or below which the attacker never wins and at or
    above which it always wins."""
    fig, ax = figure(*((layout.width, 4.6) if layout.narrow else (6.4, 4.2)))
    ax.plot([0, 1], [0, 1], color=TRUE, lw=1.2, ls="--", label="true random")
    ax.plot(curve["p"], curve["g"], color=BLITZ, lw=1.8, label=BLITZ_LABEL)
    pct = lambda x: f"{100 * x:.1f} %"  # noqa: E731
    for lo, hi, colour, text in ((0, zero, COLORS["exact"], f"≤ {pct(zero)}: never wins"),
                                 (certain, 1, COLORS["accent"], f"≥ {pct(certain)}: always wins")):
        ax.axvspan(lo, hi, color=colour, alpha=0.14, lw=0)
        ax.text((lo + hi) / 2, 0.5, text, rotation=90, ha="center", va="center", fontsize=layout.small, color=INK)
    ax.set(xlim=(0, 1), ylim=(-0.02, 1.02), xlabel="P(attacker wins), true random dice",
           ylabel=wrap("P(attacker wins), Balanced Blitz", layout, 22),
           title=wrap("Balanced Blitz reshapes every win chance the same way", layout, 34))
    # top left, beside the "never" band: both curves are low there
    ax.legend(fontsize=layout.small, loc="upper left", bbox_to_anchor=(zero + 0.01, 1.0),
              bbox_transform=ax.transData)
    fig.tight_layout()
    return svg_bytes(fig, "How Balanced Blitz changes a win chance",
                     "The attacker's Balanced Blitz win chance against its true-random win chance, for a "
                     f"fight to the end. It is exactly 0 up to {zero:.5f} and exactly 1 from {certain:.5f} on; "
                     "in between it is an S-shaped curve, steeper than the dashed diagonal (true random dice, unchanged), through one half.")


def _bars(ax, true, blitz):
    xs = range(len(true))
    ax.bar([x - 0.2 for x in xs], true, width=0.4, color=TRUE, label="true random")
    ax.bar([x + 0.2 for x in xs], blitz, width=0.4, color=BLITZ, label=BLITZ_LABEL)


def make_losses(att: dict, dfn: dict, T: int, D: int, rules: str, layout: Layout = WIDE) -> bytes:
    """T armies on the attacking territory (A = T - 1 fight) against D defenders.
    att: {"true": [...], "blitz": [...]} P(n attacking armies lost), n = 0..A (n = A: the
    attack failed); dfn: P(n defenders lost), n = 0..D (n = D: conquered)."""
    A = T - 1
    if layout.narrow:
        fig, (ax1, ax2) = figure(layout.width, 8.6, nrows=2)
    else:
        fig, (ax1, ax2) = figure(8.0, 3.9, ncols=2, gridspec_kw={"width_ratios": [A + 1, max(D + 1, 12)]})
    _bars(ax1, att["true"], att["blitz"])
    _bars(ax2, dfn["true"], dfn["blitz"])
    for ax, n in ((ax1, A), (ax2, D)):   # the last bar (all lost) gets its tick
        ax.set_xticks(sorted(set(range(0, n + 1, 5)) | {n}))
    ax1.set(xlabel=wrap(f"attacking armies lost ({A}: the attack fails)", layout, 34), ylabel="probability",
            title=wrap("Attacker's losses", layout, 34))
    ax2.set(xlabel=wrap(f"defenders lost ({D}: conquered)", layout, 34), ylabel="probability",
            title=wrap("Defender's losses", layout, 34))
    ax1.legend(fontsize=layout.small, loc="upper left")
    fig.suptitle(f"{T} on the territory v {D}\n({rules})" if layout.narrow
                 else f"{T} armies on the attacking territory v {D} defenders ({rules})", color=INK)
    fig.tight_layout()
    return svg_bytes(fig, f"One battle both ways: {T} v {D}, {rules}",
                     f"Bar charts of the attacking armies lost (0 to {A}) and defenders lost (0 to {D}) when {T} "
                     f"armies on a territory attack {D} ({rules}), true random dice beside Balanced Blitz. Balanced Blitz "
                     "removes the luckiest and unluckiest outcomes at both ends, piles probability onto "
                     "the typical ones, and moves some of the defender's wins to the attacker.")
