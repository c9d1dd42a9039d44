"""Dragon's Interest's BatchEnv options (the suite every game's BatchEnv passes is
tests/core/test_batch_envs.py)."""

import dragon_env


def test_start_player_option_in_batch():
    batch = dragon_env.BatchEnv(num_envs=3, num_players=4, seed=0, start_player=2)
    assert batch.reset().current_player.tolist() == [2, 2, 2]
