"""CUDA backend: compiles ``kernels/risk_battle.cu`` with CuPy (RawKernel, NVRTC) and launches
it over a run range. ``cupy`` is imported lazily: nothing here is needed without a GPU.

Launch: grid = ceil(n / (block * runs_per_thread)) blocks, each thread plays up to
``runs_per_thread`` runs (run ids strided by the grid size, bound-checked in the kernel), so a
launch never plays more runs than asked; large ranges are split into several launches.
"""
from __future__ import annotations

import numpy as np

from .host_shim import KERNEL_SOURCE
from .schedule import seed_key
from .spec import BONUS_CODES, BattleSpec

TABLE_WORDS = 80
SHARED_LIMIT = 48 * 1024     # default dynamic shared memory per block without opt-in
MAX_GRID = 1 << 22           # blocks per launch (keeps one launch well under a second)


def cupy_or_none():
    """The ``cupy`` module if it imports and sees a GPU, else None (never raises)."""
    try:
        import cupy
        if cupy.is_available():
            return cupy
    except Exception:  # ImportError, or a CUDA driver/runtime error at first touch
        pass
    return None


class CudaBackend:
    name = "cuda"

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
        # RawKernel (NVRTC, cached per device) exposes num_regs for the launch record
        self.kernel = cp.RawKernel(KERNEL_SOURCE.read_text(), "risk_battles",
                                   options=("-std=c++17",))
        self._cache = {}

    @property
    def device(self) -> str:
        props = self.cp.cuda.runtime.getDeviceProperties(self.device_id)
        name = props["name"]
        return name.decode() if isinstance(name, bytes) else str(name)

    def config(self) -> dict:
        return {"block": self.block, "runs_per_thread": self.runs_per_thread,
                "registers_per_thread": int(getattr(self.kernel, "num_regs", -1)),
                "source": "gpu_pipeline/kernels/risk_battle.cu"}

    def preferred_batch(self) -> int:
        return self.block * self.runs_per_thread * 4096

    def _device_arrays(self, spec: BattleSpec, table):
        key = (spec, table.tobytes())
        if key not in self._cache:
            cp = self.cp
            self._cache = {key: (cp.asarray(np.ascontiguousarray(table, np.uint32)),
                                 cp.asarray(spec.bin_grid.astype(np.int32)))}
        return self._cache[key]

    def run(self, spec: BattleSpec, seed: int, start: int, count: int, table) -> np.ndarray:
        cp = self.cp
        d_table, d_bin_of = self._device_arrays(spec, table)
        nbins = len(spec.end_states)
        use_shared = (TABLE_WORDS + nbins) * 4 <= SHARED_LIMIT
        shmem = (TABLE_WORDS + (nbins if use_shared else 0)) * 4
        bins = cp.zeros(nbins, dtype=cp.uint64)
        lo, hi = seed_key(seed)
        r = spec.rules
        per_block = self.block * self.runs_per_thread
        per_launch = per_block * MAX_GRID
        for s in range(start, start + count, per_launch):
            n = min(per_launch, start + count - s)
            grid = -(-n // per_block)
            self.kernel((grid,), (self.block,), (
                d_table, d_bin_of, bins, np.uint64(s), np.uint64(n), np.uint32(lo), np.uint32(hi),
                np.int32(spec.A0), np.int32(spec.D0), np.int32(spec.stop_a), np.int32(spec.stop_d),
                np.int32(r.attack_dice), np.int32(r.defend_dice),
                np.int32(1 if spec.mode == "outcome" else 0), np.int32(r.attack_faces),
                np.int32(r.defend_faces), np.int32(1 if r.ties == "attacker" else 0),
                np.int32(BONUS_CODES[r.defender_bonus]), np.int32(nbins),
                np.int32(1 if use_shared else 0), np.int32(self.runs_per_thread)),
                shared_mem=shmem)
        out = bins.get().astype(np.int64)
        if int(out.sum()) != count:  # the defect of earlier work; must never happen
            raise AssertionError(f"kernel counted {int(out.sum())} runs for {count} requested")
        return out

    def close(self):
        self._cache = {}
