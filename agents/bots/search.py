"""What the two search bots (`ismcts`, `az`) share: the budget loop around a search kernel,
the root's visit counts, and the bot that searches from a state sampled from its seat's view."""

from __future__ import annotations

import time
from abc import abstractmethod
from collections.abc import Callable

import numpy as np

from agents.bots.base import Bot, SeatView


def run_budget(search_chunk: Callable[[int], None], iterations: int | None,
               seconds: float | None, chunk: int) -> int:
    """Call `search_chunk(n)` (n iterations of a kernel) until `iterations` have run or, with
    `seconds`, until that much wall time has passed (checked every `chunk` iterations); the
    iterations run."""
    budget = iterations if iterations is not None else 1 << 40
    step_size = budget if seconds is None else chunk
    deadline = None if seconds is None else time.perf_counter() + seconds
    done = 0
    while done < budget:
        step = min(step_size, budget - done)
        search_chunk(step)
        done += step
        if deadline is not None and time.perf_counter() >= deadline:
            break
    return done


def per_root_action(children: np.ndarray, per_node: np.ndarray) -> np.ndarray:
    """A per-node array (visits, summed rewards) at each root action's child, in a tree whose
    node 0 is the root (0 for actions never tried)."""
    out = np.zeros(children.shape[1])
    tried = children[0] >= 0
    out[tried] = per_node[children[0][tried]]
    return out


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
