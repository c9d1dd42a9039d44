"""Rule scenarios: Phase 3, Refreshing Available Buildings, and each Event (D39-D44, C10,
C13, M14)."""

import numpy as np

from dragon_env.engine import layout as L
from dragon_env.engine.ledger import is_exact, knowledge, tally
from dragon_env.engine.tables import TILE_GOLD

from .reference import check_knowledge
from .scenario import (
    ARENA,
    CASTLE,
    CITY_HALL,
    GUILD,
    HARBOR,
    KNIGHTS,
    TEMPLE,
    TK,
    actor,
    at_phase2,
    buildings,
    calm_stacks,
    do,
    knights,
    legal,
    run_to,
    set_buildings,
    set_holdings,
    set_slot,
    set_stack,
    step,
    tile,
)


def before_phase3(num_players=4, start=0):
    state = at_phase2(num_players, start=start)
    calm_stacks(state)
    return state


def invasion_on_top(state, t):
    """Put stack t's Invasion on top of it."""
    top = int(state[L.STACK_TOP + t])
    tiles = [int(k) for k in state[L.STACKS + t * 10 + top:L.STACKS + t * 10 + 10]]
    inv = tile(t, kind=TK.INVASION)
    tiles.remove(inv)
    set_stack(state, t, [inv, *tiles])


def test_discard_and_refill():  # D39, D40
    state = before_phase3()
    set_slot(state, CASTLE, tile(CASTLE, 16))
    set_slot(state, ARENA, tile(ARENA, kind=TK.CALENDAR))
    set_stack(state, HARBOR, [])  # an empty stack leaves its slot empty
    tops = {t: int(state[L.STACKS + t * 10 + state[L.STACK_TOP + t]]) for t in range(6)}
    run_to(state, L.AUTO_PHASE3)
    for t in range(6):
        if t == HARBOR:
            assert state[L.SLOT + t] == -1
        else:
            assert state[L.SLOT + t] == tops[t]
    assert state[L.NO_INTEREST] == 0


def test_discarded_generous_dragon_cancels_interest():  # D39, D46, A16
    state = before_phase3()
    set_slot(state, ARENA, tile(ARENA, kind=TK.GENEROUS_DRAGON))
    invasion_on_top(state, CASTLE)
    state[L.TUCK + CASTLE] = 10
    set_holdings(state, 0, gold=10)
    run_to(state, L.AUTO_PHASE3)
    assert state[L.NO_INTEREST] == 1 and step(state) == L.INVASION
    for _ in range(4):
        do(state, L.A_INVADE_KNIGHTS)
    assert state[L.DRAGON] == 0 and state[L.INTEREST_PAID] == 0 and state[L.HOLD] == 10
    assert step(state) == L.CHOOSE_CONTRACT and state[L.NO_INTEREST] == 0


def test_invasion_asks_every_seat_and_applies_together():  # D41, D42, A22
    state = before_phase3(4, start=1)
    invasion_on_top(state, TEMPLE)
    set_buildings(state, 0, {CASTLE: 1, ARENA: 2})
    set_buildings(state, 1, {HARBOR: 1})
    set_buildings(state, 2, {TEMPLE: 1})
    set_holdings(state, 0, knights=5)
    set_holdings(state, 1, knights=1)
    set_holdings(state, 2, knights=2)
    set_holdings(state, 3, knights=7)
    run_to(state, L.AUTO_PHASE3)
    asked = []
    choices = {0: L.A_INVADE_BUILDING + ARENA, 1: L.A_INVADE_BUILDING + HARBOR,
               2: L.A_INVADE_KNIGHTS, 3: L.A_INVADE_KNIGHTS}
    options = {
        0: [L.A_INVADE_KNIGHTS, L.A_INVADE_BUILDING + CASTLE, L.A_INVADE_BUILDING + ARENA],
        1: [L.A_INVADE_BUILDING + HARBOR],  # 1 Knight: it must give a Building (C10)
        2: [L.A_INVADE_KNIGHTS, L.A_INVADE_BUILDING + TEMPLE],
        3: [L.A_INVADE_KNIGHTS],  # no Building: 2 Knights
    }
    for _ in range(4):
        seat = actor(state)
        asked.append(seat)
        assert step(state) == L.INVASION and legal(state) == options[seat]
        do(state, choices[seat])
        if len(asked) < 4:  # nothing happens before everyone has chosen
            assert buildings(state, 0)[ARENA] == 2 and knights(state, 3) == 7
    assert asked == [1, 2, 3, 0]
    assert buildings(state, 0) == [1, 0, 0, 0, 1, 0]
    assert buildings(state, 1) == [0] * 6
    assert knights(state, 2) == 0 and buildings(state, 2)[TEMPLE] == 1
    assert knights(state, 3) == 5
    assert [int(state[L.INVADED + s]) for s in range(4)] == [ARENA, HARBOR, 6, 6]


def test_invasion_with_nothing_to_give():  # D43, C10, C16, M14
    state = before_phase3(3, start=0)
    invasion_on_top(state, CASTLE)
    set_holdings(state, 0, knights=1)
    set_holdings(state, 1, knights=0)
    set_buildings(state, 2, {CASTLE: 1})
    set_holdings(state, 2, knights=0)
    # Seat 1 missed a chest of Knights between seats 0 and 2: it knows only their total.
    for seat, unseen in ((0, -4), (2, 4)):
        state[L.UNSEEN + knowledge(1, seat, KNIGHTS)] = unseen
        state[L.GROUP + knowledge(1, seat, KNIGHTS)] = 0
    state[L.SLACK + knowledge(1, 0, KNIGHTS)] = 1
    assert not is_exact(state, 1, 0, KNIGHTS) and tally(state, 1, 0, KNIGHTS) == 5
    run_to(state, L.AUTO_PHASE3)
    assert legal(state) == [L.A_INVADE_KNIGHTS]  # seat 0: still asked, single action
    do(state, L.A_INVADE_KNIGHTS)
    assert legal(state) == [L.A_INVADE_KNIGHTS]
    do(state, L.A_INVADE_KNIGHTS)
    do(state, L.A_INVADE_BUILDING + CASTLE)
    assert knights(state, 0) == 0 and knights(state, 1) == 0
    # It gave all it had, in view: its Knights are now known exactly, and so are seat 2's,
    # the rest of the group (C16, M15).
    for seat in (0, 2):
        assert is_exact(state, 1, seat, KNIGHTS) and tally(state, 1, seat, KNIGHTS) == 0
    check_knowledge(state)


def test_several_invasions_resolve_one_after_another():  # D41
    state = before_phase3(3, start=2)
    invasion_on_top(state, CASTLE)
    invasion_on_top(state, CITY_HALL)
    set_buildings(state, 0, {HARBOR: 1})
    set_holdings(state, 0, knights=2)
    run_to(state, L.AUTO_PHASE3)
    assert state[L.INVASIONS_LEFT] == 2
    for _ in range(3):
        do(state, L.A_INVADE_BUILDING + HARBOR if actor(state) == 0 else L.A_INVADE_KNIGHTS)
    assert state[L.INVASIONS_LEFT] == 1 and step(state) == L.INVASION
    assert actor(state) == 2  # the second Invasion asks again from the Start Player
    for _ in range(3):
        if actor(state) == 0:
            # The first Invasion took its only Building: now it can only give Knights.
            assert legal(state) == [L.A_INVADE_KNIGHTS]
        do(state, L.A_INVADE_KNIGHTS)
    assert knights(state, 0) == 0 and buildings(state, 0) == [0] * 6


def test_only_invasions_just_turned_up_resolve():  # D41, D44, C13
    state = before_phase3(4)
    set_slot(state, CASTLE, tile(CASTLE, kind=TK.INVASION))  # already face up: discarded
    set_slot(state, GUILD, tile(GUILD, kind=TK.CALENDAR))
    run_to(state, L.AUTO_PHASE3)
    assert state[L.INVASIONS_LEFT] == 0 and step(state) == L.CHOOSE_CONTRACT


def test_public_counts_of_the_face_down_stacks_follow_the_refill():  # M10
    state = before_phase3(4)
    before = state[L.REM_BUILDINGS:L.REM_INVASIONS + 6].reshape(4, 6).copy()
    tops = [int(state[L.STACKS + t * 10 + state[L.STACK_TOP + t]]) for t in range(6)]
    run_to(state, L.AUTO_PHASE3)
    after = state[L.REM_BUILDINGS:L.REM_INVASIONS + 6].reshape(4, 6)
    assert list(before[0] - after[0]) == [1] * 6  # calm stacks turn up a Building each
    assert list(before[1] - after[1]) == [int(TILE_GOLD[k]) for k in tops]
    assert np.array_equal(before[2:], after[2:])
