"""The City's twelve fixed spaces (S46, S47, S48)."""

from numba import njit

from simurgh_env.engine import layout as L
from simurgh_env.engine.effects import usable
from simurgh_env.engine.scouts import scout_choices
from simurgh_env.engine.tables import (
    CITY_DR_ONLY,
    CITY_MULTI,
    ROW_CITY,
    ROW_FREE,
    ROW_SPENDS,
    SCOUTS_SPACE,
)


@njit(cache=True)
def usable_kinds(state, seat, row, space, kinds):
    """Of the vassal kinds in bit mask `kinds`, those with which `seat` can use effect `row`
    in full when placing on `space` (-1: a tile about to be laid), as a bit mask."""
    if ROW_FREE[row]:
        return kinds
    if not ROW_SPENDS[row]:
        return kinds if usable(state, seat, row, space, -1, 0) else 0
    result = 0
    for kind in range(2):
        if (kinds >> kind) & 1 and usable(state, seat, row, space, kind, 0):
            result |= 1 << kind
    return result


@njit(cache=True)
def city_kinds(state, seat, space, kinds):
    """Of the vassal kinds in bit mask `kinds` (those the seat may place), the ones that may go
    on City space `space` now (S21-S23), as a bit mask."""
    if CITY_DR_ONLY[space]:
        kinds &= 1 << L.RIDER
    if kinds == 0:
        return 0
    if CITY_MULTI[space] == 0 and state[L.SPACE_TOTAL + space] > 0:
        return 0
    # The Scouts' Quarters needs a tile the seat can take (S23, S47); slots emptied this turn
    # stay empty until its end (example 3).
    if space == SCOUTS_SPACE and scout_choices(state, seat) == 0:
        return 0
    return usable_kinds(state, seat, ROW_CITY + space, space, kinds)
