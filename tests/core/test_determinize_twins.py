"""`determinize` depends only on the viewer's information, for every registered game, each of
its table sizes and (Simurgh) modes: two states a seat cannot tell apart (a state met in a random
game, and another determinization of it for that seat) determinize to the same state under the
same seed. The games' own determinize facts stay in tests/<game>/test_hidden_information.py.
This suite found that Simurgh's determinize kept another seat's hidden Dragonlord setup pick as
an index into that seat's redrawn dragons; the Dragonlord setup states are among those checked
here (and tests/simurgh/test_state_edges.py has a twin test of its own)."""

import numpy as np
import pytest

from tabletop_core.games import game_spec

from .game_tables import game_tables
from .random_play import random_states


def _mismatches(game: str, num_players: int, options: dict) -> tuple[int, list]:
    """Over the states of five random games and every seat: how many twins differ from their
    state, and the (state, seat) pairs whose twins determinize otherwise under the same seed."""
    spec = game_spec(game)
    twins_differ = 0
    mismatches = []
    for i, state in enumerate(random_states(game, num_players, options, games=5,
                                            seed=40 + num_players, every=1)):
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
    twins_differ, mismatches = _mismatches(game, num_players, options)
    assert twins_differ > 0
    assert not mismatches, f"{len(mismatches)} (state, seat) pairs differ, e.g. {mismatches[:5]}"
