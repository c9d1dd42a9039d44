"""Action tiles on the move: hands, the face-down action stack and what each seat knows of them.

Knowledge (TKNOWN) is a bit mask of the seats that know where a tile is. A face-down tile is
known to the seat that holds it or put it back; a face-up tile to everybody (C26). The family
of a tile shows on its back (C25): every hand's families are public, and so is the family of
every stack tile that has been on top or was seen going onto the stack (TFAM_SEEN).
"""

from numba import njit

from simurgh_env.engine import layout as L
from simurgh_env.engine.tables import N_FAMILIES, TILE_FAMILY


@njit(cache=True)
def to_hand(state, tile, seat, known):
    """Put a tile into a seat's hand, known to the seats in `known`."""
    state[L.TLOC + tile] = L.LOC_HAND
    state[L.TIDX + tile] = seat
    state[L.TKNOWN + tile] = known
    state[L.TFAM_SEEN + tile] = 0
    state[L.HAND_N + seat] += 1
    state[L.HAND_FAM + seat * N_FAMILIES + TILE_FAMILY[tile]] += 1


@njit(cache=True)
def leave_hand(state, tile):
    """Take a tile out of its holder's hand (the caller puts it somewhere)."""
    seat = state[L.TIDX + tile]
    state[L.HAND_N + seat] -= 1
    state[L.HAND_FAM + seat * N_FAMILIES + TILE_FAMILY[tile]] -= 1


@njit(cache=True)
def place_public(state, tile, loc, index):
    """Lay a tile face up somewhere (a slot, the Wilds, the Chronicle, the draft row)."""
    state[L.TLOC + tile] = loc
    state[L.TIDX + tile] = index
    state[L.TKNOWN + tile] = L.ALL_SEATS
    state[L.TFAM_SEEN + tile] = 0


@njit(cache=True)
def stack_push_top(state, tile, known):
    """Put a tile on top of the action stack; its back is seen going there."""
    n = state[L.STACK_N]
    state[L.STACK + n] = tile
    state[L.STACK_N] = n + 1
    state[L.TLOC + tile] = L.LOC_STACK
    state[L.TIDX + tile] = n
    state[L.TKNOWN + tile] = known
    state[L.TFAM_SEEN + tile] = 1


@njit(cache=True)
def stack_push_bottom(state, tile, known):
    """Put a tile under the action stack."""
    n = state[L.STACK_N]
    for i in range(n, 0, -1):
        moved = state[L.STACK + i - 1]
        state[L.STACK + i] = moved
        state[L.TIDX + moved] = i
    state[L.STACK] = tile
    state[L.STACK_N] = n + 1
    state[L.TLOC + tile] = L.LOC_STACK
    state[L.TIDX + tile] = 0
    state[L.TKNOWN + tile] = known
    state[L.TFAM_SEEN + tile] = 1
    show_top(state)


@njit(cache=True)
def stack_pop_top(state):
    """Take the top tile of the action stack (the caller places it); -1 if the stack is empty."""
    n = state[L.STACK_N]
    if n == 0:
        return -1
    tile = state[L.STACK + n - 1]
    state[L.STACK_N] = n - 1
    show_top(state)
    return tile


@njit(cache=True)
def show_top(state):
    """The back of the top tile of the stack is in view (C25)."""
    n = state[L.STACK_N]
    if n > 0:
        state[L.TFAM_SEEN + state[L.STACK + n - 1]] = 1
