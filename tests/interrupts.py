"""Ctrl-C at a known moment: start a command, wait for a sign that it is ready, then SIGINT.

A fixed sleep races the clock on a loaded machine: too short and the signal lands in the imports,
too long and the work is done. Polling for a sign the process gives (a line on stderr, a file it
writes) is as quick as the machine allows and as patient as `timeout`. tests/pipeline does the same.
"""
import os
import signal
import subprocess
import time


def interrupt_when_ready(cmd, ready, timeout=120, **popen):
    """Start `cmd`, poll until `ready(stderr so far)` holds, then send SIGINT. Returns
    (exit status, stdout, stderr). Fails (AssertionError) when the process ended or `timeout`
    seconds passed before it was ready: then the signal would test nothing."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **popen)
    os.set_blocking(proc.stderr.fileno(), False)
    seen, deadline = b"", time.monotonic() + timeout
    while not ready(seen.decode(errors="replace")) and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
        seen += proc.stderr.read() or b""
    was_ready = ready(seen.decode(errors="replace"))
    if was_ready:
        proc.send_signal(signal.SIGINT)
    else:
        proc.kill()
    os.set_blocking(proc.stderr.fileno(), True)
    out, rest = proc.communicate(timeout=timeout)
    err = (seen + rest).decode(errors="replace")
    assert was_ready, f"{cmd[:3]}... never got ready (exit status {proc.returncode}): {err[-2000:]}"
    return proc.returncode, out.decode(errors="replace"), err
