"""TEST-ONLY helpers: rule sets chosen for what they exercise."""


def hardest_lemire_rules():
    """The allowed rules (faces within the engine's limits, capital dice) whose 3 v 3 round rejects
    the most 32-bit words in Lemire's method, so that the side stream is exercised often:
    with 100 faces allowed that is ~40 % of words, with 20 faces ~0.6 %."""
    from gpu_pipeline.rounds.spec import LIMITS

    from gpu_pipeline.rounds.spec import RoundRules
    faces = range(LIMITS["min_faces"], LIMITS["max_faces"] + 1)
    rate, fa, fd = max(((2 ** 32 % (a ** 3 * d ** 3)) / 2 ** 32, a, d) for a in faces for d in faces
                       if a ** 3 * d ** 3 <= 2 ** 32)
    assert rate > 0.004
    return RoundRules(defend_dice=3, attack_faces=fa, defend_faces=fd)


def _rule_variants():
    from gpu_pipeline.rounds.spec import BattleSpec, RoundRules
    capital = RoundRules(defend_dice=3)
    return [
        BattleSpec(30, 30, "territory", capital, retreat_at=6, defender_goal=3, mode="dice"),
        BattleSpec(30, 30, "territory", capital, retreat_at=6, defender_goal=3, mode="outcome"),
        BattleSpec(20, 15, "attacking", RoundRules(ties="attacker", defender_bonus="highest",
                                                   attack_faces=8), mode="dice"),
        BattleSpec(20, 15, "attacking", RoundRules(ties="attacker", defender_bonus="both",
                                                   defend_faces=20, defend_dice=3),
                   mode="outcome"),
        # the most Lemire rejections the limits allow: the side stream is exercised
        BattleSpec(25, 12, "attacking", hardest_lemire_rules(), mode="dice"),
    ]


RULE_VARIANTS = _rule_variants()  # rule sets, stop rules and modes a kernel must get right


def variant_id(spec) -> str:
    return f"{spec.A0}v{spec.D0}-{spec.mode}-{spec.rules.ties}-{spec.rules.defender_bonus}"
