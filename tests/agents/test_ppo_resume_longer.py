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


def test_a_run_starts_from_a_saved_model_and_keeps_its_wall_time(tmp_path):
    import numpy as np
    from sb3_contrib import MaskablePPO

    small = dict(num_envs=4, n_steps=8, batch_size=32, eval_every=1, eval_games=2)
    train(PPOConfig.for_game("aquilon", steps=32, out=str(tmp_path / "first"), **small),
          progress=False)
    start = tmp_path / "first" / "model.zip"
    train(PPOConfig.for_game("aquilon", steps=32, start=str(start),
                             out=str(tmp_path / "second"), **small), progress=False)
    # step 0 of the second run is the first run's model, its steps counted from 0
    before = MaskablePPO.load(start, device="cpu").policy.state_dict()
    after = MaskablePPO.load(tmp_path / "second" / "checkpoints" / "model_0.zip",
                             device="cpu").policy.state_dict()
    assert all(np.array_equal(before[k].numpy(), after[k].numpy()) for k in before)
    progress = json.loads((tmp_path / "second" / "progress.json").read_text())
    assert [row["steps"] for row in progress["curve"]] == [0, 32]
    assert progress["wall_time_s"]["training"] > 0
    # refused in one line, and nothing written: not a model, a model of another game
    with pytest.raises(ValueError, match="start must be a saved PPO model"):
        PPOConfig.for_game("aquilon", start=str(tmp_path / "first" / "progress.json"))
    with pytest.raises(ValueError, match="not a model of this game and table") as refused:
        train(PPOConfig.for_game("dragon", steps=32, start=str(start),
                                 out=str(tmp_path / "third"), **small), progress=False)
    assert "\n" not in str(refused.value) and not (tmp_path / "third").exists()
