"""A package's layering, read from its source (shared by tests/engine/test_engine_layers.py and
tests/pipeline/test_pipeline_layers.py): every import statement, at module top or inside a
function, between the package's modules, resolved to the module it names; the layer each module
sits in (its sub-package); and the first import cycle, if any."""
import ast
import pathlib


class Layers:
    """The modules of package `package` (imported) and their imports, with `layers` its sub-packages
    from the bottom up."""

    def __init__(self, package, layers):
        self.root = pathlib.Path(package.__file__).parent
        self.name = package.__name__
        self.layers = list(layers)
        self.modules = {self.module_name(p): p for p in self.root.rglob("*.py") if "__pycache__" not in p.parts}

    def module_name(self, path):
        parts = list(path.relative_to(self.root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        return ".".join([self.name] + parts)

    def resolve(self, module, node):
        """The package's modules (or packages) an import statement in `module` names."""
        is_package = self.modules.get(module, pathlib.Path("x.py")).name == "__init__.py"
        if isinstance(node, ast.Import):
            return [a.name for a in node.names if a.name.split(".")[0] == self.name]
        base = module.split(".")
        if node.level:
            base = base[:len(base) - node.level + (1 if is_package else 0)]
            target = ".".join(base + ([node.module] if node.module else []))
        else:
            target = node.module or ""
        if target.split(".")[0] != self.name:
            return []
        out = []
        for alias in node.names:    # `from . import api` names a module; `from .x import f` does not
            sub = f"{target}.{alias.name}"
            out.append(sub if sub in self.modules else target)
        return out

    def graph(self):
        """{module: the modules it imports}."""
        edges = {}
        for module, path in self.modules.items():
            targets = set()
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    targets.update(t for t in self.resolve(module, node) if t in self.modules and t != module)
            edges[module] = targets
        return edges

    def layer(self, module):
        """The index of the layer a module sits in, or None (the package itself, __main__)."""
        parts = module.split(".")
        return self.layers.index(parts[1]) if len(parts) > 1 and parts[1] in self.layers else None

    def cycle(self, edges=None):
        """An import cycle as a list of modules, or None."""
        edges = self.graph() if edges is None else edges
        state = {}

        def visit(module, path):
            state[module] = "open"
            for target in sorted(edges[module]):
                if state.get(target) == "open":
                    return path + [target]
                if target not in state:
                    found = visit(target, path + [target])
                    if found:
                        return found
            state[module] = "done"
            return None
        for module in sorted(edges):
            if module not in state:
                found = visit(module, [module])
                if found:
                    return found
        return None

    def upward(self, edges=None):
        """Every import that does not point down the layers, as text."""
        edges = self.graph() if edges is None else edges
        bad = []
        for module, targets in edges.items():
            here = self.layer(module)
            if here is not None:            # the package itself and __main__ sit on top
                bad += [f"{module} imports {t}" for t in targets if self.layer(t) is None or self.layer(t) > here]
        return bad
