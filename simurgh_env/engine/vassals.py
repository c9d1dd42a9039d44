"""Vassals: who stands on which board space, placing, lifting, spending and recruiting (S3,
S22, S26, S27)."""

from numba import njit

from simurgh_env.engine import layout as L
from simurgh_env.engine.tables import N_CITY


@njit(cache=True)
def occ_at(seat, space, kind):
    """Offset of the count of `seat`'s vassals of `kind` on `space`."""
    return L.OCC + (seat * L.N_SPACES + space) * 2 + kind


@njit(cache=True)
def area_of(space):
    """Wilds area of a board space (-1 for the City)."""
    if space < N_CITY:
        return -1
    return (space - L.WILDS_SPACE) // L.SPACES_PER_AREA


@njit(cache=True)
def placeable(state, seat, kind):
    """Unplaced vassals of `kind` the seat may place now (those returned this turn may not, S44)."""
    n = state[L.UNPLACED + seat * 2 + kind]
    if seat == state[L.ACTOR]:
        n -= state[L.BLOCKED + kind]
    return n


@njit(cache=True)
def put_vassal(state, seat, space, kind):
    """Move an unplaced vassal onto a space."""
    state[occ_at(seat, space, kind)] += 1
    state[L.SPACE_TOTAL + space] += 1
    area = area_of(space)
    if area >= 0:
        state[L.AREA_COUNT + area] += 1
    state[L.UNPLACED + seat * 2 + kind] -= 1


@njit(cache=True)
def lift_vassal(state, seat, space, kind):
    """Take a vassal off a space (the caller decides where it goes)."""
    state[occ_at(seat, space, kind)] -= 1
    state[L.SPACE_TOTAL + space] -= 1
    area = area_of(space)
    if area >= 0:
        state[L.AREA_COUNT + area] -= 1



@njit(cache=True)
def retrieve_vassal(state, seat, space, kind):
    """The main action's retrieval of one vassal (S18)."""
    lift_vassal(state, seat, space, kind)
    state[L.UNPLACED + seat * 2 + kind] += 1


@njit(cache=True)
def spend_unplaced(state, seat, kind):
    """Spend an unplaced vassal: back to the supply (S26, C15); one returned this turn first."""
    state[L.UNPLACED + seat * 2 + kind] -= 1
    state[L.OWNED + seat * 2 + kind] -= 1
    if seat == state[L.ACTOR] and state[L.BLOCKED + kind] > 0:
        state[L.BLOCKED + kind] -= 1


@njit(cache=True)
def spend_placed(state, seat, space, kind):
    """Spend a vassal standing on a space: back to the supply (S26)."""
    lift_vassal(state, seat, space, kind)
    state[L.OWNED + seat * 2 + kind] -= 1


@njit(cache=True)
def recruit(state, seat, kind, count):
    """Recruit vassals from the supply: unplaced at once (S27)."""
    state[L.OWNED + seat * 2 + kind] += count
    state[L.UNPLACED + seat * 2 + kind] += count


@njit(cache=True)
def spendable(state, seat, kind, exclude_space, placing_kind):
    """Vassals of `kind` the seat could spend: all it owns except those on `exclude_space` (the
    space just used, S26) and the one about to be placed there."""
    n = state[L.OWNED + seat * 2 + kind]
    if exclude_space >= 0:
        n -= state[occ_at(seat, exclude_space, kind)]
    if placing_kind == kind:
        n -= 1
    return n
