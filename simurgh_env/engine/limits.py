"""End of turn: the hand limit, then the resource limit (S24, C12)."""

from numba import njit

from simurgh_env.engine import layout as L
from simurgh_env.engine.scouts import settle_slots
from simurgh_env.engine.tables import HAND_LIMIT, N_RES, POWER, RESOURCE_LIMIT, TILE_FAMILY
from simurgh_env.engine.tiles import leave_hand, stack_push_bottom, stack_push_top
from simurgh_env.engine.turn import next_turn


@njit(cache=True)
def resources_of(state, seat):
    """Resource tokens a seat holds."""
    n = 0
    for r in range(N_RES):
        n += state[L.RES + seat * N_RES + r]
    return n


@njit(cache=True)
def close_turn(state):
    """Ask for the discards the limits require, then pass the turn on. A single kind of resource
    held over the limit is returned without asking."""
    seat = state[L.ACTOR]
    if state[L.HAND_N + seat] > HAND_LIMIT:
        state[L.PHASE] = L.DISCARD
        return
    excess = resources_of(state, seat) - RESOURCE_LIMIT[state[L.MODE]]
    if excess > 0:
        kinds = 0
        last = -1
        for r in range(N_RES):
            if state[L.RES + seat * N_RES + r] > 0:
                kinds += 1
                last = r
        if kinds > 1:
            state[L.PHASE] = L.RES_LIMIT
            return
        state[L.RES + seat * N_RES + last] -= excess
    settle_slots(state)  # after the turn (example 3, lines 686-689)
    next_turn(state)


@njit(cache=True)
def discard_legal(state, seat, tile):
    """A tile the seat may discard: in its hand and not a power tile (S24)."""
    return (state[L.TLOC + tile] == L.LOC_HAND and state[L.TIDX + tile] == seat
            and TILE_FAMILY[tile] != POWER)


@njit(cache=True)
def discard(state, tile, on_top):
    """Put a hand tile on top of or under the action stack; who knew it still knows it (C26).
    Empty slots are filled after the turn (close_turn)."""
    leave_hand(state, tile)
    known = state[L.TKNOWN + tile]
    if on_top:
        stack_push_top(state, tile, known)
    else:
        stack_push_bottom(state, tile, known)
    close_turn(state)


@njit(cache=True)
def return_resource(state, kind):
    """Give one resource of `kind` back to the supply at the resource limit."""
    state[L.RES + state[L.ACTOR] * N_RES + kind] -= 1
    close_turn(state)
