"""Exploration tiles: moving a Dragonrider down one level (S35-S43, S58)."""

from numba import njit

from simurgh_env.engine import layout as L
from simurgh_env.engine.effects import usable
from simurgh_env.engine.tables import EXPLORATION, TILE_FAMILY, TILE_FIRST_SPACE
from simurgh_env.engine.vassals import occ_at
from simurgh_env.engine.wilds import area_space

LEVELS = 4


@njit(cache=True)
def rider_level(state, seat, area):
    """Level index (0 = level 1) of the seat's Dragonrider on the tile of `area`, or -1."""
    tile = state[L.AREA_TILE + area]
    if tile < 0 or TILE_FAMILY[tile] != EXPLORATION:
        return -1
    for i in range(LEVELS):
        if state[occ_at(seat, area_space(area, i), L.RIDER)] > 0:
            return i
    return -1


@njit(cache=True)
def can_step_down(state, seat, area):
    """Whether the seat's rider on `area` may go one level down now: the next level is empty and
    the move cost payable (S39, S40). The once-per-turn limit is the caller's."""
    level = rider_level(state, seat, area)
    if level < 0 or level == LEVELS - 1:
        return False
    if state[L.SPACE_TOTAL + area_space(area, level + 1)] > 0:
        return False
    row = TILE_FIRST_SPACE[state[L.AREA_TILE + area]] + level + 1
    return usable(state, seat, row, -1, -1, 0)


@njit(cache=True)
def can_move(state, seat, area):
    """The free action of S39: once per turn, not with a rider that entered this turn."""
    if state[L.MOVED] or area == state[L.ENTERED_AREA]:
        return False
    return can_step_down(state, seat, area)


@njit(cache=True)
def step_down(state, seat, area):
    """Move the seat's rider one level down; return the effect row of the new level."""
    level = rider_level(state, seat, area)
    here = occ_at(seat, area_space(area, level), L.RIDER)
    state[here] -= 1
    state[L.SPACE_TOTAL + area_space(area, level)] -= 1
    state[occ_at(seat, area_space(area, level + 1), L.RIDER)] += 1
    state[L.SPACE_TOTAL + area_space(area, level + 1)] += 1
    return TILE_FIRST_SPACE[state[L.AREA_TILE + area]] + level + 1
