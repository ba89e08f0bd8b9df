"""Layer 7, evidence: the GPU evidence run. ``steps`` (each step and its sizes), ``sequence``
(the resumable driver: value order, the time budget)."""
