"""One look for every figure, and SVG output that is byte-identical from build to build.

Readable in both site themes: transparent background, mid-tone data colours, and one ink colour
(INK) for text and axes that a <style> inside the SVG swaps for a light one when the reader's
system is in dark mode (media queries work inside SVG images).

Readable on a phone: every figure is drawn twice, for the desktop (WIDE) and for a phone's
column (NARROW); the page's <picture> picks one by the screen width. An SVG image scales as a
whole, so its text shrinks with it: text of s pt in a drawing w pt wide shows at
s * column_px / w CSS px. The narrow drawing is at most NARROW.width inches wide with no text
under NARROW.small pt, which is 10 pt * 341 px / 300 pt = 11.4 px in a 360 px phone's column."""
import io
import re
import textwrap
from dataclasses import dataclass

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from markupsafe import escape  # noqa: E402

INK, INK_DARK = "#333333", "#dddddd"
GRID = "#9a9a9a"
COLORS = {"exact": "#d0504a", "cpu": "#3f83d0", "cpu2": "#2aa198", "gpu": "#e08a2c",
          "history": "#9a9a9a", "capital": "#9b59b6", "standard": "#3f83d0", "accent": "#3fa36b"}
CYCLE = ["#3f83d0", "#e08a2c", "#3fa36b", "#d0504a", "#9b59b6", "#8c6d3a", "#2aa198"]

RC = {
    "svg.hashsalt": "riskodds-article",   # fixed ids inside the SVG
    "svg.fonttype": "path",               # glyphs as paths: same look everywhere, no font lookup
    "font.family": "DejaVu Sans",         # ships with matplotlib: no dependence on system fonts
    "font.size": 10,
    "axes.facecolor": "none", "figure.facecolor": "none", "savefig.transparent": True,
    "text.color": INK, "axes.labelcolor": INK, "axes.edgecolor": INK,
    "xtick.color": INK, "ytick.color": INK, "axes.titlecolor": INK,
    "axes.grid": True, "grid.color": GRID, "grid.alpha": 0.35, "grid.linewidth": 0.6,
    "axes.spines.top": False, "axes.spines.right": False,
    "legend.frameon": False, "axes.prop_cycle": matplotlib.cycler(color=CYCLE),
    "path.simplify": False,
}

DARK_CSS = (
    "@media (prefers-color-scheme: dark) {"
    f' [style*="fill: {INK}"] {{ fill: {INK_DARK} !important }}'
    f' [style*="stroke: {INK}"] {{ stroke: {INK_DARK} !important }}'
    " }"
)


matplotlib.rcParams.update(RC)  # every later call (legends, colorbars) sees the same settings


@dataclass(frozen=True)
class Layout:
    """Which drawing of a figure: for a desktop's column, or for a phone's (sizes in inches, pt).
    Ticks, axis labels and titles use the rc sizes (10 pt and up); `small` is for legends,
    annotations and value labels, which the figure modules size explicitly."""
    name: str
    width: float        # the widest a drawing of this layout should be (inches)
    small: float        # legends, annotations, labels on bars (pt)
    media: str = ""     # the screens that get this drawing (<source media>); "" = the rest

    @property
    def narrow(self) -> bool:
        return self is NARROW


WIDE = Layout("wide", 8.0, 9.0)
NARROW = Layout("narrow", 4.2, 10.0, "(max-width: 36em)")   # phones: up to 576 px
LAYOUTS = (WIDE, NARROW)


def figure(w=7.0, h=4.0, **kw):
    with plt.rc_context(RC):
        return plt.subplots(figsize=(w, h), **kw)


def log_ticks(ax, layout: Layout, axis: str = "y") -> None:
    """Log-axis tick labels (10 with a superscript, drawn at 70 %) a size up on a phone, so the
    exponent stays legible: 11.5 pt, exponent 8 pt (9 px in a 360 px phone's column)."""
    if layout.narrow:
        ax.tick_params(axis=axis, which="major", labelsize=11.5)


def wrap(text: str, layout: Layout, width: int = 40) -> str:
    """A long title or axis label on several lines in the narrow drawing (at spaces)."""
    if not layout.narrow:
        return text
    return "\n".join(textwrap.wrap(text, width))


def svg_bytes(fig, title: str, desc: str) -> bytes:
    """Save as SVG with no date, a <title> and <desc> (alt text) and the dark-mode style."""
    buf = io.StringIO()
    with plt.rc_context(RC):
        fig.savefig(buf, format="svg", metadata={"Date": None}, bbox_inches="tight")
    plt.close(fig)
    svg = buf.getvalue()
    head = (f'<title id="t">{escape(title)}</title><desc id="d">{escape(desc)}</desc>'
            f'<style type="text/css">{DARK_CSS}</style>')
    svg = re.sub(r"(<svg\b[^>]*?)>", lambda m: f'{m.group(1)} role="img" aria-labelledby="t d">' + head,
                 svg, count=1)
    return svg.encode("utf-8")

