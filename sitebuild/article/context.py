"""What the article's Markdown can call: num, figure, figure_sources (where each figure of the page
comes from, for its "How this page is made" footer), block, table, download, link, val, tenpow
(10⁷ for a run count) and a few facts about the build. Functions marked `wants_slots` put their HTML into a placeholder (markup.Slots)
so Markdown leaves it alone; a placeholder may be a function of the asset URLs, filled in phase 2.

Adding a table is one entry in TABLES (then `{{ table("name") }}` in the Markdown)."""
from fractions import Fraction

import riskodds as ro
from markupsafe import escape

from . import data as article_data, decisions, downloads, facts, fmt, history, simdata
from . import holding, kills, tables as article_tables, turn_table
from .figure_table import figure_html, sources_html

THUMB_BANDS = [(1, 5), (6, 10), (11, 25), (26, 50)]   # rules of thumb: bands of defenders D
THUMB_LEVELS = ["0.5", "0.8", "0.95", "0.99"]

TABLES = {
    "outcomes_std": lambda: article_tables.outcome_table("std", article_tables.STANDARD_ROUNDS,
                                                         "One round, standard rules: rolls by attacker losses"),
    "outcomes_cap": lambda: article_tables.outcome_table("cap", article_tables.CAPITAL_ROUNDS,
                                                         "One round against a capital (3 defence dice)"),
    "end_states": lambda: article_tables.end_states_table(75, 10),
    "needed_10": lambda: article_tables.needed_table(10, ["0.99", "0.95", "0.5", "0.01"]),
    "history": lambda: article_tables.history_table(history.history()["monte_carlo"]),
    "kernel_rounds": lambda: article_tables.kernel_rounds_table(article_tables.STANDARD_ROUNDS),
    "kernel": lambda: article_tables.kernel_table(75, 10, "1e12", history.history()["gpu_total_losses_seen"]),
    "keep_going": lambda: article_tables.keep_going_table(75, 10, [50, 60, 65], [10, 8, 6, 4, 2]),
    "thumbs": lambda: article_tables.thumb_table(THUMB_BANDS, THUMB_LEVELS),
    "placements": lambda: turn_table.placements_table("south-america"),
    "holds": holding.continents_table,
    "hold_sweep": holding.sweep_table,
    "continents": lambda: article_tables.continents_table(list(decisions.NEEDED_DEFENDERS), list(decisions.NEEDED_PS)),
    "needed_full": lambda: article_tables.details(f"The whole table: 1 to {THUMB_BANDS[-1][1]} defenders",
                                                  article_tables.needed_full_table(THUMB_BANDS[-1][1], THUMB_LEVELS)),
}


def choice_checked() -> int:
    """decisions.CHOICE_N, once the build has checked what the article says of it: choosing before
    the roll takes nothing off the attacker's chance in any battle up to N v N on the board, with
    two defence dice or three."""
    n = decisions.CHOICE_N
    for dice in (2, 3):
        gain = decisions.before_roll_gain(n, dice)
        if gain:
            raise ValueError(f"choosing before the roll gains the defender {float(gain):.3g} in some battle up to "
                             f"{n} v {n} ({dice} defence dice): the article's section on the defender's choice is wrong")
    return n


def turn_play(name: str) -> dict:
    """What the article says of a turn's best real play (decisions.turn, its typical course
    t.line: each roll's most likely outcome): "placed" [(territory, armies)] where new armies go; "opening", the first battle (a
    stack from where the armies went, taking its target); "helper", the second (the other stack,
    taking its target); "sweep", the targets the big stack then takes in a line from the opening's
    target; "end", the armies on each territory where the course ends; "last", where the big stack
    stops. "rescue": when the helper is worn down to 1 army with its target still standing (any
    armies), the best play from there still has a chance and attacks that target with the big stack
    (riskodds.turn, mid-turn). Refused (the sentences would be false) unless the course runs that way."""
    t = decisions.turn(name)
    placed = [(territory, armies) for territory, armies in t.placement if armies]
    opening, helper, *sweep = t.line
    chain = [opening["to"]] + [s["to"] for s in sweep]
    ok = (len(placed) == 1 and opening["from"] == placed[0][0] and helper["from"] != opening["from"]
          and all(s["taken"] for s in t.line) and sweep
          and all(s["from"] == chain[i] for i, s in enumerate(sweep))
          and all(s["left"] == 1 for s in [opening] + sweep) and helper["left"] == 1
          and sorted([s["to"] for s in t.line]) == sorted(t.targets))
    if not ok:
        raise ValueError(f"the turn {name} no longer runs as the article says: {t.words}")
    position, _, goal = decisions.turn_request(name)
    big = {**position, placed[0][0]: {"owner": "you", "armies": position[placed[0][0]]["armies"] + placed[0][1] - opening["moved"]},
           opening["to"]: {"owner": "you", "armies": opening["moved"]}, helper["from"]: {"owner": "you", "armies": 1}}
    for d in range(1, helper["defenders"] + 1):
        after = ro.turn({**big, helper["to"]: {"owner": "red", "armies": d}}, "you", 0, goal, budget=600)
        if not (after.win > 0 and any(s["to"] == helper["to"] and s["from"] != helper["from"] for s in after.line)):
            raise ValueError(f"the turn {name}: with {helper['from']} worn down, the big stack no longer takes {helper['to']}")
    end = {}
    for s in t.line:
        end[s["from"]] = s["left"]
        end[s["to"]] = s["moved"]
    return {"placed": placed, "opening": opening, "helper": helper,
            "sweep": [s["to"] for s in sweep], "end": end, "last": sweep[-1]["to"]}


def turn_opening(name: str, territory: str, n: int) -> dict:
    """The first battle of the best real play when n of the new armies go on `territory`
    (decisions.placed_turn): {"from", "to", "dice", "armies", "defenders", "taken", "then"}, then: the
    territory the next battle starts from, if the opening stops short."""
    t = decisions.placed_turn(name, territory, n, "real")
    first, *rest = t.line
    return {**first, "then": rest[0]["from"] if rest else None}


def continents_real() -> dict:
    """What the continents table's note says of the real play: "changed", the cells where the best
    real play needs fewer armies than the best fixed plan ({"continent", "defenders", "p", "fixed",
    "real"}); "kept", the cells (other than the chains' rows) that keep the fixed plan's number."""
    from riskodds.facts import board
    changed, kept = [], []
    for name in board.MEMBERS:
        for d in decisions.NEEDED_DEFENDERS:
            fixed, real = decisions.continent_needed(name, d), decisions.continent_needed_real(name, d)
            for p in decisions.NEEDED_PS:
                cell = {"continent": name, "entry": fixed["entry"], "defenders": d, "p": p,
                        "chance": fmt.render(Fraction(p), "pct0"),
                        "fixed": fixed["needed"][p], "real": real["needed"][p]}
                if not real["real"][p]:
                    if name not in decisions.NEEDED_SEARCH:
                        kept.append(cell)
                elif real["needed"][p] != fixed["needed"][p]:
                    changed.append(cell)
    return {"changed": changed, "kept": kept}


def continent_rows() -> list[dict]:
    """What each row of the continents table counts, in words: [{"continent", "entry", "words"}], in
    the table's order. A number is the best play, roll by roll, where the build searched every way to
    play (decisions.continent_needed_real); else the best plan fixed in advance (the best chain for
    the continents whose every-plan search takes minutes), said for each number of defenders on each
    territory."""
    from riskodds.facts import board

    def each(d: int) -> str:
        return f"{d} on each territory"

    out = []
    for name in board.MEMBERS:
        entry = decisions.continent_needed(name, decisions.NEEDED_DEFENDERS[0])["entry"]
        chains = decisions.NEEDED_SEARCH.get(name) == "chains"
        fixed = "the best chain" if chains else "the best plan fixed in advance"
        real = {d: decisions.continent_needed_real(name, d)["real"] for d in decisions.NEEDED_DEFENDERS}
        whole = [d for d in real if all(real[d].values())]
        none = [d for d in real if not any(real[d].values())]
        if len(whole) == len(real):
            words = "every number is the best play, roll by roll."
        elif len(none) == len(real) and chains:
            words = ("every number is the best chain, a plan fixed in advance in which each territory attacks at "
                     "most one other. Playing roll by roll may need fewer armies.")
        else:
            parts = []
            for d in real:
                played = [fmt.render(Fraction(p), "pct0") for p, r in real[d].items() if r]
                kept = [fmt.render(Fraction(p), "pct0") for p, r in real[d].items() if not r]
                if d in whole:
                    parts.append(f"with {each(d)}, the best play, roll by roll.")
                elif d in none:
                    parts.append(f"with {each(d)}, {fixed}.")
                else:
                    parts.append(f"with {each(d)}, the best play for {' and '.join(played)} and {fixed} "
                                 f"for {' and '.join(kept)}.")
            words = " ".join(p[0].upper() + p[1:] for p in parts)
            if chains:
                words += " The best chain is a plan fixed in advance in which each territory attacks at most one other."
            words += (" The numbers not played roll by roll were too big a search for the build, and playing roll by "
                      "roll may need fewer armies there.")
        out.append({"continent": name, "entry": entry, "words": words[0].upper() + words[1:]})
    return out


def continent_doors(name: str) -> list[str]:
    """A continent's border territories (the board's facts), in board order."""
    from riskodds.facts import board
    return list(board.borders(board.MEMBERS[name]))


def wants_slots(fn):
    fn.wants_slots = True
    return fn


def _size(n: int) -> str:
    return f"{n / 1e6:.1f} MB" if n > 1e5 else f"{n / 1e3:.0f} kB"


def content_context(figures: dict, assets: dict, hists) -> dict:
    """The Jinja context of every article page: `figures` {name: FigureOut}, `assets` the article's
    asset bytes (for download sizes), `hists` the 75 v 10 simulation histograms."""

    @wants_slots
    def num(slots):
        return lambda key, style="sci4": slots.put(str(fmt.span(key, facts.value(key), style)))

    @wants_slots
    def figure(slots):
        def put(name, caption=""):
            f = figures[name]
            slots.draft.figures.append(name)
            return slots.put(lambda urls: figure_html(f, urls, caption), block=True)
        return put

    @wants_slots
    def figure_sources(slots):
        """Where each figure of this page comes from (filled in phase 2, when every figure is known)."""
        return lambda: slots.put(lambda urls: sources_html([figures[n] for n in slots.draft.figures]), block=True)

    @wants_slots
    def block(slots):
        return lambda html: slots.put(str(html), block=True)

    @wants_slots
    def table(slots):
        return lambda name: slots.put(str(TABLES[name]()), block=True)

    @wants_slots
    def download(slots):
        def put(name, text=None):
            path = downloads.path_of(name)
            label = text or downloads.FILES[name][1]
            size = _size(len(assets[path]))
            return slots.put(lambda urls: f'<a href="{urls[path]}" download>{escape(label)}</a> <small>({size})</small>')
        return put

    @wants_slots
    def link(slots):
        return lambda rel: slots.put(lambda urls: urls[rel])

    return {"num": num, "figure": figure, "figure_sources": figure_sources, "tenpow": fmt.tenpow, "block": block, "table": table, "download": download, "link": link,
            "val": facts.value, "sims": hists, "has_gpu": any(h.backend == "cuda" for h in hists),
            "fallback": any(h.source == "build fallback" for h in hists), "history": history.history(),
            "sweep": simdata.bench("sweep_cuda.json"),
            "fallback_runs": simdata.FALLBACK_RUNS, "grid_n": article_data.GRID_N,
            "needed_d": article_data.NEEDED_D, "choice_n": choice_checked(), "choice_at": decisions.CHOICE_AT,
            "turn_play": turn_play, "turn_opening": turn_opening, "hold_play": holding.play, "holds": holding.HOLDS,
            "hold_story": holding.story,
            "keep_play": holding.keep_play, "keeps": holding.KEEPS,
            "kill_story": kills.kill_story, "chain_story": kills.chain_story, "kills": kills.KILLS, "stop_story": kills.stop_story,
            "continent_doors": continent_doors, "continents_real": continents_real, "continent_rows": continent_rows,
            "chains_checked": decisions.chains_match_every_plan,
            "and_list": lambda items: items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]}
