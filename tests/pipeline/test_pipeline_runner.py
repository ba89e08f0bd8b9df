"""Exact totals, sharding + merge, checkpoint/resume after an interrupt, JSON round trip, CLI."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gpu_pipeline.backends.numpy_backend import NumpyBackend
from gpu_pipeline.records.results import SimulationResult, merge, normalize_ranges
from gpu_pipeline.runs.runner import shard_range, simulate
from gpu_pipeline.rounds.spec import BattleSpec, RoundRules

SPEC = BattleSpec(75, 10, "attacking", mode="dice")
ROOT = Path(__file__).resolve().parents[2]


class SmallBatches(NumpyBackend):
    """NumPy backend with small batches so short runs still span many batches."""
    def preferred_batch(self):
        return 4099


def backend():
    return SmallBatches(workers=1, chunk=4096)


def test_shards_cover_exactly():
    runs = 10 ** 12 + 7
    ranges = [shard_range(runs, (i, 7)) for i in range(7)]
    assert ranges[0][0] == 0 and ranges[-1][1] == runs
    assert all(a[1] == b[0] for a, b in zip(ranges, ranges[1:]))
    assert sum(b - a for a, b in ranges) == runs
    with pytest.raises(ValueError):
        shard_range(10, (3, 3))


def test_shards_merged_equal_one_run():
    runs, seed = 30_011, 42
    whole = simulate(SPEC, runs, seed, backend(), progress=False)
    parts = [simulate(SPEC, runs, seed, backend(), shard=(i, 4), progress=False) for i in range(4)]
    merged = merge(parts[::-1])
    assert merged.counts == whole.counts
    assert merged.attackers_lost() == whole.attackers_lost()
    assert merged.runs == runs == sum(merged.counts) and merged.complete
    with pytest.raises(ValueError):
        merge([parts[0], parts[0]])  # overlapping ranges would double count
    assert not merge(parts[:2]).complete


def test_multiprocess_equals_single_process():
    single = simulate(SPEC, 200_001, 9, NumpyBackend(workers=1), progress=False)
    be = NumpyBackend(workers=2, chunk=8192)
    try:
        multi = simulate(SPEC, 200_001, 9, be, progress=False)
    finally:
        be.close()
    assert multi.counts == single.counts


def test_interrupt_and_resume_gives_identical_histogram(tmp_path):
    runs, seed = 40_000, 5
    ck = tmp_path / "run.checkpoint.json"
    reference = simulate(SPEC, runs, seed, backend(), progress=False)

    def ctrl_c_after_three_batches(done):
        if done >= 3 * 4099:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(SPEC, runs, seed, backend(), checkpoint=ck, progress=False, max_batch=4099,
                 on_batch=ctrl_c_after_three_batches)
    partial = SimulationResult.load(ck)
    assert not partial.complete and partial.runs == 3 * 4099 == sum(partial.counts)
    assert not list(tmp_path.glob("*.tmp"))  # atomic writes leave no temporaries
    resumed = simulate(SPEC, runs, seed, backend(), checkpoint=ck, progress=False)
    assert resumed.counts == reference.counts and resumed.runs == runs


def test_checkpoint_of_another_run_is_refused(tmp_path):
    ck = tmp_path / "ck.json"
    with pytest.raises(KeyboardInterrupt):
        simulate(SPEC, 20_000, 1, backend(), checkpoint=ck, progress=False,
                 on_batch=lambda d: (_ for _ in ()).throw(KeyboardInterrupt))
    with pytest.raises(ValueError):
        simulate(SPEC, 20_000, 2, backend(), checkpoint=ck, progress=False)


def test_json_round_trip_territory(tmp_path):
    spec = BattleSpec(12, 7, "territory", RoundRules(defend_dice=3), retreat_at=3,
                      defender_goal=1, mode="dice")
    res = simulate(spec, 5_000, 3, backend(), progress=False)
    p = tmp_path / "r.json"
    res.save(p)
    obj = json.loads(p.read_text())
    for key in ("runs", "attackers_lost", "end_states", "seed", "mode", "rules", "backend",
                "device", "kernel", "wall_time_s", "runs_per_s", "git_commit", "convention"):
        assert key in obj
    assert obj["runs"] == 5_000 == sum(obj["attackers_lost"]) == sum(e["count"] for e in obj["end_states"])
    assert len(obj["attackers_lost"]) == 12  # 11 attacking armies: 0..11 lost
    # end states in the territory convention: retreat at 3 territory armies
    assert all(e["attackers"] <= 3 or e["defenders"] <= 1 for e in obj["end_states"])
    back = SimulationResult.load(p)
    assert back.counts == res.counts and back.spec == spec


def test_normalize_ranges():
    assert normalize_ranges([[5, 9], [0, 5], [9, 9]]) == [[0, 9]]
    with pytest.raises(ValueError):
        normalize_ranges([[0, 5], [4, 6]])


def run_cli(*args, **kw):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "pysite"), str(ROOT)]))
    return subprocess.run([sys.executable, "-m", "gpu_pipeline", *args], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=300, **kw)


def test_cli_simulate_shard_merge_validate(tmp_path, engine):
    outs = []
    for i in range(2):
        out = tmp_path / f"s{i}.json"
        p = run_cli("simulate", "--attackers", "75", "--defenders", "10", "--runs", "2e5",
                    "--seed", "7", "--backend", "numpy", "--mode", "outcome", "--workers", "1",
                    "--shard", f"{i}/2", "--out", str(out))
        assert p.returncode == 0, p.stderr
        assert "runs/s" in p.stderr  # progress bar with rate and ETA
        outs.append(str(out))
    merged = tmp_path / "m.json"
    p = run_cli("merge", *outs, "--out", str(merged))
    assert p.returncode == 0, p.stderr
    obj = json.loads(merged.read_text())
    assert obj["runs"] == 200_000 and obj["complete"] and obj["backend"] == "numpy"
    one = tmp_path / "one.json"
    p = run_cli("simulate", "-a", "75", "-d", "10", "--runs", "200000", "--seed", "7",
                "--backend", "numpy", "--workers", "1", "--no-progress", "--out", str(one))
    assert p.returncode == 0, p.stderr
    assert json.loads(one.read_text())["end_states"] == obj["end_states"]
    p = run_cli("validate", str(merged))
    assert p.returncode == 0, p.stdout + p.stderr
    assert "PASS" in p.stdout


def test_cli_rejects_bad_input():
    p = run_cli("simulate", "-a", "5", "-d", "3", "--runs", "1.5", "--backend", "numpy")
    assert p.returncode != 0
    p = run_cli("simulate", "-a", "5", "-d", "3", "--runs", "10", "--shard", "2/2")
    assert p.returncode != 0


def test_cli_sweep_needs_gpu(tmp_path):
    from gpu_pipeline.backends.cuda_backend import cupy_or_none
    if cupy_or_none() is not None:
        pytest.skip("a GPU is present; the sweep would really run")
    p = run_cli("sweep", "-a", "75", "-d", "10", "--runs", "1000", "--out",
                str(tmp_path / "sweep.json"))
    assert p.returncode == 1 and "GPU" in p.stderr and not (tmp_path / "sweep.json").exists()


def interrupt_cli(args, ready, timeout=120):
    """Start the CLI, wait until ``ready(stderr so far)`` holds, then press Ctrl-C: SIGINT to
    the whole process group, as a terminal does. Returns (exit status, all stderr), or None
    when the run finished before the signal."""
    import signal
    import time
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "pysite"), str(ROOT)]))
    proc = subprocess.Popen([sys.executable, "-m", "gpu_pipeline", *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    os.set_blocking(proc.stderr.fileno(), False)
    seen, deadline = b"", time.monotonic() + timeout
    while not ready(seen.decode(errors="replace")) and proc.poll() is None \
            and time.monotonic() < deadline:
        time.sleep(0.02)
        seen += proc.stderr.read() or b""
    os.killpg(proc.pid, signal.SIGINT)
    os.set_blocking(proc.stderr.fileno(), True)
    _, rest = proc.communicate(timeout=timeout)
    err = (seen + rest).decode(errors="replace")
    return None if proc.returncode == 0 else (proc.returncode, err)


def test_cli_ctrl_c_then_resume(tmp_path):
    """A real SIGINT to the CLI: exit 130 with one line and a checkpoint; the same command
    resumes and the final histogram equals an uninterrupted run's."""
    from gpu_pipeline.backends.numpy_backend import simulate_range
    ck, out = tmp_path / "ck.json", tmp_path / "out.json"
    args = ["simulate", "-a", "75", "-d", "10", "--runs", "1500000", "--seed", "21",
            "--backend", "numpy", "--workers", "1", "--checkpoint", str(ck),
            "--checkpoint-every", "0", "--max-batch", "50000", "--out", str(out), "--no-progress"]
    got = interrupt_cli(args, lambda err: ck.exists())
    if got is None:
        pytest.skip("the run finished before the signal arrived")
    code, err = got
    assert code == 130 and "Traceback" not in err, err
    assert f"checkpoint {ck} kept" in err and "run the same command to resume" in err
    partial = SimulationResult.load(ck)
    assert 0 < partial.runs < 1_500_000 and partial.runs % 50_000 == 0 and not out.exists()
    p = run_cli(*args)
    assert p.returncode == 0, p.stderr
    final = SimulationResult.load(out)
    spec = BattleSpec(75, 10, "attacking", mode="outcome")
    assert final.counts == simulate_range(spec, 21, 0, 1_500_000).tolist()


def test_cli_ctrl_c_with_worker_processes_prints_one_line(tmp_path):
    """Two NumPy worker processes: Ctrl-C reaches them too, yet no traceback is printed (the
    workers leave SIGINT to the parent) and the checkpoint survives."""
    ck = tmp_path / "ck.json"
    args = ["simulate", "-a", "75", "-d", "10", "--runs", "1e9", "--seed", "2", "--backend",
            "numpy", "--workers", "2", "--checkpoint", str(ck), "--checkpoint-every", "0",
            "--max-batch", "200000", "--no-progress"]
    code, err = interrupt_cli(args, lambda err: ck.exists())
    assert code == 130 and "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert [line for line in err.splitlines() if line.strip()] == [
        line for line in err.splitlines() if "interrupted: checkpoint" in line]
    assert SimulationResult.load(ck).runs % 200_000 == 0


def test_cli_ctrl_c_without_checkpoint_says_nothing_was_saved():
    args = ["simulate", "-a", "75", "-d", "10", "--runs", "1e9", "--backend", "numpy",
            "--workers", "1"]
    code, err = interrupt_cli(args, lambda err: "runs/s" in err)
    assert code == 130 and "Traceback" not in err, err
    assert "nothing saved" in err and "resume" not in err


def test_end_states_are_every_reachable_terminal_cell():
    """end_states is built from the stop lines; it must equal the plain definition (scan the
    grid for terminal cells at most 2 below a stop line) for every small battle."""
    def scanned(s):
        if s.is_end(s.A0, s.D0):
            return [(s.A0, s.D0)]
        return [(a, d) for a in range(max(0, s.stop_a - 2), s.A0 + 1)
                for d in range(max(0, s.stop_d - 2), s.D0 + 1) if s.is_end(a, d)]
    for A in range(2, 9):
        for D in range(1, 7):
            for conv in ("attacking", "territory"):
                off = conv == "territory"
                for retreat in [None, *range(off, A)]:
                    for goal in range(D):
                        s = BattleSpec(A, D, conv, retreat_at=retreat, defender_goal=goal)
                        assert s.end_states == scanned(s), (A, D, conv, retreat, goal)
                        assert (s.bin_grid >= 0).sum() == len(s.end_states)
