"""Final rewards from final scores, shared by every game.

Two schemes, chosen with the environments' `reward_mode` option:
- "rank" (default): seats are placed by their placement key (score, then the game's tie-breaks);
  first place gets +1, last place -1, linearly in between; seats still tied after the tie-breaks
  share the average of the places they span. The rewards sum to exactly 0.0 when added in seat
  order (as Python's `sum`, NumPy for so few seats and OpenSpiel's zero-sum checks add them):
  with 4 seats a place is worth a third, which floats round, so `rank_rewards` moves the shared
  value of some places by a unit or two in the last place when their seat-order sum is not 0.0
  (e.g. 0.9999999999999998 for a lone first place when the three others tie). Tied seats keep
  one value.
- "margin": a seat's score minus the mean score of the other seats, with seats tied on score
  separated by the same tie-breaks: each gets 1/(2n) for every score-tied seat whose placement key
  it beats and loses as much for every one that beats it (n = number of seats). Scores are whole
  numbers, so two seats whose scores differ are more than 1 apart before this term and less than
  1 apart through it: the margin order is the placement order, and both modes name the same
  winner(s). Also zero-sum.
- "score": each seat's final score as the game counts it, unchanged: a game whose final
  scores are already payoffs (Goofspiel's are OpenSpiel's returns) pays them as they are. Zero-sum
  only when the game's scores are.
"""

import numpy as np
from numba import njit

REWARD_MODES = ("rank", "margin", "score")
RANK, MARGIN, SCORE = 0, 1, 2


@njit(cache=True)
def rank_rewards(keys, num_players, out):
    """Write rank rewards for keys[:num_players] (higher is better) into out[:num_players]."""
    last = num_players - 1
    for i in range(num_players):
        better = 0
        equal = 0
        for j in range(num_players):
            if keys[j] > keys[i]:
                better += 1
            elif keys[j] == keys[i]:
                equal += 1
        # Twice the place is a whole number: one rounding, and mirrored places get exactly
        # opposite rewards.
        out[i] = (last - (2 * better + equal - 1)) / last
    if _seat_order_sum(out, num_players) != 0.0:
        _zero_seat_order_sum(out, num_players)


# How far `_zero_seat_order_sum` moves a place's reward, in units in the last place.
_MAX_ULPS = 2


@njit(cache=True)
def _seat_order_sum(out, num_players):
    total = 0.0
    for i in range(num_players):
        total += out[i]
    return total


@njit(cache=True)
def _zero_seat_order_sum(out, num_players):
    """Move the rewards of out[:num_players], each distinct value (a place, shared by the seats
    tied on it) by the same few units in the last place (at most _MAX_ULPS, staying in
    [-1, 1]), fewest units in all, so that their seat-order sum is exactly 0.0. Left as they are
    if no such move exists (never for 2 to 5 seats: tests/core/test_rng_and_rewards.py tries
    every ranking)."""
    n = num_players
    group = np.zeros(n, np.int64)  # the index of each seat's value among the distinct values
    values = np.zeros(n, np.float64)
    groups = 0
    for i in range(n):
        group[i] = groups
        for g in range(groups):
            if values[g] == out[i]:
                group[i] = g
        if group[i] == groups:
            values[groups] = out[i]
            groups += 1
    radius = 2 * _MAX_ULPS + 1
    # Each value moved by -_MAX_ULPS.._MAX_ULPS units: its candidates, and every combination.
    moved = np.zeros((groups, radius), np.float64)
    for g in range(groups):
        moved[g, _MAX_ULPS] = values[g]
        for k in range(1, _MAX_ULPS + 1):
            moved[g, _MAX_ULPS + k] = np.nextafter(moved[g, _MAX_ULPS + k - 1], np.inf)
            moved[g, _MAX_ULPS - k] = np.nextafter(moved[g, _MAX_ULPS - k + 1], -np.inf)
    best = -1
    best_cost = n * _MAX_ULPS + 1
    for code in range(radius**groups):
        cost = 0
        inside = True
        rest = code
        for g in range(groups):
            k = rest % radius
            rest //= radius
            cost += abs(k - _MAX_ULPS)
            inside = inside and abs(moved[g, k]) <= 1.0
        if cost >= best_cost or not inside:
            continue
        total = 0.0
        for i in range(n):
            rest = code
            for _ in range(group[i]):
                rest //= radius
            total += moved[group[i], rest % radius]
        if total == 0.0:
            best, best_cost = code, cost
    if best < 0:
        return
    for i in range(n):
        rest = best
        for _ in range(group[i]):
            rest //= radius
        out[i] = moved[group[i], rest % radius]


@njit(cache=True)
def margin_rewards(scores, keys, num_players, out):
    """Write each seat's score minus the mean of the other seats' scores into out, plus the
    tie-break term of the module docstring for seats tied on score (keys: placement keys)."""
    total = 0.0
    for i in range(num_players):
        total += scores[i]
    step = 1.0 / (2 * num_players)
    for i in range(num_players):
        out[i] = scores[i] - (total - scores[i]) / (num_players - 1)
        for j in range(num_players):
            if scores[j] == scores[i]:
                if keys[i] > keys[j]:
                    out[i] += step
                elif keys[i] < keys[j]:
                    out[i] -= step


@njit(cache=True)
def final_rewards(scores, keys, num_players, mode, out):
    """Dispatch on the reward mode (RANK, MARGIN or SCORE)."""
    if mode == SCORE:
        out[:num_players] = scores[:num_players]
    elif mode == MARGIN:
        margin_rewards(scores, keys, num_players, out)
    else:
        rank_rewards(keys, num_players, out)
