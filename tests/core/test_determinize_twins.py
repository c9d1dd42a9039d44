"""`determinize` depends only on the viewer's information, for every registered game, each of
its table sizes and (Simurgh) modes: two states a seat cannot tell apart (a state met in a random
game, and another determinization of it for that seat) determinize to the same state under the
same seed. The games' own determinize facts stay in tests/<game>/test_hidden_information.py."""

import numpy as np
import pytest

from tabletop_core.games import game_module, game_spec

from .game_tables import game_tables
from .random_play import random_states


def _dragonlord_setup(state) -> bool:
    layout = game_module("simurgh").engine.layout
    return state[layout.PHASE] == layout.DRAGON_PICK


# Found by this suite (the copies it replaced sampled too few states to meet it): Simurgh's
# determinize keeps another seat's hidden Dragonlord setup pick as an index (SETUP_PICK) into
# that seat's redealt and re-sorted dragons, so that what it gives depends on the index that
# seat picked, which the viewer cannot see. (game, mode): (the states it concerns, what it is).
# Those states are left out of the main test and checked by the strict xfail below: once
# simurgh_env/engine/determinize.py is fixed, that test fails and the entry goes.
KNOWN_LEAKS = {
    ("simurgh", "dragonlord"): (
        _dragonlord_setup, "Simurgh's determinize keeps another seat's hidden Dragonlord setup "
                           "pick (SETUP_PICK) as an index into its redealt dragons"),
}


def _leak(game: str, options: dict):
    return KNOWN_LEAKS.get((game, options.get("mode")), (None, None))


def _mismatches(game: str, num_players: int, options: dict, known: bool) -> tuple[int, list]:
    """Over the states of five random games (those of a known leak only if `known`, else all
    others) and every seat: how many twins differ from their state, and the (state, seat)
    pairs whose twins determinize otherwise under the same seed."""
    spec = game_spec(game)
    concerned, _ = _leak(game, options)
    twins_differ = 0
    mismatches = []
    for i, state in enumerate(random_states(game, num_players, options, games=5,
                                            seed=40 + num_players, every=1)):
        if (concerned is not None and concerned(state)) != known:
            continue
        for viewer in range(num_players):
            twin = state.copy()
            spec.determinize(twin, viewer, 555 + i)  # same information, other hidden parts
            twins_differ += not np.array_equal(twin, state)
            a, b = state.copy(), twin.copy()
            spec.determinize(a, viewer, 9)
            spec.determinize(b, viewer, 9)
            if not np.array_equal(a, b):
                mismatches.append((i, viewer))
    return twins_differ, mismatches


@pytest.mark.parametrize(("game", "num_players", "options"), game_tables("mode"))
def test_determinize_depends_only_on_the_viewers_information(game, num_players, options):
    twins_differ, mismatches = _mismatches(game, num_players, options, known=False)
    assert twins_differ > 0
    assert not mismatches, f"{len(mismatches)} (state, seat) pairs differ, e.g. {mismatches[:5]}"


def _leak_cases() -> list:
    cases = []
    for case in game_tables("mode"):
        game, _, options = case.values
        concerned, what = _leak(game, options)
        if concerned is not None:
            mark = pytest.mark.xfail(raises=AssertionError, strict=True, reason=what)
            cases.append(pytest.param(*case.values, id=case.id, marks=mark))
    return cases


@pytest.mark.parametrize(("game", "num_players", "options"), _leak_cases())
def test_known_leaks_of_determinize(game, num_players, options):
    twins_differ, mismatches = _mismatches(game, num_players, options, known=True)
    assert twins_differ > 0
    assert not mismatches, f"{len(mismatches)} (state, seat) pairs differ, e.g. {mismatches[:5]}"
