"""The lockstep kernel (kernels/lockstep_battle.cu) compiled as host C++ must give histograms
bit-identical to the NumPy twin, through both of its entries; and the threshold test it uses in
outcome mode, x >= ceil(c 2**w / S) <=> floor(x S / 2**w) >= c, must hold exactly."""
import numpy as np
import pytest

from gpu_pipeline.backends.numpy_backend import simulate_range
from gpu_pipeline.rounds.round_decoder import losses_from_dice, losses_from_outcome
from gpu_pipeline.streams.schedule import TWO32, lemire_threshold, redraw_np, seed_key
from gpu_pipeline.rounds.spec import BattleSpec, RoundRules, engine_outcome_space
from gpu_pipeline.rounds.standard_round import standard_round_defines, word_threshold
from pipeline_rules import RULE_VARIANTS, variant_id


@pytest.mark.parametrize("mode", ["outcome", "dice"])
def test_standard_rules_compiled_in_match_the_twin(shim, engine, mode):
    spec = BattleSpec(75, 10, "attacking", mode=mode)
    start, n = 2 ** 32 - 150_000, 300_001  # crosses run id 2**32: the counter's high word
    ref = simulate_range(spec, 7, start, n)
    for grid, rpt, shared in [(97, 31, True), (1, n, True), (n, 1, True), (13, 64, False)]:
        got = shim.run(spec, 7, start, n, grid=grid, runs_per_thread=rpt, use_shared=shared,
                       kernel="lockstep")
        assert got.tolist() == ref.tolist(), (grid, rpt, shared)
    assert ref[spec.end_states.index((75, 0))] > 0 and (ref > 0).sum() > 20  # a spread histogram


@pytest.mark.parametrize("mode", ["outcome", "dice"])
def test_both_entries_agree_on_standard_rules(shim, engine, mode):
    """lockstep_battles (every round from the table) and lockstep_battles_std (the full round
    compiled in) play the same battles."""
    spec = BattleSpec(12, 9, "territory", retreat_at=3, defender_goal=1, mode=mode)
    table_only = shim.run(spec, 3, 0, 100_000, kernel="lockstep", compiled_rules=False)
    compiled = shim.run(spec, 3, 0, 100_000, kernel="lockstep", compiled_rules=True)
    assert table_only.tolist() == compiled.tolist() == simulate_range(spec, 3, 0, 100_000).tolist()


@pytest.mark.parametrize("spec", RULE_VARIANTS, ids=variant_id)
def test_rule_variants_match_the_twin(shim, engine, spec):
    start, n = 2 ** 32 - 50_000, 100_000
    got = shim.run(spec, 5, start, n, grid=13, runs_per_thread=5, kernel="lockstep")
    assert got.tolist() == simulate_range(spec, 5, start, n).tolist()


def test_compiled_entry_refuses_other_rules(shim):
    with pytest.raises(ValueError, match="standard rules' only"):
        shim.run(BattleSpec(5, 5, "attacking", RoundRules(defend_dice=3)), 1, 0, 10,
                 kernel="lockstep", compiled_rules=True)


def test_threshold_identity_exhaustive_for_8_bit_words():
    """Every x, S, c at word width 8 (S up to 2**8, c up to S): the derivation in
    standard_round.py does not depend on the width."""
    x = np.arange(256, dtype=np.int64)
    for S in range(1, 257):
        c = np.arange(S + 1, dtype=np.int64)[:, None]
        v = (x[None, :] * S) >> 8
        X = np.array([word_threshold(int(ci), S, bits=8) for ci in c[:, 0]])[:, None]
        assert np.array_equal(v >= c, x[None, :] >= X), S


def test_threshold_identity_at_32_bit_edges():
    spaces = [1, 2, 3, 6, 7, 36, 216, 1296, 7776, 46656, 100 ** 3 * 99, 2 ** 31 - 1, 2 ** 31,
              2 ** 31 + 1, 2 ** 32 - 1, 2 ** 32]
    for S in spaces:
        for c in {min(c, S) for c in (0, 1, 2, S // 3, S // 2, S - 1, S)}:
            X = word_threshold(c, S)
            assert X < TWO32 or c == S  # fits 32 bits unless the column is "never"
            for x in {0, 1, X - 2, X - 1, X, X + 1, TWO32 - 1}:
                if 0 <= x < TWO32:
                    assert ((x * S) >> 32 >= c) == (x >= X), (S, c, x)


@pytest.mark.parametrize("mode", ["outcome", "dice"])
def test_compiled_round_word_by_word(shim, engine, mode):
    """The compiled-in full round against the schedule (Lemire, redraw, decoding) for words at
    every threshold's edge, the ends of the range and a sample: an off-by-one in a threshold
    would show at X_j - 1 or X_j."""
    d = {k: int(v.rstrip("u")) for k, v in standard_round_defines().items()}
    S, t, na, nd = d["RK_STD_S"], d["RK_STD_T"], d["RK_STD_ATTACK_DICE"], d["RK_STD_DEFEND_DICE"]
    rules = RoundRules()
    cum = [d[f"RK_STD_C{j}"] for j in range(3)]
    edges = {0, 1, TWO32 - 1} | {d[f"RK_STD_X{j}"] + e for j in range(d["RK_STD_PAIRS"])
                                  for e in (-1, 0, 1)}
    words = sorted(edges) + np.random.default_rng(4).integers(0, TWO32, 20_000).tolist()
    seed, run, k = 9, 2 ** 32 + 5, 6
    for x in words:
        m = x * S
        if m % TWO32 < t:  # rejected: the side stream's accepted product
            m = int(redraw_np([run % TWO32], [run >> 32], k, [S], [t], seed_key(seed))[0])
        v = m >> 32
        want = (int(losses_from_outcome(v, *cum)) if mode == "outcome" else
                int(losses_from_dice(v, na, nd, rules.attack_faces, rules.defend_faces,
                                     rules.ties == "attacker", 0)))
        assert shim.standard_round(x, run, k, seed, mode) == want, x
    assert any((x * S) % TWO32 < t for x in words)  # the redraw path was taken


def test_compiled_constants_are_the_engines_round(engine):
    """The -D options of lockstep_battles_std: the standard full round's S, t, c_j from the
    engine's outcome counts, and thresholds X_j with the defining property at X_j - 1, X_j."""
    d = standard_round_defines()
    rules = RoundRules()
    na, nd = int(d["RK_STD_ATTACK_DICE"]), int(d["RK_STD_DEFEND_DICE"])
    assert (na, nd, int(d["RK_STD_FACES_A"])) == (rules.attack_dice, rules.defend_dice,
                                                  rules.attack_faces)
    word = {k: int(v.rstrip("u")) for k, v in d.items()}
    counts = engine_outcome_space(na, nd, rules)
    S = sum(counts.values())
    assert (word["RK_STD_S"], word["RK_STD_T"]) == (S, lemire_threshold(S))
    for j in range(word["RK_STD_PAIRS"]):
        c = sum(n for (lost, _), n in counts.items() if lost <= j)
        X = word[f"RK_STD_X{j}"]
        assert word[f"RK_STD_C{j}"] == c
        assert ((X - 1) * S) >> 32 < c <= (X * S) >> 32
