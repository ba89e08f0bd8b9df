"""Shards on a Dask cluster (a local CPU LocalCluster here, NumPy backend) merge to exactly the
histogram of a single run."""
import pytest

from gpu_pipeline.backends.numpy_backend import NumpyBackend
from gpu_pipeline.runs.runner import simulate
from gpu_pipeline.rounds.spec import BattleSpec

distributed = pytest.importorskip("dask.distributed")


def test_local_cluster_matches_single_run():
    from gpu_pipeline.runs.cluster import run_on_cluster
    spec = BattleSpec(75, 10, "attacking", mode="dice")
    single = simulate(spec, 60_007, 13, NumpyBackend(workers=1), progress=False)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        merged = run_on_cluster(spec, 60_007, 13, shards=5, client=client, backend="numpy")
    assert merged.counts == single.counts
    assert merged.runs == 60_007 and merged.complete
