"""Benchmark of the exact engine (targets in the last column).

Each case runs in a fresh subprocess, so its peak memory (ru_maxrss) is its own.
Prints a table, judges each case's wall time and peak memory against its target (benchlib) and
saves bench/results/engine.json; exits 1 when a target is missed.
Usage: python bench/bench_engine.py [--quick]
"""
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time

from benchlib import Target, finish, parse_limits

CASES = {
    "75 v 10 full distribution": ("battle_75_10", "<= 2 ms"),
    "1000 v 1000 full exact end states": ("battle_1000", "<= 1.0 s, <= 200 MB"),
    "troops-needed tables D<=200, 21 levels, std+capital": ("needed_tables", "<= 10 s"),
    "exact win grid N=200": ("grid_200", "<= 2 s"),
    "win grid N=1000 exact -> float64 .npy + CSV": ("grid_1000", "<= 60 s, <= 1 GB"),
    "chain of 14 territories, 72 armies": ("campaign_14", "(browser <= 0.5 s)"),
    "troops needed D=200 p=.99 capital": ("needed_200_capital", "(browser <= 3 s)"),
    "round tables of 100-faced dice, 3 v 3, bonuses (9 tables)": ("rounds_d100", "<= 0.5 s"),
    "75 v 10 with the earlier kernel's round tables": ("legacy_75_10", "<= 5 ms"),
    "1000 v 1000 summary, d100 v d100 capital, +1 highest": ("battle_d100_1000", "<= 3 s"),
}


def case(name):
    """Run one case in this process; return (wall seconds, CPU seconds), medians of repeats for
    fast ones. CPU time is the steadier number on a shared machine."""
    import riskodds as ro
    from riskodds.answers.tables import write_float_grid
    if name == "battle_75_10":
        walls, cpus = [], []
        for _ in range(200):
            t, c = time.perf_counter(), time.process_time()
            b = ro.battle(75, 10, convention="attacking")
            b.end_states, b.attackers_lost, b.mean_attackers_lost
            walls.append(time.perf_counter() - t)
            cpus.append(time.process_time() - c)
        print(f"  75 v 10: best of {len(walls)} runs {min(walls) * 1000:.2f} ms wall, "
              f"{min(cpus) * 1000:.2f} ms CPU (the table shows medians)", file=sys.stderr)
        return sorted(walls)[len(walls) // 2], sorted(cpus)[len(cpus) // 2]
    if name == "legacy_75_10":          # tables built outside the timing (brute force of the pipeline)
        from gpu_pipeline.rounds.legacy_model import round_tables
        model = ro.RoundModel.from_tables(round_tables("legacy-kernel"), name="legacy-kernel")
        ro.battle(75, 10, convention="attacking", rules=model)
        walls, cpus = [], []
        for _ in range(100):
            t, c = time.perf_counter(), time.process_time()
            ro.battle(75, 10, convention="attacking", rules=model).loss
            walls.append(time.perf_counter() - t)
            cpus.append(time.process_time() - c)
        return sorted(walls)[len(walls) // 2], sorted(cpus)[len(cpus) // 2]
    t, c = time.perf_counter(), time.process_time()
    if name == "rounds_d100":
        ro.as_model(ro.Rules(attack_faces=100, defend_faces=100, defend_dice=3, attacker_bonus="highest",
                             defender_bonus="both")).tables()
    elif name == "battle_d100_1000":
        ro.battle_summary(1000, 1000, convention="attacking", rules=ro.Rules(
            attack_faces=100, defend_faces=100, defend_dice=3, attacker_bonus="highest"))
    elif name == "battle_1000":
        b = ro.battle(1000, 1000, convention="attacking")
        b.end_states
        wall, cpu = time.perf_counter() - t, time.process_time() - c
        assert sum(b.end_states.values()) == 1      # checked outside the timing
        return wall, cpu
    elif name == "needed_tables":
        ro.needed_tables(200)
    elif name == "grid_200":
        ro.win_grid(200)
    elif name == "grid_1000":
        with tempfile.TemporaryDirectory() as d:
            write_float_grid(os.path.join(d, "g.csv"), os.path.join(d, "g.npy"), ro.win_grid_floats(1000), 1000)
    elif name == "campaign_14":
        ro.campaign(72, [22, 8, 2, 2, 2, 7, 1, 1, 3, 1, 2, 3, 5, 1], convention="territory").win
    elif name == "needed_200_capital":
        ro.troops_needed(200, "0.99", convention="territory", rules=ro.CAPITAL)
    return time.perf_counter() - t, time.process_time() - c


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--case":
        seconds, cpu = case(sys.argv[2])
        peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(json.dumps({"seconds": seconds, "cpu_seconds": cpu, "peak_mb": peak_mb}))
        return 0
    quick = "--quick" in sys.argv
    rows = []
    print(f"{'case':52s} {'wall ms':>9s} {'cpu ms':>9s} {'peak MB':>7s}   target")
    for label, (name, target) in CASES.items():
        if quick and name == "grid_1000":
            continue
        out = subprocess.run([sys.executable, __file__, "--case", name], capture_output=True, text=True, check=True)
        if out.stderr:
            print(out.stderr.rstrip(), flush=True)
        r = json.loads(out.stdout)
        rows.append({"case": label, "seconds": r["seconds"], "cpu_seconds": r["cpu_seconds"],
                     "peak_mb": r["peak_mb"], "target": target})
        print(f"{label:52s} {r['seconds'] * 1000:9.1f} {r['cpu_seconds'] * 1000:9.1f} {r['peak_mb']:7.1f}   {target}",
              flush=True)
    info = {"python": platform.python_version(), "machine": platform.machine(), "cpus": os.cpu_count(),
            "load_average": os.getloadavg()}
    targets = []
    for r in rows:
        limits = parse_limits(r["target"])
        if "s" in limits:
            targets.append(Target(f"{r['case']} (wall)", r["seconds"], limits["s"], "s"))
        if "MB" in limits:
            targets.append(Target(f"{r['case']} (peak memory)", r["peak_mb"], limits["MB"], "MB"))
    return finish("engine.json", {"info": info, "rows": rows}, targets)


if __name__ == "__main__":
    sys.exit(main())
