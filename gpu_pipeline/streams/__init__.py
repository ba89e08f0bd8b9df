"""Layer 1, streams: the random numbers. ``philox`` (Philox4x32-10 and its Random123 known
answers), ``schedule`` (which 32-bit word each round of each run uses: main and side streams),
``mrg32k3a`` (the legacy re-creation's generator, started per thread as ``curand_init``
does). Knows no rules of Risk."""
