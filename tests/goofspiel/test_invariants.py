"""Invariants over random games of every points order, player count and imp_info: every state
valid, the prizes each dealt once, points and hands those of the bids, the returns zero-sum
(win_loss, point_difference) and the game as long as its turns."""

import numpy as np
import pytest

from goofspiel_env import SPEC
from goofspiel_env.engine import layout as L

from .play import final_scores, new_game, random_bids


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("order", ["random", "descending", "ascending"])
def test_random_games_keep_the_invariants(players, order):
    for seed in range(30):
        cards = 3 + seed % 10
        state = new_game(players, seed, num_cards=cards, points_order=order,
                         imp_info=bool(seed % 2), num_turns=-1 if seed % 3 else cards - 2)
        rng = np.random.default_rng(seed)
        decisions = 0
        while SPEC.current_player(state) >= 0:
            turn = int(state[L.TURN])
            for card in random_bids(state, rng):
                SPEC.check_state(state)
                SPEC.play(state, card)
                decisions += 1
            assert state[L.TURN] >= turn + 1
        SPEC.check_state(state)
        turns = int(state[L.NUM_TURNS])
        assert state[L.TURN] == turns
        assert sorted(state[L.PRIZES:L.PRIZES + cards].tolist()) == list(range(cards))
        prizes = state[L.PRIZES:L.PRIZES + turns]
        won = sum(int(p) + 1 for t, p in enumerate(prizes) if state[L.WINNERS + t] >= 0)
        assert state[L.POINTS:L.POINTS + players].sum() == won
        for seat in range(players):
            assert state[L.HANDS + seat * L.C:L.HANDS + seat * L.C + cards].sum() == cards - turns
        for returns in ("win_loss", "point_difference"):
            state[L.RETURNS_TYPE] = ("win_loss", "point_difference").index(returns)
            assert abs(final_scores(state)[0].sum()) < 1e-9
        forced = turns == cards  # the last turn is played at once
        assert decisions == players * (turns - forced)


def test_the_random_order_deals_every_order():
    firsts = {int(new_game(2, seed, num_cards=4)[L.PRIZE]) for seed in range(200)}
    assert firsts == {0, 1, 2, 3}
