"""The Goofspiel numba engine: pure functions over one int32 state array (see layout.py)."""

from tabletop_core.cache import refresh_game_cache

# the first run compiles the engine (a line on stderr says so, with this time)
refresh_game_cache(__file__, game="goofspiel", compile_time="20 seconds")

# ruff: noqa: E402  (the cache check must run before any engine module is compiled)

from goofspiel_env.engine.actions import current_player, decision_group, legal_mask, play
from goofspiel_env.engine.batch import batch_reset, batch_step, joint_step, joint_views
from goofspiel_env.engine.determinize import determinize
from goofspiel_env.engine.layout import NUM_ACTIONS, STATE_SIZE
from goofspiel_env.engine.observation import LAYOUT as OBSERVATION_LAYOUT
from goofspiel_env.engine.observation import OBS_SIZE, observe
from goofspiel_env.engine.scoring import final_scores
from goofspiel_env.engine.setup import init
from goofspiel_env.engine.validate import CONFIG_FIELDS, STATE_FIELDS, validate_state

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
