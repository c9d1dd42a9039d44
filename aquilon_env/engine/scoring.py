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


# The terms of the rulebook's score sheet (p. 13), in its order.
TERM_NAMES = ("Shield", "Temple", "Wanderers", "Forge", "Talion", "Command zone", "Malt",
              "talions")
NUM_TERMS = len(TERM_NAMES)
COMMAND_TERM, MALT_TERM, TALIONS_TERM = 5, 6, 7


@njit(cache=True)
def bravery_term(state, seat, term):
    """One term of a Lord's Bravery Value (TERM_NAMES order) as it would be counted now: a
    column with the Cognars in it (Black-rank Points after any multiplication, Abokar with the
    Shield), the Command zone (White-rank and Elite Cognars), Malt, or the talions."""
    col = seat * NUM_ORDERS
    if term < NUM_ORDERS:
        value = state[L.COL_FLAT + col + term]  # Black-rank Points, never multiplied
        if term == SHIELD:
            ranks = state[L.COL_RANKS + col + SHIELD]
            value += SHIELD_TRACK[min(ranks, SHIELD_TRACK_LENGTH - 1)]
            if state[L.COGNAR_OWNER + ABOKAR] == seat:
                value += COGNAR_POWER_AMOUNT[ABOKAR] * ranks
        elif term == TEMPLE:
            value += state[L.COL_POINTS + col + TEMPLE] * state[L.OCCULT + seat]
        elif term == WANDERERS:
            value += state[L.WAND_VISIBLE + seat] + state[L.COL_POINTS + col + WANDERERS]
        elif term == FORGE:
            runes = distinct_runes(state, seat)
            value += state[L.COL_POINTS + col + FORGE] + runes * runes
        else:
            value += state[L.COL_POINTS + col + TALION]
        return value
    if term == COMMAND_TERM:
        value = 0
        for c in WHITE_COGNARS:
            if state[L.COGNAR_OWNER + c] == seat:
                value += COGNAR_POINTS[c]
        if state[L.COGNAR_OWNER + JORUN] == seat:
            value += COGNAR_POWER_AMOUNT[JORUN] * distinct_runes(state, seat)
        if state[L.ELITE_OWNER + TISS] == seat:
            value += TISS_POINTS_PER_RANK * state[L.COL_RANKS + col + SHIELD]
        if state[L.ELITE_OWNER + BRUM] == seat:
            value += BRUM_POINTS
        return value
    if term == MALT_TERM:
        malt_value = 1
        if state[L.LIQUOR_OWNER] == seat:
            malt_value += 1
        if state[L.COGNAR_OWNER + GURDAN] == seat and state[L.COGNAR_OWNER + BOROGAM] == seat:
            malt_value += 1
        return state[L.MALT + seat] * malt_value
    return talion_total(state, seat)


@njit(cache=True)
def bravery_value(state, seat):
    """A Lord's Bravery Value with every term, as it would be counted now."""
    score = 0
    for term in range(NUM_TERMS):
        score += bravery_term(state, seat, term)
    return score


@njit(FINAL_SCORES, cache=True)
def final_scores(state, scores, keys):
    """Scores per seat and placement keys: Bravery Value, then Elite Cognars (p. 13)."""
    for seat in range(state[L.NUM_PLAYERS]):
        value = bravery_value(state, seat)
        scores[seat] = value
        keys[seat] = value * 8 + elite_count(state, seat)
