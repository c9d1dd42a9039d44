"""Phase 4, Moving the Dragon and Paying Interest (D45-D49), and the end check (D50-D54)."""

from numba import njit

from dragon_env.engine import layout as L
from dragon_env.engine.buildings import total_buildings
from dragon_env.engine.ledger import holding, pay, publish_exact
from dragon_env.engine.scoring import update_points
from dragon_env.engine.tables import (
    CALENDAR,
    END_BUILDINGS,
    GOLD,
    NUM_TYPES,
    RING,
    STACK_SIZE,
    TILE_KIND,
)


@njit(cache=True)
def calendars_up(state):
    """Face-up Calendar tiles (D45)."""
    count = 0
    for t in range(NUM_TYPES):
        tile = state[L.SLOT + t]
        if tile >= 0 and TILE_KIND[tile] == CALENDAR:
            count += 1
    return count


@njit(cache=True)
def pay_interest(state):
    """D46-D49: unless the round has no interest, the Dragon takes 1 + Calendars steps; each
    stack it passes costs every seat the Contracts tucked under that type; all settle at once,
    and a seat that cannot pay gives all its Gold and is bankrupt."""
    n = state[L.NUM_PLAYERS]
    for s in range(n):
        state[L.INTEREST_PAID + s] = 0
    if state[L.NO_INTEREST]:
        return
    ring_base = (n - 3) * NUM_TYPES
    ring_size = state[L.SIDES]
    steps = 1 + calendars_up(state)
    for _ in range(steps):
        t = RING[ring_base + state[L.DRAGON]]
        for s in range(n):
            state[L.INTEREST_PAID + s] += state[L.TUCK + s * NUM_TYPES + t]
        state[L.DRAGON] = (state[L.DRAGON] + 1) % ring_size
    for s in range(n):
        due = state[L.INTEREST_PAID + s]
        gold = holding(state, s, GOLD)
        if gold >= due:
            pay(state, s, GOLD, due)
        else:
            state[L.INTEREST_PAID + s] = gold
            pay(state, s, GOLD, gold)
            state[L.BANKRUPT + s] = 1
            publish_exact(state, s, GOLD)


@njit(cache=True)
def game_ends(state):
    """D50: a bankruptcy, a seat with 10+ Buildings, or every face-down stack empty (C11)."""
    n = state[L.NUM_PLAYERS]
    for s in range(n):
        if state[L.BANKRUPT + s] or total_buildings(state, s) >= END_BUILDINGS:
            return True
    for t in range(NUM_TYPES):
        if state[L.STACK_TOP + t] < STACK_SIZE:
            return False
    return True


@njit(cache=True)
def phase4(state):
    """Phase 4, the end check, then the Start Player passes clockwise (D53) or the game ends
    and bankrupt seats lose their Buildings (D54)."""
    pay_interest(state)
    n = state[L.NUM_PLAYERS]
    if game_ends(state):
        for s in range(n):
            if state[L.BANKRUPT + s]:
                for t in range(NUM_TYPES):
                    state[L.BLD + s * NUM_TYPES + t] = 0
        update_points(state)
        state[L.STEP] = L.OVER
        state[L.ACTOR] = -1
        return
    state[L.START] = (state[L.START] + 1) % n
    state[L.STEP] = L.AUTO_ROUND
