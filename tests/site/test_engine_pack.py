"""The engine the browser runs is the repository's engine: the same syntax tree for every module,
less docstrings and comments (which halve the download)."""
import ast
import io
import zipfile

from sitebuild import paths
from sitebuild.engine_pack import engine_zip, without_docstrings


def test_every_module_ships_with_the_same_code():
    shipped = zipfile.ZipFile(io.BytesIO(engine_zip(paths.ENGINE_SRC)))
    sources = sorted(paths.ENGINE_SRC.rglob("*.py"))
    assert sorted(shipped.namelist()) == sorted(f"riskodds/{p.relative_to(paths.ENGINE_SRC).as_posix()}"
                                               for p in sources if "__pycache__" not in p.parts)
    for p in sources:
        original = p.read_text()
        text = shipped.read(f"riskodds/{p.relative_to(paths.ENGINE_SRC).as_posix()}").decode()
        assert ast.dump(ast.parse(text)) == ast.dump(without_docstrings(ast.parse(original))), p
        assert len(text) <= len(original)


def test_docstrings_go_but_strings_that_are_code_stay():
    tree = without_docstrings(ast.parse('"""doc"""\ndef f():\n    """doc"""\n    return "kept"\n'))
    assert ast.unparse(tree) == "def f():\n    return 'kept'"
