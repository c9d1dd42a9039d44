"""A learned policy alone as a bot: `baseline` (the policy shipped for the game) or
`baseline:<policy.npz>` (one written by `tabletop train baseline`, or the policy of an az
network).

The shipped policies are named by the games' profiles (`agents.profiles`; this library's are
the policies of its az networks, `agents/az/weights/<game>.npz`, each beside a `<game>.json`
with the command that trained it, its wall time and its learning curve). A policy plays the
table sizes it was trained for (its file's `players`); it reads only its seat's observation
and action mask, and plays the most probable legal action.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np

from agents.bots.base import Bot, SeatView, certain
from agents.bots.mlp import MaskedMLP
from agents.profiles import game_profile
from tabletop_core.spec import GameSpec


def shipped_policy_path(game: str) -> Path | None:
    """The `baseline` policy shipped for `game` (its profile's), or None."""
    return game_profile(game).baseline_network


@lru_cache(maxsize=16)
def _load(path: str, mtime: float) -> MaskedMLP:
    return MaskedMLP.load(path)


def load_policy(source: str | None, game: GameSpec, num_players: int | None) -> MaskedMLP:
    """The policy of `source` (a file; None: the one shipped for `game`), checked against
    the game and player count (None: any it serves); ValueError naming what is missing or
    does not fit."""
    path = Path(source) if source else shipped_policy_path(game.name)
    if path is None or not path.is_file():
        raise ValueError(f"no baseline policy is shipped for {game.name}" if source is None
                         else f"baseline policy not found: {path}")
    policy = _load(str(path), path.stat().st_mtime)
    policy.check_game(game, num_players)
    return policy


class BaselineBot(Bot):
    """Plays a `MaskedMLP` policy: its most probable legal action for the seat's observation."""

    def __init__(self, source: str | None = None):
        self.source = source
        self.name = f"baseline:{source}" if source else "baseline"
        self._policies: dict[tuple[str, int], MaskedMLP] = {}

    def policy(self, view: SeatView) -> MaskedMLP:
        """The policy for the view's game and table size, loaded and checked once per bot
        (a search asks for its actions hundreds of thousands of times a game)."""
        key = (view.game.name, view.num_players)
        if key not in self._policies:
            self._policies[key] = load_policy(self.source, view.game, view.num_players)
        return self._policies[key]

    def act(self, view: SeatView) -> int:
        action = int(self.policy(view).act(view.observation[None], view.action_mask[None])[0])
        if not view.action_mask[action]:
            raise RuntimeError(f"{self.name} chose an illegal action {action}")
        return action

    def knows_probabilities(self, game: str) -> bool:
        return True

    def action_probabilities(self, view: SeatView) -> np.ndarray:
        """Its most probable legal action, certain (the policy plays it)."""
        return certain(self.act(view), len(view.action_mask))


class BatchBaseline:
    """A `MaskedMLP` policy over selected games of a batch (the interface of
    `agents.bots.batch_policies.BatchPolicy`), reading the batch's observation array in place.
    Samples from the policy's distribution (seeded) so that, as a training opponent, it is
    not one fixed line of play."""

    def __init__(self, policy: MaskedMLP, observations: np.ndarray, seed: int):
        self.policy = policy
        self.observations = observations
        self.rng = np.random.default_rng(seed)
        self.out = np.full(len(observations), -1, np.int64)

    def act(self, states, players, masks, active) -> np.ndarray:
        """Actions for the active games (-1 elsewhere)."""
        self.out[:] = -1
        if active.any():
            self.out[active] = self.policy.act(self.observations[active], masks[active],
                                               self.rng)
        return self.out
