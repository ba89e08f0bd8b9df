"""Choosing the tilt by the multilevel cross-entropy method (Rubinstein and Kroese), from pilot
battles only: the exact answer is never consulted.

The best proposal would be the zero-variance one, q*(path) = p(path) 1_E(path) / P(E); it
needs P(E). Cross-entropy picks, inside the tilted family q_theta of ``tilt.py``, the member
closest to q* in Kullback-Leibler divergence, i.e. the theta maximising

    E_p[1_E log q_theta(path)] = E_{q'}[1_E L'(path) log q_theta(path)],

estimated from pilot paths drawn under the current tilt q' with likelihood ratios L' = p/q'.
Since log q_theta(path) = sum over dice pairs kappa of (theta_kappa l_kappa - n_kappa
log M_kappa(theta_kappa)) + terms free of theta (n_kappa rounds with dice kappa, l_kappa
attacker losses in them, M_kappa the moment generating function of p_kappa), setting the
derivative to zero gives, for each kappa separately,

    mu_kappa(theta_kappa) = sum_i W_i l_{i,kappa} / sum_i W_i n_{i,kappa},   W_i = 1_E L'_i,

where mu_kappa is the tilted mean loss: the tilted round must lose, on average, what the
rounds of the (weighted) event paths lost. ``tilt.solve_theta`` solves it by bisection.

A rare event is never seen by a pilot at theta = 0, so the event is approached in levels:
the pilot's elite, its top ``rho`` fraction by attacker losses, defines the level
gamma_t (at most K); theta is fitted to {lost >= gamma_t}; the next pilot, drawn with the
new theta, reaches further. Once gamma_t = K, ``final_steps`` more fits at the event itself,
on pilots ``final_boost`` times larger (so that the dice pairs of the battle's last rounds are
seen often enough), settle theta. A dice pair used by fewer than ``min_paths`` elite paths
keeps its theta, and every fit is shrunk towards the current tilt by ``prior_rounds``
pseudo-rounds (see :func:`fit_theta`). Each pilot uses its own block of run ids, far from the
final run's [0, N), so the final battles are independent of the tilt and the estimate stays
unbiased whatever the tilt; the tilt only decides the variance.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ..backends.rare_numpy import play_tilted
from ..rounds.spec import BattleSpec, table_key
from ..rounds.tilt import LossCounts, solve_theta, tilt_tables, tilted_mean

PILOT_BASE = 1 << 63        # pilot t plays run ids PILOT_BASE + t * 2**40 + [0, pilot)
PILOT_STRIDE = 1 << 40


@dataclass
class TiltChoice:
    """The fitted theta ({(na, nd): float}), the log-weight shift for the final run, and the
    history of levels (what each pilot reached)."""
    theta: dict
    shift: float
    levels: list = field(default_factory=list)
    pilot_runs: int = 0


def fit_theta(model: LossCounts, theta: dict, runs, elite: np.ndarray, min_paths: int,
              prior_rounds: float) -> dict:
    """One cross-entropy update from the elite pilot paths (see the module docstring).

    Weights are scaled to sum to the elite's effective sample size (sum W)^2 / sum W^2, so that
    sum W n is an effective number of rounds, and ``prior_rounds`` pseudo-rounds at the current
    tilt's mean are added to each dice pair's data. That keeps a handful of rounds which all
    happened to lose from driving theta to its cap: a proposal that almost never lets the
    attacker win such a round could never again sample the event paths that do win it, and
    would lock itself in."""
    lw = runs.log_weight[elite]
    w = np.exp(lw - lw.max())                     # only ratios of weights matter
    w *= w.sum() / (w @ w)                        # now sum(w) = effective sample size
    new = dict(theta)
    for key in model.counts:
        col = table_key(*key)
        n = runs.rounds[elite, col]
        if np.count_nonzero(n) < min_paths:       # too few paths used these dice: keep theta
            continue
        p, old = model.probs(key), theta.get(key, 0.0)
        target = ((float(w @ runs.losses[elite, col]) + prior_rounds * tilted_mean(p, old))
                  / (float(w @ n) + prior_rounds))
        new[key] = solve_theta(p, target)
    return new


def choose_tilt(spec: BattleSpec, lost_at_least: int, seed: int, model: LossCounts | None = None,
                pilot: int = 10_000, rho: float = 0.1, final_steps: int = 2,
                final_boost: int = 4, max_levels: int = 200, min_paths: int = 10,
                prior_rounds: float = 10.0, stall: int = 8) -> TiltChoice:
    """Fit theta for E = {the attacker loses at least ``lost_at_least`` attacking armies}.
    Raises RuntimeError when the levels stop rising (the event cannot be reached)."""
    model = model or LossCounts.of_spec(spec)
    K = lost_at_least
    stop_a = max(spec.A0 - K, spec.stop_a)
    theta, levels, best, flat, done_at_K = {}, [], -1, 0, 0
    played = 0
    for t in range(max_levels):
        tables = tilt_tables(model, theta)
        n = pilot * (final_boost if done_at_K else 1)
        runs = play_tilted(spec, stop_a, tables, seed, PILOT_BASE + t * PILOT_STRIDE, n,
                           stats=True)
        played += n
        lost = spec.A0 - runs.end_a
        gamma = min(K, int(np.sort(lost)[min(n - 1, math.ceil((1 - rho) * n))]))
        elite = lost >= gamma
        levels.append({"level": gamma, "elite": int(elite.sum()),
                       "hits": int((lost >= K).sum()),
                       "theta": {f"{na}v{nd}": round(th, 6) for (na, nd), th in sorted(theta.items())}})
        if gamma == K:
            done_at_K += 1
            if done_at_K > final_steps:
                hits = runs.log_weight[lost >= K]
                return TiltChoice(theta, float(hits.max()), levels, played)
        flat = flat + 1 if gamma <= best else 0
        best = max(best, gamma)
        if flat >= stall:
            raise RuntimeError(f"the cross-entropy search stalled at {best} of {K} attacking "
                               f"armies lost: the event looks unreachable under these rules")
        theta = fit_theta(model, theta, runs, elite, min_paths, prior_rounds)
    raise RuntimeError(f"the cross-entropy search did not reach {K} armies lost in "
                       f"{max_levels} levels")
