"""Layer 2, rounds: what one round of a battle does, as integer tables the kernels share.
``spec`` (the battle, its end states, packed tables and the kernel interface), ``round_decoder``
(a uniform value -> losses), ``standard_round`` (the compiled-in round of the lockstep
kernel and its word thresholds), ``tilt`` (tilted round probabilities over 2**32 for rare
events; ``LossCounts``), ``legacy_model`` (the earlier kernel's dice as round tables)."""
