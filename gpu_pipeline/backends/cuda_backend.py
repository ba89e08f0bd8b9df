"""CUDA backend: compiles the kernels with CuPy (RawModule, NVRTC) and runs launch plans
(``kernel_variants.plan``) on the GPU. ``cupy`` is imported lazily: nothing here is needed
without a GPU.

Launch: blocks of ``block`` threads, each thread playing up to ``runs_per_thread`` runs
(bound-checked in the kernel), so a launch never plays more runs than asked (except the
re-created legacy kernel, whose plan says how many it played); ``spec.launch_plan`` splits large
ranges into several launches and ``spec.kernel_args`` builds the arguments, exactly as for the
host shim. Timing (``timed=True``): CUDA events recorded on the stream around the launches
alone; the inputs are on the device and the arguments built before the first event.
"""
from __future__ import annotations

import numpy as np

from .kernel_source import RARE_KERNEL, compile_options, inlined_source
from .kernel_variants import (MAX_GRID, SHARED_LIMIT, TWIN_KERNELS, LaunchPlan, check_shape,
                              fits_shared, plan)
from ..records.results import require_total
from ..rounds.spec import BattleSpec, launch_plan, rare_kernel_args

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


def require_cupy():
    cp = cupy_or_none()
    if cp is None:
        raise RuntimeError("CUDA backend needs cupy with a visible GPU (pip install cupy-cuda12x)")
    return cp


class CudaKernels:
    """One GPU: compiled modules (one per source, cached) and the execution of launch plans."""
    timer = "CUDA events around the kernel launches alone"

    def __init__(self, device_id: int = 0):
        self.cp = cp = require_cupy()
        self.device_id = device_id
        cp.cuda.Device(device_id).use()
        self._modules = {}
        self._inputs = (None, None)   # (host arrays, their device copies): the last plan's

    @property
    def device(self) -> str:
        props = self.cp.cuda.runtime.getDeviceProperties(self.device_id)
        name = props["name"]
        return name.decode() if isinstance(name, bytes) else str(name)

    def function(self, source, entry: str):
        """The kernel ``entry`` of ``source`` (NVRTC, compiled once per source and device)."""
        if source not in self._modules:
            self._modules[source] = self.cp.RawModule(
                code=inlined_source(source), options=NVRTC_OPTIONS + tuple(compile_options()))
        return self._modules[source].get_function(entry)

    def registers(self, p: LaunchPlan) -> int:
        return int(getattr(self.function(p.source, p.entry), "num_regs", -1))

    def _device_inputs(self, p: LaunchPlan):
        host, dev = self._inputs
        if host is None or len(host) != len(p.inputs) or any(a is not b for a, b in zip(host, p.inputs)):
            dev = tuple(self.cp.asarray(np.ascontiguousarray(a)) for a in p.inputs)
            self._inputs = (p.inputs, dev)  # holding the host arrays keeps the identity test sound
        return dev

    def execute(self, p: LaunchPlan, timed: bool = False):
        """(counters as int64, kernel seconds or None): runs every launch of the plan."""
        cp = self.cp
        fn = self.function(p.source, p.entry)
        out = cp.zeros(p.counters, dtype=cp.uint64)
        args = [(blocks, self._device_inputs(p) + (out,) + scalars) for blocks, scalars in p.launches]
        shmem = p.shared_words * 4
        start, stop = (cp.cuda.Event(), cp.cuda.Event()) if timed else (None, None)
        if timed:
            start.record()
        for blocks, a in args:
            fn((blocks,), (p.block,), a, shared_mem=shmem)
        seconds = None
        if timed:
            stop.record()
            stop.synchronize()
            seconds = cp.cuda.get_elapsed_time(start, stop) / 1000.0  # ms -> s
        return out.get().astype(np.int64), seconds

    def close(self):
        self._modules, self._inputs = {}, (None, None)


class CudaBackend:
    """The runner's backend: histograms of end states from the ``kernel`` variant."""
    name = "cuda"

    def __init__(self, block: int = 256, runs_per_thread: int = 64, device_id: int = 0,
                 kernel: str = "strided", kernels: CudaKernels | None = None):
        """``kernels``: an executor to share (its compiled modules stay when this backend
        closes); default: one of its own."""
        if kernel not in TWIN_KERNELS:
            raise ValueError(f"simulate takes --kernel {' or '.join(TWIN_KERNELS)} (legacy is "
                             f"for timing only: sweep --kernel legacy), got {kernel!r}")
        check_shape(block, runs_per_thread)
        self.block, self.runs_per_thread, self.kernel = int(block), int(runs_per_thread), kernel
        self._own_kernels = kernels is None
        self.kernels = CudaKernels(device_id) if kernels is None else kernels

    @property
    def device(self) -> str:
        return self.kernels.device

    def plan(self, spec: BattleSpec, seed: int, start: int, count: int, table=None) -> LaunchPlan:
        self.last_plan = plan(self.kernel, spec, seed, start, count, block=self.block,
                              runs_per_thread=self.runs_per_thread, max_grid=MAX_GRID,
                              table=table, use_shared=fits_shared(spec, SHARED_LIMIT))
        return self.last_plan

    def config(self) -> dict:
        """The launch configuration; source, entry and registers of the last plan run."""
        out = {"kernel": self.kernel, "block": self.block, "runs_per_thread": self.runs_per_thread}
        p = getattr(self, "last_plan", None)
        if p is not None:
            out.update(source=f"gpu_pipeline/kernels/{p.source.name}", entry=p.entry,
                       registers_per_thread=self.kernels.registers(p))
        return out

    def preferred_batch(self) -> int:
        return self.block * self.runs_per_thread * 4096

    def run(self, spec: BattleSpec, seed: int, start: int, count: int, table) -> np.ndarray:
        out, _ = self.kernels.execute(self.plan(spec, seed, start, count, table))
        require_total(int(out.sum()), count, "the kernel's counts")  # earlier work's defect
        return out

    def close(self):
        if self._own_kernels:
            self.kernels.close()


class CudaRareBackend:
    """The rare-event kernel: per-battle stop cell and log likelihood ratio (rare.py)."""
    name = "cuda"

    def __init__(self, block: int = 256, runs_per_thread: int = 16, device_id: int = 0):
        check_shape(block, runs_per_thread)
        self.block, self.runs_per_thread = int(block), int(runs_per_thread)
        self.kernels = CudaKernels(device_id)
        self.cp = self.kernels.cp

    @property
    def device(self) -> str:
        return self.kernels.device

    def config(self) -> dict:
        fn = self.kernels.function(RARE_KERNEL, "rare_battles")
        return {"block": self.block, "runs_per_thread": self.runs_per_thread,
                "registers_per_thread": int(getattr(fn, "num_regs", -1)),
                "source": f"gpu_pipeline/kernels/{RARE_KERNEL.name}"}

    def run(self, spec: BattleSpec, stop_a: int, tables, seed: int, start: int, count: int):
        from .rare_numpy import TiltedRuns
        cp = self.cp
        fn = self.kernels.function(RARE_KERNEL, "rare_battles")
        thresholds = cp.asarray(np.ascontiguousarray(tables.thresholds, np.uint64))
        log_ratio = cp.asarray(np.ascontiguousarray(tables.log_ratio, np.float64))
        cell = cp.full(count, -1, dtype=cp.int32)
        log_weight = cp.empty(count, dtype=cp.float64)
        for s, n, grid in launch_plan(start, count, self.block * self.runs_per_thread, MAX_GRID):
            off = s - start  # views: each launch writes its runs from index 0 of its slice
            fn((grid,), (self.block,), (thresholds, log_ratio, cell[off:], log_weight[off:])
               + rare_kernel_args(spec, stop_a, seed, s, n, runs_per_thread=self.runs_per_thread))
        cell = cell.get()
        if (cell < 0).any():
            raise RuntimeError("the rare kernel left runs unplayed")
        return TiltedRuns.from_cells(spec.D0, cell, log_weight.get())

    def close(self):
        self.kernels.close()


