"""Agents as a user writes them, for the match harness's tests (`<module>:<callable>` names
them on the command line), and a policy file of one table size."""

from __future__ import annotations

import numpy as np

from agents.bots.base import Bot, SeatView
from agents.bots.baseline import load_policy
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
    """The path of a policy file written in `folder`: the layers of `game`'s shipped `baseline`
    without a value head, serving `players` only (`baseline:<path>` refuses every other table
    size; `az` searches it with playouts)."""
    shipped = load_policy(None, load_game(game).SPEC, players)
    path = folder / f"{game}-{players}p.npz"
    MaskedMLP(shipped.weights, shipped.biases, shipped.env_id, (players, players)).save(path)
    return str(path)
