"""Joint steps over any game: a sealed (simultaneous) decision taken by all its seats at once.

The engines ask a sealed decision one seat at a time, and a seat's observation and mask never
depend on an earlier seat's uncommitted choice (the information boundary every engine is tested
for). `JointGame` turns that into one step for the whole group that `decision_group` names:

- The actor decides on the real state. A later seat of the group decides on the state the
  engine will show it when it is asked: a copy of the real state in which the earlier seats'
  choices still to be played are filled in (with their already submitted, queued actions, then
  any legal action; here the lowest legal id). What it sees there is the same whatever the
  filler (`tests/core/test_joint.py` checks this twin property over many random states), so it is
  exactly what the seat would see in the AEC env.
- A joint step plays the actor's action and queues the others'; each queue is played when the
  engine reaches its seat. A sealed choice made of several actions (Dragon's Interest's bid
  digits) takes one action per joint step from every seat of the group; a seat whose choice is
  complete gets no decision.

So for the same seed and the same decisions a JointGame plays exactly the AEC env's game, in the
same order of engine moves. The move limit has the meaning every door gives it (the safety
work's `tabletop_core.limits`): a move is one decision of one seat, so `moves` is the length of
the game's action history and a joint step in which k seats commit counts k moves; a game not
over after the first joint step that reaches `max_moves` is truncated for every seat, unpaid.
(`played` counts the engine moves applied so far: a queued digit is committed before the engine
plays it.)
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Callable

import numpy as np

from tabletop_core.inputs import normalize_seed
from tabletop_core.limits import check_max_moves
from tabletop_core.rewards import REWARD_MODES, final_rewards
from tabletop_core.spec import GameSpec


class JointGame:
    """One game of `game` stepped by joint decisions; see the module docstring.

    Attributes after `reset`: `deciding` (seats that decide now, the actor first; [] once the
    game is over or truncated), `terminated`, `truncated`, `rewards` (float64 [P]: the final
    rewards once terminated, else 0), `final_scores` (float64 [P]: the final scores once
    terminated, else 0), `moves` (decisions committed, what `max_moves` counts), `played`
    (engine moves applied: `state` is the AEC env's state after that many moves) and `state`
    (the engine state, in which queued choices are not yet played: never show it to a seat).
    """

    def __init__(
        self,
        game: GameSpec,
        num_players: int,
        config: np.ndarray,
        reward_mode: str = "rank",
        max_moves: int | None = None,
    ):
        game.check_num_players(num_players)
        if reward_mode not in REWARD_MODES:
            raise ValueError(f"reward_mode must be one of {REWARD_MODES}, got {reward_mode!r}")
        self.game = game
        self.num_players = int(num_players)
        self.config = np.ascontiguousarray(config, np.int32)
        self.reward_mode = reward_mode
        self.max_moves = check_max_moves(max_moves)
        self.state = np.zeros(game.state_size, np.int32)
        self._group = np.zeros(game.max_players, np.int64)
        self._queues: list[deque[int]] = [deque() for _ in range(self.num_players)]
        self._views: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        self._states: dict[int, np.ndarray] = {}
        self.deciding: list[int] = []
        self.terminated = False
        self.truncated = False
        self.rewards = np.zeros(self.num_players, np.float64)
        self.final_scores = np.zeros(self.num_players, np.float64)
        self.moves = 0
        self.played = 0
        self._has_game = False

    def __deepcopy__(self, memo: dict) -> JointGame:
        """A copy that plays on independently (the GameSpec is shared, not copied)."""
        twin = copy.copy(self)
        twin.state = self.state.copy()
        twin._group = self._group.copy()
        twin._queues = [deque(q) for q in self._queues]
        twin._views = dict(self._views)  # views are never written to, only copied out
        twin._states = dict(self._states)  # likewise
        twin.deciding = list(self.deciding)
        twin.rewards = self.rewards.copy()
        twin.final_scores = self.final_scores.copy()
        return twin

    # -- API ------------------------------------------------------------------------------
    def reset(self, seed: int) -> None:
        """Deal a new game from `seed` (the AEC env's `reset(seed)` deals the same game)."""
        self.game.init(self.state, self.config, normalize_seed(seed))
        for queue in self._queues:
            queue.clear()
        self.terminated = False
        self.truncated = False
        self.rewards = np.zeros(self.num_players, np.float64)
        self.final_scores = np.zeros(self.num_players, np.float64)
        self.moves = 0
        self.played = 0
        self._has_game = True
        self._after_step()

    def view(self, seat: int) -> tuple[np.ndarray, np.ndarray]:
        """(float32 observation [D], uint8 mask [A]) of a deciding seat at its decision."""
        if seat not in self._views:
            raise ValueError(f"seat {seat!r} does not decide now (deciding: {self.deciding})")
        obs, mask = self._views[seat]
        return obs.copy(), mask.copy()

    def observe(self, seat: int) -> np.ndarray:
        """Any seat's current observation: a deciding seat's is the one of its view, another
        seat's is what it observes of the game now."""
        self._check_game()
        if not (isinstance(seat, int | np.integer) and 0 <= seat < self.num_players):
            raise ValueError(f"seat must be in 0..{self.num_players - 1}, got {seat!r}")
        if seat in self._views:
            return self._views[seat][0].copy()
        obs = np.zeros(self.game.obs_size, np.float32)
        self.game.observe(self.state, int(seat), obs)
        return obs

    def step(self, actions: dict[int, int]) -> None:
        """Play one action per deciding seat. Raises ValueError, changing nothing, if a deciding
        seat has no action, a seat that does not decide has one, or an action is illegal."""
        self._check_game()
        if not self.deciding:
            raise ValueError("the game is over: no seat decides")
        self._check_actions(actions)
        actor, *others = self.deciding
        for seat in others:
            self._queues[seat].append(int(actions[seat]))
        self.moves += len(self.deciding)
        self._play(int(actions[actor]))
        while self.game.current_player(self.state) >= 0:
            queue = self._queues[self.game.current_player(self.state)]
            if not queue:
                break
            self._play(queue.popleft())
        self._after_step()

    # -- Internals ------------------------------------------------------------------------
    def _check_game(self) -> None:
        if not self._has_game:
            raise RuntimeError("call reset(seed) first")

    def _check_actions(self, actions: dict[int, int]) -> None:
        if not isinstance(actions, dict):
            raise ValueError(f"actions must be a dict seat -> action, got {type(actions).__name__}")
        for seat in self.deciding:
            if seat not in actions:
                raise ValueError(f"no action for seat {seat}, which decides now")
        for seat, action in actions.items():
            if seat not in self._views:
                raise ValueError(f"seat {seat!r} does not decide now (deciding: {self.deciding})")
            mask = self._views[seat][1]
            legal = int(mask.sum())
            valid = (
                isinstance(action, int | np.integer) and not isinstance(action, bool | np.bool_)
                and 0 <= action < self.game.num_actions
            )
            if not valid or not mask[int(action)]:
                raise ValueError(f"illegal action {action!r} for seat {seat} ({legal} legal)")

    def _play(self, action: int) -> None:
        self.game.play(self.state, action)
        self.played += 1

    def _after_step(self) -> None:
        self._views = {}
        self.deciding = []
        if self.game.current_player(self.state) < 0:
            self.terminated = True
            keys = np.zeros(self.num_players, np.int64)
            self.game.final_scores(self.state, self.final_scores, keys)
            mode = REWARD_MODES.index(self.reward_mode)
            final_rewards(self.final_scores, keys, self.num_players, mode, self.rewards)
        elif self.max_moves > 0 and self.moves >= self.max_moves:
            self.truncated = True
        if self.terminated or self.truncated:
            for queue in self._queues:
                queue.clear()
            return
        self._sweep_group()

    def _sweep_group(self) -> None:
        queues = [list(q) for q in self._queues]
        self._states = {}
        self._views = group_views(self.game, self.state, queues, self._group, lowest_legal,
                                  self._states)
        self.deciding = list(self._views)

    def decision_state(self, seat: int) -> np.ndarray:
        """A copy of the engine state at a deciding seat's decision (the actor's is `state`; a
        later seat's has the earlier seats' choices filled in). It holds what the seat may not
        know: give a bot only `game.determinize(copy, seat, seed)` of it."""
        if seat not in self._views:
            raise ValueError(f"seat {seat!r} does not decide now (deciding: {self.deciding})")
        return self._states[seat].copy() if seat in self._states else self.state.copy()


def lowest_legal(state: np.ndarray, mask: np.ndarray) -> int:
    """The filler of `group_views`: the lowest legal action id."""
    return int(np.argmax(mask))


def decision_group(game: GameSpec, state: np.ndarray, buffer: np.ndarray) -> list[int]:
    """The engine's decision group of `state` as a list (buffer: int64 [max_players])."""
    count = game.decision_group(state, buffer)
    return [int(s) for s in buffer[:count]]


def seat_view(game: GameSpec, state: np.ndarray, seat: int) -> tuple[np.ndarray, np.ndarray]:
    """(observation, mask) of `seat` in `state`, where it is the seat to act."""
    obs = np.zeros(game.obs_size, np.float32)
    mask = np.zeros(game.num_actions, np.uint8)
    game.observe(state, seat, obs)
    game.legal_mask(state, mask)
    return obs, mask


def group_views(
    game: GameSpec,
    state: np.ndarray,
    queues: list[list[int]],
    buffer: np.ndarray,
    filler: Callable[[np.ndarray, np.ndarray], int],
    states: dict[int, np.ndarray] | None = None,
) -> dict[int, tuple[np.ndarray, np.ndarray]]:
    """The deciding seats of `state` (in the engine's order) and each one's view.

    `queues[s]` holds seat s's submitted actions not yet played. The actor's view is `state`'s;
    a later seat's is taken on one copy that advances through the group: each seat to act
    plays its queued actions, then `filler(state, mask)` actions (earlier seats), until the
    seat is asked with its queue played. A seat whose choice is complete (the engine is past
    it, or the group is resolved) is left out. `state` and `queues` are not changed. With
    `states`, each later seat's decision state (the copy as it is asked) is stored there.
    """
    group = decision_group(game, state, buffer)
    queued = [s for s, q in enumerate(queues) if q]
    if any(s not in group[1:] for s in queued):
        raise RuntimeError(f"queued choices of seats {queued} outside the decision group {group}")
    views = {group[0]: seat_view(game, state, group[0])}
    if len(group) == 1:
        return views
    sim = state.copy()
    mask = np.zeros(game.num_actions, np.uint8)
    pending = [list(q) for q in queues]
    for seat in group[1:]:
        while True:
            to_act = int(game.current_player(sim))
            if to_act < 0 or seat not in decision_group(game, sim, buffer):
                break  # the seat's choice is complete: it does not decide now
            if to_act == seat and not pending[seat]:
                views[seat] = seat_view(game, sim, seat)
                if states is not None:
                    states[seat] = sim.copy()
                break
            if pending[to_act]:
                game.play(sim, pending[to_act].pop(0))
            else:
                game.legal_mask(sim, mask)
                game.play(sim, filler(sim, mask))
    return views
