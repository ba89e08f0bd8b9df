"""Lane-efficiency predictions: the battle-length distribution against closed forms."""
import pytest

from gpu_pipeline.backends.lane_efficiency import length_distribution, predict
from gpu_pipeline.rounds.spec import BattleSpec, RoundRules

DUELS = RoundRules(attack_dice=1, defend_dice=1)
P = 15 / 36  # the attacker wins a 1 v 1 duel (ties to the defender): 15 of 36 rolls


def test_one_duel_lasts_one_round(engine):
    assert length_distribution(BattleSpec(1, 1, "attacking", DUELS)) == [0.0, 1.0]


def test_two_v_two_duels(engine):
    """Two duels won by the same side end it (p^2 + q^2); else a third decides (2pq)."""
    q = 1 - P
    dist = length_distribution(BattleSpec(2, 2, "attacking", DUELS))
    assert dist == pytest.approx([0, 0, P * P + q * q, 2 * P * q])
    r = predict(BattleSpec(2, 2, "attacking", DUELS))
    assert r["mean_rounds"] == pytest.approx(2 + 2 * P * q)
    # the longest of 32 lasts 3 rounds unless all 32 last 2
    assert r["mean_longest_of_warp"] == pytest.approx(3 - (P * P + q * q) ** 32)
    assert r["mean_step_slots"] == pytest.approx(4)  # 2 and 3 rounds both fill one step


def test_distribution_sums_to_one_and_matches_the_issue(engine):
    """75 v 10: 9.65 rounds on average, the longest of a warp 15.5 (issue 22's figures)."""
    r = predict(BattleSpec(75, 10, "attacking"))
    assert sum(length_distribution(BattleSpec(75, 10, "attacking"))) == pytest.approx(1)
    assert round(r["mean_rounds"], 2) == 9.65 and round(r["mean_longest_of_warp"], 1) == 15.5
    assert r["strided_efficiency"] < r["lockstep_efficiency"] < 1
