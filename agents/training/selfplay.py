"""Self-play for Stable-Baselines3: a `VecEnv` over a game's `BatchEnv` in which the learner
plays one seat of each game and opponents play the others.

- Game i's learner seat rotates: seat (i + episode) mod players.
- When games reach a non-learner seat, the opponents' actions for all of them are computed
  together — one forward pass per policy snapshot, one numba call per baseline bot — and the
  games advance until the learner must act again. The learner therefore sees only its own
  decisions and observations (each from its own seat), and receives its final reward in the
  step in which its game ends, even when the game ends on an opponent's move.
- `action_masks()` gives the learner's masks, so sb3-contrib's MaskablePPO works as is.

Opponents are drawn per game (at each new episode) from an `OpponentPool`: baseline bots
("random", "heuristic") and snapshots of the learner's policy (`frozen_policy`).
"""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import torch
from gymnasium import spaces
from stable_baselines3.common.vec_env import VecEnv

from agents.bots.batch_policies import batch_bot
from agents.games import load_game
from agents.training.opponent_pool import OpponentPool


def frozen_policy(policy):
    """A frozen CPU copy of an SB3 policy, to add to an `OpponentPool`."""
    frozen = type(policy)(**policy._get_constructor_parameters())
    frozen.load_state_dict(copy.deepcopy(policy.state_dict()))
    frozen.set_training_mode(False)
    return frozen


class SelfPlayVecEnv(VecEnv):
    """N games of one kind as a Stable-Baselines3 VecEnv for one learner (see module doc)."""

    def __init__(
        self,
        game: str,
        num_envs: int,
        num_players: int,
        pool: OpponentPool,
        seed: int = 0,
        reward_mode: str = "rank",
        **options: Any,
    ):
        module = load_game(game)
        self.batch = module.BatchEnv(num_envs=num_envs, num_players=num_players, seed=seed,
                                     reward_mode=reward_mode, **options)
        spec = module.SPEC
        self.game = spec
        self.num_players = num_players
        self.pool = pool
        self.render_mode = None
        observation_space = spaces.Box(-1.0, 1.0, (spec.obs_size,), np.float32)
        super().__init__(num_envs, observation_space, spaces.Discrete(spec.num_actions))
        self.learner_seat = np.zeros(num_envs, np.int64)
        self.opponent = [None] * num_envs
        self.episodes = np.zeros(num_envs, np.int64)
        self._bots = {name: batch_bot(name, spec, num_envs, num_players, seed + k,
                                      self.batch._obs)
                      for k, name in enumerate(pool.bots)}
        self._torch_rng = torch.Generator().manual_seed(seed)
        self._actions = None
        self.render_mode = None
        self._last_obs = np.zeros((num_envs, spec.obs_size), np.float32)

    # -- VecEnv ---------------------------------------------------------------------------
    def reset(self) -> np.ndarray:
        self.batch.reset()
        self.episodes[:] = 0
        for i in range(self.num_envs):
            self._new_episode(i)
        self._advance_opponents(np.zeros(self.num_envs, np.float32),
                                np.zeros(self.num_envs, bool), np.zeros(self.num_envs, bool))
        self._last_obs[:] = self.batch._obs
        return self._last_obs.copy()

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions, np.int64)

    def step_wait(self):
        out = self.batch.step(self._actions)
        rewards = np.zeros(self.num_envs, np.float32)
        dones = np.zeros(self.num_envs, bool)
        truncated = np.zeros(self.num_envs, bool)
        self._collect_ends(out, rewards, dones, truncated)
        self._advance_opponents(rewards, dones, truncated)
        infos = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(dones):
            infos[i]["terminal_observation"] = self._last_obs[i].copy()
            infos[i]["TimeLimit.truncated"] = bool(truncated[i])
        self._last_obs[:] = self.batch._obs
        return self._last_obs.copy(), rewards, dones, infos

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions in every game (all games wait for the learner)."""
        return self.batch._masks.astype(bool)

    def close(self) -> None:
        pass

    def get_attr(self, attr_name, indices=None):
        return [getattr(self, attr_name)] * len(self._indices(indices))

    def set_attr(self, attr_name, value, indices=None):
        setattr(self, attr_name, value)

    def env_method(self, method_name, *method_args, indices=None, **method_kwargs):
        indices = self._indices(indices)
        if method_name == "action_masks":
            masks = self.action_masks()
            return [masks[i] for i in indices]
        result = getattr(self, method_name)(*method_args, **method_kwargs)
        return [result] * len(indices)

    def env_is_wrapped(self, wrapper_class, indices=None):
        return [False] * len(self._indices(indices))

    def _indices(self, indices):
        if indices is None:
            return range(self.num_envs)
        if isinstance(indices, int):
            return [indices]
        return indices

    # -- internals ------------------------------------------------------------------------
    def _new_episode(self, i: int) -> None:
        self.learner_seat[i] = (i + self.episodes[i]) % self.num_players
        self.opponent[i] = self.pool.sample()
        self.episodes[i] += 1

    def _collect_ends(self, out, rewards, dones, truncated) -> None:
        for i in np.flatnonzero(out.terminated | out.truncated):
            if dones[i]:
                continue  # a game the learner never acted in (cannot happen in practice)
            rewards[i] = out.rewards[i, self.learner_seat[i]]  # 0 if truncated
            dones[i] = True
            truncated[i] = out.truncated[i]
            self._new_episode(i)

    def _advance_opponents(self, rewards, dones, truncated) -> None:
        batch = self.batch
        while True:
            waiting = batch._players != self.learner_seat
            if not waiting.any():
                return
            actions = np.full(self.num_envs, -1, np.int64)
            kinds = {self.opponent[i] for i in np.flatnonzero(waiting)}
            for kind in kinds:
                chosen = waiting & np.array([o == kind for o in self.opponent])
                if isinstance(kind, str):
                    picked = self._bots[kind].act(batch.states, batch._players, batch._masks,
                                                  chosen)
                    actions[chosen] = picked[chosen]
                else:
                    actions[chosen] = self._snapshot_actions(kind, chosen)
            out = batch.step(actions, skip_negative=True)
            self._collect_ends(out, rewards, dones, truncated)

    def _snapshot_actions(self, index: int, chosen: np.ndarray) -> np.ndarray:
        policy = self.pool.snapshots[index]
        obs = torch.as_tensor(self.batch._obs[chosen])
        masks = self.batch._masks[chosen].astype(bool)
        with torch.no_grad():
            distribution = policy.get_distribution(obs, action_masks=masks)
            logits = distribution.distribution.logits
            sample = torch.multinomial(torch.softmax(logits, -1), 1, generator=self._torch_rng)
        return sample.squeeze(1).numpy()
