"""build.py --out never deletes what it did not write (issue 13, hardening 8), says so in one line
when the folder is unusable, and stops on Ctrl-C with one line and status 130 (hardening 10)."""
import subprocess
import sys

import pytest

import build
from interrupts import interrupt_when_ready
from sitebuild import files, outdir, paths


def user_folder(tmp_path, *names):
    d = tmp_path / "mine"
    d.mkdir()
    for name in names:
        (d / name).write_text(f"precious {name}\n")
    return d


def contents(d):
    return {p.relative_to(d).as_posix(): p.read_text() for p in d.rglob("*") if p.is_file()}


@pytest.mark.parametrize("bait", ["index.html", ".risk-odds-build"])
def test_a_folder_that_looks_like_a_build_is_not_wiped(tmp_path, bait):
    d = user_folder(tmp_path, "notes.txt", bait)
    before = contents(d)
    with pytest.raises(SystemExit, match="holds files no build wrote"):
        build.build(d)
    assert contents(d) == before


def test_a_tampered_manifest_cannot_reach_outside_the_folder(tmp_path):
    outside = user_folder(tmp_path, "keep.txt")
    d = tmp_path / "out"
    d.mkdir()
    (d / outdir.MANIFEST).write_text(f"{outdir.HEADER}\n../mine/keep.txt\n{outside / 'keep.txt'}\n")
    outdir.clear(d.resolve())
    assert contents(outside) == {"keep.txt": "precious keep.txt\n"}


def test_only_logged_files_are_cleared_even_after_a_failed_build(tmp_path):
    d = (tmp_path / "out").resolve()
    with pytest.raises(RuntimeError):
        with outdir.building(d):
            files.write_bytes(d / "assets" / "a.js", b"1")
            files.write_bytes(d / "index.html", b"2")
            raise RuntimeError("the build failed midway")
    files.write_bytes(tmp_path / "elsewhere.txt", b"not logged: outside the folder, after the build")
    outdir.prepare(d)  # the next build clears the partial output...
    outdir.finish(d)
    assert sorted(p.name for p in d.rglob("*")) == [outdir.MANIFEST]
    (d / "theirs.txt").write_text("x")  # ...but not a file someone added later
    with pytest.raises(SystemExit, match="theirs.txt"):
        outdir.prepare(d)
    assert (d / "theirs.txt").exists() and (tmp_path / "elsewhere.txt").exists()


def test_a_refused_folder_keeps_the_earlier_build_too(tmp_path):
    """An earlier build plus one foreign file: refused before anything is deleted (red team, issue 21)."""
    d = (tmp_path / "out").resolve()
    with outdir.building(d):
        for rel in ("index.html", "assets/app.js", "article/index.html"):
            files.write_bytes(d / rel, rel.encode())
    (d / "assets" / "theirs.txt").write_text("someone else's")
    before = contents(d)
    with pytest.raises(SystemExit, match="holds files no build wrote .*theirs.txt"):
        build.build(d)
    assert contents(d) == before


def run_build(*args, **kw):
    return subprocess.Popen([sys.executable, str(paths.ROOT / "build.py"), *args], cwd=paths.ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def test_out_naming_a_file_gets_a_message_not_a_traceback(tmp_path):
    f = tmp_path / "somefile"
    f.write_text("mine")
    out, err = run_build("--out", str(f)).communicate(timeout=120)
    assert "Traceback" not in err and "is a file, not a folder" in err, err
    assert f.read_text() == "mine"


def test_out_below_a_file_gets_a_message_not_a_traceback(tmp_path):
    f = tmp_path / "afile"
    f.write_text("mine")
    proc = run_build("--out", str(f / "sub"))
    out, err = proc.communicate(timeout=120)
    assert "Traceback" not in err and f"{f} is a file, not a folder" in err, err
    assert proc.returncode == 1 and f.read_text() == "mine"


def test_a_folder_that_cannot_be_made_gets_a_message(tmp_path):
    with pytest.raises(SystemExit, match="cannot build into .*: File name too long"):
        outdir.prepare(tmp_path / ("x" * 300))


def test_ctrl_c_prints_one_line_and_exits_130(tmp_path):
    out = tmp_path / "out"
    # ready once the build has started writing (its manifest is its first file): far from done
    code, _, err = interrupt_when_ready([sys.executable, str(paths.ROOT / "build.py"), "--out", str(out)],
                                        lambda _err: (out / outdir.MANIFEST).exists(), cwd=paths.ROOT)
    assert code == 130, (code, err)
    assert err.strip().splitlines() == ["build.py: interrupted"], err
