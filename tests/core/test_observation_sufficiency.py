"""Sufficiency twins: a seat's observation says everything its texts and action ids mean.

The leak twin tests (tests/text_twins.py) check one direction: two states that differ only in
what a seat may not know give it the same observation and texts. This checks the other: two
valid states that the seat can tell apart must give it different observations. The twins are
states next to a reachable one: two entries of one field of the state (a row of the game's
validation table: a buffer of offered items, the talion kinds, a deck...) swapped, kept when
the game's own `check_state` accepts the result. Whenever a twin gives a seat the same
observation (and, for the seat to act, the same mask), the seat's table text and the
descriptions of its legal actions must be the same too: otherwise the tensor-based doors (and
the policies trained on them) would choose blindly where the texts tell the choices apart.
"""

from __future__ import annotations

import importlib

import numpy as np
import pytest

from tests.text_twins import CASES, TextCase, sample_states, seat_texts

SWAPS_PER_FIELD = 6
STATES_PER_CASE = 60


def _fields(case: TextCase) -> list[tuple[int, int]]:
    """(offset, count) of every field of the game's validation table with two slots or more."""
    table = importlib.import_module(f"{case.package}.engine.validate").FIELD_TABLE
    return [(int(offset), int(count)) for offset, count, *_ in table if count >= 2]


def _view(spec, state: np.ndarray, seat: int) -> bytes:
    out = np.zeros(spec.obs_size, np.float32)
    spec.observe(state, seat, out)
    return out.tobytes()


def _mask(spec, state: np.ndarray) -> bytes:
    mask = np.zeros(spec.num_actions, np.uint8)
    spec.legal_mask(state, mask)
    return mask.tobytes()


def _valid(spec, state: np.ndarray) -> bool:
    try:
        spec.check_state(state)
    except ValueError:
        return False
    return True


def _twins(spec, state: np.ndarray, fields, rng: np.random.Generator):
    """Valid states that differ from `state` by a swap of two unequal entries of one field."""
    for offset, count in fields:
        for _ in range(SWAPS_PER_FIELD):
            i, j = offset + rng.choice(count, size=2, replace=False)
            if state[i] == state[j]:
                continue
            twin = state.copy()
            twin[i], twin[j] = state[j], state[i]
            if _valid(spec, twin):
                yield twin


@pytest.mark.parametrize("case", CASES, ids=str)
def test_what_a_seat_can_tell_apart_its_observation_tells_apart(case: TextCase):
    spec = case.spec()
    fields = _fields(case)
    rng = np.random.default_rng(5)
    counts = {"twins": 0, "compared": 0}
    for k, state in enumerate(sample_states(case, games=12, seed=41, per_phase=2)):
        if k >= STATES_PER_CASE:
            break
        actor = spec.current_player(state)
        views = {seat: _view(spec, state, seat) for seat in range(case.num_players)}
        for twin in _twins(spec, state, fields, rng):
            counts["twins"] += 1
            if spec.current_player(twin) != actor or _mask(spec, twin) != _mask(spec, state):
                continue  # who acts, and what it may do, are shown apart from the tensor
            for seat, view in views.items():
                if _view(spec, twin, seat) != view:
                    continue
                counts["compared"] += 1
                want, got = seat_texts(spec, state, seat), seat_texts(spec, twin, seat)
                for key in want:
                    assert got[key] == want[key], (
                        f"{case} state {k}, seat {seat}: the observation is the same but "
                        f"{key} differs:\n{want[key]}\n---\n{got[key]}")
    assert counts["twins"] > 100 and counts["compared"] > 100, counts
