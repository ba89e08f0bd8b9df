"""The CUDA sources and how every compiler gets them: NVRTC (CuPy), nvcc and g++ (host shim).

All three compile ``kernels/*.cu`` with the same ``-D`` options, generated from Python (the way
CuPy's gemm example injects its launch sizes): the table sizes (``spec.kernel_defines``), the
standard round's constants (``standard_round``), the MRG32k3a constants (``mrg32k3a``) and the
re-created legacy kernel's layout (``legacy_model``). A size or constant is written down once,
in Python, never in a ``.cu`` file.

NVRTC gets one string: the kernel with its local ``#include "..."`` lines replaced by the
files' text, because CuPy caches compiled code by source string and would not notice an edit
to an included file.
"""
from __future__ import annotations

import hashlib
import re
from pathlib import Path

from ..rounds import legacy_model
from ..streams import mrg32k3a
from ..rounds.spec import kernel_defines
from ..rounds.standard_round import standard_round_defines

KERNEL_DIR = Path(__file__).resolve().parents[1] / "kernels"  # gpu_pipeline/kernels
BATTLE_KERNEL = KERNEL_DIR / "risk_battle.cu"
LOCKSTEP_KERNEL = KERNEL_DIR / "lockstep_battle.cu"
LEGACY_KERNEL = KERNEL_DIR / "legacy_battle.cu"
RARE_KERNEL = KERNEL_DIR / "rare_battle.cu"
SHIM_SOURCE = KERNEL_DIR / "host_shim.cpp"
_INCLUDE = re.compile(r'^#include "([^"]+)"\s*$', re.M)


def compile_options() -> list[str]:
    """``-DNAME=value`` for every size and constant the kernels are built with (the same for
    all compilers and all kernels)."""
    defines = {**kernel_defines(), **standard_round_defines(), **mrg32k3a.defines(),
               **legacy_model.kernel_defines()}
    return [f"-D{name}={value}" for name, value in defines.items()]


def inlined_source(path: Path) -> str:
    """The source with its local includes expanded in place (each file once: include guards
    would drop a repeat anyway)."""
    seen: set[Path] = set()

    def expand(p: Path) -> str:
        seen.add(p)
        return _INCLUDE.sub(lambda m: "" if (p.parent / m[1]) in seen
                            else expand(p.parent / m[1]), p.read_text())
    return expand(path)


def sources_digest() -> str:
    """Hash of every kernel file and the compile options (cache key of built shims)."""
    h = hashlib.sha256(" ".join(compile_options()).encode())
    for p in sorted(KERNEL_DIR.iterdir()):
        if p.suffix in (".cu", ".cuh", ".cpp"):
            h.update(p.name.encode() + b"\0" + p.read_bytes())
    return h.hexdigest()[:16]
