"""The output folder: a build clears only what a build wrote, and never someone else's files.

Every file a build writes is logged, as it is written, in MANIFEST inside the folder (one
relative path a line), so even a build that stopped midway can be cleared exactly. Before the next
build those files go (and folders left empty); a folder holding anything else is refused with a
message before a single file is deleted, so `--out ~/Documents` cannot wipe documents, whatever
index.html or marker it holds. The refusal comes at the first foreign file found (`--out /usr`
does not walk /usr), and no message suggests deleting anything. A symbolic link is always foreign
(a build makes none), and while building, files.safe_write never writes through one: every folder
below the output folder is one the build made, every file it replaces a plain file. A folder that
cannot be made (below a file, a name too long, no permission) gets a one-line message too, never
a traceback.
"""
import contextlib
import os
from pathlib import Path

from . import files

MANIFEST = ".risk-odds-build"  # also names the format: "riskodds build v1" on the first line
HEADER = "riskodds build v1"


class OutDirError(SystemExit):
    """A folder we may not build into; the message says why and what to do."""


def recorded(root: Path) -> list[Path] | None:
    """Files a previous build logged writing under root (None: no valid manifest)."""
    manifest = root / MANIFEST
    if not manifest.is_file():
        return None
    lines = manifest.read_text(errors="replace").splitlines()
    if not lines or lines[0] != HEADER:
        return None
    out = []
    for rel in lines[1:]:
        path = (root / rel).resolve()
        if rel and root in path.parents:  # a tampered line must not reach outside the folder
            out.append(path)
    return out


def first_foreign(root: Path, known: set) -> str | None:
    """The first thing under root that is not in `known` (paths as written: a symbolic link is
    not its target, and is never followed), as "path" or "path (a link)"; None if there is none.
    Folders are entered, not counted; the walk stops at the first foreign entry, looking at a
    folder's own entries (in name order) before the folders inside it."""
    folders = [root]
    while folders:
        inside = []
        with os.scandir(folders.pop()) as entries:
            for entry in sorted(entries, key=lambda e: e.name):
                path = Path(entry.path)
                if entry.is_dir(follow_symlinks=False):
                    inside.append(path)
                elif entry.is_symlink() or path not in known:
                    rel = path.relative_to(root).as_posix()
                    return f"{rel} (a link)" if entry.is_symlink() else rel
        folders += reversed(inside)
    return None


def clear(root: Path) -> None:
    """Remove what earlier builds wrote under root; if anything else is there, refuse before
    deleting a single file."""
    ours = recorded(root)  # None: no manifest of ours (a stray file of that name is someone else's)
    known = set() if ours is None else {*ours, root / MANIFEST}
    foreign = first_foreign(root, known)
    if foreign:
        raise OutDirError(f"refusing to build into {root}: it holds files no build wrote (the first "
                          f"found: {foreign}). Choose an empty or new folder.")
    if ours is None:
        return
    for path in set(ours):
        if path.is_file() or path.is_symlink():
            path.unlink()
    (root / MANIFEST).unlink()
    # the folders our files were in, deepest first, if that left them empty
    folders = {d for p in ours for d in p.parents if root in d.parents}
    for folder in sorted(folders, key=lambda p: len(p.parts), reverse=True):
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()


@contextlib.contextmanager
def building(root: Path):
    """Build into root: cleared of earlier builds' files, every write logged; the manifest is
    tidied when the build succeeds and left as logged when it fails (the next build clears it)."""
    prepare(root)
    try:
        yield root
    except files.Refused as e:
        files.on_write(None)
        raise OutDirError(f"refusing to build into {root}: {e}") from None
    except BaseException:
        files.on_write(None)
        raise
    finish(root)


def prepare(root: Path) -> None:
    """Make root an empty folder for this build and start logging what the build writes."""
    try:
        _empty_folder(root)
    except OSError as e:  # a name too long, no permission, a read-only disk, ...
        raise OutDirError(f"cannot build into {root}: {e.strerror or e}") from None
    (root / MANIFEST).write_text(HEADER + "\n")
    files.on_write(lambda path: _log(root, path), root)


def _empty_folder(root: Path) -> None:
    existing = next(p for p in (root, *root.parents) if p.exists())  # the filesystem root exists
    if not existing.is_dir():
        raise OutDirError(f"cannot build into {root}: {existing} is a file, not a folder. "
                          "Choose a folder to build into.")
    if root.exists():
        clear(root)
    root.mkdir(parents=True, exist_ok=True)


def _log(root: Path, path: Path) -> None:
    path = Path(path).resolve()
    if root in path.parents:
        with open(root / MANIFEST, "a") as f:
            f.write(path.relative_to(root).as_posix() + "\n")


def finish(root: Path) -> None:
    """Stop logging; rewrite the manifest sorted, so two builds write the same bytes."""
    files.on_write(None)
    paths = sorted({p.relative_to(root).as_posix() for p in recorded(root) or []})
    (root / MANIFEST).write_text("\n".join([HEADER, *paths]) + "\n")
