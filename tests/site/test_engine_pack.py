"""The engine the browser runs is the repository's engine: the same syntax tree for every module,
less docstrings and comments (which halve the download)."""
import ast
import io
import tarfile

import subprocess
import sys

from sitebuild import paths
from sitebuild.engine_pack import engine_archive, engine_files, parts, without_docstrings


def test_every_module_ships_with_the_same_code():
    with tarfile.open(fileobj=io.BytesIO(engine_archive(paths.ENGINE_SRC)), mode="r:gz") as tar:
        shipped = {m.name: tar.extractfile(m).read() for m in tar.getmembers()}
    sources = sorted(paths.ENGINE_SRC.rglob("*.py"))
    assert sorted(shipped) == sorted(f"riskodds/{p.relative_to(paths.ENGINE_SRC).as_posix()}"
                                     for p in sources if "__pycache__" not in p.parts)
    for p in sources:
        original = p.read_text()
        text = shipped[f"riskodds/{p.relative_to(paths.ENGINE_SRC).as_posix()}"].decode()
        assert ast.dump(ast.parse(text)) == ast.dump(without_docstrings(ast.parse(original))), p
        assert len(text) <= len(original)


def test_docstrings_go_but_strings_that_are_code_stay():
    tree = without_docstrings(ast.parse('"""doc"""\ndef f():\n    """doc"""\n    return "kept"\n'))
    assert ast.unparse(tree) == "def f():\n    return 'kept'"


def test_the_parts_hold_every_module_once():
    """main + each part = every module but the command line, and no module in two of them."""
    from riskodds.facts.limits import NOT_SHIPPED
    every = {name for name, _ in engine_files(paths.ENGINE_SRC)}
    every -= {f"riskodds/{m}" for m in NOT_SHIPPED}
    names = ["main", *parts()]
    held = [{name for name, _ in engine_files(paths.ENGINE_SRC, n)} for n in names]
    assert set().union(*held) == every
    assert sum(len(h) for h in held) == len(every)
    turn = held[names.index("turn")]
    assert turn == {f"riskodds/{m}" for m in parts()["turn"]["modules"]}


def test_the_main_part_answers_alone_and_a_part_unpacked_later_adds_its_ops(tmp_path):
    """What the worker does: unpack main, import the API (no turn module loaded), answer; then unpack
    the turn part beside it and answer a turn."""
    main, turn = tmp_path / "main", tmp_path / "turn"
    tarfile.open(fileobj=io.BytesIO(engine_archive(paths.ENGINE_SRC, "main")), mode="r:gz").extractall(main)
    code = f"""
import importlib, json, sys, tarfile, io
sys.path.insert(0, {str(main)!r})
import riskodds.interfaces.api as api
assert not [m for m in sys.modules if m.endswith(("answers.turn", "algorithms.turn", "checks.position"))]
assert json.loads(api.call("battle", json.dumps({{"attackers": 3, "defenders": 2, "convention": "attacking"}})))["ok"]
tarfile.open(fileobj=io.BytesIO(sys.stdin.buffer.read()), mode="r:gz").extractall({str(main)!r})
importlib.invalidate_caches()
res = json.loads(api.call("reinforcements", json.dumps({{"position": {{"Brazil": {{"owner": "you", "armies": 1}}}}, "player": "you"}})))
print(res["reinforcements"])
"""
    env = {k: v for k, v in __import__("os").environ.items() if k != "PYTHONPATH"}   # only the unpacked engine
    out = subprocess.run([sys.executable, "-c", code], input=engine_archive(paths.ENGINE_SRC, "turn"),
                         capture_output=True, check=True, cwd=tmp_path, env=env)
    assert out.stdout.decode().strip() == "3", out.stderr
