"""The re-created legacy kernel (kernels/legacy_battle.cu, legacy_round.cuh) through the host
shim: its rounds are the legacy_model's "legacy-kernel" tables word for word, its generator is
MRG32k3a started as curand_init starts it (oracle: the recurrence stepped here, in Python), its
battles follow the engine's exact odds for those tables, and it plays whole launches."""
import pytest

from gpu_pipeline.streams import mrg32k3a
from gpu_pipeline.runs.check_against_engine import g_test, split_by_expected
from gpu_pipeline.backends.kernel_variants import plan
from gpu_pipeline.rounds.legacy_model import round_tables
from gpu_pipeline.rounds.spec import BattleSpec, RoundRules

M1, M2 = 4294967087, 4294944443   # L'Ecuyer's moduli, typed here as an independent oracle


def oracle_words(seed, steps_before, n):
    """curand_init(seed, ...) then ``steps_before`` steps skipped, then n words: cuRAND's
    seeding, L'Ecuyer's recurrence and cuRAND's conversion through a double."""
    s1, s2 = [12345] * 3, [12345] * 3
    if seed:
        x1, x2 = (seed & 0xFFFFFFFF) ^ 0x55555555, (seed >> 32) ^ 0xAAAAAAAA
        s1 = [x1 * s1[0] % M1, x2 * s1[1] % M1, x1 * s1[2] % M1]
        s2 = [x2 * s2[0] % M2, x1 * s2[1] % M2, x2 * s2[2] % M2]
    out = []
    for i in range(steps_before + n):
        p1 = (1403580 * s1[1] - 810728 * s1[0]) % M1
        p2 = (527612 * s2[2] - 1370589 * s2[0]) % M2
        s1, s2 = [s1[1], s1[2], p1], [s2[1], s2[2], p2]
        if i >= steps_before:
            z = p1 - p2 if p1 > p2 else p1 - p2 + M1
            out.append(int(z * (1.0 / (M1 + 1)) * 4294967296.0))
    return out


def test_rounds_are_the_legacy_model_word_for_word(shim):
    """Every 15-bit word (the five 3-bit dice fields): each (na, nd) round's loss counts are
    the model's brute-force table times the 8**(5 - na - nd) words that share its fields."""
    tables = round_tables("legacy-kernel")
    for (na, nd), table in tables.items():
        got = {}
        for r in range(1 << 15):
            lost = shim.legacy_losses(r, na, nd)
            key = (lost, min(na, nd) - lost)
            got[key] = got.get(key, 0) + 1
        scale = 8 ** (5 - na - nd)
        assert got == {k: v * scale for k, v in table.items()}, (na, nd)


def test_generator_is_mrg32k3a_as_curand_starts_it(shim):
    skip1, skip2 = mrg32k3a.skip_tables()
    for seed in (0, 1, 2 ** 40 + 12345):
        assert shim.legacy_words(skip1, skip2, seed, 0, 8) == oracle_words(seed, 0, 8)


@pytest.mark.parametrize("subsequence", [1, 5, 7, 8, 9, 63, 64, 100, 4095])
def test_skip_ahead_lands_where_stepping_does(shim, subsequence):
    """With tables for subsequences 2**4 steps apart (the real ones are 2**76 apart), the
    kernel's digit-by-digit matrix skip equals stepping 16 s times."""
    skip1, skip2 = mrg32k3a.skip_tables(stride_log2=4)
    got = shim.legacy_words(skip1, skip2, 99, subsequence, 4)
    assert got == oracle_words(99, 16 * subsequence, 4)


def test_skip_tables_are_powers_of_the_companion_matrices():
    """T_0 = A**(2**76) by 76 squarings (here), and T_(i+1) = T_i**8."""
    def mul(a, b, m):
        return [[sum(a[i][k] * b[k][j] for k in range(3)) % m for j in range(3)] for i in range(3)]
    skip1, skip2 = mrg32k3a.skip_tables()
    for table, A, m in ((skip1, [[0, 1, 0], [0, 0, 1], [M1 - 810728, 1403580, 0]], M1),
                        (skip2, [[0, 1, 0], [0, 0, 1], [M2 - 1370589, 0, 527612]], M2)):
        for _ in range(76):
            A = mul(A, A, m)
        for i in range(3):
            assert [v for row in A for v in row] == table[9 * i:9 * i + 9].tolist()
            for _ in range(3):
                A = mul(A, A, m)


def attackers_lost(shim, runs, seed=5):
    spec = BattleSpec(75, 10, "attacking")
    p = plan("legacy", spec, seed, 0, runs, block=1, runs_per_thread=250, use_shared=False,
             max_grid=300)
    counts, _ = shim.execute(p)
    return spec, p, counts


def test_battles_follow_the_engine_for_the_legacy_tables(shim, engine):
    """75 v 10 from the re-created kernel against the engine's exact distribution of attacking
    armies lost under the legacy-kernel round tables (and not under fair dice)."""
    spec, p, counts = attackers_lost(shim, 150_000)
    N = int(counts.sum())
    assert N == p.played == 150_000
    observed = dict(enumerate(counts.tolist()))
    legacy = engine.RoundModel.from_tables(round_tables("legacy-kernel"), name="legacy-kernel")
    for rules, should_pass in ((legacy, True), (engine.STANDARD, False)):
        exact = dict(enumerate(engine.battle(75, 10, convention="attacking",
                                             rules=rules).attackers_lost))
        g, dof, p_value = g_test(*split_by_expected(exact, observed, N, 5.0), 5.0)
        assert (p_value > 1e-6) == should_pass, (rules, g, dof, p_value)


def test_whole_launches_round_the_request_up(shim):
    spec, p, counts = attackers_lost(shim, 100_001)
    assert p.played == 75_000 * 2 and int(counts.sum()) == p.played  # 300 blocks x 250, twice


def test_refuses_what_it_cannot_play():
    for spec in (BattleSpec(5, 5, "attacking", RoundRules(defend_dice=3)),
                 BattleSpec(5, 5, "attacking", retreat_at=2), BattleSpec(200, 5, "attacking")):
        with pytest.raises(ValueError, match="legacy kernel"):
            plan("legacy", spec, 1, 0, 10, block=1, runs_per_thread=1, use_shared=False,
                 max_grid=1)
