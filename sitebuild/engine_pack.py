"""The exact engine (pysite/riskodds) as archives that the worker unpacks into Pyodide's filesystem.

An archive is a gzipped tar (Pyodide's "gztar"): one compressed stream over every module, so the
modules' shared words are stored once (a zip compresses each file alone: 58 KB against 45 KB).

The browser runs the same code without its docstrings and comments (`shipped_source`): the
derivations above the code are for readers of the repository, and they are half the bytes every
visitor would download.

The engine comes in parts (riskodds.facts.limits.ENGINE_PARTS): "main", which every page's worker
loads (and the heap snapshot holds), and parts such as "turn" (the turn planner) whose modules the
worker fetches and unpacks the first time one of their ops is asked. Every module is in exactly
one part, but the command line (NOT_SHIPPED), which no browser runs."""
import ast
from pathlib import Path

from .files import deterministic_tgz, sorted_files

ENGINE_ASSET = "engine/riskodds.tgz"
FORMAT = "gztar"        # as pyodide.unpackArchive names it


def part_asset(name: str) -> str:
    """The asset path of an engine part's archive ("engine/riskodds-turn.tgz")."""
    return f"engine/riskodds-{name}.tgz"


def parts() -> dict:
    """{part: {"ops": [...], "modules": [paths relative to the package], "warm": {"op", "params"}}}: the engine's own list."""
    from riskodds.facts.limits import ENGINE_PARTS
    return ENGINE_PARTS


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


def engine_files(engine_dir: Path, part: str = "all") -> list[tuple[str, bytes]]:
    """The package's .py files as shipped, [('riskodds/...', source)] (no caches, no tests):
    every module ("all"), the modules no part claims ("main"), or one part's ("turn"); "main" and
    the parts leave out what browsers never run (NOT_SHIPPED: the command line)."""
    if not (engine_dir / "__init__.py").exists():
        raise SystemExit(f"engine package not found at {engine_dir}")
    from riskodds.facts.limits import NOT_SHIPPED
    claimed = {m: name for name, p in parts().items() for m in p["modules"]}
    claimed.update({m: None for m in NOT_SHIPPED})
    prefix = engine_dir.name
    entries = []
    for p in sorted_files(engine_dir, suffixes={".py"}):
        rel = p.relative_to(engine_dir).as_posix()
        if part == "all" or claimed.get(rel, "main") == part:
            entries.append((f"{prefix}/{rel}", shipped_source(p.read_text()).encode()))
    return entries


def engine_archive(engine_dir: Path, part: str = "all") -> bytes:
    """engine_files(engine_dir, part) as a gzipped tar whose bytes depend only on them."""
    return deterministic_tgz(engine_files(engine_dir, part))
