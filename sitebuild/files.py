"""Deterministic file helpers: sorted walks and fixed-metadata zips, so two builds are byte-identical;
and the build's one way to write a file, which never writes through a link (safe_write)."""
import gzip
import io
import os
import stat
import tarfile
from pathlib import Path



def sorted_files(root: Path, skip=("__pycache__",), suffixes=None) -> list[Path]:
    """Every file under root in a stable order (os.walk order depends on the filesystem)."""
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in skip and not d.startswith("."))
        for name in sorted(filenames):
            path = Path(dirpath) / name
            if suffixes is None or path.suffix in suffixes:
                out.append(path)
    return sorted(out, key=lambda p: p.relative_to(root).as_posix())


def deterministic_tgz(entries: list[tuple[str, bytes]]) -> bytes:
    """A gzipped tar whose bytes depend only on the (name, data) pairs: fixed times, owners, modes
    and order (USTAR headers, gzip without a name or time)."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for name, data in sorted(entries):
            info = tarfile.TarInfo(name)
            info.size, info.mtime, info.mode, info.uid, info.gid = len(data), 0, 0o644, 0, 0
            info.uname = info.gname = ""
            tar.addfile(info, io.BytesIO(data))
    return gzip.compress(buf.getvalue(), compresslevel=9, mtime=0)


_on_write = None  # set by outdir.prepare: the output folder logs every file a build writes
_root = None  # ... and the build writes below it only through folders it made, into plain files


class Refused(Exception):
    """A write the build may not do: through a link, or over something that is not a plain file."""


def on_write(hook, root: Path | None = None) -> None:
    """Call hook(path) after every write_bytes, and write below root only as safe_write says
    (None: stop both)."""
    global _on_write, _root
    _on_write, _root = hook, root


def write_bytes(path: Path, data: bytes) -> None:
    path = Path(path)
    if _root is not None and _root in path.parents:
        safe_write(_root, path, data)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    if _on_write:
        _on_write(path)


def safe_write(root: Path, path: Path, data: bytes) -> None:
    """Write path (below root) without following a link the build did not make: every folder
    between root and the file is a real folder (made here when missing, one level at a time), and
    the file is absent or a plain file with no other name (no symbolic link, no hard link, no
    FIFO or device). Refused otherwise, before a byte is written."""
    folder = root
    for part in path.relative_to(root).parts[:-1]:
        folder = folder / part
        try:
            os.mkdir(folder)
        except FileExistsError:
            pass
        info = os.lstat(folder)
        if not stat.S_ISDIR(info.st_mode):
            what = "a link" if stat.S_ISLNK(info.st_mode) else "not a folder"
            raise Refused(f"{folder} is {what}, and a build writes only into folders it made")
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        info = None
    if info is not None and (not stat.S_ISREG(info.st_mode) or info.st_nlink > 1):
        what = ("a link" if stat.S_ISLNK(info.st_mode) else "a file with another name (a hard link)"
                if stat.S_ISREG(info.st_mode) else "not a plain file")
        raise Refused(f"{path} is {what}, and a build replaces only plain files")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o666)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
