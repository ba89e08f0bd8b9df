"""Builds ``kernels/risk_battle.cu`` as host C++ (g++ through ``kernels/host_shim.cpp``) and
calls it with ctypes. This is the CUDA kernel's own source running on the CPU: CI uses it to
prove the kernel and the NumPy twin produce bit-identical histograms without a GPU."""
from __future__ import annotations

import ctypes
import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import numpy as np

from .schedule import seed_key
from .spec import BONUS_CODES, BattleSpec, pack_tables

KERNEL_DIR = Path(__file__).resolve().parent / "kernels"
KERNEL_SOURCE = KERNEL_DIR / "risk_battle.cu"
SHIM_SOURCE = KERNEL_DIR / "host_shim.cpp"


def compiler() -> str | None:
    return os.environ.get("CXX") or shutil.which("g++") or shutil.which("c++")


def build(out_dir: str | os.PathLike | None = None) -> Path:
    """Compile the shim into a shared library (cached by source hash) and return its path."""
    cxx = compiler()
    if cxx is None:
        raise RuntimeError("no C++ compiler (g++) found for the host shim")
    digest = hashlib.sha256(KERNEL_SOURCE.read_bytes() + SHIM_SOURCE.read_bytes()).hexdigest()[:16]
    out_dir = Path(out_dir or Path(tempfile.gettempdir()) / "gpu_pipeline_shim")
    out_dir.mkdir(parents=True, exist_ok=True)
    lib = out_dir / f"risk_shim_{digest}.so"
    if not lib.exists():
        tmp = lib.with_suffix(f".{os.getpid()}.tmp")
        subprocess.run([cxx, "-O2", "-std=c++17", "-Wall", "-Wno-unknown-pragmas", "-shared",
                        "-fPIC", "-o", str(tmp), str(SHIM_SOURCE)], check=True,
                       capture_output=True, text=True)
        os.replace(tmp, lib)  # atomic: parallel test runs never load a half-written library
    return lib


class HostShim:
    """ctypes wrapper around the compiled shim."""

    def __init__(self, lib_path: str | os.PathLike | None = None):
        self.lib = ctypes.CDLL(str(lib_path or build()))
        u32p = ctypes.POINTER(ctypes.c_uint32)
        self.lib.shim_philox.argtypes = [u32p, u32p, u32p]
        self.lib.shim_run.restype = ctypes.c_int
        self.lib.shim_run.argtypes = (
            [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_uint64, ctypes.c_uint64,
             ctypes.c_uint32, ctypes.c_uint32] + [ctypes.c_int] * 15)

    def philox(self, ctr, key) -> tuple[int, ...]:
        c = (ctypes.c_uint32 * 4)(*ctr)
        k = (ctypes.c_uint32 * 2)(*key)
        o = (ctypes.c_uint32 * 4)()
        self.lib.shim_philox(c, k, o)
        return tuple(o)

    def run(self, spec: BattleSpec, seed: int, start: int, count: int, table=None,
            grid: int = 64, runs_per_thread: int = 16, use_shared: bool = True) -> np.ndarray:
        """Histogram over ``spec.end_states`` of runs [start, start + count), via the kernel."""
        table = np.ascontiguousarray(pack_tables(spec) if table is None else table, np.uint32)
        bin_of = np.ascontiguousarray(spec.bin_grid, dtype=np.int32)
        bins = np.zeros(len(spec.end_states), dtype=np.uint64)
        r = spec.rules
        lo, hi = seed_key(seed)
        rc = self.lib.shim_run(
            table.ctypes.data, bin_of.ctypes.data, bins.ctypes.data, start, count, lo, hi,
            spec.A0, spec.D0, spec.stop_a, spec.stop_d, r.attack_dice, r.defend_dice,
            1 if spec.mode == "outcome" else 0, r.attack_faces, r.defend_faces,
            1 if r.ties == "attacker" else 0, BONUS_CODES[r.defender_bonus],
            len(spec.end_states), 1 if use_shared else 0, grid, runs_per_thread)
        if rc:
            raise ValueError("shim_run rejected its arguments")
        out = bins.astype(np.int64)
        assert int(out.sum()) == count
        return out


class HostShimBackend:
    """The kernel source on the CPU, single-threaded: a slow but independent cross-check."""
    name = "host-shim"

    def __init__(self, grid: int = 64, runs_per_thread: int = 16):
        self.shim = HostShim()
        self.grid, self.runs_per_thread = grid, runs_per_thread

    @property
    def device(self) -> str:
        return "CPU (risk_battle.cu built as host C++ by g++)"

    def config(self) -> dict:
        return {"grid": self.grid, "block": 1, "runs_per_thread": self.runs_per_thread}

    def preferred_batch(self) -> int:
        return 1 << 20

    def run(self, spec, seed, start, count, table):
        return self.shim.run(spec, seed, start, count, table, self.grid, self.runs_per_thread)

    def close(self):
        pass
