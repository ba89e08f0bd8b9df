"""The exact engine (pysite/riskodds) as one zip that the worker unpacks into Pyodide's filesystem."""
from pathlib import Path

from .files import deterministic_zip, sorted_files

ENGINE_ASSET = "engine/riskodds.zip"


def engine_zip(engine_dir: Path) -> bytes:
    """Zip the package's .py files under 'riskodds/...' (no caches, no tests, fixed metadata)."""
    if not (engine_dir / "__init__.py").exists():
        raise SystemExit(f"engine package not found at {engine_dir}")
    prefix = engine_dir.name
    entries = [
        (f"{prefix}/{p.relative_to(engine_dir).as_posix()}", p.read_bytes())
        for p in sorted_files(engine_dir, suffixes={".py"})
    ]
    return deterministic_zip(entries)
