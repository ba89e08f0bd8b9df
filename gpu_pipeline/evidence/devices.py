"""What the evidence steps run on: one object per profile with every way a step spends time.

A step never reaches a GPU, a process pool or a child process except through its device, so
that a test can hand the steps a fake device on a fake clock (tests/pipeline/evidence_fakes.py)
and check the time arithmetic of a whole call without a GPU. The interface:

``gpu`` (bool), ``name`` (the device), ``timer`` (what a timed launch's seconds measure);
``compiled(source)``: whether a kernel source is compiled in this process already;
``execute(plan, timed)``: (counts, kernel seconds or None) of a launch plan;
``registers(plan)``; ``backend(kernel, block, runs_per_thread)``: the runner's backend;
``twin()``: the NumPy twin (the reference for bit identity); ``run_child(cmd, timeout)``;
``which(program)``: its path, or None when it is not installed;
``describe()``: the device's properties for the environment record; ``close()``.
"""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]     # the repository (tests/ and pysite/ beside)


def python_env() -> dict:
    """PYTHONPATH for child processes: the engine (pysite) and this package."""
    paths = [str(ROOT / "pysite"), str(ROOT)]
    paths += [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    return dict(os.environ, PYTHONPATH=os.pathsep.join(paths), PYTHONUNBUFFERED="1")


def run_child(cmd: list[str], timeout: float) -> dict:
    """Run ``cmd`` for at most ``timeout`` seconds (at least 1); its exit status and the tail
    of its output. Never raises: a timeout gives returncode None and ``timeout_s``."""
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=max(timeout, 1),
                           cwd=ROOT, env=python_env())
        return {"returncode": p.returncode, "output_tail": (p.stdout + p.stderr)[-3000:]}
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"") + (e.stderr or b"")
        out = out.decode(errors="replace") if isinstance(out, bytes) else out
        return {"returncode": None, "timeout_s": round(timeout), "output_tail": out[-3000:]}
    except OSError as e:
        return {"returncode": None, "error": str(e), "output_tail": ""}


class HostTools:
    """What both real devices share: child processes and programs of this machine."""

    def run_child(self, cmd, timeout):
        return run_child(cmd, timeout)

    def which(self, program: str) -> str | None:
        return shutil.which(program)


class GpuDevice(HostTools):
    """The GPU through CuPy: one ``CudaKernels`` (compiled modules kept for the whole call)."""
    gpu = True

    def __init__(self):
        from ..backends.cuda_backend import CudaKernels
        self.kernels = CudaKernels()
        self.name, self.timer = self.kernels.device, self.kernels.timer

    def compiled(self, source) -> bool:
        return source in self.kernels._modules

    def execute(self, plan, timed: bool = False):
        return self.kernels.execute(plan, timed=timed)

    def registers(self, plan) -> int:
        return self.kernels.registers(plan)

    def backend(self, kernel: str, block: int, rpt: int):
        from ..backends.cuda_backend import CudaBackend
        return CudaBackend(block=block, runs_per_thread=rpt, kernel=kernel, kernels=self.kernels)

    def twin(self):
        from ..backends.numpy_backend import NumpyBackend
        return NumpyBackend(workers=os.cpu_count())

    def describe(self) -> dict:
        cp = self.kernels.cp
        props = cp.cuda.runtime.getDeviceProperties(0)
        return {"device": self.name, "cuda_runtime": cp.cuda.runtime.runtimeGetVersion(),
                "cuda_driver": cp.cuda.runtime.driverGetVersion(),
                "nvrtc": ".".join(map(str, cp.cuda.nvrtc.getVersion())),
                "multiprocessors": props["multiProcessorCount"], "l2_bytes": props["l2CacheSize"],
                "memory_bytes": props["totalGlobalMem"],
                "compute_capability": f"{props['major']}.{props['minor']}"}

    def close(self):
        self.kernels.close()


class CpuDevice(HostTools):
    """No GPU: the kernels' own source built as host C++ (one thread per block) and a one-process
    NumPy twin. Checks that the sequence runs; measures nothing about a GPU."""
    gpu = False

    def __init__(self):
        from ..backends.host_shim import HostShim
        self.shim = HostShim()        # builds (or finds) the library: every source compiled
        self.name, self.timer = self.shim.device, self.shim.timer

    def compiled(self, source) -> bool:
        return True

    def execute(self, plan, timed: bool = False):
        return self.shim.execute(plan, timed=timed)

    def registers(self, plan) -> int:
        return self.shim.registers(plan)

    def backend(self, kernel: str, block: int, rpt: int):
        from ..backends.host_shim import HostShimBackend
        return HostShimBackend(runs_per_thread=rpt, kernel=kernel)

    def twin(self):
        from ..backends.numpy_backend import NumpyBackend
        return NumpyBackend(workers=1)

    def describe(self) -> dict:
        return {"device": self.name}

    def close(self):
        pass
