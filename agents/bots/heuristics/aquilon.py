"""A sensible Aquilon player: bids by need and value, takes the card that raises its Bravery
Value most, recruits and places Cognars greedily, denies the best card when it discards."""

import numpy as np
from numba import njit

from aquilon_env.data import DWARF_ORDER, NUM_ORDERS
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
    return _card_gain(state, seat, card, _worth(state, seat), state.copy())


@njit(cache=True, inline="always")
def copy_into(out, state):
    """`out[:] = state`, faster in numba than the slice assignment or `state.copy()`."""
    for i in range(state.shape[0]):
        out[i] = state[i]


@njit(cache=True, inline="always")
def _worth(state, seat):
    """Bravery Value with the lines counted as Cognars."""
    return bravery_value(state, seat) + LINE_VALUE * complete_lines(state, seat)


@njit(cache=True)
def _card_gain(state, seat, card, before, buf):
    """`card_gain` from the seat's `_worth` now; `buf`, a copy of `state`, is left so."""
    place_dwarf(buf, seat, card)
    gain = _worth(buf, seat) - before
    _unplace(state, seat, card, buf)
    return gain


@njit(cache=True, inline="always")
def _unplace(state, seat, card, buf):
    """Undo `place_dwarf(buf, seat, card)` on a copy of `state`: every field it writes (see
    aquilon_env/engine/army.py) back to its value in `state`."""
    order = seat * NUM_ORDERS + DWARF_ORDER[card]
    k = seat * L.MAX_WANDERERS + state[L.WAND_COUNT + seat]
    for i in (L.ARMY + seat * L.MAX_ARMY + state[L.ARMY_COUNT + seat], L.ARMY_COUNT + seat,
              L.COL_RANKS + order, L.MALT + seat, L.OCCULT + seat, L.RUNE_MASK + seat,
              L.WAND_COUNT + seat, L.WAND_VALUE + k, L.WAND_COVERED + k,
              L.WAND_VALUES_SEEN + seat, L.WAND_COVERED_COUNT + seat, L.PARIAH_FREE,
              L.WAND_VISIBLE + seat, L.COL_POINTS + order):
        buf[i] = state[i]


@njit(cache=True, inline="always")
def _only_action(mask):
    """The legal action if there is exactly one, else -1."""
    only = -1
    for a in range(mask.shape[0]):
        if mask[a]:
            if only >= 0:
                return -1
            only = a
    return only


@njit(cache=True)
def _is_sub_decision(phase):
    for p in SUB_DECISIONS:
        if phase == p:
            return True
    return False


@njit(cache=True)
def _greedy_one_step(state, seat, mask, s):
    """The action of best Bravery Value right after it (`s`: scratch of the state's size)."""
    only = _only_action(mask)
    if only >= 0:  # the best of one (a Bravery Value is far above the initial best)
        return only
    best = -1
    best_value = -1 << 40
    for a in range(mask.shape[0]):
        if mask[a]:
            copy_into(s, state)
            play(s, a)
            v = bravery_value(s, seat)
            if v > best_value:
                best_value = v
                best = a
    return best


@njit(cache=True)
def _value_after(state, seat, action, mask, s, scratch):
    """Bravery Value after `action` and the Lord's own follow-up choices made greedily (`s`
    and `scratch`: scratch of the state's size)."""
    copy_into(s, state)
    play(s, action)
    for _ in range(32):
        if current_player(s) != seat or not _is_sub_decision(s[L.PHASE]):
            break
        legal_mask(s, mask)
        play(s, _greedy_one_step(s, seat, mask, scratch))
    return bravery_value(s, seat)


@njit(cache=True)
def _tavern_values(state, seat):
    """The best `card_gain` in each tavern (-1 if empty)."""
    values = np.zeros(3)
    before = _worth(state, seat)
    buf = state.copy()
    for t in range(3):
        best = -1
        for s in range(L.MAX_TAVERN_CARDS):
            card = state[L.TAVERN_CARDS + t * L.MAX_TAVERN_CARDS + s]
            if card >= 0:
                best = max(best, _card_gain(state, seat, card, before, buf))
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
        before = 0
        buf = np.empty(0, np.int32)
        for slot in range(L.MAX_TAVERN_CARDS):
            card = state[L.TAVERN_CARDS + state[L.TAVERN] * L.MAX_TAVERN_CARDS + slot]
            if card >= 0 and mask[L.A_DISCARD + slot]:
                if buf.shape[0] == 0:
                    before = _worth(state, opponent)
                    buf = state.copy()
                gain = _card_gain(state, opponent, card, before, buf)
                if gain > best_gain:
                    best_gain = gain
                    best = L.A_DISCARD + slot
        return best
    only = _only_action(mask)
    if only >= 0:
        return only
    # One allocation: two states and a mask (legal_mask writes all of it).
    size = state.shape[0]
    room = np.empty(2 * size + (mask.shape[0] + 3) // 4, np.int32)
    scratch = room[2 * size:].view(np.uint8)[:mask.shape[0]]
    best = -1
    best_value = -1 << 40
    for a in range(mask.shape[0]):
        if mask[a]:
            v = _value_after(state, seat, a, scratch, room[:size], room[size:2 * size])
            if v > best_value:
                best_value = v
                best = a
    return best
