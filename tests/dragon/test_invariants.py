"""Invariants over thousands of random games: bookkeeping, tiles, knowledge, scores recomputed
independently, masks never empty, observations within [-1, 1], the bounds of M13."""

import numpy as np
import pytest

import dragon_env
from dragon_env import engine as E
from dragon_env.engine import layout as L

from ..common import random_game
from .reference import check_invariants, reference_score

SNAPSHOT_EVERY = 13
MAX_STEPS = 2000


@pytest.mark.parametrize("num_players, games", [(3, 800), (4, 800), (5, 800)])
def test_random_games_keep_every_invariant(num_players, games):
    config = np.array([num_players, -1], np.int32)
    state = np.zeros(E.STATE_SIZE, np.int32)
    snapshots = np.zeros((8, E.STATE_SIZE), np.int32)
    scores = np.zeros(num_players)
    keys = np.zeros(num_players, np.int64)
    lengths = []
    for game in range(games):
        steps, kept, ok = random_game(dragon_env.SPEC, state, config, 1000 * num_players + game,
                                      snapshots, SNAPSHOT_EVERY, MAX_STEPS)
        assert ok, f"empty mask or observation out of range in game {game}"
        assert E.current_player(state) == -1 and state[L.STEP] == L.OVER, "game did not end"
        lengths.append(steps)
        for snap in snapshots[:kept]:
            check_invariants(snap)
        check_invariants(state)
        E.final_scores(state, scores, keys)
        blds = [list(state[L.BLD + 6 * s:L.BLD + 6 * s + 6]) for s in range(num_players)]
        bankrupt = [bool(state[L.BANKRUPT + s]) for s in range(num_players)]
        assert list(scores) == reference_score(blds, bankrupt), game
        assert any(bankrupt) or state[L.ROUND] == 9 or max(map(sum, blds)) >= 10
    assert max(lengths) < MAX_STEPS and min(lengths) >= 2 * num_players
