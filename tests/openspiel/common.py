"""Shared helpers of the OpenSpiel tests: the configurations, random play, states met."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from tabletop_core.inputs import normalize_seed  # noqa: E402
from tabletop_core.openspiel import DEAL_OUTCOMES  # noqa: E402  (registers the games)
from tabletop_core.openspiel import dealt_state as dealt  # noqa: E402
from tabletop_core.rng import rng_seed  # noqa: E402

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
            play(state, int(rng.choice(state.legal_actions())), rng)
            moves += 1
        yield state


def play(state, action, rng) -> list[int]:
    """Apply a seat's action, then random outcomes to the chance nodes it may wait for;
    returns those outcomes."""
    state.apply_action(action)
    chance = []
    while state.is_chance_node():
        chance.append(int(rng.integers(DEAL_OUTCOMES)))
        state.apply_action(chance[-1])
    return chance


def engine_play(spec, array, action, chance) -> None:
    """What the door does to the engine for a move and the chance outcomes it waited for."""
    if chance:
        rng_seed(array, spec.rng_at, normalize_seed(int.from_bytes(bytes(chance), "big")))
    spec.play(array, action)


class Sampler:
    """A sampler of uniforms in [0, 1), as OpenSpiel's resample_from_infostate takes."""

    def __init__(self, seed: int):
        self.rng = np.random.default_rng(seed)

    def __call__(self) -> float:
        return float(self.rng.random())
