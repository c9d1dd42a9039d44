"""The game: first its OpenSpiel type and information (`game_type`, `game_info`, what
OpenSpiel's own Python games declare as `_GAME_TYPE` and `_GAME_INFO`; here functions of the
`GameSpec`, as one class serves every registered game), then that class, `TabletopGame`."""

from __future__ import annotations

from typing import Any

import pyspiel

from tabletop_core.openspiel.definition import DEAL_OUTCOMES, _definition
from tabletop_core.openspiel.observer import _Observer
from tabletop_core.openspiel.serialization import check_serialized
from tabletop_core.openspiel.state import TabletopState
from tabletop_core.spec import GameSpec


def game_type(spec: GameSpec) -> pyspiel.GameType:
    """The OpenSpiel type of `spec`'s game (registered as `spec.openspiel_name`)."""
    return pyspiel.GameType(
        short_name=spec.openspiel_name,
        long_name=f"{spec.title} (tabletop-rl {spec.versioned_name})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec.openspiel_params,
    )


def game_info(spec: GameSpec, num_players: int, max_moves: int) -> pyspiel.GameInfo:
    """The OpenSpiel information of `spec`'s game for `num_players` seats and the move limit
    `max_moves`."""
    return pyspiel.GameInfo(
        num_distinct_actions=spec.num_actions,
        max_chance_outcomes=DEAL_OUTCOMES,
        num_players=num_players,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=max_moves,
    )


class TabletopGame(pyspiel.Game):
    """One of the games with its parameters (see the package docstring)."""

    name: str  # set by each game's subclass

    def __init__(self, params: dict[str, Any] | None = None):
        definition = _definition(self.name, dict(params or {}))
        spec = definition.spec
        info = game_info(spec, definition.num_players, definition.max_moves)
        super().__init__(game_type(spec), info, dict(definition.params))
        self.definition = definition
        self.chance_outcomes = [(k, 1.0 / DEAL_OUTCOMES) for k in range(DEAL_OUTCOMES)]

    def new_initial_state(self, *args) -> TabletopState:
        if args:
            raise ValueError(f"{self.definition.short_name}: new_initial_state takes no "
                             "argument (the deal is the first, chance, actions)")
        return TabletopState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> _Observer | None:
        """OpenSpiel's Python observer for `iig_obs_type`: a seat's own view (public information
        and that seat's private information), with perfect recall (the information state) or
        not (the observation; also for None). None for any other type, as OpenSpiel's contract
        asks of a type the game does not provide (`make_observation` then returns None too)."""
        if isinstance(iig_obs_type, dict):  # OpenSpiel's make_observer(params) passes only those
            iig_obs_type, params = None, iig_obs_type
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            return None
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(self.definition, recall)

    def make_observer(self, *args) -> pyspiel.Observer | None:
        """pyspiel's `make_observer((iig_obs_type,) params)`: None for a type the game does not
        provide, as for OpenSpiel's C++ games (its wrapper of a Python observer fails on None)."""
        if self.make_py_observer(*args) is None:
            return None
        return pyspiel.Game.make_observer(self, *args)

    def deserialize_state(self, text: str) -> TabletopState:
        """A state from `state.serialize()`; ValueError if the text is not one of this game's."""
        check_serialized(text, self.definition)
        return pyspiel.Game.deserialize_state(self, text)
