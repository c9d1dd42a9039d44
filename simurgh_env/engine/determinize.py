"""Determinization: a full state consistent with what one seat knows (for ISMCTS).

Every tile the viewer cannot identify keeps its place (a "slot": a stack position, a hand, the
box, a draw) but may change identity with another such tile: action tiles within their family
where the family is public (hands, the box, the power draft, stack tiles whose back was seen,
C25) and freely among the other stack positions; dragons and objectives among the unknown
positions of their stacks and of another seat's draw (with another seat's hidden Dragonlord
pick). Who knows what stays with the slot. The generator of future chance is reseeded.

The result depends only on the viewer's information and the seed: slots are listed in a
canonical order and the unknown tiles sorted before they are shuffled, so two states the
viewer cannot tell apart determinize to the same state.
"""

import numpy as np
from numba import njit

from simurgh_env.engine import layout as L
from simurgh_env.engine.actions import tile_plays
from simurgh_env.engine.monument import holds_objective
from simurgh_env.engine.offers import sort_offers
from simurgh_env.engine.tables import (
    DRAGONS_DRAWN_AT_SETUP,
    N_DRAGONS,
    N_FAMILIES,
    N_OBJECTIVES,
    N_TILES,
    TILE_FAMILY,
)
from tabletop_core.rng import rng_below, rng_seed
from tabletop_core.signatures import DETERMINIZE


@njit(cache=True)
def _shuffle(state, items, count):
    for i in range(count - 1, 0, -1):
        j = rng_below(state, L.RNG, i + 1)
        tmp = items[i]
        items[i] = items[j]
        items[j] = tmp


@njit(cache=True)
def _hidden(known, viewer):
    return (known >> viewer) & 1 == 0


@njit(cache=True)
def _listed_slots(state, viewer, start, count, where, loc, idx, known, family, n):
    """Append the hidden entries of a short list (power options, power deck) as slots."""
    for k in range(count):
        tile = state[start + k]
        if _hidden(state[L.TKNOWN + tile], viewer):
            loc[n] = where
            idx[n] = k
            known[n] = state[L.TKNOWN + tile]
            family[n] = TILE_FAMILY[tile]
            n += 1
    return n


@njit(cache=True)
def _held_slots(state, viewer, where, owner, loc, idx, known, family, n):
    """Append the hidden tiles of a hand (or of the box, owner -1) as slots, by family, then by
    knowledge mask."""
    for fam in range(N_FAMILIES):
        first = n
        for tile in range(N_TILES):
            if (state[L.TLOC + tile] == where and TILE_FAMILY[tile] == fam
                    and (owner < 0 or state[L.TIDX + tile] == owner)
                    and _hidden(state[L.TKNOWN + tile], viewer)):
                loc[n] = where
                idx[n] = state[L.TIDX + tile]
                known[n] = state[L.TKNOWN + tile]
                family[n] = fam
                n += 1
        known[first:n].sort()
    return n


@njit(cache=True)
def _action_tiles(state, viewer):
    # Slots in canonical order: stack positions, power options, the power deck, then hands by
    # seat, then the box.
    loc = np.zeros(N_TILES, np.int64)
    idx = np.zeros(N_TILES, np.int64)
    known = np.zeros(N_TILES, np.int64)
    seen = np.zeros(N_TILES, np.int64)
    family = np.full(N_TILES, -1, np.int64)  # -1: any but power (a stack tile never seen)
    n = 0
    for pos in range(state[L.STACK_N]):
        tile = state[L.STACK + pos]
        if _hidden(state[L.TKNOWN + tile], viewer):
            loc[n] = L.LOC_STACK
            idx[n] = pos
            known[n] = state[L.TKNOWN + tile]
            seen[n] = state[L.TFAM_SEEN + tile]
            if seen[n]:
                family[n] = TILE_FAMILY[tile]
            n += 1
    n = _listed_slots(state, viewer, L.OPTIONS, state[L.OPTIONS_N], L.LOC_OPTIONS, loc, idx,
                      known, family, n)
    n = _listed_slots(state, viewer, L.POWER_DECK, state[L.POWER_DECK_N], L.LOC_POWER_DECK,
                      loc, idx, known, family, n)
    for seat in range(state[L.NUM_PLAYERS]):
        n = _held_slots(state, viewer, L.LOC_HAND, seat, loc, idx, known, family, n)
    n = _held_slots(state, viewer, L.LOC_BOX, -1, loc, idx, known, family, n)
    # The tiles that change identity, sorted, shuffled within each family; a family's tiles
    # left over after its own slots go to the stack positions of unknown family.
    new = np.zeros(n, np.int64)
    pool = np.zeros(N_TILES, np.int64)
    pooled = 0
    tiles = np.zeros(N_TILES, np.int64)
    for fam in range(N_FAMILIES):
        count = 0
        for tile in range(N_TILES):
            if TILE_FAMILY[tile] == fam and _hidden(state[L.TKNOWN + tile], viewer):
                tiles[count] = tile
                count += 1
        _shuffle(state, tiles, count)
        used = 0
        for k in range(n):
            if family[k] == fam:
                new[k] = tiles[used]
                used += 1
        for i in range(used, count):
            pool[pooled] = tiles[i]
            pooled += 1
    _shuffle(state, pool, pooled)
    used = 0
    for k in range(n):
        if family[k] < 0:
            new[k] = pool[used]
            used += 1
    for k in range(n):
        tile = new[k]
        state[L.TLOC + tile] = loc[k]
        state[L.TIDX + tile] = idx[k]
        state[L.TKNOWN + tile] = known[k]
        state[L.TFAM_SEEN + tile] = seen[k]
        if loc[k] == L.LOC_STACK:
            state[L.STACK + idx[k]] = tile
        elif loc[k] == L.LOC_OPTIONS:
            state[L.OPTIONS + idx[k]] = tile
            state[L.TIDX + tile] = state[L.ACTOR]
        elif loc[k] == L.LOC_POWER_DECK:
            state[L.POWER_DECK + idx[k]] = tile


@njit(cache=True)
def _redeal(state, viewer, known_at, starts, counts, ids):
    """The hidden positions of the arrays at starts[i] (counts[i] entries each), in that order,
    and the hidden tiles among `ids`, sorted then shuffled, to put there."""
    total = ids.shape[0]
    positions = np.zeros(total, np.int64)
    n = 0
    for a in range(starts.shape[0]):
        for k in range(counts[a]):
            tile = state[starts[a] + k]
            if _hidden(state[known_at + tile], viewer):
                positions[n] = starts[a] + k
                n += 1
    hidden = np.zeros(total, np.int64)
    m = 0
    for tile in range(total):
        if ids[tile] and _hidden(state[known_at + tile], viewer):
            hidden[m] = tile
            m += 1
    _shuffle(state, hidden, m)
    return positions[:n], hidden[:m]


@njit(cache=True)
def _dragons(state, viewer):
    ids = np.ones(N_DRAGONS, np.bool_)
    for dragon in range(N_DRAGONS):
        ids[dragon] = state[L.DLOC + dragon] != L.D_OWNED
    starts = np.array([L.DSTACK, L.DDRAW, L.SETUP_DRAWN], np.int64)
    counts = np.array([state[L.DSTACK_N], state[L.DDRAW_N],
                       state[L.NUM_PLAYERS] * 3 if state[L.PHASE] == L.DRAGON_PICK else 0],
                      np.int64)
    positions, hidden = _redeal(state, viewer, L.DKNOWN, starts, counts, ids)
    records = np.zeros((positions.shape[0], 3), np.int64)
    for k in range(positions.shape[0]):
        old = state[positions[k]]
        records[k, 0] = state[L.DLOC + old]
        records[k, 1] = state[L.DIDX + old]
        records[k, 2] = state[L.DKNOWN + old]
    for k in range(positions.shape[0]):
        dragon = hidden[k]
        state[positions[k]] = dragon
        state[L.DLOC + dragon] = records[k, 0]
        state[L.DIDX + dragon] = records[k, 1]
        state[L.DKNOWN + dragon] = records[k, 2]
    if state[L.PHASE] == L.DRAGON_PICK:
        # Which of its (redrawn) dragons another seat kept is drawn too, not read from its pick.
        for seat in range(state[L.NUM_PLAYERS]):
            if seat != viewer and state[L.SETUP_PICK + seat] >= 0:
                state[L.SETUP_PICK + seat] = rng_below(state, L.RNG, DRAGONS_DRAWN_AT_SETUP)


@njit(cache=True)
def _objectives(state, viewer):
    ids = np.ones(N_OBJECTIVES, np.bool_)
    for tile in range(N_OBJECTIVES):
        ids[tile] = state[L.OLOC + tile] != L.O_MONUMENT
    # An objective picked at the Monument and not yet placed is held by its frame.
    starts = np.zeros(2 + state[L.DEPTH], np.int64)
    counts = np.zeros(2 + state[L.DEPTH], np.int64)
    starts[0] = L.OSTACK
    counts[0] = state[L.OSTACK_N]
    starts[1] = L.ODRAW
    counts[1] = state[L.ODRAW_N]
    for depth in range(state[L.DEPTH]):
        f = L.FRAMES + depth * L.FW
        starts[2 + depth] = f + L.F_ARG2
        if holds_objective(state, f):
            counts[2 + depth] = 1
    positions, hidden = _redeal(state, viewer, L.OKNOWN, starts, counts, ids)
    records = np.zeros((positions.shape[0], 3), np.int64)
    for k in range(positions.shape[0]):
        old = state[positions[k]]
        records[k, 0] = state[L.OLOC + old]
        records[k, 1] = state[L.OIDX + old]
        records[k, 2] = state[L.OKNOWN + old]
    for k in range(positions.shape[0]):
        tile = hidden[k]
        state[positions[k]] = tile
        state[L.OLOC + tile] = records[k, 0]
        state[L.OIDX + tile] = records[k, 1]
        state[L.OKNOWN + tile] = records[k, 2]


@njit(cache=True)
def _pending_tile(state, viewer):
    """The tile another seat chose to lay in the Wilds, its area still to choose: nobody else
    sees which until it is laid (S29), so it is redrawn uniformly among the tiles of that
    seat's redrawn hand it could have chosen. A hand without one could not have begun this:
    the hidden tiles are then redrawn again (the true hand has one, so this ends; the draws are
    those of the conditioned distribution)."""
    if state[L.PHASE] != L.TILE_AREA or state[L.ACTOR] == viewer:
        return
    plays = tile_plays(state)
    while plays.shape[0] == 0:
        _action_tiles(state, viewer)
        plays = tile_plays(state)
    state[L.PENDING_TILE] = plays[rng_below(state, L.RNG, plays.shape[0])]


@njit(DETERMINIZE, cache=True)
def determinize(state, viewer, seed):
    """Resample in place what `viewer` cannot see: the identities of the face-down action tiles
    it does not know (other hands, the stack, the box, the power draft), of the dragons and
    objectives in their stacks and in other seats' draws (with another seat's hidden dragon
    pick), the tile another seat is laying in the Wilds, and the generator."""
    rng_seed(state, L.RNG, seed)
    _action_tiles(state, viewer)
    _pending_tile(state, viewer)
    _dragons(state, viewer)
    _objectives(state, viewer)
    sort_offers(state)
