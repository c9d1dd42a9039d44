"""Goofspiel's returns equal those of OpenSpiel's built-in `goofspiel` on the same bids: each
game is played in both, OpenSpiel's chance nodes (random points order) dealt the prize the
engine dealt."""

import numpy as np
import pytest

from goofspiel_env.engine import layout as L

from .play import bid_turn, final_scores, new_game, random_bids

pyspiel = pytest.importorskip("pyspiel")

CASES = [
    (players, cards, order, returns)
    for players, cards in ((2, 4), (2, 6), (2, 13), (3, 4), (3, 7), (4, 5))
    for order in ("descending", "ascending", "random")
    for returns in ("win_loss", "point_difference", "total_points")
]


def _play_both(players, cards, order, returns, seed, num_turns=-1):
    options = dict(num_cards=cards, points_order=order, returns_type=returns,
                   num_turns=num_turns)
    state = new_game(players, seed, **options)
    game = pyspiel.load_game("goofspiel", {"players": players, **options})
    spiel = game.new_initial_state()
    rng = np.random.default_rng(seed)
    while not spiel.is_terminal():
        if spiel.is_chance_node():
            spiel.apply_action(int(state[L.PRIZE]))
            continue
        assert state[L.ACTOR] == 0
        assert spiel.observation_string(0).count(f"Current point card: {state[L.PRIZE] + 1}") \
            or order == "random"
        bids = random_bids(state, rng)
        for seat in range(players):
            assert sorted(spiel.legal_actions(seat)) == [
                c for c in range(cards) if state[L.HANDS + seat * L.C + c]]
        spiel.apply_actions(bids)
        bid_turn(state, bids)
    assert state[L.ACTOR] == -1
    return final_scores(state)[0], np.array(spiel.returns())


@pytest.mark.parametrize(("players", "cards", "order", "returns"), CASES)
def test_returns_equal_openspiel(players, cards, order, returns):
    for seed in range(40):
        ours, theirs = _play_both(players, cards, order, returns, seed)
        assert ours.tolist() == theirs.tolist(), seed


@pytest.mark.parametrize("num_turns", [1, 2, 4])
def test_returns_equal_openspiel_with_fewer_turns(num_turns):
    """OpenSpiel never ends a game of num_turns = num_cards - 1 (its last-turn shortcut skips
    the end); other turn counts agree."""
    for seed in range(20):
        ours, theirs = _play_both(3, 6, "random", "win_loss", seed, num_turns)
        assert ours.tolist() == theirs.tolist(), seed
