"""Phase 3, Refreshing Available Buildings (engine/refresh.py): what an Invasion takes."""

from numba import njit

from agents.bots.heuristics.dragon.outlook import NEVER, T, buildings, seat_holding
from agents.bots.heuristics.dragon.values import (
    board_columns,
    changed_board,
    money,
    own_debt,
    position_value,
)
from dragon_env.engine import layout as L
from dragon_env.engine.tables import GOLD, INVASION_KNIGHTS, KNIGHTS


@njit(cache=True)
def choose_invasion(w, view, state, seat, mask):
    """Give what costs least: 2 Knights or the Building whose loss hurts the board least."""
    bld = buildings(state)
    debt = own_debt(view, state, seat)
    gold = seat_holding(state, seat, GOLD)
    knights = seat_holding(state, seat, KNIGHTS)
    best = -1
    best_value = NEVER
    if mask[L.A_INVADE_KNIGHTS]:
        best = L.A_INVADE_KNIGHTS
        best_value = position_value(w, view, state, seat, bld, debt, gold,
                                    max(knights - INVASION_KNIGHTS, 0))
    n = state[L.NUM_PLAYERS]
    cols = board_columns(w, view, n, bld)
    for t in range(T):
        if mask[L.A_INVADE_BUILDING + t]:
            bld[seat * T + t] -= 1
            v = changed_board(w, view, n, bld, cols, t, seat) + money(w, view, debt, gold, knights)
            bld[seat * T + t] += 1
            if v > best_value:
                best_value = v
                best = L.A_INVADE_BUILDING + t
    return best
