"""The bot interface: what a seat may see, and the bots behind it.

A bot receives a `SeatView`: the seat's observation and action mask and, for bots that need a
concrete game state, `sample_state(seed)` — a full state drawn from that seat's information by
the engine's `determinize` (it depends only on what the seat has seen and on the seed). A bot
never receives the true state.
"""

from __future__ import annotations

import numbers
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from tabletop_core.spec import GameSpec


@dataclass
class SeatView:
    """Everything one seat may use to decide."""

    game: GameSpec
    num_players: int
    seat: int
    observation: np.ndarray
    action_mask: np.ndarray
    _state: np.ndarray = field(repr=False)

    def sample_state(self, seed: int) -> np.ndarray:
        """A full state consistent with this seat's information (hidden parts resampled)."""
        state = self._state.copy()
        self.game.determinize(state, self.seat, seed)
        return state

    def legal_actions(self) -> np.ndarray:
        """The legal actions, ascending."""
        return np.flatnonzero(self.action_mask)


def seat_view(env, seat: int) -> SeatView:
    """The view of `seat` in a raw environment (a `TurnBasedEnv`)."""
    obs = env.observe(env.possible_agents[seat])
    return SeatView(
        env.game, env.num_players, seat, obs["observation"], obs["action_mask"], env.engine_state
    )


def certain(action: int, num_actions: int) -> np.ndarray:
    """The action probabilities of a policy sure of `action`."""
    probabilities = np.zeros(num_actions)
    probabilities[action] = 1.0
    return probabilities


def state_view(game: GameSpec, num_players: int, seat: int, state: np.ndarray) -> SeatView:
    """The view of `seat` in a full state (a search's world: its `sample_state` resamples
    that world from the seat's information)."""
    observation = np.zeros(game.obs_size, np.float32)
    mask = np.zeros(game.num_actions, np.uint8)
    game.observe(state, seat, observation)
    game.legal_mask(state, mask)
    return SeatView(game, num_players, seat, observation, mask, state)


class Bot(ABC):
    """A player. `act` returns a legal action of the view's seat.

    A bot whose policy is known in closed form also gives `action_probabilities`: what `act`
    draws from, from the same view. Approximate best responses that model the bot (the
    `search` method of `agents.exploit`) need them; searches and other frameworks' models
    do not give them.
    """

    name: str

    @abstractmethod
    def act(self, view: SeatView) -> int:
        """Choose an action for the seat of `view`."""

    # Whether the play loop shows this bot the game as it goes (`new_game`, `watch`).
    watches = False

    def new_game(self, view: SeatView, seed: int) -> None:  # noqa: B027 (a hook)
        """Before the first move of a game, for a bot that `watches`: its seat's view and a
        seed of its own for the game (from which nothing of the deal follows)."""

    def watch(self, view: SeatView) -> None:  # noqa: B027 (a hook)
        """After every move of the game, for a bot that `watches`: its seat's view, what the
        seat sees at the table as the game goes."""

    def knows_probabilities(self, game: str) -> bool:
        """Whether `action_probabilities` is given at `game`'s seats."""
        return False

    def action_probabilities(self, view: SeatView) -> np.ndarray:
        """The probability of each action id at `view` (0 where illegal, summing to 1);
        NotImplementedError for a bot that does not know them (`knows_probabilities`)."""
        raise NotImplementedError(f"bot {self.name} does not give its action probabilities "
                                  f"in {view.game.name}")


class RandomBot(Bot):
    """Uniform over the legal actions."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = np.random.default_rng(seed)

    def act(self, view: SeatView) -> int:
        legal = view.legal_actions()
        return int(legal[self.rng.integers(len(legal))])

    def knows_probabilities(self, game: str) -> bool:
        return True

    def action_probabilities(self, view: SeatView) -> np.ndarray:
        legal = view.action_mask.astype(bool)
        return legal / legal.sum()


class CallableBot(Bot):
    """A user's policy as a bot: `policy(observation, action_mask) -> action`, called with
    copies of the seat's own observation and mask (nothing else of the game). An action that
    is not a legal action id of the seat is refused with a ValueError naming the bot."""

    def __init__(self, policy: Callable[[np.ndarray, np.ndarray], int], name: str):
        self.policy = policy
        self.name = name

    def act(self, view: SeatView) -> int:
        action = self.policy(view.observation.copy(), view.action_mask.copy())
        if isinstance(action, np.ndarray) and action.size == 1:
            action = action.item()
        if isinstance(action, bool) or not isinstance(action, numbers.Integral) or \
                not 0 <= action < len(view.action_mask) or not view.action_mask[action]:
            legal = view.legal_actions()
            raise ValueError(f"bot {self.name} returned {action!r}, not a legal action of seat "
                             f"{view.seat} (legal: {legal[:10].tolist()}"
                             f"{' ...' if len(legal) > 10 else ''})")
        return int(action)
