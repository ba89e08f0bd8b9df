"""Command line: ``python -m gpu_pipeline simulate | merge | validate | sweep``.

Army counts (``--attackers``, ``--retreat-at``) are in ``--convention`` (attacking: armies that
fight; territory: armies on the territory, one stays behind). Exit status: 0 ok, 1 validation
failed or bad input, 130 interrupted (checkpoint kept).
"""
from __future__ import annotations

import argparse
import json
import sys
from decimal import Decimal, InvalidOperation

from .spec import BattleSpec, RoundRules


def exact_int(text: str) -> int:
    """'1e12' -> 1000000000000 exactly (no float rounding); rejects non-integers."""
    try:
        d = Decimal(text.replace("_", ""))
    except InvalidOperation:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}")
    if d != d.to_integral_value():
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}")
    return int(d)


def shard_arg(text: str) -> tuple[int, int]:
    try:
        i, n = (int(x) for x in text.split("/"))
    except ValueError:
        raise argparse.ArgumentTypeError("shard must look like i/n (0-based i)")
    if not (n >= 1 and 0 <= i < n):
        raise argparse.ArgumentTypeError("shard i/n needs 0 <= i < n")
    return i, n


def add_battle_args(p: argparse.ArgumentParser):
    p.add_argument("--attackers", "-a", type=exact_int, required=True,
                   help="attacking armies, in --convention")
    p.add_argument("--defenders", "-d", type=exact_int, required=True)
    p.add_argument("--convention", choices=["attacking", "territory"], default="attacking",
                   help="attacking: all may die (default); territory: one stays behind")
    p.add_argument("--mode", choices=["dice", "outcome"], default="outcome")
    p.add_argument("--attack-dice", type=int, default=3)
    p.add_argument("--defend-dice", type=int, default=2, help="3 = capital / wall")
    p.add_argument("--attack-faces", type=int, default=6)
    p.add_argument("--defend-faces", type=int, default=6)
    p.add_argument("--ties", choices=["defender", "attacker"], default="defender")
    p.add_argument("--defender-bonus", choices=["none", "highest", "both"], default="none")
    p.add_argument("--retreat-at", type=int, default=None,
                   help="attacker stops with this many armies or fewer (in --convention)")
    p.add_argument("--defender-goal", type=int, default=0)


def spec_from_args(a) -> BattleSpec:
    rules = RoundRules(a.attack_dice, a.defend_dice, a.attack_faces, a.defend_faces, a.ties,
                       a.defender_bonus)
    return BattleSpec(a.attackers, a.defenders, a.convention, rules, a.retreat_at,
                      a.defender_goal, a.mode)


def print_summary(res, stream=sys.stdout):
    lost = res.attackers_lost()
    s = res.spec
    worst = max((i for i, c in enumerate(lost) if c), default=0)
    mean = sum(i * c for i, c in enumerate(lost)) / res.runs
    stream.write(f"{s.attackers} v {s.defenders} ({s.convention} armies, mode {s.mode}): "
                 f"{res.runs} runs on {res.backend} [{res.device}]\n"
                 f"  mean attackers lost {mean:.6f}; most lost in one battle {worst}; "
                 f"all {s.A0} lost: {lost[s.A0]} times\n"
                 f"  wall {res.wall_time_s:.2f} s, {res.runs / max(res.wall_time_s, 1e-9):.4g} runs/s\n")


def cmd_simulate(a) -> int:
    from .results import write_json_atomic
    from .runner import make_backend, simulate
    spec = spec_from_args(a)
    if a.cluster:
        from .cluster import run_on_cluster
        res = run_on_cluster(spec, a.runs, a.seed, a.cluster_shards, address=a.cluster,
                             backend=a.backend, workers=a.workers or 1)
    else:
        backend = make_backend(a.backend, workers=a.workers, block=a.block,
                               runs_per_thread=a.runs_per_thread)
        try:
            res = simulate(spec, a.runs, a.seed, backend, shard=a.shard, checkpoint=a.checkpoint,
                           checkpoint_every=a.checkpoint_every, progress=not a.no_progress,
                           max_batch=a.max_batch)
        except KeyboardInterrupt:
            sys.stderr.write(f"\ninterrupted; resume with the same command"
                             f"{' (checkpoint ' + a.checkpoint + ')' if a.checkpoint else ''}\n")
            return 130
        finally:
            backend.close()
    if a.notes:
        res.notes = a.notes
    if a.out:
        write_json_atomic(a.out, res.to_json())
    print_summary(res)
    return 0


def cmd_merge(a) -> int:
    from .results import SimulationResult, merge
    res = merge([SimulationResult.load(p) for p in a.files])
    res.save(a.out)
    print_summary(res)
    if not res.complete:
        sys.stderr.write("note: merged ranges do not cover the whole target range yet\n")
    return 0


def cmd_validate(a) -> int:
    from .results import SimulationResult
    from .validate import validate
    rep = validate(SimulationResult.load(a.file), alpha=a.alpha, min_expected=a.min_expected)
    if a.json:
        print(json.dumps(rep.to_json(), indent=1, default=str))
    else:
        print(rep.summary())
    return 0 if rep.passed else 1


def cmd_sweep(a) -> int:
    from .sweep import sweep
    try:
        sweep(spec_from_args(a), a.runs, a.seed, out=a.out)
    except RuntimeError as e:
        sys.stderr.write(f"error: {e}\n")
        return 1
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m gpu_pipeline",
                                description="Monte Carlo of RISK battles (CUDA or NumPy twin)")
    sub = p.add_subparsers(dest="cmd", required=True)

    s = sub.add_parser("simulate", help="play battles, write a result JSON")
    add_battle_args(s)
    s.add_argument("--runs", type=exact_int, required=True, help="exact count, e.g. 1e12")
    s.add_argument("--seed", type=exact_int, default=7)
    s.add_argument("--backend", choices=["auto", "cuda", "numpy", "host-shim"], default="auto")
    s.add_argument("--out", help="result file (JSON, written atomically)")
    s.add_argument("--shard", type=shard_arg, default=(0, 1), help="i/n, 0-based")
    s.add_argument("--checkpoint", help="checkpoint file: resumed from if it exists")
    s.add_argument("--checkpoint-every", type=float, default=30.0, help="seconds")
    s.add_argument("--max-batch", type=exact_int, default=None,
                   help="cap on runs per backend call (default: adaptive, ~2 s per batch)")
    s.add_argument("--workers", type=int, default=None, help="NumPy processes (default: cores)")
    s.add_argument("--block", type=int, default=256, help="CUDA threads per block")
    s.add_argument("--runs-per-thread", type=int, default=64)
    s.add_argument("--cluster", help="Dask scheduler address: run shards there and merge")
    s.add_argument("--cluster-shards", type=int, default=16)
    s.add_argument("--no-progress", action="store_true")
    s.add_argument("--notes", default="")
    s.set_defaults(func=cmd_simulate)

    m = sub.add_parser("merge", help="add result files of disjoint run ranges")
    m.add_argument("files", nargs="+")
    m.add_argument("--out", required=True)
    m.set_defaults(func=cmd_merge)

    v = sub.add_parser("validate", help="compare a result file with the exact engine")
    v.add_argument("file")
    v.add_argument("--alpha", type=float, default=1e-6)
    v.add_argument("--min-expected", type=float, default=5.0)
    v.add_argument("--json", action="store_true")
    v.set_defaults(func=cmd_validate)

    w = sub.add_parser("sweep", help="GPU only: block size x runs per thread benchmark")
    add_battle_args(w)
    w.add_argument("--runs", type=exact_int, default=10 ** 10)
    w.add_argument("--seed", type=exact_int, default=1)
    w.add_argument("--out", default="bench/results/sweep_cuda.json")
    w.set_defaults(func=cmd_sweep)
    return p


def main(argv=None) -> int:
    a = build_parser().parse_args(argv)
    try:
        return a.func(a)
    except (ValueError, RuntimeError) as e:  # bad input, or no GPU for --backend cuda
        sys.stderr.write(f"error: {e}\n")
        return 1
