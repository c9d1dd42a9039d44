"""Who plays a learner's opponents in self-play, shared by the SB3 and RLlib backends."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np


@dataclass
class OpponentPool:
    """Baseline bots and snapshots of the learner, sampled once per game and episode.

    Sampling, from a generator seeded with `seed`: with probability `snapshot_share` (once there
    is a snapshot) a snapshot of the learner — the latest with probability `latest_share`,
    otherwise one of all snapshots uniformly — else one of `bots` uniformly. At most
    `max_snapshots` are kept (the oldest is dropped). A snapshot is whatever the backend plays
    it with (a frozen SB3 policy, an RLlib module id).
    """

    bots: tuple[str, ...] = ("random", "heuristic")
    snapshot_share: float = 0.5
    latest_share: float = 0.5
    max_snapshots: int = 10
    seed: int = 0
    snapshots: list = field(default_factory=list)

    def __post_init__(self):
        self.rng = np.random.default_rng(self.seed)
        if not self.bots and self.snapshot_share < 1.0:
            raise ValueError("an opponent pool needs bots unless it is pure self-play")

    def add_snapshot(self, snapshot: Any) -> Any:
        """Keep a frozen snapshot as a future opponent; return the one dropped (or None)."""
        self.snapshots.append(snapshot)
        if len(self.snapshots) > self.max_snapshots:
            return self.snapshots.pop(0)
        return None

    def sample(self) -> str | int:
        """A bot name, or the index of a snapshot."""
        if self.snapshots and (not self.bots or self.rng.random() < self.snapshot_share):
            if self.rng.random() < self.latest_share:
                return len(self.snapshots) - 1
            return int(self.rng.integers(len(self.snapshots)))
        return self.bots[int(self.rng.integers(len(self.bots)))]
