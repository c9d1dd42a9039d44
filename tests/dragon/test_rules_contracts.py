"""Rule scenarios: Phase 1, Borrowing Gold (D12-D21, A11-A15, C2)."""

import numpy as np

from dragon_env.engine import layout as L
from dragon_env.engine.observation import GLOBAL_FEATURES, SEAT_FEATURES

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
    card,
    clear_slots,
    do,
    fresh,
    gold,
    hand,
    legal,
    observe,
    play_contracts,
    set_holdings,
    set_slot,
    step,
    tile,
    tucked,
)


def later_round(num_players=4, start=0, slots=None):
    """A Phase 1 without the Generous Dragon: the given face-up tiles (type -> tile id)."""
    state = fresh(num_players, seed=3, start=start)
    calm_stacks(state)
    state[L.ROUND] = 2
    clear_slots(state)
    for t, k in (slots or {}).items():
        set_slot(state, t, k)
    for seat in range(num_players):
        set_holdings(state, seat, 0, 0)
    return state


def pick_order(state):
    return [int(s) for s in state[L.ORDER:L.ORDER + state[L.ORDER_LEN]]]


def test_contracts_are_asked_from_the_start_player_and_only_from_the_hand():  # D12, C15
    state = fresh(4, start=2)
    asked = []
    for value in (5, 6, 7, 8):
        asked.append(actor(state))
        assert legal(state) == list(range(12))
        do(state, L.A_CONTRACT + card(value))
    assert asked == [2, 3, 0, 1]
    assert step(state) == L.PICK_TILE
    state[L.HAND + 1] &= ~(1 << card(9))  # a card that left the hand is not offered
    state[L.STEP], state[L.ACTOR] = L.CHOOSE_CONTRACT, 1
    assert L.A_CONTRACT + card(9) not in legal(state)


def test_pick_order_by_value_ties_to_the_start_player():  # D14
    slots = {t: tile(t, 9) for t in (CASTLE, HARBOR, TEMPLE, CITY_HALL)}
    state = later_round(4, start=2, slots=slots)
    play_contracts(state, {0: 7, 1: 9, 2: 7, 3: 7})
    assert pick_order(state) == [1, 2, 3, 0]
    assert actor(state) == 1


def test_jester_is_worth_17_when_a_13_or_14_is_revealed():  # D13, D17, C2, A11
    for trigger in (13, 14):
        slots = {t: tile(t, 9) for t in (CASTLE, HARBOR, TEMPLE, CITY_HALL)}
        state = later_round(4, start=0, slots=slots)
        play_contracts(state, {0: 2, 1: "J", 2: trigger, 3: 10})
        assert pick_order(state) == [1, 2, 3, 0]
        do(state, L.A_PICK + TEMPLE)
        assert tucked(state, 1)[TEMPLE] == 17
        assert "J" not in hand(state, 1)


def test_void_jester_returns_and_picks_nothing():  # D13, D19
    slots = {t: tile(t, 9) for t in (CASTLE, HARBOR, TEMPLE, CITY_HALL)}
    state = later_round(4, start=0, slots=slots)
    play_contracts(state, {0: "J", 1: 10, 2: "J", 3: 2})
    assert pick_order(state) == [1, 3]
    assert state[L.VOID + 0] == 1 and state[L.VOID + 2] == 1
    assert "J" in hand(state, 0) and "J" in hand(state, 2)
    do(state, L.A_PICK + CASTLE, L.A_PICK + HARBOR)
    assert buildings(state, 0) == [0] * 6 and buildings(state, 2) == [0] * 6
    assert 10 not in hand(state, 1) and 2 not in hand(state, 3)


def test_several_jesters_are_all_worth_17_and_tie_by_seat():  # A12
    slots = {t: tile(t, 9) for t in (CASTLE, HARBOR, TEMPLE, CITY_HALL)}
    state = later_round(4, start=3, slots=slots)
    play_contracts(state, {0: "J", 1: 14, 2: "J", 3: 5})
    assert pick_order(state) == [0, 2, 1, 3]  # 17, 17 (0 nearer to start 3), 14, 5


def test_a_pick_gains_gold_builds_and_tucks():  # D15, D16, D17
    slots = {CASTLE: tile(CASTLE, 14), ARENA: tile(ARENA, 7)}
    state = later_round(4, start=0, slots=slots)
    play_contracts(state, {0: 8, 1: 6, 2: 3, 3: 2})
    do(state, L.A_PICK + ARENA)
    assert gold(state, 0) == 7 and buildings(state, 0)[ARENA] == 1
    assert tucked(state, 0)[ARENA] == 8
    assert state[L.SLOT + ARENA] == -1
    assert legal(state) == [L.A_PICK + CASTLE]
    do(state, L.A_PICK + CASTLE)
    assert gold(state, 1) == 14 and tucked(state, 1)[CASTLE] == 6


def test_events_cannot_be_picked_and_leftover_contracts_return():  # D15, D18, A13, A15
    slots = {
        CASTLE: tile(CASTLE, kind=TK.INVASION),
        HARBOR: tile(HARBOR, 11),
        ARENA: tile(ARENA, kind=TK.CALENDAR),
        GUILD: tile(GUILD, 6),
    }
    state = later_round(4, start=0, slots=slots)
    play_contracts(state, {0: 10, 1: 9, 2: 8, 3: 7})
    assert legal(state) == [L.A_PICK + HARBOR, L.A_PICK + GUILD]  # must take a Building
    do(state, L.A_PICK + HARBOR, L.A_PICK + GUILD)
    # Seats 2 and 3 find only Events: their Contracts go back to their hands.
    assert 8 in hand(state, 2) and 7 in hand(state, 3)
    assert tucked(state, 2) == [0] * 6 and tucked(state, 3) == [0] * 6
    assert 10 not in hand(state, 0) and 9 not in hand(state, 1)


def test_one_contract_per_round_and_returned_cards_can_be_played_again():  # D19, D20
    state = later_round(4, start=0, slots={CASTLE: tile(CASTLE, 9)})
    play_contracts(state, {0: 10, 1: 9, 2: 8, 3: 7})
    do(state, L.A_PICK + CASTLE)
    assert sum(tucked(state, 0)) == 10
    assert all(sum(tucked(state, s)) == 0 for s in (1, 2, 3))
    assert hand(state, 1) == hand(fresh(4), 1)


def test_generous_dragon_doubles_the_builders_gold_and_skips_phase_two():  # D21, A14
    state = fresh(4, seed=5, start=1)
    calm_stacks(state)
    assert state[L.SLOT + ARENA] == tile(ARENA, kind=TK.GENEROUS_DRAGON)
    clear_slots(state)
    set_slot(state, ARENA, tile(ARENA, kind=TK.GENEROUS_DRAGON))
    set_slot(state, CASTLE, tile(CASTLE, 9))
    set_slot(state, CITY_HALL, tile(CITY_HALL, 12))
    play_contracts(state, {0: 3, 1: 10, 2: 9, 3: 2})
    do(state, L.A_PICK + CITY_HALL, L.A_PICK + CASTLE)
    # Seat 1 built the 12, seat 2 the 9; seats 0 and 3 built nothing.
    assert [gold(state, s) for s in range(4)] == [0, 24, 18, 0]
    assert step(state) == L.CHOOSE_CONTRACT and state[L.ROUND] == 2  # no Phase 2 turn
    assert state[L.NO_INTEREST] == 0  # a new round


def test_revealed_contracts_are_public():  # D12, D13, M10
    slots = {t: tile(t, 9) for t in (CASTLE, HARBOR, TEMPLE, CITY_HALL)}
    state = later_round(4, start=0, slots=slots)
    play_contracts(state, {0: 10, 1: "J", 2: 3, 3: 2})
    values = {0: 10, 1: 0, 2: 3, 3: 2}  # the Jester is void: no 13 or 14
    for viewer in range(4):
        view = observe(state, viewer)
        for seat, value in values.items():
            block = GLOBAL_FEATURES + ((seat - viewer) % 4) * SEAT_FEATURES
            assert view[block + 27] == 1.0  # revealed
            assert view[block + 26] == np.float32(value / 17.0)
            assert view[block + 28] == (seat == 1)  # void
