"""Agents as a user writes them, for the match harness's tests (`<module>:<callable>` names
them on the command line), and a policy file as a user trains one."""

from __future__ import annotations

import numpy as np

from agents.bots.base import Bot, SeatView
from agents.bots.mlp import MaskedMLP
from agents.games import load_game


def first_legal(observation: np.ndarray, action_mask: np.ndarray) -> int:
    """The lowest legal action."""
    return int(np.flatnonzero(action_mask)[0])


def illegal(observation: np.ndarray, action_mask: np.ndarray) -> int:
    """An action that is never legal."""
    return int(np.flatnonzero(action_mask == 0)[0])


def words(observation: np.ndarray, action_mask: np.ndarray) -> str:
    """Not an action at all."""
    return "bid high"


class LastLegal(Bot):
    """A bot of the library's interface: the highest legal action."""

    name = "last-legal"

    def act(self, view: SeatView) -> int:
        return int(view.legal_actions()[-1])


NOT_A_POLICY = 42


def one_size_policy(folder, game: str, players: int) -> str:
    """The path of a policy file of `game` (one layer of zeros) that serves `players` only,
    written in `folder`: `baseline:<path>` refuses every other table size."""
    spec = load_game(game).SPEC
    path = folder / f"{game}-{players}p.npz"
    MaskedMLP([np.zeros((spec.num_actions, spec.obs_size), np.float32)],
              [np.zeros(spec.num_actions, np.float32)], spec.env_id, (players, players)).save(path)
    return str(path)
