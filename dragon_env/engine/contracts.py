"""Phase 1, Borrowing Gold (D12-D21): the start of a round, Contracts, pick order and picks."""

from numba import njit

from dragon_env.engine import layout as L
from dragon_env.engine.ledger import gain
from dragon_env.engine.scoring import update_points
from dragon_env.engine.tables import (
    BUILDING,
    CONTRACT_IS_JESTER,
    CONTRACT_VALUE,
    GENEROUS_DRAGON,
    GOLD,
    JESTER_HIGH,
    JESTER_LOW,
    JESTER_VALUE,
    NUM_TYPES,
    TILE_GOLD,
    TILE_KIND,
)


@njit(cache=True)
def begin_round(state):
    """Start a round (D11) and ask for Contracts. The Phase 1 records start afresh; the latest
    Phase 2 turn, Invasion and interest stay in view until their next occurrence."""
    state[L.ROUND] += 1
    state[L.NO_INTEREST] = 0
    state[L.ORDER_LEN] = 0
    state[L.ACT_TURN] = 0
    for seat in range(L.P):
        state[L.PENDING + seat] = -1
        state[L.REVEALED + seat] = -1
        state[L.VOID + seat] = 0
        state[L.BUILT_GOLD + seat] = 0
        state[L.ORDER + seat] = -1
    state[L.TURN] = 0
    state[L.STEP] = L.CHOOSE_CONTRACT
    state[L.ACTOR] = state[L.START]


@njit(cache=True)
def effective_value(card, triggered):
    """Value of a revealed Contract (D13): the Jester is 17 when triggered, else void (0)."""
    if CONTRACT_IS_JESTER[card]:
        return JESTER_VALUE if triggered else 0
    return CONTRACT_VALUE[card]


@njit(cache=True)
def commit_contract(state, seat, card):
    """A seat's secret Contract choice (D12, M7); the last one triggers the reveal."""
    state[L.PENDING + seat] = card
    state[L.TURN] += 1
    n = state[L.NUM_PLAYERS]
    if state[L.TURN] < n:
        state[L.ACTOR] = (state[L.START] + state[L.TURN]) % n
        return
    reveal_contracts(state)


@njit(cache=True)
def jester_triggered(state):
    """Whether a 13 or 14 was revealed this round."""
    for seat in range(state[L.NUM_PLAYERS]):
        card = state[L.REVEALED + seat]
        if card >= 0 and (CONTRACT_VALUE[card] == JESTER_LOW
                          or CONTRACT_VALUE[card] == JESTER_HIGH):
            return True
    return False


@njit(cache=True)
def reveal_contracts(state):
    """Reveal every Contract, void the Jesters if no 13 or 14 shows (D13), order the picks by
    value, ties to the seat nearest the Start Player clockwise (D14)."""
    n = state[L.NUM_PLAYERS]
    start = state[L.START]
    for seat in range(n):
        state[L.REVEALED + seat] = state[L.PENDING + seat]
        state[L.PENDING + seat] = -1
    triggered = jester_triggered(state)
    count = 0
    for k in range(n):
        seat = (start + k) % n
        card = state[L.REVEALED + seat]
        value = effective_value(card, triggered)
        if value == 0:
            state[L.VOID + seat] = 1  # the Jester stays in its owner's hand
            continue
        state[L.HAND + seat] &= ~(1 << card)
        # Insertion in seat order from the Start Player: equal values keep that order.
        j = count
        while j > 0 and effective_value(state[L.REVEALED + state[L.ORDER + j - 1]],
                                        triggered) < value:
            state[L.ORDER + j] = state[L.ORDER + j - 1]
            j -= 1
        state[L.ORDER + j] = seat
        count += 1
    state[L.ORDER_LEN] = count
    state[L.TURN] = 0
    next_picker(state)


@njit(cache=True)
def any_building_up(state):
    """Whether a face-up tile can be built (Events cannot, A15)."""
    for t in range(NUM_TYPES):
        tile = state[L.SLOT + t]
        if tile >= 0 and TILE_KIND[tile] == BUILDING:
            return True
    return False


@njit(cache=True)
def next_picker(state):
    """Ask the next seat in pick order; with no Building left, the rest take their Contracts
    back (D18). After the picks, the Generous Dragon (D21) or Phase 2."""
    while state[L.TURN] < state[L.ORDER_LEN]:
        seat = state[L.ORDER + state[L.TURN]]
        if any_building_up(state):
            state[L.STEP] = L.PICK_TILE
            state[L.ACTOR] = seat
            return
        state[L.HAND + seat] |= 1 << state[L.REVEALED + seat]
        state[L.TURN] += 1
    generous = False
    for t in range(NUM_TYPES):
        tile = state[L.SLOT + t]
        if tile >= 0 and TILE_KIND[tile] == GENEROUS_DRAGON:
            generous = True
    if generous:
        for seat in range(state[L.NUM_PLAYERS]):
            gain(state, seat, GOLD, state[L.BUILT_GOLD + seat])
        state[L.STEP] = L.AUTO_PHASE3
    else:
        state[L.STEP] = L.AUTO_PHASE2


@njit(cache=True)
def pick(state, seat, t):
    """Build the face-up Building of type t: its Gold, the Building, the tucked Contract (D15,
    D17: a Jester is tucked at 17)."""
    tile = state[L.SLOT + t]
    state[L.SLOT + t] = -1
    gold = TILE_GOLD[tile]
    gain(state, seat, GOLD, gold)
    state[L.BUILT_GOLD + seat] = gold
    state[L.BLD + seat * NUM_TYPES + t] += 1
    update_points(state)
    card = state[L.REVEALED + seat]
    state[L.TUCK + seat * NUM_TYPES + t] += effective_value(card, jester_triggered(state))
    state[L.TURN] += 1
    next_picker(state)
