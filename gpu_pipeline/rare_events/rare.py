"""Rare battle events by importance sampling: P(the attacker loses at least K armies), down to
probabilities far below what plain Monte Carlo (or a float) can see.

Why it works
------------
A battle is a Markov chain on (a, d), attacking armies and defenders. With dice
kappa = (min(a, attack_dice), min(d, defend_dice)) a round takes j attackers and m - j
defenders (m = min of the dice) with probability p_kappa(j), exact from the engine. The event
E_K = {the attacker loses at least K} is decided by a stopping time tau: the first round after
which a <= A - K (E happened: losses never shrink) or the battle is over (it did not). So a
path is omega = (j_1, ..., j_tau) and P(omega) = prod_t p_{kappa_t}(j_t).

Sample instead from a proposal q that plays each round with q_kappa(j) (``tilt.py``:
exponential tilting towards attacker losses, realised exactly as integers over 2**32), and
weight each battle by its likelihood ratio L(omega) = prod_t p_{kappa_t}(j_t) / q_{kappa_t}(j_t),
accumulated as a sum of logs. Every outcome that p allows, q allows too, and the stopping
rule reads only the path so far, so

    E_q[L 1_E] = sum over event paths of q(omega) p(omega) / q(omega) = P(E):

the mean of Y_i = L(omega_i) 1_E(omega_i) over N independent battles is an UNBIASED estimate,
whatever q is (q only has to be fixed before the battles are drawn). Its variance is
(E_q[L^2 1_E] - P(E)^2) / N, which q decides: ideally q is p conditioned on E (then L = P(E) on
every event path and the variance is 0); the cross-entropy method (``cross_entropy.py``) fits
the tilt to that ideal from pilot battles. For 75 v 10 the fitted tilt gives a relative
variance per battle of about 3, so 10**5 battles already measure 1.9e-13 to +-1 %, where plain
Monte Carlo would need (1 - p) / (p 0.0051**2), about 2e17 battles.

The report (``estimate.py``): p_hat = mean(Y), standard error s / sqrt(N) from the sample
variance, 95 % interval p_hat +- 1.96 SE; sums of weights exact, so the result is the same
bits on every backend and for any batching.

Conventions: ``--event loss`` = every attacking army dies (in the territory convention: all
but the one left behind), i.e. ``lost-at-least:A`` with A attacking armies; K counts attacking
armies lost, the same number in both conventions.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from .cross_entropy import PILOT_BASE, PILOT_STRIDE, TiltChoice, choose_tilt
from .estimate import ExactSum, Estimate, estimate
from ..records.progress import Progress
from ..records.results import git_commit, now_utc
from ..streams.schedule import SCHEDULE
from ..rounds.spec import BattleSpec
from ..rounds.tilt import LossCounts, TiltTables, tilt_tables

FORMAT = "riskodds-rare-event"
FORMAT_VERSION = 1
BATCH = 1 << 20             # battles per backend call


@dataclass(frozen=True)
class RareEvent:
    """E = {the attacker loses at least ``K`` attacking armies}; ``name`` as the CLI wrote it."""
    name: str
    K: int

    @classmethod
    def parse(cls, text: str, spec: BattleSpec) -> "RareEvent":
        """'loss' (K = all attacking armies) or 'lost-at-least:K' with 1 <= K <= A."""
        text = text.strip()
        if text == "loss":
            return cls("loss", spec.A0).check(spec)
        kind, _, k = text.partition(":")
        if kind != "lost-at-least" or not k.strip().isdecimal():
            raise ValueError(f"event must be 'loss' or 'lost-at-least:K' (K a whole number), "
                             f"got {text!r}")
        K = int(k)
        if not 1 <= K <= spec.A0:
            raise ValueError(f"lost-at-least:K needs 1 <= K <= {spec.A0} (the attacking armies; "
                             f"K counts attacking armies lost), got {K}")
        return cls(f"lost-at-least:{K}", K).check(spec)

    def check(self, spec: BattleSpec) -> "RareEvent":
        """Refuse an event the stop rules make impossible: a retreating attacker (stops at
        a <= stop_a) goes at most min(dice) - 1 below its line in its last round."""
        lowest = max(0, spec.stop_a + 1 - min(spec.rules.attack_dice, spec.rules.defend_dice))
        if spec.A0 - self.K < lowest:
            raise ValueError(f"{self.name} is impossible: with retreat_at {spec.retreat_at} the "
                             f"attacker never loses more than {spec.A0 - lowest} attacking armies")
        return self

    def stop_a(self, spec: BattleSpec) -> int:
        """Battles stop once a <= this (attacking armies): the event's line, or the retreat."""
        return max(spec.A0 - self.K, spec.stop_a)

    def hit(self, spec: BattleSpec, end_a: np.ndarray) -> np.ndarray:
        return spec.A0 - end_a >= self.K


def exact_probability(spec: BattleSpec, event: RareEvent) -> Fraction:
    """P(E) from the exact engine (for the record and the tests; never used to pick a tilt)."""
    import riskodds
    b = riskodds.battle(spec.attackers, spec.defenders, convention=spec.convention,
                        rules=spec.rules.to_engine(), retreat_at=spec.retreat_at,
                        defender_goal=spec.defender_goal)
    return sum(b.attackers_lost[event.K:], Fraction(0))


def exact_record(p: Fraction | None, error: str | None = None) -> dict:
    """The engine's answer as JSON: float (0.0 below the float range), log10, and the exact
    fraction when it is short enough to be worth printing."""
    from riskodds.maths.scaled import fraction_log10
    if p is None:
        return {"exact": None, "exact_log10": None, "exact_fraction": None, "exact_error": error}
    log10 = fraction_log10(p)
    text = f"{p.numerator}/{p.denominator}"
    return {"exact": float(p) if log10 is None or log10 > -307 else 0.0,
            "exact_log10": log10, "exact_fraction": text if len(text) <= 400 else None}


def weigh(spec, event, tables: TiltTables, seed, runs, shift, backend, progress=False,
          batch=BATCH, report_at=()) -> list[Estimate]:
    """Play battles [0, runs) under the tilt; the estimate after the first n battles for each
    n in ``report_at`` (ascending, < runs), then the one of all ``runs``."""
    marks = sorted(set(int(n) for n in report_at if 2 <= n < runs)) + [runs]
    s1, s2, hits, done, out = ExactSum(), ExactSum(), 0, 0, []
    bar = Progress(runs, enabled=progress)
    try:
        for mark in marks:
            while done < mark:
                n = min(batch, mark - done)
                played = backend.run(spec, event.stop_a(spec), tables, seed, done, n)
                hit = event.hit(spec, played.end_a)
                w = np.exp(played.log_weight[hit] - shift)
                s1.add(w)
                s2.add(w * w)
                hits += int(hit.sum())
                done += n
                bar.update(done)
            out.append(estimate(done, hits, s1.fraction(), s2.fraction(), shift))
    finally:
        bar.close()
    return out


ROUND_MODELS = ("engine", "fair", "biased-faces", "unsorted-rounds", "legacy-kernel")


def loss_counts_of(spec: BattleSpec, name: str = "engine") -> LossCounts:
    """The round probabilities p (``--round-model``): "engine" = the exact outcome counts of the battle's rules;
    the others are ``legacy_model`` tables (standard rules only: 3 v 2 six-sided dice)."""
    if name == "engine":
        return LossCounts.of_spec(spec)
    from ..rounds.legacy_model import round_tables
    if name not in ROUND_MODELS:
        raise ValueError(f"round model must be one of {', '.join(ROUND_MODELS)}, got {name!r}")
    if spec.rules != type(spec.rules)():
        raise ValueError(f"round model {name!r} is defined for the standard rules only")
    return LossCounts.of_tables(round_tables(name))


def run_rare(spec: BattleSpec, event: RareEvent, runs: int, seed: int, backend,
             pilot: int = 10_000, progress: bool = False, with_exact: bool = True,
             choice: TiltChoice | None = None, model_name: str = "engine") -> dict:
    """Fit a tilt (unless ``choice`` is given), play ``runs`` battles, return the JSON record.
    ``model_name``: see :func:`loss_counts_of`; the exact answer exists for "engine" and "fair"."""
    if runs < 2:
        raise ValueError("rare needs at least 2 runs (for a standard error)")
    t0, c0 = time.monotonic(), time.process_time()
    model = loss_counts_of(spec, model_name)
    choice = choice or choose_tilt(spec, event.K, seed, model, pilot=pilot)
    tables = tilt_tables(model, choice.theta)
    t1 = time.monotonic()
    est = weigh(spec, event, tables, seed, runs, choice.shift, backend, progress)[-1]
    t2, c2 = time.monotonic(), time.process_time()
    exact, error = None, None
    if model_name not in ("engine", "fair"):
        error = f"round model {model_name!r}: the engine does not take round tables yet"
    elif with_exact:
        try:
            exact = exact_probability(spec, event)
        except ValueError as e:  # the engine refuses work it cannot finish; say so
            error = str(e)
    battle = {k: v for k, v in spec.describe().items() if k != "mode"}  # no dice/outcome mode
    rec = {"format": FORMAT, "format_version": FORMAT_VERSION, "event": event.name,
           "lost_at_least": event.K, **battle, "round_model": model_name, "seed": seed,
           **est.to_json(), **exact_record(exact, error)}
    if exact is not None and exact > 0:
        lo, hi = rec["log10_ci95_low"], rec["log10_ci95_high"]
        rec["ci95_covers_exact"] = bool(lo is not None and lo <= rec["exact_log10"] <= hi)
    rec.update({
        "tilt": {**tables.describe(), "method": "multilevel cross-entropy from pilot battles",
                 "pilot_runs": choice.pilot_runs, "pilot_run_ids": f"{PILOT_BASE} + t * "
                 f"{PILOT_STRIDE} + [0, pilot) for level t", "levels": choice.levels},
        "run_ids": [0, runs], "generator": "Philox4x32-10", "schedule": SCHEDULE,
        "backend": backend.name, "device": backend.device, "kernel": backend.config(),
        "timing": {"pilot_s": round(t1 - t0, 3), "run_s": round(t2 - t1, 3),
                   "cpu_s": round(c2 - c0, 3),
                   "cpu_note": "CPU time of this process: all the work with one NumPy worker"},
        "wall_time_s": round(t2 - t0, 3), "runs_per_s": runs / (t2 - t1) if t2 > t1 else None,
        "git_commit": git_commit(), "created_utc": now_utc()})
    return rec

