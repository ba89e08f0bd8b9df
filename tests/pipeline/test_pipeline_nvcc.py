"""nvcc compiles the kernels (compile only; no GPU needed) with the -D options Python generates.
Skipped when nvcc is absent."""
import re
import shutil
import subprocess

import pytest

from gpu_pipeline.kernel_source import BATTLE_KERNEL, KERNEL_DIR, compile_options

pytestmark = pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc not installed")


def nvcc(*args, source=BATTLE_KERNEL):
    return subprocess.run(["nvcc", *args, f"-I{KERNEL_DIR}", "--fmad=false", *compile_options(),
                           str(source)], capture_output=True, text=True, timeout=300)


def test_nvcc_compiles_kernel_for_sm90(tmp_path):
    out = tmp_path / "risk_battle.cubin"
    p = nvcc("-cubin", "-arch=sm_90", "-Xptxas", "-v", "-std=c++17", "-o", str(out))
    assert p.returncode == 0, p.stderr
    assert out.stat().st_size > 0
    regs = re.search(r"Used (\d+) registers", p.stderr)
    assert regs and int(regs.group(1)) <= 64, p.stderr  # stays at full occupancy budget
    assert "spill" not in p.stderr or "0 bytes spill stores" in p.stderr


def test_nvcc_ptx(tmp_path):
    out = tmp_path / "risk_battle.ptx"
    p = nvcc("-ptx", "-arch=sm_80", "-o", str(out))
    assert p.returncode == 0, p.stderr
    assert ".entry risk_battles" in out.read_text()


def test_kernel_refuses_to_build_without_the_generated_sizes(tmp_path):
    p = subprocess.run(["nvcc", "-ptx", "-arch=sm_80", f"-I{KERNEL_DIR}", "-o",
                        str(tmp_path / "x.ptx"), str(BATTLE_KERNEL)],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode != 0 and "compile with the -D options" in p.stderr
