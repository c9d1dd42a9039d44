"""Goofspiel's fixed bot: bid the card of the prize's value (OpenSpiel's usual fixed policy).

Each seat holds one card of each value and each prize value comes up once, so this card is
always in hand when the bot has bid this way all game; in a state it did not play itself (a
search sample, a seat taken over mid-game) it bids the held card nearest in value, the lower
one on a tie.
"""

from numba import njit

from goofspiel_env.engine import layout as L
from tabletop_core.signatures import POLICY


@njit(POLICY, cache=True)
def choose(state, seat, mask, rng):
    """The card of the prize's value if `seat` holds it, else the held card nearest to it."""
    prize = state[L.PRIZE]
    for distance in range(L.C):
        for card in (prize - distance, prize + distance):
            if 0 <= card < L.C and mask[card]:
                return card
    return -1
