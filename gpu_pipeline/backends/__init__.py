"""Layer 4, backends: where battles are played. ``kernel_source`` (the ``.cu`` files and their
``-D`` options), ``kernel_variants`` (strided, lockstep, legacy: what a launch takes),
``numpy_backend`` (the bit-identical twin), ``rare_numpy`` (twin of the rare-event kernel),
``cuda_backend`` (CuPy), ``host_shim`` (the kernel source built as host C++, CI's proof of
bit identity), ``lane_efficiency`` (the share of lane-rounds each kernel keeps busy)."""
