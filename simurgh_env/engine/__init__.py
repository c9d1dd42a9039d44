"""The Simurgh numba engine: pure functions over one int32 state array (see layout.py)."""

from tabletop_core.cache import refresh_game_cache

# the first run compiles the engine (a line on stderr says so, with this time)
refresh_game_cache(__file__, game="simurgh", compile_time="3 minutes")

# ruff: noqa: E402  (the cache check must run before any engine module is compiled)

from simurgh_env.engine.actions import current_player, decision_group, legal_mask, play
from simurgh_env.engine.batch import batch_reset, batch_step, joint_step, joint_views
from simurgh_env.engine.determinize import determinize
from simurgh_env.engine.layout import CONFIG_SIZE, NUM_ACTIONS, STATE_SIZE
from simurgh_env.engine.observation import LAYOUT as OBSERVATION_LAYOUT
from simurgh_env.engine.observation import OBS_SIZE, observe
from simurgh_env.engine.scoring import final_scores
from simurgh_env.engine.setup import init
from simurgh_env.engine.validate import CONFIG_FIELDS, STATE_FIELDS, validate_state

__all__ = [
    "CONFIG_FIELDS",
    "CONFIG_SIZE",
    "NUM_ACTIONS",
    "OBSERVATION_LAYOUT",
    "OBS_SIZE",
    "STATE_FIELDS",
    "STATE_SIZE",
    "batch_reset",
    "batch_step",
    "current_player",
    "decision_group",
    "determinize",
    "final_scores",
    "init",
    "joint_step",
    "joint_views",
    "legal_mask",
    "observe",
    "play",
    "validate_state",
]
