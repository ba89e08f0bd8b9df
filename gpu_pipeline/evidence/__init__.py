"""Layer 7, evidence: the GPU evidence run. ``budget`` (the time arithmetic: estimates and
sizes from measured rates), ``devices`` (what the steps run on: the GPU, or the CPU profile's
host shim), ``steps`` (each step in order of value, and its sizes), ``sequence`` (the
resumable driver within ``--budget-s``), ``ingest`` (the archive the device calls return into
the committed files), ``device_call.sh`` (one device call)."""
