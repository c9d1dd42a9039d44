"""Random play for the tests: the states met along games of uniformly random legal moves, on a
game's engine or through its OpenSpiel door."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from tabletop_core.games import game_spec
from tabletop_core.spec import GameSpec


def random_states(game: Any, num_players: int | None = None, options: dict | None = None, *,
                  games: int, seed: int, every: int = 3, final: bool = False,
                  per_game: int | None = None) -> Iterator:
    """States met along `games` random games, one every `every` moves from the deal on (a
    copy each; the first `per_game` of them only, if given, each game still played to its
    end), and with `final` each game's last state too. Game g is dealt with seed
    `1000 * seed + g`; one generator seeded with `seed` picks every move (uniform among the
    legal ones, in increasing order) and every chance outcome.

    `game` is a registered game's name or its GameSpec, played on the engine with
    `num_players` seats and `options` (`make_config` keywords; the others at their defaults):
    the states are int32 arrays. Or it is a loaded OpenSpiel game (tabletop_core.openspiel),
    which holds its own players and options: the states are its states, chance outcomes drawn
    after each move that waits for them."""
    if isinstance(game, str | GameSpec):
        table = _Engine(game_spec(game) if isinstance(game, str) else game, num_players,
                        options or {})
    else:
        assert num_players is None and options is None, "an OpenSpiel game holds its table"
        table = _OpenSpiel(game)
    rng = np.random.default_rng(seed)
    for g in range(games):
        state = table.deal(1000 * seed + g)
        moves = kept = 0
        while not table.over(state):
            if moves % every == 0 and (per_game is None or kept < per_game):
                yield table.copy(state)
                kept += 1
            table.play(state, int(rng.choice(table.legal(state))), rng)
            moves += 1
        if final:
            yield table.copy(state)


def play_openspiel(state, action: int, rng: np.random.Generator) -> list[int]:
    """Apply a seat's action to an OpenSpiel state, then random outcomes to the chance nodes
    it may wait for; returns those outcomes."""
    from tabletop_core.openspiel import DEAL_OUTCOMES

    state.apply_action(action)
    chance = []
    while state.is_chance_node():
        chance.append(int(rng.integers(DEAL_OUTCOMES)))
        state.apply_action(chance[-1])
    return chance


class _Engine:
    """Random play on a game's engine."""

    def __init__(self, spec: GameSpec, num_players: int, options: dict):
        self.spec = spec
        self.config = spec.make_config(num_players, **options)
        self.mask = np.zeros(spec.num_actions, np.uint8)

    def deal(self, seed: int) -> np.ndarray:
        state = np.zeros(self.spec.state_size, np.int32)
        self.spec.init(state, self.config, seed)
        return state

    def over(self, state) -> bool:
        return self.spec.current_player(state) < 0

    def legal(self, state) -> np.ndarray:
        self.spec.legal_mask(state, self.mask)
        return np.flatnonzero(self.mask)

    def play(self, state, action: int, rng) -> None:
        self.spec.play(state, action)

    @staticmethod
    def copy(state):
        return state.copy()


class _OpenSpiel:
    """Random play through an OpenSpiel game of tabletop_core.openspiel."""

    def __init__(self, game):
        self.game = game

    def deal(self, seed: int):
        from tabletop_core.openspiel import dealt_state

        return dealt_state(self.game, seed)

    @staticmethod
    def over(state) -> bool:
        return state.is_terminal()

    @staticmethod
    def legal(state) -> list[int]:
        return state.legal_actions()

    @staticmethod
    def play(state, action: int, rng) -> None:
        play_openspiel(state, action, rng)

    @staticmethod
    def copy(state):
        return state.clone()
