"""Saving and loading states: round trips, and damaged or foreign strings that must raise
ValueError and never crash the process."""

import base64
import pickle
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from .common import NAMES, SMALL, config_id, dealt, pyspiel

pytestmark = pytest.mark.frameworks
ROOT = Path(__file__).parent.parent.parent


def midgame(game, deal=3, moves=15):  # within Goofspiel's 24 decisions
    state = dealt(game, deal)
    rng = np.random.default_rng(deal)
    for _ in range(moves):
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("config", SMALL, ids=config_id)
def test_round_trips_continue_identically(config):
    game = pyspiel.load_game(*config)
    state = midgame(game)
    state.information_state_string(0)  # some entries written, some still pending
    state.apply_action(state.legal_actions()[0])
    copies = [game.deserialize_state(state.serialize()), pickle.loads(pickle.dumps(state)),
              pyspiel.deserialize_game_and_state(
                  pyspiel.serialize_game_and_state(game, state))[1]]
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        action = int(rng.choice(state.legal_actions()))
        for s in (state, *copies):
            s.apply_action(action)
    for copy in copies:
        assert str(copy) == str(state) and copy.history() == state.history()
        assert copy.returns() == state.returns()
        for seat in range(game.num_players()):
            assert copy.information_state_string(seat) == state.information_state_string(seat)


@pytest.mark.parametrize("drawn", [0, 3])
def test_a_state_in_the_deal_round_trips(drawn):
    game = pyspiel.load_game("python_dragon")
    state = game.new_initial_state()
    for outcome in range(drawn):
        state.apply_action(outcome + 7)
    again = game.deserialize_state(state.serialize())
    for s in (state, again):
        for outcome in range(drawn, 8):
            s.apply_action(outcome + 7)
    np.testing.assert_array_equal(again.engine_state(), state.engine_state())


def test_a_bad_deal_is_refused_even_with_a_valid_checksum():
    game = pyspiel.load_game("python_dragon")
    state = game.new_initial_state()
    state.apply_action(1)
    state._record.chance = [1, 256]
    head, _ = _attributes(state.serialize())
    with pytest.raises(ValueError, match="bad chance outcomes"):
        game.deserialize_state(_with_attributes(head, pickle.dumps({"_record": state._record})))


def test_a_resampled_state_round_trips():
    game = pyspiel.load_game("python_aquilon", {"players": 3})
    other = midgame(game).resample_from_infostate(1, lambda: 0.25)
    again = game.deserialize_state(other.serialize())
    assert [again.information_state_string(s) for s in range(3)] == [
        other.information_state_string(s) for s in range(3)]


def _attributes(text):
    head, _, b64 = text.rpartition("__dict__=")
    return head, base64.b64decode(b64)


def _with_attributes(head, raw):
    return head + "__dict__=" + base64.b64encode(raw).decode()


@pytest.mark.parametrize("make_bad, message", [
    (lambda text: text[: len(text) // 2], "bad serialized state"),
    (lambda text: text.replace("move_number=", "move_count="), "bad move number"),
    (lambda text: "", "three lines"),
    (lambda text: text.replace("history=", "history=x:y,"), "bad history"),
    (lambda text: _with_attributes(_attributes(text)[0], pickle.dumps({"_record": 1})),
     "no state record"),
    (lambda text: _with_attributes(_attributes(text)[0], pickle.dumps(np.zeros(3))),
     "refers to"),
])
def test_damaged_strings_raise_value_error(make_bad, message):
    game = pyspiel.load_game("python_dragon")
    text = midgame(game).serialize()
    with pytest.raises(ValueError, match=message):
        game.deserialize_state(make_bad(text))


def test_a_changed_byte_is_caught_by_the_checksum():
    game = pyspiel.load_game("python_simurgh")
    head, raw = _attributes(midgame(game).serialize())
    marker = raw.index(b"state") + 40  # inside the engine snapshot's bytes
    raw = raw[:marker] + bytes([raw[marker] ^ 0x5A]) + raw[marker + 1:]
    with pytest.raises(ValueError, match="checksum"):
        game.deserialize_state(_with_attributes(head, raw))


def test_a_state_of_another_game_is_refused():
    text = midgame(pyspiel.load_game("python_aquilon", {"players": 3})).serialize()
    with pytest.raises(ValueError, match="another game"):
        pyspiel.load_game("python_aquilon", {"players": 4}).deserialize_state(text)


def test_thousands_of_corruptions_never_crash():
    """Random truncations, byte flips and splices of serialized states, through both the
    checked Python entry point and OpenSpiel's own C++ one, in a child process: each raises
    (ValueError, or SpielError from OpenSpiel's parser) and the process exits cleanly."""
    script = textwrap.dedent("""
        import base64, sys, numpy as np, pyspiel
        from tabletop_core.openspiel import dealt_state
        errors = {}
        rng = np.random.default_rng(0)
        for name in sys.argv[1:]:
            game = pyspiel.load_game(name)
            state = dealt_state(game, 11)
            for _ in range(20):  # within Goofspiel's 24 decisions
                state.apply_action(int(rng.choice(state.legal_actions())))
            text = state.serialize()
            head, _, b64 = text.rpartition("__dict__=")
            raw = bytearray(base64.b64decode(b64))
            for trial in range(400):
                bad = bytearray(raw)
                kind = trial % 3
                if kind == 0:
                    bad = bad[: int(rng.integers(len(bad)))]
                elif kind == 1:
                    for _ in range(int(rng.integers(1, 4))):
                        bad[int(rng.integers(len(bad)))] ^= int(rng.integers(1, 256))
                else:
                    i, j = sorted(rng.integers(len(bad), size=2))
                    bad = bad[:i] + bad[j:]
                bad_text = head + "__dict__=" + base64.b64encode(bytes(bad)).decode()
                for load in (game.deserialize_state,
                             lambda t: pyspiel.deserialize_game_and_state(
                                 pyspiel.serialize_game_and_state(game, state)
                                 .replace(text, t))):
                    try:
                        load(bad_text)
                    except Exception as error:  # what is raised is counted below
                        errors[type(error).__name__] = errors.get(type(error).__name__, 0) + 1
                    else:
                        errors["accepted"] = errors.get("accepted", 0) + 1
        print(sorted(errors.items()))
    """)
    done = subprocess.run([sys.executable, "-c", script, *NAMES], capture_output=True, text=True,
                          cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
                          timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    counts = dict(eval(done.stdout.strip().splitlines()[-1]))
    assert "accepted" not in counts
    # The checked entry point answers every corruption with ValueError.
    assert counts.get("ValueError", 0) >= 400 * len(NAMES)


def test_an_impossible_engine_state_is_refused_even_with_a_valid_checksum():
    """A crafted record (its checksum recomputed) holding a state no game can reach is
    refused by the game's validator before the engine ever sees it."""
    game = pyspiel.load_game("python_aquilon", {"players": 3})
    state = midgame(game)
    record = state._record
    record.state = np.full_like(record.state, 99)
    head, _ = _attributes(state.serialize())
    text = _with_attributes(head, pickle.dumps({"_record": record}))
    with pytest.raises(ValueError, match="invalid state"):
        game.deserialize_state(text)
