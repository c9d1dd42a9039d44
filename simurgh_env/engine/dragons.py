"""Dragon tiles: ownership, ability markers (S51-S55) and the dragon stack (S28).

A dragon's three marker slots are SLOT_EMPTY, SLOT_MARKER or SLOT_CLOSED: a one-shot slot that
was empty when its dragon was received, or whose marker was removed, never takes a marker
again (S55).
"""

from numba import njit

from simurgh_env.engine import layout as L
from simurgh_env.engine.offers import sort_entries
from simurgh_env.engine.tables import ABILITY_KIND, ABILITY_ONE_SHOT, N_DRAGONS


@njit(cache=True)
def dragon_type(dragon):
    """Dragon type (0-11) of dragon tile index 0-23 (#49-72)."""
    return dragon // 2


@njit(cache=True)
def owns(state, seat, dragon):
    """Whether `seat` has this dragon in its play area."""
    return state[L.DLOC + dragon] == L.D_OWNED and state[L.DIDX + dragon] == seat


@njit(cache=True)
def has_marker(state, seat, dragon, slot):
    """Whether `seat` owns the dragon and the slot holds a marker."""
    return owns(state, seat, dragon) and state[L.DSLOT + dragon * 3 + slot] == L.SLOT_MARKER


@njit(cache=True)
def markers_of(state, seat):
    """Ability markers on all of a seat's dragons."""
    n = 0
    for dragon in range(N_DRAGONS):
        if owns(state, seat, dragon):
            for slot in range(3):
                if state[L.DSLOT + dragon * 3 + slot] == L.SLOT_MARKER:
                    n += 1
    return n


@njit(cache=True)
def marker_slot(state, dragon):
    """Leftmost empty slot of a dragon, where a new marker goes (S52); -1 if none."""
    for slot in range(3):
        if state[L.DSLOT + dragon * 3 + slot] == L.SLOT_EMPTY:
            return slot
    return -1


@njit(cache=True)
def marker_targets(state, seat):
    """How many of the seat's dragons can take a marker, and the last of them."""
    count = 0
    last = -1
    for dragon in range(N_DRAGONS):
        if owns(state, seat, dragon) and marker_slot(state, dragon) >= 0:
            count += 1
            last = dragon
    return count, last


@njit(cache=True)
def place_marker(state, dragon):
    """Put a marker on the leftmost empty slot of a dragon."""
    state[L.DSLOT + dragon * 3 + marker_slot(state, dragon)] = L.SLOT_MARKER


@njit(cache=True)
def remove_marker(state, dragon, slot):
    """Take a marker off a slot; a one-shot slot closes for good (S55)."""
    if ABILITY_ONE_SHOT[dragon_type(dragon), slot]:
        state[L.DSLOT + dragon * 3 + slot] = L.SLOT_CLOSED
    else:
        state[L.DSLOT + dragon * 3 + slot] = L.SLOT_EMPTY


@njit(cache=True)
def receive_dragon(state, seat, dragon, markers):
    """A dragon enters a seat's play area face up with `markers` markers, left first (S53)."""
    state[L.DLOC + dragon] = L.D_OWNED
    state[L.DIDX + dragon] = seat
    state[L.DKNOWN + dragon] = L.ALL_SEATS
    kind = dragon_type(dragon)
    for slot in range(3):
        if slot < markers:
            state[L.DSLOT + dragon * 3 + slot] = L.SLOT_MARKER
        elif ABILITY_ONE_SHOT[kind, slot]:
            state[L.DSLOT + dragon * 3 + slot] = L.SLOT_CLOSED
        else:
            state[L.DSLOT + dragon * 3 + slot] = L.SLOT_EMPTY


@njit(cache=True)
def first_ability(state, seat, kind):
    """(dragon, slot) of the seat's first marked ability of `kind`, or (-1, -1)."""
    for dragon in range(N_DRAGONS):
        if owns(state, seat, dragon):
            for slot in range(3):
                if (state[L.DSLOT + dragon * 3 + slot] == L.SLOT_MARKER
                        and ABILITY_KIND[dragon_type(dragon), slot] == kind):
                    return dragon, slot
    return -1, -1


@njit(cache=True)
def dstack_push(state, dragon, on_top, known):
    """Return a dragon tile on top of or under the dragon stack, known to `known`."""
    n = state[L.DSTACK_N]
    if on_top:
        at = n
    else:
        for i in range(n, 0, -1):
            moved = state[L.DSTACK + i - 1]
            state[L.DSTACK + i] = moved
            state[L.DIDX + moved] = i
        at = 0
    state[L.DSTACK + at] = dragon
    state[L.DSTACK_N] = n + 1
    state[L.DLOC + dragon] = L.D_STACK
    state[L.DIDX + dragon] = at
    state[L.DKNOWN + dragon] = known


@njit(cache=True)
def draw_dragons(state, seat, count):
    """Draw up to `count` dragons from the top into the draw buffer, seen by `seat` only."""
    n = min(count, state[L.DSTACK_N])
    for k in range(n):
        top = state[L.DSTACK_N] - 1
        dragon = state[L.DSTACK + top]
        state[L.DSTACK_N] = top
        state[L.DDRAW + k] = dragon
        state[L.DLOC + dragon] = L.D_DRAWN
        state[L.DIDX + dragon] = -1
        state[L.DKNOWN + dragon] = 1 << seat
    state[L.DDRAW_N] = n
    sort_entries(state, L.DDRAW, n)
    return n


@njit(cache=True)
def take_drawn(state, buffer, count_at, k):
    """Remove entry k of a draw buffer (closing the gap); return the tile."""
    n = state[count_at]
    tile = state[buffer + k]
    for i in range(k, n - 1):
        state[buffer + i] = state[buffer + i + 1]
    state[count_at] = n - 1
    return tile
