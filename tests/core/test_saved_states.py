"""Saved states are validated before use: every reachable state passes, corrupted ones are
refused with a ValueError naming the field, and no corruption crashes the process."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tabletop_core.games import game_module, game_names
from tests.core.fuzz_restore import variants
from tests.core.state_checks import validated_random_games

GAMES = game_names()
ROOT = Path(__file__).resolve().parents[2]
# Random games per variant: every phase of every variant is reached many times.
GAMES_PER_VARIANT = {"aquilon": 300, "dragon": 300, "goofspiel": 300, "simurgh": 40}


def module(game: str):
    return game_module(game)


@pytest.mark.parametrize("game", GAMES)
def test_every_state_of_random_games_validates(game):
    m = module(game)
    for kw in variants(m):
        config = m.raw_env(**kw).config
        code, bad, _ = validated_random_games(m.SPEC, config, 5, GAMES_PER_VARIANT[game])
        assert code == 0, f"{kw}: {m.SPEC.state_fields[code]}"


@pytest.mark.parametrize("game", GAMES)
def test_the_field_table_covers_every_slot_of_the_state(game):
    checks = module(game).engine.validate
    assert (checks.FIELD_COVERAGE > 0).all(), np.flatnonzero(checks.FIELD_COVERAGE == 0)
    assert len(set(checks.STATE_FIELDS)) == len(checks.STATE_FIELDS)


def _started(game: str, **kw):
    env = module(game).raw_env(**kw)
    env.reset(seed=3)
    for _ in range(7):
        env.step(env.legal_actions()[0])
    return env


@pytest.mark.parametrize("game", GAMES)
def test_restore_refuses_a_bad_state_and_changes_nothing(game):
    env = _started(game)
    before = env.clone_state()
    selection = env.agent_selection
    spec = env.game
    for bad, match in [
        (before.astype(np.int64), "int32 of shape"),
        (before[:-1], "int32 of shape"),
        (list(before), "numpy array"),
        (np.zeros_like(before), "num_players"),
    ]:
        with pytest.raises(ValueError, match=match):
            env.restore_state(bad)
        np.testing.assert_array_equal(env.clone_state(), before)
        assert env.agent_selection == selection
    # The crashes: a deck card and a stack top out of range.
    layout = importlib.import_module(f"{game}_env.engine.layout")
    field, extra, name = {"aquilon": ("DECK1", 40, "deck1"), "dragon": ("STACK_TOP", 0,
                                                                        "stack_tops"),
                          "goofspiel": ("PRIZE", 0, "prize"),
                          "simurgh": ("STACK_N", 0, "stack_count")}[game]
    slot = getattr(layout, field) + extra
    for value in (-7, 10_000):
        state = before.copy()
        state[slot] = value
        with pytest.raises(ValueError, match=name):
            env.restore_state(state)
        np.testing.assert_array_equal(env.clone_state(), before)
    # A state of another player count is a state of another game.
    count = spec.min_players if env.num_players != spec.min_players else spec.min_players + 1
    other = _started(game, num_players=count).clone_state()
    with pytest.raises(ValueError, match="players"):
        env.restore_state(other)
    env.restore_state(before)
    np.testing.assert_array_equal(env.clone_state(), before)


def test_a_swapped_card_breaks_conservation():
    env = _started("aquilon")
    from aquilon_env.engine import layout as L

    state = env.clone_state()
    taverns = state[L.TAVERN_CARDS:L.TAVERN_CARDS + 15]
    card = taverns[taverns >= 0][0]
    state[L.DECK1 + state[L.DECK1_POS]] = card  # one card twice, another gone
    with pytest.raises(ValueError, match="deck1"):
        env.restore_state(state)


@pytest.mark.parametrize("game", GAMES)
def test_batch_load_states_validates_each_game(game):
    m = module(game)
    batch = m.BatchEnv(num_envs=3, seed=1)
    first = batch.reset().action_mask.copy()
    states = batch.states.copy()
    batch.step(batch.sample_random_actions())
    out = batch.load_states(states)
    np.testing.assert_array_equal(out.action_mask, first)
    states[1, :] = 0
    with pytest.raises(ValueError, match="game 1"):
        batch.load_states(states)
    batch.step(batch.sample_random_actions())


@pytest.mark.parametrize("game", GAMES)
def test_thousands_of_corrupted_snapshots_never_crash(game):
    """One subprocess per game: a segfault is an exit code, not a dead test session."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}
    done = subprocess.run(
        [sys.executable, "-m", "tests.core.fuzz_restore", game, "3000", "17"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=900,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    refused = int(done.stdout.split(":")[1].split()[0])
    assert 1000 < refused < 3000, done.stdout  # most are refused, some pass and are played on
