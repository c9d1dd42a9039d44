"""The Scouts' Quarters: four face-up slots over the face-down action stack (S47, S61, C10).

A tile taken face up leaves its slot empty for the rest of the turn; after the turn the tiles
above it slide down and the top slot is refilled (rulebook example 3, lines 686-689).
"""

from numba import njit

from simurgh_env.engine import layout as L
from simurgh_env.engine.effects import cost_at, usable
from simurgh_env.engine.tables import EFFECTS, N_RES, N_SLOTS, ROW_SLOT, WEAPON
from simurgh_env.engine.tiles import place_public, stack_pop_top, to_hand


@njit(cache=True)
def refill_slots(state):
    """Fill empty slots, lowest first, face up from the stack (an empty stack leaves them empty)."""
    for k in range(N_SLOTS):
        if state[L.SLOTS + k] < 0:
            tile = stack_pop_top(state)
            if tile < 0:
                return
            state[L.SLOTS + k] = tile
            place_public(state, tile, L.LOC_SLOT, k)


@njit(cache=True)
def settle_slots(state):
    """After a turn: the face-up tiles slide down over the empty slots, keeping their order, and
    the slots left empty at the top are refilled from the stack (example 3)."""
    j = 0
    for k in range(N_SLOTS):
        tile = state[L.SLOTS + k]
        if tile >= 0:
            state[L.SLOTS + k] = -1
            state[L.SLOTS + j] = tile
            state[L.TIDX + tile] = j
            j += 1
    refill_slots(state)


@njit(cache=True)
def take_from_slot(state, seat, k):
    """A seat takes the face-up tile of slot k (known to all); the slot stays empty until the
    end of the turn (settle_slots)."""
    tile = state[L.SLOTS + k]
    state[L.SLOTS + k] = -1
    to_hand(state, tile, seat, L.ALL_SEATS)


@njit(cache=True)
def scout_choices(state, seat):
    """How many tiles the seat could take at the Scouts' Quarters now: face-up slots whose cost
    it can pay, and the face-down draw for its weapon (S47)."""
    n = 0
    for k in range(N_SLOTS):
        if state[L.SLOTS + k] >= 0 and usable(state, seat, ROW_SLOT + k, -1, -1, 0):
            n += 1
    face_down_cost = EFFECTS[ROW_SLOT + N_SLOTS, cost_at(0) + WEAPON]
    if state[L.STACK_N] > 0 and state[L.RES + seat * N_RES + WEAPON] >= face_down_cost:
        n += 1
    return n


@njit(cache=True)
def choice_left_without(state, seat, k):
    """Whether the Scouts' Quarters choice the seat is making keeps an option once a Scouts
    ability takes face-up slot k (k = N_SLOTS: the top face-down tile) (C28)."""
    if k == N_SLOTS:
        state[L.STACK_N] -= 1
        ok = scout_choices(state, seat) > 0
        state[L.STACK_N] += 1
        return ok
    tile = state[L.SLOTS + k]
    state[L.SLOTS + k] = -1
    ok = scout_choices(state, seat) > 0
    state[L.SLOTS + k] = tile
    return ok


@njit(cache=True)
def take_face_down(state, seat):
    """A seat takes the top tile of the face-down stack. The drawer now knows it, and every seat
    that knew the top tile saw it go into that hand and keeps knowing it (perfect recall, C26)."""
    tile = stack_pop_top(state)
    to_hand(state, tile, seat, state[L.TKNOWN + tile] | (1 << seat))


@njit(cache=True)
def face_up_count(state):
    """Tiles lying face up in the slots."""
    n = 0
    for k in range(N_SLOTS):
        if state[L.SLOTS + k] >= 0:
            n += 1
    return n
