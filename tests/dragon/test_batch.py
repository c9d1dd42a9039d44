"""BatchEnv: the same games as the single-game engine, auto-reset, rewards, errors."""

import numpy as np
import pytest

import dragon_env
from dragon_env import engine as E

from ..common import check_batch_against_single_games


@pytest.mark.parametrize("players, reward_mode", [(3, 0), (5, 1)])
def test_batch_matches_single_games_through_resets(players, reward_mode):
    batch = dragon_env.BatchEnv(num_envs=6, num_players=players, seed=5,
                                reward_mode=("rank", "margin")[reward_mode])
    finished = check_batch_against_single_games(batch, E, steps=400, reward_mode=reward_mode)
    assert finished >= 6  # every game ended at least once and was dealt again


def test_batch_is_reproducible_and_seed_dependent():
    def run(seed):
        batch = dragon_env.BatchEnv(num_envs=8, num_players=4, seed=seed)
        batch.reset()
        for _ in range(60):
            out = batch.step(batch.sample_random_actions())
        return out.observation.copy()

    np.testing.assert_array_equal(run(1), run(1))
    assert not np.array_equal(run(1), run(2))


def test_batch_refuses_illegal_actions_without_changing_anything():
    batch = dragon_env.BatchEnv(num_envs=4, num_players=3, seed=0)
    out = batch.reset()
    before = batch.states.copy()
    actions = batch.sample_random_actions()
    actions[2] = int(np.flatnonzero(out.action_mask[2] == 0)[0])
    with pytest.raises(ValueError, match="game 2"):
        batch.step(actions)
    np.testing.assert_array_equal(before, batch.states)


def test_start_player_option_in_batch():
    batch = dragon_env.BatchEnv(num_envs=3, num_players=4, seed=0, start_player=2)
    assert batch.reset().current_player.tolist() == [2, 2, 2]
