"""Progress of a long loop (games of a tournament, steps of a training run) on stderr.

On a terminal it is a tqdm bar. Elsewhere (a log file, a pipe, a CI job) a bar would leave only
its last state, so `progress_bar` prints a plain line when it starts and each time another
tenth of the way is done, with the time spent and an estimate of the time left.
"""

from __future__ import annotations

import sys
import time

from tqdm import tqdm

LINES = 10  # lines of a run away from a terminal: one per tenth (and one at the start)


def progress_bar(total: int, desc: str, enabled: bool = True, leave: bool = True,
                 unit: str = "it", stream=None):
    """A tqdm bar of `total` units on a terminal (`stream`, default stderr), else a
    `LogProgress`; nothing at all when not `enabled`. Both have `update(n)` and `close()`."""
    stream = stream or sys.stderr
    if not enabled:
        return tqdm(total=total, disable=True)
    if _is_terminal(stream):
        return tqdm(total=total, desc=desc, leave=leave, unit=unit, file=stream)
    return LogProgress(total, desc, unit, stream)


def _is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _duration(seconds: float) -> str:
    seconds = int(round(seconds))
    if seconds < 60:
        return f"{seconds}s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes}:{seconds:02d}"
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}"


class LogProgress:
    """Progress as plain lines: `desc: done/total unit (share), elapsed, about T left`, one when
    it starts and one each time another tenth is done (the last when all is)."""

    def __init__(self, total: int, desc: str, unit: str = "it", stream=None):
        self.total = max(int(total), 0)
        self.desc = desc
        self.unit = unit
        self.stream = stream or sys.stderr
        self.n = 0
        self.start = time.perf_counter()
        self._tenths = 0
        self._write()

    def update(self, n: int = 1) -> None:
        """`n` more units done."""
        self.n += n
        tenths = LINES if self.total == 0 else min(LINES, self.n * LINES // self.total)
        if tenths > self._tenths:
            self._tenths = tenths
            self._write()

    def close(self) -> None:
        """Nothing more to say (the last line was written when the total was reached)."""

    def _write(self) -> None:
        elapsed = time.perf_counter() - self.start
        share = f" ({self.n / self.total:.0%})" if self.total else ""
        line = f"{self.desc}: {self.n:,}/{self.total:,} {self.unit}{share}"
        if self.n:
            line += f", {_duration(elapsed)} elapsed"
            if self.n < self.total:
                line += f", about {_duration(elapsed * (self.total - self.n) / self.n)} left"
        print(line, file=self.stream, flush=True)
