"""The engine's layering, read from its source (tests/layering.py): every import statement (at module
top or inside a function) between riskodds modules, resolved to the module it names. No cycle, and
every import points down the layers the package docstring lists."""
import ast
import sys
from pathlib import Path

import riskodds

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from layering import Layers  # noqa: E402

ENGINE = Layers(riskodds, ["facts", "maths", "checks", "guards", "algorithms", "answers", "interfaces"])


def test_the_graph_is_read_from_the_source():
    edges = ENGINE.graph()
    assert "riskodds.facts.limits" in edges["riskodds.checks.validate"]
    assert "riskodds.interfaces.describe" in edges["riskodds.interfaces.api"]
    assert "riskodds.answers.turn" in edges["riskodds.interfaces.api"]          # imported inside a function
    assert len(edges) >= 30 and all(ENGINE.layer(m) is not None for m in edges if m.count(".") >= 2)


def test_no_import_cycle():
    assert ENGINE.cycle() is None, " -> ".join(ENGINE.cycle())


def test_every_import_points_down_the_layers():
    bad = ENGINE.upward()
    assert not bad, "\n".join(bad)


def test_a_cycle_and_an_upward_import_would_be_seen():
    """The checker itself: a function-level import resolves to the module it names, and a hand-made
    graph with a cycle and an upward edge is caught."""
    node = ast.parse("def f():\n    from ..answers import battle\n").body[0].body[0]
    assert ENGINE.resolve("riskodds.checks.validate", node) == ["riskodds.answers.battle"]
    edges = {"riskodds.checks.validate": {"riskodds.answers.battle"}, "riskodds.answers.battle": {"riskodds.checks.validate"}}
    assert ENGINE.cycle(edges) == ["riskodds.answers.battle", "riskodds.checks.validate", "riskodds.answers.battle"]
    assert ENGINE.upward(edges) == ["riskodds.checks.validate imports riskodds.answers.battle"]
