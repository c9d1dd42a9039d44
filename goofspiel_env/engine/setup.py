"""Dealing a game and the order of its prize cards."""

from numba import njit

from goofspiel_env.engine import layout as L
from tabletop_core.rng import rng_seed, shuffle_slice
from tabletop_core.signatures import INIT


@njit(cache=True)
def deal_prizes(state):
    """Lay out the prize order of the whole game in PRIZES: down or up, or in random order a
    shuffle (each prize then comes up uniformly among those left, as OpenSpiel's chance
    nodes deal them)."""
    n = state[L.NUM_CARDS]
    order = state[L.POINTS_ORDER]
    for t in range(n):
        state[L.PRIZES + t] = n - 1 - t if order == L.DESCENDING else t
    if order == L.RANDOM:
        shuffle_slice(state, L.RNG, L.PRIZES, n)


@njit(INIT, cache=True)
def init(state, config, seed):
    """Deal a new game for config [players, num_cards, num_turns, points_order, imp_info,
    egocentric, returns_type] from `seed` into `state` (all of it overwritten)."""
    state[:] = 0
    rng_seed(state, L.RNG, seed)
    for k, at in enumerate((L.NUM_PLAYERS, L.NUM_CARDS, L.NUM_TURNS, L.POINTS_ORDER,
                            L.IMP_INFO, L.EGOCENTRIC, L.RETURNS_TYPE)):
        state[at] = config[k]
    n = state[L.NUM_PLAYERS]
    state[L.PENDING:L.PENDING + L.P] = -1
    for seat in range(n):
        state[L.HANDS + seat * L.C:L.HANDS + seat * L.C + state[L.NUM_CARDS]] = 1
    state[L.PRIZES:L.PRIZES + L.C] = -1
    deal_prizes(state)
    state[L.WINNERS:L.WINNERS + L.C] = L.NOT_PLAYED
    state[L.BIDS:L.BIDS + L.C * L.P] = -1
    state[L.PRIZE] = state[L.PRIZES]
    state[L.PHASE] = L.BID
    state[L.ACTOR] = 0
