"""The article: figures, downloads and math prepared before asset hashing, pages after.

    art = article.prepare()            # heavy, cached: figures, data files, KaTeX
    sources.update(art.assets)         # hashed with the site's other assets
    pages = article.pages(page_list, art, urls)

Content lives in site_src/content/article/*.md: Markdown with Jinja calls (num, figure, table,
calc, download) and $TeX$. Every printed number comes from facts.value(key) at build time."""
import json
from dataclasses import dataclass, field, replace
from pathlib import Path

import jinja2
from markupsafe import Markup, escape

from .. import cache, paths
from . import data as article_data, downloads, facts, fmt, katex, markup, simdata
from . import tables as article_tables
from .figures import campaign, distribution, heatmap, needed, speed, state_space

CONTENT = paths.SITE_SRC / "content" / "article"
ARTICLE_CSS = "article/article.css"

# (route, source file, title, nav label)
PARTS = [
    ("/article/", "battle.md", "The battle that should not have happened", "Article"),
    ("/article/classic-questions/", "classic.md", "The classic questions, answered exactly", None),
]


@dataclass
class FigureOut:
    name: str
    svg: bytes
    title: str
    alt: str
    note: str

    @property
    def path(self) -> str:
        return f"figures/{self.name}.svg"


@dataclass
class Prepared:
    assets: dict = field(default_factory=dict)
    drafts: dict = field(default_factory=dict)     # route -> markup.Draft
    figures: dict = field(default_factory=dict)


def _desc(svg: bytes) -> tuple[str, str]:
    s = svg.decode()
    t = s[s.index("<title") :].split(">", 1)[1].split("</title>")[0]
    d = s[s.index("<desc") :].split(">", 1)[1].split("</desc>")[0]
    return Markup(t).unescape(), Markup(d).unescape()


def _fig(name: str, inputs: dict, make, note: str, code_module) -> FigureOut:
    code = cache.file_digest(Path(code_module.__file__)) + cache.file_digest(Path(__file__).parent / "figures" / "style.py")
    svg = cache.cached(f"fig-{name}", {**inputs, "code": code}, make)
    title, alt = _desc(svg)
    return FigureOut(name, svg, title, alt, note)


def make_figures(hists) -> dict[str, FigureOut]:
    sims = simdata.sim_inputs()
    grid = lambda: article_data.win_grid()  # noqa: E731 (shared, cached)
    figs = [
        _fig("distribution-75v10", {"sims": sims}, lambda: distribution.make(article_data.battle_dist(75, 10), hists, 75, 10),
             "build.py → sitebuild/article/figures/distribution.py: riskodds.battle(75, 10) (exact) and "
             + ", ".join(h.source for h in hists) + " (simulations)", distribution),
        _fig("state-space", {}, lambda: state_space.make(), "build.py → sitebuild/article/figures/state_space.py "
             "(round counts from riskodds.outcome_space(3, 2))", state_space),
        _fig("win-heatmap", {"n": article_data.GRID_N}, lambda: heatmap.make_heatmap(grid(), 60),
             "build.py → sitebuild/article/figures/heatmap.py: riskodds.win_grid_floats(1000), first 60 rows and columns",
             heatmap),
        _fig("equal-armies", {"n": article_data.GRID_N},
             lambda: heatmap.make_equal(grid().diagonal(), {k: grid()[k - 1, k - 1] for k in (1, 10, 20, 30, 40, 100, 1000)}),
             "build.py → sitebuild/article/figures/heatmap.py: diagonal of riskodds.win_grid_floats(1000)", heatmap),
        _fig("chain-scores", {"T": article_data.CHAIN_T, "chain": article_data.CHAIN}, lambda: _chain_fig(),
             "build.py → sitebuild/article/figures/campaign.py: riskodds.campaign(72, [22, 8, …, 1], "
             "convention='territory').end_states", campaign),
        _fig("delta-lines", {"n": article_data.GRID_N}, lambda: campaign.make_delta_lines(grid()),
             "build.py → sitebuild/article/figures/campaign.py: riskodds.win_grid_floats(1000)", campaign),
        _fig("troops-needed", {"d": article_data.NEEDED_D}, lambda: needed.make(article_data.needed(), _ratios()),
             "build.py → sitebuild/article/figures/needed.py: riskodds.needed_tables(200) and the round "
             "tables' loss ratios", needed),
        _fig("throughput", {"sims": sims}, lambda: speed.make_throughput(throughput_rows()),
             "build.py → sitebuild/article/figures/speed.py: runs_per_s of data/simulations/*.json, "
             "bench/results/bench_pipeline_numpy.json, and (hatched) the earlier work quoted in "
             "site_src/content/article/history.json", speed),
    ]
    sweep = simdata.bench("sweep_cuda.json")
    if sweep:
        figs.append(_fig("cuda-sweep", {"sims": sims}, lambda: speed.make_sweep(sweep),
                         "build.py → sitebuild/article/figures/speed.py: bench/results/sweep_cuda.json", speed))
    return {f.name: f for f in figs}


def _chain_fig() -> bytes:
    ends, win = article_data.chain()
    dist = campaign.scores(ends, article_data.CHAIN)
    return campaign.make_scores(dist, article_data.CHAIN_T, article_data.CHAIN, float(win))


def _ratios() -> dict[str, float]:
    return {"standard": float(facts.value("ratio/std")), "capital": float(facts.value("ratio/cap"))}


def history() -> dict:
    return json.loads((CONTENT / "history.json").read_text())


def throughput_rows() -> list[dict]:
    """Our measured speeds first (result files, then benches), then earlier work."""
    rows = []
    for h in simdata.from_files(75, 10):
        if h.runs_per_s:
            kind = "gpu" if h.backend == "cuda" else "cpu"
            rows.append({"label": f"ours: {h.backend}, {h.record.get('mode')} mode, {h.runs:.0e} runs ({h.device})",
                         "runs_per_s": h.runs_per_s, "kind": kind})
    bench = simdata.bench("bench_pipeline_numpy.json") or {"rows": []}
    for r in bench["rows"]:
        if r.get("processes") == 1 and r.get("wall_s"):
            rows.append({"label": f"ours: {r['backend']}, {r['mode']} mode, 1 core (bench)",
                         "runs_per_s": r["runs"] / r["wall_s"], "kind": "cpu"})
    for r in history()["throughput"]:
        rows.append({"label": f"earlier: {r['label']}", "runs_per_s": r["runs"] / r["seconds"], "kind": "history"})
    return rows


# ---- content context: functions the Markdown sources call
def _context(prepared: Prepared, hists) -> dict:
    def needs_slots(fn):
        fn.wants_slots = True
        return fn

    @needs_slots
    def num(slots):
        return lambda key, style="sci4": slots.put(str(fmt.span(key, facts.value(key), style)))

    @needs_slots
    def figure(slots):
        def put(name, caption=""):
            f = prepared.figures[name]

            def html(urls):
                return (f'<figure class="article-figure" id="fig-{f.name}"><img src="{urls[f.path]}" '
                        f'alt="{escape(f.alt)}" loading="lazy"><figcaption><strong>{escape(f.title)}.</strong> '
                        f'{caption}<span class="how-made">How this was made: {escape(f.note)}.</span>'
                        "</figcaption></figure>")
            return slots.put(html, block=True)
        return put

    @needs_slots
    def block(slots):
        return lambda html: slots.put(str(html), block=True)

    @needs_slots
    def table(slots):
        makers = {"outcomes_std": lambda: article_tables.outcome_table("std", article_tables.STANDARD_ROUNDS,
                                                                     "One round, standard rules: rolls by attacker losses"),
                  "outcomes_cap": lambda: article_tables.outcome_table("cap", article_tables.CAPITAL_ROUNDS,
                                                                     "One round against a capital (3 defence dice)"),
                  "end_states": lambda: article_tables.end_states_table(75, 10),
                  "needed_10": lambda: article_tables.needed_table(10, ["0.99", "0.95", "0.5", "0.01"]),
                  "history": lambda: article_tables.history_table(history()["monte_carlo"])}
        return lambda name: slots.put(str(makers[name]()), block=True)

    @needs_slots
    def download(slots):
        def put(name, text=None):
            path = downloads.path_of(name)
            size = len(prepared.assets[path])
            label = text or downloads.FILES[name][1]
            return slots.put(lambda urls: f'<a href="{urls[path]}" download>{escape(label)}</a> '
                                          f'<small>({size / 1e6:.1f} MB)</small>' if size > 1e5 else
                             f'<a href="{urls[path]}" download>{escape(label)}</a> <small>({size / 1e3:.0f} kB)</small>')
        return put

    @needs_slots
    def link(slots):
        return lambda rel: slots.put(lambda urls: urls[rel])

    return {"num": num, "figure": figure, "block": block, "table": table, "download": download,
            "val": facts.value, "sims": hists, "has_gpu": any(h.backend == "cuda" for h in hists),
            "fallback": any(h.source == "build fallback" for h in hists), "history": history(),
            "sweep": simdata.bench("sweep_cuda.json"), "throughput": throughput_rows(),
            "fallback_runs": simdata.FALLBACK_RUNS, "grid_n": article_data.GRID_N,
            "needed_d": article_data.NEEDED_D, "link": link}


def prepare(env: jinja2.Environment | None = None) -> Prepared:
    """Everything heavy, before the site's assets are hashed: figures, downloads, math, drafts."""
    prepared = Prepared()
    hists = simdata.histograms(75, 10)
    prepared.figures = make_figures(hists)
    prepared.assets.update({f.path: f.svg for f in prepared.figures.values()})
    prepared.assets.update(downloads.build(hists))
    env = env or content_env()
    context = _context(prepared, hists)
    for route, source, _title, _nav in PARTS:
        prepared.drafts[route] = markup.phase1((CONTENT / source).read_text(), env, context)
    # one KaTeX run for every formula of every page
    formulas = [(tex, disp) for d in prepared.drafts.values() for _tok, tex, disp in d.formulas]
    html, css = katex.to_classes(katex.render_all(formulas))
    it = iter(html)
    for d in prepared.drafts.values():
        for tok, _tex, _disp in d.formulas:
            d.slots[tok] = next(it)
    prepared.assets.update(katex.stylesheet(html, css, (CONTENT / "article.css").read_bytes()))
    return prepared


def content_env() -> jinja2.Environment:
    """Jinja for the Markdown sources: the site's templates are importable (calculator macros)."""
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(paths.TEMPLATES)), autoescape=True,
                              undefined=jinja2.StrictUndefined, keep_trailing_newline=True)


def pages(page_list: list, prepared: Prepared, urls: dict) -> list:
    """The site's page list with the article's pages filled in (the /article/ route kept)."""
    css = [urls[katex.STYLESHEET]]
    filled = {}
    for route, _src, title, nav in PARTS:
        d = prepared.drafts[route]
        filled[route] = dict(template="article.html", route=route, title=title, nav=nav,
                             context={"article_html": Markup(markup.phase2(d, urls)), "article_css": css,
                                      "article_toc": Markup(d.toc)})
    out = []
    for p in page_list:
        if p.route in filled:
            out.append(replace(p, **{k: v for k, v in filled.pop(p.route).items() if k != "nav"}))
        else:
            out.append(p)
    from ..pages import Page
    out[-1:-1] = [Page(**v) for v in filled.values()]  # new parts before the 404 page
    return out
