"""The article's figures as one table: what draws each, what it depends on, how it was made.

Adding a figure is one entry in FIGURES (then `{{ figure("name", caption) }}` in the Markdown):

    Figure("my-figure", my_module, lambda s, layout: my_module.make(..., layout=layout),
           "what it is drawn from, in a reader's words (the page's list of figure sources)",
           key=lambda s: {"n": article_data.GRID_N}),

`make` and `key` get the shared inputs (`Shared`: simulation histograms and result files);
`make` also gets the layout (figures/style.LAYOUTS: every figure is drawn for a desktop and for a
phone's column, and the page's <picture> shows one by the screen width);
`key` holds what the drawing depends on besides its own code (the figure is cached on it, see
sitebuild/cache.py); `when` skips a figure whose data is missing (the CUDA sweep before a GPU run).

Every figure is an SVG; `FigureOut` carries its intrinsic size in CSS pixels (read from the
SVG's width and height, written into <img>/<source> so the page does not move as figures load),
and `figure_html` is the one place that writes a figure's <picture>.
"""
import re
from dataclasses import dataclass, replace
from pathlib import Path
from types import ModuleType
from typing import Callable

from markupsafe import Markup, escape

from .. import cache
from . import blitz as blitz_data, data as article_data, decisions, facts, simdata
from .tables import KERNEL_MODELS, STANDARD_ROUNDS
from .figures import blitz, campaign, choice, distribution, heatmap, keep_going, kernel, needed, rare, speed, state_space, style

PT_TO_PX = 4 / 3  # CSS: 1pt = 1/72 in, 1px = 1/96 in


@dataclass(frozen=True)
class Shared:
    """Inputs several figures share, read once per build."""
    hists: list          # simdata.Histogram: the 75 v 10 Monte Carlo histograms
    sims: object         # simdata.sim_inputs(): digest of the simulation files (a cache key part)
    sweep: dict | None   # bench/results/sweep_cuda.json, if a GPU sweep has been run


@dataclass(frozen=True)
class Figure:
    name: str                                   # figures/<name>.svg; figure("name") in the Markdown
    module: ModuleType                          # the figures/ module that draws it (its code is in the key)
    make: Callable[[Shared, style.Layout], bytes]  # -> SVG bytes (figures/style.svg_bytes)
    note: str | Callable[[Shared], str]         # what it is drawn from, for the page's sources list
    key: Callable[[Shared], dict] = lambda s: {}   # inputs besides the code (cache key)
    when: Callable[[Shared], bool] = lambda s: True  # False: no such figure in this build


@dataclass(frozen=True)
class FigureOut:
    """A drawn figure: the SVG, its <title>/<desc> (caption title, alt text), size in CSS px."""
    name: str
    svg: bytes
    title: str
    alt: str
    note: str
    width: float
    height: float
    layout: str = style.WIDE.name
    narrow: "FigureOut | None" = None   # the phone drawing (style.NARROW)

    @property
    def path(self) -> str:
        return f"figures/{self.name}{'' if self.layout == style.WIDE.name else '-' + self.layout}.svg"

    @property
    def drawings(self) -> list["FigureOut"]:
        return [self] + ([self.narrow] if self.narrow else [])


def _grid():
    """The win grid on the board: rows are armies on the attacking territory."""
    return article_data.territory_grid()


def _chain_scores(_s: Shared, layout: style.Layout) -> bytes:
    c = article_data.chain()
    return campaign.make_scores(c.scores, article_data.CHAIN_T, article_data.CHAIN, c.win, layout=layout)


def _ratios() -> dict[str, float]:
    return {"standard": float(facts.value("ratio/std")), "capital": float(facts.value("ratio/cap"))}


_GRID_KEY = lambda s: {"n": article_data.GRID_N}  # noqa: E731
_BLITZ_KEY = lambda: {"data": cache.file_digest(Path(blitz_data.__file__))}  # noqa: E731  (its sizes and battles)


def _rare(_s: Shared, layout: style.Layout) -> bytes:
    events = facts.rare_scaling()["events"]
    exact = {(e["attackers"], e["defenders"], e["event"]): article_data.event_log10(e["attackers"], e["defenders"], e["event"])
             for e in events}
    return rare.make(events, exact, layout=layout)


KEEP_GOING = (75, 10, [50, 60, 65])   # the story's battle, and the losses at which it checks the position


def _keep_going(_s: Shared, layout: style.Layout) -> bytes:
    A, D, marks = KEEP_GOING
    return keep_going.make(article_data.win_grid(), A, D, marks, layout=layout)


def _kernel_rounds(_s: Shared, layout: style.Layout) -> bytes:
    shown = {"fair": "fair dice", "legacy-kernel": "the earlier kernel's dice"}
    shares = {m: {r: float(facts.value(f"share/{m}/{r}/{min(int(r[0]), int(r[2]))}")) for r in STANDARD_ROUNDS}
              for m, _ in KERNEL_MODELS if m in shown}
    return kernel.make(STANDARD_ROUNDS, shares, shown, layout=layout)

def _equal_choice(_s: Shared, layout: style.Layout) -> bytes:
    n = decisions.CHOICE_N
    k = facts.value("choice/best_threshold/{}/{}/territory".format(*decisions.CHOICE_AT))
    return choice.make_equal_choice(decisions.equal_armies("most", n), decisions.equal_armies("after-roll", n),
                                    decisions.threshold_curve(n, k), k, layout=layout)


FIGURES = (
    Figure("distribution-75v10", distribution,
           lambda s, L: distribution.make(article_data.battle_dist(75, 10), s.hists, 75, 10, layout=L),
           lambda s: "the exact distribution from the engine; the simulations are our pipeline's CPU runs ("
                     + "; ".join(h.label for h in s.hists) + ")",
           key=lambda s: {"sims": s.sims}),
    Figure("keep-going", keep_going, _keep_going,
           "the engine's win probabilities for every state of 75 attacking armies against 10 defenders "
           "(rows of the 1000 × 1000 table in the downloads), rounded to floats for drawing",
           key=lambda s: {"n": article_data.GRID_N, "story": KEEP_GOING}),
    Figure("kernel-rounds", kernel, _kernel_rounds,
           "the engine's enumeration of every roll of one round, with fair dice and with the earlier kernel's "
           "dice (its biased faces and its unsorted comparisons)"),
    Figure("state-space", state_space, lambda s, L: state_space.make(layout=L),
           "the grid of states, with the 3 v 2 round's counts from the engine's enumeration of the dice"),
    Figure("win-heatmap", heatmap, lambda s, L: heatmap.make_heatmap(_grid(), 60, layout=L),
           "the engine's win probabilities up to 60 on the attacking territory against 60 (the corner of the "
           "1000 × 1000 table in the downloads, moved by one row: the table counts attacking armies), rounded to "
           "floats for drawing",
           key=_GRID_KEY),
    Figure("equal-armies", heatmap,
           lambda s, L: heatmap.make_equal(_grid().diagonal(), {k: _grid()[k - 1, k - 1] for k in (2, 10, 20, 30, 40, 100, 1000)},
                                           layout=L),
           "the engine's 1000 × 1000 table of win probabilities, armies counted on the attacking territory",
           key=_GRID_KEY),
    Figure("equal-armies-choice", choice, _equal_choice,
           "the engine's win probabilities at equal armies on the board, with the defender rolling the most dice "
           "it may and with it choosing after the roll, and with the one-number rule (worked out by the article's own "
           "calculation, not the engine); all rounded to floats for drawing",
           key=lambda s: {"n": decisions.CHOICE_N, "code": cache.file_digest(Path(decisions.__file__))}),
    Figure("chain-scores", campaign, _chain_scores,
           "the engine's exact score distribution of the campaign (territory convention)",
           key=lambda s: {"T": article_data.CHAIN_T, "chain": article_data.CHAIN}),
    Figure("delta-lines", campaign, lambda s, L: campaign.make_delta_lines(_grid(), layout=L),
           "the engine's 1000 × 1000 table of win probabilities, armies counted on the attacking territory",
           key=_GRID_KEY),
    Figure("troops-needed", needed, lambda s, L: needed.make(article_data.needed(), _ratios(), layout=L),
           "the engine's exact troops-needed tables (the downloads) and the loss ratios of the enumerated "
           "rounds", key=lambda s: {"d": article_data.NEEDED_D}),
    Figure("rare-events", rare, _rare,
           "our pipeline's importance-sampling runs (one run per event, on a CPU) against the engine's exact "
           "values", key=lambda s: {"sims": s.sims}),
    Figure("blitz-win-chance", blitz,
           lambda s, L: blitz.make_win_chance(blitz_data.equal_armies(), blitz_data.against_row(), blitz_data.ROW_D,
                                              blitz_data.certain_from(), layout=L),
           f"the engine's exact win probabilities with equal armies and against {blitz_data.ROW_D} defenders, "
           "each reshaped by the engine's Balanced Blitz steps",
           key=lambda s: {"n": article_data.GRID_N, **_BLITZ_KEY()}),
    Figure("blitz-reshape", blitz, lambda s, L: blitz.make_reshape(blitz_data.curve(), *blitz_data.thresholds(), layout=L),
           "the engine's Balanced Blitz win chance for true-random chances from 0 to 1 in steps of 1/500, "
           "and its exact thresholds",
           key=lambda s: _BLITZ_KEY()),
    Figure("blitz-losses", blitz, lambda s, L: blitz.make_losses(*blitz_data.losses(), *blitz_data.LOSSES, layout=L),
           lambda s: "the engine's Balanced Blitz and exact true-random distributions of {} armies on the "
                     "attacking territory against a capital of {}".format(*blitz_data.LOSSES[:2]),
           key=lambda s: _BLITZ_KEY()),
    Figure("cuda-sweep", speed, lambda s, L: speed.make_sweep(s.sweep, layout=L),
           "our pipeline's block-size sweep on a GPU",
           key=lambda s: {"sims": s.sims}, when=lambda s: bool(s.sweep)),
)


def shared_inputs(hists) -> Shared:
    return Shared(hists=hists, sims=simdata.sim_inputs(), sweep=simdata.bench("sweep_cuda.json"))


def draw(fig: Figure, shared: Shared, layout: style.Layout = style.WIDE) -> FigureOut:
    """The figure's SVG in one layout, from the cache when its code and inputs are unchanged."""
    code = cache.file_digest(Path(fig.module.__file__)) + cache.file_digest(Path(style.__file__))
    name = f"fig-{fig.name}" + ("" if layout is style.WIDE else f"-{layout.name}")
    svg = cache.cached(name, {**fig.key(shared), "code": code}, lambda: fig.make(shared, layout))
    title, alt = svg_text(svg)
    width, height = svg_size(svg)
    note = fig.note(shared) if callable(fig.note) else fig.note
    return FigureOut(fig.name, svg, title, alt, note, width, height, layout.name)


def make_figures(hists) -> dict[str, FigureOut]:
    """name -> the desktop drawing, carrying the phone drawing as .narrow."""
    shared = shared_inputs(hists)
    return {f.name: replace(draw(f, shared), narrow=draw(f, shared, style.NARROW)) for f in FIGURES if f.when(shared)}


def svg_text(svg: bytes) -> tuple[str, str]:
    """The SVG's <title> and <desc> (figures/style.svg_bytes writes both), unescaped."""
    s = svg.decode()
    t = s[s.index("<title"):].split(">", 1)[1].split("</title>")[0]
    d = s[s.index("<desc"):].split(">", 1)[1].split("</desc>")[0]
    return Markup(t).unescape(), Markup(d).unescape()


_LENGTH = re.compile(r"([\d.]+)(pt|px)?$")


def svg_size(svg: bytes) -> tuple[float, float]:
    """Intrinsic (width, height) in CSS px from the root <svg>'s width and height (pt or px)."""
    root = re.search(rb"<svg\b[^>]*>", svg).group(0).decode()

    def length(attr: str) -> float:
        value = re.search(rf'\b{attr}="([^"]+)"', root).group(1)
        m = _LENGTH.match(value)
        if not m:
            raise ValueError(f"figure SVG {attr}={value!r}: expected a length in pt or px")
        return float(m.group(1)) * (PT_TO_PX if m.group(2) == "pt" else 1)

    return length("width"), length("height")


def figure_html(fig: FigureOut, urls: dict, caption: str = "") -> str:
    """The <figure> for the article: picture (the phone drawing on a narrow screen) and caption
    (HTML). Where it comes from is listed once, at the end of the page (sources_html).
    urls: asset path -> URL."""
    size = lambda f: f'width="{round(f.width)}" height="{round(f.height)}"'  # noqa: E731
    img = f'<img src="{urls[fig.path]}" {size(fig)} alt="{escape(fig.alt)}" loading="lazy">'
    narrow = fig.narrow
    source = (f'<source media="{style.NARROW.media}" srcset="{urls[narrow.path]}" {size(narrow)}>' if narrow else "")
    return (f'<figure class="article-figure" id="fig-{fig.name}"><picture>{source}{img}</picture>'
            f'<figcaption><strong>{escape(fig.title)}.</strong> {caption}</figcaption></figure>')


def sources_html(figs: list[FigureOut]) -> str:
    """A list, one line per figure (linked to it): its title and what it is drawn from."""
    items = "".join(f'<li><a href="#fig-{f.name}">{escape(f.title)}</a>: {escape(f.note)}.</li>' for f in figs)
    return f'<ul class="figure-sources">{items}</ul>'
