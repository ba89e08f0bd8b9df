"""GPU Monte Carlo pipeline for RISK battles: CUDA kernels (``kernels/*.cu``) with a
bit-identical NumPy twin, exact integer histograms, sharding, checkpoints and validation
against the exact engine ``riskodds``.

The package is layered by job, each layer importing only those below it (checked from the
source by ``tests/pipeline/test_pipeline_layers.py``):
streams (Philox, the draw schedule, MRG32k3a) -> rounds (the battle spec, shared integer
tables, round decoders, tilted and legacy round tables) -> records (result files, atomic
writes, progress) -> backends (kernel source and launches, NumPy twin, CUDA, host shim) -> runs
(batches and checkpoints, merge over a cluster, validation, the launch sweep) -> rare_events
(importance sampling: cross-entropy fit, estimate, scaling data) -> evidence (the GPU evidence
steps in order of value, their time budget, the returned archive's ingest) -> command_line (``python -m gpu_pipeline``).
"""
from .rounds.spec import BattleSpec, RoundRules
from .streams.schedule import SCHEDULE

__all__ = ["BattleSpec", "RoundRules", "SCHEDULE"]
