"""Decisions: the legal-action mask and applying an action (ranges in layout.py)."""

from numba import njit

from aquilon_env.data import DERDHR_UPGRADE, NUM_ORDERS, NUM_RECRUITABLE
from aquilon_env.engine import layout as L
from aquilon_env.engine.army import can_recruit, remove_token
from aquilon_env.engine.resolution import (
    begin_tavern,
    finish_or_remove_tokens,
    place_waiting_cognar,
    recruit,
    resolve,
    svara_take,
    take_tavern_card,
)
from aquilon_env.engine.talions import apply_bid, is_exchange_talion, upgrade_talion
from tabletop_core.signatures import CURRENT_PLAYER, DECISION_GROUP, LEGAL_MASK, PLAY


@njit(CURRENT_PLAYER, cache=True)
def current_player(state):
    """Seat to act, or -1 once the game is over."""
    return state[L.ACTOR]


@njit(DECISION_GROUP, cache=True)
def decision_group(state, seats):
    """The seats deciding together now, written to seats; returns their count (0: over).

    Only the bids are simultaneous (A9, rulebook p. 6 "each Lord plays simultaneously"): the
    engine asks them in seat order, so the group is the bidder and every later seat. Every
    other decision is the actor's alone.
    """
    actor = state[L.ACTOR]
    if actor < 0:
        return 0
    if state[L.PHASE] != L.BID:
        seats[0] = actor
        return 1
    count = 0
    for seat in range(actor, state[L.NUM_PLAYERS]):
        seats[count] = seat
        count += 1
    return count


@njit(LEGAL_MASK, cache=True)
def legal_mask(state, mask):
    """mask[a] = 1 for each legal action of the seat to act, 0 elsewhere."""
    mask[:] = 0
    phase = state[L.PHASE]
    seat = state[L.ACTOR]
    if phase == L.BID:
        mask[L.A_BID:L.A_BID + L.NUM_BIDS] = 1
    elif phase == L.PICK or phase == L.DISCARD:
        first = L.A_PICK if phase == L.PICK else L.A_DISCARD
        base = L.TAVERN_CARDS + state[L.TAVERN] * L.MAX_TAVERN_CARDS
        for s in range(L.MAX_TAVERN_CARDS):
            if state[base + s] >= 0:
                mask[first + s] = 1
    elif phase == L.RECRUIT:
        for c in range(NUM_RECRUITABLE):
            if can_recruit(state, seat, c):
                mask[L.A_RECRUIT + c] = 1
    elif phase == L.PLACE:
        mask[L.A_PLACE:L.A_PLACE + NUM_ORDERS] = 1
    elif phase == L.DERDHR:
        for pos in range(L.TALIONS):
            if not is_exchange_talion(state, seat, pos):  # "except the 0" (p. 14, Q17)
                mask[L.A_DERDHR + pos] = 1
    elif phase == L.SVARA:
        mask[L.A_SVARA:L.A_SVARA + state[L.SVARA_COUNT]] = 1
    elif phase == L.PURSE_UPGRADE:
        mask[L.A_PURSE:L.A_PURSE + 2] = 1
    elif phase == L.TOKENS:
        base = seat * L.MAX_WANDERERS
        for k in range(state[L.WAND_COUNT + seat]):
            if state[L.WAND_COVERED + base + k] == 1:
                mask[L.A_TOKEN + k] = 1


@njit(PLAY, cache=True)
def play(state, action):
    """Apply a legal action of the seat to act and run the game to the next decision."""
    phase = state[L.PHASE]
    seat = state[L.ACTOR]
    if phase == L.BID:
        apply_bid(state, seat, action - L.A_BID)
        state[L.BID_DONE + seat] = 1
        state[L.BID_SEAT] += 1
        if state[L.BID_SEAT] < state[L.NUM_PLAYERS]:
            state[L.ACTOR] = state[L.BID_SEAT]
            return
        begin_tavern(state, 0)
        resolve(state)
        return
    elif phase == L.PICK:
        take_tavern_card(state, action - L.A_PICK)
    elif phase == L.DISCARD:
        state[L.TAVERN_CARDS + state[L.TAVERN] * L.MAX_TAVERN_CARDS + action - L.A_DISCARD] = -1
        state[L.DISCARD_PENDING] = 0
    elif phase == L.RECRUIT:
        recruit(state, action - L.A_RECRUIT)
    elif phase == L.PLACE:
        place_waiting_cognar(state, action - L.A_PLACE)
    elif phase == L.DERDHR:
        state[L.NEED_DERDHR] = 0
        upgrade_talion(state, seat, action - L.A_DERDHR, DERDHR_UPGRADE)
    elif phase == L.SVARA:
        svara_take(state, action - L.A_SVARA)
    elif phase == L.PURSE_UPGRADE:
        state[L.NEED_PURSE_UPGRADE] = 0
        upgrade_talion(state, seat, L.PURSE + action - L.A_PURSE, 1)
    elif phase == L.TOKENS:
        remove_token(state, seat, action - L.A_TOKEN)
        state[L.TOKENS_LEFT + seat] -= 1
        if state[L.TOKENS_LEFT + seat] > 0 and state[L.WAND_COVERED_COUNT + seat] > 0:
            return
        finish_or_remove_tokens(state, seat + 1)
        return
    else:
        return
    resolve(state)
