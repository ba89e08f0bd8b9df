"""A dependency-free progress bar on stderr: percent, runs, rate (runs/s) and ETA; and a timer
for benchmarks."""
from __future__ import annotations

import sys
import time


def timed(fn):
    """(fn(), wall seconds, CPU seconds of this process): benchmarks report both, because on a
    shared machine the wall clock includes other people's load."""
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - w, time.process_time() - c


def fmt_count(x: float) -> str:
    return f"{x:.3g}" if x >= 1e4 else f"{int(x)}"


def fmt_time(s: float) -> str:
    s = int(max(s, 0))
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


class Progress:
    def __init__(self, total: int, done: int = 0, enabled: bool = True, stream=None,
                 min_interval: float = 0.25):
        self.total, self.start_done, self.done = total, done, done
        self.enabled, self.stream = enabled, stream or sys.stderr
        self.t0 = self.last = time.monotonic()
        self.min_interval = min_interval

    def update(self, done: int, force: bool = False):
        self.done = done
        now = time.monotonic()
        if not self.enabled or (not force and now - self.last < self.min_interval):
            return
        self.last = now
        el = now - self.t0
        rate = (done - self.start_done) / el if el > 0 else 0.0
        frac = done / self.total if self.total else 1.0
        eta = (self.total - done) / rate if rate > 0 else float("inf")
        bar = "#" * int(30 * frac)
        eta_s = fmt_time(eta) if eta != float("inf") else "?"
        self.stream.write(f"\r[{bar:<30}] {100 * frac:5.1f}% {fmt_count(done)}/{fmt_count(self.total)}"
                          f" runs  {fmt_count(rate)} runs/s  ETA {eta_s}  ")
        self.stream.flush()

    def close(self):
        if self.enabled:
            self.update(self.done, force=True)
            self.stream.write("\n")
            self.stream.flush()
