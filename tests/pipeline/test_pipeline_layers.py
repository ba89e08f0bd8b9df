"""The pipeline's layering, read from its source (tests/layering.py): every import statement (at module top or inside
a function) between gpu_pipeline modules, resolved to the module it names. No cycle, every
module sits in one layer's sub-package, and every import points down the layers that the package
docstring lists (the same list as LAYERS here, written separately)."""
import ast
import re
import sys
from pathlib import Path

import gpu_pipeline

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from layering import Layers  # noqa: E402

PACKAGE = "gpu_pipeline"
PIPELINE = Layers(gpu_pipeline, ["streams", "rounds", "records", "backends", "runs", "rare_events", "evidence",
                                 "command_line"])
LAYERS, ROOT, MODULES = PIPELINE.layers, PIPELINE.root, PIPELINE.modules
graph, layer, resolve = PIPELINE.graph, PIPELINE.layer, PIPELINE.resolve


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
    assert PIPELINE.cycle() is None, " -> ".join(PIPELINE.cycle())


def test_every_import_points_down_the_layers():
    bad = PIPELINE.upward()
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
