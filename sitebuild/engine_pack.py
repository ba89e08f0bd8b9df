"""The exact engine (pysite/riskodds) as one zip that the worker unpacks into Pyodide's filesystem.

The browser runs the same code without its docstrings and comments (`shipped_source`): the
derivations above the code are for readers of the repository, and they are half the bytes every
visitor would download."""
import ast
from pathlib import Path

from .files import deterministic_zip, sorted_files

ENGINE_ASSET = "engine/riskodds.zip"


def without_docstrings(tree: ast.AST) -> ast.AST:
    """`tree` with the docstring of every module, class and function removed (in place)."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
    return tree


def shipped_source(text: str) -> str:
    """A module's source as the browser gets it: the same syntax tree, less docstrings and comments."""
    return ast.unparse(without_docstrings(ast.parse(text))) + "\n"


def engine_zip(engine_dir: Path) -> bytes:
    """Zip the package's .py files under 'riskodds/...' (no caches, no tests, fixed metadata)."""
    if not (engine_dir / "__init__.py").exists():
        raise SystemExit(f"engine package not found at {engine_dir}")
    prefix = engine_dir.name
    entries = [
        (f"{prefix}/{p.relative_to(engine_dir).as_posix()}", shipped_source(p.read_text()).encode())
        for p in sorted_files(engine_dir, suffixes={".py"})
    ]
    return deterministic_zip(entries)
