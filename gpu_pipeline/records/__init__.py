"""Layer 3, records: what a run leaves behind. ``files`` (atomic writes that never replace
what is not a regular file; inputs that are regular files), ``results`` (exact histograms with
provenance, JSON in and out, merge), ``progress`` (the progress bar and a benchmark timer)."""
