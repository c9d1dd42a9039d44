"""What a game provides to the shared AEC and batch layers.

A game is a numba engine over one flat int32 state array plus a little Python. The engine
functions (all `@njit(cache=True)`) follow one contract:

    init(state, config, seed)                 deal a new game into `state`
    play(state, action)                       apply a legal action, then run chance until the
                                              next decision (or the end)
    current_player(state) -> int              seat to act, -1 once the game is over
    legal_mask(state, mask)                   mask[a] = 1 for the legal actions (uint8)
    observe(state, viewer, out)               float32 features of seat `viewer`'s information;
                                              viewer = -1 gives the full state (for critics)
    final_scores(state, scores, keys)         scores (float64) and placement keys (int64,
                                              score then tie-breaks, higher is better)
    determinize(state, viewer, seed)          resample in place everything `viewer` cannot see
    decision_group(state, seats) -> int       the seats that decide together now: in a sealed
                                              (simultaneous) decision the actor, then every
                                              seat whose choice in it is still to come, in the
                                              order the engine will ask them; otherwise just the
                                              actor. Writes them to seats[:count] (seats holds
                                              max_players entries) and returns the count, 0 once
                                              the game is over. The engine still asks a sealed
                                              group one seat at a time, with nothing of an
                                              uncommitted choice visible to the others; the
                                              joint views (tabletop_core.joint) build on that.
    validate_state(state) -> int              0 for a state the rules can reach, else the code
                                              of its first bad field (STATE_FIELDS[code])

The engine package also exposes its `layout` module, whose RNG is the offset of the four
words of the generator (tabletop_core.rng) that every random draw of `init` and `play` advances.

The text module of a game (Python, off the hot path) writes every text for a viewer: a seat
0..P-1, or PUBLIC = -1 (tabletop_core.text), the spectator who sees only what every seat sees.
A text holds nothing its viewer may not know (tests/text_twins.py checks it with `determinize`):

    render_text(state, viewer=PUBLIC) -> str  the table as `viewer` sees it; once the game is
                                              over, the final count with every holding, saying so
    action_to_string(state, action) -> str    a legal action of the seat to act, described for
                                              that seat; ValueError if `action` is not legal now
    public_action_to_string(state, action)    what every other seat learns when that legal
                                              action is played (sealed choices only named)

Each is compiled with its explicit signature from `tabletop_core.signatures`, so that shared
kernels (search, bots) can take them as first-class function arguments and still be cached on
disk. The batch kernels are specialised per game instead (engine/batch.py), for speed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import numpy as np

from tabletop_core.observation import ObservationLayout


@dataclass(frozen=True)
class GameSpec:
    """Static description of one game: sizes, engine functions and the Python helpers."""

    name: str
    # Bumped whenever the game's dynamics, observation or rewards change (docs/rules/<game>.md
    # keeps the version table); the PettingZoo id is tabletop/<name>-v<version>.
    version: int
    env_id: str
    agent_prefix: str
    num_actions: int
    obs_size: int
    state_size: int
    # Where the generator (xoshiro128**, tabletop_core.rng) lives: state[rng_at:rng_at + 4].
    rng_at: int
    min_players: int
    max_players: int
    make_config: Callable[..., np.ndarray]
    init: Callable
    play: Callable
    current_player: Callable
    legal_mask: Callable
    observe: Callable
    final_scores: Callable
    determinize: Callable
    decision_group: Callable
    validate_state: Callable
    # Names of validate_state's codes, and (name, state slot) of each config entry (-1: the
    # entry is not kept in the state).
    state_fields: tuple[str, ...]
    config_fields: tuple[tuple[str, int], ...]
    # The batch kernels specialised to this engine (tabletop_core.batch).
    batch_reset: Callable
    batch_step: Callable
    # The joint-step kernels specialised to this engine (tabletop_core.joint).
    joint_step: Callable
    joint_views: Callable
    # The texts, each for a viewer (see the module docstring).
    action_to_string: Callable[[np.ndarray, int], str]
    public_action_to_string: Callable[[np.ndarray, int], str]
    render_text: Callable[..., str]
    # SVG drawing of the table for a viewer (a seat, or -1 for the public view).
    render_svg: Callable[[np.ndarray, int], str]
    # -- What the doors read (tabletop_core.games finds the specs of the installed games) --
    # The game's full name, e.g. "Dwarves of Aquilon" (OpenSpiel's long name).
    title: str
    # The table of play, tournaments and demos, and the table of training.
    default_players: int
    train_players: int
    # The game's own options (what `make_config` takes besides num_players, and checks) with
    # their defaults, in order; a None default is given to OpenSpiel, whose parameters cannot
    # be None, as the stand-in of `option_stand_ins` (that value, passed back, means None).
    options: tuple[tuple[str, Any], ...]
    option_stand_ins: tuple[tuple[str, Any], ...]
    # Move limits (all seats' moves together, tabletop_core.limits): OpenSpiel's default
    # `max_moves` (several times the longest random game measured), and the limit of
    # tournaments, evaluation, human play and replays: over ten times the longest game of
    # random and heuristic play measured by benchmarks/game_lengths.py (docs/rules/<game>.md,
    # "Game length"), so that no real game reaches it, while an agent that stalls cannot hang
    # a tournament. A cut game is reported as such and scores as a draw.
    openspiel_max_moves: int
    play_max_moves: int
    # The observation as named pieces (tabletop_core.observation), from which the engine's
    # offsets are built: `observation_layout.describe()` lists them, `.views(obs)` gives the
    # named views of an observation.
    observation_layout: ObservationLayout

    @classmethod
    def from_modules(
        cls,
        name: str,
        version: int,
        agent_prefix: str,
        players: tuple[int, int],
        make_config: Callable[..., np.ndarray],
        engine: ModuleType,
        text: ModuleType,
        drawing: ModuleType,
        *,
        title: str,
        default_players: int,
        train_players: int,
        openspiel_max_moves: int,
        play_max_moves: int,
        options: tuple[tuple[str, Any], ...] = (),
        option_stand_ins: tuple[tuple[str, Any], ...] = (),
    ) -> GameSpec:
        """Assemble a spec from a game's engine package (NUM_ACTIONS, OBS_SIZE, STATE_SIZE, the
        generator's offset layout.RNG, the contract's functions, STATE_FIELDS, CONFIG_FIELDS,
        the batch and the joint-step kernels, OBSERVATION_LAYOUT), its text module
        (action_to_string, public_action_to_string, render_text) and its drawing module
        (render_svg), with the doors' metadata given by keyword; the PettingZoo id is
        tabletop/<name>-v<version>."""
        return cls(
            name=name,
            version=version,
            env_id=f"tabletop/{name}-v{version}",
            agent_prefix=agent_prefix,
            num_actions=engine.NUM_ACTIONS,
            obs_size=engine.OBS_SIZE,
            state_size=engine.STATE_SIZE,
            rng_at=engine.layout.RNG,
            min_players=players[0],
            max_players=players[1],
            make_config=make_config,
            init=engine.init,
            play=engine.play,
            current_player=engine.current_player,
            legal_mask=engine.legal_mask,
            observe=engine.observe,
            final_scores=engine.final_scores,
            determinize=engine.determinize,
            decision_group=engine.decision_group,
            validate_state=engine.validate_state,
            state_fields=tuple(engine.STATE_FIELDS),
            config_fields=tuple(engine.CONFIG_FIELDS),
            batch_reset=engine.batch_reset,
            batch_step=engine.batch_step,
            joint_step=engine.joint_step,
            joint_views=engine.joint_views,
            action_to_string=text.action_to_string,
            public_action_to_string=text.public_action_to_string,
            render_text=text.render_text,
            render_svg=drawing.render_svg,
            title=title,
            default_players=default_players,
            train_players=train_players,
            options=tuple(options),
            option_stand_ins=tuple(option_stand_ins),
            openspiel_max_moves=openspiel_max_moves,
            play_max_moves=play_max_moves,
            observation_layout=engine.OBSERVATION_LAYOUT,
        )

    @property
    def versioned_name(self) -> str:
        """PettingZoo's metadata["name"] for this game, e.g. "aquilon_v4"."""
        return f"{self.name}_v{self.version}"

    def check_num_players(self, num_players: int) -> None:
        """Raise ValueError unless num_players is an int within the game's range."""
        if not isinstance(num_players, int | np.integer) or isinstance(num_players, bool):
            raise ValueError(f"{self.name}: num_players must be an integer, got {num_players!r}")
        if not self.min_players <= num_players <= self.max_players:
            raise ValueError(
                f"{self.name}: num_players must be between {self.min_players} and "
                f"{self.max_players}, got {num_players}"
            )

    def check_config(self, config: Any) -> np.ndarray:
        """A copy of `config` (C-contiguous, as the engines take it) if it is a configuration
        of this game as `make_config` gives it: an int32 array of one entry per `config_fields`,
        a player count in range, and entries a game can be dealt with (a game dealt with it is
        valid). Otherwise a ValueError says what is wrong, before any engine reads it."""
        size = len(self.config_fields)
        if (not isinstance(config, np.ndarray) or config.dtype != np.int32
                or config.shape != (size,)):
            got = (f"{config.dtype} of shape {config.shape}" if isinstance(config, np.ndarray)
                   else type(config).__name__)
            raise ValueError(f"{self.name}: a config must be an int32 array of shape ({size},) "
                             f"(from make_config), got {got}")
        config = np.array(config)
        self.check_num_players(int(config[0]))
        dealt = np.zeros(self.state_size, np.int32)
        self.init(dealt, config, 0)
        code = int(self.validate_state(dealt))
        if code:
            raise ValueError(f"{self.name}: config {config.tolist()} deals an invalid game: "
                             f"{self.state_fields[code]}")
        return config

    def check_state(self, state: Any, config: np.ndarray | None = None) -> None:
        """Raise ValueError unless `state` is an int32 array of shape (state_size,) holding a
        state the rules can reach: every field in range, each card or tile exactly once, the
        counters, phase and actor consistent, and a legal action for the seat to act. With a
        `config` (from `make_config`), the state must also be a game of that configuration
        (player count and options). Nothing is changed; the engines never see a bad state."""
        if not isinstance(state, np.ndarray):
            raise ValueError(f"{self.name}: a state must be a numpy array, got "
                             f"{type(state).__name__}")
        if state.dtype != np.int32 or state.shape != (self.state_size,):
            raise ValueError(f"{self.name}: a state must be int32 of shape ({self.state_size},), "
                             f"got {state.dtype} of shape {state.shape}")
        state = np.array(state)  # a writable copy: the engines take no read-only array
        code = int(self.validate_state(state))
        if code:
            raise ValueError(f"{self.name}: invalid state: {self.state_fields[code]}")
        if config is not None:
            config = self.check_config(config)
            for k, (entry, slot) in enumerate(self.config_fields):
                if slot >= 0 and state[slot] != config[k]:
                    raise ValueError(
                        f"{self.name}: the state is a game with {entry} {int(state[slot])}, "
                        f"this environment has {entry} {int(config[k])}"
                    )
        if self.current_player(state) >= 0:
            mask = np.zeros(self.num_actions, np.uint8)
            self.legal_mask(state, mask)
            if not mask.any():
                raise ValueError(f"{self.name}: invalid state: the seat to act has no legal action")

    # -- Names and parameters of the doors, all derived from the fields above -------------
    @property
    def rllib_env_name(self) -> str:
        """The RLlib name of the multi-agent env, e.g. "tabletop_aquilon_v4"."""
        return f"tabletop_{self.versioned_name}"

    @property
    def rllib_single_agent_env_name(self) -> str:
        """The RLlib name of the single-agent env, e.g. "tabletop_aquilon_single_agent_v4"."""
        return f"tabletop_{self.name}_single_agent_v{self.version}"

    @property
    def openspiel_name(self) -> str:
        """The OpenSpiel short name, e.g. "python_aquilon"."""
        return f"python_{self.name}"

    @property
    def openspiel_params(self) -> dict[str, Any]:
        """OpenSpiel's default parameters: players (the smallest table of at least two),
        max_moves and the game's options (a None default as its stand-in)."""
        stand_ins = dict(self.option_stand_ins)
        return {"players": max(2, self.min_players), "max_moves": self.openspiel_max_moves,
                **{k: stand_ins[k] if v is None else v for k, v in self.options}}

    def options_from_openspiel(self, params: dict[str, Any]) -> dict[str, Any]:
        """The `make_config` options of OpenSpiel parameters `params` (every option given; a
        stand-in value means None)."""
        stand_ins = dict(self.option_stand_ins)
        options = {}
        for name, _ in self.options:
            value = params[name]
            options[name] = None if name in stand_ins and value == stand_ins[name] else value
        return options
