"""The Aquilon PettingZoo environment: `raw_env`, `env` and `BatchEnv`."""

from __future__ import annotations

from typing import Any

import numpy as np
from pettingzoo import AECEnv

from aquilon_env import drawing, engine, text
from aquilon_env.data import MAX_LORDS, MIN_LORDS
from tabletop_core import BatchEnvBase, GameSpec, TurnBasedEnv, wrap


def make_config(num_players: int, **options: Any) -> np.ndarray:
    """Engine configuration; Aquilon has no option besides the number of Lords."""
    if options:
        raise ValueError(f"aquilon: unknown option(s) {sorted(options)}; it takes none")
    return np.array([num_players], np.int32)


SPEC = GameSpec.from_modules(
    "aquilon", "lord", (MIN_LORDS, MAX_LORDS), make_config, engine, text, drawing
)
ENV_ID = SPEC.env_id


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
