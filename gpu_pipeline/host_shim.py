"""Builds the CUDA kernels as host C++ (g++ through ``kernels/host_shim.cpp``) and calls them
with ctypes. This is the kernels' own source running on the CPU: CI uses it to prove that the
kernels and the NumPy twins produce bit-identical results without a GPU.

A kernel is called exactly as the CUDA backend launches it: the same launch plan and the same
argument tuple (``spec.kernel_args``), with one thread per block.
"""
from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import numpy as np

from .kernel_source import KERNEL_DIR, SHIM_SOURCE, compile_options, sources_digest
from .results import require_total
from .spec import (KERNEL_SCALARS, RARE_KERNEL_SCALARS, BattleSpec, kernel_args, launch_plan,
                   pack_tables, rare_kernel_args, shared_words)

_CTYPES = {np.uint64: ctypes.c_uint64, np.uint32: ctypes.c_uint32, np.int32: ctypes.c_int32,
           np.float64: ctypes.c_double}


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
    """ctypes wrapper around the compiled shim."""

    def __init__(self, lib_path: str | os.PathLike | None = None):
        self.lib = ctypes.CDLL(str(lib_path or build()))
        u32p = ctypes.POINTER(ctypes.c_uint32)
        self.lib.shim_philox.argtypes = [u32p, u32p, u32p]

    def kernel(self, name: str, n_arrays: int, scalars):
        """The exported launcher of kernel ``name``: f(grid, shared_words, *arrays, *scalars),
        its C types taken from the same (name, dtype) list that builds the arguments."""
        addr = ctypes.c_void_p.in_dll(self.lib, f"shim_{name}").value
        types = [ctypes.c_uint32, ctypes.c_uint32] + [ctypes.c_void_p] * n_arrays
        types += [_CTYPES[dtype] for _, dtype in scalars]
        return ctypes.CFUNCTYPE(None, *types)(addr)

    def philox(self, ctr, key) -> tuple[int, ...]:
        c = (ctypes.c_uint32 * 4)(*ctr)
        k = (ctypes.c_uint32 * 2)(*key)
        o = (ctypes.c_uint32 * 4)()
        self.lib.shim_philox(c, k, o)
        return tuple(o)

    def run(self, spec: BattleSpec, seed: int, start: int, count: int, table=None,
            grid: int = 64, runs_per_thread: int = 16, use_shared: bool = True) -> np.ndarray:
        """Histogram over ``spec.end_states`` of runs [start, start + count), via the kernel,
        in launches of at most ``grid`` one-thread blocks."""
        if grid < 1 or runs_per_thread < 1:
            raise ValueError("grid and runs_per_thread must be >= 1")
        launch = self.kernel("risk_battles", 3, KERNEL_SCALARS)
        table = np.ascontiguousarray(pack_tables(spec) if table is None else table, np.uint32)
        bin_of = np.ascontiguousarray(spec.bin_grid, dtype=np.int32)
        bins = np.zeros(len(spec.end_states), dtype=np.uint64)
        words = shared_words(spec, use_shared)
        for s, n, blocks in launch_plan(start, count, runs_per_thread, grid):
            launch(blocks, words, pointer(table), pointer(bin_of), pointer(bins),
                   *kernel_args(spec, seed, s, n, use_shared=use_shared,
                                runs_per_thread=runs_per_thread))
        out = bins.astype(np.int64)
        require_total(int(out.sum()), count, "the kernel's counts")
        return out

    def rare(self, spec: BattleSpec, stop_a: int, tables, seed: int, start: int, count: int,
             grid: int = 64, runs_per_thread: int = 16):
        """``rare_battles`` over runs [start, start + count): a ``rare_numpy.TiltedRuns``."""
        from .rare_numpy import TiltedRuns
        launch = self.kernel("rare_battles", 4, RARE_KERNEL_SCALARS)
        thresholds = np.ascontiguousarray(tables.thresholds, np.uint64)
        log_ratio = np.ascontiguousarray(tables.log_ratio, np.float64)
        cell = np.full(count, -1, dtype=np.int32)
        log_weight = np.full(count, np.nan, dtype=np.float64)
        for s, n, blocks in launch_plan(start, count, runs_per_thread, grid):
            off = s - start  # each launch writes its runs from index 0 of the pointers it gets
            launch(blocks, 0, pointer(thresholds), pointer(log_ratio),
                   pointer(cell) + 4 * off, pointer(log_weight) + 8 * off,
                   *rare_kernel_args(spec, stop_a, seed, s, n, runs_per_thread=runs_per_thread))
        if (cell < 0).any():
            raise RuntimeError("the rare kernel left runs unplayed")
        return TiltedRuns.from_cells(spec.D0, cell, log_weight)


class HostShimBackend:
    """The kernel source on the CPU, single-threaded: a slow but independent cross-check."""
    name = "host-shim"

    def __init__(self, grid: int = 64, runs_per_thread: int = 16):
        if grid < 1 or runs_per_thread < 1:
            raise ValueError("grid and runs_per_thread must be >= 1")
        self.shim = HostShim()
        self.grid, self.runs_per_thread = grid, runs_per_thread

    @property
    def device(self) -> str:
        return "CPU (the .cu kernels built as host C++ by g++)"

    def config(self) -> dict:
        return {"grid": self.grid, "block": 1, "runs_per_thread": self.runs_per_thread}

    def preferred_batch(self) -> int:
        return 1 << 20

    def run(self, spec, seed, start, count, table):
        return self.shim.run(spec, seed, start, count, table, self.grid, self.runs_per_thread)

    def close(self):
        pass


class HostShimRareBackend(HostShimBackend):
    """``rare_battles`` from the kernel source on the CPU (the rare command's host-shim)."""

    def run(self, spec, stop_a, tables, seed, start, count):
        return self.shim.rare(spec, stop_a, tables, seed, start, count, self.grid,
                              self.runs_per_thread)
