"""Final scores: OpenSpiel's returns of the game's returns_type, placed by points."""

from numba import njit

from goofspiel_env.engine import layout as L
from tabletop_core.signatures import FINAL_SCORES


@njit(FINAL_SCORES, cache=True)
def final_scores(state, scores, keys):
    """scores[s]: OpenSpiel's return of seat s under the game's returns_type (win_loss: the
    seats with the most points share +1, the others share -1, all tied 0; point_difference:
    points minus the mean; total_points: points); keys[s]: the seat's points."""
    n = state[L.NUM_PLAYERS]
    best = -1
    winners = 0
    total = 0.0
    for seat in range(n):
        points = state[L.POINTS + seat]
        keys[seat] = points
        total += points
        if points > best:
            best = points
            winners = 1
        elif points == best:
            winners += 1
    kind = state[L.RETURNS_TYPE]
    for seat in range(n):
        points = state[L.POINTS + seat]
        if kind == L.TOTAL_POINTS:
            scores[seat] = points
        elif kind == L.POINT_DIFFERENCE:
            scores[seat] = points - total / n
        elif winners == n:
            scores[seat] = 0.0
        elif points == best:
            scores[seat] = 1.0 / winners
        else:
            scores[seat] = -1.0 / (n - winners)
