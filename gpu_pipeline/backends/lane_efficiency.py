"""Predicted lane efficiency of the battle kernels: the share of a warp's lane-rounds that play
a round (the others wait for their warp). Floats: a prediction from the exact round odds, to be
set beside the GPU's measured speeds (the evidence run records both).

Battle length. A battle plays rounds until a <= stop_a or d <= stop_d; L is their number. One
forward pass over the states gives its distribution: start with mass 1 on (A0, D0); each round
moves the mass of every live state (a, d) to (a - j, d - m + j) with the round's probability of
j attacker losses (m = min of the dice); mass that reaches an end state after r rounds is
P(L = r). Every round removes an army, so L <= A0 + D0 and the pass ends.

strided (risk_battle.cu): a thread plays one battle, then the next; the 32 lanes of a warp
advance together, so each battle takes as long as the longest of the 32 in flight. With
independent lanes, E[max of 32] = sum over l >= 0 of (1 - F(l)**32), F the distribution
function of L, and the efficiency is E[L] / E[max of 32].

lockstep (lockstep_battle.cu): steps of s = 4 rounds, a finished lane takes a new battle at the
next step boundary, so a battle of L rounds occupies s ceil(L / s) round slots and no lane
waits for another one: E[L] / E[s ceil(L / s)] in the steady state. At the end of a block the
lanes run dry one by one; that tail is about one battle per lane against the runs_per_thread
battles a lane plays, so it is left out of the steady-state figure.
"""
from __future__ import annotations

from ..rounds.spec import BattleSpec
from ..rounds.tilt import LossCounts

WARP = 32
STEP = 4        # rounds per lockstep step: one Philox block feeds four rounds


def length_distribution(spec: BattleSpec, counts: LossCounts | None = None) -> list[float]:
    """P(L = r) for r = 0, 1, ..., the number of rounds a battle of ``spec`` lasts."""
    counts = counts or LossCounts.of_spec(spec)
    r = spec.rules
    live, out = {(spec.A0, spec.D0): 1.0}, []
    while live:
        ended = sum(p for (a, d), p in live.items() if spec.is_end(a, d))
        out.append(ended)
        nxt: dict = {}
        for (a, d), p in live.items():
            if spec.is_end(a, d):
                continue
            na, nd = min(a, r.attack_dice), min(d, r.defend_dice)
            m = min(na, nd)
            for j, q in enumerate(counts.probs((na, nd))):
                if q:
                    key = (a - j, d - m + j)
                    nxt[key] = nxt.get(key, 0.0) + p * q
        live = nxt
    return out


def predict(spec: BattleSpec, warp: int = WARP, step: int = STEP) -> dict:
    """Mean rounds, mean of the longest of ``warp``, slots per battle in steps of ``step``, and
    both kernels' predicted lane efficiency (module docstring)."""
    dist = length_distribution(spec)
    mean = sum(r * p for r, p in enumerate(dist))
    cdf, acc = [], 0.0
    for p in dist:
        acc += p
        cdf.append(min(acc, 1.0))
    mean_max = sum(1.0 - c ** warp for c in cdf)
    slots = sum(step * -(-r // step) * p for r, p in enumerate(dist))
    return {"battle": spec.describe(), "mean_rounds": mean, "mean_longest_of_warp": mean_max,
            "warp": warp, "step": step, "mean_step_slots": slots,
            "strided_efficiency": mean / mean_max, "lockstep_efficiency": mean / slots,
            "note": "floats from the exact round odds; lockstep: steady state, block tail left out"}
