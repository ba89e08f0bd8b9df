"""The battle kernels (``--kernel``) and what a launch of each takes, planned once in Python and
run by either executor: the GPU (``cuda_backend.CudaKernels``) or the kernel source on the CPU
(``host_shim.HostShim``), which therefore launch exactly the same thing.

* ``strided`` (``kernels/risk_battle.cu``): one battle per thread at a time, run ids strided
  over the grid. Histograms over end states, bit-identical to the NumPy twin.
* ``lockstep`` (``kernels/lockstep_battle.cu``): steps of four rounds, finished lanes refilled
  at step boundaries; the standard rules' full round compiled in (``standard_round.py``). Same
  parameters and the same histograms, bit for bit.
* ``legacy`` (``kernels/legacy_battle.cu``): a re-creation of the earlier kernel's design
  (MRG32k3a started per thread, biased bit-sliced dice, unsorted slow path, per-thread bins,
  whole launches). Standard rules, battles to the end, counts by attacking armies lost. For
  timing on the same GPU only: its counts are not the battle's odds and it plays whole
  launches, so ``LaunchPlan.played`` may exceed the request (by less than one launch).

Armies are attacking armies (``spec.A0``).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from ..rounds import legacy_model
from ..streams import mrg32k3a
from .kernel_source import BATTLE_KERNEL, LEGACY_KERNEL, LOCKSTEP_KERNEL
from ..rounds.spec import (TABLE_WORDS, BattleSpec, RoundRules, kernel_args, launch_plan, pack_scalars,
                   pack_tables)
from ..rounds.standard_round import is_standard

KERNELS = ("strided", "lockstep", "legacy")
SHARED_LIMIT = 48 * 1024     # bytes of dynamic shared memory per block a GPU gives without opt-in
# Blocks per launch. CUDA allows 2**31 - 1; the runner's batches (~2 s of work each) stay far
# below this cap, which only bounds a single launch (~7e10 battles at the default shape).
MAX_GRID = 1 << 22
TWIN_KERNELS = ("strided", "lockstep")     # histograms bit-identical to the NumPy twin

# legacy_battles(skip1, skip2, bins, <these scalars, in this order>)
LEGACY_SCALARS = (("seed", np.uint64), ("A0", np.int32), ("D0", np.int32),
                  ("sims_per_thread", np.int32), ("nbins", np.int32))


@dataclass(frozen=True)
class LaunchPlan:
    """Everything a launch needs. ``inputs``: host arrays, the kernel's first parameters;
    then one array of ``counters`` uint64 counters the kernel adds into; ``launches``: (blocks,
    typed scalar arguments) per launch, ``block`` threads each, ``shared_words`` 32-bit words
    of dynamic shared memory per block. ``played``: battles the launches play. ``counts``:
    what the counters mean ("end_states": ``spec.end_states``; "attackers_lost": 0..A0)."""
    kernel: str
    source: Path
    entry: str
    inputs: tuple
    counters: int
    launches: tuple
    block: int
    shared_words: int
    played: int
    counts: str


def fits_shared(spec: BattleSpec, limit_bytes: int) -> bool:
    """Whether the table, the block's end-state counters and its next-run counter fit in
    ``limit_bytes`` of shared memory (else the kernels count in global memory)."""
    return (TABLE_WORDS + len(spec.end_states) + 1) * 4 <= limit_bytes


def check_shape(block: int, runs_per_thread: int):
    """Per-block run counts stay below 2**32: the kernels' 32-bit block counters, and the
    lockstep kernel hands out up to ``block`` run ids past a block's last run."""
    if block < 1 or runs_per_thread < 1 or block * (runs_per_thread + 1) >= 1 << 32:
        raise ValueError("block and runs_per_thread must be >= 1 with block * (runs_per_thread "
                         "+ 1) < 2**32 (32-bit block counters)")


def plan(kernel: str, spec: BattleSpec, seed: int, start: int, count: int, *, block: int,
         runs_per_thread: int, use_shared: bool, max_grid: int, table=None,
         compiled_rules: bool | None = None) -> LaunchPlan:
    """The launches of ``kernel`` for run ids [start, start + count) of ``spec`` (legacy: any
    ``count`` battles, rounded up to whole launches; its run ids are its threads' streams).
    ``compiled_rules`` (lockstep): use the entry with the standard round compiled in; default:
    exactly when the rules are the standard ones (it refuses other rules)."""
    check_shape(block, runs_per_thread)
    if kernel == "legacy":
        return _legacy_plan(spec, seed, count, block, runs_per_thread, max_grid)
    if kernel not in TWIN_KERNELS:
        raise ValueError(f"kernel must be one of {', '.join(KERNELS)}, got {kernel!r}")
    table = np.ascontiguousarray(pack_tables(spec) if table is None else table, np.uint32)
    source, entry, extra = BATTLE_KERNEL, "risk_battles", 0
    if kernel == "lockstep":
        compiled = is_standard(spec.rules) if compiled_rules is None else compiled_rules
        if compiled and not is_standard(spec.rules):
            raise ValueError("the compiled-in round is the standard rules' only")
        source, entry, extra = LOCKSTEP_KERNEL, "lockstep_battles_std" if compiled else \
            "lockstep_battles", 1  # + the block's next-run counter
    nbins = len(spec.end_states)
    launches = tuple((blocks, kernel_args(spec, seed, s, n, use_shared=use_shared,
                                          runs_per_thread=runs_per_thread))
                     for s, n, blocks in launch_plan(start, count, block * runs_per_thread,
                                                     max_grid))
    return LaunchPlan(kernel, source, entry, (table, spec.bin_grid), nbins, launches, block,
                      TABLE_WORDS + (nbins if use_shared else 0) + extra, count, "end_states")


@lru_cache(maxsize=1)
def _skip_tables():
    return mrg32k3a.skip_tables()


def legacy_refusal(spec: BattleSpec) -> str | None:
    """Why the re-created legacy kernel cannot play ``spec`` (None when it can)."""
    if spec.rules != RoundRules():
        return "the legacy kernel plays the standard rules only (3 v 2 six-sided dice)"
    if spec.stop_a or spec.stop_d:
        return "the legacy kernel plays every battle to the end (no retreat or goal)"
    if spec.A0 + 1 > legacy_model.MAX_BINS:
        return f"the legacy kernel counts at most {legacy_model.MAX_BINS - 1} attacking armies"
    return None


def _legacy_plan(spec, seed, count, block, spt, max_grid) -> LaunchPlan:
    why = legacy_refusal(spec)
    if why:
        raise ValueError(why)
    grid = min(max_grid, -(-count // (block * spt)))
    per_launch = grid * block * spt
    n_launches = -(-count // per_launch)  # whole launches: the earlier kernel's rounding up
    # launch i seeds its threads with seed + i (a new curand_init per launch)
    launches = tuple((grid, pack_scalars(LEGACY_SCALARS, dict(
        seed=(seed + i) % (1 << 64), A0=spec.A0, D0=spec.D0, sims_per_thread=spt,
        nbins=spec.A0 + 1))) for i in range(n_launches))
    skip1, skip2 = _skip_tables()
    return LaunchPlan("legacy", LEGACY_KERNEL, "legacy_battles", (skip1, skip2), spec.A0 + 1,
                      launches, block, 0, n_launches * per_launch, "attackers_lost")
