"""Dwarves of Aquilon: a numba engine, a PettingZoo AEC environment and a batch API.

    import aquilon_env
    env = aquilon_env.env(num_players=3)
    batch = aquilon_env.BatchEnv(num_envs=4096, num_players=3, seed=0)
"""

from aquilon_env.env import ENV_ID, SPEC, BatchEnv, env, parallel_env, raw_env, raw_parallel_env
from tabletop_core.registry import register_game

register_game(ENV_ID, "aquilon_env:env", "aquilon_env:parallel_env")

__all__ = ["ENV_ID", "SPEC", "BatchEnv", "env", "parallel_env", "raw_env", "raw_parallel_env"]
