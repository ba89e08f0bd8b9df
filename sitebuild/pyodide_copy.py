"""Self-hosted Pyodide core, copied from the pinned npm package under a versioned path."""
import json
from pathlib import Path

from .files import write_bytes

CORE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


def pyodide_version(pkg_dir: Path) -> str:
    meta = pkg_dir / "package.json"
    if not meta.exists():
        raise SystemExit(f"{pkg_dir} is missing: run `npm ci` (./dev does it)")
    return json.loads(meta.read_text())["version"]


def pyodide_url(version: str) -> str:
    # The version is in the path, so these unhashed files can still be cached forever.
    return f"/pyodide/v{version}/"


def copy_pyodide(pkg_dir: Path, out_dir: Path) -> str:
    """Copy the core files; return the URL folder they are served from."""
    version = pyodide_version(pkg_dir)
    url = pyodide_url(version)
    for name in CORE_FILES:
        write_bytes(out_dir / url.strip("/") / name, (pkg_dir / name).read_bytes())
    return url
