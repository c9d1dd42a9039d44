"""Rule scenarios: Phase 2, Activating Buildings (D22-D38, A1-A10, C7-C9)."""

import pytest

from dragon_env.engine import layout as L

from .scenario import (
    ARENA,
    CASTLE,
    CITY_HALL,
    GOLD,
    GUILD,
    HARBOR,
    KNIGHTS,
    TEMPLE,
    actor,
    at_phase2,
    begin,
    buildings,
    do,
    enter_amount,
    gold,
    knights,
    legal,
    set_buildings,
    set_holdings,
    set_tucked,
    step,
    tucked,
)

CHESTS = [(CASTLE, KNIGHTS), (HARBOR, GOLD), (TEMPLE, KNIGHTS), (CITY_HALL, GOLD)]  # D25


def holdings(state, seat, currency):
    return gold(state, seat) if currency == GOLD else knights(state, seat)


def test_one_lap_of_turns_from_the_start_player():  # D22, A1, A23, M5
    state = at_phase2(4, start=3)
    set_buildings(state, 1, {CASTLE: 1})
    begin(state)
    turns = []
    while step(state) == L.ACTIVATE:
        turns.append(actor(state))
        if actor(state) == 1:
            assert legal(state) == [L.A_ACTIVATE + CASTLE, L.A_PASS]
        else:
            assert legal(state) == [L.A_PASS]  # no Building: pass is the only action
        do(state, L.A_PASS)
    assert turns == [3, 0, 1, 2]
    assert step(state) != L.ACTIVATE


@pytest.mark.parametrize(
    "t, currency, everyone",
    [(CASTLE, KNIGHTS, False), (HARBOR, GOLD, False), (TEMPLE, GOLD, False),
     (CITY_HALL, KNIGHTS, False), (ARENA, GOLD, True), (GUILD, KNIGHTS, True)],
)
def test_income(t, currency, everyone):  # D24, A6
    state = at_phase2(4, start=0)
    for seat, count in enumerate((3, 2, 0, 1)):
        set_buildings(state, seat, {t: count, HARBOR: 1} if t != HARBOR else {t: count})
        set_holdings(state, seat, 9, 9)  # enough for any stake (D32)
    begin(state)
    do(state, L.A_ACTIVATE + t)
    expected = [9 + (c if everyone or seat == 0 else 0) for seat, c in enumerate((3, 2, 0, 1))]
    if t == ARENA:
        expected[0] -= 6  # the stake is on the table (D33)
    if t == GUILD:
        expected[0] -= 3
    assert [holdings(state, s, currency) for s in range(4)] == expected


@pytest.mark.parametrize("t, currency", CHESTS)
def test_chest_accepted(t, currency):  # D25, D27, D28, D29
    state = at_phase2(4, start=0)
    set_buildings(state, 0, {t: 2})
    set_buildings(state, 2, {ARENA: 2, TEMPLE: 1})
    set_tucked(state, 2, {ARENA: 9})
    set_holdings(state, 0, 20, 20)
    set_holdings(state, 2, 5, 5)
    begin(state)
    do(state, L.A_ACTIVATE + t)
    income_in_chest_currency = t in (CASTLE, HARBOR)  # Temple and City Hall pay the other one
    assert holdings(state, 0, currency) == 20 + (2 if income_in_chest_currency else 0)
    start_amount = holdings(state, 0, currency)
    assert legal(state) == [L.A_CHEST_TARGET + 1]  # only seat 2 owns Buildings (D26)
    do(state, L.A_CHEST_TARGET + 1)
    assert legal(state) == [L.A_CHEST_BUILDING + TEMPLE, L.A_CHEST_BUILDING + ARENA]
    do(state, L.A_CHEST_BUILDING + ARENA)
    enter_amount(state, 13)
    assert holdings(state, 0, currency) == start_amount - 13  # X is in the chest
    assert actor(state) == 2 and step(state) == L.CHEST_RESPONSE
    assert legal(state) == [L.A_ACCEPT]  # 5 < 13: it cannot match (C9)
    do(state, L.A_ACCEPT)
    assert holdings(state, 2, currency) == 5 + 13
    assert holdings(state, 0, currency) == start_amount - 13
    assert buildings(state, 0)[ARENA] == 1 and buildings(state, 2)[ARENA] == 1
    assert tucked(state, 2)[ARENA] == 9 and tucked(state, 0)[ARENA] == 0  # D29
    assert state[L.CHEST_MOVED] == ARENA and state[L.CHEST_RESPONSE_KIND] == L.ACCEPTED
    assert step(state) == L.ACTIVATE and actor(state) == 1


@pytest.mark.parametrize("t, currency", CHESTS)
def test_chest_matched(t, currency):  # D28, A4
    state = at_phase2(3, start=1)
    set_buildings(state, 1, {t: 1, GUILD: 0, ARENA: 2})
    indicated = CASTLE if t != CASTLE else HARBOR
    set_buildings(state, 0, {indicated: 1})
    set_holdings(state, 1, 30, 30)
    set_holdings(state, 0, 8, 8)
    begin(state)
    do(state, L.A_ACTIVATE + t)
    offered = holdings(state, 1, currency)
    assert legal(state) == [L.A_CHEST_TARGET + 1]  # seat 2 owns nothing: offset 2, seat 0
    do(state, L.A_CHEST_TARGET + 1)
    do(state, L.A_CHEST_BUILDING + indicated)
    enter_amount(state, 8)
    assert legal(state) == [L.A_ACCEPT, L.A_MATCH]  # it holds exactly 8
    do(state, L.A_MATCH)
    assert holdings(state, 0, currency) == 0
    assert holdings(state, 1, currency) == offered + 8  # took the whole chest, 2X
    assert step(state) == L.CHEST_TAKE and actor(state) == 0
    assert legal(state) == sorted([L.A_TAKE + t, L.A_TAKE + ARENA])
    do(state, L.A_TAKE + t)  # may take the activated type itself
    assert buildings(state, 0)[t] == 1 and buildings(state, 1)[t] == 0
    assert buildings(state, 0)[indicated] == 1  # the indicated Building stays
    assert state[L.CHEST_MOVED] == t and state[L.CHEST_RESPONSE_KIND] == L.MATCHED


def test_zero_offer_is_legal_and_amounts_reach_the_holdings():  # C7, D27, M4
    state = at_phase2(4, start=0)
    set_buildings(state, 0, {HARBOR: 1})
    set_buildings(state, 1, {CASTLE: 1})
    set_holdings(state, 0, 36, 0)
    set_holdings(state, 1, 0, 0)
    begin(state)
    do(state, L.A_ACTIVATE + HARBOR, L.A_CHEST_TARGET + 0, L.A_CHEST_BUILDING + CASTLE)
    assert state[L.ENTRY_LEN] == 2  # the public Gold total is 37
    assert legal(state) == [L.A_DIGIT + d for d in range(4)]  # 0x..3x
    do(state, L.A_DIGIT + 3)
    assert legal(state) == [L.A_DIGIT + d for d in range(8)]  # 30..37
    do(state, L.A_DIGIT + 7)
    assert gold(state, 0) == 0 and state[L.CHEST_X] == 37
    do(state, L.A_ACCEPT)
    state2 = at_phase2(4, start=0)
    set_buildings(state2, 0, {HARBOR: 1})
    set_buildings(state2, 1, {CASTLE: 1})
    begin(state2)
    do(state2, L.A_ACTIVATE + HARBOR, L.A_CHEST_TARGET + 0, L.A_CHEST_BUILDING + CASTLE)
    enter_amount(state2, 0)
    assert legal(state2) == [L.A_ACCEPT, L.A_MATCH]  # matching 0 is possible
    do(state2, L.A_MATCH, L.A_TAKE + HARBOR)
    assert buildings(state2, 1) == [1, 1, 0, 0, 0, 0]


def test_chest_without_an_eligible_target_ends_after_income():  # C8, D26
    state = at_phase2(4, start=0)
    set_buildings(state, 0, {CASTLE: 3})
    begin(state)
    do(state, L.A_ACTIVATE + CASTLE)
    assert knights(state, 0) == 3
    assert step(state) == L.ACTIVATE and actor(state) == 1


def test_only_opponents_with_buildings_are_targets():  # D26, M2 offsets
    state = at_phase2(5, start=2)
    set_buildings(state, 2, {TEMPLE: 1})
    set_buildings(state, 4, {GUILD: 1})
    set_buildings(state, 1, {CASTLE: 1})
    begin(state)
    do(state, L.A_ACTIVATE + TEMPLE)
    assert legal(state) == [L.A_CHEST_TARGET + 1, L.A_CHEST_TARGET + 3]  # seats 4 and 1
    do(state, L.A_CHEST_TARGET + 3)
    assert state[L.CHEST_TARGET_SEAT] == 1
    assert legal(state) == [L.A_CHEST_BUILDING + CASTLE]


@pytest.mark.parametrize("t, stake_currency, stake", [(ARENA, GOLD, 6), (GUILD, KNIGHTS, 3)])
def test_auction_prerequisite_counts_own_income(t, stake_currency, stake):  # D32, A7
    state = at_phase2(4, start=0)
    set_buildings(state, 0, {t: 2})
    amount = stake - 2
    set_holdings(state, 0, amount if stake_currency == GOLD else 50,
                 amount if stake_currency == KNIGHTS else 50)
    begin(state)
    assert L.A_ACTIVATE + t in legal(state)
    state[L.HOLD + stake_currency] -= 1
    assert L.A_ACTIVATE + t not in legal(state)


def auction(t=ARENA, bids=(0, 0, 0, 0), start=0, holdings=30):
    """Seat `start` activates an auction; every seat (from it) bids bids[seat]."""
    state = at_phase2(4, start=start)
    set_buildings(state, start, {t: 1})
    for seat in range(4):
        set_holdings(state, seat, holdings, holdings)
    begin(state)
    do(state, L.A_ACTIVATE + t)
    for k in range(4):
        seat = (start + k) % 4
        assert actor(state) == seat and step(state) == L.BID_AMOUNT  # M7 order
        enter_amount(state, bids[seat])
    return state


def test_auction_all_zero_returns_the_stake():  # D35, A10
    state = auction(ARENA, (0, 0, 0, 0))
    assert gold(state, 0) == 30 + 1  # income, stake back, no bonus
    assert [knights(state, s) for s in range(4)] == [30] * 4
    assert state[L.STAKE] == 0 and state[L.AUCTION_WINNER] == -1
    assert step(state) == L.ACTIVATE and actor(state) == 1


def test_auction_won_by_another_seat():  # D37
    state = auction(ARENA, (4, 9, 9, 2), start=0)
    assert step(state) == L.AUCTION_TIEBREAK and actor(state) == 0
    assert legal(state) == [L.A_TIEBREAK + 1, L.A_TIEBREAK + 2]  # only the tied seats (A9)
    do(state, L.A_TIEBREAK + 2)
    assert gold(state, 2) == 30 + 6 and knights(state, 2) == 30 - 9
    assert knights(state, 0) == 30 + 9 and gold(state, 0) == 30 + 1 - 6
    assert knights(state, 1) == 30 and knights(state, 3) == 30  # other bids stay (D37)
    assert [int(state[L.BID + s]) for s in range(4)] == [4, 9, 9, 2]  # revealed, public


def test_guild_auction_single_winner_pays_gold():  # D31, D37
    state = auction(GUILD, (0, 0, 5, 0), start=1)
    assert knights(state, 2) == 30 + 3 and gold(state, 2) == 30 - 5
    assert gold(state, 1) == 30 + 5 and knights(state, 1) == 30 + 1 - 3


@pytest.mark.parametrize("tie", [False, True])
def test_auction_won_by_the_activator(tie):  # D36, D38, A10
    bids = (7, 7 if tie else 0, 0, 0)
    state = auction(ARENA, bids, start=0)
    if tie:
        assert legal(state) == [L.A_TIEBREAK + 0, L.A_TIEBREAK + 1]
        do(state, L.A_TIEBREAK + 0)  # it may choose itself
    assert knights(state, 0) == 30 - 7  # its bid goes to the supply
    assert gold(state, 0) == 30 + 1 + 6  # stake back and 6 more
    assert knights(state, 1) == 30
    assert state[L.AUCTION_WINNER] == 0


def test_bids_are_capped_by_holdings():  # D34, M4
    state = at_phase2(4, start=0)
    set_buildings(state, 0, {ARENA: 1})
    set_holdings(state, 0, 10, 4)
    set_holdings(state, 1, 0, 25)
    begin(state)
    do(state, L.A_ACTIVATE + ARENA)
    assert state[L.ENTRY_LEN] == 2  # 29 Knights in all
    assert legal(state) == [L.A_DIGIT + 0]  # 0x only: it holds 4
    do(state, L.A_DIGIT + 0)
    assert legal(state) == [L.A_DIGIT + d for d in range(5)]
    do(state, L.A_DIGIT + 4)
    assert legal(state) == [L.A_DIGIT + 0, L.A_DIGIT + 1, L.A_DIGIT + 2]  # seat 1: up to 25


def test_buildings_won_earlier_in_phase_two_count_for_income():  # A6, D24
    state = at_phase2(3, start=0)
    set_buildings(state, 0, {HARBOR: 1, CASTLE: 2})
    set_buildings(state, 1, {CASTLE: 1})
    set_holdings(state, 0, 10, 0)
    set_holdings(state, 1, 10, 0)
    begin(state)
    do(state, L.A_ACTIVATE + HARBOR, L.A_CHEST_TARGET + 0, L.A_CHEST_BUILDING + CASTLE)
    enter_amount(state, 0)
    do(state, L.A_MATCH, L.A_TAKE + CASTLE)  # seat 1 now has 2 Castles
    do(state, L.A_ACTIVATE + CASTLE)
    assert knights(state, 1) == 2


def test_the_latest_turn_stays_in_view_until_the_next():  # M17
    state = auction(ARENA, (0, 3, 0, 0), start=0)
    assert state[L.ACT_SEAT] == 0 and state[L.AUCTION_WINNER] == 1
    assert [int(state[L.BID + s]) for s in range(4)] == [0, 3, 0, 0]
    do(state, L.A_PASS)  # seat 1's turn replaces the record
    assert state[L.ACT_SEAT] == 1 and state[L.ACT_TYPE] == -1 and state[L.BID + 1] == -1
