"""Rule scenarios: final scoring and the tie-breaks (D54-D57, A21, C12, M11)."""

import numpy as np
import pytest

from dragon_env import engine as E
from dragon_env.engine import layout as L
from tabletop_core.rewards import MARGIN, RANK, final_rewards, rank_rewards

from .scenario import (
    ARENA,
    CASTLE,
    CITY_HALL,
    GUILD,
    HARBOR,
    TEMPLE,
    at_phase2,
    set_buildings,
    set_holdings,
)


def scored(state):
    n = int(state[L.NUM_PLAYERS])
    scores = np.zeros(n)
    keys = np.zeros(n, np.int64)
    E.final_scores(state, scores, keys)
    return [int(x) for x in scores], [int(k) for k in keys]


def test_types_and_strict_majorities():  # D55
    state = at_phase2(4)
    set_buildings(state, 0, {CASTLE: 3, HARBOR: 1, GUILD: 1})
    set_buildings(state, 1, {CASTLE: 2, HARBOR: 1, TEMPLE: 1})
    set_buildings(state, 2, {ARENA: 1})
    set_buildings(state, 3, {})
    scores, _ = scored(state)
    # Seat 0: 3 types + Castle and Guild majorities; Harbor is tied (nobody).
    assert scores == [5, 4, 2, 0]


def test_bankrupt_scores_zero_and_owns_nothing():  # D54, A21
    state = at_phase2(3)
    set_buildings(state, 0, {CITY_HALL: 1})
    set_buildings(state, 1, {CITY_HALL: 4, TEMPLE: 2})
    set_buildings(state, 2, {CITY_HALL: 1, TEMPLE: 1})
    state[L.BANKRUPT + 1] = 1
    scores, _ = scored(state)
    assert scores == [1, 0, 3]  # seat 2's Temple is now a majority; City Hall is tied


def test_placement_key():  # D57, M13
    state = at_phase2(3)
    set_buildings(state, 0, {HARBOR: 1})
    set_holdings(state, 0, gold=2047, knights=2047)
    _, keys = scored(state)
    assert keys[0] == (2 << 22) + (2047 << 11) + 2047


@pytest.mark.parametrize(
    "holdings, order",
    [
        (((0, 9), (50, 8), (0, 0)), [0, 1, 2]),  # Knights first
        (((7, 5), (6, 5), (0, 0)), [0, 1, 2]),  # then Gold
    ],
)
def test_tie_breaks(holdings, order):  # D56
    state = at_phase2(3)
    for seat in range(3):
        set_buildings(state, seat, {HARBOR: 1} if seat < 2 else {})
        set_holdings(state, seat, *holdings[seat])
    scores, keys = scored(state)
    assert scores == [1, 1, 0]
    assert sorted(range(3), key=lambda s: -keys[s]) == order
    # Both reward modes place the seats as the tie-breaks do (issue 14).
    for mode in (RANK, MARGIN):
        rewards = np.zeros(3)
        final_rewards(np.array(scores, np.float64), np.array(keys, np.int64), 3, mode, rewards)
        assert sorted(range(3), key=lambda s: -rewards[s]) == order
        assert abs(rewards.sum()) < 1e-12


def test_full_tie_shares_the_win():  # D56 "or everyone", M11
    state = at_phase2(4)
    for seat in range(4):
        set_buildings(state, seat, {ARENA: 1})
        set_holdings(state, seat, 3, 3)
    _, keys = scored(state)
    rewards = np.zeros(4)
    rank_rewards(np.array(keys, np.int64), 4, rewards)
    assert np.allclose(rewards, 0.0)


def test_a_bankrupt_seat_ranks_by_knights_among_zero_scores():  # C12
    state = at_phase2(3)
    set_buildings(state, 0, {HARBOR: 1})
    state[L.BANKRUPT + 1] = 1
    set_holdings(state, 1, gold=0, knights=9)
    set_holdings(state, 2, gold=40, knights=2)
    scores, keys = scored(state)
    assert scores == [2, 0, 0]
    assert keys[0] > keys[1] > keys[2]
