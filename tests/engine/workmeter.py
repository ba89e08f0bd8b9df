"""Measured big-integer work of the engine's algorithms, for checking the cost model.

The cost model (riskodds/guards/cost.py) predicts work in bit-steps: for every value an
algorithm handles, its bits times the multiplications by round weights it takes part in. Here
the same counts are measured on the real generators, from the outside: every state the flow
yields, every exit the lattice yields, every cell a sweep yields, with the bits of its actual
value. The algorithms do the same work whether or not anyone watches their output.
"""
from riskodds.algorithms import flow
from riskodds.algorithms.sweep import win_lines
from riskodds.checks.model import as_model, scale_for
from riskodds.guards.cost import round_steps, uses_lattice


def battle_work(A, D, rules, retreat=0, goal=0):
    """Measured (flow bit-steps, lattice bit-steps, states the flow visits) of a battle from (A, D)
    attacking armies."""
    model = as_model(rules)
    scale = scale_for(model)
    ma, md = model.attack_dice, model.defend_dice
    lattice = 0.0
    if uses_lattice(A, D, model, retreat, goal):
        m = model.full_round_armies
        for _, exits in flow.full_region_exits(A, D, model, retreat, goal, scale):
            lattice += (m + 1) * sum(v[0].bit_length() for v in exits.values())
    work, states = 0.0, 0
    for (a, d), v in flow.flow(flow.start_mass(A, D, model, retreat, goal, scale), model, retreat, goal, scale):
        if a > retreat and d > goal:
            work += v[0].bit_length() * round_steps(model, min(ma, a), min(md, d))
            states += 1
    return work, lattice, states


def sweep_work(lines, length, rules):
    """Measured bit-steps of a backward sweep by attackers, lines 0..lines of length + 1 states."""
    model = as_model(rules)
    scale = scale_for(model)
    ma, md = model.attack_dice, model.defend_dice
    work = 0.0
    for a, line in win_lines(model, scale, length, "attackers"):
        if a > lines:
            return work
        for d, v in enumerate(line):
            if a and d:
                work += v[0].bit_length() * round_steps(model, min(ma, a), min(md, d))


def plan_work(run):
    """Measured work of the plan recursion (algorithms/plan.py) while `run()` computes: the
    sweeps (v, S, c) it makes; with conquest kernels their terms (one product each) and the bits
    of those products; with backward sweeps the cells they yield and their bit-steps (bits of each
    value times its round's outcomes); and the move splits it weighs in floats (pairs (t, m)).
    Returns ({"sweeps", "terms", "term_bits", "cells", "bit_steps", "pairs"}, run's result)."""
    from riskodds.algorithms import plan
    from riskodds.algorithms import sweep

    counts = {"sweeps": 0, "terms": 0, "term_bits": 0.0, "cells": 0, "bit_steps": 0.0, "pairs": 0}
    real_lines, real_best, real_expected = plan.win_lines, plan._near_best, plan.expected

    def lines(model, scale, length, by="attackers", **kw):
        model = as_model(model)
        ma, md = model.attack_dice, model.defend_dice
        for a, line in sweep.win_lines(model, scale, length, by, **kw):
            counts["cells"] += len(line)
            if a:
                counts["bit_steps"] += sum(v[0].bit_length() * round_steps(model, min(ma, a), min(md, d))
                                           for d, v in enumerate(line) if d)
            yield a, line

    def expected(solved, target, worth):
        counts["sweeps"] += 1
        if solved.T <= plan.KERNEL_MAX:
            rows = solved.kernel_of(target)
            top = max((w[0].bit_length() for w in worth[2:] if w[0]), default=0)
            for t in range(2, solved.T + 1):
                counts["terms"] += t - 1
                counts["term_bits"] += (t - 1) * (max((x.bit_length() for x in rows[t][1]), default=0) + top)
        return real_expected(solved, target, worth)

    def best(f, g, lo, t, T):
        counts["pairs"] += t - lo
        return real_best(f, g, lo, t, T)

    plan.win_lines, plan._near_best, plan.expected = lines, best, expected
    try:
        result = run()
    finally:
        plan.win_lines, plan._near_best, plan.expected = real_lines, real_best, real_expected
    return counts, result


def path_align_work(A, D, a, d, rules, power):
    """Measured alignment work of P((A, D) -> (a, d)) (flow.passage): for every value the flow
    brings to a larger denominator, its bits times (the bits of the power it is multiplied by)
    ** power."""
    import math
    from riskodds.maths.scaled import Scale
    model = as_model(rules)
    scale = scale_for(model)
    total = [0.0]
    real = Scale.align

    def align(self, value, exps):
        num, own = value
        if own != exps and num:
            extra = sum((e - o) * math.log2(b) for b, e, o in zip(self.bases, exps, own))
            total[0] += num.bit_length() * extra ** power
        return real(self, value, exps)
    Scale.align = align
    try:
        flow.passage(A, D, a, d, model, 0, 0, scale)
    finally:
        Scale.align = real
    return total[0]


def exact_lists_bits(A, D, rules, power):
    """Measured sum over the exact loss lists of a fight to the end (attackers_lost and
    defenders_lost, in lowest terms) of (numerator bits ** power + denominator bits ** power) / 2."""
    import riskodds as ro
    b = ro.battle(A, D, convention="attacking", rules=rules)
    return sum((f.numerator.bit_length() ** power + f.denominator.bit_length() ** power) / 2
               for f in b.attackers_lost + b.defenders_lost)
