"""Ray RLlib door: every game as a native RLlib `MultiAgentEnv` over its joint step.

    from tabletop_core.rllib import ENV_NAMES, TabletopMultiAgentEnv, register_envs
    register_envs()   # ENV_NAMES: {"aquilon": "tabletop_aquilon_v4", ...}
    config = PPOConfig().environment(ENV_NAMES["aquilon"], env_config={"num_players": 3})

The registered names carry the game's version, as its PettingZoo id and metadata name do
(`tabletop_<game>_v<version>`, `GameSpec.rllib_env_name`); every game of the registry
(tabletop_core.games) has them. `TabletopSingleAgentEnv`
(`tabletop_<game>_single_agent_v<version>`) is one seat's game as a plain gymnasium env, the
other seats played inside it (env_config `opponents`, required): what RLlib's single-agent env
runners step, about twice as fast per decision as its multi-agent ones.

`env_config` keys: `game` (implied by a registered name), `num_players`, `max_moves` (truncate
after this many moves of all seats; default none), `reward_mode` ("rank", "margin" or "score"),
`illegal_action` ("raise", or "penalize": the game ends, offenders get -1 and the others 0),
`seat_states` (see below), `seed` (first deal of an env whose `reset` gets no seed) and the
game's own options, checked by the game's `make_config`.

- Agents are `<prefix>_<seat>` (e.g. `aquilon_0`), as in the PettingZoo envs.
- Deals: `reset(seed=s)` deals game s and seeds the env's later deals (and sampled states) from
  s, the env runner and the sub-env; `reset()` deals the next game of that stream. Envs made by
  RLlib through `register_envs` are numbered per runner in the order they are made, since RLlib
  gives every sub-env of a runner the same `EnvContext`.
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
- `opponents`: play every seat but one inside the env, so that only that seat (the learner's)
  passes through RLlib's loop: one RLlib step per learner decision instead of one per seat. It
  is a picklable factory; `opponents()` gives each env its own, which has `needs_seat_states`
  (bool), `new_game(seed) -> int` (the learner's seat in the next game; it may also choose who
  plays the others; `seed` comes from the env's own stream, so `reset(seed=s)` replays the same
  game), `act(seat, observation, mask, seat_state) -> int` (a legal action of an opponent's
  seat from that seat's observation, mask and, if it needs them, a state drawn from that seat's
  information only, else None) and `playing` (a name for whoever plays the others now, given
  in the learner's last info as "opponent"). Observations, rewards and dones are then the
  learner's only; in a sealed phase the opponents choose from their own views, as the learner
  does, and all are applied together.
  `agents.rllib.opponents.PoolOpponents` is one: the opponent pool of the self-play path.

Ray is imported only here; install it with the `rllib` extra.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from ray.rllib.env.multi_agent_env import MultiAgentEnv
from ray.tune.registry import register_env

from tabletop_core.games import game_names, game_spec
from tabletop_core.inputs import normalize_seed
from tabletop_core.joint import JointGame
from tabletop_core.options import check_env_options
from tabletop_core.spaces import LegalDiscrete

ENV_NAMES = {game: game_spec(game).rllib_env_name for game in game_names()}
SINGLE_AGENT_ENV_NAMES = {game: game_spec(game).rllib_single_agent_env_name
                          for game in game_names()}


class TabletopMultiAgentEnv(MultiAgentEnv):
    """One game of `env_config["game"]` as an RLlib multi-agent env (see the module doc)."""

    def __init__(self, config: dict[str, Any] | None = None):
        super().__init__()
        options = dict(config or {})
        if "game" not in options:
            raise ValueError(f"env_config needs a 'game' ({', '.join(ENV_NAMES)})")
        self.game = game_spec(options.pop("game"))
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
        opponents = options.pop("opponents", None)
        if opponents is not None and not callable(opponents):
            raise ValueError("env_config 'opponents' must be a factory: opponents() gives the "
                             "players of the other seats")
        self.opponents = opponents() if opponents is not None else None
        self.learner_seat: int | None = None
        self._stream = (int(worker), int(vector))
        self._seed_streams(normalize_seed(seed) if seed is not None else 0)
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
            seed = normalize_seed(seed)
            self._seed_streams(seed)
        self.joint.reset(int(seed))
        self._has_game = True
        if self.opponents is None:
            self.agents = list(self.possible_agents)
        else:
            self.learner_seat = int(self.opponents.new_game(
                int(self._sample_seeds.integers(2**62))))
            self.agents = [self.possible_agents[self.learner_seat]]
            self._play_opponents()
            if not self.joint.deciding:
                self._has_game = False
                raise ValueError(f"the game ended before seat {self.learner_seat} decided "
                                 f"(max_moves={self.joint.max_moves} is too small)")
        observations, infos = self._deciding_views()
        return observations, infos

    def step(self, action_dict: dict[str, Any]):
        """Apply one action per deciding seat together; nothing changes on a bad action."""
        if not self._has_game or not self.joint.deciding:
            raise ValueError("the game is over: call reset()")
        actions, offenders = self._checked_actions(action_dict)
        if offenders:
            return self._penalize(offenders)
        if self.opponents is not None:
            # The opponents' choices come from their own views, as the learner's did.
            actions.update({seat: self._opponent_action(seat) for seat in self.joint.deciding
                            if seat != self.learner_seat})
        self.joint.step(actions)
        self._play_opponents()
        joint = self.joint
        if joint.terminated or joint.truncated:
            self._has_game = False
            self._masks = {}
            zero_mask = np.zeros(self.game.num_actions, np.float32)
            seats = {a: self._seat[a] for a in self.agents}
            observations = {a: {"observations": joint.observe(i), "action_mask": zero_mask}
                            for a, i in seats.items()}
            paid = joint.terminated
            rewards = {a: float(joint.rewards[i]) if paid else 0.0 for a, i in seats.items()}
            scores = [float(x) for x in joint.final_scores] if paid else None
            infos = {a: {"final_scores": scores} if paid else {} for a in seats}
            if self.opponents is not None:
                for info in infos.values():
                    info["opponent"] = self.opponents.playing
            terminateds = {a: bool(joint.terminated) for a in seats}
            truncateds = {a: bool(joint.truncated) for a in seats}
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
        """The legal actions of a deciding agent, with their descriptions (empty otherwise), as
        the AEC env gives them when it asks that seat."""
        seat = self._seat[agent]
        mask = self._masks.get(seat)
        if mask is None:
            return []
        # A later seat of a sealed group decides on its own state, not the first seat's.
        state = self.joint.decision_state(seat)
        return [(int(a), self.game.action_to_string(state, int(a))) for a in np.flatnonzero(mask)]

    def render(self) -> str:
        """The whole table as text (every seat's hidden information included)."""
        return self.game.render_text(self.joint.state)

    # -- internals ------------------------------------------------------------------------
    def _seed_streams(self, seed: int) -> None:
        """The later deals and sampled states, from `seed`, the runner and the sub-env."""
        self._seeds = np.random.default_rng([seed, *self._stream])
        self._sample_seeds = np.random.default_rng([seed, *self._stream, 1])

    def _mask_getter(self, seat: int):
        return lambda: self._masks.get(seat)

    def _exposed(self, seat: int) -> bool:
        """Whether `seat` plays through RLlib (every seat, or the learner's alone)."""
        return self.opponents is None or seat == self.learner_seat

    def _deciding_views(self):
        observations, infos, self._masks = {}, {}, {}
        for seat in filter(self._exposed, self.joint.deciding):
            agent = self.possible_agents[seat]
            obs, mask = self.joint.view(seat)
            self._masks[seat] = mask
            observations[agent] = {"observations": obs,
                                   "action_mask": mask.astype(np.float32)}
            infos[agent] = {}
            if self.seat_states:
                infos[agent]["seat_state"] = np.append(self._seat_state(seat), np.int32(seat))
        return observations, infos

    def _seat_state(self, seat: int) -> np.ndarray:
        """A full state drawn from a deciding seat's information only."""
        sample = self.joint.decision_state(seat)
        self.game.determinize(sample, seat, int(self._sample_seeds.integers(2**62)))
        return sample

    def _opponent_action(self, seat: int) -> int:
        obs, mask = self.joint.view(seat)
        state = self._seat_state(seat) if self.opponents.needs_seat_states else None
        return int(self.opponents.act(seat, obs, mask, state))

    def _play_opponents(self) -> None:
        """Let the opponents move until the learner decides or the game is over."""
        joint = self.joint
        while self.opponents is not None and joint.deciding and \
                self.learner_seat not in joint.deciding:
            joint.step({seat: self._opponent_action(seat) for seat in joint.deciding})

    def _penalize(self, offenders: list[int]):
        """illegal_action="penalize": the game ends, offenders get -1 and the others 0."""
        self._has_game = False
        self._masks = {}
        zero_mask = np.zeros(self.game.num_actions, np.float32)
        seats = {a: self._seat[a] for a in self.agents}
        observations = {a: {"observations": self.joint.observe(i), "action_mask": zero_mask}
                        for a, i in seats.items()}
        rewards = {a: -1.0 if i in offenders else 0.0 for a, i in seats.items()}
        done = {a: True for a in [*seats, "__all__"]}
        not_truncated = {a: False for a in done}
        infos = {a: {"illegal_action": i in offenders} for a, i in seats.items()}
        self.agents = []
        return observations, rewards, done, not_truncated, infos

    def _checked_actions(self, action_dict: dict[str, Any]) -> tuple[dict[int, int], list[int]]:
        expected = {self.possible_agents[s] for s in filter(self._exposed, self.joint.deciding)}
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


class TabletopSingleAgentEnv(gymnasium.Env):
    """One seat's game as a gymnasium env: a `TabletopMultiAgentEnv` whose env_config
    `opponents` (required) play every other seat, seen from the learner's seat only.

    Observations are the learner's `{"observations", "action_mask"}`; the reward is its final
    reward, in the step its game ends (whoever moved last); the last info has "final_scores"
    and "opponent". `action_space.sample()` draws a legal action. `multi_agent_env` is the env
    inside (its `opponents`, `learner_seat`, `legal_actions` and `render`)."""

    metadata = {"render_modes": []}

    def __init__(self, config: dict[str, Any] | None = None):
        if not (config or {}).get("opponents"):
            raise ValueError("TabletopSingleAgentEnv needs env_config 'opponents' (who plays "
                             "the other seats), e.g. agents.rllib.opponents.PoolOpponents")
        self.multi_agent_env = TabletopMultiAgentEnv(config)
        inner = self.multi_agent_env
        self.observation_space = inner.observation_spaces[inner.possible_agents[0]]
        self.action_space = LegalDiscrete(inner.game.num_actions,
                                          lambda: inner._masks.get(inner.learner_seat))
        self._agent = ""

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """Deal a new game; the learner's first observation and info."""
        super().reset(seed=seed)
        observations, infos = self.multi_agent_env.reset(seed=seed, options=options)
        (self._agent, observation), = observations.items()
        return observation, infos[self._agent]

    def step(self, action):
        """Play the learner's action, then the opponents' until the learner decides again or
        the game is over."""
        agent = self._agent
        observations, rewards, terminateds, truncateds, infos = self.multi_agent_env.step(
            {agent: action})
        return (observations[agent], rewards[agent], terminateds["__all__"],
                truncateds["__all__"], infos[agent])


def register_envs() -> dict[str, str]:
    """Register every game with RLlib, as `TabletopMultiAgentEnv` (`ENV_NAMES`) and as
    `TabletopSingleAgentEnv` (`SINGLE_AGENT_ENV_NAMES`); returns {game: multi-agent name}."""
    for game, name in ENV_NAMES.items():
        register_env(name, _maker(game, TabletopMultiAgentEnv))
        register_env(SINGLE_AGENT_ENV_NAMES[game], _maker(game, TabletopSingleAgentEnv))
    return dict(ENV_NAMES)


_made: dict[tuple[type, int], int] = {}  # envs made per (kind, runner) in this process


def _maker(game: str, kind: type):
    def make(env_config):
        config = env_config
        if "game" not in config:
            config = _with_game(config, game)
        if getattr(config, "vector_index", None) == 0:  # RLlib: the same for every sub-env
            key = (kind, int(config.worker_index))
            _made[key] = _made.get(key, 0) + 1
            config = config.copy_with_overrides(vector_index=_made[key] - 1)
        return kind(config)

    return make


def _with_game(env_config, game: str):
    """The env_config with `game` added, keeping RLlib's EnvContext (worker and vector index)."""
    if hasattr(env_config, "copy_with_overrides"):
        return env_config.copy_with_overrides(env_config={**env_config, "game": game})
    return {**env_config, "game": game}
