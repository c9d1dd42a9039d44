"""Final rewards from final scores, shared by every game.

Two schemes, chosen with the environments' `reward_mode` option:
- "rank" (default): seats are placed by their placement key (score, then the game's tie-breaks);
  first place gets +1, last place -1, linearly in between; seats still tied after the tie-breaks
  share the average of the places they span. The rewards sum to zero.
- "margin": a seat's score minus the mean score of the other seats, with seats tied on score
  separated by the same tie-breaks: each gets 1/(2n) for every score-tied seat whose placement key
  it beats and loses as much for every one that beats it (n = number of seats). Scores are whole
  numbers, so two seats whose scores differ are more than 1 apart before this term and less than
  1 apart through it: the margin order is the placement order, and both modes name the same
  winner(s). Also zero-sum.
"""

from numba import njit

REWARD_MODES = ("rank", "margin")
RANK, MARGIN = 0, 1


@njit(cache=True)
def rank_rewards(keys, num_players, out):
    """Write rank rewards for keys[:num_players] (higher is better) into out[:num_players]."""
    for i in range(num_players):
        better = 0
        equal = 0
        for j in range(num_players):
            if keys[j] > keys[i]:
                better += 1
            elif keys[j] == keys[i]:
                equal += 1
        place = better + (equal - 1) / 2.0
        out[i] = 1.0 - 2.0 * place / (num_players - 1)


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
    """Dispatch on the reward mode (RANK or MARGIN)."""
    if mode == MARGIN:
        margin_rewards(scores, keys, num_players, out)
    else:
        rank_rewards(keys, num_players, out)
