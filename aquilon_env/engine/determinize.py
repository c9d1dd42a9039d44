"""Determinization: a full state consistent with one Lord's information (for ISMCTS).

The result is a function of the viewer's information and the seed only: hidden parts are put
in a canonical order before they are shuffled, so two states the viewer cannot tell apart
determinize to the same state.
"""

from numba import njit

from aquilon_env.engine import layout as L
from tabletop_core.rng import reshuffle_slice, rng_below, rng_seed
from tabletop_core.signatures import DETERMINIZE


@njit(cache=True)
def _shuffle_hidden_positions(state, seat):
    """Deal a Lord's unseen talions at random among its positions nobody else has seen."""
    base = seat * L.TALIONS
    hidden = [0][:0]
    for pos in range(L.TALIONS):
        if state[L.TAL_KNOWN + base + pos] == 0:
            hidden.append(pos)
    # Canonical order first: by (value, kind).
    for i in range(1, len(hidden)):
        j = i
        while j > 0:
            a = base + hidden[j - 1]
            b = base + hidden[j]
            if state[L.TAL_VAL + a] * 4 + state[L.TAL_KIND + a] <= (
                state[L.TAL_VAL + b] * 4 + state[L.TAL_KIND + b]
            ):
                break
            for off in (L.TAL_VAL, L.TAL_KIND):
                tmp = state[off + a]
                state[off + a] = state[off + b]
                state[off + b] = tmp
            j -= 1
    for i in range(len(hidden) - 1, 0, -1):
        j = rng_below(state, L.RNG, i + 1)
        a = base + hidden[i]
        b = base + hidden[j]
        for off in (L.TAL_VAL, L.TAL_KIND):
            tmp = state[off + a]
            state[off + a] = state[off + b]
            state[off + b] = tmp


@njit(DETERMINIZE, cache=True)
def determinize(state, viewer, seed):
    """Resample in place what `viewer` cannot see: the order of both decks (Svara's cards stay
    on top for the Lord looking at them), the other Lords' talion positions not yet revealed
    (a Lord still to bid keeps its sorted hand), and the generator of future chance."""
    rng_seed(state, L.RNG, seed)
    pos1 = state[L.DECK1_POS]
    reshuffle_slice(state, L.RNG, L.DECK1 + pos1, state[L.DECK1_LEN] - pos1)
    pos2 = state[L.DECK2_POS]
    if state[L.PHASE] == L.SVARA and state[L.ACTOR] == viewer:
        pos2 += state[L.SVARA_COUNT]
    reshuffle_slice(state, L.RNG, L.DECK2 + pos2, state[L.DECK2_LEN] - pos2)
    for seat in range(state[L.NUM_PLAYERS]):
        if seat == viewer:
            continue
        if state[L.PHASE] == L.BID and state[L.BID_DONE + seat] == 0:
            continue
        _shuffle_hidden_positions(state, seat)
