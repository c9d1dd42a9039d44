"""The batch move limit: truncated games pay nothing, are dealt again and say so."""

import numpy as np
import pytest

import aquilon_env
from agents.training.selfplay import OpponentPool, SelfPlayVecEnv
from tabletop_core.rng import derive_seed


def test_games_reaching_the_move_limit_are_truncated_and_dealt_again():
    batch = aquilon_env.BatchEnv(num_envs=4, num_players=2, seed=3, max_moves=7)
    free = aquilon_env.BatchEnv(num_envs=4, num_players=2, seed=3)
    out, ref = batch.reset(), free.reset()
    for move in range(1, 15):
        actions = batch.sample_random_actions()
        ref = free.step(actions if move <= 7 else free.sample_random_actions())
        out = batch.step(actions)
        if move < 7:
            np.testing.assert_array_equal(out.observation, ref.observation)
        assert not out.terminated.any()
        assert out.truncated.all() == (move in (7, 14))
        assert not out.rewards.any()
        if move == 7:  # every game is dealt again as its episode 1
            np.testing.assert_array_equal(batch.episodes, 1)
            for i in range(4):
                dealt = np.zeros_like(batch.states[i])
                aquilon_env.engine.init(dealt, batch.config, derive_seed(3, i, 1))
                np.testing.assert_array_equal(batch.states[i], dealt)


@pytest.mark.parametrize("bad", [0, -3, 2.5, True, "10"])
def test_a_bad_move_limit_is_refused(bad):
    with pytest.raises(ValueError, match="max_moves"):
        aquilon_env.BatchEnv(num_envs=2, max_moves=bad)


def test_the_learner_sees_a_truncation_as_the_end_of_its_episode():
    env = SelfPlayVecEnv("aquilon", 3, 2, OpponentPool(bots=("random",), seed=1), seed=5,
                         max_moves=9)
    env.reset()
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(30):
        masks = env.action_masks()
        _, rewards, dones, infos = env.step(
            np.array([rng.choice(np.flatnonzero(m)) for m in masks]))
        for i in np.flatnonzero(dones):
            assert infos[i]["TimeLimit.truncated"] is True
            assert rewards[i] == 0.0
            assert "terminal_observation" in infos[i]
            ended += 1
        assert not rewards[~dones].any()
    assert ended >= 3 * 30 // 5  # every game ends within 9 moves, about 5 of the learner's
