"""Driving Goofspiel's engine in the tests: a fresh game of some options, a turn's bids."""

from __future__ import annotations

import numpy as np

from goofspiel_env import SPEC
from goofspiel_env.engine import layout as L


def new_game(num_players: int = 2, seed: int = 0, **options) -> np.ndarray:
    """A game dealt with `options` (make_config's) from `seed`."""
    state = np.zeros(SPEC.state_size, np.int32)
    SPEC.init(state, SPEC.make_config(num_players, **options), seed)
    return state


def hand(state: np.ndarray, seat: int) -> list[int]:
    """The cards `seat` holds."""
    return [c for c in range(int(state[L.NUM_CARDS])) if state[L.HANDS + seat * L.C + c]]


def bid_turn(state: np.ndarray, bids: list[int]) -> None:
    """Every seat bids its card of `bids`, in seat order (the turn then resolves)."""
    for seat, card in enumerate(bids):
        assert SPEC.current_player(state) == seat
        SPEC.play(state, card)


def random_bids(state: np.ndarray, rng: np.random.Generator) -> list[int]:
    """A random legal bid of every seat."""
    return [int(rng.choice(hand(state, seat))) for seat in range(int(state[L.NUM_PLAYERS]))]


def final_scores(state: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(scores, keys) of a finished game."""
    n = int(state[L.NUM_PLAYERS])
    scores, keys = np.zeros(n), np.zeros(n, np.int64)
    SPEC.final_scores(state, scores, keys)
    return scores, keys
