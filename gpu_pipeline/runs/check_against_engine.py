"""Compare a simulation result with the exact engine.

* G-test (likelihood ratio) over end states whose expected count is >= ``min_expected``, the
  rest pooled into one bin (when the pool is itself big enough); dof = bins - 1.
* Largest standardized deviation (o - e) / sqrt(N p (1 - p)) over those same well-filled
  end states (for rare ones a z-score is meaningless; they get the exact tail below).
* Rare end states (expected < ``min_expected``): exact binomial tail of what was seen
  (P(X >= o) if o > e else P(X <= o)), Bonferroni-corrected over the rare states.
* Any count in an end state of probability 0 is an immediate failure; so is a histogram that
  does not sum to ``runs``.
The result passes when every p-value is >= ``alpha`` (default 1e-6: a correct generator fails
about once in a million validations, a biased one fails by many orders of magnitude).
"""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field

from ..records.results import SimulationResult


@dataclass
class ValidationReport:
    passed: bool
    runs: int
    alpha: float
    g_statistic: float
    dof: int
    p_value: float
    max_abs_z: float
    max_z_state: tuple | None
    rare_states: int
    rare_min_p: float | None        # smallest exact tail probability (before correction)
    rare_p_bonferroni: float | None
    impossible: list = field(default_factory=list)   # states seen with exact probability 0
    failures: list = field(default_factory=list)

    def to_json(self) -> dict:
        return asdict(self)

    def summary(self) -> str:
        lines = [f"{'PASS' if self.passed else 'FAIL'}: {self.runs} runs",
                 f"  G-test: G = {self.g_statistic:.2f}, dof = {self.dof}, p = {self.p_value:.3g}",
                 f"  largest |z| = {self.max_abs_z:.2f} at end state {self.max_z_state}",
                 f"  rare states: {self.rare_states}, min exact tail p = {self.rare_min_p}, "
                 f"Bonferroni p = {self.rare_p_bonferroni}"]
        lines += [f"  FAILURE: {f}" for f in self.failures]
        return "\n".join(lines)


def exact_end_states(result: SimulationResult) -> dict:
    """{(attacking armies, defenders): Fraction} from the engine, same battle and rules."""
    import riskodds
    s = result.spec
    b = riskodds.battle(s.attackers, s.defenders, convention=s.convention,
                        rules=s.rules.to_engine(), retreat_at=s.retreat_at,
                        defender_goal=s.defender_goal)
    return {(a - s.offset, d): p for (a, d), p in b.end_states.items()}


def split_by_expected(exact: dict, observed: dict, N: int, min_expected: float):
    """(big, rare): (key, p, expected, observed) for every key of probability p > 0 in
    ``exact``, split by whether N p reaches ``min_expected``."""
    big, rare = [], []
    for key, p in exact.items():
        if p <= 0:
            continue
        e = float(p * N)
        (big if e >= min_expected else rare).append((key, float(p), e, observed.get(key, 0)))
    return big, rare


def g_test(big, rare, min_expected: float) -> tuple[float, int, float]:
    """(G, dof, p-value): the big cells, plus the rare ones pooled into one cell when the pool
    is big enough (split_by_expected)."""
    from scipy import stats  # lazy: only validation needs SciPy
    pooled_e = sum(e for _, _, e, _ in rare)
    cells = [(o, e) for _, _, e, o in big]
    if pooled_e >= min_expected:
        cells.append((sum(o for *_, o in rare), pooled_e))
    g = 2.0 * sum(o * math.log(o / e) for o, e in cells if o > 0)
    g += 2.0 * sum(e - o for o, e in cells)  # exact when sum(o) == sum(e); guards rounding
    dof = max(len(cells) - 1, 0)
    return g, dof, float(stats.chi2.sf(g, dof)) if dof else 1.0


def check_against_engine(result: SimulationResult, alpha: float = 1e-6, min_expected: float = 5.0,
             exact: dict | None = None) -> ValidationReport:
    from scipy import stats  # lazy: only validation needs SciPy

    exact = exact_end_states(result) if exact is None else exact
    N = result.runs
    failures = []
    if N == 0:  # nothing was simulated: nothing can pass
        failures.append("no runs to validate (the file holds 0 runs)")
    if sum(result.counts) != N:
        failures.append("histogram does not sum to runs")
    observed = dict(zip(result.spec.end_states, result.counts))
    for st in exact:
        if st not in observed and exact[st] > 0:
            failures.append(f"engine end state {st} has no bin")
    impossible = [st for st, c in observed.items() if c and not exact.get(st, 0)]
    if impossible:
        failures.append(f"{len(impossible)} end states seen that have probability 0")

    big, rare = split_by_expected(exact, observed, N, min_expected)
    g, dof, p_value = g_test(big, rare, min_expected)
    if p_value < alpha:
        failures.append(f"G-test p = {p_value:.3g} < {alpha:g}")

    max_z, max_state = 0.0, None
    for st, p, e, o in big:  # z is meaningful only where the normal approximation is
        sd = math.sqrt(N * p * (1.0 - p))
        z = (o - e) / sd if sd > 0 else 0.0
        if abs(z) > abs(max_z):
            max_z, max_state = z, st

    rare_min = None
    for st, p, e, o in rare:
        tail = float(stats.binom.sf(o - 1, N, p)) if o > e else float(stats.binom.cdf(o, N, p))
        rare_min = tail if rare_min is None else min(rare_min, tail)
    rare_bonf = None if rare_min is None else min(1.0, rare_min * len(rare))
    if rare_bonf is not None and rare_bonf < alpha:
        failures.append(f"rare end states: Bonferroni p = {rare_bonf:.3g} < {alpha:g}")

    return ValidationReport(not failures, N, alpha, g, dof, p_value, abs(max_z), max_state,
                            len(rare), rare_min, rare_bonf, impossible, failures)
