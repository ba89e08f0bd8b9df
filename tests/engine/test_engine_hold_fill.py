"""The opponent's turn filled in blocks (algorithms/hold_fill.py) against RealTurn(need="any"), the
search written apart from it (one state at a time, every dice, tuples for states): every state of
every block has RealTurn's value, under the printed dice and under rules whose dice differ (ties to
the attacker, three defence dice, one defence die, eight-sided dice, weighted dice), with blocks
grown in several steps (new front vectors, new starts, fronts expected before they are filled).

The dice that the fill does not try (`worth_trying`) are checked exactly: from every state of a
block, no dice dropped is worth more than the best of those kept (exact values, every dice)."""
import itertools

import pytest

import riskodds as ro
from riskodds.algorithms import hold as holding
from riskodds.algorithms import hold_fill
from riskodds.algorithms import real_turn as search
from riskodds.checks.hold_request import read_hold

ME, THEM = "you", "red"
# Africa's front in small: stacks sharing territories, territories sharing stacks
MINE = {"North Africa": 1, "Egypt": 2, "East Africa": 1, "Congo": 2}
THEIRS = {"Brazil": 3, "Southern Europe": 3, "Middle East": 4}
HOLD = ["North Africa", "Egypt", "East Africa"]
RULES = {
    "printed": ro.Rules(),
    "ties to the attacker": ro.Rules(ties="attacker"),
    "three defence dice": ro.Rules(defend_dice=3),
    "one defence die": ro.Rules(defend_dice=1),
    "eight-sided attack": ro.Rules(attack_faces=8),
    "weighted defence": ro.Rules(defend_weights=(1, 1, 1, 1, 2, 3)),
    "two attack dice": ro.Rules(attack_dice=2),
}
# (front vectors, stack starts, fronts expected first) per step; stacks (Brazil, Southern Europe,
# Middle East), 0 where below 2
STEPS = [
    ([(2, 3, 1)], [(3, 2, 4)], []),
    ([(3, 2, 2)], [(5, 3, 6), (2, 6, 0)], [(1, 4, 3)]),
    ([(1, 4, 3)], [(6, 6, 6)], []),
]


def _solvers(rules, dice):
    position = {t: {"owner": THEM, "armies": a} for t, a in THEIRS.items()}
    position.update({t: {"owner": ME, "armies": a} for t, a in MINE.items()})
    q = read_hold(position, ME, 2, HOLD, THEM, 2, "adjacent", rules, "dice", dice)
    lay = holding.hold_layout(q.models, q.front, q.stacks)
    fast = holding.BreakTurn(lay, q.min_move, q.dice, q.scale, True, [6, 6, 6, 8, 8, 8])
    plain = search.RealTurn(lay, q.min_move, q.dice, q.scale, True, need="any")
    return q, fast, plain


def _below(fronts, starts):
    cells = {c for v in fronts for c in itertools.product(*(range(1, d + 1) for d in v))}
    tuples = {t for s in starts for t in itertools.product(*([0] + list(range(2, a + 1)) for a in s))}
    return [tuple(-d for d in c) + t for c in sorted(cells) for t in sorted(tuples)]


@pytest.mark.parametrize("dice", ["choose", "most"])
@pytest.mark.parametrize("name", list(RULES))
def test_every_filled_state_has_the_real_turns_value(name, dice):
    q, fast, plain = _solvers(RULES[name], dice)
    fill = hold_fill.Fill(fast)
    fronts, starts = [], []
    for new_fronts, new_starts, expected in STEPS:
        fill.expect(expected)
        fill.fill(new_fronts, new_starts)
        fronts += new_fronts + expected
        starts += new_starts
        states = _below(fronts, starts)
        assert fill.states >= len(states)
        for s in states:
            got = fast.values[fast.key(s)]
            want = plain.value(s)
            assert got == pytest.approx(want, rel=1e-12, abs=1e-300), (name, s)
    # and the exact values the answers read through the filled memo
    for s in states[::7]:
        assert q.scale.fraction(fast.exact(s)) == q.scale.fraction(plain.exact(s)), (name, s)


@pytest.mark.parametrize("name", list(RULES))
def test_no_dice_dropped_is_worth_more_than_those_kept(name):
    """From every state below the largest step, for every stack and territory: the best exact value
    over every dice equals the best over the dice kept."""
    q, fast, plain = _solvers(RULES[name], "choose")
    dropped = 0
    for s in _below([(3, 3, 3)], [(5, 4, 6)]):
        s = plain.canonical(s)
        for y in range(fast.lay.k):
            d = -s[y]
            cls = min(d, len(fast.by_defenders[y]) - 1)
            for x in fast.lay.attackers[y]:
                a = s[x]
                if a < 2:
                    continue
                top = min(fast.most_attack[y], a - 1)
                kept = fast.kept_dice(y, cls, top)
                every = {n: plain.exact_q(s, x, y, n) for n in range(top, 0, -1)}
                best_all = max(q.scale.fraction(v) for v in every.values())
                best_kept = max(q.scale.fraction(every[n]) for n in kept)
                assert best_kept == best_all, (name, s, x, y, kept)
                dropped += top - len(kept)
    if name == "printed":
        assert dropped > 0          # the printed dice do drop some


def test_the_printed_dice_kept():
    """Against 1 defender only the most dice; against 2, three dice and one (two are dominated
    by three); with dice "most", the most; where M2 is not shown (three defence dice), every dice
    against more than one defender."""
    q, fast, _ = _solvers(ro.Rules(), "choose")
    assert fast.monotone == (True, True, True)
    assert fast.kept_dice(0, 1, 3) == (3,)
    assert fast.kept_dice(0, 2, 3) == (3, 1)
    assert fast.kept_dice(0, 2, 2) == (2, 1)
    assert fast.kept_dice(0, 1, 1) == (1,)
    _, most, _ = _solvers(ro.Rules(), "most")
    assert most.kept_dice(0, 2, 3) == (3,)
    _, three, _ = _solvers(ro.Rules(defend_dice=3), "choose")
    assert three.monotone == (False, False, False)
    assert three.kept_dice(0, 2, 3) == (3, 2, 1)
    assert three.kept_dice(0, 1, 3) == (3,)


def test_m2_needs_its_condition():
    """A model whose defender with 2 dice makes the attacker lose less often than with 1 is not
    taken as monotone (the condition of the module docstring, checked exactly), and keeps every dice
    against 2 defenders; its values still equal RealTurn's."""
    from riskodds.checks.model import RoundModel
    tables = {(1, 1): {(1, 0): 1, (0, 1): 1}, (1, 2): {(1, 0): 1, (0, 1): 3},
              (2, 1): {(1, 0): 1, (0, 1): 1}, (2, 2): {(2, 0): 1, (1, 1): 1, (0, 2): 2}}
    q, fast, plain = _solvers(RoundModel.from_tables(tables), "choose")
    assert fast.monotone == (False, False, False)
    assert fast.kept_dice(0, 2, 2) == (2, 1)
    fill = hold_fill.Fill(fast)
    fill.fill([(3, 3, 3)], [(4, 4, 4)])
    for s in _below([(3, 3, 3)], [(4, 4, 4)]):
        assert fast.values[fast.key(s)] == pytest.approx(plain.value(s), rel=1e-12, abs=1e-300)
