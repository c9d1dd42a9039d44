"""Many games stepped together: one jitted call advances every game (numba `prange`).

`reset_games` and `step_games` are written once for every game and take the game's engine
functions as arguments. Each game specialises them in its `engine/batch.py` (two one-line
`@njit(cache=True)` functions that pass its own engine functions), so numba compiles one
kernel per game with the engine calls resolved at compile time (inlined across modules: about
30% faster than calling first-class function values) and caches it on disk. The shared kernels
themselves are not cached: numba keys a cache entry that takes a jitted function as an argument
by that function object, so the entry never matches in another process, every process appends
one more, and after about twenty the index can no longer be written (`ReferenceError:
underlying object has vanished`). The game's cached kernel holds their code anyway.

`step_games` applies actions[i] to game i; a game that ends writes its final rewards to
rewards[i] (zeros otherwise), sets done[i], and is dealt again at once from the seed derived
from (base_seed, i, episodes[i]), so obs/masks/players always describe a game to play. With a
move limit, a game that reaches it unfinished is truncated: truncated[i], no reward, dealt
again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numba import njit, prange

from tabletop_core.inputs import check_action_array, check_integer, normalize_seed
from tabletop_core.limits import check_max_moves, move_limit_reached
from tabletop_core.observation import observation_pieces
from tabletop_core.rewards import REWARD_MODES, final_rewards
from tabletop_core.rng import RNG_WORDS, derive_seed, rng_below, rng_seed
from tabletop_core.spec import GameSpec


@njit(parallel=True)
def reset_games(states, config, base_seed, episodes, obs, masks, players,
                init, current_player, legal_mask, observe):
    """Deal game i from seed (base_seed, i, episodes[i]) and write its first view."""
    for i in prange(states.shape[0]):
        init(states[i], config, derive_seed(base_seed, i, episodes[i]))
        players[i] = current_player(states[i])
        legal_mask(states[i], masks[i])
        observe(states[i], players[i], obs[i])


@njit(parallel=True)
def step_games(states, config, actions, base_seed, episodes, reward_mode, move_counts, max_moves,
               obs, masks, rewards, done, truncated, players,
               init, play, current_player, legal_mask, observe, final_scores):
    """Play actions[i] in game i; finished games pay their rewards and are dealt again, and so
    are games that reach `max_moves` moves unfinished (0: no limit), without reward. A
    negative action leaves game i as it is (no reward, not done)."""
    num_players = rewards.shape[1]
    for i in prange(states.shape[0]):
        state = states[i]
        for seat in range(num_players):
            rewards[i, seat] = 0.0
        done[i] = False
        truncated[i] = False
        if actions[i] < 0:
            continue
        play(state, actions[i])
        move_counts[i] += 1
        done[i] = current_player(state) < 0
        truncated[i] = move_limit_reached(move_counts[i], max_moves, done[i])
        if done[i]:
            scores = np.zeros(num_players, np.float64)
            keys = np.zeros(num_players, np.int64)
            final_scores(state, scores, keys)
            final_rewards(scores, keys, num_players, reward_mode, rewards[i])
        if done[i] or truncated[i]:
            episodes[i] += 1
            move_counts[i] = 0
            init(state, config, derive_seed(base_seed, i, episodes[i]))
        players[i] = current_player(state)
        legal_mask(state, masks[i])
        observe(state, players[i], obs[i])


@njit(cache=True)
def first_illegal(actions, masks, allow_skip):
    """Index of the first game whose action is out of range or masked out, or -1 (negative
    actions pass when `allow_skip`)."""
    num_actions = masks.shape[1]
    for i in range(actions.shape[0]):
        a = actions[i]
        if a < 0 and allow_skip:
            continue
        if a < 0 or a >= num_actions or masks[i, a] == 0:
            return i
    return -1


@njit(cache=True, parallel=True)
def sample_legal_actions(masks, rng_states, out):
    """out[i] = a uniformly random legal action of game i (generator i in rng_states[i])."""
    for i in prange(masks.shape[0]):
        count = 0
        for a in range(masks.shape[1]):
            count += masks[i, a]
        pick = rng_below(rng_states[i], 0, count)
        for a in range(masks.shape[1]):
            if masks[i, a]:
                if pick == 0:
                    out[i] = a
                    break
                pick -= 1


@dataclass
class BatchOutput:
    """What a batch reset or step returns: arrays indexed by game (and seat)."""

    observation: np.ndarray  # [N, D] float32: the acting seat's observation
    action_mask: np.ndarray  # [N, A] uint8
    current_player: np.ndarray  # [N] int64: seat to act
    rewards: np.ndarray  # [N, P] float32: final rewards of games that just ended, else 0
    terminated: np.ndarray  # [N] bool: the game ended with this step (and was dealt again)
    truncated: np.ndarray  # [N] bool: the game reached the move limit unfinished (dealt again)


class BatchEnvBase:
    """N independent games of one kind; subclasses set `game`.

    `max_moves` (default None: no limit) truncates a game that has not ended after that many
    moves of all seats together (tabletop_core.limits, the same rule as the AEC env's): a safety
    net for training, since Simurgh's rules let players who never progress play forever
    (docs/rules/simurgh.md).

    `step` takes an integer array of shape [num_envs] and nothing else; `seed` is any
    non-negative integer (tabletop_core.inputs.normalize_seed); `load_states` starts the games
    from saved states, each validated first.

    The arrays in the returned `BatchOutput` are reused by the next call: copy them to keep them.
    """

    game: GameSpec

    def __init__(
        self,
        num_envs: int,
        num_players: int = 2,
        seed: int = 0,
        reward_mode: str = "rank",
        max_moves: int | None = None,
        **options: Any,
    ):
        game = self.game
        game.check_num_players(num_players)
        self.max_moves = check_max_moves(max_moves)
        if check_integer("num_envs", num_envs) < 1:
            raise ValueError(f"num_envs must be a positive integer, got {num_envs!r}")
        if reward_mode not in REWARD_MODES:
            raise ValueError(f"reward_mode must be one of {REWARD_MODES}, got {reward_mode!r}")
        self.num_envs = int(num_envs)
        self.num_players = int(num_players)
        self.seed = normalize_seed(seed)
        self.reward_mode = REWARD_MODES.index(reward_mode)
        self.config = game.make_config(self.num_players, **options)
        n = self.num_envs
        self.states = np.zeros((n, game.state_size), np.int32)
        self.episodes = np.zeros(n, np.int64)
        self._obs = np.zeros((n, game.obs_size), np.float32)
        self._masks = np.zeros((n, game.num_actions), np.uint8)
        self._players = np.zeros(n, np.int64)
        self._rewards = np.zeros((n, self.num_players), np.float32)
        self._done = np.zeros(n, np.bool_)
        self._truncated = np.zeros(n, np.bool_)
        self._moves = np.zeros(n, np.int64)
        self._ready = False
        self._sampler: np.ndarray | None = None

    def reset(self) -> BatchOutput:
        """Deal every game from the batch seed (game i, episode 0) and return the first view."""
        self.episodes[:] = 0
        self.game.batch_reset(
            self.states, self.config, self.seed, self.episodes, self._obs, self._masks,
            self._players,
        )
        self._rewards[:] = 0
        self._moves[:] = 0
        self._truncated[:] = False
        self._done[:] = False
        self._ready = True
        return self._output()

    def step(self, actions: np.ndarray, skip_negative: bool = False) -> BatchOutput:
        """Apply one action per game (each must be legal: checked) and return the next view.

        With `skip_negative`, a negative action leaves that game untouched (used to advance
        only some games, e.g. the opponents' turns in self-play).
        """
        if not self._ready:
            raise RuntimeError("call reset() before step()")
        actions = check_action_array(actions, self.num_envs)
        bad = first_illegal(actions, self._masks, skip_negative)
        if bad >= 0:
            legal = np.flatnonzero(self._masks[bad]).tolist()
            raise ValueError(
                f"illegal action {int(actions[bad])} in game {bad}; legal there: {legal}"
            )
        self.game.batch_step(
            self.states, self.config, actions, self.seed, self.episodes, self.reward_mode,
            self._moves, self.max_moves, self._obs, self._masks, self._rewards, self._done,
            self._truncated, self._players,
        )
        return self._output()

    def load_states(self, states: np.ndarray) -> BatchOutput:
        """Continue game i from states[i] (shape [num_envs, state_size], int32), each validated
        first (`GameSpec.check_state` with this batch's configuration: a ValueError names the
        game and the field, and nothing changes). Move counts start again from 0; a game that
        ends is dealt again from the batch seed as usual. Returns the view of the states."""
        game = self.game
        states = np.array(states)  # a writable copy: the engines take no read-only array
        if states.shape != self.states.shape or states.dtype != np.int32:
            raise ValueError(f"states must be int32 of shape {self.states.shape}, got "
                             f"{states.dtype} of shape {states.shape}")
        for i in range(self.num_envs):
            try:
                game.check_state(states[i], self.config)
            except ValueError as error:
                raise ValueError(f"game {i}: {error}") from None
            if game.current_player(states[i]) < 0:
                raise ValueError(f"game {i}: the game is over; load a game still to play")
        self.states[:] = states
        for i in range(self.num_envs):
            self._players[i] = game.current_player(self.states[i])
            game.legal_mask(self.states[i], self._masks[i])
            game.observe(self.states[i], self._players[i], self._obs[i])
        self._rewards[:] = 0
        self._moves[:] = 0
        self._truncated[:] = False
        self._done[:] = False
        self._ready = True
        return self._output()

    def observation_pieces(self, obs: np.ndarray) -> dict[str, np.ndarray]:
        """Named views of a batch of observations (`BatchOutput.observation`, shape
        (N, obs_size)) or of one: each piece of the game's table with the batch axis first;
        no copy."""
        return observation_pieces(self.game, obs)

    def sample_random_actions(self, seed: int | None = None) -> np.ndarray:
        """One uniformly random legal action per game (a fast baseline policy).

        The sampler has its own generators, seeded from `seed` on first use (default: the
        batch seed), so it never disturbs the games' chance.
        """
        if self._sampler is None:
            self._sampler = np.zeros((self.num_envs, RNG_WORDS), np.int32)
            base = self.seed if seed is None else int(seed)
            for i in range(self.num_envs):
                rng_seed(self._sampler[i], 0, derive_seed(base, i, 7))
        out = np.empty(self.num_envs, np.int64)
        sample_legal_actions(self._masks, self._sampler, out)
        return out

    def _output(self) -> BatchOutput:
        return BatchOutput(self._obs, self._masks, self._players, self._rewards, self._done,
                           self._truncated)
