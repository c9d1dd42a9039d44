"""The journal of a long tournament: each game written to a file as it ends, so that a run
stopped part-way (killed, out of time) resumes where it stopped when started again.

The file is JSON lines: first the measurement's identity (what must match for its games to
count), then one line a game (its index in the tournament, the wall time spent so far over
every run, its `GameRecord`). Every line is checked before it is used; a last line cut short
by a kill is dropped."""

from __future__ import annotations

import json
import math
import os
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

from agents.play.records import GameRecord, check_writable, write_atomically


class GameJournal:
    """The games of one measurement kept in `path`; `identity` (a JSON object) names the
    measurement, and a file that holds another's is refused (one-line ValueError)."""

    def __init__(self, path: str | Path, identity: dict[str, Any]):
        self.path = Path(path)
        self.identity = json.loads(json.dumps(identity))
        self.records: dict[int, GameRecord] = {}  # game index -> its record
        self._elapsed_before = 0.0
        if self.path.is_file():
            self._read()
        else:
            check_writable(self.path)
            write_atomically(self.path, json.dumps({"journal": self.identity}) + "\n")
        self._opened = time.perf_counter()

    @property
    def elapsed(self) -> float:
        """Wall seconds spent on this measurement over every run, this one so far included."""
        return self._elapsed_before + time.perf_counter() - self._opened

    def add(self, index: int, record: GameRecord) -> None:
        """Keep game `index` (written through to the disk before this returns)."""
        line = json.dumps({"game": index, "elapsed": self.elapsed, "record": asdict(record)})
        with open(self.path, "a") as f:
            f.write(line + "\n")
            f.flush()
            os.fsync(f.fileno())
        self.records[index] = record

    def _read(self) -> None:
        source = str(self.path)
        try:
            text = self.path.read_text()
        except (OSError, UnicodeDecodeError) as error:
            raise ValueError(f"cannot read the journal {source}: {error}") from None
        lines = text.split("\n")
        if lines[-1]:  # a line cut short by a kill: it never counted
            write_atomically(self.path, "\n".join(lines[:-1]) + "\n")
        lines = lines[:-1]
        entries = [_parse(line, source, n + 1) for n, line in enumerate(lines)]
        if not entries or entries[0] != {"journal": self.identity}:
            raise ValueError(f"{source} is not the journal of this measurement (another "
                             "bot, budget, seed or game): give another folder or remove it")
        for n, entry in enumerate(entries[1:], start=2):
            index, elapsed, record = _game_line(entry, f"{source} line {n}")
            self.records[index] = record
            self._elapsed_before = max(self._elapsed_before, elapsed)


def _parse(line: str, source: str, number: int) -> Any:
    try:
        return json.loads(line)
    except (json.JSONDecodeError, RecursionError):
        raise ValueError(f"{source} line {number}: not JSON") from None


def _game_line(entry: Any, source: str) -> tuple[int, float, GameRecord]:
    if not isinstance(entry, dict) or set(entry) != {"game", "elapsed", "record"}:
        raise ValueError(f"{source}: a game line has game, elapsed and record")
    index, elapsed = entry["game"], entry["elapsed"]
    if isinstance(index, bool) or not isinstance(index, int) or index < 0:
        raise ValueError(f"{source}: game must be an index >= 0, got {index!r}")
    if isinstance(elapsed, bool) or not isinstance(elapsed, int | float) or \
            not math.isfinite(elapsed) or elapsed < 0:
        raise ValueError(f"{source}: elapsed must be seconds >= 0, got {elapsed!r}")
    return index, float(elapsed), GameRecord.from_dict(entry["record"], source)
