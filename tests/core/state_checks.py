"""Shared by the saved-state tests: random games whose every state is validated, in numba."""

from __future__ import annotations

import numpy as np
from numba import njit, types

from agents.bots.policies import random_legal
from tabletop_core.rng import rng_seed
from tabletop_core.signatures import (
    CONFIG,
    CurrentPlayerFn,
    InitFn,
    LegalMaskFn,
    PlayFn,
    ValidateFn,
    engine_functions,
)
from tabletop_core.spec import GameSpec

_SIGNATURE = types.int64(
    CONFIG, types.int64, types.int64, types.int64, types.int32[::1], types.int64, types.int64,
    types.int32[:, ::1], InitFn, PlayFn, CurrentPlayerFn, LegalMaskFn, ValidateFn,
)


@njit(_SIGNATURE, cache=True)
def _validated_games(config, seed, games, max_steps, bad, num_actions, state_size, samples,
                     init, play, current_player, legal_mask, validate):
    """Play `games` random games; validate every state reached. Returns 0, or the first
    failing code (its state copied to `bad`). Fills `samples` with states spread over the
    games (for the fuzz test's starting points)."""
    state = np.zeros(state_size, np.int32)
    mask = np.zeros(num_actions, np.uint8)
    rng = np.zeros(4, np.int32)
    rng_seed(rng, 0, seed + 7)
    kept = 0
    for g in range(games):
        init(state, config, seed + g)
        steps = 0
        while True:
            code = validate(state)
            if code:
                bad[:] = state
                return code
            if kept < samples.shape[0] and rng[0] % 7 == 0:
                samples[kept] = state
                kept += 1
            if current_player(state) < 0 or steps >= max_steps:
                break
            legal_mask(state, mask)
            play(state, random_legal(mask, rng))
            steps += 1
    return 0


def validated_random_games(spec: GameSpec, config: np.ndarray, seed: int, games: int,
                           samples: int = 0, max_steps: int = 20_000):
    """(code, failing state, sampled states) after `games` random games of `config`."""
    f = engine_functions(spec)
    bad = np.zeros(spec.state_size, np.int32)
    kept = np.zeros((samples, spec.state_size), np.int32)
    code = _validated_games(config, seed, games, max_steps, bad, spec.num_actions,
                            spec.state_size, kept, f["init"], f["play"], f["current_player"],
                            f["legal_mask"], f["validate_state"])
    return int(code), bad, kept
