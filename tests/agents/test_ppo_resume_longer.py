"""A PPO run started again with more steps goes on from its last checkpoint; one of another
config is refused."""

import json

import pytest

from agents.ppo.recipe import PPOConfig, train


def test_a_run_given_more_steps_goes_on(tmp_path):
    small = dict(num_envs=4, n_steps=8, batch_size=32, eval_every=1, eval_games=2,
                 out=str(tmp_path / "run"))
    train(PPOConfig.for_game("aquilon", steps=32, **small), progress=False)
    train(PPOConfig.for_game("aquilon", steps=64, **small), progress=False)
    curve = json.loads((tmp_path / "run" / "progress.json").read_text())["curve"]
    assert [row["steps"] for row in curve] == [0, 32, 64]
    with pytest.raises(ValueError, match="differs in n_steps"):
        train(PPOConfig.for_game("aquilon", steps=64, **{**small, "n_steps": 16}),
              progress=False)
