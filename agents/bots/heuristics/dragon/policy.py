"""The policy: each step's decision handed to the phase that decides it."""

from numba import njit

from agents.bots.heuristics.dragon.activation import choose_activation
from agents.bots.heuristics.dragon.amounts import enter_digit
from agents.bots.heuristics.dragon.auctions import choose_bid, choose_tiebreak
from agents.bots.heuristics.dragon.chest import best_take, chest_from_state, respond
from agents.bots.heuristics.dragon.contracts import choose_contract, choose_pick
from agents.bots.heuristics.dragon.outlook import WEIGHTS, buildings, outlook
from agents.bots.heuristics.dragon.refresh import choose_invasion
from dragon_env.engine import layout as L
from tabletop_core.signatures import POLICY


@njit(cache=True)
def decide(state, seat, mask, w):
    """The heuristic's action for `seat` (the seat to act) with weights `w` (see WEIGHTS)."""
    step = state[L.STEP]
    view = outlook(w, state)
    if step == L.CHOOSE_CONTRACT:
        return choose_contract(w, view, state, seat, mask)
    if step == L.PICK_TILE:
        return choose_pick(w, view, state, seat, mask)
    if step == L.ACTIVATE:
        return choose_activation(w, view, state, seat, mask)
    if step == L.CHEST_TARGET:
        target = chest_from_state(w, view, state, seat, -1, -1)[1]
        return L.A_CHEST_TARGET + (target - seat) % state[L.NUM_PLAYERS] - 1
    if step == L.CHEST_BUILDING:
        t = chest_from_state(w, view, state, seat, state[L.CHEST_TARGET_SEAT], -1)[2]
        return L.A_CHEST_BUILDING + t
    if step == L.CHEST_AMOUNT:
        x = chest_from_state(w, view, state, seat, state[L.CHEST_TARGET_SEAT],
                             state[L.CHEST_TYPE])[3]
        return enter_digit(state, mask, x)
    if step == L.CHEST_RESPONSE:
        return respond(w, view, state, seat, mask)
    if step == L.CHEST_TAKE:
        return L.A_TAKE + best_take(w, view, state, seat, buildings(state),
                                    state[L.ACT_SEAT])[1]
    if step == L.BID_AMOUNT:
        return choose_bid(w, view, state, seat, mask)
    if step == L.AUCTION_TIEBREAK:
        return choose_tiebreak(w, view, state, seat, mask)
    return choose_invasion(w, view, state, seat, mask)


@njit(POLICY, cache=True)
def choose(state, seat, mask, rng):
    """The heuristic's action for `seat` (the seat to act) in `state`, a sample of the seat's
    information (deterministic: `rng` is not used)."""
    return decide(state, seat, mask, WEIGHTS)
