"""Ray RLlib door: every game as a native RLlib `MultiAgentEnv` over its joint step.

    from tabletop_core.rllib import TabletopMultiAgentEnv, register_envs
    register_envs()   # "tabletop_aquilon", "tabletop_dragon", "tabletop_simurgh"
    config = PPOConfig().environment("tabletop_aquilon", env_config={"num_players": 3})

`env_config` keys: `game` (implied by a registered name), `num_players`, `max_moves` (truncate
after this many moves of all seats; default none), `reward_mode` ("rank" or "margin"),
`illegal_action` ("raise", or "penalize": the game ends, offenders get -1 and the others 0),
`seat_states` (see below), `seed` (first deal of an env whose `reset` gets no seed) and the
game's own options, checked by the game's `make_config`.

- Agents are `<prefix>_<seat>` (e.g. `aquilon_0`), as in the PettingZoo envs.
- Observations exist only for the seats that decide now: `{"observations": float32[D],
  "action_mask": float32[A]}`, the keys RLlib's action-masking examples read. A sealed phase
  (Aquilon's bids, Dragon's Interest's Contracts and fist bids, Simurgh's simultaneous
  choices) is one joint step: every deciding seat is in the dict together, each sees only its
  own information, and their actions are applied together. Turn-based phases give one seat.
- Rewards are 0 until the end; then every seat gets its final reward and a last observation
  (zero mask), with `terminateds` true for all and for "__all__". With `max_moves` a long game
  is truncated instead (`truncateds`), and pays nothing.
- `get_action_space(agent).sample()` draws a legal action of that seat in the current position
  (`LegalDiscrete`), so RLlib's environment check passes with checking left on. An illegal
  action raises a short `ValueError` naming the seat, the action and how many actions were
  legal; `legal_actions(agent)` lists them in words.
- `seat_states=True` adds to each deciding seat's info `"seat_state"`: a full state drawn by
  the engine's `determinize` from that seat's information only (what `agents.bots.base.SeatView`
  gives a bot), so that the numba bots can play as RLlib modules. Off by default.

Ray is imported only here; install it with the `rllib` extra.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from ray.rllib.env.multi_agent_env import MultiAgentEnv
from ray.tune.registry import register_env

from tabletop_core.inputs import normalize_seed
from tabletop_core.joint import JointGame
from tabletop_core.options import check_env_options

ENV_NAMES = {"aquilon": "tabletop_aquilon", "dragon": "tabletop_dragon",
             "simurgh": "tabletop_simurgh"}


class LegalDiscrete(spaces.Discrete):
    """`Discrete(n)` whose `sample()` without a mask draws a legal action of one seat of a live
    env. Copies and pickles (what RLlib ships to modules and learners) are plain `Discrete`."""

    def __init__(self, n: int, legal_mask=None, seed: int | None = None):
        super().__init__(n, seed=seed)
        self._legal_mask = legal_mask

    def sample(self, mask: np.ndarray | None = None, probability=None) -> np.int64:
        if mask is None and probability is None and self._legal_mask is not None:
            mask = self._legal_mask()
            mask = mask.astype(np.int8) if mask is not None and mask.any() else None
        return super().sample(mask=mask, probability=probability)

    def __deepcopy__(self, memo):
        copy = spaces.Discrete(int(self.n), start=int(self.start))
        copy._np_random = None
        return copy

    def __reduce__(self):
        return spaces.Discrete, (int(self.n), None, int(self.start))


def _game_spec(name: str):
    from agents.games import load_game

    return load_game(name).SPEC


class TabletopMultiAgentEnv(MultiAgentEnv):
    """One game of `env_config["game"]` as an RLlib multi-agent env (see the module doc)."""

    def __init__(self, config: dict[str, Any] | None = None):
        super().__init__()
        options = dict(config or {})
        if "game" not in options:
            raise ValueError(f"env_config needs a 'game' ({', '.join(ENV_NAMES)})")
        self.game = _game_spec(options.pop("game"))
        num_players = options.pop("num_players", self.game.min_players)
        self.game.check_num_players(num_players)
        self.num_players = int(num_players)
        max_moves = options.pop("max_moves", None)
        reward_mode = options.pop("reward_mode", "rank")
        self.illegal_action = options.pop("illegal_action", "raise")
        check_env_options(None, [], reward_mode, self.illegal_action)
        self.seat_states = bool(options.pop("seat_states", False))
        seed = options.pop("seed", None)
        # RLlib's EnvContext knows which runner and sub-env this is: give each its own deals.
        worker = getattr(config, "worker_index", 0)
        vector = getattr(config, "vector_index", 0)
        self._seeds = np.random.default_rng([seed if seed is not None else 0, worker, vector])
        self._sample_seeds = np.random.default_rng([seed if seed is not None else 0, worker,
                                                    vector, 1])
        self.options = options
        self.joint = JointGame(self.game, self.num_players,
                               self.game.make_config(self.num_players, **options),
                               reward_mode=reward_mode, max_moves=max_moves)
        self.possible_agents = [f"{self.game.agent_prefix}_{i}" for i in range(num_players)]
        self.agents = []
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._masks: dict[int, np.ndarray] = {}
        observation = spaces.Dict({
            "observations": spaces.Box(-1.0, 1.0, (self.game.obs_size,), np.float32),
            "action_mask": spaces.Box(0.0, 1.0, (self.game.num_actions,), np.float32),
        })
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {
            a: LegalDiscrete(self.game.num_actions, self._mask_getter(i))
            for i, a in enumerate(self.possible_agents)
        }
        self._has_game = False

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """Deal a new game (the same seed deals the same game); observations and infos of the
        seats that decide first."""
        if seed is None:
            seed = int(self._seeds.integers(2**62))
        else:
            self._sample_seeds = np.random.default_rng([normalize_seed(seed), 1])
        self.joint.reset(int(seed))
        self._has_game = True
        self.agents = list(self.possible_agents)
        observations, infos = self._deciding_views()
        return observations, infos

    def step(self, action_dict: dict[str, Any]):
        """Apply one action per deciding seat together; nothing changes on a bad action."""
        if not self._has_game or not self.joint.deciding:
            raise ValueError("the game is over: call reset()")
        actions, offenders = self._checked_actions(action_dict)
        if offenders:
            return self._penalize(offenders)
        self.joint.step(actions)
        joint = self.joint
        if joint.terminated or joint.truncated:
            self._has_game = False
            self._masks = {}
            zero_mask = np.zeros(self.game.num_actions, np.float32)
            observations = {
                a: {"observations": joint.observe(i), "action_mask": zero_mask}
                for i, a in enumerate(self.possible_agents)
            }
            paid = joint.terminated
            rewards = {a: float(joint.rewards[i]) if paid else 0.0
                       for i, a in enumerate(self.possible_agents)}
            scores = [float(x) for x in joint.final_scores] if paid else None
            infos = {a: {"final_scores": scores} if paid else {} for a in self.possible_agents}
            terminateds = {a: bool(joint.terminated) for a in self.possible_agents}
            truncateds = {a: bool(joint.truncated) for a in self.possible_agents}
            terminateds["__all__"] = bool(joint.terminated)
            truncateds["__all__"] = bool(joint.truncated)
            self.agents = []
            return observations, rewards, terminateds, truncateds, infos
        observations, infos = self._deciding_views()
        rewards = {a: 0.0 for a in observations}
        terminateds = {a: False for a in observations}
        terminateds["__all__"] = False
        truncateds = {a: False for a in observations}
        truncateds["__all__"] = False
        return observations, rewards, terminateds, truncateds, infos

    # -- extras ---------------------------------------------------------------------------
    def legal_actions(self, agent: str) -> list[tuple[int, str]]:
        """The legal actions of a deciding agent, with their descriptions (empty otherwise)."""
        mask = self._masks.get(self._seat[agent])
        if mask is None:
            return []
        return [(int(a), self.game.action_to_string(self.joint.state, int(a)))
                for a in np.flatnonzero(mask)]

    def render(self) -> str:
        """The whole table as text (every seat's hidden information included)."""
        return self.game.render_text(self.joint.state)

    # -- internals ------------------------------------------------------------------------
    def _mask_getter(self, seat: int):
        return lambda: self._masks.get(seat)

    def _deciding_views(self):
        observations, infos, self._masks = {}, {}, {}
        for seat in self.joint.deciding:
            agent = self.possible_agents[seat]
            obs, mask = self.joint.view(seat)
            self._masks[seat] = mask
            observations[agent] = {"observations": obs,
                                   "action_mask": mask.astype(np.float32)}
            infos[agent] = {}
            if self.seat_states:
                sample = self.joint.decision_state(seat)
                self.game.determinize(sample, seat, int(self._sample_seeds.integers(2**62)))
                infos[agent]["seat_state"] = np.append(sample, np.int32(seat))
        return observations, infos

    def _penalize(self, offenders: list[int]):
        """illegal_action="penalize": the game ends, offenders get -1 and the others 0."""
        self._has_game = False
        self._masks = {}
        zero_mask = np.zeros(self.game.num_actions, np.float32)
        observations = {a: {"observations": self.joint.observe(i), "action_mask": zero_mask}
                        for i, a in enumerate(self.possible_agents)}
        rewards = {a: -1.0 if i in offenders else 0.0 for i, a in enumerate(self.possible_agents)}
        done = {a: True for a in [*self.possible_agents, "__all__"]}
        not_truncated = {a: False for a in done}
        infos = {a: {"illegal_action": i in offenders} for i, a in enumerate(self.possible_agents)}
        self.agents = []
        return observations, rewards, done, not_truncated, infos

    def _checked_actions(self, action_dict: dict[str, Any]) -> tuple[dict[int, int], list[int]]:
        expected = {self.possible_agents[s] for s in self.joint.deciding}
        if set(action_dict) != expected:
            raise ValueError(f"actions needed for exactly {sorted(expected)}, "
                             f"got {sorted(action_dict)}")
        actions, offenders = {}, []
        for agent, action in action_dict.items():
            seat = self._seat[agent]
            mask = self._masks[seat]
            number = int(action) if np.ndim(action) == 0 and np.issubdtype(
                np.asarray(action).dtype, np.integer) else -1
            if not 0 <= number < len(mask) or not mask[number]:
                if self.illegal_action == "penalize":
                    offenders.append(seat)
                    continue
                raise ValueError(
                    f"illegal action {action!r} for {agent} (seat {seat}): "
                    f"{int(mask.sum())} actions are legal; env.legal_actions({agent!r}) lists them"
                )
            actions[seat] = number
        return actions, offenders


def register_envs() -> dict[str, str]:
    """Register every game with RLlib (`tabletop_<game>`); returns {game: registered name}."""
    for game, name in ENV_NAMES.items():
        register_env(name, _maker(game))
    return dict(ENV_NAMES)


def _maker(game: str):
    def make(env_config):
        config = env_config
        if "game" not in config:
            config = _with_game(env_config, game)
        return TabletopMultiAgentEnv(config)

    return make


def _with_game(env_config, game: str):
    """The env_config with `game` added, keeping RLlib's EnvContext (worker and vector index)."""
    if hasattr(env_config, "copy_with_overrides"):
        return env_config.copy_with_overrides(env_config={**env_config, "game": game})
    return {**env_config, "game": game}
