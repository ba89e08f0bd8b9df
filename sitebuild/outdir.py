"""The output folder: a build clears only what a build wrote, and never someone else's files.

Every file a build writes is logged, as it is written, in MANIFEST inside the folder (one
relative path a line), so even a build that stopped midway can be cleared exactly. Before the next
build those files go (and folders left empty); a folder holding anything else is refused with a
message before a single file is deleted, so `--out ~/Documents` cannot wipe documents, whatever
index.html or marker it holds. A folder that cannot be made (below a file, a name too long, no
permission) gets a one-line message too, never a traceback.
"""
import contextlib
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


def clear(root: Path) -> None:
    """Remove what earlier builds wrote under root; if anything else is there, refuse before
    deleting a single file."""
    ours = recorded(root)  # None: no manifest of ours (a stray file of that name is someone else's)
    known = set() if ours is None else {*ours, root / MANIFEST}
    # a path as written (a symbolic link is not its target), beside the manifest's resolved lines
    foreign = sorted(p.relative_to(root).as_posix() for p in root.rglob("*")
                     if not p.is_dir() and p.parent.resolve() / p.name not in known)
    if foreign:
        shown = ", ".join(foreign[:5]) + (f" and {len(foreign) - 5} more" if len(foreign) > 5 else "")
        raise OutDirError(f"refusing to build into {root}: it holds files no build wrote ({shown}). "
                          "Choose an empty or new folder; if it is a build from before build.py kept a "
                          f"manifest, delete it yourself (rm -r {root}).")
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
    files.on_write(lambda path: _log(root, path))


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
