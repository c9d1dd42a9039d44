"""The PettingZoo AEC environment shared by every game: a thin shell over a numba engine."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from tabletop_core.inputs import check_integer, check_seat, normalize_seed
from tabletop_core.limits import MoveLimit
from tabletop_core.observation import observation_pieces
from tabletop_core.options import apply_env_options
from tabletop_core.rewards import REWARD_MODES, final_rewards
from tabletop_core.spec import GameSpec
from tabletop_core.text import PUBLIC, check_viewer


class TurnBasedEnv(AECEnv):
    """AEC environment over a `GameSpec`; subclasses only set `game`.

    Options common to every game: `num_players`, `render_mode` (None, "human" prints,
    "ansi" returns the text, "rgb_array" returns an H x W x 3 uint8 picture of the table drawing,
    whose size is fixed per game and player count), `render_seat` (None: `render()` shows the
    public view, what every seat sees; a seat 0..num_players-1: that seat's own view, e.g. for
    a person playing that seat through the env), `reward_mode` ("rank", "margin" or "score", see
    tabletop_core.rewards),
    `illegal_action` ("raise": ValueError naming the legal actions, nothing changes;
    "penalize": the game ends, the offender gets -1 and the others 0), `max_moves` (None: no
    limit; N: a game still running after N moves of all seats together is truncated for every
    seat, nobody is paid, and each seat's info holds {"TimeLimit.truncated": True, "moves": N,
    "max_moves": N}; see tabletop_core.limits). Game options are passed on to the game's
    `make_config`, which refuses unknown ones.

    Input is checked at the door: an action that is not an integer (a bool, float, string,
    None for a live seat) is a programming error and raises ValueError in both illegal-action
    modes, changing nothing; seeds are any non-negative integer (tabletop_core.inputs); a
    restored state is validated first (`GameSpec.check_state`); every method that needs a game
    raises RuntimeError before the first `reset` or `restore_state`.
    """

    game: GameSpec
    metadata = {"render_modes": ["human", "ansi", "rgb_array"], "is_parallelizable": False,
                "render_fps": 2}

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
        super().__init__()
        game = self.game
        apply_env_options(self, num_players, render_mode, render_seat, reward_mode,
                          illegal_action, max_moves, options)
        self.move_limit = MoveLimit(max_moves)
        self.possible_agents = [f"{game.agent_prefix}_{i}" for i in range(self.num_players)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-1.0, 1.0, (game.obs_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (game.num_actions,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(game.num_actions) for a in self.possible_agents}
        self.state_space = spaces.Box(-1.0, 1.0, (game.obs_size,), np.float32)
        self._state = np.zeros(game.state_size, np.int32)
        self._mask = np.zeros(game.num_actions, np.uint8)
        self._has_game = False

    # -- PettingZoo API -------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Deal a new game; the same seed deals the same game and the same chance events."""
        if seed is None:
            seed = int(np.random.default_rng().integers(0, 2**63 - 1))
        self.game.init(self._state, self.config, normalize_seed(seed))
        self._start_game()

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action (None for an agent whose game has ended)."""
        self._require_game()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        action = check_integer("action", action)
        legal = self._legal_check(action)
        self._cumulative_rewards[agent] = 0.0
        if not legal:
            self._penalize(agent)
            return
        self.game.play(self._state, action)
        self._after_move()
        if self.move_limit.count(finished=self.game.current_player(self._state) < 0):
            self._truncate()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The observation of one seat: its own information only, and its action mask."""
        self._require_game()
        if agent not in self._seat:
            raise ValueError(f"unknown agent {agent!r}; agents are {self.possible_agents}")
        seat = self._seat[agent]
        obs = np.zeros(self.game.obs_size, np.float32)
        self.game.observe(self._state, seat, obs)
        if self.game.current_player(self._state) == seat:
            mask = self._mask.astype(np.int8)
        else:
            mask = np.zeros(self.game.num_actions, np.int8)
        return {"observation": obs, "action_mask": mask}

    def state(self) -> np.ndarray:
        """Features of the whole game, hidden parts included, for centralised critics."""
        self._require_game()
        out = np.zeros(self.game.obs_size, np.float32)
        self.game.observe(self._state, -1, out)
        return out

    def observation_pieces(self, observation: np.ndarray | dict) -> dict[str, np.ndarray]:
        """Named views of an observation (its "observation" vector, the dict itself or
        `state()`; a batch too), as the game's table declares them
        (`game.observation_layout.describe()`); the views share the observation's memory."""
        return observation_pieces(self.game, observation)

    def render(self) -> str | np.ndarray | None:
        """Text picture of the table (printed for "human", returned for "ansi"), or for
        "rgb_array" the drawing as an H x W x 3 uint8 frame (needs the `render` extra): the
        public view, or the view of `render_seat` if the env was built for one."""
        if self.render_mode is None:
            return None
        self._require_game()
        return render_table(self.game, self._state, self.render_mode, self.render_viewer())

    def render_svg(self, viewer: int | None = None) -> str:
        """The table drawn as SVG for `viewer` (a seat, or -1 for the public view; default:
        the env's `render_seat`, else public). It holds nothing that viewer may not know."""
        if not self._has_game:
            raise ValueError("no game to draw: call reset() first")
        viewer = self.render_viewer() if viewer is None else viewer
        return self.game.render_svg(self._state, check_viewer(viewer, self.num_players))

    def render_viewer(self) -> int:
        """Whose view `render()` shows: `render_seat`, else PUBLIC."""
        return PUBLIC if self.render_seat is None else self.render_seat

    def close(self) -> None:
        pass

    def last(self, observe: bool = True) -> tuple:
        """Observation, cumulative reward, termination, truncation and info of the agent to act."""
        self._require_game()
        return super().last(observe)

    # -- Extras shared by every game ------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        """Describe a legal `action` of the agent to act, for that agent (ValueError if it is
        not legal now); `game.public_action_to_string` says what the others learn of it."""
        return self.game.action_to_string(self._state, action)

    def legal_actions(self) -> list[int]:
        """The legal actions of the agent to act (empty once the game is over)."""
        self._require_game()
        return [int(a) for a in np.flatnonzero(self._mask)]

    @property
    def engine_state(self) -> np.ndarray:
        """The engine's whole state (every hidden part and the generator included) as a
        read-only view that follows the game, for records and tools that hold the true game;
        a bot is given only states drawn from its seat's information. Writing through it
        raises ValueError (`restore_state` replaces the state); the engine's functions take a
        writable array: give them `clone_state()`."""
        self._require_game()
        return read_only(self._state)

    @property
    def engine_mask(self) -> np.ndarray:
        """The legal-action mask (uint8) of the agent to act, as a read-only view that follows
        the game (all zero once it is over)."""
        self._require_game()
        return read_only(self._mask)

    def clone_state(self) -> np.ndarray:
        """A copy of the engine state: a full snapshot, RNG included."""
        self._require_game()
        return self._state.copy()

    def restore_state(self, state: np.ndarray) -> None:
        """Continue from a snapshot taken with `clone_state` or returned by `determinize`.

        The snapshot is validated first (`GameSpec.check_state`, with this env's player count
        and options): a ValueError names the first bad field and nothing changes. The move
        count of `max_moves` starts again from 0.
        """
        self.game.check_state(state, self.config)
        self._state[:] = state
        self._start_game()

    def determinize(self, player: int, seed: int) -> np.ndarray:
        """A full state consistent with what seat `player` has observed (hidden parts
        resampled); `seed` is any non-negative integer, as for `reset`."""
        self._require_game()
        player = check_seat(player, self.num_players)
        seed = normalize_seed(seed)
        state = self._state.copy()
        self.game.determinize(state, player, seed)
        return state

    def final_scores(self) -> np.ndarray:
        """Each seat's final score (meaningful once the game is over)."""
        self._require_game()
        scores = np.zeros(self.num_players, np.float64)
        keys = np.zeros(self.num_players, np.int64)
        self.game.final_scores(self._state, scores, keys)
        return scores

    # -- Internals ------------------------------------------------------------------------
    def _start_game(self) -> None:
        """A new or restored game: every seat in play, nothing paid, the move count at 0."""
        self._has_game = True
        self.move_limit.reset()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._after_move()

    def _require_game(self) -> None:
        require_game(self)

    def _legal_check(self, action: int) -> bool:
        if 0 <= action < self.game.num_actions and self._mask[action]:
            return True
        if self.illegal_action == "penalize":
            return False
        legal = ", ".join(f"{a} ({self.action_to_string(a)})" for a in self.legal_actions())
        raise ValueError(f"illegal action {action!r} for {self.agent_selection}; legal: {legal}")

    def _penalize(self, agent: str) -> None:
        for a in self.agents:
            self.rewards[a] = -1.0 if a == agent else 0.0
            self.terminations[a] = True
        self._accumulate_rewards()

    def _truncate(self) -> None:
        """The move limit cut the game: truncated for every seat, nobody paid."""
        self._mask[:] = 0
        info = self.move_limit.info()
        for a in self.agents:
            self.rewards[a] = 0.0
            self.truncations[a] = True
            self.infos[a] = dict(info)

    def _after_move(self) -> None:
        player = self.game.current_player(self._state)
        if player >= 0:
            self.game.legal_mask(self._state, self._mask)
            self.agent_selection = self.possible_agents[player]
            for a in self.agents:
                self.rewards[a] = 0.0
            return
        self._mask[:] = 0
        scores = np.zeros(self.num_players, np.float64)
        keys = np.zeros(self.num_players, np.int64)
        rewards = np.zeros(self.num_players, np.float64)
        self.game.final_scores(self._state, scores, keys)
        mode = REWARD_MODES.index(self.reward_mode)
        final_rewards(scores, keys, self.num_players, mode, rewards)
        for i, a in enumerate(self.agents):
            self.rewards[a] = float(rewards[i])
            self.terminations[a] = True
            self.infos[a] = {"final_scores": scores.tolist()}


def require_game(env) -> None:
    """RuntimeError unless `env` (an AEC or Parallel view, with `game` and `_has_game`) has a
    game: the one check of every method that needs one."""
    if not env._has_game:
        raise RuntimeError(f"{env.game.name}: no game yet: call reset() (or restore_state) "
                           "first")


def read_only(array: np.ndarray) -> np.ndarray:
    """A view of `array` that cannot be written through (the array itself stays writable)."""
    view = array.view()
    view.flags.writeable = False
    return view


def render_table(game: GameSpec, state: np.ndarray, render_mode: str, viewer: int):
    """What `render()` gives in `render_mode` for `viewer` (shared by the AEC and Parallel
    views): "human" prints the text and returns None, "ansi" returns it, "rgb_array" returns
    the drawing as an H x W x 3 uint8 frame."""
    if render_mode == "rgb_array":
        from tabletop_core.svg import rasterise

        return rasterise(game.render_svg(state, viewer))
    text = game.render_text(state, viewer)
    if render_mode == "human":
        print(text)
        return None
    return text


def wrap(raw: TurnBasedEnv) -> AECEnv:
    """The wrapped environment returned by each game's `env()`: PettingZoo's order checks."""
    return wrappers.OrderEnforcingWrapper(raw)
