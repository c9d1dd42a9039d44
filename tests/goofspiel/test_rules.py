"""Goofspiel's rules on worked examples: the highest bid alone takes the prize, a tied highest
bid discards it, the points orders, the last turn played at once, num_turns, the returns."""

import pytest

from goofspiel_env import SPEC
from goofspiel_env.engine import layout as L

from .play import bid_turn, final_scores, hand, new_game


def test_the_highest_bid_alone_takes_the_prize():
    state = new_game(3, num_cards=5, points_order="descending")
    assert state[L.PRIZE] == 4  # the prize worth 5 first
    bid_turn(state, [3, 1, 0])
    assert state[L.POINTS:L.POINTS + 3].tolist() == [5, 0, 0]
    assert state[L.WINNERS] == 0 and state[L.PRIZE] == 3
    assert hand(state, 0) == [0, 1, 2, 4]


def test_a_tied_highest_bid_discards_the_prize_even_with_a_lower_lone_bid():
    state = new_game(3, num_cards=5, points_order="ascending")
    bid_turn(state, [4, 4, 2])
    assert state[L.WINNERS] == L.DISCARDED
    assert state[L.POINTS:L.POINTS + 3].tolist() == [0, 0, 0]  # seat 2's lone bid wins nothing
    assert state[L.PRIZE] == 1


def test_the_last_card_is_played_at_once_and_the_game_ends():
    state = new_game(2, num_cards=3, points_order="descending")
    bid_turn(state, [2, 0])  # 3 to seat 0
    bid_turn(state, [0, 1])  # 2 to seat 1, then the forced turn: 1 bid 2 vs 3, seat 1 takes 1
    assert SPEC.current_player(state) == -1 and state[L.PHASE] == L.OVER
    assert state[L.BIDS + 2 * L.P:L.BIDS + 2 * L.P + 2].tolist() == [1, 2]
    assert state[L.POINTS:L.POINTS + 2].tolist() == [3, 3]
    assert final_scores(state)[0].tolist() == [0.0, 0.0]  # all tied: a draw


def test_num_turns_ends_the_game_early():
    state = new_game(2, num_cards=6, num_turns=2, points_order="descending")
    bid_turn(state, [5, 0])
    bid_turn(state, [0, 4])
    assert SPEC.current_player(state) == -1
    assert hand(state, 0) == [1, 2, 3, 4]


@pytest.mark.parametrize(("returns", "expected"), [
    ("win_loss", [1.0, -0.5, -0.5]),  # a sole winner: +1, the others share -1
    ("point_difference", [1.0, -1.0, 0.0]),
    ("total_points", [3.0, 1.0, 2.0]),
])
def test_returns_of_each_type_at_three_players(returns, expected):
    state = new_game(3, num_cards=3, points_order="descending", returns_type=returns)
    bid_turn(state, [2, 1, 0])  # prize 3 to seat 0
    bid_turn(state, [1, 0, 2])  # prize 2 to seat 2; the forced last turn: 1 to seat 1 (bid 3)
    assert state[L.POINTS:L.POINTS + 3].tolist() == [3, 1, 2]
    assert final_scores(state)[0].tolist() == expected


def test_win_loss_shares_between_tied_winners():
    state = new_game(3, num_cards=4, points_order="descending")
    bid_turn(state, [3, 3, 0])  # prize 4 discarded
    bid_turn(state, [2, 0, 1])  # prize 3 to seat 0
    bid_turn(state, [0, 1, 2])  # prize 2 to seat 2; forced: seat 2 bids 4 for the 1
    assert state[L.POINTS:L.POINTS + 3].tolist() == [3, 0, 3]
    assert final_scores(state)[0].tolist() == [0.5, -1.0, 0.5]
