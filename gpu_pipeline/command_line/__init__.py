"""Layer 8, command_line: ``python -m gpu_pipeline`` (``cli``)."""
