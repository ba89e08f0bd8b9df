"""Build the static site: pages, hashed assets, self-hosted Pyodide, packaged engine, dev server."""
import sys
from pathlib import Path

# The build computes the article's numbers with the engine itself (one source of truth).
_PYSITE = str(Path(__file__).resolve().parent.parent / "pysite")
if _PYSITE not in sys.path:
    sys.path.insert(0, _PYSITE)
