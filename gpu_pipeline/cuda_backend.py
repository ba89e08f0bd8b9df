"""CUDA backend: compiles ``kernels/risk_battle.cu`` with CuPy (RawKernel, NVRTC) and launches
it over a run range. ``cupy`` is imported lazily: nothing here is needed without a GPU.

Launch: blocks of ``block`` threads, each thread playing up to ``runs_per_thread`` runs (run
ids strided by the grid size, bound-checked in the kernel), so a launch never plays more runs
than asked; ``spec.launch_plan`` splits large ranges into several launches and
``spec.kernel_args`` builds the arguments, exactly as for the host shim.
"""
from __future__ import annotations

import numpy as np

from .kernel_source import BATTLE_KERNEL, RARE_KERNEL, compile_options, inlined_source
from .results import require_total
from .spec import BattleSpec, kernel_args, launch_plan, rare_kernel_args, shared_words

SHARED_LIMIT = 48 * 1024     # default dynamic shared memory per block without opt-in
# Blocks per launch. CUDA allows 2**31 - 1; the runner's batches (~2 s of work each) stay far
# below this cap, which only bounds a single launch (~7e10 battles at the default shape).
MAX_GRID = 1 << 22
NVRTC_OPTIONS = ("-std=c++17", "--fmad=false")


def cupy_or_none():
    """The ``cupy`` module if it imports and sees a GPU, else None (never raises)."""
    try:
        import cupy
        if cupy.is_available():
            return cupy
    except Exception:  # ImportError, or a CUDA driver/runtime error at first touch
        pass
    return None


def compile_kernel(cp, source, name: str):
    """A CuPy RawKernel (NVRTC, cached per device) built with the shared -D options; it
    exposes num_regs for the launch record."""
    return cp.RawKernel(inlined_source(source), name,
                        options=NVRTC_OPTIONS + tuple(compile_options()))


class CudaDevice:
    """One GPU and one compiled kernel: what both CUDA backends share."""
    name = "cuda"
    source = BATTLE_KERNEL
    entry = "risk_battles"

    def __init__(self, block: int = 256, runs_per_thread: int = 64, device_id: int = 0):
        cp = cupy_or_none()
        if cp is None:
            raise RuntimeError("CUDA backend needs cupy with a visible GPU (pip install cupy-cuda12x)")
        if block * runs_per_thread >= 1 << 32:
            raise ValueError("block * runs_per_thread must stay below 2**32 (32-bit block counters)")
        self.cp = cp
        self.block, self.runs_per_thread = int(block), int(runs_per_thread)
        self.device_id = device_id
        cp.cuda.Device(device_id).use()
        self.kernel = compile_kernel(cp, self.source, self.entry)
        self._cache = {}

    @property
    def device(self) -> str:
        props = self.cp.cuda.runtime.getDeviceProperties(self.device_id)
        name = props["name"]
        return name.decode() if isinstance(name, bytes) else str(name)

    def config(self) -> dict:
        return {"block": self.block, "runs_per_thread": self.runs_per_thread,
                "registers_per_thread": int(getattr(self.kernel, "num_regs", -1)),
                "source": f"gpu_pipeline/kernels/{self.source.name}"}

    def close(self):
        self._cache = {}


class CudaBackend(CudaDevice):
    """The plain kernel: histograms of end states."""

    def preferred_batch(self) -> int:
        return self.block * self.runs_per_thread * 4096

    def _device_arrays(self, spec: BattleSpec, table):
        key = (spec, table.tobytes())
        if key not in self._cache:
            cp = self.cp
            self._cache = {key: (cp.asarray(np.ascontiguousarray(table, np.uint32)),
                                 cp.asarray(spec.bin_grid.astype(np.int32)))}
        return self._cache[key]

    def launch(self, spec: BattleSpec, seed: int, start: int, count: int, table, bins):
        """Queue the kernel launches for runs [start, start + count), adding into the device
        array ``bins``; returns without waiting (the sweep times this with CUDA events)."""
        d_table, d_bin_of = self._device_arrays(spec, table)
        use_shared = shared_words(spec, True) * 4 <= SHARED_LIMIT
        shmem = shared_words(spec, use_shared) * 4
        for s, n, grid in launch_plan(start, count, self.block * self.runs_per_thread, MAX_GRID):
            self.kernel((grid,), (self.block,), (d_table, d_bin_of, bins) + kernel_args(
                spec, seed, s, n, use_shared=use_shared, runs_per_thread=self.runs_per_thread),
                shared_mem=shmem)

    def run(self, spec: BattleSpec, seed: int, start: int, count: int, table) -> np.ndarray:
        bins = self.cp.zeros(len(spec.end_states), dtype=self.cp.uint64)
        self.launch(spec, seed, start, count, table, bins)
        out = bins.get().astype(np.int64)
        require_total(int(out.sum()), count, "the kernel's counts")  # earlier work's defect
        return out


class CudaRareBackend(CudaDevice):
    """The rare-event kernel: per-battle stop cell and log likelihood ratio (rare.py)."""
    source = RARE_KERNEL
    entry = "rare_battles"

    def __init__(self, block: int = 256, runs_per_thread: int = 16, device_id: int = 0):
        super().__init__(block, runs_per_thread, device_id)

    def run(self, spec: BattleSpec, stop_a: int, tables, seed: int, start: int, count: int):
        from .rare_numpy import TiltedRuns
        cp = self.cp
        thresholds = cp.asarray(np.ascontiguousarray(tables.thresholds, np.uint64))
        log_ratio = cp.asarray(np.ascontiguousarray(tables.log_ratio, np.float64))
        cell = cp.full(count, -1, dtype=cp.int32)
        log_weight = cp.empty(count, dtype=cp.float64)
        for s, n, grid in launch_plan(start, count, self.block * self.runs_per_thread, MAX_GRID):
            off = s - start  # views: each launch writes its runs from index 0 of its slice
            self.kernel((grid,), (self.block,), (thresholds, log_ratio, cell[off:],
                                                 log_weight[off:]) + rare_kernel_args(
                spec, stop_a, seed, s, n, runs_per_thread=self.runs_per_thread))
        cell = cell.get()
        if (cell < 0).any():
            raise RuntimeError("the rare kernel left runs unplayed")
        return TiltedRuns.from_cells(spec.D0, cell, log_weight.get())
