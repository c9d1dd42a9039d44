"""Shared helpers of the OpenSpiel tests: the configurations, random play, states met."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from tabletop_core.openspiel import dealt_state as dealt  # noqa: E402  (registers the games)

# Every game, player count, Simurgh mode and length.
ALL_CONFIGS = (
    [("python_aquilon", {"players": n}) for n in (2, 3, 4, 5)]
    + [("python_dragon", {"players": n}) for n in (3, 4, 5)]
    + [("python_simurgh", {"players": n, "mode": m, "length": length})
       for n in (2, 3, 4, 5) for m in ("spearman", "dragonlord")
       for length in ("short", "medium", "long")]
)
# One small table per game, for the slower tests.
SMALL = [("python_aquilon", {"players": 3}), ("python_dragon", {"players": 3}),
         ("python_simurgh", {"players": 2, "mode": "dragonlord", "length": "short"})]


def config_id(config) -> str:
    name, params = config
    return name + "-" + "-".join(str(v) for v in params.values())


def random_states(game, games: int, seed: int, every: int = 7):
    """States met along random games (every few moves), terminal ones included."""
    rng = np.random.default_rng(seed)
    for g in range(games):
        state = dealt(game, seed * 100 + g)
        moves = 0
        while not state.is_terminal():
            if moves % every == 0:
                yield state.clone()
            state.apply_action(int(rng.choice(state.legal_actions())))
            moves += 1
        yield state


class Sampler:
    """A sampler of uniforms in [0, 1), as OpenSpiel's resample_from_infostate takes."""

    def __init__(self, seed: int):
        self.rng = np.random.default_rng(seed)

    def __call__(self) -> float:
        return float(self.rng.random())
