"""Goofspiel's bots through its profile: the fixed bot bids the prize's value, `random` and
`ismcts` play whole legal games."""

import numpy as np

from agents.bots.heuristics.goofspiel import choose
from agents.play.records import play_game
from agents.profiles import game_profile
from goofspiel_env.engine import layout as L

from .play import new_game


def test_the_profile_names_the_fixed_bot():
    assert game_profile("goofspiel").heuristic == "agents.bots.heuristics.goofspiel:choose"


def test_the_fixed_bot_bids_the_prize_value_or_the_nearest_card():
    state = new_game(2, num_cards=6, points_order="descending")
    mask = np.ones(L.C, np.uint8)
    mask[6:] = 0
    rng = np.zeros(4, np.int32)
    assert choose(state, 0, mask, rng) == 5
    mask[5] = mask[4] = 0
    assert choose(state, 0, mask, rng) == 3
    state[L.PRIZE] = 4
    mask[:] = 0
    mask[3] = mask[5] = 1
    assert choose(state, 0, mask, rng) == 3  # a tie of distance: the lower card


def test_the_bots_play_whole_games():
    for bots in (["heuristic", "random"], ["ismcts:20", "heuristic", "random"]):
        record = play_game("goofspiel", len(bots), bots, seed=3, options={"num_cards": 6})
        assert len(record.scores) == len(bots)
        assert len(record.actions) == 5 * len(bots)
