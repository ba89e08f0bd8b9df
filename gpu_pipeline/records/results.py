"""Result records: exact integer histograms plus provenance, JSON in and out (written
through ``files``: atomic, never over a link), and merging of shards.

JSON keys (format "riskodds-simulation", version 1): ``runs`` (int, exact, == sum of every
histogram), ``attackers_lost`` (counts, index = attacking armies lost, same in both
conventions), ``defenders_lost``, ``end_states`` (list of {attackers, defenders, count}; armies
in the record's ``convention``), ``seed``, ``mode``, ``rules``, ``convention``, ``backend``,
``device``, ``kernel`` (launch configuration), ``wall_time_s``, ``runs_per_s``, ``git_commit``,
``run_ranges`` ([start, stop) run ids covered), ``target_range`` (what the run was asked to
cover), ``complete`` (False for a checkpoint).
"""
from __future__ import annotations

import datetime as _dt
import json
import os
import subprocess
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..streams.schedule import SCHEDULE, seed_key
from ..rounds.spec import BattleSpec, RoundRules
from .files import require_regular_input, write_json_atomic

FORMAT = "riskodds-simulation"
FORMAT_VERSION = 1


class Inconsistent(ValueError):
    """Counts that do not add up: a damaged or edited file, or (never expected) a backend that
    lost or invented runs. A ValueError, so the command line prints one line; raised by an
    explicit check, never an ``assert``, so it holds under ``python -O`` too."""


def require_total(total: int, runs: int, what: str):
    """Refuse ``total`` != ``runs`` (exact integers): ``what`` names the counts."""
    if total != runs:
        raise Inconsistent(f"inconsistent: {what} sum to {total}, runs = {runs}")


def git_commit(cwd: str | os.PathLike | None = None) -> str | None:
    """HEAD commit of the repository holding this package, "+dirty" if the package has
    uncommitted changes (None outside git)."""
    here = cwd or Path(__file__).resolve().parents[1]  # the gpu_pipeline package
    try:
        out = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True,
                             cwd=here, timeout=10)
        head = out.stdout.strip()
        if not head:
            return None
        # "+dirty": the pipeline code differs from that commit (uncommitted edits)
        st = subprocess.run(["git", "status", "--porcelain", "--", "."], capture_output=True,
                            text=True, cwd=here, timeout=10)
        return head + ("+dirty" if st.stdout.strip() else "")
    except (OSError, subprocess.SubprocessError):
        return None


def normalize_ranges(ranges) -> list[list[int]]:
    """Sorted, coalesced [start, stop) ranges; raises if any two overlap (double counting)."""
    rs = sorted([int(a), int(b)] for a, b in ranges if int(b) > int(a))
    out: list[list[int]] = []
    for a, b in rs:
        if out and a < out[-1][1]:
            raise ValueError(f"run ranges overlap at run id {a}: refusing to double count")
        if out and a == out[-1][1]:
            out[-1][1] = b
        else:
            out.append([a, b])
    return out


@dataclass
class SimulationResult:
    """Histogram over ``spec.end_states`` (Python ints) of the runs in ``run_ranges``."""
    spec: BattleSpec
    seed: int
    counts: list[int]
    run_ranges: list[list[int]]
    target_range: list[int]
    backend: str = "numpy"
    device: str = ""
    kernel: dict = field(default_factory=dict)
    wall_time_s: float = 0.0
    git_commit: str | None = None
    created_utc: str = ""
    complete: bool = True
    schedule: str = SCHEDULE
    notes: str = ""
    requested_runs: int | None = None   # runs asked for over ALL shards (default: target end)

    def __post_init__(self):
        seed_key(self.seed)  # a seed the schedule can use, else ValueError
        if self.requested_runs is None:
            self.requested_runs = int(self.target_range[1])
        self.counts = [int(c) for c in self.counts]
        self.run_ranges = normalize_ranges(self.run_ranges)
        if len(self.counts) != len(self.spec.end_states):
            raise ValueError("counts do not match the battle's end states")
        self.check()

    @property
    def runs(self) -> int:
        return sum(b - a for a, b in self.run_ranges)

    def check(self):
        """The invariant every record keeps: bins sum to the runs exactly."""
        require_total(sum(self.counts), self.runs, "its end-state counts")

    # ---- derived views (call's convention)
    def end_state_counts(self) -> dict[tuple[int, int], int]:
        off = self.spec.offset
        return {(a + off, d): c for (a, d), c in zip(self.spec.end_states, self.counts)}

    def attackers_lost(self) -> list[int]:
        out = [0] * (self.spec.A0 + 1)
        for (a, _d), c in zip(self.spec.end_states, self.counts):
            out[self.spec.A0 - a] += c
        return out

    def defenders_lost(self) -> list[int]:
        out = [0] * (self.spec.D0 + 1)
        for (_a, d), c in zip(self.spec.end_states, self.counts):
            out[self.spec.D0 - d] += c
        return out

    def to_json(self) -> dict:
        s = self.spec
        runs = self.runs
        return {
            "format": FORMAT, "format_version": FORMAT_VERSION,
            "attackers": s.attackers, "defenders": s.defenders, "convention": s.convention,
            "attacking_armies": s.A0, "retreat_at": s.retreat_at,
            "defender_goal": s.defender_goal, "mode": s.mode, "rules": s.rules.to_dict(),
            "seed": self.seed, "generator": "Philox4x32-10", "schedule": self.schedule,
            "dice": "Lemire multiply-shift with rejection over faces**dice (one 32-bit word)",
            "runs": runs, "requested_runs": self.requested_runs, "complete": self.complete,
            "run_ranges": self.run_ranges, "target_range": self.target_range,
            "attackers_lost": self.attackers_lost(),
            "defenders_lost": self.defenders_lost(),
            "end_states": [{"attackers": a, "defenders": d, "count": c}
                           for (a, d), c in self.end_state_counts().items()],
            "backend": self.backend, "device": self.device, "kernel": self.kernel,
            "wall_time_s": round(self.wall_time_s, 3),
            "runs_per_s": (runs / self.wall_time_s) if self.wall_time_s > 0 else None,
            "git_commit": self.git_commit, "created_utc": self.created_utc,
            "notes": self.notes,
        }

    @classmethod
    def from_json(cls, obj: dict) -> "SimulationResult":
        """Rebuild a record, refusing anything inconsistent (ValueError, never another
        exception): the histogram is re-derived and checked against ``runs`` and
        ``attackers_lost``."""
        if not isinstance(obj, dict) or obj.get("format") != FORMAT:
            raise ValueError("not a riskodds-simulation result file")
        if obj.get("format_version") != FORMAT_VERSION or type(obj["format_version"]) is not int:
            raise ValueError(f"format_version {obj.get('format_version')!r} is not one this "
                             f"pipeline reads (it reads {FORMAT_VERSION})")
        try:
            return cls._from_json(obj)
        except (KeyError, TypeError, AttributeError, OverflowError) as e:
            raise ValueError(f"damaged result file ({type(e).__name__}: {e})") from None

    @classmethod
    def _from_json(cls, obj: dict) -> "SimulationResult":
        spec = BattleSpec(obj["attackers"], obj["defenders"], obj["convention"],
                          RoundRules(**obj["rules"]), obj["retreat_at"], obj["defender_goal"],
                          obj["mode"])
        index = {st: i for i, st in enumerate(spec.end_states)}
        counts, seen = [0] * len(index), set()
        for e in obj["end_states"]:
            key = (e["attackers"] - spec.offset, e["defenders"])
            if key not in index:
                raise ValueError(f"end state {key} is not terminal for this battle")
            if key in seen:
                raise Inconsistent(f"inconsistent: end state {key} is listed twice")
            seen.add(key)
            if type(e["count"]) is not int or e["count"] < 0:  # a bool is no count
                raise ValueError(f"end state {key}: count {e['count']!r} is not a whole number >= 0")
            counts[index[key]] = e["count"]
        res = cls(spec, int(obj["seed"]), counts, obj["run_ranges"], list(obj["target_range"]),
                  obj.get("backend", ""), obj.get("device", ""), obj.get("kernel", {}),
                  float(obj.get("wall_time_s") or 0.0), obj.get("git_commit"),
                  obj.get("created_utc", ""), bool(obj.get("complete", True)),
                  obj.get("schedule", SCHEDULE), obj.get("notes", ""),
                  obj.get("requested_runs"))
        if res.runs != int(obj["runs"]) or res.attackers_lost() != [int(x) for x in obj["attackers_lost"]]:
            raise ValueError("result file is inconsistent: runs/attackers_lost vs end_states")
        return res

    def save(self, path: str | os.PathLike):
        write_json_atomic(path, self.to_json())

    @classmethod
    def load(cls, path: str | os.PathLike) -> "SimulationResult":
        """Read a result file; ValueError naming the file when it is not a valid one (OSError
        when it cannot be read at all; a FIFO or device is refused, never waited on)."""
        require_regular_input(path)
        with open(path, encoding="utf-8") as f:
            try:
                obj = json.load(f)
            except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as e:
                raise ValueError(f"{path}: not a JSON file ({e})") from None
        try:
            return cls.from_json(obj)
        except ValueError as e:
            raise ValueError(f"{path}: {e}") from None


def now_utc() -> str:
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat()


def merge(results: list[SimulationResult]) -> SimulationResult:
    """Add histograms of disjoint run ranges of the same battle, seed and schedule."""
    if not results:
        raise ValueError("nothing to merge")
    first = results[0]
    for r in results[1:]:
        if (r.spec, r.seed, r.schedule, r.requested_runs) != (
                first.spec, first.seed, first.schedule, first.requested_runs):
            raise ValueError("can only merge shards of the same battle, mode, seed, schedule "
                             "and requested runs")
    ranges = normalize_ranges([rg for r in results for rg in r.run_ranges])
    counts = [sum(c) for c in zip(*(r.counts for r in results))]
    targets = [r.target_range for r in results]
    target = [min(t[0] for t in targets), max(t[1] for t in targets)]
    backends = sorted({r.backend for r in results})
    devices = sorted({r.device for r in results})
    out = replace(first, counts=counts, run_ranges=ranges, target_range=target,
                  backend=backends[0] if len(backends) == 1 else "+".join(backends),
                  device=devices[0] if len(devices) == 1 else " + ".join(devices),
                  wall_time_s=sum(r.wall_time_s for r in results),  # summed device time
                  complete=ranges == [[0, first.requested_runs]] and all(r.complete for r in results),
                  created_utc=now_utc(),
                  notes=f"merged from {len(results)} parts; wall_time_s is their sum")
    out.check()
    return out
