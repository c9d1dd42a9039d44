"""Determinization: resample what a viewer cannot see, consistently with what it has seen.

Hidden from a seat are the bids the other seats have sealed this turn, the order of the prizes
still to come (reshuffled in random points order; the generator is reseeded), and with
imp_info every other seat's past bids: those are redrawn turn by turn so that each turn has
the winner (or the discarded prize) that was seen, given the viewer's own bids. A history
redrawn turn by turn is consistent but not uniform over the consistent histories; if no
consistent one is found in a bounded number of tries, the true one is kept.
"""

import numpy as np
from numba import njit

from goofspiel_env.engine import layout as L
from goofspiel_env.engine.actions import winner_of
from tabletop_core.rng import reshuffle_slice, rng_below, rng_seed
from tabletop_core.signatures import DETERMINIZE

_TRIES_PER_TURN = 64
_RESTARTS = 32


@njit(cache=True)
def _draw(state, free, seat, count):
    """A uniformly drawn card of the `count` cards free[seat] marks."""
    k = rng_below(state, L.RNG, count)
    for c in range(free.shape[1]):
        if free[seat, c]:
            if k == 0:
                return c
            k -= 1
    return -1


@njit(cache=True)
def _redraw_history(state, viewer, bids):
    """Fill bids[t, s] for t < TURN with a history of the other seats consistent with the
    winners seen; False if the tries run out."""
    n = state[L.NUM_PLAYERS]
    cards = state[L.NUM_CARDS]
    free = np.zeros((n, cards), np.int32)
    left = np.zeros(n, np.int64)
    for _ in range(_RESTARTS):
        free[:, :] = 1
        left[:] = cards
        ok = True
        for t in range(state[L.TURN]):
            for s in range(n):
                bids[t, s] = state[L.BIDS + t * L.P + s]
            found = False
            for _ in range(_TRIES_PER_TURN):
                for s in range(n):
                    if s != viewer:
                        bids[t, s] = _draw(state, free, s, left[s])
                if winner_of(bids[t], n) == state[L.WINNERS + t]:
                    found = True
                    break
            if not found:
                ok = False
                break
            for s in range(n):
                free[s, bids[t, s]] = 0
                left[s] -= 1
        if ok:
            return True
    return False


@njit(DETERMINIZE, cache=True)
def determinize(state, viewer, seed):
    """Resample in place everything seat `viewer` cannot see (see the module docstring)."""
    rng_seed(state, L.RNG, seed)
    if viewer < 0:
        return
    n = state[L.NUM_PLAYERS]
    turn = state[L.TURN]
    if state[L.POINTS_ORDER] == L.RANDOM and state[L.ACTOR] >= 0:
        reshuffle_slice(state, L.RNG, L.PRIZES + turn + 1, state[L.NUM_CARDS] - turn - 1)
    if state[L.IMP_INFO] and turn > 0:
        bids = np.zeros((turn, n), np.int32)
        if _redraw_history(state, viewer, bids):
            for s in range(n):
                if s == viewer:
                    continue
                for c in range(state[L.NUM_CARDS]):
                    state[L.HANDS + s * L.C + c] = 1
                for t in range(turn):
                    state[L.BIDS + t * L.P + s] = bids[t, s]
                    state[L.HANDS + s * L.C + bids[t, s]] = 0
    for s in range(n):
        if s != viewer and state[L.PENDING + s] >= 0:
            count = 0
            for c in range(state[L.NUM_CARDS]):
                count += state[L.HANDS + s * L.C + c]
            k = rng_below(state, L.RNG, count)
            for c in range(state[L.NUM_CARDS]):
                if state[L.HANDS + s * L.C + c]:
                    if k == 0:
                        state[L.PENDING + s] = c
                        break
                    k -= 1
