"""The Aquilon PettingZoo environment: `raw_env`, `env` and `BatchEnv`."""

from __future__ import annotations

from typing import Any

import numpy as np
from pettingzoo import AECEnv

from aquilon_env import engine
from aquilon_env.data import MAX_LORDS, MIN_LORDS
from aquilon_env.text import action_to_string, public_action_to_string, render_text
from tabletop_core import BatchEnvBase, GameSpec, TurnBasedEnv, wrap

ENV_ID = "tabletop/aquilon-v0"


def make_config(num_players: int, **options: Any) -> np.ndarray:
    """Engine configuration; Aquilon has no option besides the number of Lords."""
    if options:
        raise ValueError(f"aquilon: unknown option(s) {sorted(options)}; it takes none")
    return np.array([num_players], np.int32)


SPEC = GameSpec(
    name="aquilon",
    env_id=ENV_ID,
    agent_prefix="lord",
    num_actions=engine.NUM_ACTIONS,
    obs_size=engine.OBS_SIZE,
    state_size=engine.STATE_SIZE,
    min_players=MIN_LORDS,
    max_players=MAX_LORDS,
    make_config=make_config,
    init=engine.init,
    play=engine.play,
    current_player=engine.current_player,
    legal_mask=engine.legal_mask,
    observe=engine.observe,
    final_scores=engine.final_scores,
    determinize=engine.determinize,
    action_to_string=action_to_string,
    public_action_to_string=public_action_to_string,
    render_text=render_text,
)


class raw_env(TurnBasedEnv):  # noqa: N801 (PettingZoo naming)
    """Dwarves of Aquilon for 2-5 Lords as an AEC environment (agents "lord_0", ...)."""

    game = SPEC
    metadata = {**TurnBasedEnv.metadata, "name": "aquilon_v0"}


def env(**kwargs: Any) -> AECEnv:
    """The wrapped environment (PettingZoo order checks); see `raw_env` for the options."""
    return wrap(raw_env(**kwargs))


class BatchEnv(BatchEnvBase):
    """`num_envs` Aquilon games stepped together; see tabletop_core.batch.BatchEnvBase."""

    game = SPEC
