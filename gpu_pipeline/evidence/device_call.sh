#!/bin/sh
# One device call of the GPU evidence run (gpu_pipeline/README.md, "From a lent GPU to
# committed results"). Paste as the device tool's command, T the same as its timeout_s:
#
#     sh gpu_pipeline/evidence/device_call.sh 540     (timeout_s 540, carry ["gpu-evidence.tgz"])
#
# It unpacks the carried archive when there is one (the earlier call's records and the long
# run's checkpoint), runs `python3 -m gpu_pipeline evidence --budget-s T-30` (30 s for Python's
# start, the archive and a margin), stopped by `timeout` at T-15 should an estimate be wrong,
# then ALWAYS packs $OUT/gpu-evidence.tgz and prints the summary. Exit status: the evidence
# command's (0 complete; 3 steps left: make the second call; 124 or 130: stopped by timeout).
# WORK (default: the repository) is where gpu-evidence/ and gpu-evidence.tgz live; PYTHON
# (default python3) runs the pipeline.
set -u
T=${1:-}
case $T in
    ''|*[!0-9]*) echo "error: give the call's timeout_s in whole seconds, e.g. 540" >&2; exit 2;;
esac
if [ "$T" -lt 60 ] || [ "$T" -gt 600 ]; then
    echo "error: timeout_s $T is not in 60..600 (a device call runs at most 600 s)" >&2; exit 2
fi
: "${OUT:?error: OUT (the folder whose files come back) is not set}"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=${WORK:-$ROOT}
PYTHON=${PYTHON:-python3}
cd "$WORK" || exit 2
if [ -f gpu-evidence.tgz ]; then
    tar xzf gpu-evidence.tgz || { echo "error: gpu-evidence.tgz does not unpack" >&2; exit 2; }
fi
PYTHONPATH="$ROOT/pysite:$ROOT${PYTHONPATH:+:$PYTHONPATH}" PYTHONUNBUFFERED=1 \
    timeout -s INT -k 5 $((T - 15)) "$PYTHON" -m gpu_pipeline evidence --out gpu-evidence \
    --budget-s $((T - 30))
STATUS=$?
if [ -d gpu-evidence ]; then
    tar czf "$OUT/gpu-evidence.tgz" gpu-evidence && cat gpu-evidence/summary.md 2>/dev/null
fi
echo "evidence: exit status $STATUS (0 complete; 3 steps left: make the second call)"
exit $STATUS
