"""Final scoring (D54-D57): types owned, strict majorities, and the placement key."""

from numba import njit

from dragon_env.engine import layout as L
from dragon_env.engine.tables import GOLD, KNIGHTS, NUM_TYPES
from tabletop_core.signatures import FINAL_SCORES

KEY_POINTS_SHIFT = 22  # D57: points * 2**22 + Knights * 2**11 + Gold (holdings < 2**11, M13)
KEY_KNIGHTS_SHIFT = 11
NO_LEADER = 15  # leaders are packed 4 bits per type


@njit(cache=True)
def majority_leaders(state):
    """For each type, the seat owning strictly more Buildings than every other, or NO_LEADER
    (4 bits per type). Bankrupt seats count as owning nothing (D54, A21)."""
    n = state[L.NUM_PLAYERS]
    packed = 0
    for t in range(NUM_TYPES):
        best = 0
        leader = NO_LEADER
        for seat in range(n):
            if state[L.BANKRUPT + seat]:
                continue
            own = state[L.BLD + seat * NUM_TYPES + t]
            if own > best:
                best = own
                leader = seat
            elif own == best and own > 0:
                leader = NO_LEADER
        packed |= leader << (4 * t)
    return packed


@njit(cache=True)
def points_with(state, seat, leaders):
    """D55 as it would be counted now, given `majority_leaders`: 1 per type owned, 1 more per
    strict majority; a bankrupt seat scores 0."""
    if state[L.BANKRUPT + seat]:
        return 0
    total = 0
    for t in range(NUM_TYPES):
        if state[L.BLD + seat * NUM_TYPES + t] > 0:
            total += 1
            if (leaders >> (4 * t)) & 15 == seat:
                total += 1
    return total


@njit(cache=True)
def points(state, seat):
    """A seat's points as they would be counted now (D55)."""
    return points_with(state, seat, majority_leaders(state))


@njit(cache=True)
def update_points(state):
    """Recount every seat's POINTS after Buildings or bankruptcies changed."""
    leaders = majority_leaders(state)
    for seat in range(state[L.NUM_PLAYERS]):
        state[L.POINTS + seat] = points_with(state, seat, leaders)


@njit(cache=True)
def placement_key(state, seat, score):
    """D56-D57: points, then Knights, then Gold, as one integer (higher is better)."""
    knights = state[L.HOLD + seat * 2 + KNIGHTS]
    gold = state[L.HOLD + seat * 2 + GOLD]
    return (score << KEY_POINTS_SHIFT) + (knights << KEY_KNIGHTS_SHIFT) + gold


@njit(FINAL_SCORES, cache=True)
def final_scores(state, scores, keys):
    """Scores (points) per seat and placement keys (tabletop_core.spec, M11)."""
    leaders = majority_leaders(state)
    for seat in range(state[L.NUM_PLAYERS]):
        score = points_with(state, seat, leaders)
        scores[seat] = score
        keys[seat] = placement_key(state, seat, score)
