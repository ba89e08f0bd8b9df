"""Builds the CUDA kernels as host C++ (g++ through ``kernels/host_shim.cpp``) and calls them
with ctypes. This is the kernels' own source running on the CPU: CI uses it to prove that the
kernels and the NumPy twins produce bit-identical results without a GPU.

A kernel is called exactly as the CUDA backend launches it: the same launch plan
(``kernel_variants.plan``) and the same argument tuples, with one thread per block (blocks run
one after another, so ``__syncthreads`` and the atomics need no emulation).
"""
from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import numpy as np

from .kernel_source import KERNEL_DIR, SHIM_SOURCE, compile_options, sources_digest
from .kernel_variants import TWIN_KERNELS, LaunchPlan, plan
from ..streams.philox import MASK32
from ..records.results import require_total
from ..streams.schedule import seed_key
from ..rounds.spec import BattleSpec, launch_plan, rare_kernel_args

_CTYPES = {np.uint64: ctypes.c_uint64, np.uint32: ctypes.c_uint32, np.int32: ctypes.c_int32,
           np.float64: ctypes.c_double}
BLOCK = 1    # threads per block in the shim


def compiler() -> str | None:
    return os.environ.get("CXX") or shutil.which("g++") or shutil.which("c++")


def build(out_dir: str | os.PathLike | None = None) -> Path:
    """Compile the shim into a shared library (cached by source hash) and return its path."""
    cxx = compiler()
    if cxx is None:
        raise RuntimeError("no C++ compiler (g++) found for the host shim")
    out_dir = Path(out_dir or Path(tempfile.gettempdir()) / "gpu_pipeline_shim")
    out_dir.mkdir(parents=True, exist_ok=True)
    lib = out_dir / f"risk_shim_{sources_digest()}.so"
    if not lib.exists():
        tmp = lib.with_suffix(f".{os.getpid()}.tmp")
        # -ffp-contract=off: no fused multiply-add, like the CUDA build's --fmad=false
        subprocess.run([cxx, "-O2", "-std=c++17", "-Wall", "-Wno-unknown-pragmas",
                        "-ffp-contract=off", "-shared", "-fPIC", f"-I{KERNEL_DIR}",
                        *compile_options(), "-o", str(tmp), str(SHIM_SOURCE)], check=True,
                       capture_output=True, text=True)
        os.replace(tmp, lib)  # atomic: parallel test runs never load a half-written library
    return lib


def pointer(a: np.ndarray) -> int:
    return a.ctypes.data


class HostShim:
    """ctypes wrapper around the compiled shim; an executor of launch plans, like
    ``cuda_backend.CudaKernels``."""
    timer = "host clock around the launches of the kernel source built for the CPU"
    device = "CPU (the .cu kernels built as host C++ by g++)"

    def __init__(self, lib_path: str | os.PathLike | None = None):
        self.lib = ctypes.CDLL(str(lib_path or build()))
        u32p = ctypes.POINTER(ctypes.c_uint32)
        self.lib.shim_philox.argtypes = [u32p, u32p, u32p]
        self.lib.shim_legacy_losses.argtypes = [ctypes.c_uint32, ctypes.c_int, ctypes.c_int]
        self.lib.shim_std_round.argtypes = [ctypes.c_uint32] * 6 + [ctypes.c_int]
        self.lib.shim_legacy_words.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_uint64,
                                               ctypes.c_uint64, ctypes.c_int, ctypes.c_void_p]

    def kernel(self, name: str, n_arrays: int, scalars):
        """The exported launcher of kernel ``name``: f(grid, shared_words, *arrays, *scalars),
        its C types taken from the scalars' NumPy types."""
        addr = ctypes.c_void_p.in_dll(self.lib, f"shim_{name}").value
        types = [ctypes.c_uint32, ctypes.c_uint32] + [ctypes.c_void_p] * n_arrays
        types += [_CTYPES[type(v)] for v in scalars]
        return ctypes.CFUNCTYPE(None, *types)(addr)

    def philox(self, ctr, key) -> tuple[int, ...]:
        c = (ctypes.c_uint32 * 4)(*ctr)
        k = (ctypes.c_uint32 * 2)(*key)
        o = (ctypes.c_uint32 * 4)()
        self.lib.shim_philox(c, k, o)
        return tuple(o)

    def registers(self, p: LaunchPlan) -> int:
        return -1  # no registers on the CPU

    def execute(self, p: LaunchPlan, timed: bool = False):
        """(counters as int64, seconds of the launches by the host clock): every launch of the
        plan, blocks of one thread."""
        if p.block != BLOCK:
            raise ValueError(f"the host shim runs blocks of {BLOCK} thread, not {p.block}")
        inputs = [np.ascontiguousarray(a) for a in p.inputs]
        out = np.zeros(p.counters, dtype=np.uint64)
        ptrs = [pointer(a) for a in inputs] + [pointer(out)]
        launch = self.kernel(p.entry, len(ptrs), p.launches[0][1]) if p.launches else None
        t = time.perf_counter()
        for blocks, scalars in p.launches:
            launch(blocks, p.shared_words, *ptrs, *scalars)
        seconds = time.perf_counter() - t
        return out.astype(np.int64), (seconds if timed else None)

    def run(self, spec: BattleSpec, seed: int, start: int, count: int, table=None,
            grid: int = 64, runs_per_thread: int = 16, use_shared: bool = True,
            kernel: str = "strided", compiled_rules: bool | None = None) -> np.ndarray:
        """Histogram over ``spec.end_states`` of runs [start, start + count), via ``kernel``
        (strided or lockstep), in launches of at most ``grid`` one-thread blocks."""
        if grid < 1:
            raise ValueError("grid must be >= 1")
        p = plan(kernel, spec, seed, start, count, block=BLOCK, runs_per_thread=runs_per_thread,
                 use_shared=use_shared, max_grid=grid, table=table, compiled_rules=compiled_rules)
        if p.counts != "end_states":
            raise ValueError(f"kernel {kernel!r} does not count end states")
        out, _ = self.execute(p)
        require_total(int(out.sum()), count, "the kernel's counts")
        return out

    def standard_round(self, x: int, run: int, k: int, seed: int, mode: str) -> int:
        """The lockstep kernel's compiled-in full round: attacker losses for main word ``x``
        of round ``k`` of run ``run`` (tests)."""
        key = seed_key(seed)
        return self.lib.shim_std_round(x, run & MASK32, run >> 32, k, *key,
                                       1 if mode == "outcome" else 0)

    def legacy_losses(self, word: int, na: int, nd: int) -> int:
        """The re-created legacy kernel's round: attacker losses of ``word`` (tests)."""
        return self.lib.shim_legacy_losses(word, na, nd)

    def legacy_words(self, skip1, skip2, seed: int, subsequence: int, n: int) -> list[int]:
        """The first ``n`` words of the legacy kernel's stream for (seed, subsequence), with
        skip tables ``skip1``/``skip2`` (mrg32k3a.skip_tables; tests pass small strides)."""
        s1 = np.ascontiguousarray(skip1, np.uint32)
        s2 = np.ascontiguousarray(skip2, np.uint32)
        out = np.zeros(n, dtype=np.uint32)
        self.lib.shim_legacy_words(pointer(s1), pointer(s2), seed, subsequence, n, pointer(out))
        return out.tolist()

    def rare(self, spec: BattleSpec, stop_a: int, tables, seed: int, start: int, count: int,
             grid: int = 64, runs_per_thread: int = 16):
        """``rare_battles`` over runs [start, start + count): a ``rare_numpy.TiltedRuns``."""
        from .rare_numpy import TiltedRuns
        launch = None
        thresholds = np.ascontiguousarray(tables.thresholds, np.uint64)
        log_ratio = np.ascontiguousarray(tables.log_ratio, np.float64)
        cell = np.full(count, -1, dtype=np.int32)
        log_weight = np.full(count, np.nan, dtype=np.float64)
        for s, n, blocks in launch_plan(start, count, runs_per_thread, grid):
            off = s - start  # each launch writes its runs from index 0 of the pointers it gets
            args = rare_kernel_args(spec, stop_a, seed, s, n, runs_per_thread=runs_per_thread)
            launch = launch or self.kernel("rare_battles", 4, args)
            launch(blocks, 0, pointer(thresholds), pointer(log_ratio),
                   pointer(cell) + 4 * off, pointer(log_weight) + 8 * off,
                   *args)
        if (cell < 0).any():
            raise RuntimeError("the rare kernel left runs unplayed")
        return TiltedRuns.from_cells(spec.D0, cell, log_weight)


class HostShimBackend:
    """The kernel source on the CPU, single-threaded: a slow but independent cross-check.
    ``kernel``: strided or lockstep (kernel_variants)."""
    name = "host-shim"
    device = HostShim.device

    def __init__(self, grid: int = 64, runs_per_thread: int = 16, kernel: str = "strided"):
        if grid < 1 or runs_per_thread < 1:
            raise ValueError("grid and runs_per_thread must be >= 1")
        if kernel not in TWIN_KERNELS:
            raise ValueError(f"simulate takes --kernel {' or '.join(TWIN_KERNELS)}, got {kernel!r}")
        self.shim = HostShim()
        self.grid, self.runs_per_thread, self.kernel = grid, runs_per_thread, kernel

    def config(self) -> dict:
        return {"kernel": self.kernel, "grid": self.grid, "block": BLOCK,
                "runs_per_thread": self.runs_per_thread}

    def preferred_batch(self) -> int:
        return 1 << 20

    def run(self, spec, seed, start, count, table):
        return self.shim.run(spec, seed, start, count, table, self.grid, self.runs_per_thread,
                             kernel=self.kernel)

    def close(self):
        pass


class HostShimRareBackend(HostShimBackend):
    """``rare_battles`` from the kernel source on the CPU (the rare command's host-shim)."""

    def run(self, spec, stop_a, tables, seed, start, count):
        return self.shim.rare(spec, stop_a, tables, seed, start, count, self.grid,
                              self.runs_per_thread)
