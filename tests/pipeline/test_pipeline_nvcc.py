"""nvcc compiles the kernel (compile only; no GPU needed). Skipped when nvcc is absent."""
import re
import shutil
import subprocess

import pytest

from gpu_pipeline.host_shim import KERNEL_SOURCE

pytestmark = pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc not installed")


def test_nvcc_compiles_kernel_for_sm90(tmp_path):
    out = tmp_path / "risk_battle.cubin"
    p = subprocess.run(["nvcc", "-cubin", "-arch=sm_90", "-Xptxas", "-v", "-std=c++17",
                        "-o", str(out), str(KERNEL_SOURCE)], capture_output=True, text=True,
                       timeout=300)
    assert p.returncode == 0, p.stderr
    assert out.stat().st_size > 0
    regs = re.search(r"Used (\d+) registers", p.stderr)
    assert regs and int(regs.group(1)) <= 64, p.stderr  # stays at full occupancy budget
    assert "spill" not in p.stderr or "0 bytes spill stores" in p.stderr


def test_nvcc_ptx(tmp_path):
    out = tmp_path / "risk_battle.ptx"
    p = subprocess.run(["nvcc", "-ptx", "-arch=sm_80", "-o", str(out), str(KERNEL_SOURCE)],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    assert ".entry risk_battles" in out.read_text()
