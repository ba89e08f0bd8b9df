"""nvcc compiles the kernels (compile only; no GPU needed) with the -D options Python generates.
Skipped when nvcc is absent."""
import re
import shutil
import subprocess

import pytest

from gpu_pipeline.backends.kernel_source import (BATTLE_KERNEL, KERNEL_DIR, LEGACY_KERNEL, LOCKSTEP_KERNEL,
                                        RARE_KERNEL, compile_options)

pytestmark = pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc not installed")


def nvcc(*args, source=BATTLE_KERNEL):
    return subprocess.run(["nvcc", *args, f"-I{KERNEL_DIR}", "--fmad=false", *compile_options(),
                           str(source)], capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("source", [BATTLE_KERNEL, LOCKSTEP_KERNEL, RARE_KERNEL],
                         ids=lambda p: p.stem)
def test_nvcc_compiles_kernel_for_sm90(tmp_path, source):
    out = tmp_path / f"{source.stem}.cubin"
    p = nvcc("-cubin", "-arch=sm_90", "-Xptxas", "-v", "-std=c++17", "-o", str(out),
             source=source)
    assert p.returncode == 0, p.stderr
    assert out.stat().st_size > 0
    regs = [int(r) for r in re.findall(r"Used (\d+) registers", p.stderr)]
    assert regs and max(regs) <= 64, p.stderr  # every entry stays at full occupancy budget
    assert re.findall(r"(\d+) bytes spill stores", p.stderr) in ([], ["0"] * len(regs)), p.stderr


def test_nvcc_compiles_the_legacy_recreation(tmp_path):
    """The re-created earlier kernel builds for the H100 (sm_90) without cuRAND's headers;
    its per-thread bins live in local memory (a stack frame), as in the earlier design."""
    out = tmp_path / "legacy.cubin"
    p = nvcc("-cubin", "-arch=sm_90", "-Xptxas", "-v", "-std=c++17", "-o", str(out),
             source=LEGACY_KERNEL)
    assert p.returncode == 0, p.stderr
    assert "Compiling entry function 'legacy_battles'" in p.stderr
    assert re.search(r"[1-9]\d* bytes stack frame", p.stderr), p.stderr


@pytest.mark.parametrize("source,entry", [(BATTLE_KERNEL, "risk_battles"),
                                          (LOCKSTEP_KERNEL, "lockstep_battles_std"),
                                          (LOCKSTEP_KERNEL, "lockstep_battles"),
                                          (LEGACY_KERNEL, "legacy_battles"),
                                          (RARE_KERNEL, "rare_battles")])
def test_nvcc_ptx(tmp_path, source, entry):
    out = tmp_path / f"{source.stem}.ptx"
    p = nvcc("-ptx", "-arch=sm_80", "-o", str(out), source=source)
    assert p.returncode == 0, p.stderr
    ptx = out.read_text()
    assert f".entry {entry}" in ptx
    assert "fma.rn.f64" not in ptx  # --fmad=false: the log weights are plain IEEE additions


def test_kernel_refuses_to_build_without_the_generated_sizes(tmp_path):
    p = subprocess.run(["nvcc", "-ptx", "-arch=sm_80", f"-I{KERNEL_DIR}", "-o",
                        str(tmp_path / "x.ptx"), str(BATTLE_KERNEL)],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode != 0 and "compile with the -D options" in p.stderr
