"""Final Bravery Value (rulebook pp. 7, 13): each Order, the Command zone, Malt, talions."""

import numpy as np
from numba import njit

from aquilon_env.data import (
    BOROGAM,
    BRUM,
    BRUM_POINTS,
    COGNAR_KIND,
    COGNAR_POINTS,
    COGNAR_POWER,
    COGNAR_POWER_AMOUNT,
    GURDAN,
    NUM_ELITES,
    NUM_ORDERS,
    NUM_RECRUITABLE,
    SHIELD_TRACK,
    SHIELD_TRACK_LENGTH,
    TISS,
    TISS_POINTS_PER_RANK,
    Order,
    Power,
)
from aquilon_env.engine import layout as L
from aquilon_env.engine.army import WHITE, distinct_runes
from aquilon_env.engine.talions import talion_total
from tabletop_core.signatures import FINAL_SCORES

SHIELD, TEMPLE, WANDERERS, FORGE, TALION = (int(o) for o in Order)
WHITE_COGNARS = tuple(c for c in range(NUM_RECRUITABLE) if COGNAR_KIND[c] == WHITE)
JORUN = int(np.flatnonzero(COGNAR_POWER == Power.RUNE_POINTS)[0])
ABOKAR = int(np.flatnonzero(COGNAR_POWER == Power.SHIELD_POINT_PER_RANK)[0])


@njit(cache=True)
def elite_count(state, seat):
    """Elite Cognars in a Lord's Command zone (the tie-break, p. 13)."""
    n = 0
    for e in range(NUM_ELITES):
        if state[L.ELITE_OWNER + e] == seat:
            n += 1
    return n


@njit(cache=True)
def bravery_value(state, seat):
    """A Lord's Bravery Value with every term, as it would be counted now."""
    col = seat * NUM_ORDERS
    shield_ranks = state[L.COL_RANKS + col + SHIELD]
    runes = distinct_runes(state, seat)
    score = SHIELD_TRACK[min(shield_ranks, SHIELD_TRACK_LENGTH - 1)]
    score += state[L.COL_POINTS + col + TEMPLE] * state[L.OCCULT + seat]
    score += state[L.WAND_VISIBLE + seat] + state[L.COL_POINTS + col + WANDERERS]
    score += state[L.COL_POINTS + col + FORGE] + runes * runes
    score += state[L.COL_POINTS + col + TALION]
    for c in range(NUM_ORDERS):
        score += state[L.COL_FLAT + col + c]  # Black-rank Points, after any multiplication
    for c in WHITE_COGNARS:
        if state[L.COGNAR_OWNER + c] == seat:
            score += COGNAR_POINTS[c]
    if state[L.COGNAR_OWNER + JORUN] == seat:
        score += COGNAR_POWER_AMOUNT[JORUN] * runes
    if state[L.COGNAR_OWNER + ABOKAR] == seat:
        score += COGNAR_POWER_AMOUNT[ABOKAR] * shield_ranks
    if state[L.ELITE_OWNER + TISS] == seat:
        score += TISS_POINTS_PER_RANK * shield_ranks
    if state[L.ELITE_OWNER + BRUM] == seat:
        score += BRUM_POINTS
    malt_value = 1
    if state[L.LIQUOR_OWNER] == seat:
        malt_value += 1
    if state[L.COGNAR_OWNER + GURDAN] == seat and state[L.COGNAR_OWNER + BOROGAM] == seat:
        malt_value += 1
    score += state[L.MALT + seat] * malt_value
    score += talion_total(state, seat)
    return score


@njit(FINAL_SCORES, cache=True)
def final_scores(state, scores, keys):
    """Scores per seat and placement keys: Bravery Value, then Elite Cognars (p. 13)."""
    for seat in range(state[L.NUM_PLAYERS]):
        value = bravery_value(state, seat)
        scores[seat] = value
        keys[seat] = value * 8 + elite_count(state, seat)
