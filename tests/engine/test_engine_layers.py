"""The engine's layering, read from its source: every import statement (at module top or inside
a function) between riskodds modules, resolved to the module it names. No cycle, and every
import points down the layers the package docstring lists."""
import ast
import pathlib

import riskodds

ROOT = pathlib.Path(riskodds.__file__).parent
LAYERS = ["facts", "maths", "checks", "guards", "algorithms", "answers", "interfaces"]


def module_name(path):
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(["riskodds"] + parts)


MODULES = {module_name(p): p for p in ROOT.rglob("*.py")}


def resolve(module, node):
    """The riskodds modules an import statement in `module` names."""
    is_package = MODULES[module].name == "__init__.py"
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name.split(".")[0] == "riskodds"]
    base = module.split(".")
    if node.level:
        base = base[:len(base) - node.level + (1 if is_package else 0)]
        target = ".".join(base + ([node.module] if node.module else []))
    else:
        target = node.module or ""
    if not target.startswith("riskodds"):
        return []
    out = []
    for alias in node.names:            # `from . import api` names a module; `from .x import f` does not
        sub = f"{target}.{alias.name}"
        out.append(sub if sub in MODULES else target)
    return out


def graph():
    edges = {}
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text())
        targets = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                targets.update(t for t in resolve(module, node) if t in MODULES and t != module)
        edges[module] = targets
    return edges


def layer(module):
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else None


def test_the_graph_is_read_from_the_source():
    edges = graph()
    assert "riskodds.facts.limits" in edges["riskodds.checks.validate"]
    assert "riskodds.interfaces.describe" in edges["riskodds.interfaces.api"]
    assert len(edges) >= 30 and all(layer(m) is not None for m in edges if m.count(".") >= 2)


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
    for module, targets in graph().items():
        here = layer(module)
        if here is None:                    # the package itself and __main__ sit on top
            continue
        for target in targets:
            assert layer(target) is not None and layer(target) <= here, f"{module} imports {target}"


def test_a_cycle_would_be_seen():
    """The checker itself: a hand-made graph with a cycle through a function-level import fails."""
    source = "def f():\n    from ..answers import battle\n"
    node = ast.parse(source).body[0].body[0]
    assert resolve("riskodds.checks.validate", node) == ["riskodds.answers.battle"]
