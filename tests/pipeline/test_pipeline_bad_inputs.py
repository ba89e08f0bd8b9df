"""The pipeline's bad-input matrix: every row is a command line, the exit status it must give
and a fragment of the one-line message it must print (never a traceback, never a hang).

Exit status: 2 = usage error (argparse, or an output path that is not a regular file:
test_pipeline_output_paths.py), 1 = refused input / unreadable file / failed
validation. ``{name}`` in an argument is a file made by the ``files`` fixture. Rows marked
``HANG`` run in a subprocess with a timeout: they are the ones that used to run for minutes.
"""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gpu_pipeline.command_line.cli import main
from gpu_pipeline.records.results import SimulationResult
from gpu_pipeline.rounds.spec import MAX_GRID_CELLS, BattleSpec
from gpu_pipeline.rounds.spec import LIMITS

ROOT = Path(__file__).resolve().parents[2]
SIM = ["simulate", "-a", "5", "-d", "3", "--backend", "numpy", "--workers", "1", "--no-progress"]
RARE = ["rare", "-a", "5", "-d", "3", "--backend", "numpy", "--workers", "1", "--no-progress"]
HANG = "hang"
# resumes from a checkpoint of the ``good`` file's battle (5 v 3, dice, seed 3, 40 runs)
CHECKPOINT = SIM + ["--runs", "40", "--seed", "3", "--mode", "dice", "--checkpoint"]

ROWS = [
    # --- simulate: run counts
    ("runs-infinity", SIM + ["--runs", "Infinity"], 2, "not a finite number"),
    ("runs-snan", SIM + ["--runs", "sNaN"], 2, "not a finite number"),
    ("runs-nan", SIM + ["--runs", "NaN"], 2, "not a finite number"),
    ("runs-huge-exponent", SIM + ["--runs", "1e999999"], 2, "too large"),
    ("runs-2e64", SIM + ["--runs", "2e64"], 2, "too large"),
    ("runs-fraction", SIM + ["--runs", "1.5"], 2, "not a whole number"),
    ("runs-zero", SIM + ["--runs", "0"], 2, "below the minimum 1"),
    ("runs-negative", SIM + ["--runs", "-5"], 2, "below the minimum 1"),
    ("runs-word", SIM + ["--runs", "many"], 2, "not a number"),
    ("runs-superscript", SIM + ["--runs", "²"], 2, "not a number"),
    # --- simulate: shards
    ("shard-more-than-runs", SIM + ["--runs", "3", "--shard", "5/10"], 1,
     "3 runs cannot be split into 10 shards"),
    ("shard-out-of-range", SIM + ["--runs", "10", "--shard", "2/2"], 2, "0 <= i < n"),
    ("shard-zero-parts", SIM + ["--runs", "10", "--shard", "0/0"], 2, "0 <= i < n"),
    ("shard-garbage", SIM + ["--runs", "10", "--shard", "half"], 2, "i/n"),
    ("cluster-shards-more-than-runs", SIM + ["--runs", "3", "--cluster", "tcp://nowhere:1",
                                             "--cluster-shards", "4"], 1, "into 4 shards"),
    # --- simulate: armies and rules
    ("attackers-1e9", ["simulate", "-a", "1e9", "-d", "3", "--runs", "10", "--backend", "numpy"],
     1, f"attackers must be a whole number from 1 to {LIMITS['max_armies']:,}", HANG),
    ("defenders-1e9", ["simulate", "-a", "5", "-d", "1e9", "--runs", "10", "--backend", "numpy"],
     1, "max_armies of the engine's limits", HANG),
    ("grid-too-large", ["simulate", "-a", "1e5", "-d", "1000", "--runs", "10", "--backend",
                        "numpy"], 1, f"limit of {MAX_GRID_CELLS:,}", HANG),
    ("attackers-1e999999", ["simulate", "-a", "1e999999", "-d", "3", "--runs", "10"], 2,
     "too large", HANG),
    ("attackers-zero", SIM[:1] + ["-a", "0", "-d", "3", "--runs", "10"], 1, "attackers must be"),
    ("territory-one-army", SIM[:1] + ["-a", "1", "-d", "3", "--runs", "10", "--convention",
                                      "territory"], 1, "attackers must be a whole number from 2"),
    ("defenders-zero", SIM[:1] + ["-a", "5", "-d", "0", "--runs", "10"], 1, "defenders must be"),
    ("attackers-fraction", SIM[:1] + ["-a", "2.5", "-d", "3", "--runs", "10"], 2,
     "not a whole number"),
    ("attack-dice-4", SIM + ["--runs", "10", "--attack-dice", "4"], 1, "attack_dice must be"),
    ("defend-dice-0", SIM + ["--runs", "10", "--defend-dice", "0"], 1, "defend_dice must be"),
    ("faces-1", SIM + ["--runs", "10", "--attack-faces", "1"], 1, "attack_faces must be"),
    ("faces-above-engine-limit", SIM + ["--runs", "10", "--defend-faces",
                                        str(LIMITS["max_faces"] + 1)], 1,
     f"defend_faces must be a whole number from {LIMITS['min_faces']} to {LIMITS['max_faces']}"),
    ("ties-nobody", SIM + ["--runs", "10", "--ties", "nobody"], 2, "invalid choice"),
    ("retreat-above-attackers", SIM + ["--runs", "10", "--retreat-at", "5"], 1, "retreat_at"),
    ("goal-equal-defenders", SIM + ["--runs", "10", "--defender-goal", "3"], 1, "defender_goal"),
    # --- simulate: machinery
    ("workers-zero", SIM[:-3] + ["--runs", "10", "--workers", "0"], 2, "below the minimum 1"),
    ("workers-negative", SIM[:-3] + ["--runs", "10", "--workers", "-2"], 2, "below the minimum"),
    ("block-zero", SIM + ["--runs", "10", "--block", "0"], 2, "below the minimum 1"),
    ("runs-per-thread-zero", SIM + ["--runs", "10", "--runs-per-thread", "0"], 2, "minimum 1"),
    ("max-batch-zero", SIM + ["--runs", "10", "--max-batch", "0"], 2, "below the minimum 1"),
    ("checkpoint-every-nan", SIM + ["--runs", "10", "--checkpoint-every", "nan"], 2, "not in"),
    ("checkpoint-every-negative", SIM + ["--runs", "10", "--checkpoint-every", "-1"], 2, "not in"),
    ("seed-negative", SIM + ["--runs", "10", "--seed", "-1"], 2, "below the minimum 0"),
    ("seed-2e64", SIM + ["--runs", "10", "--seed", str(2 ** 64)], 2, "too large"),
    ("backend-unknown", SIM[:5] + ["--backend", "tpu", "--runs", "10"], 2, "invalid choice"),
    ("out-is-a-folder", SIM + ["--runs", "10", "--out", "{folder}"], 2, "is a folder"),
    ("checkpoint-not-a-result", SIM + ["--runs", "10", "--checkpoint", "{not_json}"], 1,
     "not a JSON file"),
    ("checkpoint-raised-count", CHECKPOINT + ["{raised_count}"], 1, "inconsistent"),
    ("checkpoint-bool-count", CHECKPOINT + ["{bool_count}"], 1, "count True is not a whole"),
    ("checkpoint-empty-end-states", CHECKPOINT + ["{empty_end_states}"], 1, "inconsistent"),
    ("checkpoint-of-another-battle", SIM + ["--runs", "10", "--checkpoint", "{good}"], 1,
     "belongs to a different run"),
    # --- merge
    ("merge-missing-file", ["merge", "{missing}", "--out", "{new}"], 1, "No such file"),
    ("merge-not-json", ["merge", "{not_json}", "--out", "{new}"], 1, "not a JSON file"),
    ("merge-json-list", ["merge", "{json_list}", "--out", "{new}"], 1,
     "not a riskodds-simulation result file"),
    ("merge-missing-key", ["merge", "{no_runs_key}", "--out", "{new}"], 1, "damaged result file"),
    ("merge-tampered-count", ["merge", "{tampered}", "--out", "{new}"], 1, "inconsistent"),
    ("merge-negative-count", ["merge", "{negative}", "--out", "{new}"], 1, "whole number >= 0"),
    ("merge-string-count", ["merge", "{string_count}", "--out", "{new}"], 1, "whole number >= 0"),
    ("merge-unknown-rule", ["merge", "{unknown_rule}", "--out", "{new}"], 1, "damaged"),
    ("merge-bad-seed", ["merge", "{bad_seed}", "--out", "{new}"], 1, "seed must be in"),
    ("merge-raised-count", ["merge", "{raised_count}", "--out", "{new}"], 1,
     "inconsistent: its end-state counts sum to 41, runs = 40"),
    ("merge-duplicate-entry", ["merge", "{duplicate_entry}", "--out", "{new}"], 1,
     "inconsistent"),
    ("merge-bool-count", ["merge", "{bool_count}", "--out", "{new}"], 1,
     "count True is not a whole number"),
    ("merge-unknown-format-version", ["merge", "{version_2}", "--out", "{new}"], 1,
     "format_version 2"),
    ("merge-overlap", ["merge", "{good}", "{good}", "--out", "{new}"], 1, "overlap"),
    ("merge-other-battle", ["merge", "{good}", "{other}", "--out", "{new}"], 1,
     "can only merge"),
    ("merge-out-folder", ["merge", "{good}", "--out", "{folder}"], 2, "is a folder"),
    # --- validate
    ("validate-zero-runs", ["validate", "{zero}"], 1, "no runs to validate"),
    ("validate-missing", ["validate", "{missing}"], 1, "No such file"),
    ("validate-tampered", ["validate", "{tampered}"], 1, "inconsistent"),
    ("validate-raised-count", ["validate", "{raised_count}"], 1, "inconsistent"),
    ("validate-duplicate-entry", ["validate", "{duplicate_entry}"], 1, "inconsistent"),
    ("validate-empty-end-states", ["validate", "{empty_end_states}"], 1,
     "inconsistent: its end-state counts sum to 0, runs = 40"),
    ("validate-bool-count", ["validate", "{bool_count}"], 1, "count True is not a whole number"),
    ("validate-unknown-format-version", ["validate", "{version_2}"], 1, "format_version 2"),
    ("validate-binary", ["validate", "{binary}"], 1, "not a JSON file"),
    ("validate-alpha-zero", ["validate", "{good}", "--alpha", "0"], 2, "not in (0, 1]"),
    ("validate-alpha-nan", ["validate", "{good}", "--alpha", "nan"], 2, "not in"),
    ("validate-min-expected-negative", ["validate", "{good}", "--min-expected", "-1"], 2,
     "not in"),
    # --- rare (importance sampling)
    ("rare-event-unknown", RARE + ["--runs", "100", "--event", "win"], 1,
     "event must be 'loss' or 'lost-at-least:K'"),
    ("rare-event-k-zero", RARE + ["--runs", "100", "--event", "lost-at-least:0"], 1,
     "1 <= K <= 5"),
    ("rare-event-k-above-armies", RARE + ["--runs", "100", "--event", "lost-at-least:6"], 1,
     "1 <= K <= 5"),
    ("rare-event-k-word", RARE + ["--runs", "100", "--event", "lost-at-least:many"], 1,
     "K a whole number"),
    ("rare-event-impossible", RARE + ["--runs", "100", "--event", "loss", "--retreat-at", "3"],
     1, "impossible: with retreat_at 3"),
    ("rare-runs-one", RARE + ["--runs", "1", "--event", "loss"], 2, "below the minimum 2"),
    ("rare-runs-infinity", RARE + ["--runs", "inf", "--event", "loss"], 2, "not a finite"),
    ("rare-pilot-tiny", RARE + ["--runs", "100", "--event", "loss", "--pilot", "5"], 2,
     "below the minimum 100"),
    ("rare-mode-is-not-an-option", RARE + ["--runs", "100", "--event", "loss", "--mode", "dice"],
     2, "unrecognized arguments"),
    ("rare-workers-zero", RARE[:-3] + ["--runs", "100", "--event", "loss", "--workers", "0"], 2,
     "below the minimum 1"),
    ("rare-out-folder", RARE + ["--runs", "100", "--event", "loss", "--out", "{folder}"], 2,
     "is a folder"),
    ("rare-no-event", RARE + ["--runs", "100"], 2, "--event"),
    ("rare-legacy-dice-other-rules", RARE + ["--runs", "100", "--event", "loss", "--round-model",
                                             "legacy-kernel", "--attack-faces", "8"], 1,
     "standard rules only"),
    ("rare-round-model-unknown", RARE + ["--runs", "100", "--event", "loss", "--round-model",
                                         "loaded"], 2, "invalid choice"),
    # --- sweep (no GPU here)
    ("sweep-bad-runs", ["sweep", "-a", "5", "-d", "3", "--runs", "inf"], 2, "not a finite"),
    ("sweep-unknown-kernel", ["sweep", "-a", "5", "-d", "3", "--kernel", "fast"], 2,
     "invalid choice"),
    ("sweep-legacy-capital", ["sweep", "-a", "5", "-d", "3", "--kernel", "legacy",
                              "--defend-dice", "3"], 1, "standard rules only"),
    ("sweep-legacy-too-big", ["sweep", "-a", "500", "-d", "3", "--kernel", "legacy"], 1,
     "at most 127 attacking armies"),
    ("sweep-block-zero", ["sweep", "-a", "5", "-d", "3", "--blocks", "256,0"], 2,
     "below the minimum 1"),
    ("simulate-legacy-kernel", SIM + ["--runs", "10", "--kernel", "legacy"], 2, "invalid choice"),
    # --- evidence
    ("evidence-out-is-a-file", ["evidence", "--out", "{not_json}", "--profile", "cpu"], 2,
     "is a regular file, not a folder"),
    ("evidence-unknown-step", ["evidence", "--out", "{folder}", "--steps", "sweep,nap"], 2,
     "unknown step nap"),
    ("evidence-gpu-profile-without-gpu", ["evidence", "--out", "{folder}", "--profile", "gpu"],
     1, "visible GPU"),
    ("evidence-budget-negative", ["evidence", "--out", "{folder}", "--budget-s", "-1"], 2,
     "not in"),
    ("evidence-other-profile", ["evidence", "--out", "{gpu_evidence}", "--profile", "cpu"], 1,
     "holds a gpu profile run"),
]


def small_result(spec, runs=40, seed=3):
    from gpu_pipeline.backends.numpy_backend import simulate_range
    return SimulationResult(spec, seed, simulate_range(spec, seed, 0, runs).tolist(),
                            [[0, runs]], [0, runs])


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("bad_inputs")
    good = small_result(BattleSpec(5, 3, "attacking", mode="dice"))
    obj = good.to_json()
    paths = {"folder": d / "a_folder", "missing": d / "missing.json", "new": d / "new.json"}
    paths["folder"].mkdir()

    def write(name, content):
        paths[name] = d / f"{name}.json"
        if isinstance(content, bytes):
            paths[name].write_bytes(content)
        else:
            paths[name].write_text(content if isinstance(content, str) else json.dumps(content))

    write("good", obj)
    write("other", small_result(BattleSpec(6, 3, "attacking", mode="dice")).to_json())
    write("zero", SimulationResult(good.spec, 3, [0] * len(good.counts), [], [0, 40]).to_json())
    write("not_json", "{ this is not json")
    write("binary", b"\xff\xfe\x00garbage")
    write("json_list", [1, 2, 3])
    write("no_runs_key", {k: v for k, v in obj.items() if k != "runs"})
    write("tampered", dict(obj, runs=obj["runs"] + 1))
    write("negative", dict(obj, end_states=[dict(e, count=-e["count"]) for e in obj["end_states"]]))
    write("string_count", dict(obj, end_states=[dict(e, count=str(e["count"]))
                                                for e in obj["end_states"]]))
    write("unknown_rule", dict(obj, rules=dict(obj["rules"], lucky=True)))
    write("bad_seed", dict(obj, seed=-4))
    ends = obj["end_states"]
    write("raised_count", dict(obj, end_states=[dict(ends[0], count=ends[0]["count"] + 1)]
                               + ends[1:]))
    write("duplicate_entry", dict(obj, end_states=ends + ends[:1]))
    write("empty_end_states", dict(obj, end_states=[]))
    write("bool_count", dict(obj, end_states=[dict(ends[0], count=True)] + ends[1:]))
    write("version_2", dict(obj, format_version=2))
    (d / "gpu_evidence").mkdir()
    (d / "gpu_evidence" / "evidence.json").write_text(json.dumps(
        {"format": "riskodds-gpu-evidence", "format_version": 2, "profile": "gpu"}))
    paths["gpu_evidence"] = d / "gpu_evidence"
    return {k: str(v) for k, v in paths.items()}


def fill(argv, files):
    return [a.format(**files) if "{" in a else a for a in argv]


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
def test_bad_input(row, files, capsys, engine):
    name, argv, status, fragment, *flags = row
    argv = fill(argv, files)
    if HANG in flags:  # a real process with a deadline: a regression must not hang the suite
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "pysite"), str(ROOT)]))
        p = subprocess.run([sys.executable, "-m", "gpu_pipeline", *argv], capture_output=True,
                           text=True, env=env, cwd=ROOT, timeout=60)
        code, out, err = p.returncode, p.stdout, p.stderr
    else:
        try:
            code = main(argv)
        except SystemExit as e:  # argparse usage errors
            code = e.code
        out, err = capsys.readouterr()
    assert code == status, (out, err)
    assert fragment in out + err, (out, err)
    assert "Traceback" not in err
    assert not Path(files["new"]).exists()


def test_inconsistent_file_refused_under_python_O(files):
    """The check that counts sum to runs is no ``assert``: it holds under ``python -O`` too."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "pysite"), str(ROOT)]))
    p = subprocess.run([sys.executable, "-O", "-m", "gpu_pipeline", "validate",
                        files["raised_count"]], capture_output=True, text=True, env=env, cwd=ROOT,
                       timeout=60)
    assert p.returncode == 1 and p.stderr.startswith("error: ") and "inconsistent" in p.stderr
    assert "Traceback" not in p.stderr and len(p.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("argv", [SIM + ["--runs", "100"], ["validate", "{good}", "--json"]],
                         ids=["simulate", "validate-json"])
def test_reader_closing_the_pipe_ends_quietly(argv, files, engine):
    """``python -m gpu_pipeline ... | head -c 300``: the reader may close the pipe before the
    command has written. Here it is closed before the command starts (always a broken pipe,
    never a race): no traceback, no "Exception ignored", the status of a program ended by
    SIGPIPE (141), as a shell pipeline expects."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "pysite"), str(ROOT)]))
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        p = subprocess.run([sys.executable, "-m", "gpu_pipeline", *fill(argv, files)],
                           stdout=write_end, stderr=subprocess.PIPE, text=True, env=env,
                           cwd=ROOT, timeout=60)
    finally:
        os.close(write_end)
    assert p.stderr == "" and p.returncode == 141


def test_every_row_is_distinct():
    assert len({r[0] for r in ROWS}) == len(ROWS)
    assert len({tuple(r[1]) for r in ROWS}) == len(ROWS)
