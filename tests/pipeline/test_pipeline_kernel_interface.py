"""The kernel interface is written down once, in Python: the .cu signatures must list exactly
the parameters (names and C types) that spec.kernel_args packs, and the sizes the kernels are
built with come from spec.kernel_defines()."""
import re

import numpy as np
import pytest

from gpu_pipeline.backends.kernel_source import (BATTLE_KERNEL, LEGACY_KERNEL, LOCKSTEP_KERNEL, RARE_KERNEL,
                                        compile_options, inlined_source)
from gpu_pipeline.backends.kernel_variants import LEGACY_SCALARS
from gpu_pipeline.rounds.spec import (KERNEL_SCALARS, RARE_KERNEL_SCALARS, TABLE_WORDS, BattleSpec,
                               kernel_args, launch_plan, rare_kernel_args)

C_TYPES = {np.uint64: "rk_u64", np.uint32: "rk_u32", np.int32: "int", np.float64: "double"}


def kernel_parameters(source: str, name: str) -> list[tuple[str, str]]:
    """(C type, name) of each parameter of ``extern "C" __global__ void name(...)``."""
    body = re.search(rf"__global__\s+void\s+{name}\s*\((.*?)\)\s*\{{", source, re.S)[1]
    body = re.sub(r"//[^\n]*|\\\n", "", body)  # comments and macro line continuations
    params = []
    for decl in body.split(","):
        decl = decl.replace("__restrict__", " ").replace("const ", " ")
        *ctype, pname = decl.split()
        params.append((" ".join(ctype), pname))
    return params


def scalar_signature(scalars):
    return [(C_TYPES[dtype], name) for name, dtype in scalars]


def test_battle_kernel_signature_is_the_python_one():
    params = kernel_parameters(BATTLE_KERNEL.read_text(), "risk_battles")
    assert [p[1] for p in params[:3]] == ["table", "bin_of", "bins"]
    assert params[3:] == scalar_signature(KERNEL_SCALARS)


def test_lockstep_entries_take_the_battle_kernels_parameters():
    """Both lockstep entries come from one macro whose parameter list is risk_battles'."""
    source = LOCKSTEP_KERNEL.read_text()
    assert re.findall(r"^RK_LOCKSTEP_ENTRY\((\w+), ", source, re.M) == [
        "lockstep_battles", "lockstep_battles_std"]
    assert kernel_parameters(source, "name") == kernel_parameters(BATTLE_KERNEL.read_text(),
                                                                  "risk_battles")


def test_legacy_kernel_signature_is_the_python_one():
    params = kernel_parameters(LEGACY_KERNEL.read_text(), "legacy_battles")
    assert params[:3] == [("rk_u32*", "skip1"), ("rk_u32*", "skip2"), ("rk_u64*", "bins")]
    assert params[3:] == scalar_signature(LEGACY_SCALARS)


def test_rare_kernel_signature_is_the_python_one():
    params = kernel_parameters(RARE_KERNEL.read_text(), "rare_battles")
    assert params[:4] == [("rk_u64*", "thresholds"), ("double*", "log_ratio"),
                          ("int*", "end_cell"), ("double*", "log_weight")]
    assert params[4:] == scalar_signature(RARE_KERNEL_SCALARS)
    spec = BattleSpec(12, 5, "territory")
    named = dict(zip((n for n, _ in RARE_KERNEL_SCALARS),
                     rare_kernel_args(spec, 3, 9, 2 ** 40, 100, runs_per_thread=4)))
    assert (named["A0"], named["stop_a"], named["run_start"]) == (11, 3, 2 ** 40)


@pytest.mark.parametrize("source", [BATTLE_KERNEL, LOCKSTEP_KERNEL, RARE_KERNEL],
                         ids=lambda p: p.stem)
def test_sizes_are_generated_not_typed(source):
    assert f"-DRK_TABLE_WORDS={TABLE_WORDS}" in compile_options()
    src = inlined_source(source)
    assert '#include "' not in src and "rk_philox" in src  # the header is inlined for NVRTC
    code = re.sub(r"//[^\n]*", "", src)
    assert not re.search(r"\b(80|16|5)\b", code), "a table size typed into the kernel source"


def test_kernel_args_order_and_overflow():
    spec = BattleSpec(75, 10, "territory", mode="outcome")
    args = kernel_args(spec, 2 ** 40 + 3, 2 ** 33, 5, use_shared=True, runs_per_thread=7)
    named = dict(zip((n for n, _ in KERNEL_SCALARS), args))
    assert named["seed_lo"] == 3 and named["seed_hi"] == 2 ** 8
    assert named["run_start"] == 2 ** 33 and named["A0"] == 74 and named["mode"] == 1
    assert named["nbins"] == len(spec.end_states) and named["runs_per_thread"] == 7
    assert all(type(a) is dt for a, (_, dt) in zip(args, KERNEL_SCALARS))
    with pytest.raises(ValueError, match="runs_per_thread"):
        kernel_args(spec, 1, 0, 5, use_shared=True, runs_per_thread=2 ** 31)


def test_launch_plan_covers_exactly():
    plan = list(launch_plan(10, 1000, per_block=7, max_grid=13))
    assert [s for s, _, _ in plan] == list(range(10, 1010, 91))
    assert sum(n for _, n, _ in plan) == 1000
    assert all(g == -(-n // 7) and g <= 13 for _, n, g in plan)

