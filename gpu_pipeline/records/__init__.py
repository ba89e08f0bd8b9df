"""Layer 3, records: what a run leaves behind. ``results`` (exact histograms with provenance,
JSON in and out, atomic writes, merge), ``progress`` (the progress bar and a benchmark timer)."""
