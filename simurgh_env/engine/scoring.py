"""Final scoring (S63-S71, C5, C6, C9): objectives first, then PP on the track and resources."""

from numba import njit

from simurgh_env.engine import layout as L
from simurgh_env.engine.dragons import dragon_type, markers_of, owns
from simurgh_env.engine.tables import (
    DRAGONLORD_POINTS,
    MEAT,
    N_DRAGONS,
    N_MONUMENT,
    N_RES,
    OBJ_KIND,
    OBJ_POINTS,
    OBJ_TYPE_MASK,
    OBJ_VEG_MEAT,
    VEGETABLE,
)
from tabletop_core.signatures import FINAL_SCORES

KEY_SCALE = 128  # placement key = score * 128 (+ ability markers, at most 72, with TIES_MARKERS)


@njit(cache=True)
def objective_value(state, seat, objective):
    """What objective tile `objective` compares for `seat` (S64)."""
    if OBJ_KIND[objective] == OBJ_VEG_MEAT:
        return state[L.RES + seat * N_RES + VEGETABLE] + state[L.RES + seat * N_RES + MEAT]
    n = 0
    for dragon in range(N_DRAGONS):
        if owns(state, seat, dragon) and OBJ_TYPE_MASK[objective] >> dragon_type(dragon) & 1:
            for slot in range(3):
                if state[L.DSLOT + dragon * 3 + slot] == L.SLOT_MARKER:
                    n += 1
    return n


@njit(cache=True)
def objective_points(state, seat):
    """PP from the objectives at the Monument: tied players share a place and the next places
    are skipped; a value of 0 scores nothing (S65, C5)."""
    total = 0
    for space in range(N_MONUMENT):
        objective = state[L.MONUMENT + space]
        if objective < 0:
            continue
        value = objective_value(state, seat, objective)
        if value == 0:
            continue
        better = 0
        for other in range(state[L.NUM_PLAYERS]):
            if objective_value(state, other, objective) > value:
                better += 1
        if better < 3:
            total += OBJ_POINTS[objective, better]
    return total


@njit(cache=True)
def resource_points(state, seat):
    """PP for the resources left: 1 per 3 (Spearman, S69) or the Dragonlord table (S70, C6)."""
    total = 0
    for r in range(N_RES):
        total += state[L.RES + seat * N_RES + r]
    if state[L.MODE] == 0:
        return total // 3
    return DRAGONLORD_POINTS[min(total, DRAGONLORD_POINTS.shape[0] - 1)]


@njit(cache=True)
def final_score(state, seat):
    """A seat's score as it would be counted now: PP + objectives + resources (S68)."""
    return state[L.PP + seat] + objective_points(state, seat) + resource_points(state, seat)


@njit(FINAL_SCORES, cache=True)
def final_scores(state, scores, keys):
    """Scores per seat and placement keys: the score; with the `ties="markers"` option, then the
    ability markers on dragons (S71: tied players share the win unless they refuse, C9)."""
    for seat in range(state[L.NUM_PLAYERS]):
        score = final_score(state, seat)
        scores[seat] = score
        keys[seat] = score * KEY_SCALE
        if state[L.TIES] == L.TIES_MARKERS:
            keys[seat] += markers_of(state, seat)
