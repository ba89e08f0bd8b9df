"""Writing files safely: atomically, and never over what the program did not make.

A write goes to a fresh temporary file beside the target (created with O_EXCL and O_NOFOLLOW,
so it cannot land on, or through, anything already there), is flushed to disk, then renamed
over the target, so readers and a crash only ever see the old or the new file. The rename
replaces whatever sits at the target's name, which is why the target is checked first: it
must be absent or a regular file. A symbolic link (to a file, a folder, a device, or nowhere),
a FIFO, a device, a socket or a folder is refused with :class:`NotARegularFile`, a usage
error (exit status 2 on the command line), and left exactly as it was. The check runs when a
command starts (before any work) and again just before the rename.

Reading is guarded too: a FIFO or a device given as an input file would block or never end,
so only regular files (or links to them) are read.
"""
from __future__ import annotations

import json
import os
import secrets
import stat
from pathlib import Path

_KINDS = [(stat.S_ISLNK, "a symbolic link"), (stat.S_ISDIR, "a folder"),
          (stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket")]


class NotARegularFile(ValueError):
    """An output path that exists and is not a regular file (or an output folder that is not
    a real folder): refused, never replaced. The command line exits with status 2."""


def kind_of(mode: int) -> str:
    """'a symbolic link', 'a FIFO (named pipe)', ... for an ``st_mode``; 'a regular file'."""
    if stat.S_ISREG(mode):
        return "a regular file"
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def lstat_or_none(path) -> os.stat_result | None:
    """``os.lstat(path)`` (a link itself, not what it points to), None when nothing is there."""
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None


def refuse_unless_regular(path, flag: str = "") -> None:
    """Raise NotARegularFile unless ``path`` is absent or a regular file (not a link to one)."""
    st = lstat_or_none(path)
    if st is not None and not stat.S_ISREG(st.st_mode):
        what = f"{flag} {path}" if flag else str(path)
        hint = "give a file name" if stat.S_ISDIR(st.st_mode) else \
            "give the path of a regular file or a new name"
        raise NotARegularFile(f"{what} is {kind_of(st.st_mode)}; refusing to replace it ({hint})")


def refuse_unless_folder(path, flag: str = "") -> None:
    """Raise NotARegularFile unless ``path`` is absent or a real folder (not a link to one):
    a command that fills a folder must not write through a link into someone else's."""
    st = lstat_or_none(path)
    if st is not None and not stat.S_ISDIR(st.st_mode):
        what = f"{flag} {path}" if flag else str(path)
        raise NotARegularFile(f"{what} is {kind_of(st.st_mode)}, not a folder this command may "
                              f"fill; give a new folder's name")


def require_regular_input(path) -> None:
    """Raise ValueError unless ``path`` (links followed) is a regular file: reading a FIFO or a
    device would wait forever. A missing file is left to ``open`` (FileNotFoundError)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return
    if not stat.S_ISREG(st.st_mode):
        raise ValueError(f"{path} is {kind_of(st.st_mode)}, not a file to read")


def write_bytes_atomic(path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically; refuses (NotARegularFile) when ``path`` exists and
    is not a regular file. Creates missing parent folders."""
    path = Path(path)
    refuse_unless_regular(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o666)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        refuse_unless_regular(path)         # again, just before the rename
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write_text_atomic(path, text: str) -> None:
    """``write_bytes_atomic`` of UTF-8 text."""
    write_bytes_atomic(path, text.encode("utf-8"))


def write_json_atomic(path, obj) -> None:
    """``obj`` as indented JSON with a final newline, written atomically."""
    write_text_atomic(path, json.dumps(obj, indent=1) + "\n")
