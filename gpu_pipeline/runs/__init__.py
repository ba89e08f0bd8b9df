"""Layer 5, runs: playing a battle many times. ``runner`` (batches, checkpoints, resume,
shards), ``cluster`` (shards over Dask), ``check_against_engine`` (the ``validate`` command),
``launch_sweep`` (the ``sweep`` command: block size x runs per thread)."""
