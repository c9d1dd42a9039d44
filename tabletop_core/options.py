"""Checks of options shared by every door (a bad value is refused with a one-line error)."""

from __future__ import annotations

from typing import Any

from tabletop_core.inputs import is_integer
from tabletop_core.rewards import REWARD_MODES

ILLEGAL_ACTION_MODES = ("raise", "penalize")


def check_env_options(
    render_mode: Any, render_modes: list[str], reward_mode: Any, illegal_action: Any
) -> None:
    """ValueError unless the options every env takes are valid (see TurnBasedEnv)."""
    if render_mode not in (None, *render_modes):
        raise ValueError(f"render_mode must be None or one of {render_modes}, got {render_mode!r}")
    if reward_mode not in REWARD_MODES:
        raise ValueError(f"reward_mode must be one of {REWARD_MODES}, got {reward_mode!r}")
    if illegal_action not in ILLEGAL_ACTION_MODES:
        raise ValueError(
            f"illegal_action must be one of {ILLEGAL_ACTION_MODES}, got {illegal_action!r}"
        )


def check_render_seat(render_seat: Any, num_players: int) -> None:
    """ValueError unless `render_seat` is None (the public view) or a seat of the game."""
    if render_seat is not None and (
        not is_integer(render_seat) or not 0 <= render_seat < num_players
    ):
        raise ValueError("render_seat must be None (the public view) or a seat "
                         f"0..{num_players - 1}, got {render_seat!r}")


def apply_env_options(
    env: Any, num_players: Any, render_mode: Any, render_seat: Any, reward_mode: Any,
    illegal_action: Any, max_moves: Any, options: dict[str, Any],
) -> None:
    """Check the options every PettingZoo view takes (AEC and Parallel) and set them on `env`
    (whose class sets `game` and `metadata`): num_players, render_mode, render_seat,
    reward_mode, illegal_action, max_moves, options and the game's config. ValueError, before
    anything is set, for a bad one."""
    game = env.game
    game.check_num_players(num_players)
    check_env_options(render_mode, env.metadata["render_modes"], reward_mode, illegal_action)
    check_render_seat(render_seat, num_players)
    config = game.make_config(int(num_players), **options)
    env.num_players = int(num_players)
    env.render_mode = render_mode
    env.render_seat = None if render_seat is None else int(render_seat)
    env.reward_mode = reward_mode
    env.illegal_action = illegal_action
    env.max_moves = max_moves
    env.options = dict(options)
    env.config = config
