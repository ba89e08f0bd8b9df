"""Our pipeline's CUDA block-size sweep (drawn only once a GPU run has written its result file)."""
import numpy as np

from .style import WIDE, Layout, figure, svg_bytes, wrap


def make_sweep(report: dict, layout: Layout = WIDE) -> bytes:
    """The CUDA sweep (gpu_pipeline.runs.launch_sweep, the `sweep` command): battles/s per block size and runs per thread."""
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
