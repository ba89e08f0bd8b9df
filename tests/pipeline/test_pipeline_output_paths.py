"""Nothing of the user's is replaced (issue 25, row 11). Every command that writes a file
(``simulate --out`` and ``--checkpoint``, ``merge --out``, ``rare --out``, ``rare-scaling --out``,
``sweep --out``, ``evidence --out`` and the files it writes inside, ``ingest``) refuses an output
path that exists and is not a regular file: a symbolic link (to a file, or dangling), a FIFO or
a folder (devices alike; never made here: tests do not touch /dev). One line on stderr, exit
status 2, the path left exactly as it was. Absent paths and regular files are written as before.

The oracle is the file system itself, read with ``os.lstat`` before and after each command.
FIFO rows run in a child process with a timeout: opening a FIFO to write would block forever.
"""
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from gpu_pipeline.command_line.cli import main
from gpu_pipeline.records import files as safe
from gpu_pipeline.records.results import SimulationResult
from gpu_pipeline.rounds.spec import BattleSpec

ROOT = Path(__file__).resolve().parents[2]
SIM = ["simulate", "-a", "5", "-d", "3", "--runs", "40", "--backend", "numpy", "--workers", "1",
       "--no-progress", "--seed", "3", "--mode", "dice"]
RARE = ["rare", "-a", "5", "-d", "3", "--runs", "100", "--event", "loss", "--backend", "numpy",
        "--workers", "1", "--no-progress"]

# (name, argv with {P} for the path under test and {good} for a valid result file)
COMMANDS = [
    ("simulate-out", SIM + ["--out", "{P}"]),
    ("simulate-checkpoint", SIM + ["--checkpoint", "{P}"]),
    ("merge-out", ["merge", "{good}", "--out", "{P}"]),
    ("rare-out", RARE + ["--out", "{P}"]),
    ("rare-scaling-out", ["rare-scaling", "--backend", "numpy", "--workers", "1", "--out", "{P}"]),
    ("sweep-out", ["sweep", "-a", "5", "-d", "3", "--runs", "10", "--out", "{P}"]),
]
KINDS = ["link-to-file", "dangling-link", "fifo", "folder"]


def snapshot(path: Path):
    """What is at ``path`` (not following a link) and, for a link, where it points and what
    its target holds."""
    st = os.lstat(path)
    if stat.S_ISLNK(st.st_mode):
        target = Path(os.readlink(path))
        target = target if target.is_absolute() else path.parent / target
        held = (sorted(os.listdir(target)) if target.is_dir() else
                target.read_bytes() if target.exists() else None)
        return ("link", os.readlink(path), held)
    return (stat.S_IFMT(st.st_mode), st.st_ino, sorted(os.listdir(path)) if path.is_dir() else None)


def make(kind: str, where: Path, name: str = "out.json") -> Path:
    """Put a ``kind`` of thing at ``where / name``: a link to a user's file, a dangling link,
    a FIFO or a user's folder."""
    where.mkdir(parents=True, exist_ok=True)
    p = where / name
    if kind == "link-to-file":
        victim = where.parent / "users_file.txt"
        victim.write_text("the user's words\n")
        p.symlink_to(victim)
    elif kind == "dangling-link":
        p.symlink_to(where / "nowhere" / "x.json")
    elif kind == "fifo":
        os.mkfifo(p)
    elif kind == "folder":
        p.mkdir()
        (p / "users_notes.txt").write_text("keep me\n")
    return p


@pytest.fixture(scope="module")
def good(tmp_path_factory):
    from gpu_pipeline.backends.numpy_backend import simulate_range
    spec = BattleSpec(5, 3, "attacking", mode="dice")
    path = tmp_path_factory.mktemp("good") / "good.json"
    SimulationResult(spec, 3, simulate_range(spec, 3, 0, 40).tolist(), [[0, 40]], [0, 40]).save(path)
    return path


def run(argv, in_child: bool, capsys):
    if in_child:
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "pysite"), str(ROOT)]))
        p = subprocess.run([sys.executable, "-m", "gpu_pipeline", *argv], capture_output=True,
                           text=True, env=env, cwd=ROOT, timeout=120)
        return p.returncode, p.stderr
    code = main(argv)
    return code, capsys.readouterr().err


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name,argv", COMMANDS, ids=[c[0] for c in COMMANDS])
def test_refuses_what_is_not_a_regular_file(name, argv, kind, tmp_path, good, capsys, engine):
    p = make(kind, tmp_path / "w")
    before = snapshot(p)
    argv = [a.format(P=p, good=good, root=tmp_path / "repo") for a in argv]
    code, err = run(argv, kind == "fifo", capsys)
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and str(p) in lines[0], err
    word = {"link-to-file": "symbolic link", "dangling-link": "symbolic link",
            "fifo": "FIFO", "folder": "folder"}[kind]
    assert word in lines[0] and "Traceback" not in err
    assert snapshot(p) == before          # untouched: not replaced, not written through
    assert sorted(x.name for x in p.parent.iterdir() if x.name.startswith(".")) == []  # no temp


@pytest.mark.parametrize("kind", ["link-to-folder", "fifo", "regular-file"])
def test_evidence_out_must_be_a_real_folder(kind, tmp_path, capsys):
    """``evidence --out D`` writes many files inside D: a link to a user's folder is refused
    (nothing written through it), and so is anything else that is not a folder."""
    users = tmp_path / "users_folder"
    users.mkdir()
    (users / "index.html").write_text("mine\n")
    d = tmp_path / "ev"
    if kind == "link-to-folder":
        d.symlink_to(users)
    elif kind == "fifo":
        os.mkfifo(d)
    else:
        d.write_text("a file\n")
    before = snapshot(d)
    code, err = run(["evidence", "--out", str(d), "--profile", "cpu", "--steps", "environment"],
                    kind == "fifo", capsys)
    assert code == 2 and err.startswith("error: ") and len(err.strip().splitlines()) == 1, err
    assert snapshot(d) == before and sorted(os.listdir(users)) == ["index.html"]


@pytest.mark.parametrize("kind", ["link-to-file", "fifo", "folder"])
def test_evidence_never_replaces_a_file_it_did_not_make(kind, tmp_path, capsys):
    """Inside a real evidence folder, a link (or FIFO, folder) where summary.md goes is refused
    at write time, and stays as it was."""
    d = tmp_path / "ev"
    make(kind, d, "summary.md")
    before = snapshot(d / "summary.md")
    code, err = run(["evidence", "--out", str(d), "--profile", "cpu", "--steps", "environment"],
                    kind == "fifo", capsys)
    assert code == 2 and "summary.md" in err and len(err.strip().splitlines()) == 1, err
    assert snapshot(d / "summary.md") == before


def test_the_writer_refuses_at_write_time_too(tmp_path):
    """The atomic writer itself is the backstop (a path that became a link after the command's
    first check): refused, nothing left behind; a regular file or a new name is written."""
    victim = tmp_path / "victim.txt"
    victim.write_text("keep\n")
    link = tmp_path / "r.json"
    link.symlink_to(victim)
    with pytest.raises(safe.NotARegularFile, match="symbolic link"):
        safe.write_json_atomic(link, {"a": 1})
    assert victim.read_text() == "keep\n" and link.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json", "victim.txt"]

    plain = tmp_path / "plain.json"
    plain.write_text("old\n")
    safe.write_json_atomic(plain, {"a": 1})
    safe.write_json_atomic(tmp_path / "new" / "n.json", {"b": 2})
    assert json.loads(plain.read_text()) == {"a": 1}
    assert json.loads((tmp_path / "new" / "n.json").read_text()) == {"b": 2}


def test_reading_a_fifo_is_refused_not_waited_on(tmp_path, capsys):
    """``validate`` and ``merge`` read result files: a FIFO given as one would block forever."""
    fifo = tmp_path / "in.json"
    os.mkfifo(fifo)
    code, err = run(["validate", str(fifo)], True, capsys)
    assert code == 1 and "FIFO" in err and len(err.strip().splitlines()) == 1, err
