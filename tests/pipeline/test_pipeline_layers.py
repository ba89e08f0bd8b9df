"""The pipeline's layering, read from its source: every import statement (at module top or inside
a function) between gpu_pipeline modules, resolved to the module it names. No cycle, every
module sits in one layer's sub-package, and every import points down the layers that the package
docstring lists (the same list as LAYERS here, written separately)."""
import ast
import pathlib
import re

import gpu_pipeline

ROOT = pathlib.Path(gpu_pipeline.__file__).parent
PACKAGE = "gpu_pipeline"
LAYERS = ["streams", "rounds", "records", "backends", "runs", "rare_events", "evidence",
          "command_line"]


def module_name(path):
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([PACKAGE] + parts)


MODULES = {module_name(p): p for p in ROOT.rglob("*.py")}


def resolve(module, node, modules=MODULES):
    """The gpu_pipeline modules (or packages) an import statement in ``module`` names."""
    is_package = modules.get(module, pathlib.Path("x.py")).name == "__init__.py"
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name.split(".")[0] == PACKAGE]
    base = module.split(".")
    if node.level:
        base = base[:len(base) - node.level + (1 if is_package else 0)]
        target = ".".join(base + ([node.module] if node.module else []))
    else:
        target = node.module or ""
    if target.split(".")[0] != PACKAGE:
        return []
    out = []
    for alias in node.names:   # `from . import spec` names a module; `from .spec import f` does not
        sub = f"{target}.{alias.name}"
        out.append(sub if sub in modules else target)
    return out


def graph():
    edges = {}
    for module, path in MODULES.items():
        targets = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                targets.update(t for t in resolve(module, node) if t in MODULES and t != module)
        edges[module] = targets
    return edges


def layer(module):
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else None


def test_the_graph_is_read_from_the_source():
    edges = graph()
    # a top-level import and one inside a function (runner.make_backend imports the backends)
    assert "gpu_pipeline.streams.philox" in edges["gpu_pipeline.streams.schedule"]
    assert "gpu_pipeline.backends.host_shim" in edges["gpu_pipeline.runs.runner"]
    assert "gpu_pipeline.rounds.legacy_model" in edges["gpu_pipeline.backends.kernel_source"]
    assert len(edges) >= 30


def test_every_module_sits_in_a_layer():
    """No flat modules: only the package's __init__ and __main__ live at the top, and the
    sub-packages are exactly the layers."""
    top = sorted(p.name for p in ROOT.glob("*.py"))
    assert top == ["__init__.py", "__main__.py"]
    packages = sorted(p.parent.name for p in ROOT.glob("*/__init__.py"))
    assert packages == sorted(LAYERS)
    assert all(layer(m) is not None for m in MODULES if m not in (PACKAGE, f"{PACKAGE}.__main__"))


def test_the_docstring_lists_the_layers_in_order():
    doc = " ".join(gpu_pipeline.__doc__.split())
    chain = doc[doc.index("layered by job"):]
    names = [re.match(r"\s*(\w+)", piece).group(1)
             for piece in re.sub(r"\([^)]*\)", "", chain.split(":", 1)[1]).split("->")]
    assert names == LAYERS


def test_no_import_cycle():
    edges = graph()
    state = {}

    def visit(module, path):
        state[module] = "open"
        for target in sorted(edges[module]):
            assert state.get(target) != "open", "import cycle: " + " -> ".join(path + [target])
            if target not in state:
                visit(target, path + [target])
        state[module] = "done"
    for module in sorted(edges):
        if module not in state:
            visit(module, [module])


def test_every_import_points_down_the_layers():
    bad = []
    for module, targets in graph().items():
        here = layer(module)
        if here is None:                    # the package itself and __main__ sit on top
            continue
        bad += [f"{module} imports {t}" for t in targets
                if layer(t) is None or layer(t) > here]
    assert not bad, "\n".join(bad)


def test_an_upward_import_would_be_seen():
    """The checker itself: a function-level import of the command line from a round table
    resolves to that module, which sits above it."""
    node = ast.parse("def f():\n    from ..command_line import cli\n").body[0].body[0]
    (target,) = resolve("gpu_pipeline.rounds.spec", node)
    assert target == "gpu_pipeline.command_line.cli"
    assert layer(target) > layer("gpu_pipeline.rounds.spec")
    node = ast.parse("from ..records.results import merge\n").body[0]
    assert resolve("gpu_pipeline.runs.cluster", node) == ["gpu_pipeline.records.results"]
