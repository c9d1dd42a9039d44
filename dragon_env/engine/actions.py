"""Decisions: the legal-action mask and applying an action (M2, M3; ids in layout.py)."""

from numba import njit

from dragon_env.engine import layout as L
from dragon_env.engine.amounts import digit_mask
from dragon_env.engine.buildings import (
    activate,
    bid_digit,
    buildings_of,
    can_activate,
    chest_digit,
    choose_building,
    choose_target,
    is_chest_target,
    pass_turn,
    respond,
    take,
    tiebreak,
)
from dragon_env.engine.contracts import commit_contract, pick
from dragon_env.engine.flow import advance
from dragon_env.engine.ledger import holding
from dragon_env.engine.refresh import commit_invasion, may_give_knights
from dragon_env.engine.tables import BUILDING, NUM_CONTRACTS, NUM_TYPES, TILE_KIND
from tabletop_core.signatures import CURRENT_PLAYER, DECISION_GROUP, LEGAL_MASK, PLAY


@njit(CURRENT_PLAYER, cache=True)
def current_player(state):
    """Seat to act, or -1 once the game is over."""
    return state[L.ACTOR]


@njit(DECISION_GROUP, cache=True)
def decision_group(state, seats):
    """The seats deciding together now, written to seats; returns their count (0: over).

    The simultaneous decisions (M7) are the Contract choice (D12), the sealed bid amounts
    (D34, every digit of each seat's entry) and the Invasion choices (D42, A22). The engine asks
    them in a fixed ring order, Contracts and Invasions from the Start Player, bids from the
    activator, one seat's whole entry after another: the group is the actor and the seats
    after it in that order. Every other decision is the actor's alone.
    """
    actor = state[L.ACTOR]
    if actor < 0:
        return 0
    step = state[L.STEP]
    n = state[L.NUM_PLAYERS]
    if step == L.CHOOSE_CONTRACT or step == L.INVASION:
        first = state[L.START]
    elif step == L.BID_AMOUNT:
        first = state[L.ACT_SEAT]
    else:
        seats[0] = actor
        return 1
    count = 0
    for k in range(state[L.TURN], n):
        seats[count] = (first + k) % n
        count += 1
    return count


@njit(cache=True)
def _owned_types(state, seat, mask, first):
    for t in range(NUM_TYPES):
        if buildings_of(state, seat, t) > 0:
            mask[first + t] = 1


@njit(LEGAL_MASK, cache=True)
def legal_mask(state, mask):
    """mask[a] = 1 for each legal action of the seat to act, 0 elsewhere."""
    mask[:] = 0
    step = state[L.STEP]
    seat = state[L.ACTOR]
    n = state[L.NUM_PLAYERS]
    if step == L.CHOOSE_CONTRACT:
        hand = state[L.HAND + seat]
        for c in range(NUM_CONTRACTS):
            if (hand >> c) & 1:
                mask[L.A_CONTRACT + c] = 1
    elif step == L.PICK_TILE:
        for t in range(NUM_TYPES):
            tile = state[L.SLOT + t]
            if tile >= 0 and TILE_KIND[tile] == BUILDING:
                mask[L.A_PICK + t] = 1
    elif step == L.ACTIVATE:
        mask[L.A_PASS] = 1
        for t in range(NUM_TYPES):
            if can_activate(state, seat, t):
                mask[L.A_ACTIVATE + t] = 1
    elif step == L.CHEST_TARGET:
        for k in range(1, n):
            if is_chest_target(state, (seat + k) % n):
                mask[L.A_CHEST_TARGET + k - 1] = 1
    elif step == L.CHEST_BUILDING:
        _owned_types(state, state[L.CHEST_TARGET_SEAT], mask, L.A_CHEST_BUILDING)
    elif step == L.CHEST_AMOUNT or step == L.BID_AMOUNT:
        digit_mask(state, mask)
    elif step == L.CHEST_RESPONSE:
        mask[L.A_ACCEPT] = 1
        if holding(state, seat, state[L.CHEST_CURRENCY]) >= state[L.CHEST_X]:
            mask[L.A_MATCH] = 1  # C9
    elif step == L.CHEST_TAKE:
        _owned_types(state, state[L.ACT_SEAT], mask, L.A_TAKE)
    elif step == L.AUCTION_TIEBREAK:
        high = state[L.BID_HIGH]
        for k in range(n):
            if state[L.BID + (seat + k) % n] == high:
                mask[L.A_TIEBREAK + k] = 1
    elif step == L.INVASION:
        if may_give_knights(state, seat):
            mask[L.A_INVADE_KNIGHTS] = 1
        _owned_types(state, seat, mask, L.A_INVADE_BUILDING)


@njit(PLAY, cache=True)
def play(state, action):
    """Apply a legal action of the seat to act and run the game to the next decision."""
    step = state[L.STEP]
    seat = state[L.ACTOR]
    if step == L.CHOOSE_CONTRACT:
        commit_contract(state, seat, action - L.A_CONTRACT)
    elif step == L.PICK_TILE:
        pick(state, seat, action - L.A_PICK)
    elif step == L.ACTIVATE:
        if action == L.A_PASS:
            pass_turn(state, seat)
        else:
            activate(state, seat, action - L.A_ACTIVATE)
    elif step == L.CHEST_TARGET:
        choose_target(state, action - L.A_CHEST_TARGET + 1)
    elif step == L.CHEST_BUILDING:
        choose_building(state, action - L.A_CHEST_BUILDING)
    elif step == L.CHEST_AMOUNT:
        chest_digit(state, action - L.A_DIGIT)
    elif step == L.CHEST_RESPONSE:
        respond(state, action == L.A_MATCH)
    elif step == L.CHEST_TAKE:
        take(state, action - L.A_TAKE)
    elif step == L.BID_AMOUNT:
        bid_digit(state, action - L.A_DIGIT)
    elif step == L.AUCTION_TIEBREAK:
        tiebreak(state, action - L.A_TIEBREAK)
    elif step == L.INVASION:
        if action == L.A_INVADE_KNIGHTS:
            commit_invasion(state, seat, L.INVADE_KNIGHTS)
        else:
            commit_invasion(state, seat, action - L.A_INVADE_BUILDING)
    else:
        return
    advance(state)
