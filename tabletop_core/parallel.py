"""The PettingZoo Parallel environment shared by every game: joint steps over a numba engine.

Every live seat gets an observation and an action mask at every step. The seats that decide
now (`tabletop_core.joint`) have their real mask: all the seats of a sealed decision together
(Aquilon's bids; Dragon's Interest's Contracts, each digit of the sealed bids, Invasions;
Simurgh's Dragonlord dragon pick), otherwise the one seat whose turn it is. Every other seat has
a single legal action, the no-op `NO_OP` = the game's number of actions (the extra last id of
the `Discrete(num_actions + 1)` action space; the AEC env's ids are the same without it). A
seat may leave its no-op out of the actions dict. Nothing of a seat's sealed choice reaches
another seat before the engine reveals it; the final rewards go to every seat in the same step,
with `infos[agent]["final_scores"]`. Once the game is over the observations' masks hold only
the no-op, so a mask is never empty.

For the same seed and the same decisions the game is the AEC env's, move for move
(tests/core/test_parallel.py). PettingZoo's `parallel_to_aec` works on it as documented; the AEC
env is not `is_parallelizable` (its seats do not act once each per cycle: a turn-based game
asks one seat several times in a row), so use this view rather than `aec_to_parallel(env())`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from tabletop_core.aec import TurnBasedEnv, read_only, render_table, require_game
from tabletop_core.inputs import is_integer, normalize_seed
from tabletop_core.joint import JointGame
from tabletop_core.limits import TRUNCATED_INFO
from tabletop_core.observation import observation_pieces
from tabletop_core.options import apply_env_options
from tabletop_core.spec import GameSpec
from tabletop_core.text import PUBLIC

_INTEGER_TYPES = frozenset({int, *(np.dtype(code).type for code in np.typecodes["AllInteger"])})


class JointParallelEnv(ParallelEnv):
    """Parallel environment over a `GameSpec`; subclasses only set `game` (and metadata name).

    Options: those of the AEC env (`num_players`, `render_mode`, `render_seat`, `reward_mode`,
    `illegal_action`, the game's own options) and `max_moves` (None: no limit; else a game not
    over after the first step that brings its moves, decisions of all seats, to that many is
    truncated for every seat, unpaid, with `infos[agent]` = {"TimeLimit.truncated": True,
    "moves": ..., "max_moves": ...}; see tabletop_core.joint).
    `illegal_action="raise"` refuses a bad actions dict with a ValueError and changes nothing;
    `"penalize"` ends the game, every offender gets -1 and the others 0. Every method that
    needs a game raises the AEC env's RuntimeError before the first `reset`.
    """

    game: GameSpec
    metadata = {**TurnBasedEnv.metadata, "is_parallelizable": True}

    def __init__(
        self,
        num_players: int = 2,
        render_mode: str | None = None,
        render_seat: int | None = None,
        reward_mode: str = "rank",
        illegal_action: str = "raise",
        max_moves: int | None = None,
        **options: Any,
    ):
        game = self.game
        apply_env_options(self, num_players, render_mode, render_seat, reward_mode,
                          illegal_action, max_moves, options)
        self.no_op = game.num_actions
        self._joint = JointGame(game, self.num_players, self.config, reward_mode, max_moves)
        self.possible_agents = [f"{game.agent_prefix}_{i}" for i in range(self.num_players)]
        self.agents: list[str] = []
        self._has_game = False
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-1.0, 1.0, (game.obs_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (game.num_actions + 1,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {
            a: spaces.Discrete(game.num_actions + 1) for a in self.possible_agents
        }
        self.state_space = spaces.Box(-1.0, 1.0, (game.obs_size,), np.float32)
        self._only_no_op = np.zeros(game.num_actions + 1, np.int8)
        self._only_no_op[self.no_op] = 1

    # -- PettingZoo API -------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict | None = None
    ) -> tuple[dict[str, dict], dict[str, dict]]:
        """Deal a new game (the AEC env's `reset(seed)` deals the same one)."""
        if seed is None:
            seed = int(np.random.default_rng().integers(0, 2**63 - 1))
        self._joint.reset(normalize_seed(seed))
        self._has_game = True
        self.agents = list(self.possible_agents)
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, int]) -> tuple[dict, dict, dict, dict, dict]:
        """One joint step: an action for every deciding agent (others: the no-op or nothing)."""
        require_game(self)
        if not self.agents:
            if actions:
                raise ValueError("the game is over: call reset()")
            return {}, {}, {}, {}, {}
        joint = self._joint
        row = self._action_row(actions)
        if row is None or not joint.play_all(row):
            return self._penalize(self._offenders(actions))  # or ValueError, changing nothing
        agents = self.agents
        observations = self._observations()
        rewards = dict(zip(agents, joint.rewards.tolist(), strict=True))
        terminations = dict.fromkeys(agents, joint.terminated)
        truncations = dict.fromkeys(agents, joint.truncated)
        if joint.terminated:
            scores = joint.final_scores.tolist()
            infos = {a: {"final_scores": scores} for a in agents}
        elif joint.truncated:
            cut = {TRUNCATED_INFO: True, "moves": joint.moves, "max_moves": joint.max_moves}
            infos = {a: dict(cut) for a in agents}
        else:
            infos = {a: {} for a in agents}
        if joint.terminated or joint.truncated:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | np.ndarray | None:
        """As the AEC env's `render()` (text, or an rgb_array frame): the public view, or that
        of `render_seat`, of the moves played (a seat's choice queued in a joint step shows
        once the engine plays it)."""
        if self.render_mode is None:
            return None
        require_game(self)
        viewer = PUBLIC if self.render_seat is None else self.render_seat
        return render_table(self.game, self._joint.state, self.render_mode, viewer)

    def state(self) -> np.ndarray:
        """Features of the whole game, hidden parts included, for centralised critics."""
        require_game(self)
        out = np.zeros(self.game.obs_size, np.float32)
        self.game.observe(self._joint.state, -1, out)
        return out

    def close(self) -> None:
        pass

    def observation_pieces(self, observation: np.ndarray | dict) -> dict[str, np.ndarray]:
        """Named views of an observation (its "observation" vector, the dict itself or
        `state()`; a batch too), as the game's table declares them
        (`game.observation_layout.describe()`); the views share the observation's memory."""
        return observation_pieces(self.game, observation)

    # -- Extras ---------------------------------------------------------------------------
    @property
    def deciding_agents(self) -> list[str]:
        """The agents whose real decision is asked now (the others have the no-op only)."""
        require_game(self)
        return [self.possible_agents[s] for s in self._joint.deciding]

    @property
    def engine_state(self) -> np.ndarray:
        """The engine's whole state (hidden parts included) as a read-only view that follows
        the game, as the AEC env's `engine_state` (a sealed choice queued in the current joint
        step is in it once the engine plays it)."""
        require_game(self)
        return read_only(self._joint.state)

    @property
    def moves(self) -> int:
        """Decisions committed in this game by all seats (what `max_moves` counts)."""
        require_game(self)
        return self._joint.moves

    # -- Internals ------------------------------------------------------------------------
    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        """Every live seat's observation and mask, as the joint game's last step wrote them."""
        obs = self._joint.observations.copy()
        masks = self._joint.masks.astype(np.int8)
        return {a: {"observation": obs[i], "action_mask": masks[i]}
                for i, a in enumerate(self.agents)}

    def _action_row(self, actions: Any) -> np.ndarray | None:
        """The actions dict as int64 [P] (the no-op for a seat left out), or None unless it is
        a dict of integers for known agents (`_offenders` then says what is wrong)."""
        if not isinstance(actions, dict) or not actions.keys() <= self._seat.keys():
            return None
        row = [actions.get(a, self.no_op) for a in self.possible_agents]
        if not set(map(type, row)) <= _INTEGER_TYPES:  # the common types at once, else each
            if not all(is_integer(v) for v in row):
                return None
            row = [int(v) for v in row]
        try:
            return np.array(row, np.int64)
        except OverflowError:
            return None

    def _offenders(self, actions: Any) -> list[str]:
        """Agents whose action is illegal ("raise": ValueError instead, nothing changes)."""
        if not isinstance(actions, dict):
            kind = type(actions).__name__
            raise ValueError(f"actions must be a dict agent -> action, got {kind}")
        unknown = [a for a in actions if a not in self._seat or a not in self.agents]
        if unknown:
            raise ValueError(f"actions for unknown or finished agents {unknown}")
        joint = self._joint
        offenders = []
        for agent in self.agents:
            seat = self._seat[agent]
            deciding = seat in joint.deciding
            if agent not in actions:
                if deciding:
                    if self.illegal_action == "raise":
                        raise ValueError(f"no action for {agent}, which decides now")
                    offenders.append(agent)
                continue
            action = actions[agent]
            valid = is_integer(action)
            if deciding:
                legal = joint.view(seat)[1]
                ok = valid and 0 <= action < self.no_op and bool(legal[int(action)])
                count = int(legal.sum())
            else:
                ok = valid and action == self.no_op
                count = 1
            if not ok:
                if self.illegal_action == "raise":
                    why = "" if deciding else f": it does not decide now, its no-op is {self.no_op}"
                    raise ValueError(f"illegal action {action!r} for {agent} ({count} legal){why}")
                offenders.append(agent)
        return offenders

    def _penalize(self, offenders: list[str]) -> tuple[dict, dict, dict, dict, dict]:
        observations = {
            a: {"observation": self._joint.observe(self._seat[a]),
                "action_mask": self._only_no_op.copy()}
            for a in self.agents
        }
        rewards = {a: -1.0 if a in offenders else 0.0 for a in self.agents}
        terminations = {a: True for a in self.agents}
        truncations = {a: False for a in self.agents}
        infos = {a: {"illegal_action": a in offenders} for a in self.agents}
        self.agents = []
        return observations, rewards, terminations, truncations, infos
