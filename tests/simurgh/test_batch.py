"""BatchEnv: the same games as the single-game engine, auto-reset, rewards, errors."""

import numpy as np
import pytest

import simurgh_env
from simurgh_env import engine as E

from ..common import check_batch_against_single_games


@pytest.mark.parametrize("players, mode, length", [(3, "spearman", "short"),
                                                   (2, "dragonlord", "short")])
def test_batch_matches_single_games_through_resets(players, mode, length):
    batch = simurgh_env.BatchEnv(num_envs=5, num_players=players, seed=5, mode=mode,
                                 length=length)
    assert check_batch_against_single_games(batch, E, steps=900) >= 5


def test_batch_is_reproducible_and_seed_dependent():
    def run(seed):
        batch = simurgh_env.BatchEnv(num_envs=8, num_players=4, seed=seed)
        batch.reset()
        for _ in range(80):
            out = batch.step(batch.sample_random_actions())
        return out.observation.copy()

    np.testing.assert_array_equal(run(1), run(1))
    assert not np.array_equal(run(1), run(2))


def test_batch_refuses_illegal_actions_without_changing_anything():
    batch = simurgh_env.BatchEnv(num_envs=4, num_players=2, seed=0)
    out = batch.reset()
    before = batch.states.copy()
    actions = batch.sample_random_actions()
    actions[2] = int(np.flatnonzero(out.action_mask[2] == 0)[0])
    with pytest.raises(ValueError, match="game 2"):
        batch.step(actions)
    np.testing.assert_array_equal(before, batch.states)


def test_batch_skips_negative_actions_when_asked():
    batch = simurgh_env.BatchEnv(num_envs=3, num_players=3, seed=2)
    batch.reset()
    before = batch.states.copy()
    actions = batch.sample_random_actions()
    actions[1] = -1
    batch.step(actions, skip_negative=True)
    np.testing.assert_array_equal(before[1], batch.states[1])
    assert not np.array_equal(before[0], batch.states[0])
