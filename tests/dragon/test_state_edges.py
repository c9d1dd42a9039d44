"""Dragon's Interest states at the edges (issue 51), refused by `check_state`: a Contract hand
with more cards gone than rounds begun, which would leave a seat with no Contract to choose (D12,
D20), and a shut chest that does not link its two parties for the other seats (D30), which
`determinize` cannot redraw."""

from __future__ import annotations

import numpy as np
import pytest

from dragon_env.engine import layout as L
from dragon_env.env import SPEC, raw_env

from .scenario import fresh, play_contracts, step


def _round_one_picks() -> np.ndarray:
    """Round 1 after the reveal: seats 0-2 hold 11 Contracts, seat 3 (a void Jester) 12."""
    state = fresh(4, seed=3)
    play_contracts(state, {0: 5, 1: 7, 2: 9, 3: "J"})
    assert step(state) == L.PICK_TILE and state[L.ROUND] == 1
    assert [bin(int(h)).count("1") for h in state[L.HAND:L.HAND + 4]] == [11, 11, 11, 12]
    return state


def test_a_hand_emptied_mid_game_is_refused():
    state = _round_one_picks()
    SPEC.check_state(state)
    state[L.HAND + 2] = 0
    with pytest.raises(ValueError, match="hand: more Contracts gone"):
        SPEC.check_state(state)


@pytest.mark.parametrize("seat", range(3))
def test_one_card_more_gone_than_rounds_begun_is_refused(seat):
    state = _round_one_picks()
    hand = int(state[L.HAND + seat])
    state[L.HAND + seat] = hand & (hand - 1)  # a second Contract gone in round 1
    with pytest.raises(ValueError, match="hand: more Contracts gone"):
        SPEC.check_state(state)



def _group_of(state: np.ndarray, viewer: int, seat: int, currency: int) -> list[int]:
    """The seats `viewer` knows only in total with `seat` (its group)."""
    at = L.GROUP + viewer * L.P * 2 + currency
    groups = state[at:at + 2 * int(state[L.NUM_PLAYERS]):2]
    return [int(s) for s in np.flatnonzero(groups == groups[seat])]


def _unseen(state: np.ndarray, viewer: int, seat: int, currency: int) -> int:
    return int(state[L.UNSEEN + (viewer * L.P + seat) * 2 + currency])


def _regroupings(state: np.ndarray):
    """While a chest is shut: (third seat v, seat q) where v knows the two parties only in
    total, the target's share all seen, and knows q exactly, q's share all seen."""
    offerer, target = int(state[L.ACT_SEAT]), int(state[L.CHEST_TARGET_SEAT])
    c = int(state[L.CHEST_CURRENCY])
    for v in sorted(set(range(5)) - {offerer, target}):
        if (_group_of(state, v, offerer, c) != sorted([offerer, target])
                or _unseen(state, v, target, c) != 0):
            continue
        for q in sorted(set(range(5)) - {offerer, target, v}):
            if _group_of(state, v, q, c) == [q] and _unseen(state, v, q, c) == 0:
                yield v, q


def test_a_shut_chest_not_linking_its_parties_is_refused():
    """A third seat knows only the two parties' total while the chest is shut (D30): the
    offerer moved into another seat's group instead, the amounts still summing, is refused."""
    env = raw_env(num_players=5)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    state = env.clone_state()
    while state[L.STEP] != L.CHEST_RESPONSE or not any(_regroupings(state)):
        env.step(int(rng.choice(env.legal_actions())))
        state = env.clone_state()
    offerer, target = int(state[L.ACT_SEAT]), int(state[L.CHEST_TARGET_SEAT])
    c = int(state[L.CHEST_CURRENCY])
    for v, q in _regroupings(state):
        bad = state.copy()
        at = L.GROUP + v * L.P * 2 + c
        bad[at + 2 * target] = target
        bad[at + 2 * offerer] = bad[at + 2 * q] = min(offerer, q)
        with pytest.raises(ValueError, match="unseen/slack/group"):
            SPEC.check_state(bad)
