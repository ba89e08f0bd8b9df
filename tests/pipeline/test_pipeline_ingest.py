"""From a device call to committed files, on the CPU profile: the device script
(gpu_pipeline/evidence/device_call.sh) run as the device tool would run it, its archive carried
into a second call that goes on from it, and ``python -m gpu_pipeline ingest`` turning the
archive into data/simulations/, bench/results/<folder>/ and the article's sweep file in a
scratch repository, then calling its build.py.

Oracles: the result files written are compared with the NumPy twin run here; the article's
sweep is the outcome-mode sweep with the fastest best row, found from the archive's own files.
"""
import io
import json
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from gpu_pipeline.backends.cuda_backend import cupy_or_none
from gpu_pipeline.backends.numpy_backend import simulate_range
from gpu_pipeline.command_line.cli import main
from gpu_pipeline.evidence.ingest import device_folder
from gpu_pipeline.evidence.steps import CPU, SEED, battle
from gpu_pipeline.records.results import SimulationResult

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "gpu_pipeline" / "evidence" / "device_call.sh"
pytestmark = pytest.mark.skipif(cupy_or_none() is not None,
                                reason="a GPU is here: the device script would use it")


def device_call(work: Path, out: Path, *args):
    out.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, OUT=str(out), WORK=str(work), PYTHON=sys.executable)
    env.pop("PYTHONPATH", None)
    return subprocess.run(["sh", str(SCRIPT), *args], capture_output=True, text=True, env=env,
                          timeout=300)


@pytest.fixture(scope="module")
def archive(tmp_path_factory, shim):
    """The CPU profile's archive from one device call (T = 200 s: the CPU profile's priors ask
    90 s for the child test run, which a 120 s call leaves for a second call)."""
    base = tmp_path_factory.mktemp("device")
    (base / "work").mkdir()
    p = device_call(base / "work", base / "out", "200")
    assert p.returncode == 0, p.stdout + p.stderr
    assert "evidence: exit status 0" in p.stdout and "NO GPU" in p.stdout
    return base / "out" / "gpu-evidence.tgz"


def scratch_repo(tmp_path: Path) -> Path:
    """A repository stand-in whose build.py notes where it ran."""
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "build.py").write_text("import os, pathlib\n"
                                   "pathlib.Path('built.txt').write_text(os.getcwd())\n")
    return repo


def test_the_script_refuses_a_timeout_it_cannot_use(tmp_path):
    for bad in ["", "abc", "30", "601"]:
        p = device_call(tmp_path, tmp_path / "out", bad)
        assert p.returncode == 2 and p.stderr.startswith("error: "), (bad, p.stderr)
    assert not (tmp_path / "gpu-evidence").exists()


def test_a_second_call_goes_on_from_the_carried_archive(archive, tmp_path):
    work = tmp_path / "fresh_machine"
    work.mkdir()
    (work / "gpu-evidence.tgz").write_bytes(archive.read_bytes())    # what carry brings
    p = device_call(work, tmp_path / "out2", "200")
    assert p.returncode == 0, p.stdout + p.stderr
    assert "every step recorded" in p.stdout and "[1/8]" not in p.stdout  # nothing redone
    with tarfile.open(tmp_path / "out2" / "gpu-evidence.tgz") as t:
        state = json.load(t.extractfile("gpu-evidence/evidence.json"))
    assert len(state["calls"]) == 2 and state["complete"]


def test_the_cpu_profile_is_refused_without_its_flag(archive, tmp_path, capsys):
    repo = scratch_repo(tmp_path)
    assert main(["ingest", str(archive), "--root", str(repo)]) == 1
    assert "CPU profile" in capsys.readouterr().err
    assert sorted(p.name for p in repo.iterdir()) == ["build.py"]


def test_ingest_writes_the_committed_files_and_rebuilds(archive, tmp_path, engine, capsys):
    repo = scratch_repo(tmp_path)
    assert main(["ingest", str(archive), "--root", str(repo), "--cpu-profile"]) == 0
    sims = repo / "data" / "simulations"
    assert sorted(p.name for p in sims.iterdir()) == [
        "75v10_attacking_dice_1e5_host-shim.json", "75v10_attacking_dice_2e4_host-shim.json",
        "75v10_attacking_outcome_2e4_host-shim.json"]
    for name, mode, runs in [("75v10_attacking_dice_1e5_host-shim.json", "dice", CPU.long_runs),
                             ("75v10_attacking_outcome_2e4_host-shim.json", "outcome", CPU.mode_runs)]:
        res = SimulationResult.load(sims / name)
        assert res.counts == simulate_range(battle(mode), SEED, 0, runs).tolist()
    folder = repo / "bench" / "results" / "cpu-profile"
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        ["evidence.json", "summary.md", "sweep_legacy_dice.json"]
        + [f"sweep_{k}_{m}.json" for k in ("strided", "lockstep") for m in ("outcome", "dice")])
    fastest = max(("strided", "lockstep"), key=lambda k: json.loads(
        (folder / f"sweep_{k}_outcome.json").read_text())["best"]["battles_per_s"])
    assert (repo / "bench" / "results" / "sweep_cuda.json").read_bytes() == \
        (folder / f"sweep_{fastest}_outcome.json").read_bytes()
    assert (repo / "built.txt").read_text() == str(repo)        # build.py ran in the root


def test_no_build_leaves_the_site_alone(archive, tmp_path):
    repo = scratch_repo(tmp_path)
    assert main(["ingest", str(archive), "--root", str(repo), "--cpu-profile",
                 "--no-build"]) == 0
    assert not (repo / "built.txt").exists() and (repo / "bench" / "results").is_dir()


def test_a_link_among_the_destinations_stops_everything(archive, tmp_path, capsys):
    """Every destination is checked before the first write: nothing is written at all."""
    repo = scratch_repo(tmp_path)
    users = tmp_path / "users_file.json"
    users.write_text("mine\n")
    (repo / "bench" / "results").mkdir(parents=True)
    (repo / "bench" / "results" / "sweep_cuda.json").symlink_to(users)
    assert main(["ingest", str(archive), "--root", str(repo), "--cpu-profile"]) == 2
    assert "symbolic link" in capsys.readouterr().err
    assert users.read_text() == "mine\n" and not (repo / "data").exists()
    assert sorted(p.name for p in (repo / "bench" / "results").iterdir()) == ["sweep_cuda.json"]


def test_a_results_folder_that_links_elsewhere_is_refused(archive, tmp_path, capsys):
    repo = scratch_repo(tmp_path)
    users = tmp_path / "users_folder"
    users.mkdir()
    (repo / "bench").mkdir()
    (repo / "bench" / "results").symlink_to(users)
    assert main(["ingest", str(archive), "--root", str(repo), "--cpu-profile", "--no-build"]) == 2
    assert "symbolic link" in capsys.readouterr().err and list(users.iterdir()) == []


def hostile(tmp_path, name, make):
    path = tmp_path / f"{name}.tgz"
    with tarfile.open(path, "w:gz") as t:
        info = tarfile.TarInfo("gpu-evidence/evidence.json")
        data = b"{}"
        info.size = len(data)
        t.addfile(info, io.BytesIO(data))
        make(t)
    return path


def _link(t):
    info = tarfile.TarInfo("gpu-evidence/summary.md")
    info.type, info.linkname = tarfile.SYMTYPE, "/etc/passwd"
    t.addfile(info)


def _empty_file(name):
    def make(t):
        info = tarfile.TarInfo(name)
        info.size = 0
        t.addfile(info, io.BytesIO(b""))
    return make


@pytest.mark.parametrize("name,make,fragment", [
    ("link", _link, "not a regular file"),
    ("climb", _empty_file("gpu-evidence/../../x.json"), "unexpected member"),
    ("deep", _empty_file("gpu-evidence/a/b.json"), "unexpected member")])
def test_a_hostile_archive_is_refused(name, make, fragment, tmp_path, capsys):
    repo = scratch_repo(tmp_path)
    assert main(["ingest", str(hostile(tmp_path, name, make)), "--root", str(repo),
                 "--cpu-profile", "--no-build"]) == 1
    err = capsys.readouterr().err
    assert fragment in err and len(err.strip().splitlines()) == 1
    assert sorted(p.name for p in repo.iterdir()) == ["build.py"]


def test_not_an_archive(tmp_path, capsys):
    junk = tmp_path / "junk.tgz"
    junk.write_bytes(b"not gzip at all")
    assert main(["ingest", str(junk), "--no-build", "--root", str(tmp_path)]) == 1
    assert "not a readable .tgz archive" in capsys.readouterr().err


def test_the_device_folder_is_named_after_the_gpu():
    state = {"profile": "gpu", "steps": {"environment": {"device": "NVIDIA H100 80GB HBM3"}}}
    assert device_folder(state) == "gpu-nvidia-h100-80gb-hbm3"
    assert device_folder({"profile": "cpu", "steps": {}}) == "cpu-profile"
    with pytest.raises(ValueError, match="which device"):
        device_folder({"profile": "gpu", "steps": {}})
