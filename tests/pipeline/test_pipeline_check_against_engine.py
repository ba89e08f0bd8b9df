"""The NumPy backend against the exact engine (statistical, fixed seeds, so deterministic), and
proof that the validator catches the biased ((r >> k) & 7) % 6 dice of earlier work."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gpu_pipeline.backends.numpy_backend import simulate_range
from gpu_pipeline.records.results import SimulationResult
from gpu_pipeline.rounds.spec import BattleSpec, RoundRules
from gpu_pipeline.runs.check_against_engine import check_against_engine
from pipeline_biased import biased_round

ROOT = Path(__file__).resolve().parents[2]


def result_of(spec, seed, runs, **kw):
    hist = simulate_range(spec, seed, 0, runs, **kw)
    return SimulationResult(spec, seed, hist.tolist(), [[0, runs]], [0, runs])


CASES = [
    (BattleSpec(75, 10, "attacking", mode="outcome"), 600_000),
    (BattleSpec(75, 10, "attacking", mode="dice"), 300_000),
    (BattleSpec(3, 2, "attacking", mode="dice"), 200_000),
    (BattleSpec(16, 14, "territory", RoundRules(defend_dice=3), retreat_at=4, defender_goal=2,
                mode="dice"), 100_000),
    (BattleSpec(10, 10, "attacking", RoundRules(ties="attacker", defender_bonus="highest",
                                                defend_faces=8), mode="outcome"), 100_000),
    (BattleSpec(10, 10, "attacking", RoundRules(ties="attacker", defender_bonus="highest",
                                                defend_faces=8), mode="dice"), 100_000),
]


@pytest.mark.parametrize("spec,runs", CASES, ids=lambda x: getattr(x, "mode", str(x)))
def test_numpy_backend_agrees_with_exact_engine(engine, spec, runs):
    rep = check_against_engine(result_of(spec, 20260101, runs))
    assert rep.passed, rep.summary()
    assert rep.p_value > 1e-6 and rep.max_abs_z < 5.5 and not rep.impossible
    assert rep.dof >= 3


def test_3v2_win_probability_close_to_exact(engine):
    # P(win) from 3 v 2 = 6610505/10077696 (risk-reference.md): 4.5 sigma band on 2e5 runs
    spec = BattleSpec(3, 2, "attacking", mode="outcome")
    res = result_of(spec, 3, 200_000)
    wins = sum(c for (a, d), c in res.end_state_counts().items() if d == 0)
    p = 6610505 / 10077696
    sd = (p * (1 - p) / res.runs) ** 0.5
    assert abs(wins / res.runs - p) < 4.5 * sd


def test_validator_catches_biased_dice(engine):
    spec = BattleSpec(75, 10, "attacking", mode="dice")
    fair = check_against_engine(result_of(spec, 11, 1_000_000))
    biased = check_against_engine(result_of(spec, 11, 1_000_000, round_hook=biased_round))
    assert fair.passed, fair.summary()
    assert not biased.passed
    assert biased.p_value < 1e-30, biased.summary()  # fails by a huge margin, not by luck


def test_validator_catches_impossible_and_wrong_totals(engine):
    spec = BattleSpec(3, 2, "attacking", mode="dice")
    res = result_of(spec, 1, 10_000)
    i = spec.end_states.index((3, 0))
    j = spec.end_states.index((0, 0))  # terminal, but no round can empty both sides
    res.counts[j] += 1
    res.counts[i] -= 1
    rep = check_against_engine(res)
    assert not rep.passed and rep.impossible == [(0, 0)]


def test_validate_cli_exit_status(tmp_path, engine):
    spec = BattleSpec(75, 10, "attacking", mode="dice")
    bad = result_of(spec, 11, 1_000_000, round_hook=biased_round)
    path = tmp_path / "biased.json"
    bad.save(path)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "pysite"), str(ROOT)]))
    p = subprocess.run([sys.executable, "-m", "gpu_pipeline", "validate", str(path), "--json"],
                       capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    assert p.returncode == 1
    assert json.loads(p.stdout)["passed"] is False
