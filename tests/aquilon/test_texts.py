"""Texts (issue 10): each is written for a viewer and tells nothing it may not know; a person
can play from them."""

import numpy as np
import pytest

import aquilon_env
from aquilon_env import text as T
from aquilon_env.engine import layout as L
from tests.core.random_play import random_states

from .scenario import actor, do, fresh, legal, phase


def test_ids_that_are_not_legal_now_are_refused():
    """During the first bid, Svara's ids would describe the Era 2 deck's top cards and Derdhr's
    the bidder's unrevealed slots: no description exists for them."""
    state = fresh(3, seed=4)
    for action in [*range(L.A_SVARA, L.A_SVARA + 5), *range(L.A_DERDHR, L.A_DERDHR + 5),
                   L.A_PICK, L.NUM_ACTIONS, -1]:
        for describe in (T.action_to_string, T.public_action_to_string):
            with pytest.raises(ValueError, match="not legal now") as error:
                describe(state, action)
            assert "\n" not in str(error.value)
    with pytest.raises(ValueError, match="integer"):
        T.action_to_string(state, True)
    env = aquilon_env.raw_env(num_players=3)
    env.reset(seed=4)
    with pytest.raises(ValueError, match="not legal now"):
        env.action_to_string(L.A_SVARA)


def test_a_bid_changes_no_text_another_lord_reads():
    state = fresh(3, seed=2)
    do(state, legal(state)[7])  # Lord 0 has bid; Lord 1 is asked
    seen = {v: set() for v in (T.PUBLIC, 0, 2)}
    for bid in legal(state):
        after = state.copy()
        do(after, bid)
        for viewer in seen:
            seen[viewer].add(T.render_text(after, viewer))
    assert all(len(texts) == 1 for texts in seen.values())
    assert T.public_action_to_string(state, legal(state)[3]) == "places a bid"
    assert "asked for your bid" in T.render_text(state, 1)
    assert "Lord 1" not in T.render_text(state, 2).splitlines()[0]  # who bids is not told


def test_a_lord_sees_its_own_talions_and_svaras_cards():
    for state in random_states("aquilon", 3, games=60, seed=31, every=1):
        if phase(state) == L.SVARA:
            break
    else:
        pytest.fail("no Svara decision met")
    looker = actor(state)
    cards = [T.describe_card(int(state[L.DECK2 + state[L.DECK2_POS] + k]))
             for k in range(int(state[L.SVARA_COUNT]))]
    mine = T.render_text(state, looker)
    assert "Svara shows you: " + "; ".join(cards) in mine
    other = (looker + 1) % 3
    for viewer in (other, T.PUBLIC):
        text = T.render_text(state, viewer)
        assert "Svara shows you" not in text and f"Lord {looker} looks at the top" in text
    own = next(line for line in mine.splitlines() if line.startswith("    talions")
               and mine.splitlines()[mine.splitlines().index(line) - 1].startswith(
                   f"Lord {looker} (you)"))
    assert "?" not in own


def test_the_table_shows_what_a_lord_plays_from():
    for state in random_states("aquilon", 3, games=3, seed=12, every=7):
        if state[L.ERA] == 2 and phase(state) == L.PICK:
            break
    text = T.render_text(state, 0)
    for words in ("Temple", "P ", "Occult", "different runes", "Cognars available",
                  "Elite Cognars, in holder order", "b bronze, g gold, x the 3 - Exchange",
                  "Pariah tokens left"):
        assert words in text, words
    order = [T.ELITES[int(e)].name for e in state[L.ELITE_HOLDER:L.ELITE_HOLDER + 5]]
    listed = text[text.index("in holder order"):]
    assert [listed.index(f". {name} (") for name in order] == sorted(
        listed.index(f". {name} (") for name in order)


def test_a_finished_game_says_so_and_shows_no_turn_past_the_last():
    env = aquilon_env.raw_env(num_players=2, render_mode="ansi")
    env.reset(seed=5)
    rng = np.random.default_rng(0)
    while env.legal_actions():
        env.step(int(rng.choice(env.legal_actions())))
    text = env.render()
    assert "Game over" in text and "every holding shown" in text
    assert "turn 5" not in text and "Final Bravery Values" in text
