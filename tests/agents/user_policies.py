"""Agents as a user writes them, for the match harness's tests (`<module>:<callable>` names
them on the command line)."""

from __future__ import annotations

import numpy as np

from agents.bots.base import Bot, SeatView


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
