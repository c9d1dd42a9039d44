"""What the two search bots (`ismcts`, `az`) share: the bot that searches, with an iteration
or time budget, from a state sampled from its seat's view (the search itself is
`agents.search`)."""

from __future__ import annotations

from abc import abstractmethod

import numpy as np

from agents.bots.base import Bot, SeatView


class SearchBot(Bot):
    """A search with an iteration or time budget per decision, from a state sampled from its
    seat's information; `settings` override the per-game keywords of `search`. Its name is
    `<kind>:<budget>`; `iterations_run` counts the iterations of all its searches."""

    kind: str

    def __init__(self, seed: int = 0, iterations: int | None = None,
                 seconds: float | None = None, settings: dict | None = None):
        self.rng = np.random.default_rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.settings = settings or {}
        budget = f"{seconds:g}s" if seconds is not None else str(iterations)
        self.name = f"{self.kind}:{budget}"
        self.iterations_run = 0

    def act(self, view: SeatView) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return int(legal[0])
        root = view.sample_state(int(self.rng.integers(2**62)))
        action, done = self.search(view, root, int(self.rng.integers(2**62)))
        self.iterations_run += done
        return action

    @abstractmethod
    def search(self, view: SeatView, root: np.ndarray, seed: int) -> tuple[int, int]:
        """(action, iterations run) of one search of `root` for `view`'s seat."""
