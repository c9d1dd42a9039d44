"""What the resumable recipes share: the progress record of a run in its folder."""

from __future__ import annotations

import json
from pathlib import Path


def read_record(path: Path) -> dict:
    """A JSON record a run wrote (to resume from it); ValueError if it is not one."""
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError) as error:
        raise ValueError(f"cannot resume from {path}: {error}") from None
    if not isinstance(data, dict):
        raise ValueError(f"cannot resume from {path}: not a record of this recipe")
    return data


class RunProgress:
    """A run's `progress.json` in `out`: what is done, wall time per stage, the curve."""

    def __init__(self, out: Path, fresh: dict):
        self.out = out
        path = out / "progress.json"
        self.progress = read_record(path) if path.exists() else fresh

    def save(self) -> None:
        """Write the progress record."""
        (self.out / "progress.json").write_text(json.dumps(self.progress, indent=2))

    def add_time(self, stage: str, seconds: float) -> None:
        """Add `seconds` to the wall time of `stage` (times add up across resumed runs)."""
        times = self.progress["wall_time_s"]
        times[stage] = round(times.get(stage, 0.0) + seconds, 1)
