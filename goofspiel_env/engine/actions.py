"""Bids: the legal-action mask, a bid, and the resolution of a turn once every seat has bid."""

from numba import njit

from goofspiel_env.engine import layout as L
from tabletop_core.signatures import CURRENT_PLAYER, DECISION_GROUP, LEGAL_MASK, PLAY


@njit(CURRENT_PLAYER, cache=True)
def current_player(state):
    """Seat to bid, or -1 once the game is over."""
    return state[L.ACTOR]


@njit(DECISION_GROUP, cache=True)
def decision_group(state, seats):
    """The seats bidding together now (every bid is sealed): the actor and every later seat,
    in the order the engine asks them; returns their count (0: over)."""
    actor = state[L.ACTOR]
    if actor < 0:
        return 0
    count = 0
    for seat in range(actor, state[L.NUM_PLAYERS]):
        seats[count] = seat
        count += 1
    return count


@njit(LEGAL_MASK, cache=True)
def legal_mask(state, mask):
    """mask[c] = 1 for each card the seat to act still holds, 0 elsewhere."""
    mask[:] = 0
    seat = state[L.ACTOR]
    if seat < 0:
        return
    for c in range(state[L.NUM_CARDS]):
        mask[c] = state[L.HANDS + seat * L.C + c]


@njit(cache=True)
def winner_of(bids, n):
    """The seat with the highest of bids[:n], or DISCARDED when that bid is tied (OpenSpiel)."""
    best = -1
    count = 0
    winner = L.DISCARDED
    for seat in range(n):
        if bids[seat] > best:
            best = bids[seat]
            count = 1
            winner = seat
        elif bids[seat] == best:
            count += 1
    return winner if count == 1 else L.DISCARDED


@njit(cache=True)
def _resolve_turn(state):
    """Every seat has bid: the prize goes to the highest bid alone, the bids are spent."""
    n = state[L.NUM_PLAYERS]
    turn = state[L.TURN]
    winner = winner_of(state[L.PENDING:L.PENDING + n], n)
    state[L.WINNERS + turn] = winner
    if winner >= 0:
        state[L.POINTS + winner] += state[L.PRIZE] + 1
    for seat in range(n):
        card = state[L.PENDING + seat]
        state[L.BIDS + turn * L.P + seat] = card
        state[L.HANDS + seat * L.C + card] = 0
        state[L.PENDING + seat] = -1
    state[L.TURN] = turn + 1


@njit(cache=True)
def _only_card(state, seat):
    for c in range(state[L.NUM_CARDS]):
        if state[L.HANDS + seat * L.C + c]:
            return c
    return -1


@njit(PLAY, cache=True)
def play(state, action):
    """Seal the actor's bid of card `action`; after the last seat's, resolve the turn, turn
    up the next prize, and play the last turn at once when every hand holds one card (no choice
    is left: OpenSpiel does the same)."""
    seat = state[L.ACTOR]
    n = state[L.NUM_PLAYERS]
    state[L.PENDING + seat] = action
    if seat + 1 < n:
        state[L.ACTOR] = seat + 1
        return
    while True:
        _resolve_turn(state)
        if state[L.TURN] == state[L.NUM_TURNS]:
            state[L.PHASE] = L.OVER
            state[L.ACTOR] = -1
            state[L.PRIZE] = -1
            return
        state[L.PRIZE] = state[L.PRIZES + state[L.TURN]]
        state[L.ACTOR] = 0
        if state[L.TURN] != state[L.NUM_CARDS] - 1:
            return
        for s in range(n):
            state[L.PENDING + s] = _only_card(state, s)
