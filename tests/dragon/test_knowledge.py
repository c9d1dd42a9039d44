"""M15: what each seat knows of the others' Gold and Knights (tally, floor, group), C16."""

from dragon_env.engine import layout as L
from dragon_env.engine.ledger import floor, is_exact, tally

from .reference import check_knowledge
from .scenario import (
    ARENA,
    CASTLE,
    GOLD,
    GUILD,
    HARBOR,
    KNIGHTS,
    at_phase2,
    begin,
    do,
    enter_amount,
    set_buildings,
    set_holdings,
)


def chest(response, amount=6):
    """Seat 0 (Harbor) offers `amount` Gold to seat 1 for its Castle; seat 2 and 3 watch."""
    state = at_phase2(4, start=0)
    for seat in range(4):
        set_buildings(state, seat, {HARBOR: 1, CASTLE: 1, ARENA: 1})
        set_holdings(state, seat, 20, 9)
    begin(state)
    do(state, L.A_ACTIVATE + HARBOR, L.A_CHEST_TARGET + 0, L.A_CHEST_BUILDING + CASTLE)
    enter_amount(state, amount)
    do(state, response)
    return state


def test_holdings_start_public():  # D8
    state = at_phase2(5)
    for viewer in range(5):
        for seat in range(5):
            assert is_exact(state, viewer, seat, GOLD) and tally(state, viewer, seat, GOLD) == 0


def test_an_accepted_chest_seen_by_the_parties_only():  # D30
    state = chest(L.A_ACCEPT)
    # seat 0: 20 + 1 income - 6; seat 1: 20 + 6
    assert tally(state, 0, 1, GOLD) == 26 and is_exact(state, 0, 1, GOLD)
    assert tally(state, 1, 0, GOLD) == 15 and is_exact(state, 1, 0, GOLD)
    for viewer in (2, 3):
        assert not is_exact(state, viewer, 0, GOLD) and not is_exact(state, viewer, 1, GOLD)
        assert tally(state, viewer, 0, GOLD) + tally(state, viewer, 1, GOLD) == 41  # the total
        assert floor(state, viewer, 0, GOLD) == 0  # it paid an unknown amount
        assert floor(state, viewer, 1, GOLD) == 20  # it only received
        assert is_exact(state, viewer, 0, KNIGHTS)  # Knights were not involved
    check_knowledge(state)


def test_a_matched_chest_makes_the_target_the_payer():  # D28, M15
    state = chest(L.A_MATCH)
    for viewer in (2, 3):
        assert floor(state, viewer, 1, GOLD) == 0 and floor(state, viewer, 0, GOLD) == 0
    do(state, L.A_TAKE + HARBOR)
    check_knowledge(state)


def test_a_revealed_bid_raises_the_floor_and_payments_lower_it():  # D34, D37, M15
    state = chest(L.A_ACCEPT)  # seats 2 and 3 no longer know seat 0's Gold: floor 0
    do(state, L.A_PASS)  # seat 1
    set_buildings(state, 2, {HARBOR: 1, CASTLE: 1, ARENA: 1, GUILD: 1})
    do(state, L.A_ACTIVATE + GUILD)  # bids in Gold, asked from seat 2
    for seat, bid in ((2, 0), (3, 15), (0, 12), (1, 0)):
        assert state[L.ACTOR] == seat
        enter_amount(state, bid)
    # Seat 0 showed 12 Gold and kept them; seat 3 won and paid its 15 to seat 2.
    for viewer in (2, 3):
        assert floor(state, viewer, 0, GOLD) == 12
    assert floor(state, 1, 3, GOLD) == 20 - 15 and is_exact(state, 1, 3, GOLD)
    check_knowledge(state)
