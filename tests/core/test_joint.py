"""Joint steps (tabletop_core.joint): exact twins of the AEC game, sealed views independent of
the earlier seats' choices, and bad input refused."""

from __future__ import annotations

import copy

import numpy as np
import pytest

from dragon_env.engine import layout as DL
from tabletop_core.games import game_module
from tabletop_core.joint import JointGame, group_views, lowest_legal
from tests.core.seat_play import (
    MAX_MOVES,
    PARAMS,
    SEALED_PARAMS,
    SeatPolicies,
    play_aec,
    sealed,
)


def spec_of(name):
    return game_module(name).SPEC


def joint_game(name, opts, n, max_moves=None):
    spec = spec_of(name)
    return JointGame(spec, n, spec.make_config(n, **opts), max_moves=max_moves)


def play_joint(game, seed, policy_seed, on_step=None):
    """A JointGame under SeatPolicies: (log, {engine moves: state after the joint step}, group
    sizes)."""
    game.reset(seed)
    policies = SeatPolicies(policy_seed, game.num_players)
    states = {0: game.state.copy()}
    sizes = []
    while game.deciding:
        if on_step is not None:
            on_step(game)
        sizes.append(len(game.deciding))
        actions = {seat: policies(seat, *game.view(seat)) for seat in game.deciding}
        game.step(actions)
        states[game.played] = game.state.copy()
    return policies.log, states, sizes


@pytest.mark.parametrize("name,opts,n", PARAMS)
def test_a_joint_game_plays_exactly_the_aec_game(name, opts, n):
    max_moves = MAX_MOVES[name]
    for seed in range(3):
        game = joint_game(name, opts, n, max_moves)
        log, states, sizes = play_joint(game, seed, seed + 50)
        aec_log, aec_states, aec_rewards = play_aec(name, opts, n, seed, seed + 50, max_moves)
        assert game.played == len(aec_states) - 1
        for seat in range(n):  # every decision: same observation, same mask, same action
            assert log[seat] == aec_log[seat], f"seat {seat} decided differently"
        for moves, state in states.items():  # after each joint step, the AEC state then
            np.testing.assert_array_equal(state, aec_states[moves])
        if game.terminated:
            np.testing.assert_array_equal(game.rewards, aec_rewards)
        else:
            assert game.truncated and game.moves >= max_moves and not game.rewards.any()
        # The sealed decisions were taken jointly; Spearman mode has none.
        assert max(sizes) == (n if sealed(name, opts) else 1)


def _twin_check(rng):
    def check(game):
        if len(game.deciding) < 2:
            return
        queues = [list(q) for q in game._queues]
        buffer = np.zeros(game.game.max_players, np.int64)
        for _ in range(2):
            def random_filler(state, mask):
                return int(rng.choice(np.flatnonzero(mask)))
            twin = group_views(game.game, game.state, queues, buffer, random_filler)
            assert list(twin) == game.deciding
            for seat in game.deciding:
                obs, mask = game.view(seat)
                np.testing.assert_array_equal(twin[seat][0], obs)
                np.testing.assert_array_equal(twin[seat][1], mask)
        check.count += 1
    check.count = 0
    return check


@pytest.mark.parametrize("name,opts,n", SEALED_PARAMS)
def test_a_later_seat_sees_the_same_whatever_the_earlier_seats_chose(name, opts, n):
    rng = np.random.default_rng(7)
    check = _twin_check(rng)
    for seed in range(4 if name != "simurgh" else 8):
        play_joint(joint_game(name, opts, n, MAX_MOVES[name]), seed, seed, on_step=check)
    assert check.count >= 4


def test_a_seat_entering_a_sealed_bid_sees_its_own_digits():
    """Dragon's Interest: in the second digit of an auction the later seats' views hold their
    own first digits (queued, not yet played), so the views differ with them."""
    game = joint_game("dragon", {}, 3)
    rng = np.random.default_rng(3)
    for seed in range(40):
        game.reset(seed)
        while game.deciding:
            state = game.state
            if (state[DL.STEP] == DL.BID_AMOUNT and len(game.deciding) == 3
                    and state[DL.ENTRY_LEFT] >= 2):
                seat = game.deciding[1]
                legal = np.flatnonzero(game.view(seat)[1])
                if len(legal) >= 2:
                    views = []
                    for digit in legal[[0, -1]]:
                        twin = copy.deepcopy(game)
                        actions = {s: lowest_legal(None, twin.view(s)[1]) for s in twin.deciding}
                        actions[seat] = int(digit)
                        twin.step(actions)
                        assert seat in twin.deciding
                        views.append(twin.view(seat)[0])
                    assert not np.array_equal(views[0], views[1])
                    return
            game.step({s: int(rng.choice(np.flatnonzero(game.view(s)[1]))) for s in game.deciding})
    pytest.fail("no auction with a two-digit bid came up")


def test_bad_joint_actions_are_refused_and_change_nothing():
    game = joint_game("aquilon", {}, 3)
    game.reset(0)
    assert game.deciding == [0, 1, 2]
    before = game.state.copy()
    legal = {s: int(np.flatnonzero(game.view(s)[1])[0]) for s in game.deciding}
    bad_inputs = [
        ({0: legal[0], 1: legal[1]}, "no action for seat 2"),
        ({**legal, 3: 0}, "seat 3 does not decide"),
        ({**legal, 1: 200}, r"illegal action 200 for seat 1 \(60 legal\)"),
        ({**legal, 2: True}, "illegal action True for seat 2"),
        ({**legal, 2: 1.0}, "illegal action 1.0 for seat 2"),
        ([0, 1, 2], "must be a dict"),
    ]
    for actions, message in bad_inputs:
        with pytest.raises(ValueError, match=message):
            game.step(actions)
        np.testing.assert_array_equal(game.state, before)
        assert game.deciding == [0, 1, 2] and game.moves == 0
    game.step(legal)
    assert game.moves == 3


def test_the_move_limit_cuts_after_the_joint_step_that_reaches_it():
    """Aquilon 3 Lords, limit 2: the joint bid commits three moves; the game is cut after it."""
    game = joint_game("aquilon", {}, 3, max_moves=2)
    game.reset(4)
    game.step({s: int(np.flatnonzero(game.view(s)[1])[0]) for s in game.deciding})
    assert game.truncated and not game.terminated and game.moves == game.played == 3
    assert game.deciding == [] and not game.rewards.any()
    with pytest.raises(ValueError, match="over"):
        game.step({})
    with pytest.raises(ValueError, match="max_moves"):
        joint_game("aquilon", {}, 3, max_moves=0)


def test_a_digit_is_a_move_when_committed():
    """Dragon's Interest: in a joint digit step every bidder commits a move, the engine plays
    the actor's now and the others' when it reaches them."""
    game = joint_game("dragon", {}, 3)
    rng = np.random.default_rng(4)
    for seed in range(40):
        game.reset(seed)
        while game.deciding:
            before = (game.moves, game.played)
            bid = game.state[DL.STEP] == DL.BID_AMOUNT and game.state[DL.ENTRY_LEFT] >= 2
            size = len(game.deciding)
            game.step({s: int(rng.choice(np.flatnonzero(game.view(s)[1]))) for s in game.deciding})
            assert game.moves == before[0] + size
            if bid and size == 3:
                assert game.played == before[1] + 1
                return
    pytest.fail("no auction with a two-digit bid came up")


def test_a_queue_out_of_room_grows_and_the_game_plays_on_the_same():
    """Dragon's Interest's multi-digit bids queue several digits per seat: with room for one,
    the queues grow and every joint step is the one of a roomy JointGame."""
    grown = 0
    for seed in range(6):
        roomy, tight = joint_game("dragon", {}, 3), joint_game("dragon", {}, 3)
        tight._queue = np.zeros((3, 1), np.int64)
        log, states, _ = play_joint(roomy, seed, seed)
        tight_log, tight_states, _ = play_joint(tight, seed, seed)
        assert tight_log == log and tight_states.keys() == states.keys()
        for moves, state in states.items():
            np.testing.assert_array_equal(tight_states[moves], state)
        grown += tight._queue.shape[1] > 1
    assert grown
