"""Monte Carlo throughput: our measured runs (result files, benches) against earlier work."""
import numpy as np

from ..fmt import big
from .style import COLORS, INK, WIDE, Layout, figure, log_ticks, svg_bytes, wrap

KIND_COLOR = {"cpu": COLORS["cpu"], "gpu": COLORS["gpu"], "history": COLORS["history"]}


def make_throughput(rows: list[dict], layout: Layout = WIDE) -> bytes:
    """rows: {"label", "runs_per_s", "kind": cpu | gpu | history}, drawn in the given order.
    Each bar's label is a tick label to its left on a desktop, a line of text above it on a phone."""
    step = 0.8 if layout.narrow else 0.42  # inches per bar (on a phone: label lines, then the bar)
    fig, ax = figure(layout.width if layout.narrow else 7.5, step * len(rows) + 1.6)
    ys = np.arange(len(rows))[::-1]
    for y, r in zip(ys, rows):
        ax.barh(y, r["runs_per_s"], height=0.45 if layout.narrow else 0.8, color=KIND_COLOR[r["kind"]],
                hatch="//" if r["kind"] == "history" else None,
                edgecolor=INK if r["kind"] == "history" else "none", linewidth=0.3)
        ax.text(r["runs_per_s"] * 1.15, y, f"{big(r['runs_per_s'])}/s", va="center", fontsize=layout.small, color=INK)
        if layout.narrow:
            ax.text(1.2e4, y + 0.28, wrap(r["label"], layout, 44), va="bottom", fontsize=layout.small, color=INK,
                    linespacing=1.1)
    if layout.narrow:
        ax.set_yticks([])
        ax.set_ylim(-0.4, len(rows) + 0.1)
    else:
        ax.set_yticks(ys, [r["label"] for r in rows], fontsize=layout.small)
    ax.set_xscale("log")
    log_ticks(ax, layout, "x")
    ax.set_xlim(1e4, max(r["runs_per_s"] for r in rows) * (60 if layout.narrow else 30))
    ax.grid(axis="y", visible=False)
    ax.set(xlabel=wrap("battles per second (75 v 10, log scale)", layout, 38),
           title=wrap("Battles per second; hatched: the earlier work", layout, 36))
    fig.tight_layout()
    return svg_bytes(fig, "Monte Carlo throughput, CPU and GPU",
                     "Horizontal bars, log scale, of battles simulated per second: "
                     + "; ".join(f"{r['label']}: {big(r['runs_per_s'])}" for r in rows) + ". "
                     "Hatched bars are the earlier work, with biased dice.")


def make_sweep(report: dict, layout: Layout = WIDE) -> bytes:
    """The CUDA sweep (gpu_pipeline.launch_sweep, the `sweep` command): battles/s per block size and runs per thread."""
    rows = report["rows"]
    blocks = sorted({r["block"] for r in rows})
    rpts = sorted({r["runs_per_thread"] for r in rows})
    grid = np.full((len(blocks), len(rpts)), np.nan)
    for r in rows:
        grid[blocks.index(r["block"]), rpts.index(r["runs_per_thread"])] = r["battles_per_s"]
    fig, ax = figure(*((layout.width, 4.6) if layout.narrow else (6.0, 4.0)))
    im = ax.imshow(grid, cmap="viridis", aspect="auto", origin="lower")
    for i in range(len(blocks)):
        for j in range(len(rpts)):
            if not np.isnan(grid[i, j]):
                ax.text(j, i, f"{grid[i, j]:.2g}".replace("e+0", "e").replace("e+", "e"), ha="center", va="center",
                        fontsize=layout.small, color="white")
    ax.set_xticks(range(len(rpts)), rpts)
    ax.set_yticks(range(len(blocks)), blocks)
    ax.grid(False)
    ax.set(xlabel="battles per thread", ylabel="threads per block",
           title=wrap(f"CUDA sweep on {report['device']}", layout, 34))
    if layout.narrow:
        fig.colorbar(im, ax=ax, label="battles / s", orientation="horizontal", pad=0.2)
    else:
        fig.colorbar(im, ax=ax, label="battles / s")
    fig.tight_layout()
    best = report["best"]
    return svg_bytes(fig, "CUDA kernel sweep", f"Battles per second for each block size and battles per thread "
                     f"on {report['device']}; best {best['battles_per_s']:.3g}/s at block {best['block']}, "
                     f"{best['runs_per_thread']} per thread.")
