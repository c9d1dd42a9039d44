"""What the resumable recipes share: the progress record of a run in its folder, checked
against the fields its recipe writes before a run resumes from it."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
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


@dataclass(frozen=True)
class Kind:
    """What a field of a progress record must hold: `what` in words, `holds` tests a value."""

    what: str
    holds: Callable[[object], bool]


def _number(value: object) -> bool:
    return (isinstance(value, int | float) and not isinstance(value, bool)
            and math.isfinite(value))


TEXT = Kind("a string", lambda v: isinstance(v, str))
COUNT = Kind("a whole number at least 0",
             lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 0)
NUMBER = Kind("a number", _number)
OBJECT = Kind("an object", lambda v: isinstance(v, dict))
TIMES = Kind("an object of wall times in seconds (numbers at least 0)",
             lambda v: isinstance(v, dict) and all(_number(x) and x >= 0 for x in v.values()))


def record_of(rest: Kind | None = None, **fields: Kind) -> Kind:
    """An object holding these fields, and any others each of kind `rest` (if given)."""
    words = ", ".join(f"{name!r} {kind.what}" for name, kind in fields.items())
    if rest is not None:
        words += f"{', ' if words else ''}every other field {rest.what}"

    def holds(value: object) -> bool:
        return isinstance(value, dict) and all(
            name in value and kind.holds(value[name]) for name, kind in fields.items()) and (
            rest is None or all(rest.holds(v) for k, v in value.items() if k not in fields))

    return Kind(f"an object{f' with {words}' if words else ''}", holds)


def rows_of(rest: Kind | None = None, **fields: Kind) -> Kind:
    """A list of objects, each as `record_of(rest, **fields)`."""
    one = record_of(rest, **fields)
    return Kind(f"a list of {one.what.replace('an object', 'objects', 1)}",
                lambda v: isinstance(v, list) and all(one.holds(row) for row in v))


def _shown(value: object) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def check_progress(path: Path, progress: dict, fields: dict[str, Kind],
                   optional: dict[str, Kind]) -> None:
    """ValueError (one line) unless `progress` holds every one of `fields` and the `optional`
    fields it has, each of its kind."""
    for name in fields:
        if name not in progress:
            raise ValueError(f"cannot resume from {path}: it has no {name!r} (not a record "
                             "of this recipe); use another --out")
    for name, kind in {**fields, **optional}.items():
        if name in progress and not kind.holds(progress[name]):
            raise ValueError(f"cannot resume from {path}: its {name!r} must be {kind.what}, "
                             f"not {_shown(progress[name])}; use another --out")


class RunProgress:
    """A run's `progress.json` in `out`: what is done, wall time per stage, the curve.

    A recipe's run names the fields it writes, each of its `Kind` (`FIELDS`, always there;
    `OPTIONAL`, there once a stage wrote them): a `progress.json` read to resume is checked
    against them first, so that a damaged or foreign record is refused in one line."""

    FIELDS: dict[str, Kind] = {}
    OPTIONAL: dict[str, Kind] = {}

    def __init__(self, out: Path, fresh: dict):
        self.out = out
        path = out / "progress.json"
        if path.exists():
            self.progress = read_record(path)
            check_progress(path, self.progress, self.FIELDS, self.OPTIONAL)
        else:
            self.progress = fresh

    def save(self) -> None:
        """Write the progress record."""
        (self.out / "progress.json").write_text(json.dumps(self.progress, indent=2))

    def add_time(self, stage: str, seconds: float) -> None:
        """Add `seconds` to the wall time of `stage` (times add up across resumed runs)."""
        times = self.progress.setdefault("wall_time_s", {})
        times[stage] = round(times.get(stage, 0.0) + seconds, 1)


def run_wall_time(out: Path) -> float:
    """The seconds a run in `out` has spent in all, over every stage and resumed run (0 when
    its progress record keeps no times)."""
    path = Path(out) / "progress.json"
    return sum(read_record(path).get("wall_time_s", {}).values()) if path.exists() else 0.0


def check_same_config(out: Path, mine: dict, defaults: dict, free: set[str]) -> None:
    """Refuse (one line) to go on in `out` when its config.json (a field it lacks holding its
    value in `defaults`) differs from `mine` in any field but `free`."""
    saved = out / "config.json"
    if saved.exists():
        before = {**defaults, **read_record(saved)}
        changed = sorted(k for k in (set(before) | set(mine)) - free
                         if before.get(k) != mine.get(k))
        if changed:
            raise ValueError(f"{out} holds a run of another config (differs in "
                             f"{', '.join(changed)}); use another --out")


def write_config(out: Path, mine: dict) -> None:
    """Write a run's config.json (once `check_same_config` and its progress record passed)."""
    (out / "config.json").write_text(json.dumps(mine, indent=2))
