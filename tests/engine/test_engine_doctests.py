"""The engine's doctests (known answers inline, in the pytudes manner) run with the suite."""
import doctest
import importlib
import pathlib
import pkgutil

import pytest

import riskodds

MODULES = sorted(m.name for m in pkgutil.iter_modules(riskodds.__path__) if m.name != "__main__")
# the examples the issue asks for: they must exist, not only pass
REQUIRED = {"battle": 5, "inverse": 3, "rounds": 3, "campaign": 3, "lattice": 2}


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(f"riskodds.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in riskodds.{name}"
    assert result.attempted >= REQUIRED.get(name, 0), f"riskodds.{name} lost its examples"


def test_every_module_is_collected():
    files = {p.stem for p in pathlib.Path(riskodds.__file__).parent.glob("*.py")} - {"__init__", "__main__"}
    assert set(MODULES) - {"__init__"} == files
