"""Turn order: starting a turn, the end trigger and the last round (S17, S66, S67)."""

from numba import njit

from simurgh_env.engine import layout as L
from simurgh_env.engine.tables import CHRONICLE_TO_END, OBJECTIVES_TO_END


@njit(cache=True)
def start_turn(state, seat):
    """Give `seat` a fresh turn: one main action, the once-per-turn free actions unused."""
    state[L.ACTOR] = seat
    state[L.PHASE] = L.FREE
    state[L.DEPTH] = 0
    state[L.TURN] += 1
    state[L.MAIN_DONE] = 0
    state[L.TILE_PLAYED] = 0
    state[L.MOVED] = 0
    state[L.ENTERED_AREA] = -1
    state[L.BLOCKED] = 0
    state[L.BLOCKED + 1] = 0
    state[L.PENDING_TILE] = -1


@njit(cache=True)
def check_end(state):
    """Trigger the end at once when the Monument or the Chronicle holds enough tiles (S66)."""
    if state[L.END_SEAT] >= 0:
        return
    length = state[L.LENGTH]
    if (state[L.CHRONICLE_N] >= CHRONICLE_TO_END[length]
            or state[L.OBJECTIVES_N] >= OBJECTIVES_TO_END[length]):
        state[L.END_SEAT] = state[L.ACTOR]
        # The triggering turn, then one more turn for every other player (S67).
        state[L.FINAL_LEFT] = state[L.NUM_PLAYERS]


@njit(cache=True)
def next_turn(state):
    """After the limits: pass the turn on, or end the game after the last round."""
    if state[L.END_SEAT] >= 0:
        state[L.FINAL_LEFT] -= 1
        if state[L.FINAL_LEFT] == 0:
            state[L.PHASE] = L.OVER
            state[L.ACTOR] = -1
            state[L.DEPTH] = 0
            return
    start_turn(state, (state[L.ACTOR] + 1) % state[L.NUM_PLAYERS])
