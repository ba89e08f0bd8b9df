"""Draw schedule, Lemire rejection and dice decoding: exact, and the same everywhere."""
import numpy as np
import pytest
from pipeline_rules import hardest_lemire_rules

from gpu_pipeline.rounds.round_decoder import enumerate_round, losses_from_dice, losses_from_outcome
from gpu_pipeline.backends.numpy_backend import simulate_range
from gpu_pipeline.streams.schedule import lemire_threshold, redraw_np, round_value, seed_key
from gpu_pipeline.rounds.spec import BONUS_CODES, BattleSpec, RoundRules, pack_tables, table_key

REFERENCE_ROUNDS = {  # risk-reference.md section 2
    (3, 2): {(0, 2): 2890, (1, 1): 2611, (2, 0): 2275},
    (2, 2): {(0, 2): 295, (1, 1): 420, (2, 0): 581},
    (3, 1): {(0, 1): 855, (1, 0): 441}, (2, 1): {(0, 1): 125, (1, 0): 91},
    (1, 2): {(0, 1): 55, (1, 0): 161}, (1, 1): {(0, 1): 15, (1, 0): 21},
    (1, 3): {(0, 1): 225, (1, 0): 1071},
}


@pytest.mark.parametrize("nand", sorted(REFERENCE_ROUNDS))
def test_dice_decoder_reproduces_reference_tables(nand):
    assert enumerate_round(*nand, 6, 6, False, 0) == REFERENCE_ROUNDS[nand]


VARIANTS = [(fa, fd, ties, bonus) for fa, fd in [(6, 6), (8, 6), (6, 8), (20, 3)]
            for ties in ("defender", "attacker") for bonus in ("none", "highest", "both")]


@pytest.mark.parametrize("fa,fd,ties,bonus", VARIANTS)
def test_dice_decoder_equals_engine_outcome_space(engine, fa, fd, ties, bonus):
    rules = engine.Rules(attack_faces=fa, defend_faces=fd, ties=ties, defender_bonus=bonus,
                         defend_dice=3)
    for na in (1, 2, 3):
        for nd in (1, 2, 3):
            exact = {k: v for k, v in engine.outcome_space(na, nd, rules).items() if v}
            assert enumerate_round(na, nd, fa, fd, ties == "attacker", BONUS_CODES[bonus]) == exact


def test_outcome_tables_from_engine_and_outcome_decoder(engine):
    spec = BattleSpec(5, 5, "attacking", RoundRules(defend_dice=3))
    tab = pack_tables(spec)
    assert list(tab[table_key(3, 2)]) == [7776, 2 ** 32 % 7776, 2890, 2890 + 2611, 7776]
    for na in (1, 2, 3):
        for nd in (1, 2, 3):
            S, _, c0, c1, c2 = (int(x) for x in tab[table_key(na, nd)])
            lost = losses_from_outcome(np.arange(S, dtype=np.uint64), c0, c1, c2)
            m = min(na, nd)
            got = {(j, m - j): int(n) for j, n in enumerate(np.bincount(lost)) if n}
            exact = {k: v for k, v in engine.outcome_space(na, nd, spec.rules.to_engine()).items() if v}
            assert got == exact


def test_lemire_threshold_values():
    assert lemire_threshold(7776) == 2560  # 2**32 = 552336 * 7776 + 2560
    assert lemire_threshold(6) == 4
    assert lemire_threshold(2 ** 16) == 0


def test_lemire_is_exactly_uniform_on_a_scaled_down_word():
    # Same rule on a 16-bit word: every value must be hit by exactly floor(2**16 / S) words.
    for S in (6, 36, 7776 % 4099, 1000):
        t = (1 << 16) % S
        x = np.arange(1 << 16, dtype=np.uint64)
        m = x * np.uint64(S)
        ok = (m & np.uint64(0xFFFF)) >= t
        hits = np.bincount((m[ok] >> np.uint64(16)).astype(np.int64), minlength=S)
        assert (hits == (1 << 16) // S).all()


def test_seed_key_range():
    assert seed_key(7) == (7, 0)
    assert seed_key(2 ** 40 + 3) == (3, 2 ** 8)
    with pytest.raises(ValueError):
        seed_key(2 ** 64)


def test_redraw_matches_scalar_reference():
    # A space just above 2**31 rejects ~37 % of words: exercises several side-stream words.
    S = 77 ** 5
    seed = 99
    runs = np.arange(2 ** 32 - 50, 2 ** 32 + 50, dtype=np.uint64)
    key = seed_key(seed)
    m = redraw_np(runs & np.uint64(0xFFFFFFFF), runs >> np.uint64(32), 5,
                  np.full(runs.size, S, np.uint64), np.full(runs.size, lemire_threshold(S), np.uint64), key)
    v = (m >> np.uint64(32)).astype(np.int64)
    assert (v < S).all()
    from gpu_pipeline.streams.philox import philox4x32_10
    for i, n in enumerate(runs.tolist()):
        # the scalar reference on a round whose main word is rejected must land on the same value
        lo, hi = n & 0xFFFFFFFF, n >> 32
        w = philox4x32_10((lo, hi, 5 >> 2, 0), key)[5 & 3]
        if (w * S) & 0xFFFFFFFF < lemire_threshold(S):
            assert round_value(seed, n, 5, S) == v[i]


def play_reference(spec, seed, run):
    """One battle with the scalar schedule: the slow, obvious definition of a run."""
    r = spec.rules
    tab = pack_tables(spec) if spec.mode == "outcome" else None
    a, d, k = spec.A0, spec.D0, 0
    while not spec.is_end(a, d):
        na, nd = min(a, r.attack_dice), min(d, r.defend_dice)
        S = r.attack_faces ** na * r.defend_faces ** nd
        v = round_value(seed, run, k, S)
        if spec.mode == "outcome":
            lost = int(losses_from_outcome(v, *(int(c) for c in tab[table_key(na, nd), 2:])))
        else:
            lost = int(losses_from_dice(np.array([v]), na, nd, r.attack_faces, r.defend_faces,
                                        r.ties == "attacker", BONUS_CODES[r.defender_bonus])[0])
        a, d, k = a - lost, d - (min(na, nd) - lost), k + 1
    return spec.end_states.index((a, d))


SPECS = [
    BattleSpec(75, 10, "attacking", mode="outcome"),
    BattleSpec(75, 10, "attacking", mode="dice"),
    BattleSpec(12, 9, "territory", RoundRules(defend_dice=3, ties="attacker", defender_bonus="both"),
               retreat_at=4, defender_goal=2, mode="dice"),
    BattleSpec(14, 6, "attacking", hardest_lemire_rules(), mode="dice"),
]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: f"{s.A0}v{s.D0}-{s.mode}-f{s.rules.attack_faces}")
def test_numpy_backend_follows_the_scalar_schedule(engine, spec):
    seed, start, n = 2 ** 33 + 5, 2 ** 32 - 40, 80  # run ids cross the 32-bit boundary
    hist = simulate_range(spec, seed, start, n, chunk=32)
    ref = np.bincount([play_reference(spec, seed, start + i) for i in range(n)],
                      minlength=len(spec.end_states))
    assert hist.tolist() == ref.tolist()


def test_round_rules_take_their_limits_from_the_engine():
    from gpu_pipeline.rounds.spec import LIMITS
    top, low = LIMITS["max_faces"], LIMITS["min_faces"]
    assert RoundRules(attack_faces=top, defend_faces=low).attack_faces == top
    for bad in (dict(attack_faces=top + 1), dict(defend_faces=low - 1),
                dict(attack_dice=LIMITS["max_dice"] + 1), dict(ties="nobody")):
        with pytest.raises(ValueError, match=next(iter(bad))):
            RoundRules(**bad)
    big = BattleSpec(LIMITS["max_armies"], 1, "attacking")
    assert big.end_states[-1] == (LIMITS["max_armies"], 0)
    with pytest.raises(ValueError, match="max_armies"):
        BattleSpec(LIMITS["max_armies"] + 1, 1, "attacking")
