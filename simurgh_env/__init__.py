"""Simurgh: a numba engine, a PettingZoo AEC environment and a batch API.

    import simurgh_env
    env = simurgh_env.env(num_players=3, mode="dragonlord", length="medium")
    batch = simurgh_env.BatchEnv(num_envs=4096, num_players=4, seed=0)
"""

from simurgh_env.env import ENV_ID, SPEC, BatchEnv, env, parallel_env, raw_env, raw_parallel_env
from tabletop_core.registry import register_game

register_game(ENV_ID, "simurgh_env:env", "simurgh_env:parallel_env")

__all__ = ["ENV_ID", "SPEC", "BatchEnv", "env", "parallel_env", "raw_env", "raw_parallel_env"]
