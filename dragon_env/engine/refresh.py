"""Phase 3, Refreshing Available Buildings (D39-D44): discard, refill and Invasions."""

from numba import njit

from dragon_env.engine import layout as L
from dragon_env.engine.buildings import total_buildings
from dragon_env.engine.ledger import holding, pay, publish_exact
from dragon_env.engine.scoring import update_points
from dragon_env.engine.tables import (
    BUILDING,
    CALENDAR,
    GENEROUS_DRAGON,
    INVASION,
    INVASION_KNIGHTS,
    KNIGHTS,
    NUM_TYPES,
    RING,
    STACK_SIZE,
    TILE_GOLD,
    TILE_KIND,
)


@njit(cache=True)
def turn_up(state, t):
    """Turn the top face-down tile of stack t into its slot; returns the tile id."""
    top = state[L.STACK_TOP + t]
    tile = state[L.STACKS + t * STACK_SIZE + top]
    state[L.STACK_TOP + t] = top + 1
    state[L.SLOT + t] = tile
    kind = TILE_KIND[tile]
    if kind == BUILDING:
        state[L.REM_BUILDINGS + t] -= 1
        state[L.REM_GOLD + t] -= TILE_GOLD[tile]
    elif kind == CALENDAR:
        state[L.REM_CALENDARS + t] -= 1
    elif kind == INVASION:
        state[L.REM_INVASIONS + t] -= 1
    return tile


@njit(cache=True)
def begin_phase3(state):
    """D39-D41: discard the face-up tiles (a Generous Dragon cancels this round's interest),
    turn up the stacks in ring order and count the Invasions just turned up."""
    for seat in range(L.P):
        state[L.INVADED + seat] = -1
    for t in range(NUM_TYPES):
        tile = state[L.SLOT + t]
        if tile >= 0 and TILE_KIND[tile] == GENEROUS_DRAGON:
            state[L.NO_INTEREST] = 1
        state[L.SLOT + t] = -1
    ring_base = (state[L.NUM_PLAYERS] - 3) * NUM_TYPES
    invasions = 0
    for i in range(state[L.SIDES]):
        t = RING[ring_base + i]
        if state[L.STACK_TOP + t] < STACK_SIZE:
            if TILE_KIND[turn_up(state, t)] == INVASION:
                invasions += 1
    state[L.INVASIONS_LEFT] = invasions
    next_invasion(state)


@njit(cache=True)
def next_invasion(state):
    """Ask every seat about the next Invasion (M7), or move on to Phase 4."""
    if state[L.INVASIONS_LEFT] > 0:
        state[L.TURN] = 0
        state[L.STEP] = L.INVASION
        state[L.ACTOR] = state[L.START]
    else:
        state[L.STEP] = L.AUTO_PHASE4


@njit(cache=True)
def may_give_knights(state, seat):
    """D42 with C10 and M14: 2 Knights if it has them; a seat without Buildings always gives
    Knights (all it has when fewer than 2, D43)."""
    return holding(state, seat, KNIGHTS) >= INVASION_KNIGHTS or total_buildings(state, seat) == 0


@njit(cache=True)
def commit_invasion(state, seat, choice):
    """A seat's secret Invasion choice: a building type, or L.INVADE_KNIGHTS."""
    state[L.PENDING + seat] = choice
    state[L.TURN] += 1
    n = state[L.NUM_PLAYERS]
    if state[L.TURN] < n:
        state[L.ACTOR] = (state[L.START] + state[L.TURN]) % n
        return
    for s in range(n):
        choice = state[L.PENDING + s]
        state[L.PENDING + s] = -1
        state[L.INVADED + s] = choice
        if choice == L.INVADE_KNIGHTS:
            knights = holding(state, s, KNIGHTS)
            pay(state, s, KNIGHTS, min(knights, INVASION_KNIGHTS))
            if knights < INVASION_KNIGHTS:
                publish_exact(state, s, KNIGHTS)  # D43: it gave all it had, in view
        else:
            state[L.BLD + s * NUM_TYPES + choice] -= 1
    update_points(state)
    state[L.INVASIONS_LEFT] -= 1
    next_invasion(state)
