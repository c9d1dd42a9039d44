"""Texts (issue 51): an exploration tile discarded unseen is 'an exploration tile', not
'a exploration tile'."""

from simurgh_env import text as T
from simurgh_env.engine import layout as L

from .scenario import city, do, give_tile, phase, quiet

EXPLORATION = 37  # tiles #37-48 are the exploration family


def test_a_hidden_exploration_tile_discarded_takes_an():
    state = quiet(3)
    for number in (1, 2, 3, 4, 5, EXPLORATION):
        give_tile(state, 0, number)
    do(state, city("Armory"), L.A_END_TURN)
    assert phase(state) == "discard"
    words = T.public_action_to_string(state, L.A_DISCARD_TOP + EXPLORATION - 1)
    assert words == "discards an exploration tile on top of the action stack", words
    words = T.public_action_to_string(state, L.A_DISCARD_BOTTOM + 0)
    assert words == "discards a production tile under the action stack", words
