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

A joint step is one jitted call: `step_joint` plays it, then `write_views` builds every seat's
observation and mask (the views above, with the lowest legal action as the filler). Like the
batch kernels they take the engine functions as arguments and are not cached themselves
(tabletop_core.batch says why); each game specialises them in its cached `engine/batch.py`
(`GameSpec.joint_step`, `GameSpec.joint_views`). `group_views` is the
same sweep in Python with any filler: the reference the tests hold the compiled views to.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

import numpy as np
from numba import njit

from tabletop_core.inputs import normalize_seed
from tabletop_core.limits import check_max_moves
from tabletop_core.rewards import REWARD_MODES, final_rewards
from tabletop_core.spec import GameSpec

# Codes of the kernels: step_joint's "played" when it changes nothing, write_views' count when
# a queued choice lies outside the decision group.
ILLEGAL, QUEUE_FULL, OUTSIDE_GROUP = -1, -2, -1


class JointGame:
    """One game of `game` stepped by joint decisions; see the module docstring.

    Attributes after `reset`: `deciding` (seats that decide now, the actor first; [] once the
    game is over or truncated), `terminated`, `truncated`, `rewards` (float64 [P]: the final
    rewards once terminated, else 0), `final_scores` (float64 [P]: the final scores once
    terminated, else 0), `moves` (decisions committed, what `max_moves` counts), `played`
    (engine moves applied: `state` is the AEC env's state after that many moves), `state`
    (the engine state, in which queued choices are not yet played: never show it to a seat),
    and every seat's view, rewritten in place by each step (copy what you keep): `observations`
    (float32 [P, D]: a deciding seat's at its decision, another's of the game now) and `masks`
    (uint8 [P, A + 1]: a deciding seat's legal actions, else only the last entry, the no-op).
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
        config = game.check_config(config)
        if config[0] != num_players:
            raise ValueError(f"{game.name}: the config is for {int(config[0])} players, not "
                             f"{num_players}")
        if reward_mode not in REWARD_MODES:
            raise ValueError(f"reward_mode must be one of {REWARD_MODES}, got {reward_mode!r}")
        self.game = game
        self.num_players = int(num_players)
        self.config = config
        self.reward_mode = reward_mode
        self.max_moves = check_max_moves(max_moves)
        self.no_op = game.num_actions
        self.state = np.zeros(game.state_size, np.int32)
        self.observations = np.zeros((self.num_players, game.obs_size), np.float32)
        self.masks = np.zeros((self.num_players, game.num_actions + 1), np.uint8)
        # Seat s's submitted actions not yet played: _queue[s, :_queue_len[s]], oldest first.
        self._queue = np.zeros((self.num_players, 4), np.int64)
        self._queue_len = np.zeros(self.num_players, np.int64)
        self._deciding = np.zeros(game.max_players, np.int64)
        self._decision_states = np.zeros((self.num_players, game.state_size), np.int32)
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
        for name in ("state", "observations", "masks", "_queue", "_queue_len", "_deciding",
                     "_decision_states", "rewards", "final_scores"):
            setattr(twin, name, getattr(self, name).copy())
        twin.deciding = list(self.deciding)
        return twin

    # -- API ------------------------------------------------------------------------------
    def reset(self, seed: int) -> None:
        """Deal a new game from `seed` (the AEC env's `reset(seed)` deals the same game)."""
        self.game.init(self.state, self.config, normalize_seed(seed))
        self._queue_len[:] = 0
        self.terminated = False
        self.truncated = False
        self.rewards = np.zeros(self.num_players, np.float64)
        self.final_scores = np.zeros(self.num_players, np.float64)
        self.moves = 0
        self.played = 0
        self._has_game = True
        count = self.game.joint_views(self.state, False, self._queue, self._queue_len,
                                      self._deciding, self.observations, self.masks,
                                      self._decision_states)
        self._after_step(count)

    def view(self, seat: int) -> tuple[np.ndarray, np.ndarray]:
        """(float32 observation [D], uint8 mask [A]) of a deciding seat at its decision."""
        self._check_deciding(seat)
        return self.observations[seat].copy(), self.masks[seat, :-1].copy()

    def observe(self, seat: int) -> np.ndarray:
        """Any seat's current observation: a deciding seat's is the one of its view, another
        seat's is what it observes of the game now."""
        self._check_game()
        if not (isinstance(seat, int | np.integer) and 0 <= seat < self.num_players):
            raise ValueError(f"seat must be in 0..{self.num_players - 1}, got {seat!r}")
        return self.observations[seat].copy()

    def step(self, actions: dict[int, int]) -> None:
        """Play one action per deciding seat. Raises ValueError, changing nothing, if a deciding
        seat has no action, a seat that does not decide has one, or an action is illegal."""
        self._check_game()
        if not self.deciding:
            raise ValueError("the game is over: no seat decides")
        self._check_actions(actions)
        row = np.full(self.num_players, self.no_op, np.int64)
        for seat, action in actions.items():
            row[seat] = action
        self.play_all(row)

    def play_all(self, actions: np.ndarray) -> bool:
        """One joint step from int64 actions [P], the no-op for each seat that does not decide:
        True once played, False (nothing changed) if an action is not legal for its seat (see
        `masks`). The game must be running (`deciding` not empty)."""
        count = len(self.deciding)
        cut = self.max_moves > 0 and self.moves + count >= self.max_moves
        while True:
            played, next_count = self.game.joint_step(
                self.state, actions, self._queue, self._queue_len, self._deciding, count, cut,
                self.observations, self.masks, self._decision_states)
            if played != QUEUE_FULL:
                break
            self._queue = np.pad(self._queue, ((0, 0), (0, self._queue.shape[1])))
        if played == ILLEGAL:
            return False
        self.moves += count
        self.played += played
        self._after_step(next_count)
        return True

    @property
    def _queues(self) -> list[list[int]]:
        """Each seat's submitted actions not yet played, oldest first."""
        return [self._queue[s, :n].tolist() for s, n in enumerate(self._queue_len.tolist())]

    def decision_state(self, seat: int) -> np.ndarray:
        """A copy of the engine state at a deciding seat's decision (the actor's is `state`; a
        later seat's has the earlier seats' choices filled in). It holds what the seat may not
        know: give a bot only `game.determinize(copy, seat, seed)` of it."""
        self._check_deciding(seat)
        return self.state.copy() if seat == self.deciding[0] else self._decision_states[seat].copy()

    # -- Internals ------------------------------------------------------------------------
    def _check_game(self) -> None:
        if not self._has_game:
            raise RuntimeError("call reset(seed) first")

    def _check_deciding(self, seat: int) -> None:
        if seat not in self.deciding:
            raise ValueError(f"seat {seat!r} does not decide now (deciding: {self.deciding})")

    def _check_actions(self, actions: dict[int, int]) -> None:
        if not isinstance(actions, dict):
            raise ValueError(f"actions must be a dict seat -> action, got {type(actions).__name__}")
        for seat in self.deciding:
            if seat not in actions:
                raise ValueError(f"no action for seat {seat}, which decides now")
        for seat, action in actions.items():
            self._check_deciding(seat)
            mask = self.masks[seat, :-1]
            legal = int(mask.sum())
            valid = (
                isinstance(action, int | np.integer) and not isinstance(action, bool | np.bool_)
                and 0 <= action < self.game.num_actions
            )
            if not valid or not mask[int(action)]:
                raise ValueError(f"illegal action {action!r} for seat {seat} ({legal} legal)")

    def _after_step(self, count: int) -> None:
        """Read what the kernel left: the deciding seats, or the end of the game."""
        if count == OUTSIDE_GROUP:
            queued = [s for s, q in enumerate(self._queues) if q]
            group = decision_group(self.game, self.state, np.zeros(self.game.max_players,
                                                                   np.int64))
            raise RuntimeError(f"queued choices of seats {queued} outside the decision group "
                               f"{group}")
        self.deciding = self._deciding[:count].tolist()
        if count:
            return
        if self.game.current_player(self.state) < 0:
            self.terminated = True
            keys = np.zeros(self.num_players, np.int64)
            self.game.final_scores(self.state, self.final_scores, keys)
            mode = REWARD_MODES.index(self.reward_mode)
            final_rewards(self.final_scores, keys, self.num_players, mode, self.rewards)
        else:
            self.truncated = True


@njit
def step_joint(state, actions, queue, queue_len, deciding, count, cut, observations, masks,
               decision_states, play, current_player, legal_mask, observe, decision_group):
    """One joint step of the `count` seats of deciding[:count] (the actor first), with
    actions[s] for every seat s (legal by masks[s]: the no-op for a seat that does not
    decide): play the actor's, queue the others', play the queued ones the engine reaches,
    then `write_views` (no seat decides once the game is over or `cut`, the move limit).
    Returns (engine moves played, deciding count); nothing changes if it returns ILLEGAL (an
    action not legal for its seat) or QUEUE_FULL (a queue needs more room) as moves played."""
    width = masks.shape[1]
    for seat in range(masks.shape[0]):
        action = actions[seat]
        if action < 0 or action >= width or masks[seat, action] == 0:
            return ILLEGAL, count
    for k in range(1, count):
        if queue_len[deciding[k]] == queue.shape[1]:
            return QUEUE_FULL, count
    for k in range(1, count):
        seat = deciding[k]
        queue[seat, queue_len[seat]] = actions[seat]
        queue_len[seat] += 1
    play(state, actions[deciding[0]])
    played = 1
    while True:
        seat = current_player(state)
        if seat < 0 or queue_len[seat] == 0:
            break
        action = queue[seat, 0]
        queue_len[seat] -= 1
        for j in range(queue_len[seat]):
            queue[seat, j] = queue[seat, j + 1]
        play(state, action)
        played += 1
    over = cut or current_player(state) < 0
    if over:
        queue_len[:] = 0
    return played, write_views(state, over, queue, queue_len, deciding, observations, masks,
                               decision_states, play, current_player, legal_mask, observe,
                               decision_group)


@njit
def write_views(state, over, queue, queue_len, deciding, observations, masks, decision_states,
                play, current_player, legal_mask, observe, decision_group):
    """Every seat's view of `state` (see `JointGame`): the deciding seats (none if `over`)
    into deciding[:count], as `group_views` finds them with the lowest legal action as the
    filler, each later seat's decision state into decision_states; returns the count, or
    OUTSIDE_GROUP if a queued choice (queue[s, :queue_len[s]]) lies outside the group."""
    num_players, width = masks.shape
    masks[:, :] = 0
    decides = np.zeros(num_players, np.bool_)
    mask = np.zeros(width - 1, np.uint8)
    count = 0
    if not over and current_player(state) >= 0:
        group = np.zeros(deciding.shape[0], np.int64)
        size = decision_group(state, group)
        for seat in range(num_players):
            if queue_len[seat] and not _holds(group, 1, size, seat):
                return OUTSIDE_GROUP
        _view(state, group[0], observations, masks, mask, legal_mask, observe)
        deciding[0] = group[0]
        decides[group[0]] = True
        count = 1
        if size > 1:
            sim = state.copy()
            pending = np.zeros(num_players, np.int64)  # queued actions played on sim so far
            sub = np.zeros(deciding.shape[0], np.int64)
            for k in range(1, size):
                seat = group[k]
                while True:
                    to_act = current_player(sim)
                    if to_act < 0 or not _holds(sub, 0, decision_group(sim, sub), seat):
                        break  # the seat's choice is complete: it does not decide now
                    if to_act == seat and pending[seat] == queue_len[seat]:
                        _view(sim, seat, observations, masks, mask, legal_mask, observe)
                        decision_states[seat] = sim
                        deciding[count] = seat
                        decides[seat] = True
                        count += 1
                        break
                    if pending[to_act] < queue_len[to_act]:
                        play(sim, queue[to_act, pending[to_act]])
                        pending[to_act] += 1
                    else:
                        legal_mask(sim, mask)
                        play(sim, np.argmax(mask))
    for seat in range(num_players):
        if not decides[seat]:
            observations[seat] = 0.0
            observe(state, seat, observations[seat])
            masks[seat, width - 1] = 1
    return count


@njit
def _view(state, seat, observations, masks, mask, legal_mask, observe):
    observations[seat] = 0.0
    observe(state, seat, observations[seat])
    legal_mask(state, mask)
    masks[seat, :-1] = mask


@njit(cache=True)
def _holds(seats, start, stop, seat):
    for k in range(start, stop):
        if seats[k] == seat:
            return True
    return False


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
