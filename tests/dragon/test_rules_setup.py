"""Rule scenarios: setup (D1-D10) and the shape of round 1 (D11, C13)."""

import numpy as np
import pytest

from dragon_env import data as D
from dragon_env import engine as E
from dragon_env.engine import layout as L

from .scenario import (
    ARENA,
    CASTLE,
    CITY_HALL,
    GUILD,
    HARBOR,
    TEMPLE,
    TK,
    actor,
    buildings,
    calm_stacks,
    do,
    fresh,
    gold,
    hand,
    knights,
    legal,
    play_contracts,
    step,
    tile,
)


@pytest.mark.parametrize("num_players, sides", [(3, 5), (4, 6), (5, 6)])
def test_mountain_and_stacks_in_play(num_players, sides):  # D2, D3, A24
    state = fresh(num_players)
    assert state[L.SIDES] == sides
    for t in range(6):
        in_play = t != GUILD or num_players >= 4
        if in_play:
            assert state[L.STACK_TOP + t] == 1  # 9 face down (D6)
            assert state[L.SLOT + t] // 10 == t
        else:
            assert state[L.STACK_TOP + t] == 10 and state[L.SLOT + t] == -1


@pytest.mark.parametrize("num_players", [3, 4, 5])
def test_opening_display(num_players):  # D5, D6
    for seed in range(8):
        state = fresh(num_players, seed)
        for t, g in ((CASTLE, 9), (HARBOR, 10), (TEMPLE, 11), (CITY_HALL, 12)):
            assert state[L.SLOT + t] == tile(t, g) and state[L.STACKS + t * 10] == tile(t, g)
        assert state[L.SLOT + ARENA] == tile(ARENA, kind=TK.GENEROUS_DRAGON)
        for t in range(6 if num_players >= 4 else 5):
            stack = sorted(int(k) for k in state[L.STACKS + t * 10:L.STACKS + t * 10 + 10])
            assert stack == list(range(t * 10, t * 10 + 10))  # the type's 10 tiles (D4)
            assert state[L.STACKS + t * 10] == state[L.SLOT + t]


def test_stacks_are_shuffled_by_the_seed():  # D5
    orders = {fresh(4, seed)[L.STACKS:L.STACKS + 60].tobytes() for seed in range(10)}
    assert len(orders) == 10
    guild_tops = {int(fresh(4, seed)[L.SLOT + GUILD]) for seed in range(40)}
    assert len(guild_tops) > 3  # the Guild's first tile is a random one


@pytest.mark.parametrize("num_players", [3, 4, 5])
def test_players_start_with_hand_and_chart_holdings(num_players):  # D7, D8
    state = fresh(num_players)
    g, k = D.STARTING_RESOURCES[num_players]
    assert state[L.DRAGON] == 0 and state[L.ROUND] == 1
    for seat in range(num_players):
        assert (gold(state, seat), knights(state, seat)) == (g, k)
        assert buildings(state, seat) == [0] * 6
        assert len(hand(state, seat)) == 12


def test_start_player_is_seeded_or_fixed():  # D9
    starts = set()
    for seed in range(30):
        state = np.zeros(E.STATE_SIZE, np.int32)
        E.init(state, np.array([5, -1], np.int32), seed)
        starts.add(int(state[L.START]))
        assert actor(state) == state[L.START]
    assert starts == set(range(5))
    assert fresh(5, start=3)[L.START] == 3


def test_round_one_skips_phases_two_and_four():  # D11, D21, D46
    state = fresh(4, seed=1, start=2)
    calm_stacks(state)
    play_contracts(state, {0: 2, 1: 3, 2: 4, 3: 5})
    while step(state) == L.PICK_TILE:
        do(state, legal(state)[0])
    # No Phase 2 turn, no interest, no Dragon move: round 2 asks for Contracts at once.
    assert step(state) == L.CHOOSE_CONTRACT and state[L.ROUND] == 2
    assert state[L.DRAGON] == 0
    assert all(state[L.INTEREST_PAID + s] == 0 for s in range(4))
    assert state[L.START] == 3  # D53


def test_setup_reveal_has_no_effect():  # C13
    # Find a deal whose Guild slot shows the Calendar at setup; round 1 still moves nothing.
    for seed in range(200):
        state = fresh(4, seed)
        if state[L.SLOT + GUILD] == tile(GUILD, kind=TK.CALENDAR):
            break
    else:
        pytest.fail("no deal with the Guild Calendar on top")
    calm_stacks(state)
    play_contracts(state, {0: 2, 1: 3, 2: 4, 3: 5})
    while step(state) == L.PICK_TILE:
        do(state, legal(state)[0])
    assert state[L.ROUND] == 2 and state[L.DRAGON] == 0
