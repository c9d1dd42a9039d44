"""Test helpers shared by the games' suites: a random player inside numba, AEC random play,
golden-file comparison."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import numpy as np
import pytest
from numba import njit, types

from agents.bots.policies import random_legal
from tabletop_core.rng import rng_seed
from tabletop_core.signatures import (
    CONFIG,
    STATE,
    CurrentPlayerFn,
    InitFn,
    LegalMaskFn,
    ObserveFn,
    PlayFn,
    engine_functions,
)
from tabletop_core.spec import GameSpec

_RANDOM_GAME = types.UniTuple(types.int64, 3)(
    STATE, CONFIG, types.int64, types.int32[:, ::1], types.int64, types.int64, types.int64,
    types.int64, InitFn, PlayFn, CurrentPlayerFn, LegalMaskFn, ObserveFn,
)


@njit(_RANDOM_GAME, cache=True)
def _random_game(state, config, seed, snapshots, every, max_steps, num_actions, obs_size,
                 init, play, current_player, legal_mask, observe):
    init(state, config, seed)
    rng = np.zeros(4, np.int32)
    rng_seed(rng, 0, seed + 99991)
    mask = np.zeros(num_actions, np.uint8)
    obs = np.zeros(obs_size, np.float32)
    steps = 0
    kept = 0
    while current_player(state) >= 0 and steps < max_steps:
        legal_mask(state, mask)
        if mask.sum() == 0:
            return steps, kept, 0
        for viewer in range(-1, config[0]):
            observe(state, viewer, obs)
            if obs.min() < -1.0 or obs.max() > 1.0:
                return steps, kept, 0
        play(state, random_legal(mask, rng))
        steps += 1
        if steps % every == 0 and kept < snapshots.shape[0]:
            snapshots[kept] = state
            kept += 1
    return steps, kept, 1


def random_game(game: GameSpec, state, config, seed, snapshots, every=17, max_steps=5000):
    """Play one game of uniformly random legal actions inside numba, keeping every `every`-th
    state in `snapshots`. Returns (steps, snapshots kept, ok): ok is False if a mask was empty
    or some seat's observation (or the full state view) left [-1, 1]."""
    f = engine_functions(game)
    steps, kept, ok = _random_game(
        state, config, seed, snapshots, every, max_steps, game.num_actions, game.obs_size,
        f["init"], f["play"], f["current_player"], f["legal_mask"], f["observe"],
    )
    return steps, kept, bool(ok)


def play_random(env, rng, steps=None):
    """Random legal actions through an AEC env until its game ends (or `steps` actions)."""
    taken = []
    for _agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            break
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        taken.append(action)
        env.step(action)
        if steps is not None and len(taken) >= steps:
            break
    return taken


def view_digests(env) -> str:
    """A short digest of every seat's observation, e.g. '0:1cdf5362 1:0c3d2259'."""
    return " ".join(
        f"{i}:{hashlib.sha1(env.observe(a)['observation'].tobytes()).hexdigest()[:8]}"
        for i, a in enumerate(env.possible_agents)
    )


def compare_with_golden(path: Path, text: str) -> None:
    """Assert `text` equals the golden file (written instead when GOLDEN_UPDATE is set)."""
    if os.environ.get("GOLDEN_UPDATE"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(text)
    assert path.exists(), f"missing {path.name}: run with GOLDEN_UPDATE=1 to create it"
    expected = path.read_text()
    for i, (got, want) in enumerate(zip(text.splitlines(), expected.splitlines(), strict=False)):
        assert got == want, f"{path.name} differs at line {i + 1}"
    assert text == expected


def check_batch_against_single_games(batch, engine, steps: int, reward_mode: int = 0) -> int:
    """Step a freshly built `batch` with random actions for `steps` steps next to the same games
    played one by one on `engine`; assert views, terminations and rewards agree, with finished
    games dealt again from (seed, i, episode). Return how many games finished."""
    from tabletop_core.rewards import final_rewards
    from tabletop_core.rng import derive_seed

    E, n, players, seed = engine, batch.num_envs, batch.num_players, batch.seed
    out = batch.reset()
    singles = [np.zeros(E.STATE_SIZE, np.int32) for _ in range(n)]
    episodes = [0] * n
    for i, s in enumerate(singles):
        E.init(s, batch.config, derive_seed(seed, i, 0))
    obs = np.zeros(E.OBS_SIZE, np.float32)
    mask = np.zeros(E.NUM_ACTIONS, np.uint8)
    finished = 0
    for _ in range(steps):
        for i, s in enumerate(singles):
            assert out.current_player[i] == E.current_player(s)
            E.legal_mask(s, mask)
            np.testing.assert_array_equal(out.action_mask[i], mask)
            E.observe(s, E.current_player(s), obs)
            np.testing.assert_array_equal(out.observation[i], obs)
        actions = batch.sample_random_actions()
        out = batch.step(actions)
        for i, s in enumerate(singles):
            E.play(s, int(actions[i]))
            over = E.current_player(s) < 0
            assert bool(out.terminated[i]) == over
            if over:
                scores = np.zeros(players)
                keys = np.zeros(players, np.int64)
                expected = np.zeros(players)
                E.final_scores(s, scores, keys)
                final_rewards(scores, keys, players, reward_mode, expected)
                np.testing.assert_allclose(out.rewards[i], expected, atol=1e-6)
                episodes[i] += 1
                E.init(s, batch.config, derive_seed(seed, i, episodes[i]))
                finished += 1
            else:
                assert not out.rewards[i].any()
    return finished


def _has_registry() -> bool:
    import pettingzoo

    return hasattr(pettingzoo, "aec_registry") and hasattr(pettingzoo, "register")


# PettingZoo 1.26 has no environment registry; the games then work without registration.
needs_registry = pytest.mark.skipif(not _has_registry(), reason="PettingZoo has no registry")
