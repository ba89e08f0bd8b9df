"""What is simulated: one battle setup (armies, convention, rules, stop rules, mode) and the
integer tables the backends share. Pure data, no randomness.

Conventions: ``attackers`` (and ``retreat_at``) are in the record's ``convention``:
"attacking" = armies that fight (all may die); "territory" = armies on the territory, T = A + 1.
The names and offsets (T - A) are the engine's (``riskodds.describe()["conventions"]``), never
typed here. Internally every backend works in ATTACKING armies (``A0``); results are converted
back.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from functools import cached_property

import numpy as np
import riskodds

from ..streams.schedule import TWO32, lemire_threshold, seed_key

_ENGINE_FACTS = riskodds.describe()          # the engine's published limits and conventions
LIMITS = _ENGINE_FACTS["limits"]
CONVENTION_FACTS = _ENGINE_FACTS["conventions"]   # [{"name", "offset", "label", ...}]
CONVENTION_OFFSETS = {c["name"]: c["offset"] for c in CONVENTION_FACTS}
CONVENTIONS = tuple(CONVENTION_OFFSETS)      # ("attacking", "territory")
MODES = ("dice", "outcome")
BONUS_CODES = {"none": 0, "highest": 1, "both": 2}
# Largest (A0 + 1) * (D0 + 1): every backend keeps an int32 end-state lookup of that many cells
# (128 MiB here), and the kernels index it with 32-bit ints.
MAX_GRID_CELLS = 1 << 25

# The round table every backend shares: row table_key(na, nd) for na, nd dice rolled (1..3).
KEY_STRIDE = 4                       # dice counts 0..3 per side
TABLE_KEYS = KEY_STRIDE * KEY_STRIDE
TABLE_WIDTH = 5                      # per row: S, t, cum0, cum1, cum2
TABLE_WORDS = TABLE_KEYS * TABLE_WIDTH
# The tilted tables of the rare-event kernel (tilt.py), rows table_key(na, nd) as well:
THRESHOLD_WIDTH = 3                  # cumulative Q(0), Q(0..1), Q(0..2) over 2**32
RATIO_WIDTH = 4                      # log p(j) - log q(j) for attacker losses j = 0..3


def table_key(na, nd):
    """Row of the round table for na attacking and nd defending dice (ints or arrays)."""
    return na * KEY_STRIDE + nd


def kernel_defines() -> dict[str, int]:
    """The sizes the CUDA kernels are compiled with (as -D options; see kernel_source.py)."""
    return {"RK_KEY_STRIDE": KEY_STRIDE, "RK_TABLE_WIDTH": TABLE_WIDTH,
            "RK_TABLE_WORDS": TABLE_WORDS, "RK_THRESHOLD_WIDTH": THRESHOLD_WIDTH,
            "RK_RATIO_WIDTH": RATIO_WIDTH}


@dataclass(frozen=True)
class RoundRules:
    """Mirror of ``riskodds.Rules`` (same field names and meaning). Every field is checked by
    the engine's own ``Rules`` against the engine's limits (faces, dice: one source of truth); the pipeline adds one limit of its own, one 32-bit draw per round."""
    attack_dice: int = 3
    defend_dice: int = 2
    attack_faces: int = 6
    defend_faces: int = 6
    ties: str = "defender"           # who wins a tied pair: "defender" or "attacker" (zombies)
    defender_bonus: str = "none"     # "none" | "highest" (+1 top die) | "both" (+1 every die)

    def __post_init__(self):
        self.to_engine()  # raises ValueError naming the field and the engine's limit
        if self.attack_faces ** self.attack_dice * self.defend_faces ** self.defend_dice > TWO32:
            raise ValueError("faces**dice of one round must be at most 2**32 (one 32-bit draw)")

    def to_dict(self) -> dict:
        return asdict(self)

    def to_engine(self):
        return riskodds.Rules(**asdict(self))


@dataclass(frozen=True)
class BattleSpec:
    """A battle to simulate. ``attackers``/``retreat_at`` in ``convention``; defenders are the
    same in both conventions. ``defender_goal``: the attacker stops (wins) once the defender has
    at most this many armies. ``retreat_at``: the attacker stops with at most this many left."""
    attackers: int
    defenders: int
    convention: str
    rules: RoundRules = field(default_factory=RoundRules)
    retreat_at: int | None = None
    defender_goal: int = 0
    mode: str = "outcome"

    def __post_init__(self):
        if self.convention not in CONVENTIONS:
            raise ValueError(f"convention must be one of {CONVENTIONS}, got {self.convention!r}")
        if self.mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, got {self.mode!r}")
        low = 1 + CONVENTION_OFFSETS[self.convention]  # at least one army that fights
        top = LIMITS["max_armies"]
        for name, lo in (("attackers", low), ("defenders", 1)):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= top:
                raise ValueError(f"{name} must be a whole number from {lo} to {top:,} "
                                 f"({self.convention} armies; max_armies of the engine's limits), "
                                 f"got {v!r}")
        cells = (self.A0 + 1) * (self.D0 + 1)
        if cells > MAX_GRID_CELLS:
            raise ValueError(
                f"a {self.attackers} v {self.defenders} battle has {cells:,} (attackers, "
                f"defenders) cells, more than the pipeline's limit of {MAX_GRID_CELLS:,} "
                f"(spec.MAX_GRID_CELLS: the end-state lookup every backend keeps in memory); "
                f"try fewer armies")
        if not 0 <= self.defender_goal < self.defenders:
            raise ValueError("defender_goal must be in 0..defenders-1")
        if self.retreat_at is not None and not 0 <= self.retreat_at < self.attackers:
            raise ValueError("retreat_at must be in 0..attackers-1 (call's convention)")

    # ---- attacking-army view used by every backend
    @property
    def offset(self) -> int:
        """Territory armies minus attacking armies (the engine's offset: 0 or 1)."""
        return CONVENTION_OFFSETS[self.convention]

    @property
    def A0(self) -> int:
        return self.attackers - self.offset

    @property
    def D0(self) -> int:
        return self.defenders

    @property
    def stop_a(self) -> int:
        """Battle ends when attacking armies <= stop_a."""
        if self.retreat_at is None:
            return 0
        return max(self.retreat_at - self.offset, 0)

    @property
    def stop_d(self) -> int:
        return self.defender_goal

    def is_end(self, a: int, d: int) -> bool:
        return a <= self.stop_a or d <= self.stop_d

    @cached_property
    def end_states(self) -> list[tuple[int, int]]:
        """Histogram bins: every terminal (attacking armies, defenders) a round can land on,
        sorted. A round removes at most 3 armies from a side, so states more than 2 below a
        stop line are unreachable and left out. Built from the two stop lines (about
        3 (A + D) states), never by scanning the whole grid."""
        A, D = self.A0, self.D0
        if self.is_end(A, D):
            return [(A, D)]  # nothing to fight: the only end state is the start
        a_lo, d_lo = max(0, self.stop_a - 2), max(0, self.stop_d - 2)
        out = []
        for a in range(a_lo, A + 1):
            if a <= self.stop_a:  # the attacker's stop line: every defender count
                out += [(a, d) for d in range(d_lo, D + 1)]
            else:                 # above it only the defender's stop line ends a battle
                out += [(a, d) for d in range(d_lo, min(self.stop_d, D) + 1)]
        return out

    @cached_property
    def bin_grid(self) -> np.ndarray:
        """int32 array, index a * (D0 + 1) + d -> bin number, -1 for non-terminal cells."""
        g = np.full((self.A0 + 1) * (self.D0 + 1), -1, dtype=np.int32)
        ends = np.array(self.end_states, dtype=np.int64).reshape(-1, 2)
        g[ends[:, 0] * (self.D0 + 1) + ends[:, 1]] = np.arange(len(ends), dtype=np.int32)
        return g

    def describe(self) -> dict:
        return {"attackers": self.attackers, "defenders": self.defenders,
                "convention": self.convention, "attacking_armies": self.A0,
                "retreat_at": self.retreat_at, "defender_goal": self.defender_goal,
                "mode": self.mode, "rules": self.rules.to_dict()}


def engine_outcome_space(na: int, nd: int, rules: RoundRules) -> dict:
    return riskodds.outcome_space(na, nd, rules.to_engine())


def pack_tables(spec: BattleSpec, outcome_space=None) -> np.ndarray:
    """uint32 table shared by every backend, shape (TABLE_KEYS, TABLE_WIDTH): row
    table_key(na, nd) = (S, t, cum0, cum1, cum2).

    S = faces_a**na * faces_d**nd, t = Lemire threshold, cum_j = number of the S rolls in which
    the attacker loses at most j armies (outcome mode; = S for j >= min(na, nd)). In dice mode
    the cumulative columns are not used and the engine is not consulted."""
    r = spec.rules
    tab = np.zeros((TABLE_KEYS, TABLE_WIDTH), dtype=np.uint64)
    for na in range(1, r.attack_dice + 1):
        for nd in range(1, r.defend_dice + 1):
            S = r.attack_faces ** na * r.defend_faces ** nd
            row = [S, lemire_threshold(S), S, S, S]
            if spec.mode == "outcome":
                counts = (outcome_space or engine_outcome_space)(na, nd, r)
                m = min(na, nd)
                if sum(counts.values()) != S:
                    raise ValueError(f"outcome_space({na}, {nd}) does not sum to {S}")
                acc = 0
                for j in range(m):
                    acc += sum(c for (la, ld), c in counts.items() if la == j)
                    row[2 + j] = acc
                for (la, ld), c in counts.items():
                    if la + ld != m and c:
                        raise ValueError("outcome_space: a round must remove min(na, nd) armies")
            tab[table_key(na, nd)] = row
    # values up to 2**32 do not fit uint32 only when S == 2**32, which the rules exclude
    return tab.astype(np.uint32)


# ---- the kernel interface: risk_battles(table, bin_of, bins, <these scalars, in this order>)
_C_RANGE = {t: (int(np.iinfo(t).min), int(np.iinfo(t).max)) for t in (np.uint64, np.uint32, np.int32)}
KERNEL_SCALARS = (
    ("run_start", np.uint64), ("run_count", np.uint64),
    ("seed_lo", np.uint32), ("seed_hi", np.uint32),
    ("A0", np.int32), ("D0", np.int32), ("stop_a", np.int32), ("stop_d", np.int32),
    ("attack_dice", np.int32), ("defend_dice", np.int32), ("mode", np.int32),
    ("faces_a", np.int32), ("faces_d", np.int32), ("ties_attacker", np.int32),
    ("bonus", np.int32), ("nbins", np.int32), ("use_shared", np.int32),
    ("runs_per_thread", np.int32),
)


def pack_scalars(params, values: dict) -> tuple:
    """``values`` as typed NumPy scalars in the order of ``params`` ((name, dtype) pairs);
    refuses values that do not fit their C type instead of letting them wrap."""
    out = []
    for name, dtype in params:
        v = int(values[name])
        lo, hi = _C_RANGE[dtype]
        if not lo <= v <= hi:
            raise ValueError(f"kernel argument {name} = {v} does not fit {np.dtype(dtype).name}")
        out.append(dtype(v))
    return tuple(out)


def kernel_args(spec: BattleSpec, seed: int, start: int, count: int, *, use_shared: bool,
                runs_per_thread: int) -> tuple:
    """The scalar arguments of ``risk_battles`` for run ids [start, start + count), used by the
    CUDA backend and the host shim alike."""
    lo, hi = seed_key(seed)
    r = spec.rules
    return pack_scalars(KERNEL_SCALARS, dict(
        run_start=start, run_count=count, seed_lo=lo, seed_hi=hi, A0=spec.A0, D0=spec.D0,
        stop_a=spec.stop_a, stop_d=spec.stop_d, attack_dice=r.attack_dice,
        defend_dice=r.defend_dice, mode=1 if spec.mode == "outcome" else 0,
        faces_a=r.attack_faces, faces_d=r.defend_faces,
        ties_attacker=1 if r.ties == "attacker" else 0, bonus=BONUS_CODES[r.defender_bonus],
        nbins=len(spec.end_states), use_shared=1 if use_shared else 0,
        runs_per_thread=runs_per_thread))


# rare_battles(thresholds, log_ratio, end_cell, log_weight, <these scalars, in this order>)
RARE_KERNEL_SCALARS = (
    ("run_start", np.uint64), ("run_count", np.uint64),
    ("seed_lo", np.uint32), ("seed_hi", np.uint32),
    ("A0", np.int32), ("D0", np.int32), ("stop_a", np.int32), ("stop_d", np.int32),
    ("attack_dice", np.int32), ("defend_dice", np.int32), ("runs_per_thread", np.int32),
)


def rare_kernel_args(spec: BattleSpec, stop_a: int, seed: int, start: int, count: int, *,
                     runs_per_thread: int) -> tuple:
    """The scalar arguments of ``rare_battles`` (battles stop at a <= stop_a, attacking armies,
    or d <= spec.stop_d), for the CUDA backend and the host shim alike."""
    lo, hi = seed_key(seed)
    return pack_scalars(RARE_KERNEL_SCALARS, dict(
        run_start=start, run_count=count, seed_lo=lo, seed_hi=hi, A0=spec.A0, D0=spec.D0,
        stop_a=stop_a, stop_d=spec.stop_d, attack_dice=spec.rules.attack_dice,
        defend_dice=spec.rules.defend_dice, runs_per_thread=runs_per_thread))


def launch_plan(start: int, count: int, per_block: int, max_grid: int):
    """(first run id, runs, blocks) of each launch covering [start, start + count): launches of
    at most ``max_grid`` blocks of ``per_block`` runs; the kernel's bound check handles the
    last block's remainder."""
    per_launch = per_block * max_grid
    for s in range(start, start + count, per_launch):
        n = min(per_launch, start + count - s)
        yield s, n, -(-n // per_block)
