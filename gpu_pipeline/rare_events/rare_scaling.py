"""How the importance-sampling error scales against plain Monte Carlo, over events from about
1e-3 down to 1e-300: the data behind the article's figure (format in gpu_pipeline/README.md).

For each event of :data:`EVENTS` (attacking armies, standard rules): fit a tilt from pilots,
play N battles, and record the estimate, its relative standard error and 95 % interval after
the first n battles for every n of the ladder (nested prefixes of one run), beside the engine's
exact value and plain Monte Carlo's relative error sqrt((1 - p) / (n p)) at the same n.

    python -m gpu_pipeline rare-scaling --out data/simulations/rare_event_scaling.json
"""
from __future__ import annotations

import math
import time

from .cross_entropy import choose_tilt
from .rare import RareEvent, exact_probability, exact_record, weigh
from ..records.results import git_commit, now_utc
from ..rounds.spec import BattleSpec
from ..rounds.tilt import LossCounts, tilt_tables

FORMAT = "riskodds-rare-scaling"
FORMAT_VERSION = 1
LADDER = (1_000, 10_000, 100_000)
# (attacking armies, defenders, event): 75 v 10 losing at least K, then total losses of ever
# larger stacks against 10, spaced about evenly in log10 p from -2.5 to -301.
EVENTS = ([(75, 10, f"lost-at-least:{k}") for k in (25, 30, 40, 50, 60, 70)] + [(75, 10, "loss")]
          + [(a, 10, "loss") for a in (100, 130, 200, 280, 400, 560, 780, 970, 1190)])
Z95 = 1.959963984540054


def runs_for_relative_half_width(relvar: float, half_width: float = 0.01) -> float:
    """Battles for a 95 % interval of +-half_width (relative), given the variance per battle
    relative to p squared: N = relvar (z / half_width)**2."""
    return relvar * (Z95 / half_width) ** 2


def log10_plain_mc_relative_error(log10_p: float, runs: int) -> float:
    """log10 of sqrt((1 - p) / (N p)), valid for p far below the float range."""
    return 0.5 * (math.log10(1 - 10 ** log10_p) - math.log10(runs) - log10_p)


def scale_event(attackers: int, defenders: int, event_name: str, seed: int, backend,
                ladder=LADDER, pilot: int = 10_000) -> dict:
    """One row of the data file: the event's exact value and the ladder of estimates."""
    spec = BattleSpec(attackers, defenders, "attacking")
    event = RareEvent.parse(event_name, spec)
    model = LossCounts.of_spec(spec)
    t0 = time.monotonic()
    choice = choose_tilt(spec, event.K, seed, model, pilot=pilot)
    tables = tilt_tables(model, choice.theta)
    estimates = weigh(spec, event, tables, seed, max(ladder), choice.shift, backend,
                      report_at=ladder)
    seconds = time.monotonic() - t0
    exact = exact_record(exact_probability(spec, event))
    points = []
    for est in estimates:
        e = est.to_json()
        log10_mc = log10_plain_mc_relative_error(exact["exact_log10"], est.runs)
        points.append({
            "runs": est.runs, "hits": est.hits, "effective_sample_size": est.effective_sample_size,
            "log10_estimate": e["log10_estimate"],
            "relative_std_error": e["relative_std_error"],
            "log10_ci95_low": e["log10_ci95_low"], "log10_ci95_high": e["log10_ci95_high"],
            "ci95_covers_exact": e["log10_ci95_low"] <= exact["exact_log10"] <= e["log10_ci95_high"],
            "plain_mc_relative_error": 10 ** log10_mc, "log10_plain_mc_relative_error": log10_mc})
    relvar = estimates[-1].runs * estimates[-1].relative_std_error ** 2
    log10_mc1 = 2 * log10_plain_mc_relative_error(exact["exact_log10"], 1) + 2 * math.log10(Z95 / 0.01)
    return {"attackers": attackers, "defenders": defenders, "event": event.name,
            "lost_at_least": event.K, **exact,
            "theta": {f"{na}v{nd}": th for (na, nd), th in sorted(choice.theta.items())},
            "pilot_runs": choice.pilot_runs, "seconds": round(seconds, 3), "points": points,
            "relative_variance_per_battle": relvar,
            "is_runs_for_1pct": runs_for_relative_half_width(relvar),
            "log10_plain_mc_runs_for_1pct": log10_mc1}


def scaling(seed: int, backend, events=EVENTS, ladder=LADDER, pilot: int = 10_000,
            stream=None) -> dict:
    """The whole data file as a dict; prints one line per event to ``stream``."""
    rows = []
    for a, d, name in events:
        row = scale_event(a, d, name, seed, backend, ladder, pilot)
        rows.append(row)
        if stream:
            last = row["points"][-1]
            stream.write(f"{a:>5} v {d:<3} {name:<17} exact 1e{row['exact_log10']:8.2f}  "
                         f"IS rel. error {last['relative_std_error']:.2e} at {last['runs']:,}  "
                         f"plain MC {last['plain_mc_relative_error']:.2e}  "
                         f"{'covers' if last['ci95_covers_exact'] else 'MISSES'}  "
                         f"{row['seconds']:.1f} s\n")
            stream.flush()
    return {"format": FORMAT, "format_version": FORMAT_VERSION,
            "what": "importance sampling (exponential tilt fitted by cross-entropy) vs plain Monte "
                    "Carlo: relative standard error against battles, per event",
            "convention": "attacking", "rules": "standard (3 v 2 six-sided dice, ties to the defender)",
            "seed": seed, "pilot": pilot, "ladder": list(ladder), "backend": backend.name,
            "device": backend.device, "git_commit": git_commit(), "created_utc": now_utc(),
            "events": rows}
