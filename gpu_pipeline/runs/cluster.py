"""Shards on an existing Dask distributed cluster, merged into one result.

One worker per GPU (start the cluster with ``dask-cuda``'s ``LocalCUDACluster`` or
``dask cuda worker`` where available; each worker then sees one GPU as device 0), or plain CPU
workers running the NumPy twin. Entry points: ``run_on_cluster(...)`` or the CLI's
``simulate --cluster tcp://scheduler:8786 --cluster-shards 64``. Shard i of n covers the same
run ids as ``--shard i/n``, so the merged histogram equals a single run's exactly.
"""
from __future__ import annotations

from ..records.results import SimulationResult, merge
from ..rounds.spec import BattleSpec


def run_shard(spec: BattleSpec, runs: int, seed: int, i: int, n: int, backend: str = "auto",
              workers: int = 1) -> dict:
    """Executed on a worker: one shard, returned as its JSON record."""
    from .runner import make_backend, simulate
    b = make_backend(backend, workers=workers)
    try:
        return simulate(spec, runs, seed, b, shard=(i, n), progress=False).to_json()
    finally:
        b.close()


def run_on_cluster(spec: BattleSpec, runs: int, seed: int, shards: int, address=None,
                   client=None, backend: str = "auto", workers: int = 1) -> SimulationResult:
    """Submit ``shards`` shards to the cluster at ``address`` (or an existing ``client``)."""
    from dask.distributed import Client, as_completed

    own = client is None
    client = Client(address) if own else client
    try:
        futures = [client.submit(run_shard, spec, runs, seed, i, shards, backend, workers,
                                 pure=False, key=f"riskodds-shard-{seed}-{i}-of-{shards}")
                   for i in range(shards)]
        parts = [SimulationResult.from_json(f.result()) for f in as_completed(futures)]
    finally:
        if own:
            client.close()
    merged = merge(parts)
    if not merged.complete or merged.runs != runs or merged.requested_runs != runs:
        raise RuntimeError("cluster shards did not cover the requested runs exactly")
    return merged
