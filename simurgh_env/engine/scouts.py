"""The Scouts' Quarters: four face-up slots over the face-down action stack (S47, S61, C10)."""

from numba import njit

from simurgh_env.engine import layout as L
from simurgh_env.engine.tables import N_SLOTS
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
def take_from_slot(state, seat, k):
    """A seat takes the face-up tile of slot k (known to all); higher slots slide down and slot 4
    is refilled."""
    tile = state[L.SLOTS + k]
    for j in range(k, N_SLOTS - 1):
        moved = state[L.SLOTS + j + 1]
        state[L.SLOTS + j] = moved
        if moved >= 0:
            state[L.TIDX + moved] = j
    state[L.SLOTS + N_SLOTS - 1] = -1
    refill_slots(state)
    to_hand(state, tile, seat, L.ALL_SEATS)


@njit(cache=True)
def take_face_down(state, seat):
    """A seat takes the top tile of the face-down stack, seen by it alone."""
    tile = stack_pop_top(state)
    to_hand(state, tile, seat, 1 << seat)


@njit(cache=True)
def face_up_count(state):
    """Tiles lying face up in the slots."""
    n = 0
    for k in range(N_SLOTS):
        if state[L.SLOTS + k] >= 0:
            n += 1
    return n
