"""Dealing a game and its prize cards."""

from numba import njit

from goofspiel_env.engine import layout as L
from tabletop_core.rng import rng_below, rng_seed
from tabletop_core.signatures import INIT


@njit(cache=True)
def deal_prize(state):
    """Put the prize card of turn TURN up for bid: in random order one of the cards not dealt
    yet, uniformly (OpenSpiel's chance node); else the next one down or up."""
    turn = state[L.TURN]
    n = state[L.NUM_CARDS]
    order = state[L.POINTS_ORDER]
    if order == L.DESCENDING:
        card = n - 1 - turn
    elif order == L.ASCENDING:
        card = turn
    else:
        k = rng_below(state, L.RNG, n - turn)
        card = -1
        for c in range(n):
            dealt = False
            for t in range(turn):
                if state[L.PRIZES + t] == c:
                    dealt = True
            if not dealt:
                if k == 0:
                    card = c
                    break
                k -= 1
    state[L.PRIZES + turn] = card
    state[L.PRIZE] = card


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
    state[L.WINNERS:L.WINNERS + L.C] = L.NOT_PLAYED
    state[L.BIDS:L.BIDS + L.C * L.P] = -1
    deal_prize(state)
    state[L.PHASE] = L.BID
    state[L.ACTOR] = 0
