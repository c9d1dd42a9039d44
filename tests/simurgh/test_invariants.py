"""Invariants over thousands of random games: every tile, dragon, objective and vassal in one
place, limits kept, scores recomputed independently, valid masks and observations."""

import numpy as np
import pytest

from simurgh_env import SPEC
from simurgh_env import engine as E
from simurgh_env.engine import layout as L

from ..common import random_game
from .reference import check_invariants, reference_score

MAX_STEPS = 3000
EVERY = 23

CONFIGS = [
    (2, 0, 0, 400), (3, 0, 0, 400), (4, 0, 1, 300), (5, 0, 2, 200),
    (2, 1, 2, 300), (3, 1, 1, 300), (4, 1, 0, 300), (5, 1, 0, 250),
]


@pytest.mark.parametrize("num_players, mode, length, games", CONFIGS)
def test_random_games_keep_every_invariant(num_players, mode, length, games):
    config = np.array([num_players, mode, length, 0], np.int32)  # ties="share"
    state = np.zeros(E.STATE_SIZE, np.int32)
    snapshots = np.zeros((MAX_STEPS // EVERY + 1, E.STATE_SIZE), np.int32)
    scores = np.zeros(num_players)
    keys = np.zeros(num_players, np.int64)
    lengths = []
    for game in range(games):
        seed = 10_000 * num_players + 1000 * mode + 100 * length + game
        steps, kept, ok = random_game(SPEC, state, config, seed, snapshots, every=EVERY,
                                      max_steps=MAX_STEPS)
        assert ok, f"empty mask or observation out of range in game {game}"
        assert E.current_player(state) == -1 and state[L.PHASE] == L.OVER, "game did not end"
        lengths.append(steps)
        if game < 40:  # the snapshots of a few games: every bookkeeping law mid-game
            for snap in snapshots[:kept]:
                check_invariants(snap)
        check_invariants(state)
        E.final_scores(state, scores, keys)
        for seat in range(num_players):
            assert scores[seat] == reference_score(state, seat), (game, seat)
        assert state[L.END_SEAT] >= 0
    assert max(lengths) < MAX_STEPS
