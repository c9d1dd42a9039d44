"""The Goofspiel PettingZoo environments (`raw_env`, `env`, `parallel_env`) and `BatchEnv`."""

from __future__ import annotations

from typing import Any

import numpy as np
from pettingzoo import AECEnv, ParallelEnv

from goofspiel_env import drawing, engine, text
from goofspiel_env.data import (
    DEFAULT_OPTIONS,
    MAX_CARDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    POINTS_ORDERS,
    RETURNS_TYPES,
)
from tabletop_core import BatchEnvBase, GameSpec, TurnBasedEnv, wrap
from tabletop_core.parallel import JointParallelEnv

_DEFAULTS = dict(DEFAULT_OPTIONS)


def make_config(num_players: int, num_cards: int = 13, points_order: str = "random",
                imp_info: bool = False, egocentric: bool = False, num_turns: int = -1,
                returns_type: str = "win_loss", **options: Any) -> np.ndarray:
    """Engine configuration [players, num_cards, num_turns, points_order, imp_info,
    egocentric, returns_type] from OpenSpiel's options (num_turns -1: num_cards); unknown
    options and bad values are refused."""
    if options:
        raise ValueError(f"goofspiel: unknown option(s) {sorted(options)}; it takes "
                         f"{', '.join(_DEFAULTS)}")
    for name, value in (("imp_info", imp_info), ("egocentric", egocentric)):
        if not isinstance(value, bool | np.bool_):
            raise ValueError(f"goofspiel: {name} must be True or False, got {value!r}")
    for name, value, allowed in (("points_order", points_order, POINTS_ORDERS),
                                 ("returns_type", returns_type, RETURNS_TYPES)):
        if value not in allowed:
            raise ValueError(f"goofspiel: {name} must be one of {allowed}, got {value!r}")
    if (isinstance(num_cards, bool) or not isinstance(num_cards, int | np.integer)
            or not 2 <= num_cards <= MAX_CARDS):
        raise ValueError(f"goofspiel: num_cards must be an integer 2..{MAX_CARDS}, "
                         f"got {num_cards!r}")
    if (isinstance(num_turns, bool) or not isinstance(num_turns, int | np.integer)
            or not (num_turns == -1 or 1 <= num_turns <= num_cards)):
        raise ValueError(f"goofspiel: num_turns must be -1 (as many as cards) or 1.."
                         f"{num_cards}, got {num_turns!r}")
    turns = num_cards if num_turns == -1 else num_turns
    return np.array([num_players, num_cards, turns, POINTS_ORDERS.index(points_order),
                     int(imp_info), int(egocentric), RETURNS_TYPES.index(returns_type)],
                    np.int32)


# The environment version; docs/rules/goofspiel.md ("Versions") says what each one changed.
VERSION = 1
SPEC = GameSpec.from_modules(
    "goofspiel", VERSION, "player", (MIN_PLAYERS, MAX_PLAYERS), make_config, engine, text,
    drawing,
    title="Goofspiel", default_players=2, train_players=2,
    options=DEFAULT_OPTIONS,
    openspiel_max_moves=MAX_CARDS * MAX_PLAYERS, play_max_moves=10 * MAX_CARDS * MAX_PLAYERS,
)
ENV_ID = SPEC.env_id


class raw_env(TurnBasedEnv):  # noqa: N801 (PettingZoo naming)
    """Goofspiel for 2-5 players as an AEC environment (agents "player_0", ...): the sealed
    bids of a turn are asked one seat at a time, nothing of a bid visible to the others.

    Game options, as OpenSpiel's `goofspiel`: num_cards (2-16, default 13), points_order
    ("random", "descending", "ascending"), imp_info (bids hidden, only who took each prize
    seen), egocentric (seats listed from the viewer's on), num_turns (-1: as many as cards),
    returns_type ("win_loss", "point_difference", "total_points": the game's final scores,
    paid as rewards with reward_mode="score").
    """

    game = SPEC
    metadata = {**TurnBasedEnv.metadata, "name": SPEC.versioned_name}


def env(**kwargs: Any) -> AECEnv:
    """The wrapped environment (PettingZoo order checks); see `raw_env` for the options."""
    return wrap(raw_env(**kwargs))


class raw_parallel_env(JointParallelEnv):  # noqa: N801 (PettingZoo naming)
    """Goofspiel for 2-5 players as a Parallel environment: each turn's bids are one joint
    step, every seat bidding, so the no-op 16 (the last id, which a seat that does not decide
    plays in the other games) is never legal. See tabletop_core.parallel."""

    game = SPEC
    metadata = {**JointParallelEnv.metadata, "name": SPEC.versioned_name}


def parallel_env(**kwargs: Any) -> ParallelEnv:
    """The Parallel environment; the same options as `env()` plus `max_moves`."""
    return raw_parallel_env(**kwargs)


class BatchEnv(BatchEnvBase):
    """`num_envs` Goofspiel games stepped together; see tabletop_core.batch.BatchEnvBase."""

    game = SPEC
