"""Goofspiel's options are OpenSpiel's, bad ones refused in one line; "score" rewards pay its
returns through the doors."""

import numpy as np
import pytest

import goofspiel_env
from goofspiel_env import SPEC

from ..common import play_random


@pytest.mark.parametrize(("options", "match"), [
    ({"num_cards": 1}, "num_cards must be an integer 2..16"),
    ({"num_cards": 17}, "num_cards must be an integer 2..16"),
    ({"num_cards": True}, "num_cards"),
    ({"num_turns": 0}, "num_turns must be -1"),
    ({"num_cards": 4, "num_turns": 5}, r"num_turns must be -1 \(as many as cards\) or 1..4"),
    ({"points_order": "shuffled"}, "points_order must be one of"),
    ({"returns_type": "rank"}, "returns_type must be one of"),
    ({"imp_info": 1}, "imp_info must be True or False"),
    ({"egocentric": "yes"}, "egocentric must be True or False"),
    ({"colour": "red"}, "unknown option"),
])
def test_bad_options_are_refused_in_one_line(options, match):
    with pytest.raises(ValueError, match=match) as error:
        goofspiel_env.raw_env(**options)
    assert "\n" not in str(error.value)


def test_the_defaults_are_openspiels():
    assert dict(SPEC.options) == {"num_cards": 13, "points_order": "random", "imp_info": False,
                                  "egocentric": False, "num_turns": -1,
                                  "returns_type": "win_loss"}
    assert SPEC.make_config(2).tolist() == [2, 13, 13, 0, 0, 0, 0]


def test_score_rewards_are_openspiels_returns_at_three_players():
    for seed in range(20):
        env = goofspiel_env.raw_env(num_players=3, num_cards=5, reward_mode="score")
        env.reset(seed=seed)
        play_random(env, np.random.default_rng(seed))
        rewards = [env._cumulative_rewards[a] for a in env.possible_agents]
        assert rewards == env.final_scores().tolist()
        assert sorted(rewards) in ([-0.5, -0.5, 1.0], [-1.0, 0.5, 0.5], [0.0, 0.0, 0.0])


def test_score_rewards_through_the_batch_door():
    batch = goofspiel_env.BatchEnv(num_envs=8, num_players=3, seed=2, reward_mode="score",
                                   num_cards=4, returns_type="win_loss")
    batch.reset()
    paid = []
    for step in range(60):
        out = batch.step(batch.sample_random_actions(seed=step))
        paid += [sorted(r.tolist()) for r, done in zip(out.rewards, out.terminated, strict=True)
                 if done]
    assert paid and all(r in ([-0.5, -0.5, 1.0], [-1.0, 0.5, 0.5], [0.0, 0.0, 0.0])
                        for r in paid)
    assert [-0.5, -0.5, 1.0] in paid
