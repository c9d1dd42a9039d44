"""The Aquilon PettingZoo environments (`raw_env`, `env`, `parallel_env`) and `BatchEnv`."""

from __future__ import annotations

from typing import Any

import numpy as np
from pettingzoo import AECEnv, ParallelEnv

from aquilon_env import drawing, engine, text
from aquilon_env.data import MAX_LORDS, MIN_LORDS
from tabletop_core import BatchEnvBase, GameSpec, TurnBasedEnv, wrap
from tabletop_core.parallel import JointParallelEnv


def make_config(num_players: int, **options: Any) -> np.ndarray:
    """Engine configuration; Aquilon has no option besides the number of Lords."""
    if options:
        raise ValueError(f"aquilon: unknown option(s) {sorted(options)}; it takes none")
    return np.array([num_players], np.int32)


# The environment version; docs/rules/aquilon.md ("Versions") says what each one changed.
VERSION = 4
SPEC = GameSpec.from_modules(
    "aquilon", VERSION, "lord", (MIN_LORDS, MAX_LORDS), make_config, engine, text, drawing,
    title="Dwarves of Aquilon", default_players=3, train_players=2,
    openspiel_max_moves=500, play_max_moves=2_000,
)
ENV_ID = SPEC.env_id


class raw_env(TurnBasedEnv):  # noqa: N801 (PettingZoo naming)
    """Dwarves of Aquilon for 2-5 Lords as an AEC environment (agents "lord_0", ...)."""

    game = SPEC
    metadata = {**TurnBasedEnv.metadata, "name": SPEC.versioned_name}


def env(**kwargs: Any) -> AECEnv:
    """The wrapped environment (PettingZoo order checks); see `raw_env` for the options."""
    return wrap(raw_env(**kwargs))


class raw_parallel_env(JointParallelEnv):  # noqa: N801 (PettingZoo naming)
    """Dwarves of Aquilon for 2-5 Lords as a Parallel environment: the bids are one joint
    step; the seats that do not decide have one legal action, the no-op 129 (the last id).
    See tabletop_core.parallel."""

    game = SPEC
    metadata = {**JointParallelEnv.metadata, "name": SPEC.versioned_name}


def parallel_env(**kwargs: Any) -> ParallelEnv:
    """The Parallel environment; the same options as `env()` plus `max_moves`."""
    return raw_parallel_env(**kwargs)


class BatchEnv(BatchEnvBase):
    """`num_envs` Aquilon games stepped together; see tabletop_core.batch.BatchEnvBase."""

    game = SPEC
