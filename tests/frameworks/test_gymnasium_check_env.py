"""Gymnasium's and SB3's own `check_env` on every single-agent env of every game: the plain
`SingleAgentEnv` (bots inside an AEC env) and RLlib's `TabletopSingleAgentEnv` (opponents inside
the joint env), with random and heuristic opponents.

`action_space.sample()` draws a legal action of the learner, and `reset(seed=s)` replays the same
games, opponents included. Gymnasium's step-determinism check samples its action *before* the
seeded reset it then steps from, so that action was drawn for another position and may be
illegal there; the checkers therefore run with `illegal_action="penalize"` (an illegal action
ends the game at -1, the same way every time), and the default "raise" is checked here for what
the checker relies on: every sampled action is legal, and seeds replay.
"""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from stable_baselines3.common.env_checker import check_env as sb3_check_env

from agents.training.single_env import SingleAgentEnv
from tabletop_core.games import game_names, game_spec

pytestmark = pytest.mark.frameworks

GAMES = [(name, game_spec(name).train_players) for name in game_names()]


def _plain(game: str, players: int, opponent: str, **options):
    return SingleAgentEnv(game, players, opponent=opponent, **options)


def _rllib(game: str, players: int, opponent: str, **options):
    from agents.rllib.opponents import PoolOpponents
    from tabletop_core.rllib import TabletopSingleAgentEnv

    return TabletopSingleAgentEnv({"game": game, "num_players": players,
                                   "opponents": PoolOpponents(game, players, (opponent,)),
                                   **options})


MAKERS = {"single_env": _plain, "rllib_single_agent": _rllib}
CASES = [(kind, game, players, opponent) for kind in MAKERS for game, players in GAMES
         for opponent in ("random", "heuristic")]


def _ids(case) -> str:
    kind, game, players, opponent = case
    return f"{kind}-{game}-{players}p-{opponent}"


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_gymnasium_and_sb3_check_env_pass(case):
    kind, game, players, opponent = case
    make = MAKERS[kind]
    check_env(make(game, players, opponent, illegal_action="penalize"), skip_render_check=True)
    sb3_check_env(make(game, players, opponent, illegal_action="penalize"), warn=True)


def _mask(env, obs) -> np.ndarray:
    return obs["action_mask"] if isinstance(obs, dict) else env.action_masks()


def _trajectory(env, seed: int, steps: int) -> list[bytes]:
    """Observations along `steps` actions drawn by the action space, from reset(seed)."""
    env.action_space.seed(seed)
    obs, _ = env.reset(seed=seed)
    seen = []
    for _ in range(steps):
        action = int(env.action_space.sample())
        assert _mask(env, obs)[action], f"sampled action {action} is not legal"
        obs, _, terminated, truncated, _ = env.step(action)
        seen.append(np.asarray(obs["observations"] if isinstance(obs, dict) else obs).tobytes())
        if terminated or truncated:
            obs, _ = env.reset()
    return seen


@pytest.mark.parametrize("case", [c for c in CASES if c[3] == "heuristic"], ids=_ids)
def test_sampled_actions_are_legal_and_seeds_replay(case):
    kind, game, players, opponent = case
    env = MAKERS[kind](game, players, opponent)
    first = _trajectory(env, 123, 150)
    assert _trajectory(env, 123, 150) == first  # the same env, seeded again
    assert _trajectory(MAKERS[kind](game, players, opponent), 123, 150) == first
    assert _trajectory(env, 124, 150) != first
