"""build.py --out never deletes what it did not write (issue 13, hardening 8), says so in one line
when the folder is unusable, and stops on Ctrl-C with one line and status 130 (hardening 10)."""
import contextlib
import os
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


# ---- links (issue 25, row 10): `--out D` with D/calculators or D/assets a link to a user's folder
# wrote about 80 files into it, its index.html included, outside the manifest

@pytest.mark.parametrize("name", ["calculators", "assets", "index.html"])
def test_a_link_in_the_folder_is_refused_before_the_build(tmp_path, name):
    mine = user_folder(tmp_path, "index.html", "notes.txt")
    d = (tmp_path / "out").resolve()
    d.mkdir()
    (d / name).symlink_to(mine if name != "index.html" else mine / "index.html")
    before = contents(mine)
    with pytest.raises(SystemExit, match=f"no build wrote .*{name} \\(a link\\)"):
        with outdir.building(d):
            files.write_bytes(d / "calculators" / "index.html", b"the build's page")
            files.write_bytes(d / "assets" / "app.js", b"the build's script")
            files.write_bytes(d / "index.html", b"the build's home page")
    assert contents(mine) == before and (d / name).is_symlink()


def test_an_earlier_build_with_a_link_put_in_is_refused_and_kept(tmp_path):
    mine = user_folder(tmp_path, "index.html")
    d = (tmp_path / "out").resolve()
    with outdir.building(d):
        files.write_bytes(d / "calculators" / "index.html", b"1")
        files.write_bytes(d / "index.html", b"2")
    (d / "calculators" / "index.html").unlink()
    (d / "calculators").rmdir()
    (d / "calculators").symlink_to(mine)
    with pytest.raises(SystemExit, match=r"calculators \(a link\)"):
        with outdir.building(d):
            files.write_bytes(d / "calculators" / "index.html", b"3")
    assert contents(mine) == {"index.html": "precious index.html\n"} and (d / "index.html").read_bytes() == b"2"


@pytest.mark.parametrize("link", ["folder", "file", "hard link"])
def test_a_link_made_while_building_is_never_written_through(tmp_path, link):
    """A link that appears after the folder was checked: the write is refused, nothing of the
    user's changes, and the message says which path and why."""
    mine = user_folder(tmp_path, "index.html", "app.js")
    before = contents(mine)
    d = (tmp_path / "out").resolve()
    target = {"folder": d / "assets" / "app.js", "file": d / "index.html", "hard link": d / "index.html"}[link]
    with pytest.raises(SystemExit, match="refusing to build into .*(a link|hard link)") as info:
        with outdir.building(d):
            files.write_bytes(d / "article" / "index.html", b"fine")
            if link == "folder":
                (d / "assets").symlink_to(mine)
            elif link == "file":
                (d / "index.html").symlink_to(mine / "index.html")
            else:
                os.link(mine / "index.html", d / "index.html")
            files.write_bytes(target, b"the build's bytes")
    assert contents(mine) == before
    assert "rm " not in str(info.value)


_SCANS = []      # os.scandir calls while counting_scans() is open (an audit hook stays for good)


def _on_audit(event, args):
    if event == "os.scandir" and _SCANS and _SCANS[0] is True:
        _SCANS.append(args)


@contextlib.contextmanager
def counting_scans():
    if not hasattr(counting_scans, "hooked"):
        sys.addaudithook(_on_audit)
        counting_scans.hooked = True
    _SCANS[:] = [True]
    seen = []
    try:
        yield seen
    finally:
        seen.extend(_SCANS[1:])
        _SCANS.clear()


# ---- a foreign folder (issue 25, row 12): `--out /usr` walked 129,000 files (12 s) before
# refusing, then suggested `rm -r /usr`

def test_a_foreign_folder_is_refused_at_the_first_foreign_file(tmp_path):
    """Refused after looking into at most a few folders of a big tree (counted by the os.scandir
    audit event, not timed), with a message that suggests deleting nothing."""
    big = tmp_path / "usr"
    for i in range(40):
        (big / f"lib{i:02}").mkdir(parents=True)
        for j in range(20):
            (big / f"lib{i:02}" / f"file{j}.so").write_text("x")
    with counting_scans() as scans, pytest.raises(SystemExit) as info:
        outdir.prepare(big.resolve())
    seen = len(scans)
    message = str(info.value)
    assert "no build wrote" in message and "lib00/file0.so" in message
    assert seen <= 3, f"looked into {seen} folders"
    assert "rm " not in message and "delete" not in message.lower()
    assert sum(1 for _ in big.rglob("*.so")) == 800


def test_no_message_suggests_deleting_a_folder(tmp_path):
    d = user_folder(tmp_path, "a.txt")
    for args in ((d,), (d / "a.txt",), (d / "a.txt" / "sub",)):
        with pytest.raises(SystemExit) as info:
            outdir.prepare(*args)
        assert "rm " not in str(info.value) and "delete" not in str(info.value).lower(), info.value


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
