"""Helpers shared by the engine's tests: a child process with capped memory and time, and a
guard that fails a test if the engine starts working when it should have refused first."""
import os
import subprocess
import sys
from contextlib import contextmanager

import pytest

GUARD_SCRIPT = r"""
import resource, sys, time
resource.setrlimit(resource.RLIMIT_AS, (__MEMORY__, __MEMORY__))  # never hog the machine
import riskodds as ro
from fractions import Fraction as F
t = time.perf_counter()
try:
    __CALL__
except ValueError as e:
    print("VALUEERROR", round(time.perf_counter() - t, 3), e)
except MemoryError:
    print("MEMORYERROR")
else:
    print("NOERROR")
"""


def run_guarded(call, timeout=20, memory=1_500_000_000):
    """Run `call` in a child process with a memory cap and a time limit: the engine must
    refuse with a ValueError quickly, not allocate or compute for ever."""
    code = GUARD_SCRIPT.replace("__CALL__", call).replace("__MEMORY__", str(memory))
    env = dict(os.environ)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env["PYTHONPATH"] = os.path.join(root, "pysite") + os.pathsep + env.get("PYTHONPATH", "")
    try:
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{call}: no answer within {timeout} s (expected a quick ValueError)")
    assert out.stdout.startswith("VALUEERROR"), (call, out.stdout, out.stderr[-2000:])
    return out.stdout


# The engine's algorithms: every computation enters one of these (answers call them by name or
# through their module).
WORK = ("flow", "stops", "end_states", "passage", "full_region_exits", "inside_probability", "win_lines", "solve",
        "power_coefficient", "reshape", "first_reaching")


class WorkStarted(BaseException):
    """Raised by an algorithm entered inside `forbid_work` (a BaseException, so that the API's
    catch-all cannot turn it into an error message)."""


@contextmanager
def forbid_work():
    """Inside the block, entering any of the engine's algorithms raises WorkStarted: a refusal
    (or an estimate) checked this way came before any work, however loaded the machine is."""
    def refuse(*args, **kwargs):
        raise WorkStarted("the engine started working before it refused")
    saved = []
    for name, module in list(sys.modules.items()):
        if name == "riskodds" or name.startswith("riskodds."):
            for attr in WORK:
                f = getattr(module, attr, None)
                if callable(f) and getattr(f, "__module__", "").startswith("riskodds.algorithms"):
                    saved.append((module, attr, f))
                    setattr(module, attr, refuse)
    try:
        yield
    finally:
        for module, attr, f in saved:
            setattr(module, attr, f)


def board_position(mine, theirs, others=None, me="you", them="red", other="green"):
    """A position on the classic board: `mine` {territory: armies on it} held by `me`, `theirs` by
    `them`, `others` by a third owner."""
    p = {t: {"owner": them, "armies": a} for t, a in theirs.items()}
    p.update({t: {"owner": me, "armies": a} for t, a in mine.items()})
    p.update({t: {"owner": other, "armies": a} for t, a in (others or {}).items()})
    return p
