"""TEST-ONLY helpers: rule sets chosen for what they exercise."""


def hardest_lemire_rules():
    """The allowed rules (faces within the engine's limits, capital dice) whose 3 v 3 round rejects
    the most 32-bit words in Lemire's method, so that the side stream is exercised often:
    with 100 faces allowed that is ~40 % of words, with 20 faces ~0.6 %."""
    from gpu_pipeline.spec import LIMITS

    from gpu_pipeline.spec import RoundRules
    faces = range(LIMITS["min_faces"], LIMITS["max_faces"] + 1)
    rate, fa, fd = max(((2 ** 32 % (a ** 3 * d ** 3)) / 2 ** 32, a, d) for a in faces for d in faces
                       if a ** 3 * d ** 3 <= 2 ** 32)
    assert rate > 0.004
    return RoundRules(defend_dice=3, attack_faces=fa, defend_faces=fd)
