"""Where the build reads from. One place so tests and the bench agree with build.py."""
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE_SRC = ROOT / "site_src"
TEMPLATES = SITE_SRC / "templates"
ENGINE_SRC = ROOT / "pysite" / "riskodds"
PYODIDE_PKG = ROOT / "node_modules" / "pyodide"
NETLIFY_TOML = ROOT / "netlify.toml"
DEFAULT_OUT = ROOT / "dist"
