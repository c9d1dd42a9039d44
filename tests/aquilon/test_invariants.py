"""Invariants over thousands of random games: conservation, bookkeeping, scores recomputed
independently, valid masks and observations."""

import numpy as np
import pytest

from aquilon_env import SPEC
from aquilon_env import engine as E
from aquilon_env.engine import layout as L

from ..common import random_game
from .reference import check_invariants, reference_score

MAX_STEPS = 400


@pytest.mark.parametrize("num_players, games", [(2, 700), (3, 700), (4, 600), (5, 600)])
def test_random_games_keep_every_invariant(num_players, games):
    config = np.array([num_players], np.int32)
    state = np.zeros(E.STATE_SIZE, np.int32)
    snapshots = np.zeros((MAX_STEPS // 17 + 1, E.STATE_SIZE), np.int32)
    scores = np.zeros(num_players)
    keys = np.zeros(num_players, np.int64)
    lengths = []
    for game in range(games):
        steps, kept, ok = random_game(SPEC, state, config, 1000 * num_players + game, snapshots,
                                      max_steps=MAX_STEPS)
        assert ok, f"empty mask or observation out of range in game {game}"
        assert E.current_player(state) == -1 and state[L.PHASE] == L.OVER, "game did not end"
        lengths.append(steps)
        for snap in snapshots[:kept]:
            check_invariants(snap)
        check_invariants(state)
        E.final_scores(state, scores, keys)
        for seat in range(num_players):
            expected, _ = reference_score(state, seat)
            assert scores[seat] == expected, (game, seat)
        # Every Dwarf card dealt was taken (or discarded with 2 Lords); decks end with 0 or 1.
        assert state[L.DECK1_LEN] - state[L.DECK1_POS] == 0
        assert state[L.DECK2_LEN] - state[L.DECK2_POS] in (0, 1)
        per_lord = [int(state[L.ARMY_COUNT + s]) for s in range(num_players)]
        turns = 2 * (4 if num_players <= 3 else 3)
        for count in per_lord:
            assert count in (3 * turns, 3 * turns + 1)  # one card per tavern, + Svara's
    assert min(lengths) > 0


def test_game_length_is_bounded_and_plausible():
    config = np.array([3], np.int32)
    state = np.zeros(E.STATE_SIZE, np.int32)
    snapshots = np.zeros((1, E.STATE_SIZE), np.int32)
    steps = [random_game(SPEC, state, config, s, snapshots, max_steps=MAX_STEPS)[0]
             for s in range(200)]
    # 8 bids x 3 Lords + 72 picks at least; recruits and choices add a few.
    assert min(steps) >= 8 * 3 + 72 - 24
    assert max(steps) < MAX_STEPS
