"""Monte Carlo throughput: our measured runs (result files, benches) against earlier work."""
import numpy as np

from .style import COLORS, INK, figure, svg_bytes

KIND_COLOR = {"cpu": COLORS["cpu"], "gpu": COLORS["gpu"], "history": COLORS["history"]}


def make_throughput(rows: list[dict]) -> bytes:
    """rows: {"label", "runs_per_s", "kind": cpu | gpu | history}, drawn in the given order."""
    fig, ax = figure(7.5, 0.42 * len(rows) + 1.4)
    ys = np.arange(len(rows))[::-1]
    for y, r in zip(ys, rows):
        ax.barh(y, r["runs_per_s"], color=KIND_COLOR[r["kind"]], hatch="//" if r["kind"] == "history" else None,
                edgecolor=INK if r["kind"] == "history" else "none", linewidth=0.3)
        ax.text(r["runs_per_s"] * 1.15, y, f"{r['runs_per_s']:.3g}/s", va="center", fontsize=8, color=INK)
    ax.set_yticks(ys, [r["label"] for r in rows], fontsize=8)
    ax.set_xscale("log")
    ax.set_xlim(1e4, max(r["runs_per_s"] for r in rows) * 30)
    ax.grid(axis="y", visible=False)
    has_gpu = any(r["kind"] == "gpu" for r in rows)
    ax.set(xlabel="battles per second (75 v 10, log scale)",
           title="Throughput" + ("" if has_gpu else " — no GPU measurement of ours yet; hatched: earlier work"))
    fig.tight_layout()
    return svg_bytes(fig, "Monte Carlo throughput, CPU and GPU",
                     "Horizontal bars, log scale, of battles simulated per second: "
                     + "; ".join(f"{r['label']}: {r['runs_per_s']:.3g}" for r in rows) + ". "
                     + ("" if has_gpu else "No GPU run of our pipeline is included yet; hatched bars are "
                        "earlier work with biased dice."))


def make_sweep(report: dict) -> bytes:
    """The CUDA sweep (gpu_pipeline.sweep): battles/s per block size and runs per thread."""
    rows = report["rows"]
    blocks = sorted({r["block"] for r in rows})
    rpts = sorted({r["runs_per_thread"] for r in rows})
    grid = np.full((len(blocks), len(rpts)), np.nan)
    for r in rows:
        grid[blocks.index(r["block"]), rpts.index(r["runs_per_thread"])] = r["battles_per_s"]
    fig, ax = figure(6.0, 4.0)
    im = ax.imshow(grid, cmap="viridis", aspect="auto", origin="lower")
    for i in range(len(blocks)):
        for j in range(len(rpts)):
            if not np.isnan(grid[i, j]):
                ax.text(j, i, f"{grid[i, j]:.2g}", ha="center", va="center", fontsize=7, color="white")
    ax.set_xticks(range(len(rpts)), rpts)
    ax.set_yticks(range(len(blocks)), blocks)
    ax.grid(False)
    ax.set(xlabel="battles per thread", ylabel="threads per block", title=f"CUDA sweep on {report['device']}")
    fig.colorbar(im, ax=ax, label="battles / s")
    fig.tight_layout()
    best = report["best"]
    return svg_bytes(fig, "CUDA kernel sweep", f"Battles per second for each block size and battles per thread "
                     f"on {report['device']}; best {best['battles_per_s']:.3g}/s at block {best['block']}, "
                     f"{best['runs_per_thread']} per thread.")
