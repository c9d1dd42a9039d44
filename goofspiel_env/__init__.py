"""Goofspiel (OpenSpiel's `goofspiel`): a numba engine, a PettingZoo AEC environment and a
batch API.

    import goofspiel_env
    env = goofspiel_env.env(num_players=2, num_cards=13, imp_info=True)
    batch = goofspiel_env.BatchEnv(num_envs=4096, num_players=2, seed=0)
"""

from goofspiel_env.env import (
    ENV_ID,
    SPEC,
    BatchEnv,
    env,
    parallel_env,
    raw_env,
    raw_parallel_env,
)
from tabletop_core.registry import register_game

register_game(ENV_ID, "goofspiel_env:env", "goofspiel_env:parallel_env")

__all__ = ["ENV_ID", "SPEC", "BatchEnv", "env", "parallel_env", "raw_env", "raw_parallel_env"]
