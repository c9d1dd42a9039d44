"""Texts at the end of the game (issue 51): Svara's power as the engine plays it in the last
turn of Era 2 (the last card, face down: rulebook p. 14), and the turn counter once the last
turn is over (the token removals) never beyond the Era's turns."""

import re

from aquilon_env import text as T
from aquilon_env.engine import layout as L

from .scenario import (
    COGNAR,
    F,
    S,
    W,
    actor,
    army,
    bid_all,
    do,
    dwarf,
    dwarves,
    fresh,
    give_cognar,
    give_dwarf,
    phase,
    pick,
    play_first_legal,
    set_ranks,
    set_taverns,
)

SHIELDS = dwarves(S)
FORGE_CARD = dwarf(F, 2, rune=1)
SVARA = L.A_RECRUIT + COGNAR["Svara"]
BIDS = [(5, 4, 3), (4, 3, 2), (3, 2, 4)]


def svara_to_recruit(last_turn: bool):
    """3 Lords; Lord 0 completes a line and may recruit Svara, in the last turn of Era 2 (one
    Era 2 card left, as the deck sizes leave it) or in the first turn of Era 1."""
    state = fresh(3)
    if last_turn:
        state[L.ERA] = 2
        state[L.TURN] = state[L.TURNS] - 1
        state[L.DECK2_POS] = state[L.DECK2_LEN] - 1
    set_ranks(state, 0, (1, 1, 1, 0, 1))
    set_taverns(state, [FORGE_CARD, *SHIELDS[:2]], SHIELDS[2:5], SHIELDS[5:8])
    bid_all(state, *BIDS)
    pick(state, FORGE_CARD)
    assert phase(state) == L.RECRUIT and actor(state) == 0
    return state


def test_svara_in_the_last_turn_of_era_2_is_told_as_the_engine_plays_her():
    state = svara_to_recruit(last_turn=True)
    last = int(state[L.DECK2 + state[L.DECK2_POS]])
    words = T.action_to_string(state, SVARA)
    assert "top 5" not in words and "take one" not in words, words
    assert "last Era 2 card face down" in words, words
    supply = T.render_text(state, 0)
    assert "top 5" not in supply and "last Era 2 card face down" in supply
    do(state, SVARA)  # no look, no choice: the last card joins the army
    assert army(state, 0) == [FORGE_CARD, last] and phase(state) == L.PICK


def test_svara_before_the_last_turn_still_looks_at_five_cards():
    state = svara_to_recruit(last_turn=False)
    assert "look at the top 5 Era 2 cards and take one" in T.action_to_string(state, SVARA)
    do(state, SVARA)
    assert phase(state) == L.SVARA and int(state[L.SVARA_COUNT]) == 5


def turn_counts(text: str) -> list[tuple[int, int]]:
    return [(int(a), int(b)) for a, b in re.findall(r"turn (\d+) of (\d+)", text)]


def test_the_turn_counter_stays_within_the_eras_turns_during_the_token_removals():
    """After the last turn of Era 2 the engine's turn counter equals the number of turns; the
    Lords removing Pariah tokens then read no 'turn 5 of 4'."""
    state = fresh(2)
    state[L.ERA] = 2
    state[L.TURN] = state[L.TURNS] - 1
    set_taverns(state, SHIELDS[:3], SHIELDS[3:6], SHIELDS[6:9])
    give_dwarf(state, 0, dwarf(W, 9, nth=0), dwarf(W, 9, nth=1))  # a Pariah token
    give_cognar(state, 0, "Oosram")  # removes it at the end
    bid_all(state, (5, 4, 3), (4, 3, 2))
    play_first_legal(state, until=lambda s: s[L.PHASE] == L.TOKENS)
    assert phase(state) == L.TOKENS and actor(state) == 0
    turns = int(state[L.TURNS])
    for viewer in (T.PUBLIC, 0, 1):
        first = T.render_text(state, viewer).splitlines()[0]
        assert all(a <= b == turns for a, b in turn_counts(first)), first
        assert f"after its last turn ({turns} of {turns})" in first, first
        assert "Pariah tokens are removed" in first and "is resolved" not in first, first
    assert T.render_text(state, 0).splitlines()[0].endswith("you to act")
    assert T.render_text(state, 1).splitlines()[0].endswith("Lord 0 to act")
