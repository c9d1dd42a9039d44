"""A plain single-agent Gymnasium wrapper of one game: the learner plays one seat of a raw AEC
environment and baseline bots play the others, one Python step at a time. It is the reference
the batched `SelfPlayVecEnv` is measured against, and a convenience for single-env tools."""

from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium import spaces

from agents.bots import make_bot
from agents.bots.base import seat_view
from agents.games import load_game
from tabletop_core.spaces import LegalDiscrete


class SingleAgentEnv(gymnasium.Env):
    """The learner's seat rotates each episode; `action_masks()` serves MaskablePPO.

    The learner receives its final reward in the step its game ends, whoever made the last
    move. With `mask_in_observation`, observations are `{"obs": features, "mask": legal
    actions}`, the layout Tianshou's masked policies read (`batch.obs.mask`).
    `action_space.sample()` draws a legal action of the learner. `reset(seed=s)` starts the
    stream of games over from `s` (the deals, the learner's seats and the opponents' choices),
    so the same seed and actions replay the same games; `reset()` deals the next game.
    `illegal_action` is the AEC env's option: "raise" (a `ValueError`, nothing changes) or
    "penalize" (the game ends, the learner gets -1).

    The `info` of the step that ends a game holds its result: `final_scores` and `ranks` (per
    seat, in seat order; rank 1 is first place, seats still tied after the game's tie-breaks
    share the better rank), `learner_seat`, `learner_score` and `learner_rank`. A game ended
    by the learner's illegal action ("penalize") has no final scores: its info holds
    `illegal_action: True` and `learner_seat`.
    """

    metadata = {"render_modes": []}

    def __init__(self, game: str, num_players: int, opponent: str = "random", seed: int = 0,
                 mask_in_observation: bool = False, illegal_action: str = "raise"):
        self.env = load_game(game).raw_env(num_players=num_players,
                                           illegal_action=illegal_action)
        spec = self.env.game
        self.mask_in_observation = mask_in_observation
        features = spaces.Box(-1.0, 1.0, (spec.obs_size,), np.float32)
        self.observation_space = features if not mask_in_observation else spaces.Dict(
            {"obs": features, "mask": spaces.MultiBinary(spec.num_actions)}
        )
        self.action_space = LegalDiscrete(spec.num_actions, self._learner_mask)
        self.opponent = opponent
        self.num_players = num_players
        self.learner = 0
        self._start_stream(seed)

    def _start_stream(self, seed: int) -> None:
        self.seed_base = seed
        self.episode = 0
        self.opponents = [make_bot(self.opponent, seed=seed * 8 + s)
                          for s in range(self.num_players)]

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if seed is not None:
            self._start_stream(seed)
        self.learner = self.episode % self.num_players
        self.env.reset(seed=self.seed_base * 1_000_003 + self.episode)
        self.episode += 1
        self._play_opponents()
        return self._observation(), {}

    def step(self, action: int):
        self.env.step(int(action))
        self._play_opponents()
        done = all(self.env.terminations.values())
        reward = self.env._cumulative_rewards[self.env.possible_agents[self.learner]] if done \
            else 0.0
        return self._observation(), float(reward), done, False, self._result() if done else {}

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions."""
        return self.env.engine_mask.astype(bool)

    def _learner_mask(self) -> np.ndarray | None:
        """The learner's legal actions while it is to act, else None (for `sample`)."""
        env = self.env
        if getattr(env, "agents", None) and \
                env.agent_selection == env.possible_agents[self.learner]:
            return env.engine_mask
        return None

    def _result(self) -> dict:
        """The info of a finished game: its final scores and every seat's rank."""
        state = self.env.clone_state()
        spec = self.env.game
        if spec.current_player(state) >= 0:  # ended by the learner's illegal action
            return {"illegal_action": True, "learner_seat": self.learner}
        scores = np.zeros(self.num_players, np.float64)
        keys = np.zeros(self.num_players, np.int64)
        spec.final_scores(state, scores, keys)
        ranks = [1 + int((keys > key).sum()) for key in keys]
        return {"final_scores": scores.tolist(), "ranks": ranks, "learner_seat": self.learner,
                "learner_score": float(scores[self.learner]),
                "learner_rank": ranks[self.learner]}

    def _play_opponents(self) -> None:
        env = self.env
        while not all(env.terminations.values()):
            seat = env.possible_agents.index(env.agent_selection)
            if seat == self.learner:
                return
            env.step(self.opponents[seat].act(seat_view(env, seat)))

    def _observation(self) -> np.ndarray | dict[str, np.ndarray]:
        view = self.env.observe(self.env.possible_agents[self.learner])
        if self.mask_in_observation:
            return {"obs": view["observation"], "mask": view["action_mask"]}
        return view["observation"]
