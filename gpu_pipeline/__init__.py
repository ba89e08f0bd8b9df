"""GPU Monte Carlo pipeline for RISK battles: CUDA kernels (``kernels/*.cu``) with a
bit-identical NumPy twin, exact integer histograms, sharding, checkpoints and validation
against the exact engine ``riskodds``.

Modules, one job each: ``philox`` (generator), ``schedule`` (which word each round uses),
``round_decoder`` (value -> losses), ``spec`` (battle, shared tables, kernel interface),
``standard_round`` (the lockstep kernel's compiled-in round), ``mrg32k3a`` (the legacy
re-creation's generator), ``kernel_source`` (the .cu files and their -D options),
``kernel_variants`` (strided, lockstep, legacy: what a launch takes), ``numpy_backend``,
``cuda_backend``, ``host_shim`` (kernel source built as host C++), ``lane_efficiency``,
``evidence`` and ``evidence_steps`` (the GPU evidence run), ``runner`` (batches,
checkpoints), ``results`` (records, JSON, merge), ``check_against_engine`` (the ``validate``
command), ``cluster`` (Dask), ``launch_sweep`` (the ``sweep`` command), ``cli``. Rare
events by importance sampling: ``tilt`` (tilted rounds over 2**32), ``cross_entropy`` (fitting
the tilt), ``rare_numpy`` (twin of ``kernels/rare_battle.cu``),
``estimate`` (exact sums, interval), ``rare`` (events, driver, JSON), ``rare_scaling``;
``legacy_model`` (the earlier kernel's dice as round tables).
"""
from .schedule import SCHEDULE
from .spec import BattleSpec, RoundRules

__all__ = ["BattleSpec", "RoundRules", "SCHEDULE"]
