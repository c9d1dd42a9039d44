"""Dragon's Interest: a numba engine, a PettingZoo AEC environment and a batch API.

    import dragon_env
    env = dragon_env.env(num_players=4)
    batch = dragon_env.BatchEnv(num_envs=4096, num_players=4, seed=0)
"""

from dragon_env.env import ENV_ID, SPEC, BatchEnv, env, parallel_env, raw_env, raw_parallel_env
from tabletop_core.registry import register_game

register_game(ENV_ID, "dragon_env:env", "dragon_env:parallel_env")

__all__ = ["ENV_ID", "SPEC", "BatchEnv", "env", "parallel_env", "raw_env", "raw_parallel_env"]
