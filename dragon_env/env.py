"""The Dragon's Interest PettingZoo environments (`raw_env`, `env`, `parallel_env`) and
`BatchEnv`."""

from __future__ import annotations

from typing import Any

import numpy as np
from pettingzoo import AECEnv, ParallelEnv

from dragon_env import drawing, engine, text
from dragon_env.data import MAX_PLAYERS, MIN_PLAYERS
from tabletop_core import BatchEnvBase, GameSpec, TurnBasedEnv, wrap
from tabletop_core.parallel import JointParallelEnv


def make_config(num_players: int, start_player: int | None = None, **options: Any) -> np.ndarray:
    """Engine configuration. `start_player` fixes the first Start Player (D9; default: drawn
    from the game's seed)."""
    if options:
        raise ValueError(f"dragon: unknown option(s) {sorted(options)}; it takes start_player")
    if start_player is None:
        start = -1
    elif (
        isinstance(start_player, int | np.integer)
        and not isinstance(start_player, bool)
        and 0 <= start_player < num_players
    ):
        start = int(start_player)
    else:
        raise ValueError(
            f"dragon: start_player must be None or a seat in 0..{num_players - 1}, "
            f"got {start_player!r}"
        )
    return np.array([num_players, start], np.int32)


# The environment version; docs/rules/dragon.md ("Versions") says what each one changed.
VERSION = 2
SPEC = GameSpec.from_modules(
    "dragon", VERSION, "player", (MIN_PLAYERS, MAX_PLAYERS), make_config, engine, text,
    drawing,
    title="Dragon's Interest", default_players=4, train_players=3,
    options=(("start_player", None),), option_stand_ins=(("start_player", -1),),
    openspiel_max_moves=1500, play_max_moves=10_000,
)
ENV_ID = SPEC.env_id


class raw_env(TurnBasedEnv):  # noqa: N801 (PettingZoo naming)
    """Dragon's Interest for 3-5 players as an AEC environment (agents "player_0", ...).

    Options: those of TurnBasedEnv (num_players defaults to 4 here) and `start_player`.
    """

    game = SPEC
    metadata = {**TurnBasedEnv.metadata, "name": SPEC.versioned_name}

    def __init__(self, num_players: int = 4, **kwargs: Any):
        super().__init__(num_players=num_players, **kwargs)


def env(**kwargs: Any) -> AECEnv:
    """The wrapped environment (PettingZoo order checks); see `raw_env` for the options."""
    return wrap(raw_env(**kwargs))


class raw_parallel_env(JointParallelEnv):  # noqa: N801 (PettingZoo naming)
    """Dragon's Interest for 3-5 players as a Parallel environment: the Contract choice,
    each digit of a sealed bid and the Invasion choices are joint steps; the seats that do not
    decide have one legal action, the no-op 65 (the last id). See tabletop_core.parallel."""

    game = SPEC
    metadata = {**JointParallelEnv.metadata, "name": SPEC.versioned_name}

    def __init__(self, num_players: int = 4, **kwargs: Any):
        super().__init__(num_players=num_players, **kwargs)


def parallel_env(**kwargs: Any) -> ParallelEnv:
    """The Parallel environment; the same options as `env()` plus `max_moves`."""
    return raw_parallel_env(**kwargs)


class BatchEnv(BatchEnvBase):
    """`num_envs` Dragon's Interest games stepped together; see tabletop_core.batch."""

    game = SPEC

    def __init__(self, num_envs: int, num_players: int = 4, **kwargs: Any):
        super().__init__(num_envs, num_players=num_players, **kwargs)
