"""The round's automatic steps between decisions (D11): each phase hands over through STEP."""

from numba import njit

from dragon_env.engine import layout as L
from dragon_env.engine.buildings import begin_phase2
from dragon_env.engine.contracts import begin_round
from dragon_env.engine.dragon import phase4
from dragon_env.engine.refresh import begin_phase3


@njit(cache=True)
def advance(state):
    """Run automatic steps until a seat must decide or the game is over."""
    while True:
        step = state[L.STEP]
        if step == L.AUTO_PHASE2:
            begin_phase2(state)
        elif step == L.AUTO_PHASE3:
            begin_phase3(state)
        elif step == L.AUTO_PHASE4:
            phase4(state)
        elif step == L.AUTO_ROUND:
            begin_round(state)
        else:
            return
