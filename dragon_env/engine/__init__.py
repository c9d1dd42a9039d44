"""The Dragon's Interest numba engine: pure functions over one int32 state array (layout.py)."""

from tabletop_core.cache import refresh_game_cache

# the first run compiles the engine (a line on stderr says so, with this time)
refresh_game_cache(__file__, game="dragon", compile_time="2 minutes")

# ruff: noqa: E402  (the cache check must run before any engine module is compiled)

from dragon_env.engine.actions import current_player, decision_group, legal_mask, play
from dragon_env.engine.batch import batch_reset, batch_step, joint_step, joint_views
from dragon_env.engine.determinize import determinize
from dragon_env.engine.layout import NUM_ACTIONS, STATE_SIZE
from dragon_env.engine.observation import LAYOUT as OBSERVATION_LAYOUT
from dragon_env.engine.observation import OBS_SIZE, observe
from dragon_env.engine.scoring import final_scores
from dragon_env.engine.setup import init
from dragon_env.engine.validate import CONFIG_FIELDS, STATE_FIELDS, validate_state

__all__ = [
    "CONFIG_FIELDS",
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
