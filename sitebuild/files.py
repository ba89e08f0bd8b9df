"""Deterministic file helpers: sorted walks and fixed-metadata zips, so two builds are byte-identical."""
import io
import os
import zipfile
from pathlib import Path

ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)  # earliest date a zip can hold; no build time leaks in


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


def deterministic_zip(entries: list[tuple[str, bytes]]) -> bytes:
    """A zip whose bytes depend only on the (name, data) pairs: fixed dates, modes and order."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name, data in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=ZIP_EPOCH)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # unix, whatever the building OS
            zf.writestr(info, data, compresslevel=9)
    return buf.getvalue()


_on_write = None  # set by outdir.prepare: the output folder logs every file a build writes


def on_write(hook) -> None:
    """Call hook(path) after every write_bytes (None: stop)."""
    global _on_write
    _on_write = hook


def write_bytes(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    if _on_write:
        _on_write(path)
