"""The engine as a library of its own: `pip install ./pysite` into a fresh virtual environment
gives `import riskodds` and a working `riskodds` command (standard library only)."""
import json
import os
import shutil
import subprocess
import venv
from fractions import Fraction
from pathlib import Path

import pytest

import riskodds

PYSITE = Path(__file__).resolve().parents[2] / "pysite"


@pytest.mark.slow
def test_pip_install_gives_the_riskodds_command(tmp_path):
    source = tmp_path / "pysite"                 # a copy: the build leaves nothing in the checkout
    shutil.copytree(PYSITE, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}      # only what pip installed
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    subprocess.run([python, "-m", "pip", "install", "-q", str(source)], check=True, timeout=600,
                   capture_output=True, env=env)
    out = subprocess.run([env_dir / "bin" / "riskodds", "battle", "75", "10", "--convention", "attacking",
                          "--json"], capture_output=True, text=True, timeout=120, cwd=tmp_path, env=env)
    assert out.returncode == 0, out.stderr
    loss = json.loads(out.stdout)["loss"]
    assert Fraction(int(loss["num"]), int(loss["den"])) == riskodds.battle(75, 10, convention="attacking").loss
    probe = ("import importlib.metadata as m, json, riskodds; "
             "print(json.dumps([riskodds.__version__, m.version('riskodds'), m.requires('riskodds'), riskodds.__file__]))")
    version, meta_version, requires, where = json.loads(subprocess.run(
        [python, "-c", probe], capture_output=True, text=True, cwd=tmp_path, check=True, env=env).stdout)
    assert version == meta_version == riskodds.__version__      # the version lives in one place
    assert "site-packages" in where                             # installed
    # standard library only: the one requirement is the optional extra "fast" (numba, the compiled sweep)
    assert all('extra == "fast"' in r for r in requires or []), requires
