"""Items offered to a seat to choose from, kept in a canonical order.

Action `A_PICK + k` (and `A_RETURN_* + k`) takes entry k of a buffer: the power draft's options,
a seat's Dragonlord setup dragons, the dragons drawn to keep one, the objectives drawn at the
Monument. Each buffer is sorted by id whenever something enters it, so that the observation,
which marks the offered items as a set, tells the seat what every action id takes, and the
order carries nothing of the hidden stacks it came from. Taking an entry closes the gap, which
keeps the order.
"""

from numba import njit

from simurgh_env.engine import layout as L
from simurgh_env.engine.tables import DRAGONS_DRAWN_AT_SETUP


@njit(cache=True)
def sort_entries(state, at, n):
    """Sort state[at:at+n] in place (insertion sort: at most four entries)."""
    for i in range(1, n):
        item = state[at + i]
        j = i - 1
        while j >= 0 and state[at + j] > item:
            state[at + j + 1] = state[at + j]
            j -= 1
        state[at + j + 1] = item


@njit(cache=True)
def entries_sorted(state, at, n):
    """Whether state[at:at+n] is in increasing order."""
    for i in range(1, n):
        if state[at + i - 1] > state[at + i]:
            return False
    return True


@njit(cache=True)
def sort_setup_drawn(state, seat):
    """Sort a seat's setup dragons, keeping its pick (an index into them) on the same dragon."""
    at = L.SETUP_DRAWN + seat * DRAGONS_DRAWN_AT_SETUP
    pick = state[L.SETUP_PICK + seat]
    kept = state[at + pick] if pick >= 0 else -1
    sort_entries(state, at, DRAGONS_DRAWN_AT_SETUP)
    if pick >= 0:
        for i in range(DRAGONS_DRAWN_AT_SETUP):
            if state[at + i] == kept:
                state[L.SETUP_PICK + seat] = i


@njit(cache=True)
def sort_offers(state):
    """Put every offer buffer in canonical order (after resampling hidden identities)."""
    sort_entries(state, L.OPTIONS, state[L.OPTIONS_N])
    sort_entries(state, L.DDRAW, state[L.DDRAW_N])
    sort_entries(state, L.ODRAW, state[L.ODRAW_N])
    if state[L.PHASE] == L.DRAGON_PICK:
        for seat in range(state[L.NUM_PLAYERS]):
            sort_setup_drawn(state, seat)


@njit(cache=True)
def offers_sorted(state):
    """Whether every offer buffer is in canonical order (a validator check)."""
    if not (entries_sorted(state, L.OPTIONS, state[L.OPTIONS_N])
            and entries_sorted(state, L.DDRAW, state[L.DDRAW_N])
            and entries_sorted(state, L.ODRAW, state[L.ODRAW_N])):
        return False
    if state[L.PHASE] == L.DRAGON_PICK:
        for seat in range(state[L.NUM_PLAYERS]):
            at = L.SETUP_DRAWN + seat * DRAGONS_DRAWN_AT_SETUP
            if not entries_sorted(state, at, DRAGONS_DRAWN_AT_SETUP):
                return False
    return True
