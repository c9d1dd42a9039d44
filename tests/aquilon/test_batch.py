"""BatchEnv: the same games as the single-game engine, auto-reset, rewards, errors."""

import numpy as np
import pytest

import aquilon_env
from aquilon_env import engine as E

from ..common import check_batch_against_single_games


def test_batch_matches_single_games_through_resets():
    batch = aquilon_env.BatchEnv(num_envs=6, num_players=3, seed=5)
    finished = check_batch_against_single_games(batch, E, steps=700)
    assert finished >= 6  # every game ended at least once and was dealt again


def test_batch_is_reproducible_and_seed_dependent():
    def run(seed):
        batch = aquilon_env.BatchEnv(num_envs=8, num_players=4, seed=seed)
        batch.reset()
        for _ in range(50):
            out = batch.step(batch.sample_random_actions())
        return out.observation.copy()

    np.testing.assert_array_equal(run(1), run(1))
    assert not np.array_equal(run(1), run(2))


def test_batch_refuses_illegal_actions_without_changing_anything():
    batch = aquilon_env.BatchEnv(num_envs=4, num_players=2, seed=0)
    out = batch.reset()
    before = batch.states.copy()
    actions = batch.sample_random_actions()
    actions[2] = int(np.flatnonzero(out.action_mask[2] == 0)[0])
    with pytest.raises(ValueError, match="game 2"):
        batch.step(actions)
    np.testing.assert_array_equal(before, batch.states)
    with pytest.raises(ValueError, match="shape"):
        batch.step(np.zeros(3, np.int64))


def test_step_before_reset_is_refused():
    batch = aquilon_env.BatchEnv(num_envs=2)
    with pytest.raises(RuntimeError, match="reset"):
        batch.step(np.zeros(2, np.int64))
