"""The Wilds: which tile spaces take a vassal, placing action tiles (S29, S30, C11) and removing
tiles to the Chronicle (S41, S42, S44)."""

from numba import njit

from simurgh_env.engine import layout as L
from simurgh_env.engine.city import usable_kinds
from simurgh_env.engine.effects import cost_shortfall, gain_at
from simurgh_env.engine.tables import (
    AREA_BONUS_KEY,
    CLEAR_WEAPONS,
    E_NCOST,
    E_NGAIN,
    EFFECTS,
    EXPLORATION,
    FILL_BY_PLAYERS,
    MAX_BONUS,
    N_AREAS,
    N_RES,
    ROW_AREA,
    ROW_SPACE,
    SPACE_DR_ONLY,
    SPACE_MULTI,
    TILE_FAMILY,
    TILE_FIRST_SPACE,
    TILE_FREE_KINDS,
    TILE_KINDS,
    TILE_N_SPACES,
    WEAPON,
)
from simurgh_env.engine.tiles import leave_hand, place_public
from simurgh_env.engine.turn import check_end
from simurgh_env.engine.vassals import occ_at, placeable


@njit(cache=True)
def area_space(area, i):
    """Board space of the i-th space of the tile on `area`."""
    return L.WILDS_SPACE + area * L.SPACES_PER_AREA + i



@njit(cache=True)
def riders_on(state, seat, area):
    """The seat's Dragonriders on the tile of `area`."""
    n = 0
    for i in range(L.SPACES_PER_AREA):
        n += state[occ_at(seat, area_space(area, i), L.RIDER)]
    return n


@njit(cache=True)
def placeable_kinds(state, seat):
    """Bit mask of the vassal kinds the seat may place now."""
    kinds = 0
    for kind in range(2):
        if placeable(state, seat, kind) > 0:
            kinds |= 1 << kind
    return kinds


@njit(cache=True)
def tile_space_kinds(state, seat, tile, i, space, kinds):
    """Of the vassal kinds in bit mask `kinds`, those that may go on space i of `tile` now
    (S21-S23, S36, S37). space: the board space if the tile lies in the Wilds, -1 for a tile
    about to be placed (empty, so there is room)."""
    if i >= TILE_N_SPACES[tile]:
        return 0
    row = TILE_FIRST_SPACE[tile] + i
    if SPACE_DR_ONLY[row]:
        kinds &= 1 << L.RIDER
    if kinds == 0:
        return 0
    if space >= 0 and SPACE_MULTI[row] == 0 and state[L.SPACE_TOTAL + space] > 0:
        return 0
    if TILE_FAMILY[tile] == EXPLORATION:
        # Entry on level 1 only, never a second rider of one player on a tile.
        if i != 0:
            return 0
        if space >= 0 and riders_on(state, seat, (space - L.WILDS_SPACE) // L.SPACES_PER_AREA):
            return 0
    return usable_kinds(state, seat, ROW_SPACE + row, space, kinds)


@njit(cache=True)
def wilds_space_kinds(state, seat, space, kinds):
    """Of the vassal kinds in bit mask `kinds`, those that may go on a Wilds board space now."""
    area = (space - L.WILDS_SPACE) // L.SPACES_PER_AREA
    tile = state[L.AREA_TILE + area]
    if tile < 0:
        return 0
    return tile_space_kinds(state, seat, tile, (space - L.WILDS_SPACE) % L.SPACES_PER_AREA,
                            space, kinds)


@njit(cache=True)
def tile_takes_vassal(state, seat, tile):
    """Whether some space of `tile`, freshly placed, takes one of the seat's vassals now."""
    kinds = placeable_kinds(state, seat)
    if TILE_FREE_KINDS[tile] & kinds:
        return True
    for i in range(TILE_N_SPACES[tile]):
        if tile_space_kinds(state, seat, tile, i, -1, kinds):
            return True
    return False


@njit(cache=True)
def bonus_fits(state, seat, tile, area, option):
    """Whether, after taking bonus `option` of `area`, `tile` takes a vassal (C11)."""
    row = ROW_AREA + area
    g = gain_at(option)
    base = L.RES + seat * N_RES
    for r in range(N_RES):
        state[base + r] += EFFECTS[row, g + r]
    ok = tile_takes_vassal(state, seat, tile)
    for r in range(N_RES):
        state[base + r] -= EFFECTS[row, g + r]
    return ok


@njit(cache=True)
def any_empty_area(state):
    """Whether an open Wilds area is empty."""
    for area in range(N_AREAS):
        if state[L.AREA_TILE + area] == L.AREA_EMPTY:
            return True
    return False


@njit(cache=True)
def area_fits(state, seat, tile, area):
    """Whether `tile` may go on `area` (S29): an empty open area, or, when none is empty, one
    whose non-exploration tile the seat clears for 1 weapon; then a bonus must leave a legal
    vassal placement on the tile (C11)."""
    there = state[L.AREA_TILE + area]
    if there == L.AREA_CLOSED:
        return False
    weapon = L.RES + seat * N_RES + WEAPON
    clearing = there >= 0
    if clearing:
        if (any_empty_area(state) or TILE_FAMILY[there] == EXPLORATION
                or state[weapon] < CLEAR_WEAPONS):
            return False
        state[weapon] -= CLEAR_WEAPONS
    ok = False
    for option in range(EFFECTS[ROW_AREA + area, E_NGAIN]):
        if bonus_fits(state, seat, tile, area, option):
            ok = True
            break
    if clearing:
        state[weapon] += CLEAR_WEAPONS
    return ok


@njit(cache=True)
def _shortfall(state, seat, tile, kinds):
    """The fewest resource tokens missing to pay a space of `tile` a vassal may use."""
    best = 1 << 20
    for i in range(TILE_N_SPACES[tile]):
        row = TILE_FIRST_SPACE[tile] + i
        if (SPACE_DR_ONLY[row] and kinds & (1 << L.RIDER) == 0
                or TILE_FAMILY[tile] == EXPLORATION and i > 0):
            continue
        row += ROW_SPACE
        for option in range(EFFECTS[row, E_NCOST]):
            best = min(best, cost_shortfall(state, seat, row, option))
        if EFFECTS[row, E_NCOST] == 0:
            best = 0
    return best


@njit(cache=True)
def wilds_room(state, seat):
    """Where a tile could go now: 0 nowhere, 1 an empty open area, 2 only on an area the seat
    clears with a weapon (S29 step 1)."""
    if any_empty_area(state):
        return 1
    if state[L.RES + seat * N_RES + WEAPON] < CLEAR_WEAPONS:
        return 0
    for area in range(N_AREAS):
        there = state[L.AREA_TILE + area]
        if there >= 0 and TILE_FAMILY[there] != EXPLORATION:
            return 2
    return 0


@njit(cache=True)
def tile_playable(state, seat, tile, kinds, room):
    """Whether `seat` may place `tile` from its hand into the Wilds now (S29, C11), given the
    kinds of vassals it may place and `wilds_room`."""
    if TILE_FREE_KINDS[tile] & kinds:
        return True  # a space anybody may use
    if TILE_KINDS[tile] & kinds == 0 or _shortfall(state, seat, tile, kinds) > MAX_BONUS:
        return False
    # Without the area bonus first (a bonus only adds), then each different bonus.
    clearing = room == 2
    weapon = L.RES + seat * N_RES + WEAPON
    if clearing:
        state[weapon] -= CLEAR_WEAPONS
    ok = tile_takes_vassal(state, seat, tile)
    tried = 0
    for area in range(N_AREAS):
        if ok:
            break
        there = state[L.AREA_TILE + area]
        if clearing:
            if there < 0 or TILE_FAMILY[there] == EXPLORATION:
                continue
        elif there != L.AREA_EMPTY:
            continue
        for option in range(EFFECTS[ROW_AREA + area, E_NGAIN]):
            key = AREA_BONUS_KEY[area, option]
            if (tried >> key) & 1 == 0:
                tried |= 1 << key
                if bonus_fits(state, seat, tile, area, option):
                    ok = True
                    break
    if clearing:
        state[weapon] += CLEAR_WEAPONS
    return ok


@njit(cache=True)
def put_tile(state, tile, area):
    """Lay a tile from the hand face up on an area (S29 step 2)."""
    leave_hand(state, tile)
    place_public(state, tile, L.LOC_WILDS, area)
    state[L.AREA_TILE + area] = tile


@njit(cache=True)
def remove_tile(state, area):
    """Send the tile of `area` to the Chronicle; its vassals go back to their owners (S44)."""
    tile = state[L.AREA_TILE + area]
    actor = state[L.ACTOR]
    for i in range(L.SPACES_PER_AREA):
        space = area_space(area, i)
        for seat in range(state[L.NUM_PLAYERS]):
            for kind in range(2):
                at = occ_at(seat, space, kind)
                count = state[at]
                if count > 0:
                    state[at] = 0
                    state[L.UNPLACED + seat * 2 + kind] += count
                    if seat == actor:
                        state[L.BLOCKED + kind] += count  # usable in later turns (S44)
        state[L.SPACE_TOTAL + space] = 0
    state[L.AREA_COUNT + area] = 0
    state[L.AREA_TILE + area] = L.AREA_EMPTY
    place_public(state, tile, L.LOC_CHRONICLE, state[L.CHRONICLE_N])
    state[L.CHRONICLE_N] += 1
    check_end(state)


@njit(cache=True)
def remove_if_empty(state, area):
    """A tile left without vassals goes to the Chronicle (S42, S44 a)."""
    if state[L.AREA_TILE + area] >= 0 and state[L.AREA_COUNT + area] == 0:
        remove_tile(state, area)


@njit(cache=True)
def remove_if_full(state, area):
    """A non-exploration tile with 4 vassals (3 with 2-3 players) goes to the Chronicle (S44 b)."""
    tile = state[L.AREA_TILE + area]
    if (tile >= 0 and TILE_FAMILY[tile] != EXPLORATION
            and state[L.AREA_COUNT + area] >= FILL_BY_PLAYERS[state[L.NUM_PLAYERS]]):
        remove_tile(state, area)
