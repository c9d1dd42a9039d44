"""Shared helpers of the OpenSpiel tests: the configurations of the registered games, random
play (tests/core/random_play.py)."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
import tabletop_core.openspiel  # noqa: E402, F401  (registers the games)
from tabletop_core.games import game_spec  # noqa: E402
from tabletop_core.inputs import normalize_seed  # noqa: E402
from tabletop_core.openspiel import dealt_state as dealt  # noqa: E402, F401
from tabletop_core.rng import rng_seed  # noqa: E402
from tests.core.game_tables import GAMES, full_options, tables  # noqa: E402
from tests.core.random_play import play_openspiel as play  # noqa: E402, F401

# The OpenSpiel name of every registered game.
NAMES = [game_spec(name).openspiel_name for name in GAMES]
# Every game, player count, Simurgh mode and length.
ALL_CONFIGS = [(game_spec(name).openspiel_name, {"players": n, **options})
               for name in GAMES for n, options in tables(name)]
# One small table per game, for the slower tests: its smallest, with every kind of decision
# (Simurgh's sealed dragon pick); Aquilon's at three seats.
SMALL_PLAYERS = {"aquilon": 3}
SMALL = [(game_spec(name).openspiel_name,
          {"players": SMALL_PLAYERS.get(name, game_spec(name).min_players), **full_options(name)})
         for name in GAMES]


def config_id(config) -> str:
    name, params = config
    return name + "-" + "-".join(str(v) for v in params.values())


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
