"""Round tables of the earlier kernel's dice: brute-force enumeration, checked against hand
computations, the engine (fair model), the test-only biased dice, and a Monte Carlo
re-creation of that kernel's round logic."""
from fractions import Fraction

import numpy as np
import pytest
from scipy import stats

from gpu_pipeline.rounds.legacy_model import MODELS, round_counts, round_tables
from pipeline_biased import biased_round


def test_fair_model_is_the_engines_round(engine):
    fair = round_tables("fair")
    for (na, nd), counts in fair.items():
        assert counts == {k: v for k, v in engine.outcome_space(na, nd).items() if v}


def test_legacy_duels_by_hand():
    # One biased duel: faces weigh (2, 2, 1, 1, 1, 1) / 8; the attacker loses when a <= d:
    # sum over d of w(d) * W(a <= d) = 2*2 + 2*4 + 1*5 + 1*6 + 1*7 + 1*8 = 38 of 64.
    legacy = round_tables("legacy-kernel")
    assert legacy[1, 1] == {(1, 0): 38, (0, 1): 26}
    assert legacy[3, 1] == {(1, 0): 38 * 64, (0, 1): 26 * 64}  # only the first die counts
    assert legacy[2, 1] == {(1, 0): 38 * 8, (0, 1): 26 * 8}
    assert legacy[2, 2] == {(2, 0): 38 * 38, (1, 1): 2 * 38 * 26, (0, 2): 26 * 26}
    assert legacy[3, 2] == round_counts(3, 2, sort=True)  # the sorted fast path
    assert sum(legacy[3, 2].values()) == 8 ** 5
    assert legacy[3, 2] != round_tables("fair")[3, 2]


def test_biased_faces_model_matches_the_test_only_biased_dice():
    """pipeline_biased.biased_round (sorted everywhere) over every 18-bit word gives the same
    distribution as the enumerated 'biased-faces' tables."""
    words = np.arange(1 << 18, dtype=np.uint64)
    for (na, nd), counts in round_tables("biased-faces").items():
        lost = biased_round(words, np.full(words.size, na), np.full(words.size, nd))
        m = min(na, nd)
        seen = np.bincount(lost, minlength=m + 1)
        total = sum(counts.values())
        assert all(Fraction(int(seen[j]), 1 << 18) == Fraction(counts.get((j, m - j), 0), total)
                   for j in range(m + 1))


def kernel_rounds(na, nd, n, rng):
    """The earlier kernel's round logic, re-created literally: five dice from one random 32-bit
    word r as ((r >> 3i) & 7) % 6 + 1; sorted only on the 3 v 2 fast path. Attacker losses."""
    r = rng.integers(0, 1 << 32, size=n, dtype=np.uint64)
    dice = [((r >> np.uint64(3 * i)) & np.uint64(7)).astype(np.int64) % 6 + 1 for i in range(5)]
    att, dfd = np.stack(dice[:na]), np.stack(dice[na:na + nd])
    if (na, nd) == (3, 2):
        att, dfd = -np.sort(-att, axis=0), -np.sort(-dfd, axis=0)
    m = min(na, nd)
    return (att[:m] <= dfd[:m]).sum(axis=0)


@pytest.mark.parametrize("key", sorted(round_tables()))
def test_monte_carlo_of_the_kernel_agrees_with_the_tables(key):
    """400,000 rounds per dice pair: a G-test against the legacy tables passes, the same
    sample against the fair tables fails (the test can tell the models apart)."""
    rng = np.random.default_rng(20 + 7 * key[0] + key[1])
    lost = kernel_rounds(*key, 400_000, rng)
    m = min(key)
    seen = np.bincount(lost, minlength=m + 1)

    def p_value(model):
        counts = round_tables(model)[key]
        total = sum(counts.values())
        expected = np.array([counts.get((j, m - j), 0) / total for j in range(m + 1)]) * lost.size
        return stats.power_divergence(seen, expected, lambda_="log-likelihood").pvalue

    assert p_value("legacy-kernel") > 1e-6
    assert p_value("fair") < 1e-12


def test_models_are_distinct_and_named():
    assert set(MODELS) == {"fair", "biased-faces", "unsorted-rounds", "legacy-kernel"}
    tables = {name: round_tables(name) for name in MODELS}
    assert len({repr(sorted(t.items())) for t in tables.values()}) == 4
    with pytest.raises(ValueError, match="model must be one of"):
        round_tables("lucky")
