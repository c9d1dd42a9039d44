"""The Simurgh PettingZoo environments (`raw_env`, `env`, `parallel_env`) and `BatchEnv`."""

from __future__ import annotations

from typing import Any

import numpy as np
from pettingzoo import AECEnv, ParallelEnv

from simurgh_env import drawing, engine, text
from simurgh_env.data import MAX_PLAYERS, MIN_PLAYERS
from tabletop_core import BatchEnvBase, GameSpec, TurnBasedEnv, wrap
from tabletop_core.parallel import JointParallelEnv

MODES = ("spearman", "dragonlord")
LENGTHS = ("short", "medium", "long")
# Final ties (S71): tied players share the win, or the most ability markers on dragons wins.
TIES = ("share", "markers")


def make_config(num_players: int, mode: str = "spearman", length: str = "short",
                ties: str = "share", **options: Any) -> np.ndarray:
    """Engine configuration [players, mode, length, ties]; unknown options and values are
    refused."""
    if options:
        raise ValueError(f"simurgh: unknown option(s) {sorted(options)}; it takes mode, length "
                         f"and ties")
    for name, value, allowed in (("mode", mode, MODES), ("length", length, LENGTHS),
                                 ("ties", ties, TIES)):
        if value not in allowed:
            raise ValueError(f"simurgh: {name} must be one of {allowed}, got {value!r}")
    return np.array([num_players, MODES.index(mode), LENGTHS.index(length), TIES.index(ties)],
                    np.int32)


# The environment version; docs/rules/simurgh.md ("Versions") says what each one changed.
VERSION = 4
SPEC = GameSpec.from_modules(
    "simurgh", VERSION, "player", (MIN_PLAYERS, MAX_PLAYERS), make_config, engine, text,
    drawing,
    title="Simurgh", default_players=3, train_players=2,
    options=(("mode", "spearman"), ("length", "short"), ("ties", "share")),
    openspiel_max_moves=4000, play_max_moves=30_000,
)
ENV_ID = SPEC.env_id


class raw_env(TurnBasedEnv):  # noqa: N801 (PettingZoo naming)
    """Simurgh for 2-5 players as an AEC environment (agents "player_0", ...).

    Game options: mode ("spearman" or "dragonlord"), length ("short", "medium", "long") and
    ties ("share": tied players share the win, the default; "markers": the most ability
    markers on dragons breaks the tie).
    """

    game = SPEC
    metadata = {**TurnBasedEnv.metadata, "name": SPEC.versioned_name}


def env(**kwargs: Any) -> AECEnv:
    """The wrapped environment (PettingZoo order checks); see `raw_env` for the options."""
    return wrap(raw_env(**kwargs))


class raw_parallel_env(JointParallelEnv):  # noqa: N801 (PettingZoo naming)
    """Simurgh for 2-5 players as a Parallel environment: the Dragonlord dragon pick is one
    joint step; the seats that do not decide have one legal action, the no-op 544 (the last
    id). See tabletop_core.parallel."""

    game = SPEC
    metadata = {**JointParallelEnv.metadata, "name": SPEC.versioned_name}


def parallel_env(**kwargs: Any) -> ParallelEnv:
    """The Parallel environment; the same options as `env()` plus `max_moves`."""
    return raw_parallel_env(**kwargs)


class BatchEnv(BatchEnvBase):
    """`num_envs` Simurgh games stepped together; see tabletop_core.batch.BatchEnvBase."""

    game = SPEC
