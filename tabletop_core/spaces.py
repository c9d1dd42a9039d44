"""Gymnasium spaces shared by the single-agent and RLlib doors."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces


class LegalDiscrete(spaces.Discrete):
    """`Discrete(n)` whose `sample()` without a mask draws a legal action of one seat of a live
    env. Copies and pickles (what RLlib ships to modules and learners) are plain `Discrete`."""

    def __init__(self, n: int, legal_mask=None, seed: int | None = None):
        super().__init__(n, seed=seed)
        self._legal_mask = legal_mask

    def sample(self, mask: np.ndarray | None = None, probability=None) -> np.int64:
        if mask is None and probability is None and self._legal_mask is not None:
            mask = self._legal_mask()
            mask = mask.astype(np.int8) if mask is not None and mask.any() else None
        return super().sample(mask=mask, probability=probability)

    def __deepcopy__(self, memo):
        copy = spaces.Discrete(int(self.n), start=int(self.start))
        copy._np_random = None
        return copy

    def __reduce__(self):
        return spaces.Discrete, (int(self.n), None, int(self.start))
