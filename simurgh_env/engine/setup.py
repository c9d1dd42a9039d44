"""Setup (S6-S16): tiles put back unseen, starting resources and vassals, power tiles, starting
action tiles, the Scouts' Quarters, dragons; the Dragonlord mode's three drafts.

Spearman mode deals everything at random and the first turn starts at once. Dragonlord mode
asks for decisions first: the power tile draft from the last seat backwards (S11), the open
draft of action tiles twice around (S12), then the simultaneous dragon pick (S15).
"""

from numba import njit

from simurgh_env.engine import layout as L
from simurgh_env.engine.dragons import dstack_push, receive_dragon
from simurgh_env.engine.offers import sort_entries, sort_setup_drawn
from simurgh_env.engine.scouts import refill_slots
from simurgh_env.engine.tables import (
    AREA_OPEN_FROM,
    DRAFT_ROUNDS,
    DRAFT_ROW,
    DRAGONS_DRAWN_AT_SETUP,
    N_AREAS,
    N_DRAGONS,
    N_FAMILIES,
    N_MONUMENT,
    N_OBJECTIVES,
    N_RES,
    N_SLOTS,
    N_TILES,
    POWER,
    POWER_FIRST_DRAW,
    SETUP_REMOVED,
    SPEARMAN_START,
    START_MARKERS,
    START_RESOURCES,
    START_RIDERS,
    START_SPEARMEN,
    TILE_FAMILY,
)
from simurgh_env.engine.tiles import place_public, show_top, to_hand
from simurgh_env.engine.turn import start_turn
from tabletop_core.rng import rng_seed, shuffle_slice
from tabletop_core.signatures import INIT

SPEARMAN_MODE, DRAGONLORD_MODE = 0, 1


@njit(cache=True)
def _to_box(state, tile, known):
    state[L.TLOC + tile] = L.LOC_BOX
    state[L.TIDX + tile] = -1
    state[L.TKNOWN + tile] = known


@njit(cache=True)
def _shuffled_family(state, family):
    """Write the tiles of `family` in random order at STACK[0:count]; return count."""
    n = 0
    for tile in range(N_TILES):
        if TILE_FAMILY[tile] == family:
            state[L.STACK + n] = tile
            n += 1
    shuffle_slice(state, L.RNG, L.STACK, n)
    return n


@njit(cache=True)
def shuffle_action_stack(state):
    """Shuffle every tile marked LOC_STACK into the face-down stack: nobody knows its order, only
    the top tile's back shows (C25)."""
    n = 0
    for tile in range(N_TILES):
        if state[L.TLOC + tile] == L.LOC_STACK:
            state[L.STACK + n] = tile
            n += 1
    shuffle_slice(state, L.RNG, L.STACK, n)
    for i in range(n):
        tile = state[L.STACK + i]
        state[L.TIDX + tile] = i
        state[L.TKNOWN + tile] = 0
        state[L.TFAM_SEEN + tile] = 0
    state[L.STACK_N] = n
    show_top(state)


@njit(cache=True)
def _shuffle_dragon_stack(state):
    n = state[L.DSTACK_N]
    shuffle_slice(state, L.RNG, L.DSTACK, n)
    for i in range(n):
        dragon = state[L.DSTACK + i]
        state[L.DIDX + dragon] = i
        state[L.DKNOWN + dragon] = 0


@njit(cache=True)
def _pop_dragon(state):
    n = state[L.DSTACK_N] - 1
    state[L.DSTACK_N] = n
    return state[L.DSTACK + n]


@njit(cache=True)
def _offer_power(state, seat, draws):
    """`seat` draws `draws` power tiles to the ones passed to it and must keep one (S11)."""
    for _ in range(draws):
        top = state[L.POWER_DECK_N] - 1
        state[L.POWER_DECK_N] = top
        tile = state[L.POWER_DECK + top]
        state[L.OPTIONS + state[L.OPTIONS_N]] = tile
        state[L.OPTIONS_N] += 1
    sort_entries(state, L.OPTIONS, state[L.OPTIONS_N])
    for k in range(state[L.OPTIONS_N]):
        tile = state[L.OPTIONS + k]
        state[L.TLOC + tile] = L.LOC_OPTIONS
        state[L.TIDX + tile] = seat
        state[L.TKNOWN + tile] = 1 << seat  # the seats who passed them lose track (C26)
    state[L.ACTOR] = seat
    state[L.PHASE] = L.POWER_DRAFT


@njit(cache=True)
def pick_power(state, k):
    """The drafting seat keeps power option k and passes the rest to the seat on its right."""
    seat = state[L.ACTOR]
    n = state[L.NUM_PLAYERS]
    tile = state[L.OPTIONS + k]
    for i in range(k, state[L.OPTIONS_N] - 1):
        state[L.OPTIONS + i] = state[L.OPTIONS + i + 1]
    state[L.OPTIONS_N] -= 1
    to_hand(state, tile, seat, 1 << seat)
    state[L.DRAFT_TURN] += 1
    if state[L.DRAFT_TURN] < n:
        _offer_power(state, seat - 1, 1)
        return
    # The last two go back to the box (the seat that saw them knows where they are), and so do
    # the tiles nobody drew.
    for i in range(state[L.OPTIONS_N]):
        _to_box(state, state[L.OPTIONS + i], 1 << seat)
    state[L.OPTIONS_N] = 0
    for i in range(state[L.POWER_DECK_N]):
        _to_box(state, state[L.POWER_DECK + i], 0)
    state[L.POWER_DECK_N] = 0
    for k in range(DRAFT_ROW):
        _refill_row(state, k)
    state[L.DRAFT_TURN] = 0
    state[L.ACTOR] = 0
    state[L.PHASE] = L.ACTION_DRAFT


@njit(cache=True)
def _refill_row(state, k):
    n = state[L.STACK_N]
    if n == 0:
        state[L.DRAFT_ROW + k] = -1
        return
    tile = state[L.STACK + n - 1]
    state[L.STACK_N] = n - 1
    show_top(state)
    state[L.DRAFT_ROW + k] = tile
    place_public(state, tile, L.LOC_ROW, k)


@njit(cache=True)
def pick_row(state, k):
    """The seat takes draft-row tile k face up; the row is refilled at once (S12)."""
    n = state[L.NUM_PLAYERS]
    to_hand(state, state[L.DRAFT_ROW + k], state[L.ACTOR], L.ALL_SEATS)
    _refill_row(state, k)
    state[L.DRAFT_TURN] += 1
    if state[L.DRAFT_TURN] < DRAFT_ROUNDS * n:
        state[L.ACTOR] = state[L.DRAFT_TURN] % n
        return
    # The tiles left face up are shuffled into the stack, which fills the slots (S13).
    for i in range(DRAFT_ROW):
        tile = state[L.DRAFT_ROW + i]
        if tile >= 0:
            state[L.TLOC + tile] = L.LOC_STACK
        state[L.DRAFT_ROW + i] = -1
    shuffle_action_stack(state)
    refill_slots(state)
    for seat in range(n):
        for i in range(DRAGONS_DRAWN_AT_SETUP):
            dragon = _pop_dragon(state)
            state[L.SETUP_DRAWN + seat * 3 + i] = dragon
            state[L.DLOC + dragon] = L.D_SETUP
            state[L.DIDX + dragon] = seat
            state[L.DKNOWN + dragon] = 1 << seat
        state[L.SETUP_PICK + seat] = -1
        sort_setup_drawn(state, seat)
    state[L.DRAFT_TURN] = 0
    state[L.ACTOR] = 0
    state[L.PHASE] = L.DRAGON_PICK


@njit(cache=True)
def pick_dragon(state, k):
    """The seat keeps drawn dragon k, hidden until every seat has chosen; then all are revealed
    with 3 markers, the others go back and the dragon stack is shuffled (S15)."""
    n = state[L.NUM_PLAYERS]
    state[L.SETUP_PICK + state[L.ACTOR]] = k
    state[L.DRAFT_TURN] += 1
    if state[L.DRAFT_TURN] < n:
        state[L.ACTOR] = state[L.DRAFT_TURN]
        return
    for seat in range(n):
        for i in range(DRAGONS_DRAWN_AT_SETUP):
            dragon = state[L.SETUP_DRAWN + seat * 3 + i]
            if i == state[L.SETUP_PICK + seat]:
                receive_dragon(state, seat, dragon, START_MARKERS)
            else:
                dstack_push(state, dragon, True, 0)
    _shuffle_dragon_stack(state)
    start_turn(state, 0)


@njit(INIT, cache=True)
def init(state, config, seed):
    """Set up a new game for config = [players, mode, length, ties] from `seed` (all state
    rewritten)."""
    n = config[0]
    state[:] = 0
    rng_seed(state, L.RNG, seed)
    state[L.NUM_PLAYERS] = n
    state[L.MODE] = config[1]
    state[L.LENGTH] = config[2]
    state[L.TIES] = config[3]
    state[L.END_SEAT] = -1
    state[L.PENDING_TILE] = -1
    state[L.ENTERED_AREA] = -1
    for seat in range(n):
        for r in range(N_RES):
            state[L.RES + seat * N_RES + r] = START_RESOURCES[r]
        state[L.OWNED + seat * 2 + L.SPEARMAN] = START_SPEARMEN
        state[L.OWNED + seat * 2 + L.RIDER] = START_RIDERS
        state[L.UNPLACED + seat * 2 + L.SPEARMAN] = START_SPEARMEN
        state[L.UNPLACED + seat * 2 + L.RIDER] = START_RIDERS
    for k in range(N_SLOTS):
        state[L.SLOTS + k] = -1
    for k in range(N_MONUMENT):
        state[L.MONUMENT + k] = -1
    for k in range(DRAFT_ROW):
        state[L.DRAFT_ROW + k] = -1
    for area in range(N_AREAS):
        # Areas not in play are covered by leftover power tiles (S14, C2).
        state[L.AREA_TILE + area] = L.AREA_EMPTY if n >= AREA_OPEN_FROM[area] else L.AREA_CLOSED
    for k in range(N_OBJECTIVES):
        state[L.OSTACK + k] = k
    shuffle_slice(state, L.RNG, L.OSTACK, N_OBJECTIVES)
    for k in range(N_OBJECTIVES):
        state[L.OIDX + state[L.OSTACK + k]] = k
    state[L.OSTACK_N] = N_OBJECTIVES
    for d in range(N_DRAGONS):
        state[L.DSTACK + d] = d
    state[L.DSTACK_N] = N_DRAGONS
    _shuffle_dragon_stack(state)
    # Tiles put back in the box unseen (S7); the rest of each family waits for the stack.
    for family in range(N_FAMILIES):
        if family == POWER:
            continue
        count = _shuffled_family(state, family)
        dealt = SETUP_REMOVED[family]
        for i in range(count):
            tile = state[L.STACK + i]
            if i < dealt:
                _to_box(state, tile, 0)
            else:
                state[L.TLOC + tile] = L.LOC_STACK
        if config[1] == SPEARMAN_MODE:
            for k in range(SPEARMAN_START.shape[0]):
                if SPEARMAN_START[k] == family:
                    # One random tile of the family for each player (S12, C21).
                    for seat in range(n):
                        to_hand(state, state[L.STACK + dealt + seat], seat, 1 << seat)
    count = _shuffled_family(state, POWER)
    if config[1] == SPEARMAN_MODE:
        for i in range(count):
            tile = state[L.STACK + i]
            if i < n:
                to_hand(state, tile, i, 1 << i)  # one random power tile each (S11)
            else:
                _to_box(state, tile, 0)
        shuffle_action_stack(state)
        refill_slots(state)
        for seat in range(n):
            receive_dragon(state, seat, _pop_dragon(state), START_MARKERS)
        _shuffle_dragon_stack(state)
        start_turn(state, 0)
        return
    for i in range(count):
        tile = state[L.STACK + i]
        state[L.POWER_DECK + i] = tile
        state[L.TLOC + tile] = L.LOC_POWER_DECK
        state[L.TIDX + tile] = i
    state[L.POWER_DECK_N] = count
    shuffle_action_stack(state)
    state[L.DRAFT_TURN] = 0
    _offer_power(state, n - 1, POWER_FIRST_DRAW)
