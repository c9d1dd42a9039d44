"""A sensible Aquilon player: bids by need and value, takes the card that raises its Bravery
Value most, recruits and places Cognars greedily, denies the best card when it discards."""

import numpy as np
from numba import njit

from aquilon_env.engine import layout as L
from aquilon_env.engine.actions import current_player, legal_mask, play
from aquilon_env.engine.army import complete_lines, place_dwarf
from aquilon_env.engine.scoring import bravery_value
from aquilon_env.engine.talions import BID_TRIPLES, is_exchange_talion
from tabletop_core.signatures import POLICY

LINE_VALUE = 12  # a completed line brings a Cognar: worth about this much
SUB_DECISIONS = (L.RECRUIT, L.PLACE, L.DERDHR, L.SVARA, L.PURSE_UPGRADE, L.TOKENS)


@njit(cache=True)
def card_gain(state, seat, card):
    """What a Dwarf card would add to a Lord's Bravery Value, lines it completes included."""
    s = state.copy()
    before = bravery_value(s, seat) + LINE_VALUE * complete_lines(s, seat)
    place_dwarf(s, seat, card)
    return bravery_value(s, seat) + LINE_VALUE * complete_lines(s, seat) - before


@njit(cache=True)
def _is_sub_decision(phase):
    for p in SUB_DECISIONS:
        if phase == p:
            return True
    return False


@njit(cache=True)
def _greedy_one_step(state, seat, mask):
    best = -1
    best_value = -1 << 40
    for a in range(mask.shape[0]):
        if mask[a]:
            s = state.copy()
            play(s, a)
            v = bravery_value(s, seat)
            if v > best_value:
                best_value = v
                best = a
    return best


@njit(cache=True)
def _value_after(state, seat, action, mask):
    """Bravery Value after `action` and the Lord's own follow-up choices made greedily."""
    s = state.copy()
    play(s, action)
    for _ in range(32):
        if current_player(s) != seat or not _is_sub_decision(s[L.PHASE]):
            break
        legal_mask(s, mask)
        play(s, _greedy_one_step(s, seat, mask))
    return bravery_value(s, seat)


@njit(cache=True)
def _tavern_values(state, seat):
    values = np.zeros(3)
    for t in range(3):
        best = -1
        for s in range(L.MAX_TAVERN_CARDS):
            card = state[L.TAVERN_CARDS + t * L.MAX_TAVERN_CARDS + s]
            if card >= 0:
                best = max(best, card_gain(state, seat, card))
        values[t] = best
    return values


@njit(cache=True)
def _bid(state, seat):
    """Highest talion on the most valuable tavern, the next on the second, the exchange talion
    on the least valuable one (its exchange grows the purse)."""
    values = _tavern_values(state, seat)
    order = np.argsort(-values)  # taverns, most valuable first
    exchange = 0
    for h in range(5):
        if is_exchange_talion(state, seat, h):
            exchange = h
    others = np.zeros(4, np.int64)  # the other hand talions, ascending (the hand is sorted)
    k = 0
    for h in range(5):
        if h != exchange:
            others[k] = h
            k += 1
    wanted = np.zeros(3, np.int64)
    wanted[order[0]] = others[3]
    wanted[order[1]] = others[2]
    wanted[order[2]] = exchange
    for b in range(BID_TRIPLES.shape[0]):
        if (BID_TRIPLES[b, 0] == wanted[0] and BID_TRIPLES[b, 1] == wanted[1]
                and BID_TRIPLES[b, 2] == wanted[2]):
            return L.A_BID + b
    return L.A_BID


@njit(POLICY, cache=True)
def choose(state, seat, mask, rng):
    """The heuristic's action for `seat` (the seat to act) in `state` (deterministic: `rng`
    is not used)."""
    phase = state[L.PHASE]
    if phase == L.BID:
        return _bid(state, seat)
    if phase == L.DISCARD:
        opponent = 1 - seat
        best = -1
        best_gain = -1 << 40
        for slot in range(L.MAX_TAVERN_CARDS):
            card = state[L.TAVERN_CARDS + state[L.TAVERN] * L.MAX_TAVERN_CARDS + slot]
            if card >= 0 and mask[L.A_DISCARD + slot]:
                gain = card_gain(state, opponent, card)
                if gain > best_gain:
                    best_gain = gain
                    best = L.A_DISCARD + slot
        return best
    scratch = np.zeros(mask.shape[0], np.uint8)
    best = -1
    best_value = -1 << 40
    for a in range(mask.shape[0]):
        if mask[a]:
            v = _value_after(state, seat, a, scratch)
            if v > best_value:
                best_value = v
                best = a
    return best
