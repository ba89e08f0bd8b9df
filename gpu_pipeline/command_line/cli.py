"""Command line: ``python -m gpu_pipeline simulate | merge | validate | rare | rare-scaling |
sweep | evidence | ingest``.

Army counts (``--attackers``, ``--retreat-at``) are in ``--convention`` (attacking: armies that
fight; territory: armies on the territory, one stays behind). Exit status: 0 ok; 1 validation
failed, bad input or an unreadable file (one line on stderr); 2 usage error (argparse, or an
output path that exists and is not a regular file: a link, FIFO, device or folder); 130
interrupted (the checkpoint is kept when ``--checkpoint`` was given).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
from decimal import Decimal, InvalidOperation
from pathlib import Path

from ..backends.kernel_variants import KERNELS, TWIN_KERNELS
from ..runs.launch_sweep import BLOCKS, RUNS_PER_THREAD
from ..rare_events.rare import ROUND_MODELS
from ..records.files import NotARegularFile, refuse_unless_regular
from ..rounds.spec import CONVENTION_FACTS, CONVENTIONS, BattleSpec, RoundRules


def exact_int(text: str, lo: int | None = None, hi: int | None = None) -> int:
    """'1e12' -> 1000000000000 exactly (no float rounding); rejects non-integers, infinities,
    NaNs and (before building a million-digit int) anything far outside [lo, hi)."""
    try:
        d = Decimal(text.replace("_", "").strip())
    except InvalidOperation:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}")
    if not d.is_finite():
        raise argparse.ArgumentTypeError(f"not a finite number: {text!r}")
    if hi is not None and d.adjusted() > len(str(hi)):
        raise argparse.ArgumentTypeError(f"{text!r} is too large (the limit is below {hi:,})")
    if d != d.to_integral_value():
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}")
    v = int(d)
    if lo is not None and v < lo:
        raise argparse.ArgumentTypeError(f"{text!r} is below the minimum {lo}")
    if hi is not None and v >= hi:
        raise argparse.ArgumentTypeError(f"{text!r} is too large (the limit is below {hi:,})")
    return v


def int_in(lo: int | None = None, hi: int | None = None):
    """argparse type: a whole number in [lo, hi) (either bound optional), '1e6' accepted."""
    def parse(text: str) -> int:
        return exact_int(text, lo, hi)
    parse.__name__ = "whole number"
    return parse


def float_in(lo: float, hi: float, *, lo_open: bool = False):
    """argparse type: a finite float in [lo, hi] ((lo, hi] with lo_open)."""
    def parse(text: str) -> float:
        try:
            v = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}")
        if not (lo < v if lo_open else lo <= v) or not v <= hi:
            side = "(" if lo_open else "["
            raise argparse.ArgumentTypeError(f"{text!r} is not in {side}{lo:g}, {hi:g}]")
        return v
    parse.__name__ = "number"
    return parse


RUNS = int_in(1, 1 << 64)
SEED = int_in(0, 1 << 64)
COUNT = int_in(1, 1 << 31)      # workers, block sizes, shards: >= 1 and a C int
C_INT = int_in(-(1 << 31), 1 << 31)  # armies, dice, faces: ranges checked by the battle spec


def count_list(text: str) -> tuple[int, ...]:
    """argparse type: comma-separated whole numbers >= 1, e.g. '128,256'."""
    try:
        out = tuple(exact_int(x, 1, 1 << 31) for x in text.split(","))
    except argparse.ArgumentTypeError as e:
        raise argparse.ArgumentTypeError(f"{text!r}: {e}")
    return out


def shard_arg(text: str) -> tuple[int, int]:
    try:
        i, n = (exact_int(x, 0, 1 << 31) for x in text.split("/"))
    except (ValueError, argparse.ArgumentTypeError):
        raise argparse.ArgumentTypeError("shard must look like i/n (0-based i), e.g. 0/4")
    if not (n >= 1 and 0 <= i < n):
        raise argparse.ArgumentTypeError("shard i/n needs 0 <= i < n")
    return i, n


def add_battle_args(p: argparse.ArgumentParser, mode: bool = True):
    p.add_argument("--attackers", "-a", type=C_INT, required=True,
                   help="attacking armies, in --convention")
    p.add_argument("--defenders", "-d", type=C_INT, required=True)
    p.add_argument("--convention", choices=CONVENTIONS, default="attacking",
                   help="; ".join(f"{c['name']}: {c['label']}" for c in CONVENTION_FACTS))
    if mode:
        p.add_argument("--mode", choices=["dice", "outcome"], default="outcome")
    p.add_argument("--attack-dice", type=C_INT, default=3)
    p.add_argument("--defend-dice", type=C_INT, default=2, help="3 = capital / wall")
    p.add_argument("--attack-faces", type=C_INT, default=6)
    p.add_argument("--defend-faces", type=C_INT, default=6)
    p.add_argument("--ties", choices=["defender", "attacker"], default="defender")
    p.add_argument("--defender-bonus", choices=["none", "highest", "both"], default="none")
    p.add_argument("--retreat-at", type=C_INT, default=None,
                   help="attacker stops with this many armies or fewer (in --convention)")
    p.add_argument("--defender-goal", type=C_INT, default=0)


def spec_from_args(a) -> BattleSpec:
    rules = RoundRules(a.attack_dice, a.defend_dice, a.attack_faces, a.defend_faces, a.ties,
                       a.defender_bonus)
    return BattleSpec(a.attackers, a.defenders, a.convention, rules, a.retreat_at,
                      a.defender_goal, getattr(a, "mode", "outcome"))


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


def check_output(path: str | None, flag: str):
    """Refuse, before any work, an output path that cannot be written, or that exists and is
    not a regular file (a link, FIFO, device or folder: NotARegularFile, exit status 2)."""
    if not path:
        return
    p = Path(path)
    refuse_unless_regular(p, flag)
    p.parent.mkdir(parents=True, exist_ok=True)
    if not os.access(p.parent, os.W_OK):
        raise ValueError(f"{flag} {path}: cannot write into {p.parent}")


def interrupted(checkpoint: str | None) -> str:
    """The one line printed after Ctrl-C in simulate: what was kept and how to go on."""
    if not checkpoint:
        return "interrupted: nothing saved (add --checkpoint FILE to make a long run resumable)"
    if not os.path.exists(checkpoint):
        return "interrupted before the first batch finished: nothing saved"
    from ..records.results import SimulationResult
    cp = SimulationResult.load(checkpoint)
    done, total = cp.runs, cp.target_range[1] - cp.target_range[0]
    return (f"interrupted: checkpoint {checkpoint} kept ({done:,} of {total:,} runs done); "
            f"run the same command to resume")


def cmd_simulate(a) -> int:
    from ..records.files import write_json_atomic
    from ..runs.runner import make_backend, shard_range, simulate
    spec = spec_from_args(a)
    shard_range(a.runs, a.shard)  # refuses an empty shard before anything starts
    check_output(a.out, "--out")
    check_output(a.checkpoint, "--checkpoint")
    if a.cluster:
        from ..runs.cluster import run_on_cluster
        shard_range(a.runs, (0, a.cluster_shards))
        res = run_on_cluster(spec, a.runs, a.seed, a.cluster_shards, address=a.cluster,
                             backend=a.backend, workers=a.workers or 1)
    else:
        backend = make_backend(a.backend, workers=a.workers, block=a.block,
                               runs_per_thread=a.runs_per_thread, kernel=a.kernel)
        try:
            res = simulate(spec, a.runs, a.seed, backend, shard=a.shard, checkpoint=a.checkpoint,
                           checkpoint_every=a.checkpoint_every, progress=not a.no_progress,
                           max_batch=a.max_batch)
        except KeyboardInterrupt:
            raise Interrupted(interrupted(a.checkpoint))
        finally:
            backend.close()
    if a.notes:
        res.notes = a.notes
    if a.out:
        write_json_atomic(a.out, res.to_json())
    print_summary(res)
    return 0


def cmd_merge(a) -> int:
    from ..records.results import SimulationResult, merge
    check_output(a.out, "--out")
    res = merge([SimulationResult.load(p) for p in a.files])
    res.save(a.out)
    print_summary(res)
    if not res.complete:
        sys.stderr.write("note: merged ranges do not cover the whole target range yet\n")
    return 0


def cmd_validate(a) -> int:
    from ..records.results import SimulationResult
    from ..runs.check_against_engine import check_against_engine
    rep = check_against_engine(SimulationResult.load(a.file), alpha=a.alpha,
                               min_expected=a.min_expected)
    if a.json:
        print(json.dumps(rep.to_json(), indent=1, default=str))
    else:
        print(rep.summary())
    return 0 if rep.passed else 1


def cmd_sweep(a) -> int:
    from ..runs.launch_sweep import launch_sweep
    spec = spec_from_args(a)
    if a.kernel == "legacy":
        from ..backends.kernel_variants import legacy_refusal
        if legacy_refusal(spec):
            raise ValueError(legacy_refusal(spec))
    check_output(a.out, "--out")
    launch_sweep(spec, a.runs, a.seed, blocks=a.blocks, rpts=a.runs_per_thread, out=a.out,
                 kernel=a.kernel)
    return 0


def cmd_evidence(a) -> int:
    from ..evidence.sequence import run_evidence
    return run_evidence(a.out, profile=a.profile, budget_s=a.budget_s, steps=a.steps,
                        redo=a.redo, max_batches=a.max_batches)


def cmd_ingest(a) -> int:
    from ..evidence.ingest import ingest
    kw = {"root": a.root} if a.root else {}
    ingest(a.archive, cpu_profile=a.cpu_profile, build=not a.no_build, **kw)
    return 0


def step_list(text: str) -> tuple[str, ...]:
    """argparse type: comma-separated evidence step names."""
    from ..evidence.steps import STEPS
    names = tuple(x.strip() for x in text.split(",") if x.strip())
    unknown = [n for n in names if n not in STEPS]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"unknown step {', '.join(unknown) or '(none)'}; steps: "
                                         f"{', '.join(STEPS)}")
    return names


def sci(log10: float | None) -> str:
    """10**log10 as '1.902e-13' at any size ('0' for None)."""
    if log10 is None:
        return "0"
    e = math.floor(log10)
    m = 10 ** (log10 - e)
    if m >= 9.9995:
        m, e = m / 10, e + 1
    return f"{m:.4g}e{e:+d}"


def cmd_rare(a) -> int:
    from ..rare_events.rare import RareEvent, run_rare
    from ..records.files import write_json_atomic
    from ..runs.runner import make_backend
    spec = spec_from_args(a)
    event = RareEvent.parse(a.event, spec)
    check_output(a.out, "--out")
    backend = make_backend(a.backend, workers=a.workers, block=a.block,
                           runs_per_thread=a.runs_per_thread, rare=True)
    try:
        rec = run_rare(spec, event, a.runs, a.seed, backend, pilot=a.pilot,
                       progress=not a.no_progress, with_exact=not a.no_exact,
                       model_name=a.round_model)
    finally:
        backend.close()
    if a.out:
        write_json_atomic(a.out, rec)
    what = (f"all {spec.A0} attacking armies lost" if event.name == "loss"
            else f"at least {event.K} attacking armies lost")
    dice = "" if a.round_model == "engine" else f", {a.round_model} dice"
    lines = [f"{spec.attackers} v {spec.defenders} ({spec.convention} armies{dice}), event "
             f"{event.name} ({what}), {rec['runs']:,} runs on {rec['backend']} [{rec['device']}]",
             f"  estimate {sci(rec['log10_estimate'])} +- {100 * rec['ci95_half_width_relative']:.3g} % "
             f"(95 % interval {sci(rec['log10_ci95_low'])} .. {sci(rec['log10_ci95_high'])}); "
             f"{rec['hits']:,} runs hit the event (effective sample size "
             f"{rec['effective_sample_size']:,.0f})",
             f"  pilot {rec['timing']['pilot_s']:.2f} s ({rec['tilt']['pilot_runs']:,} battles), "
             f"run {rec['timing']['run_s']:.2f} s"]
    if rec["exact_log10"] is not None:
        inside = "inside" if rec.get("ci95_covers_exact") else "OUTSIDE"
        lines.append(f"  exact (engine) {sci(rec['exact_log10'])}: {inside} the interval")
    elif rec.get("exact_error"):
        lines.append(f"  exact: not computed ({rec['exact_error']})")
    print("\n".join(lines))
    return 0


def cmd_rare_scaling(a) -> int:
    from ..rare_events.rare_scaling import scaling
    from ..records.files import write_json_atomic
    from ..runs.runner import make_backend
    check_output(a.out, "--out")
    backend = make_backend(a.backend, workers=a.workers, runs_per_thread=16, rare=True)
    try:
        data = scaling(a.seed, backend, pilot=a.pilot, stream=sys.stdout)
    finally:
        backend.close()
    write_json_atomic(a.out, data)
    print(f"saved {a.out}")
    return 0


def add_workers_args(p, runs_per_thread):
    """Where the battles run: NumPy processes, and the CUDA launch shape."""
    p.add_argument("--workers", type=COUNT, default=None, help="NumPy processes, >= 1 (default: one per core)")
    p.add_argument("--block", type=COUNT, default=256, help="CUDA threads per block")
    p.add_argument("--runs-per-thread", type=COUNT, default=runs_per_thread)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m gpu_pipeline",
                                description="Monte Carlo of RISK battles (CUDA or NumPy twin)")
    sub = p.add_subparsers(dest="cmd", required=True)

    s = sub.add_parser("simulate", help="play battles, write a result JSON")
    add_battle_args(s)
    s.add_argument("--runs", type=RUNS, required=True, help="exact count, e.g. 1e12")
    s.add_argument("--seed", type=SEED, default=7, help="0 <= seed < 2**64")
    s.add_argument("--backend", choices=["auto", "cuda", "numpy", "host-shim"], default="auto")
    s.add_argument("--out", help="result file (JSON, written atomically)")
    s.add_argument("--shard", type=shard_arg, default=(0, 1), help="i/n, 0-based")
    s.add_argument("--checkpoint", help="checkpoint file: resumed from if it exists")
    s.add_argument("--checkpoint-every", type=float_in(0, 1e9), default=30.0, help="seconds")
    s.add_argument("--max-batch", type=RUNS, default=None,
                   help="cap on runs per backend call (default: adaptive, ~2 s per batch)")
    add_workers_args(s, runs_per_thread=64)
    s.add_argument("--kernel", choices=TWIN_KERNELS, default="strided",
                   help="CUDA / host-shim kernel (the same histograms either way)")
    s.add_argument("--cluster", help="Dask scheduler address: run shards there and merge")
    s.add_argument("--cluster-shards", type=COUNT, default=16)
    s.add_argument("--no-progress", action="store_true")
    s.add_argument("--notes", default="")
    s.set_defaults(func=cmd_simulate)

    m = sub.add_parser("merge", help="add result files of disjoint run ranges")
    m.add_argument("files", nargs="+")
    m.add_argument("--out", required=True)
    m.set_defaults(func=cmd_merge)

    v = sub.add_parser("validate", help="compare a result file with the exact engine")
    v.add_argument("file")
    v.add_argument("--alpha", type=float_in(0, 1, lo_open=True), default=1e-6,
                   help="fail when a p-value is below this (0 < alpha <= 1)")
    v.add_argument("--min-expected", type=float_in(0, 1e18, lo_open=True), default=5.0)
    v.add_argument("--json", action="store_true")
    v.set_defaults(func=cmd_validate)

    r = sub.add_parser("rare", help="importance sampling of a rare event, write a result JSON")
    add_battle_args(r, mode=False)
    r.add_argument("--event", required=True,
                   help="'loss' (every attacking army dies) or 'lost-at-least:K' (K attacking "
                        "armies or more, the same in both conventions)")
    r.add_argument("--runs", type=int_in(2, 1 << 64), required=True, help="e.g. 1e7")
    r.add_argument("--seed", type=SEED, default=7, help="0 <= seed < 2**64")
    r.add_argument("--backend", choices=["auto", "cuda", "numpy", "host-shim"], default="auto")
    r.add_argument("--out", help="result file (JSON, written atomically)")
    r.add_argument("--pilot", type=int_in(100, 1 << 31), default=10_000,
                   help="battles per cross-entropy pilot level (the tilt is fitted on these)")
    add_workers_args(r, runs_per_thread=16)
    r.add_argument("--round-model", choices=ROUND_MODELS, default="engine",
                   help="round probabilities: the rules' exact ones (engine), or the earlier "
                        "GPU kernel's dice (legacy-kernel; biased-faces, unsorted-rounds: one "
                        "defect each; fair: the real dice as tables)")
    r.add_argument("--no-exact", action="store_true",
                   help="skip the engine's exact answer (for battles too big for it)")
    r.add_argument("--no-progress", action="store_true")
    r.set_defaults(func=cmd_rare)

    rs = sub.add_parser("rare-scaling", help="importance sampling vs plain Monte Carlo over "
                                             "events from 1e-3 to 1e-300 (data for a figure)")
    rs.add_argument("--out", default="data/simulations/rare_event_scaling.json")
    rs.add_argument("--seed", type=SEED, default=1, help="0 <= seed < 2**64")
    rs.add_argument("--backend", choices=["auto", "cuda", "numpy", "host-shim"], default="auto")
    rs.add_argument("--workers", type=COUNT, default=None,
                    help="NumPy processes, >= 1 (default: one per core)")
    rs.add_argument("--pilot", type=int_in(100, 1 << 31), default=10_000)
    rs.set_defaults(func=cmd_rare_scaling)

    w = sub.add_parser("sweep", help="GPU only: block size x runs per thread benchmark "
                                     "(CUDA events around the kernel launches alone)")
    add_battle_args(w)
    w.add_argument("--runs", type=RUNS, default=10 ** 10, help="battles per configuration")
    w.add_argument("--seed", type=SEED, default=1)
    w.add_argument("--kernel", choices=KERNELS, default="strided",
                   help="legacy: a re-creation of the earlier kernel, for timing only")
    w.add_argument("--blocks", type=count_list, default=BLOCKS, help="e.g. 128,256")
    w.add_argument("--runs-per-thread", type=count_list, default=RUNS_PER_THREAD,
                   help="e.g. 16,64")
    w.add_argument("--out", default="bench/results/sweep_cuda.json")
    w.set_defaults(func=cmd_sweep)

    e = sub.add_parser("evidence", help="the whole GPU evidence sequence, resumable (without "
                                        "a GPU: tiny sizes through the host shim, marked so)")
    e.add_argument("--out", required=True, help="folder for evidence.json, summary.md and the "
                                                "result files; give the same one to resume")
    e.add_argument("--profile", choices=["auto", "gpu", "cpu"], default="auto",
                   help="auto: gpu when CuPy sees a GPU, else cpu")
    e.add_argument("--budget-s", type=float_in(0, 86400), default=510.0,
                   help="seconds this call may spend; no step starts unless it fits (default "
                        "510: a 9-minute device call less Python's start and the archive)")
    e.add_argument("--steps", type=step_list, default=None, help="only these, e.g. sweep,legacy")
    e.add_argument("--redo", type=step_list, default=(), help="run these again")
    e.add_argument("--max-batches", type=COUNT, default=None,
                   help="stop the long run after this many batches (the next call resumes)")
    e.set_defaults(func=cmd_evidence)

    g = sub.add_parser("ingest", help="after the lease: the returned gpu-evidence.tgz into "
                                      "data/simulations/ and bench/results/, then rebuild")
    g.add_argument("archive", help="the archive the device calls returned (gpu-evidence.tgz)")
    g.add_argument("--root", default=None, help="repository to write into (default: this one)")
    g.add_argument("--cpu-profile", action="store_true",
                   help="accept the CPU profile's archive (no GPU measurement; for checking)")
    g.add_argument("--no-build", action="store_true", help="do not run build.py afterwards")
    g.set_defaults(func=cmd_ingest)
    return p


class Interrupted(Exception):
    """Ctrl-C, with the line to print (what was kept)."""


SIGPIPE_STATUS = 128 + 13  # what a shell reports for a program ended by SIGPIPE


def main(argv=None) -> int:
    """Run one command; bad input and unreadable files give one line on stderr and exit 1
    (argparse's usage errors and refused output paths: 2), Ctrl-C gives one line and exit 130, never a traceback. A
    reader that closes the pipe (``... | head``) ends the command quietly with status 141."""
    try:
        status = _run(argv)
        sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's exit
        return status
    except BrokenPipeError:
        # Nothing more can be written; point stdout at /dev/null so that Python's own flush at
        # exit does not print "Exception ignored ... BrokenPipeError" either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return SIGPIPE_STATUS


def _run(argv) -> int:
    try:
        a = build_parser().parse_args(argv)
        return a.func(a)
    except Interrupted as e:
        sys.stderr.write(f"\n{e}\n")
    except KeyboardInterrupt:
        sys.stderr.write("\ninterrupted\n")
    except BrokenPipeError:
        raise
    except NotARegularFile as e:  # an output path the command did not make: a usage error
        sys.stderr.write(f"error: {e}\n")
        return 2
    except OSError as e:  # a file that cannot be read or written
        where = f": {e.filename}" if e.filename else ""
        sys.stderr.write(f"error: {e.strerror or e}{where}\n")
        return 1
    except (ValueError, RuntimeError) as e:  # bad input, or no GPU for --backend cuda
        sys.stderr.write(f"error: {e}\n")
        return 1
    return 130
