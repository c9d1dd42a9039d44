"""The `random` bot: a uniformly random legal action."""

from __future__ import annotations

import numpy as np


class RandomBot:
    """Chooses uniformly among the legal actions of its observation's mask."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = np.random.default_rng(seed)

    def act(self, observation: dict[str, np.ndarray]) -> int:
        """Pick a legal action from {"observation", "action_mask"}."""
        legal = np.flatnonzero(observation["action_mask"])
        return int(legal[self.rng.integers(len(legal))])
