"""Objective tiles: the objective stack, the Monument's draw and its objective spaces (S48,
S62, S63)."""

from numba import njit

from simurgh_env.engine import layout as L
from simurgh_env.engine.dragons import first_ability
from simurgh_env.engine.effects import usable
from simurgh_env.engine.offers import sort_entries
from simurgh_env.engine.tables import OBJECTIVE_SWAP, OBJECTIVES_DRAWN, ROW_MONUMENT


@njit(cache=True)
def draw_objectives(state, seat):
    """Draw up to 3 objectives from the top into the buffer, seen by `seat` only."""
    n = min(OBJECTIVES_DRAWN, state[L.OSTACK_N])
    for k in range(n):
        top = state[L.OSTACK_N] - 1
        tile = state[L.OSTACK + top]
        state[L.OSTACK_N] = top
        state[L.ODRAW + k] = tile
        state[L.OLOC + tile] = L.O_DRAWN
        state[L.OIDX + tile] = -1
        state[L.OKNOWN + tile] = 1 << seat
    state[L.ODRAW_N] = n
    sort_entries(state, L.ODRAW, n)


@njit(cache=True)
def holds_objective(state, f):
    """Whether frame `f` holds (in F_ARG2) an objective picked and not yet placed, out of the
    draw: the Monument space's frame while its space is chosen, then the objective's own."""
    kind = state[f + L.F_KIND]
    return kind == L.K_MONUMENT or (kind == L.K_SPACE and state[f + L.F_STEP] == L.ST_MON_SPACE)


@njit(cache=True)
def ostack_push(state, tile, on_top):
    """Return an objective on top of or under the stack; who knew it still knows it."""
    n = state[L.OSTACK_N]
    if on_top:
        at = n
    else:
        for i in range(n, 0, -1):
            moved = state[L.OSTACK + i - 1]
            state[L.OSTACK + i] = moved
            state[L.OIDX + moved] = i
        at = 0
    state[L.OSTACK + at] = tile
    state[L.OSTACK_N] = n + 1
    state[L.OLOC + tile] = L.O_STACK
    state[L.OIDX + tile] = at


@njit(cache=True)
def lift_objective(state, space):
    """Take the objective off a Monument space into the draw buffer, face up (S62)."""
    tile = state[L.MONUMENT + space]
    state[L.MONUMENT + space] = -1
    state[L.OBJECTIVES_N] -= 1
    k = state[L.ODRAW_N]
    state[L.ODRAW + k] = tile
    state[L.ODRAW_N] = k + 1
    state[L.OLOC + tile] = L.O_DRAWN
    state[L.OIDX + tile] = -1
    state[L.OKNOWN + tile] = L.ALL_SEATS
    sort_entries(state, L.ODRAW, k + 1)


@njit(cache=True)
def place_objective(state, tile, space):
    """Lay an objective face up on a Monument space."""
    state[L.MONUMENT + space] = tile
    state[L.OBJECTIVES_N] += 1
    state[L.OLOC + tile] = L.O_MONUMENT
    state[L.OIDX + tile] = space
    state[L.OKNOWN + tile] = L.ALL_SEATS


@njit(cache=True)
def monument_space_legal(state, seat, space):
    """Whether the objective being placed may go on `space`: an empty space whose cost the seat
    can pay (S48), or an occupied one with the objective swap ability (S62, C22)."""
    if state[L.MONUMENT + space] >= 0:
        dragon, _ = first_ability(state, seat, OBJECTIVE_SWAP)
        if dragon < 0:
            return False
    return usable(state, seat, ROW_MONUMENT + space, -1, -1, 0)
