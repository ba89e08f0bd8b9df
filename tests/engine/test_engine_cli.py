"""The command line: human output, --json (the API's own answer), table files, and clear errors."""
import errno
import io
import json
import os
from fractions import Fraction

import pytest

import riskodds as ro
from riskodds.interfaces.cli import run


def cli(*args):
    out = io.StringIO()
    code = run(list(args), out=out)
    return code, out.getvalue()


def test_battle_json_is_the_exact_engine_answer():
    code, text = cli("battle", "75", "10", "--convention", "attacking", "--json")
    r = json.loads(text)
    assert code == 0 and r["ok"]
    assert Fraction(int(r["loss"]["num"]), int(r["loss"]["den"])) == ro.battle(75, 10, convention="attacking").loss


def test_battle_human_output_names_the_convention_and_the_odds():
    code, text = cli("battle", "75", "10", "--convention", "attacking")
    b = ro.battle(75, 10, convention="attacking")
    assert code == 0
    assert "75 v 10 (attacking armies)" in text
    assert f"1 in {1 / float(b.loss):,.0f}" in text   # P(all 75 die) as odds
    assert f"1 - {float(1 - b.win):.4g}" in text       # P(win) near 1 is shown as 1 - x


def test_capital_flag_and_needed():
    code, text = cli("needed", "10", "0.95", "--convention", "territory", "--capital", "--json")
    want = ro.troops_needed(10, Fraction(95, 100), convention="territory", rules=ro.CAPITAL)
    assert code == 0 and json.loads(text)["needed"] == want
    code, text = cli("needed", "10", "0.95", "--convention", "territory")
    assert text.startswith("19 attackers (territory)")


def test_campaign_and_path():
    code, text = cli("campaign", "72", "22", "8", "2", "--convention", "territory", "--json")
    r = json.loads(text)
    assert Fraction(int(r["win"]["num"]), int(r["win"]["den"])) == ro.campaign(72, [22, 8, 2], convention="territory").win
    code, text = cli("path", "1000", "1", "0", "1", "--convention", "attacking")
    assert code == 0 and "below the float range" in text


def test_table_and_needed_table_files(tmp_path):
    csv = tmp_path / "grid.csv"
    code, _ = cli("table", "6", "--csv", str(csv), "--convention", "attacking")
    rows = csv.read_text().splitlines()
    grid = ro.win_grid(6)
    assert code == 0 and rows[1].split(",")[1:] == [f"{f.numerator}/{f.denominator}" for f in grid[1][1:]]
    code, _ = cli("needed-table", "--max-defenders", "10", "--out-dir", str(tmp_path))
    line = (tmp_path / "troops-needed-standard-territory.csv").read_text().splitlines()[10]
    header = (tmp_path / "troops-needed-standard-territory.csv").read_text().splitlines()[0].split(",")
    assert line.split(",")[header.index("p>=0.95")] == "19"   # reference: D = 10, p = .95 -> 19


@pytest.mark.parametrize("args,needle", [
    (("battle", "0", "10", "--convention", "attacking"), "attackers must be"),
    (("needed", "10", "150", "--convention", "territory"), "p must be a probability"),
    (("table", "0", "--csv", "x.csv", "--convention", "attacking"), "n must be"),
    (("table", "5", "--csv", "/nonexistent/dir/x.csv", "--convention", "attacking"), "No such file"),
    (("battle", "5", "3", "--convention", "attacking", "--defend-dice", "4"), "defend_dice must be"),
])
def test_bad_input_is_a_message_not_a_traceback(args, needle):
    code, text = cli(*args)
    assert code == 2 and text.startswith("error: ") and needle in text


def test_ctrl_c_is_one_line_and_exit_130(tmp_path):
    """Ctrl-C during a long table: exit status 130 and one line on stderr, no traceback."""
    import os
    import sys
    from interrupts import interrupt_when_ready
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ, PYTHONPATH=os.path.join(root, "pysite"))
    # the command line as `python -m riskodds` runs it, with a line once its imports are done:
    # the signal lands in the table (1000 x 1000 takes a minute), not in the imports
    start = "import sys, riskodds.interfaces.cli as c; print('ready', file=sys.stderr, flush=True); sys.exit(c.run())"
    code, out, err = interrupt_when_ready(
        [sys.executable, "-c", start, "table", "1000", "--csv", str(tmp_path / "t.csv"), "--convention", "attacking"],
        lambda err: "ready" in err, env=env)
    assert code == 130, (out, err)
    assert err.split() == ["ready", "interrupted"] and "Traceback" not in err


def test_time_budget_flag_refuses_with_the_limit():
    code, text = cli("battle", "4000", "4000", "--convention", "attacking", "--time-budget", "0.5")
    assert code == 2 and "time_budget_s" in text and "0.5 s" in text
    code, text = cli("battle", "40", "40", "--convention", "attacking", "--time-budget", "0.5")
    assert code == 0 and "P(win)" in text


@pytest.mark.parametrize("args", [
    ("battle", "1_0", "3"), ("battle", "１０", "3"), ("battle", "10", "٣"), ("battle", "10", " 3"),
    ("campaign", "10", "3", "２"), ("battle", "10", "3", "--attack-dice", "３"),
    ("battle", "10", "3", "--retreat-at", "1_0"), ("needed", "1_0", "0.5"),
])
def test_a_number_is_the_digits_0_to_9_as_everywhere(capsys, args):
    """Issue 25, row 5: argparse's int() read "1_0" and "１０" as 10, which the JSON and Python APIs
    refuse. The command line reads numbers by the engine's rule: refused, exit 2, no answer."""
    with pytest.raises(SystemExit) as info:
        cli(*args, "--convention", "attacking")
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "must be a whole number" in err and "digits 0-9" in err and "Traceback" not in err


@pytest.mark.parametrize("value", ["inf", "Infinity", "nan", "1e999", "1_0"])
def test_a_budget_is_a_finite_number(capsys, value):
    """Issue 25: --time-budget inf switched the cost guard off (a 4000 v 4000 battle would run)."""
    try:            # refused by argparse (not a number) or by the engine (not finite)
        code, out = cli("battle", "4000", "4000", "--convention", "attacking", "--time-budget", value)
    except SystemExit as e:
        code, out = e.code, ""
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err + out
    assert out.startswith("error: time_budget_s must be a positive number") or "argument --time-budget" in err


class FullDisk:
    """An output that raises what a full disk raises (as `> /dev/full` does) on write or flush."""

    def write(self, text):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def flush(self):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize("args", [("battle", "10", "3", "--convention", "attacking"), ("describe",),
                                  ("battle", "0", "3", "--convention", "attacking")])
def test_a_full_disk_is_one_error_line_and_exit_2(capsys, args):
    """Issue 25, row 9: a traceback and exit 1 before."""
    code = run(list(args), out=FullDisk())
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and err.startswith("error: ") and "No space left" in err, err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_a_full_disk_from_the_shell(tmp_path):
    """The command itself with stdout on /dev/full: one line on stderr, exit 2, nothing at exit."""
    import subprocess
    import sys
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ, PYTHONPATH=os.path.join(root, "pysite"))
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "riskodds", "battle", "10", "3", "--convention", "attacking"],
                              stdout=full, stderr=subprocess.PIPE, text=True, env=env, timeout=60)
    assert proc.returncode == 2 and proc.stderr.splitlines() == ["error: cannot write the output: No space left on device"]


def test_plan_exact_prints_the_fraction_alone_on_its_line():
    """Issue 25: " with the best plan" used to follow the exact fraction."""
    code, text = cli("plan", "10", "A 1 > B 2", "--convention", "territory", "--exact")
    p = ro.plan(10, "A 1 > B 2", convention="territory")
    lines = text.splitlines()
    assert code == 0 and lines[0].startswith("P(take all 2) with the best plan = ")
    assert lines[1].strip() == f"exact: {p.win.numerator}/{p.win.denominator}"
