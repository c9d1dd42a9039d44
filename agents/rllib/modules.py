"""RLlib modules for the games' `{"observations", "action_mask"}` observations.

- `MaskedPPOTorchRLModule`: RLlib's default PPO actor-critic over `"observations"`, with the
  logits of illegal actions pushed to RLlib's FLOAT_MIN in every forward pass (sampling,
  inference and training), so it never picks an illegal action.
- `MaskedRandomRLModule`: uniform over the legal actions (seeded).
- `BotRLModule`: a numba bot of `agents.bots` (`heuristic`, `ismcts:<budget>`) as a frozen
  module. It decides from an `agents.bots.base.SeatView` built from the seat's observation, mask and
  the env's `seat_state` (a state drawn from that seat's information only; env_config
  `seat_states=True`), which `SeatStatesToBatch` puts in the batch.

None of the frozen modules can be trained: leave them out of `policies_to_train`.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from ray.rllib.algorithms.ppo.torch.default_ppo_torch_rl_module import DefaultPPOTorchRLModule
from ray.rllib.connectors.common.add_observations_from_episodes_to_batch import (
    AddObservationsFromEpisodesToBatch,
)
from ray.rllib.connectors.connector_v2 import ConnectorV2
from ray.rllib.core.columns import Columns
from ray.rllib.core.rl_module.apis.value_function_api import ValueFunctionAPI
from ray.rllib.core.rl_module.rl_module import RLModule
from ray.rllib.utils.annotations import override
from ray.rllib.utils.torch_utils import FLOAT_MIN

from agents.bots import make_bot
from agents.bots.base import SeatView
from agents.games import load_game

SEAT_STATE = "seat_state"


def _split(batch: dict[str, Any], key: str = "observations") -> tuple[dict[str, Any], Any]:
    """(batch with OBS = the features under `key`, mask), leaving the caller's batch as is."""
    obs = batch[Columns.OBS]
    if not isinstance(obs, dict) or "action_mask" not in obs or key not in obs:
        raise ValueError(f"this module needs observations of the form {{{key!r}: ..., "
                         "'action_mask': ...}} (TabletopMultiAgentEnv)")
    return {**batch, Columns.OBS: obs[key]}, obs["action_mask"]


def _numpy(x) -> np.ndarray:
    return x.detach().cpu().numpy() if hasattr(x, "detach") else np.asarray(x)


class MaskedPPOTorchRLModule(DefaultPPOTorchRLModule):
    """PPO actor-critic on `"observations"` (model_config `features_key` names another key,
    e.g. "observation" for RLlib's PettingZooEnv wrapper); illegal actions' logits set to
    FLOAT_MIN."""

    def __init__(self, *, observation_space: gym.Space | None = None, model_config=None,
                 **kwargs):
        key = (model_config or {}).get("features_key", "observations")
        spaces = getattr(observation_space, "spaces", None)
        if not isinstance(observation_space, gym.spaces.Dict) or key not in spaces:
            raise ValueError(f"MaskedPPOTorchRLModule needs a Dict observation space with "
                             f"{key!r} and 'action_mask'")
        self.features_key = key
        # The networks are built for the features alone; the module keeps the whole space.
        super().__init__(observation_space=observation_space[key], model_config=model_config,
                         **kwargs)
        self.observation_space = observation_space

    @override(DefaultPPOTorchRLModule)
    def _forward(self, batch: dict[str, Any], **kwargs) -> dict[str, Any]:
        inner, mask = _split(batch, self.features_key)
        return self._masked(super()._forward(inner, **kwargs), mask)

    @override(DefaultPPOTorchRLModule)
    def _forward_train(self, batch: dict[str, Any], **kwargs) -> dict[str, Any]:
        inner, mask = _split(batch, self.features_key)
        return self._masked(super()._forward_train(inner, **kwargs), mask)

    @override(ValueFunctionAPI)
    def compute_values(self, batch: dict[str, Any], embeddings=None):
        if embeddings is None:
            batch, _ = _split(batch, self.features_key)
        return super().compute_values(batch, embeddings)

    @staticmethod
    def _masked(out: dict[str, Any], mask) -> dict[str, Any]:
        import torch

        out[Columns.ACTION_DIST_INPUTS] = out[Columns.ACTION_DIST_INPUTS] + torch.clamp(
            torch.log(mask.float()), min=FLOAT_MIN)
        return out


class _FrozenModule(RLModule):
    """A module that acts but never trains."""

    @override(RLModule)
    def _forward_train(self, batch, **kwargs):
        raise NotImplementedError(f"{type(self).__name__} is frozen: leave it out of "
                                  "policies_to_train")

    def compile(self, *args, **kwargs):
        """Nothing to compile."""

    @override(RLModule)
    def get_state(self, *args, **kwargs) -> dict:
        return {}

    @override(RLModule)
    def set_state(self, state: dict) -> None:
        pass


class MaskedRandomRLModule(_FrozenModule):
    """Uniform over the legal actions; model_config `{"seed": int}`."""

    @override(RLModule)
    def setup(self):
        self.rng = np.random.default_rng(self.model_config.get("seed", 0))

    @override(RLModule)
    def _forward(self, batch, **kwargs):
        mask = _numpy(batch[Columns.OBS]["action_mask"]) > 0
        actions = np.array([self.rng.choice(np.flatnonzero(row)) for row in mask], np.int64)
        return {Columns.ACTIONS: actions}


class BotRLModule(_FrozenModule):
    """A bot of `agents.bots` as a frozen module; model_config `{"game": name,
    "num_players": n, "bot": "heuristic" | "ismcts:<budget>" | ..., "seed": int}`."""

    @override(RLModule)
    def setup(self):
        config = self.model_config
        self.game = load_game(config["game"]).SPEC
        self.num_players = int(config["num_players"])
        self.bot = make_bot(config["bot"], seed=int(config.get("seed", 0)))

    @override(RLModule)
    def _forward(self, batch, **kwargs):
        if SEAT_STATE not in batch:
            raise ValueError(f"{self.bot.name} plays from the seats' sampled states: build the "
                             "env with env_config seat_states=True and add SeatStatesToBatch "
                             "to the env-to-module connectors")
        obs = batch[Columns.OBS]
        features = _numpy(obs["observations"])
        masks = _numpy(obs["action_mask"]).astype(np.uint8)
        states = _numpy(batch[SEAT_STATE]).astype(np.int32)
        actions = np.empty(len(states), np.int64)
        for i, row in enumerate(states):
            view = SeatView(self.game, self.num_players, int(row[-1]), features[i], masks[i],
                            np.ascontiguousarray(row[:-1]))
            actions[i] = self.bot.act(view)
        return {Columns.ACTIONS: actions}


class SeatStatesToBatch(ConnectorV2):
    """Env-to-module connector: for the agents played by a `BotRLModule`, the env's latest
    `seat_state` info (the seat's sampled state and its seat number) under "seat_state".

    It adds the observations first (RLlib's own piece, which then does nothing later in the
    pipeline), since RLlib maps agents to modules from the batch's first column."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._observations = AddObservationsFromEpisodesToBatch()

    @override(ConnectorV2)
    def __call__(self, *, rl_module, batch, episodes, explore=None, shared_data=None,
                 **kwargs):
        batch = self._observations(rl_module=rl_module, batch=batch, episodes=episodes,
                                   explore=explore, shared_data=shared_data, **kwargs)
        for episode in self.single_agent_episode_iterator(episodes,
                                                          agents_that_stepped_only=True):
            if not isinstance(rl_module[episode.module_id], BotRLModule):
                continue
            info = episode.get_infos(-1)
            if SEAT_STATE in info:  # absent in the last observation of a finished game
                self.add_batch_item(batch, SEAT_STATE, info[SEAT_STATE], episode)
        return batch


def seat_states_connector(env=None, spaces=None, device=None) -> SeatStatesToBatch:
    """Factory for `config.env_runners(env_to_module_connector=...)`."""
    return SeatStatesToBatch()
