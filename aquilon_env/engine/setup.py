"""Setup (rulebook p. 4): gems, talions, the Treasury, the decks, the Elite Cognars' holder."""

import numpy as np
from numba import njit

from aquilon_env.data import (
    BOARD_OCCULT,
    BRONZE_ARR,
    DWARF_ERA,
    DWARF_FIVE,
    MAX_TALION,
    NUM_COGNARS,
    NUM_DWARVES,
    NUM_ELITES,
    PARIAH_TOKENS,
    TREASURY_COUNTS,
)
from aquilon_env.engine import layout as L
from aquilon_env.engine.resolution import start_turn
from tabletop_core.rng import rng_seed, shuffle_slice
from tabletop_core.signatures import INIT

# config: [num_players]
CONFIG_SIZE = 1


@njit(cache=True)
def _build_deck(state, era, five_lords, deck_at, len_at):
    n = 0
    for card in range(NUM_DWARVES):
        if DWARF_ERA[card] == era and (five_lords or DWARF_FIVE[card] == 0):
            state[deck_at + n] = card
            n += 1
    state[len_at] = n
    shuffle_slice(state, L.RNG, deck_at, n)


@njit(INIT, cache=True)
def init(state, config, seed):
    """Deal a new game for config[0] Lords from `seed` into `state` (all of it overwritten)."""
    n = config[0]
    state[:] = 0
    rng_seed(state, L.RNG, seed)
    state[L.NUM_PLAYERS] = n
    state[L.ERA] = 1
    state[L.TURNS] = 4 if n <= 3 else 3
    state[L.PER_TAVERN] = 3 if n == 2 else n
    # Gems: the n highest of 1-5, dealt at random.
    gems = np.arange(6 - n, 6).astype(np.int32)
    for seat in range(n):
        state[L.GEMS + seat] = gems[seat]
    shuffle_slice(state, L.RNG, L.GEMS, n)
    for seat in range(n):
        for pos in range(L.TALIONS):
            state[L.TAL_VAL + seat * L.TALIONS + pos] = BRONZE_ARR[pos]
            state[L.TAL_KIND + seat * L.TALIONS + pos] = L.TALION_BRONZE
        state[L.OCCULT + seat] = BOARD_OCCULT
    for v in range(MAX_TALION + 1):
        state[L.TREASURY + v] = TREASURY_COUNTS[v]
    state[L.EXCHANGE3_FREE] = 1
    state[L.PARIAH_FREE] = PARIAH_TOKENS
    _build_deck(state, 1, n == 5, L.DECK1, L.DECK1_LEN)
    _build_deck(state, 2, n == 5, L.DECK2, L.DECK2_LEN)
    for c in range(NUM_COGNARS):
        state[L.COGNAR_OWNER + c] = -1
        state[L.COGNAR_COLUMN + c] = -1
    for e in range(NUM_ELITES):
        state[L.ELITE_HOLDER + e] = e
        state[L.ELITE_OWNER + e] = -1
    shuffle_slice(state, L.RNG, L.ELITE_HOLDER, NUM_ELITES)
    state[L.LIQUOR_OWNER] = -1
    state[L.PLACING] = -1
    start_turn(state)
