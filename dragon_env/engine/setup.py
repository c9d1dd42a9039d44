"""Setup (D1-D10): stacks, the opening display, the Dragon, hands, holdings, Start Player."""

from numba import njit

from dragon_env.engine import layout as L
from dragon_env.engine.contracts import begin_round
from dragon_env.engine.ledger import knowledge
from dragon_env.engine.refresh import turn_up
from dragon_env.engine.tables import (
    ALL_CONTRACTS,
    BUILDING,
    CALENDAR,
    DRAGON_START,
    GOLD,
    INVASION,
    KNIGHTS,
    NUM_TYPES,
    RING_SIZE,
    STACK_SIZE,
    START_GOLD,
    START_KNIGHTS,
    TILE_GOLD,
    TILE_KIND,
    TILE_STARTING,
    TYPE_MIN_PLAYERS,
)
from tabletop_core.rng import rng_below, rng_seed, shuffle_slice
from tabletop_core.signatures import INIT


@njit(cache=True)
def _prepare_stack(state, t):
    """D5, D6: the set-aside tile (starting Building or Generous Dragon) goes first, the others
    are shuffled under it; the first tile is then turned up (a random one for the Guild)."""
    base = L.STACKS + t * STACK_SIZE
    first = t * STACK_SIZE
    for pos in range(STACK_SIZE):
        tile = first + pos
        state[base + pos] = tile
        kind = TILE_KIND[tile]
        if kind == BUILDING:
            state[L.REM_BUILDINGS + t] += 1
            state[L.REM_GOLD + t] += TILE_GOLD[tile]
        elif kind == CALENDAR:
            state[L.REM_CALENDARS + t] += 1
        elif kind == INVASION:
            state[L.REM_INVASIONS + t] += 1
    fixed = 1 if TILE_STARTING[first] else 0  # tile ids list the set-aside tile first
    shuffle_slice(state, L.RNG, base + fixed, STACK_SIZE - fixed)
    turn_up(state, t)  # no effect when revealed at setup (C13)


@njit(INIT, cache=True)
def init(state, config, seed):
    """Deal a new game into `state` (all of it overwritten) from `seed`; config is
    [num_players, start_player or -1 for a seeded draw] (M16)."""
    n = config[0]
    state[:] = 0
    rng_seed(state, L.RNG, seed)
    state[L.NUM_PLAYERS] = n
    state[L.SIDES] = RING_SIZE[n]
    state[L.DRAGON] = DRAGON_START
    for t in range(NUM_TYPES):
        state[L.SLOT + t] = -1
        if TYPE_MIN_PLAYERS[t] <= n:
            _prepare_stack(state, t)
        else:
            state[L.STACK_TOP + t] = STACK_SIZE  # D2: the Guild is out of the game
    state[L.ACT_SEAT] = -1
    state[L.ACT_TYPE] = -1
    state[L.CHEST_TARGET_SEAT] = -1
    state[L.CHEST_TYPE] = -1
    state[L.CHEST_CURRENCY] = -1
    state[L.CHEST_RESPONSE_KIND] = L.NO_RESPONSE
    state[L.CHEST_MOVED] = -1
    state[L.BID_HIGH] = -1
    state[L.AUCTION_WINNER] = -1
    for s in range(L.P):
        state[L.BID + s] = -1
        state[L.INVADED + s] = -1
        for viewer in range(L.P):
            for c in range(2):
                state[L.GROUP + knowledge(viewer, s, c)] = s  # holdings start public (D8)
    for s in range(n):
        state[L.HAND + s] = ALL_CONTRACTS
        state[L.HOLD + s * 2 + GOLD] = START_GOLD[n]
        state[L.HOLD + s * 2 + KNIGHTS] = START_KNIGHTS[n]
    start = config[1]
    state[L.START] = start if start >= 0 else rng_below(state, L.RNG, n)
    begin_round(state)
