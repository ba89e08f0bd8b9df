"""nvcc compiles the kernels (compile only; no GPU needed) with the -D options Python generates.
Skipped when nvcc is absent."""
import re
import shutil
import subprocess

import pytest

from gpu_pipeline.kernel_source import BATTLE_KERNEL, KERNEL_DIR, RARE_KERNEL, compile_options

pytestmark = pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc not installed")


def nvcc(*args, source=BATTLE_KERNEL):
    return subprocess.run(["nvcc", *args, f"-I{KERNEL_DIR}", "--fmad=false", *compile_options(),
                           str(source)], capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("source", [BATTLE_KERNEL, RARE_KERNEL], ids=lambda p: p.stem)
def test_nvcc_compiles_kernel_for_sm90(tmp_path, source):
    out = tmp_path / f"{source.stem}.cubin"
    p = nvcc("-cubin", "-arch=sm_90", "-Xptxas", "-v", "-std=c++17", "-o", str(out),
             source=source)
    assert p.returncode == 0, p.stderr
    assert out.stat().st_size > 0
    regs = re.search(r"Used (\d+) registers", p.stderr)
    assert regs and int(regs.group(1)) <= 64, p.stderr  # stays at full occupancy budget
    assert "spill" not in p.stderr or "0 bytes spill stores" in p.stderr


@pytest.mark.parametrize("source,entry", [(BATTLE_KERNEL, "risk_battles"),
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
