"""Random games against the independent reference model (reference.Ledger): every decision's
seat and legal actions, every Gold and Knight, Building, tucked Contract and tile, and the
final scores, compared after every action."""

import numpy as np
import pytest

from dragon_env import data as D
from dragon_env import engine as E
from dragon_env.engine import layout as L

from .reference import Ledger, check_invariants, reference_score


def cautious(legal, rng, state):
    """Random, except for low Contracts and small amounts: games then last longer and reach
    every end of D50."""
    step = state[L.STEP]
    if step == L.CHOOSE_CONTRACT and rng.random() < 0.9:
        values = sorted(legal, key=lambda a: (D.CONTRACTS[a].value or 17, a))
        return values[int(rng.integers(min(3, len(values))))]
    if step in (L.CHEST_AMOUNT, L.BID_AMOUNT) and rng.random() < 0.7:
        return L.A_DIGIT
    return int(rng.choice(legal))


def replay(num_players, seed, policy):
    rng = np.random.default_rng(seed)
    state = np.zeros(E.STATE_SIZE, np.int32)
    E.init(state, np.array([num_players, -1], np.int32), seed)
    ledger = Ledger(state)
    game = ledger.play()
    decision = next(game)
    mask = np.zeros(E.NUM_ACTIONS, np.uint8)
    steps = 0
    while True:
        E.legal_mask(state, mask)
        legal = [int(a) for a in np.flatnonzero(mask)]
        assert E.current_player(state) == decision.seat, (seed, steps)
        assert set(legal) == decision.legal, (seed, steps, state[L.STEP])
        action = policy(legal, rng, state)
        E.play(state, action)
        steps += 1
        try:
            decision = game.send(action)
        except StopIteration:
            break
        ledger.assert_matches(state)
    assert E.current_player(state) == -1 and ledger.over
    ledger.assert_matches(state)
    check_invariants(state)
    scores = np.zeros(num_players)
    keys = np.zeros(num_players, np.int64)
    E.final_scores(state, scores, keys)
    assert list(scores) == reference_score(ledger.blds, ledger.bankrupt)
    for seat in range(num_players):
        gold, knights = ledger.hold[seat]
        assert keys[seat] == (int(scores[seat]) << 22) + (knights << 11) + gold
    return ledger


@pytest.mark.parametrize("num_players", [3, 4, 5])
def test_random_games_agree_with_the_reference(num_players):
    ends = set()
    for game in range(120):
        policy = cautious if game % 2 else (lambda legal, rng, state: int(rng.choice(legal)))
        ledger = replay(num_players, 7000 * num_players + game, policy)
        if any(ledger.bankrupt):
            ends.add("bankrupt")
        elif any(sum(b) >= 10 for b in ledger.blds):
            ends.add("ten buildings")
        else:
            ends.add("stacks empty")
    assert ends == {"bankrupt", "ten buildings", "stacks empty"}  # every end of D50
