"""Texts (issue 10): each is written for a viewer and tells nothing it may not know; a person
can play from them."""

import pytest

from simurgh_env import text as T
from simurgh_env.engine import layout as L

from .scenario import city, do, fresh, hand, legal


def _hand_line(text: str, seat: int) -> str:
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(f"Player {seat}"))
    return lines[at + 1]


@pytest.mark.parametrize("mode", ["spearman", "dragonlord"])
def test_no_text_names_a_hand_tile_its_viewer_does_not_know(mode):
    state = fresh(3, mode, seed=6)
    while state[L.PHASE] in (L.POWER_DRAFT, L.ACTION_DRAFT, L.DRAGON_PICK):
        do(state, legal(state)[0])
    for seat in range(3):
        tiles = [t - 1 for t in hand(state, seat)]
        for viewer in (T.PUBLIC, *range(3)):
            line = _hand_line(T.render_text(state, viewer), seat)
            for tile in tiles:
                known = seat == viewer or (
                    T._knows(state, L.TKNOWN, tile, viewer))
                assert (T.tile_name(tile) in line) == known, (seat, viewer, tile)
            if viewer != seat:
                assert "?" not in line


def test_other_hands_list_known_tiles_then_a_count_by_family():
    state = fresh(3, "spearman", seed=2)  # dealt face down: one tile of four families each
    for viewer in (0, T.PUBLIC):
        line = _hand_line(T.render_text(state, viewer), 1)
        assert line.split("; dragons")[0] == (
            "    hand: 4 unseen: 1 production + 1 research + 1 power + 1 exploration")
    give = hand(state, 1)[0]
    state[L.TKNOWN + give - 1] |= 1  # seat 0 has seen one of them (C26)
    line = _hand_line(T.render_text(state, 0), 1)
    assert line.startswith(f"    hand: {T.tile_name(give - 1)}, 3 unseen: ")


def test_actions_say_what_they_cost_and_give_and_the_board_its_bonuses():
    state = fresh(3, "spearman", seed=1)
    assert T.action_to_string(state, city("Forge")) == (
        "place a spearman on Forge: pay 1 wood + 1 stone -> 2 weapon")
    text = T.render_text(state, 0)
    assert "Wilds area 1 (bonus for placing a tile: 1 wood or 1 stone)" in text
    assert "Monument: 1 (1 wisdom, 1 PP)" in text
    own = [t - 1 for t in hand(state, 0)]
    for tile in own:
        assert T.tile_text(tile) in text
    assert "most ability markers on dragons of type 0/6: 8/4/3 PP" in T.objective_text(0)
    with pytest.raises(ValueError, match="not legal now"):
        T.action_to_string(state, L.A_END_TURN + 1)
