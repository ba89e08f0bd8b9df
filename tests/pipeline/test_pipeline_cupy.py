"""CUDA backend tests: run only where cupy sees a GPU; skip cleanly otherwise (never fail)."""
import pytest

from gpu_pipeline.backends.cuda_backend import cupy_or_none

cp = cupy_or_none()
pytestmark = pytest.mark.skipif(cp is None, reason="no cupy or no GPU (cupy.is_available() false)")


@pytest.mark.parametrize("mode", ["outcome", "dice"])
def test_cuda_bit_identical_to_numpy(mode, engine):
    from gpu_pipeline.backends.cuda_backend import CudaBackend
    from gpu_pipeline.backends.numpy_backend import simulate_range
    from gpu_pipeline.rounds.spec import BattleSpec, pack_tables
    spec = BattleSpec(75, 10, "attacking", mode=mode)
    table = pack_tables(spec)
    start, n = 2 ** 32 - 1_000_000, 3_000_001
    ref = simulate_range(spec, 7, start, n, table)
    for kernel in ("strided", "lockstep"):
        for block, rpt in [(256, 64), (128, 1), (1024, 7)]:
            got = CudaBackend(block=block, runs_per_thread=rpt, kernel=kernel).run(
                spec, 7, start, n, table)
            assert got.tolist() == ref.tolist(), (kernel, block, rpt)


@pytest.mark.parametrize("mode", ["outcome", "dice"])
def test_cuda_lockstep_any_rules_bit_identical_to_numpy(mode, engine):
    """The lockstep kernel's table entry (rules other than the standard ones)."""
    from gpu_pipeline.backends.cuda_backend import CudaBackend
    from gpu_pipeline.backends.numpy_backend import simulate_range
    from gpu_pipeline.rounds.spec import BattleSpec, RoundRules, pack_tables
    spec = BattleSpec(30, 30, "territory", RoundRules(defend_dice=3), retreat_at=6,
                      defender_goal=3, mode=mode)
    table = pack_tables(spec)
    start, n = 2 ** 32 - 500_000, 1_000_003
    ref = simulate_range(spec, 7, start, n, table)
    got = CudaBackend(block=256, runs_per_thread=16, kernel="lockstep").run(spec, 7, start, n, table)
    assert got.tolist() == ref.tolist()


def test_cuda_legacy_recreation_plays_whole_launches():
    from gpu_pipeline.backends.cuda_backend import CudaKernels
    from gpu_pipeline.backends.kernel_variants import plan
    from gpu_pipeline.rounds.spec import BattleSpec
    p = plan("legacy", BattleSpec(75, 10, "attacking"), 1, 0, 10 ** 6 + 1, block=256,
             runs_per_thread=64, use_shared=False, max_grid=1 << 22)
    counts, seconds = CudaKernels().execute(p, timed=True)
    assert int(counts.sum()) == p.played > 10 ** 6 and seconds > 0


def test_cuda_exact_total_for_awkward_counts(engine):
    from gpu_pipeline.backends.cuda_backend import CudaBackend
    from gpu_pipeline.rounds.spec import BattleSpec, pack_tables
    spec = BattleSpec(75, 10, "attacking", mode="outcome")
    for kernel in ("strided", "lockstep"):
        be = CudaBackend(block=256, runs_per_thread=64, kernel=kernel)
        for n in (1, 255, 16385, 10 ** 7 + 3):
            assert int(be.run(spec, 3, 0, n, pack_tables(spec)).sum()) == n


def test_cuda_rare_kernel_bit_identical_to_numpy(engine):
    """The rare-event kernel on the GPU: same per-battle stops and log weights as the twin."""
    import numpy as np

    from gpu_pipeline.backends.cuda_backend import CudaRareBackend
    from gpu_pipeline.backends.rare_numpy import play_tilted
    from gpu_pipeline.rounds.spec import BattleSpec
    from gpu_pipeline.rounds.tilt import LossCounts, tilt_tables
    spec = BattleSpec(75, 10, "attacking")
    tables = tilt_tables(LossCounts.of_spec(spec), {(3, 2): 1.9, (2, 2): 0.5, (3, 1): 9.0})
    start, n = 2 ** 32 - 500_000, 1_000_003
    ref = play_tilted(spec, 0, tables, 7, start, n)
    for block, rpt in [(256, 16), (128, 1), (1024, 7)]:
        got = CudaRareBackend(block=block, runs_per_thread=rpt).run(spec, 0, tables, 7, start, n)
        assert np.array_equal(got.end_a, ref.end_a) and np.array_equal(got.end_d, ref.end_d)
        assert np.array_equal(got.log_weight.view(np.uint64), ref.log_weight.view(np.uint64))
