"""Every state `check_state` accepts is playable (issue 51): states met in random games of every
configuration, corrupted an entry or two at a time (tests/core/fuzz_restore.py's corruptions,
and single bits flipped: knowledge masks and hands are bit sets), are either refused or are
over or have a legal action, play on to the end under random play, and determinize from every
seat to states `check_state` accepts."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit, types

from agents.bots.policies import random_legal
from tabletop_core.games import game_module
from tabletop_core.rng import rng_seed
from tabletop_core.signatures import (
    STATE,
    CurrentPlayerFn,
    LegalMaskFn,
    PlayFn,
    engine_functions,
)

from ..common import random_game
from .fuzz_restore import mutate, variants
from .test_env_common import GAMES

CORRUPTIONS_PER_GAME = 80_000  # over all of a game's configurations
EVERY = 7  # moves between the states corrupted
POOL = 200  # states of each configuration to corrupt
SEEDS = 2  # determinizations of an accepted state for each seat
STUCK, UNFINISHED = -1, -2

_PLAY_OUT = types.int64(STATE, types.int64, types.int64, types.int64, PlayFn, CurrentPlayerFn,
                        LegalMaskFn)


@njit(_PLAY_OUT, cache=True)
def _play_out(state, seed, max_steps, num_actions, play, current_player, legal_mask):
    """Random legal moves from `state` to the end of its game: the moves played, STUCK if the
    seat to act had no legal action, UNFINISHED if the game was not over after `max_steps`."""
    rng = np.zeros(4, np.int32)
    rng_seed(rng, 0, seed)
    mask = np.zeros(num_actions, np.uint8)
    steps = 0
    while current_player(state) >= 0:
        if steps == max_steps:
            return UNFINISHED
        legal_mask(state, mask)
        if mask.sum() == 0:
            return STUCK
        play(state, random_legal(mask, rng))
        steps += 1
    return steps


def _states_met(spec, config, first_seed: int) -> np.ndarray:
    """At least POOL states, every EVERY-th of random games from seed `first_seed` on."""
    state = np.zeros(spec.state_size, np.int32)
    snapshots = np.zeros((1000, spec.state_size), np.int32)
    pool = []
    seed = first_seed
    while sum(map(len, pool)) < POOL:
        _, kept, ok = random_game(spec, state, config, seed, snapshots, every=EVERY)
        assert ok
        pool.append(snapshots[:kept].copy())
        seed += 1
    return np.concatenate(pool)


def _corrupt(state: np.ndarray, rows: np.ndarray, rng: np.random.Generator) -> None:
    wide = state.astype(np.int64)  # a slot at the int32 limit may be moved by one
    if rng.integers(3) == 0:
        wide[rng.integers(state.shape[0])] ^= 1 << int(rng.integers(12))
    else:
        mutate(wide, rows, rng)
    state[:] = np.clip(wide, -(2**31), 2**31 - 1)


def _fields(spec, rows: np.ndarray, before: np.ndarray, after: np.ndarray) -> str:
    """The fields of the slots that differ."""
    names = set()
    for slot in np.flatnonzero(before != after):
        names |= {spec.state_fields[r + 1] for r, (offset, count) in enumerate(rows[:, :2])
                  if offset <= slot < offset + count}
    return "/".join(sorted(names))


def _problems(spec, config, state: np.ndarray, seed: int) -> list[str]:
    """What goes wrong with an accepted `state`: its determinizations that `check_state`
    refuses, then its random play to the end."""
    problems = []
    for viewer in range(int(config[0])):
        for k in range(SEEDS):
            twin = state.copy()
            spec.determinize(twin, viewer, seed + k)
            try:
                spec.check_state(twin, config)
            except ValueError as refusal:
                problems.append(f"seat {viewer}'s determinization refused: {refusal}")
    f = engine_functions(spec)
    played = _play_out(state.copy(), seed, spec.play_max_moves, spec.num_actions, f["play"],
                       f["current_player"], f["legal_mask"])
    if played == STUCK:
        problems.append("random play reached a seat with no legal action")
    elif played == UNFINISHED:
        problems.append(f"random play did not end in {spec.play_max_moves} moves")
    return problems


@pytest.mark.parametrize("game", GAMES)
def test_every_accepted_corruption_plays_to_the_end(game):
    spec = game_module(game).SPEC
    rows = game_module(game).engine.validate.FIELD_TABLE
    configurations = variants(game_module(game))
    rng = np.random.default_rng(51)
    accepted = 0
    failures: dict[str, int] = {}
    for index, options in enumerate(configurations):
        config = spec.make_config(**options)
        pool = _states_met(spec, config, 1000 * index)
        for _ in range(-(-CORRUPTIONS_PER_GAME // len(configurations))):
            original = pool[rng.integers(len(pool))]
            corrupt = original.copy()
            for _ in range(rng.integers(1, 3)):
                _corrupt(corrupt, rows, rng)
            try:
                spec.check_state(corrupt, config)
            except ValueError:
                continue
            accepted += 1
            for problem in _problems(spec, config, corrupt, int(rng.integers(2**31))):
                key = f"{_fields(spec, rows, original, corrupt)}: {problem}"
                failures[key] = failures.get(key, 0) + 1
    # Enough accepted states for the play-out check to mean something: a game whose check
    # refuses more (Goofspiel's dense state refuses about 90%) still gives thousands.
    assert accepted > CORRUPTIONS_PER_GAME // 20
    assert not failures, f"{sum(failures.values())} problems in {accepted} accepted states: " + \
        "; ".join(f"{key} (x{count})" for key, count in sorted(failures.items()))
