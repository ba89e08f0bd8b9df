"""Requests ask what they say: unknown keys are refused, in every op, naming the key and the
closest known one; and the red-team rows of the JSON API and the command line."""
import os
import subprocess
import sys

import pytest

import engine_oracle as orc
from bad_inputs import BASE
import riskodds.interfaces.api as api
from enginehelpers import forbid_work
from riskodds.interfaces.describe import REQUEST_FIELDS

VALID = {**BASE, "describe": {},            # one valid request per op
         "plan": {"attackers": 10, "targets": "Brazil 3 > Peru 2", "convention": "territory"}}


def test_every_op_has_a_valid_request_here():
    assert set(VALID) == set(REQUEST_FIELDS)
    for op, params in VALID.items():
        assert api.handle(op, params)["ok"], op


@pytest.mark.parametrize("op", sorted(VALID))
def test_a_typo_is_refused_and_named(op):
    """{"defend_dices": 3} used to answer the standard battle with ok: true."""
    with forbid_work():
        res = api.handle(op, {**VALID[op], "defend_dices": 3})
    assert not res["ok"], res
    msg = res["error"]["message"]
    assert "'defend_dices'" in msg
    if "defend_dice" in REQUEST_FIELDS[op]:     # describe and reinforcements take no rule: nothing is close
        assert "did you mean 'defend_dice'?" in msg, msg


@pytest.mark.parametrize("op", sorted(VALID))
def test_keys_nobody_knows_are_refused_with_the_list(op):
    res = api.handle(op, {**VALID[op], "colour": "red"})
    assert not res["ok"] and "'colour'" in res["error"]["message"]
    assert res["error"]["field"] == "colour"


def test_a_campaign_territory_refuses_unknown_keys_too():
    res = api.handle("campaign", {**VALID["campaign"], "territories": [2, {"defenders": 3, "defend_dices": 3}]})
    assert not res["ok"] and res["error"]["field"] == "territories"
    assert "territories[1]" in res["error"]["message"] and "defend_dice" in res["error"]["message"]
    ok = api.handle("campaign", {**VALID["campaign"], "territories": [2, {"defenders": 3, "defend_dice": 3}]})
    assert ok["ok"]


def test_every_published_field_is_accepted():
    """The other direction: each field an op lists is a field it reads (no stale names)."""
    for op, fields in REQUEST_FIELDS.items():
        for name in fields:
            res = api.handle(op, {**VALID[op], name: None})     # null: "not given", for every field
            assert res["ok"] or "unknown field" not in res["error"]["message"], (op, name, res)


@pytest.mark.parametrize("detail", ["summary", "full"])
@pytest.mark.parametrize("mode", ["true-random", "balanced-blitz"])
@pytest.mark.parametrize("n_a,n_d", [(1, 3), (2, 1), (3, 4)])
def test_a_territory_table_has_max_attackers_rows(detail, mode, n_a, n_d):
    """max_attackers 1 on the territory used to give 2 rows (the second for 2 on the territory)."""
    res = api.handle("table", {"max_attackers": n_a, "max_defenders": n_d, "convention": "territory",
                               "detail": detail, "dice_mode": mode})
    assert res["ok"] and len(res["rows"]) == n_a and all(len(r) == n_d for r in res["rows"])
    assert all(c["float"] == 0.0 for c in res["rows"][0])           # one army cannot attack
    W = orc.backward_win(4)
    if mode == "true-random":
        for t in range(2, n_a + 1):
            assert [c["float"] for c in res["rows"][t - 1]] == [float(W[t - 1][d]) for d in range(1, n_d + 1)]
    assert len(res["equal_armies"]) == min(n_a, n_d)


def _cli(*args, pipe_to=None):
    env = {**os.environ, "PYTHONPATH": os.path.join(os.path.dirname(__file__), "..", "..", "pysite")}
    cmd = [sys.executable, "-m", "riskodds", *args]
    if pipe_to is None:
        return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120)
    producer = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    reader = subprocess.run(pipe_to, stdin=producer.stdout, capture_output=True, timeout=120)
    producer.stdout.close()
    err = producer.stderr.read().decode()
    return producer.wait(timeout=120), err, reader.stdout


def test_the_command_line_exits_quietly_when_the_reader_closes_the_pipe():
    """`riskodds campaign ... --json | head -c 300` printed a BrokenPipeError traceback."""
    code, err, out = _cli("campaign", "72", "22", "8", "2", "2", "--convention", "territory", "--json",
                          pipe_to=["head", "-c", "300"])
    assert len(out) == 300 and out.startswith(b"{")
    assert code == 141 and err == "", err          # 141: what a shell reports for SIGPIPE


def test_the_command_line_answer_is_whole_without_a_pipe():
    out = _cli("battle", "3", "2", "--convention", "attacking", "--exact")
    assert out.returncode == 0 and "exact: 6610505/10077696" in out.stdout
