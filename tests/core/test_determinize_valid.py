"""`determinize` gives only states the rules can reach (issue 22): in random games of every
configuration, every seat's determinizations of the states met every few moves, under many
seeds, are accepted by the game's own `check_state`. That they keep the viewer's observation
and legal actions is the twin tests' part (tests/*/test_hidden_information.py); that they
depend on the viewer's information only, tests/core/test_determinize_twins.py's."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from tabletop_core.games import game_module

from ..common import random_game
from .fuzz_restore import variants
from .test_env_common import GAMES

CALLS_PER_GAME = 10_000  # over all of a game's configurations
EVERY = 5  # moves between the states determinized
SEEDS = 3  # determinizations of each state for each seat


def _cases() -> Iterator:
    for game in GAMES:
        configurations = variants(game_module(game))
        for index, options in enumerate(configurations):
            words = [f"{options['num_players']}p"] + [
                str(v) for k, v in options.items() if k != "num_players"]
            # Other games for each configuration: those differing in length only would
            # otherwise begin alike.
            yield pytest.param(game, options, -(-CALLS_PER_GAME // len(configurations)),
                               1000 * index, id="-".join([game, *words]))


def _refusals(spec, config, state: np.ndarray, first_seed: int) -> Iterator[str]:
    """What `check_state` says of each seat's determinizations of `state` (SEEDS of them, seeds
    from `first_seed` on), for each one it refuses."""
    seed = first_seed
    for viewer in range(int(config[0])):
        for _ in range(SEEDS):
            twin = state.copy()
            spec.determinize(twin, viewer, seed)
            try:
                spec.check_state(twin, config)
            except ValueError as refusal:
                yield f"seat {viewer}, seed {seed}: {refusal}"
            seed += 1


@pytest.mark.parametrize(("game", "options", "calls", "first_game"), list(_cases()))
def test_determinized_states_pass_check_state(game, options, calls, first_game):
    spec = game_module(game).SPEC
    config = spec.make_config(**options)
    state = np.zeros(spec.state_size, np.int32)
    snapshots = np.zeros((1000, spec.state_size), np.int32)
    made = 0
    refused = []
    game_seed = first_game
    while made < calls:
        _, kept, ok = random_game(spec, state, config, game_seed, snapshots, every=EVERY)
        assert ok
        for k, snapshot in enumerate(snapshots[:kept]):
            if spec.current_player(snapshot) < 0:
                continue
            refused += [f"game {game_seed}, move {EVERY * (k + 1)}, {refusal}"
                        for refusal in _refusals(spec, config, snapshot, made)]
            made += SEEDS * int(config[0])
        game_seed += 1
    assert not refused, f"{len(refused)} of {made} refused, e.g. " + "; ".join(refused[:3])
