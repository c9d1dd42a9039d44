"""The single-agent env with opponents inside: the learner's final reward arrives in every game,
including those an opponent's move ends; the dict observation carries the learner's mask."""

import numpy as np

from agents.training.single_env import SingleAgentEnv


def test_the_learner_is_paid_even_when_an_opponent_ends_the_game():
    env = SingleAgentEnv("aquilon", 2, "random", seed=3, mask_in_observation=True)
    probe = type(env.env)(num_players=2)
    rng = np.random.default_rng(0)
    ended_by_opponent = 0
    for _ in range(30):
        obs, _ = env.reset()
        done = False
        while not done:
            assert env.observation_space.contains(obs)
            np.testing.assert_array_equal(obs["mask"], env.action_masks())
            action = int(rng.choice(np.flatnonzero(obs["mask"])))
            probe.restore_state(env.env.clone_state())
            probe.step(action)
            obs, reward, done, truncated, _ = env.step(action)
            assert not truncated
        learner = env.env.possible_agents[env.learner]
        assert reward == env.env.rewards[learner]  # the AEC env's final reward of that seat
        assert sum(env.env.rewards.values()) == 0 and reward in (-1.0, 0.0, 1.0)
        ended_by_opponent += not all(probe.terminations.values())
    assert ended_by_opponent > 0
